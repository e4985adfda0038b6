/* Which vector fast path this CPU runs (cpu.h). */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

_Atomic int jong_cpu_now = -1;

static const char *const level_names[JONG_CPU_LEVELS] = {"scalar", "sse4", "avx2"};

const char *jong_cpu_level_name(int level)
{
    return level >= 0 && level < JONG_CPU_LEVELS ? level_names[level] : "?";
}

int jong_cpu_supported(void)
{
#if JONG_CPU_DISPATCH
    /* libgcc's constructor fills the feature bits; calling it again is harmless and makes the
     * answer right even when the library is used from another constructor. */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("sse4.2") || !__builtin_cpu_supports("popcnt"))
        return JONG_CPU_SCALAR;
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi") || !__builtin_cpu_supports("bmi2"))
        return JONG_CPU_SSE4;
    return JONG_CPU_AVX2;
#else
    return JONG_CPU_SCALAR;
#endif
}

int jong_cpu_detect(void)
{
    int level = jong_cpu_supported();
    const char *cap = getenv("JONG_CPU");
    if (cap)
        for (int l = 0; l < level; l++)
            if (strcmp(cap, level_names[l]) == 0)
                level = l;
    atomic_store_explicit(&jong_cpu_now, level, memory_order_relaxed);
    return level;
}

int jong_cpu_set_level(int level)
{
    int best = jong_cpu_supported();
    if (level < 0)
        level = 0;
    if (level > best)
        level = best;
    atomic_store_explicit(&jong_cpu_now, level, memory_order_relaxed);
    return level;
}
