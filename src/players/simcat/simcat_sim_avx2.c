/* SIMCAT's simulations at the avx2 level (core/cpu.h): AVX2, BMI1, BMI2 and POPCNT (within
 * x86-64-v3), used when the CPU has them.
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

#define JONG_LEVEL JONG_CPU_AVX2
#define JONG_SUFFIX _avx2
JONG_REGION_AVX2
#include "simcat_sim_impl.h"
JONG_REGION_END
#else
typedef int jong_no_simcat_avx2_level; /* not x86-64: the scalar level only (a C file may not be empty) */
#endif
