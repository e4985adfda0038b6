/* Build-time generator of the hand evaluator's tables (see src/core/suit_table.h for the format).
 *
 * For every count vector v of one suit (9 kinds for m/p/s with chows, 7 honor kinds without),
 * each count 0..4, indexed in base 5 (see suit_table.h for the digit order), it computes
 *   d(v, m, p) = least tiles to add so v contains m sets (+ a pair if p), no kind above 4,
 * by two passes over the lattice of count vectors:
 *   1. contains(v, m, p) from "v - some set contains m-1 sets" (increasing index order), kept
 *      as the most sets v contains, with and without a pair;
 *   2. d(v) = 0 if v contains the target, else 1 + min over kinds k with v_k < 4 of d(v + e_k)
 *      (decreasing index order). Adding one tile lowers the distance by at most one, and by
 *      exactly one for a tile that an optimal target still misses, so this is exact.
 * Entries are 64 bits: nibble m (0..5) = d(v,m,0), nibble 8+m = d(v,m,1), nibbles 6,7,14,15 =
 * 15; values saturate at 15 (the evaluator falls back to exact code whenever a sum reaches 15).
 * This is a different method from the runtime per-kind DP in src/core/suit_dp.c and from the
 * test suite's exhaustive reference, so the three check one another. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXM 5
#define INF 255

/* The number suits put kind 9 (k = 8) in the lowest base-5 digit and kinds 1..8 above it, so
 * the evaluator can form the index from byte pairs with SIMD multiply-adds (suit_table.h). */
static void gen(int nkinds, int chows, const char *path)
{
    int pow5[10], step[9];
    pow5[0] = 1;
    for (int i = 1; i < 10; i++)
        pow5[i] = pow5[i - 1] * 5;
    for (int k = 0; k < nkinds; k++)
        step[k] = chows ? pow5[(k + 1) % 9] : pow5[k];
    int n = pow5[nkinds];
    int8_t *most_np = malloc((size_t)n), *most_p = malloc((size_t)n);
    uint8_t (*d)[2][MAXM + 1] = malloc(sizeof *d * (size_t)n);
    uint64_t *out = malloc(sizeof *out * (size_t)n);
    if (!most_np || !most_p || !d || !out) {
        fprintf(stderr, "gen_tables: out of memory\n");
        exit(1);
    }

    /* Pass 1: most sets contained, without a pair (np) and with one (p; -1 = no pair at all). */
    for (int idx = 0; idx < n; idx++) {
        int v[9];
        for (int k = 0; k < nkinds; k++)
            v[k] = idx / step[k] % 5;
        int np = 0, p = -1;
        for (int k = 0; k < nkinds; k++) {
            if (v[k] >= 3) {
                int j = idx - 3 * step[k];
                if (most_np[j] + 1 > np) np = most_np[j] + 1;
                if (most_p[j] >= 0 && most_p[j] + 1 > p) p = most_p[j] + 1;
            }
            if (chows && k + 2 < nkinds && v[k] && v[k + 1] && v[k + 2]) {
                int j = idx - step[k] - step[k + 1] - step[k + 2];
                if (most_np[j] + 1 > np) np = most_np[j] + 1;
                if (most_p[j] >= 0 && most_p[j] + 1 > p) p = most_p[j] + 1;
            }
            if (v[k] >= 2) {
                int j = idx - 2 * step[k];
                if (most_np[j] > p) p = most_np[j];
            }
        }
        most_np[idx] = (int8_t)np;
        most_p[idx] = (int8_t)p;
    }

    /* Pass 2: distances, from the full vectors downwards. */
    for (int idx = n - 1; idx >= 0; idx--) {
        int v[9];
        for (int k = 0; k < nkinds; k++)
            v[k] = idx / step[k] % 5;
        for (int p = 0; p < 2; p++)
            for (int m = 0; m <= MAXM; m++) {
                int have = p ? most_p[idx] : most_np[idx];
                if (have >= m) {
                    d[idx][p][m] = 0;
                    continue;
                }
                int best = INF;
                for (int k = 0; k < nkinds; k++)
                    if (v[k] < 4 && d[idx + step[k]][p][m] < best)
                        best = d[idx + step[k]][p][m];
                d[idx][p][m] = (uint8_t)(best == INF ? INF : best + 1);
            }
    }

    for (int idx = 0; idx < n; idx++) {
        uint64_t e = 0;
        for (int nib = 0; nib < 16; nib++) {
            int m = nib & 7, p = nib >> 3;
            uint64_t val = m <= MAXM ? d[idx][p][m] : 15;
            if (val > 15)
                val = 15;
            e |= val << (4 * nib);
        }
        out[idx] = e;
    }

    FILE *f = fopen(path, "wb");
    if (!f || fwrite(out, sizeof *out, (size_t)n, f) != (size_t)n || fclose(f) != 0) {
        fprintf(stderr, "gen_tables: cannot write %s\n", path);
        exit(1);
    }
    free(most_np);
    free(most_p);
    free(d);
    free(out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_tables OUTDIR\n");
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/suit_table.bin", argv[1]);
    gen(9, 1, path);
    snprintf(path, sizeof path, "%s/honor_table.bin", argv[1]);
    gen(7, 0, path);
    return 0;
}
