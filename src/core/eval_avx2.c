/* The evaluator's fast paths at the avx2 level (cpu.h): AVX2, BMI1, BMI2 and POPCNT (within
 * x86-64-v3), used when the CPU has them.
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

#define JONG_LEVEL JONG_CPU_AVX2
#define JONG_SUFFIX _avx2
JONG_REGION_AVX2
#include "distance_impl.h"
#include "special_forms_impl.h"
#include "discard_eval_impl.h"
JONG_REGION_END
#else
typedef int jong_no_avx2_level; /* not x86-64: the scalar level only (a C file may not be empty) */
#endif
