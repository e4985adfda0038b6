/* The evaluator's fast paths at the sse4 level (cpu.h): SSE4.2 and POPCNT (x86-64-v2),
 * used when the CPU has them and not AVX2.
 * The three eval_LEVEL.c files differ only in their level. */
#include "cpu.h"

#if JONG_CPU_DISPATCH
#include <immintrin.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "combine.h"
#include "jong/eval.h"
#include "suit_dp.h"
#include "suit_table.h"

#define JONG_LEVEL JONG_CPU_SSE4
#define JONG_SUFFIX _sse4
JONG_REGION_SSE4
#include "distance_impl.h"
#include "special_forms_impl.h"
#include "discard_eval_impl.h"
JONG_REGION_END
#else
typedef int jong_no_sse4_level; /* not x86-64: the scalar level only (a C file may not be empty) */
#endif
