/* Seeded randomness. Every random choice in Jong comes from a jong_rng seeded from the run's seed
 * through jong_seed_mix, so a result depends only on the seeds, never on threads or the clock. */
#ifndef JONG_RNG_H
#define JONG_RNG_H

#include <stdint.h>

typedef struct { uint64_t s[4]; } jong_rng; /* xoshiro256** */

/* A well-mixed 64-bit value from a seed and one more number (splitmix64 finaliser). */
static inline uint64_t jong_seed_mix(uint64_t seed, uint64_t x)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (x + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline void jong_rng_seed(jong_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = jong_seed_mix(seed, (uint64_t)i);
}

static inline uint64_t jong_rng_next(jong_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, result = ((x << 7) | (x >> 57)) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform in [0, n), n >= 1, without modulo bias (rejection on the top of the range). */
static inline uint32_t jong_rng_below(jong_rng *r, uint32_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = jong_rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % n);
}

/* Uniform double in [0, 1). */
static inline double jong_rng_double(jong_rng *r)
{
    return (double)(jong_rng_next(r) >> 11) * 0x1.0p-53;
}

#endif
