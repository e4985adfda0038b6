/* Internal: the vector fast paths chosen at run time by the CPU's features.
 *
 * The library is compiled for the baseline of its architecture (no -march=native), so one
 * build runs on every x86-64 CPU. The hot code (the evaluator's table combination, the
 * incremental discard evaluation, SIMCAT's simulations) is compiled three times, once per
 * level below, and each public entry point calls the best level the CPU supports:
 *   JONG_CPU_SCALAR  plain C: any CPU, and the only level on other architectures;
 *   JONG_CPU_SSE4    SSE4.2 and POPCNT (x86-64-v2: Intel Nehalem and AMD Bulldozer on);
 *   JONG_CPU_AVX2    AVX2, BMI1, BMI2 and POPCNT (within x86-64-v3: Intel Haswell and AMD Zen on).
 * Every level gives the same results (tests/test_eval.c compares them).
 *
 * A level's code lives in an "impl" header (no include guard) that a file includes once per
 * level after defining JONG_LEVEL (0, 1, 2) and JONG_SUFFIX (_scalar, _sse4, _avx2), between
 * JONG_TARGET_BEGIN and JONG_TARGET_END; JONG_V(name) is name with that suffix. The levels
 * above scalar are compiled on x86-64 with GCC or clang only (JONG_CPU_DISPATCH).
 *
 * The environment variable JONG_CPU=scalar|sse4|avx2, read once, lowers the level (to compare
 * the paths); it never raises it above what the CPU has, and other values are ignored. */
#ifndef JONG_CPU_H
#define JONG_CPU_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define JONG_CPU_DISPATCH 1
#else
#define JONG_CPU_DISPATCH 0
#endif

/* macros rather than an enum: a level's code tests JONG_LEVEL with #if */
#define JONG_CPU_SCALAR 0
#define JONG_CPU_SSE4 1
#define JONG_CPU_AVX2 2
#define JONG_CPU_LEVELS 3

#include <stdatomic.h>

#if defined(__GNUC__) || defined(__clang__)
#define JONG_INTERNAL __attribute__((visibility("hidden")))
#else
#define JONG_INTERNAL
#endif

/* The level in use, -1 before it is known; read through jong_cpu_level(). */
extern JONG_INTERNAL _Atomic int jong_cpu_now;
/* Finds the level (CPU features, then JONG_CPU), stores it in jong_cpu_now and returns it. */
JONG_INTERNAL int jong_cpu_detect(void);

/* The level in use: the best the CPU supports (or JONG_CPU's), found on the first call. */
static inline int jong_cpu_level(void)
{
    int level = atomic_load_explicit(&jong_cpu_now, memory_order_relaxed);
    return level >= 0 ? level : jong_cpu_detect();
}
/* The best level this CPU supports, whatever JONG_CPU or jong_cpu_set_level say. */
int jong_cpu_supported(void);
/* For tests and benchmarks: use `level` from now on (capped at jong_cpu_supported()); returns
 * the level now in use. Not meant to be called while other threads evaluate hands. */
int jong_cpu_set_level(int level);
/* "scalar", "sse4", "avx2"; "?" out of range. */
const char *jong_cpu_level_name(int level);

#define JONG_CAT_(a, b) a##b
#define JONG_CAT(a, b) JONG_CAT_(a, b)
#define JONG_V(name) JONG_CAT(name, JONG_SUFFIX)

/* The target features of each level, for __attribute__((target(...))) and the regions below. */
#define JONG_SSE4_FEATURES "sse4.2,popcnt"
#define JONG_AVX2_FEATURES "avx2,bmi,bmi2,popcnt"

#if JONG_CPU_DISPATCH
#define JONG_TARGET_SSE4 __attribute__((target(JONG_SSE4_FEATURES)))
#define JONG_TARGET_AVX2 __attribute__((target(JONG_AVX2_FEATURES)))
#if defined(__clang__)
#define JONG_REGION_SSE4 _Pragma("clang attribute push (__attribute__((target(\"sse4.2,popcnt\"))), apply_to = function)")
#define JONG_REGION_AVX2 _Pragma("clang attribute push (__attribute__((target(\"avx2,bmi,bmi2,popcnt\"))), apply_to = function)")
#define JONG_REGION_END _Pragma("clang attribute pop")
#else
#define JONG_REGION_SSE4 _Pragma("GCC push_options") _Pragma("GCC target(\"sse4.2,popcnt\")")
#define JONG_REGION_AVX2 _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,bmi,bmi2,popcnt\")")
#define JONG_REGION_END _Pragma("GCC pop_options")
#endif
#endif

/* Calls the level in use of a function defined in the three levels (f_scalar, f_sse4, f_avx2). */
#if JONG_CPU_DISPATCH
#define JONG_DISPATCH(f, args)                                                                     \
    do {                                                                                           \
        switch (jong_cpu_level()) {                                                                \
        case JONG_CPU_AVX2: return f##_avx2 args;                                                  \
        case JONG_CPU_SSE4: return f##_sse4 args;                                                  \
        default: return f##_scalar args;                                                           \
        }                                                                                          \
    } while (0)
#define JONG_DISPATCH_VOID(f, args)                                                                \
    do {                                                                                           \
        switch (jong_cpu_level()) {                                                                \
        case JONG_CPU_AVX2: f##_avx2 args; return;                                                 \
        case JONG_CPU_SSE4: f##_sse4 args; return;                                                 \
        default: f##_scalar args; return;                                                          \
        }                                                                                          \
    } while (0)
#else
#define JONG_DISPATCH(f, args) return f##_scalar args
#define JONG_DISPATCH_VOID(f, args) f##_scalar args
#endif

#endif
