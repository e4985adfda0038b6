/* The evaluator's fast paths at the scalar level (cpu.h): plain C, for every CPU and the only
 * level off x86-64.
 * The three eval_LEVEL.c files differ only in their level. */
#include "cpu.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "combine.h"
#include "jong/eval.h"
#include "suit_dp.h"
#include "suit_table.h"

#define JONG_LEVEL JONG_CPU_SCALAR
#define JONG_SUFFIX _scalar
#include "distance_impl.h"
#include "special_forms_impl.h"
#include "discard_eval_impl.h"
