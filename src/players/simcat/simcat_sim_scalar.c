/* SIMCAT's simulations at the scalar level (core/cpu.h): plain C, for every CPU and the only
 * level off x86-64.
 * The three simcat_sim_LEVEL.c files differ only in their level. */
#include "core/cpu.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/combine.h"
#include "jong/eval.h"
#include "simcat_sim_levels.h"

#define JONG_LEVEL JONG_CPU_SCALAR
#define JONG_SUFFIX _scalar
#include "simcat_sim_impl.h"
