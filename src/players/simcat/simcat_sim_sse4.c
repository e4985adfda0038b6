/* SIMCAT's simulations at the sse4 level (core/cpu.h): SSE4.2 and POPCNT (x86-64-v2), used
 * when the CPU has them and not AVX2.
 * The three simcat_sim_LEVEL.c files differ only in their level. */
#include "core/cpu.h"

#if JONG_CPU_DISPATCH
#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/combine.h"
#include "jong/eval.h"
#include "simcat_sim_levels.h"

#define JONG_LEVEL JONG_CPU_SSE4
#define JONG_SUFFIX _sse4
JONG_REGION_SSE4
#include "simcat_sim_impl.h"
JONG_REGION_END
#else
typedef int jong_no_simcat_sse4_level; /* not x86-64: the scalar level only (a C file may not be empty) */
#endif
