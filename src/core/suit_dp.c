/* Exact per-suit distances by a left-to-right DP over kinds (see suit_dp.h).
 *
 * The target is built kind by kind. A chow that starts at kind i also needs kinds i+1 and i+2,
 * so the state carries how many chows still need the current kind (started two kinds back: a,
 * one kind back: b), the sets placed so far and whether the pair is placed. At kind i the
 * target holds a + b + (new chows) + 3*(pung) + 2*(pair) copies, at most lim[i]; the cost is
 * what the hand lacks of it. */
#include "suit_dp.h"

#include <string.h>

#include "jong/eval.h"

const uint8_t jong_full_limit[34] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
                                     4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};

#define CELLS (2 * (JONG_DP_MAXSETS + 1)) /* (sets, pair) flattened as 2 * sets + pair */

typedef uint8_t dp_layer[5][5][CELLS]; /* [a][b][cell] */

void jong_suit_dp(const uint8_t *v, const uint8_t *lim, int n, bool chows, int maxsets,
                  uint8_t out[2][JONG_DP_MAXSETS + 1])
{
    jong_suit_dp_blocks(v, lim, n, chows, true, maxsets, out);
}

void jong_suit_dp_blocks(const uint8_t *v, const uint8_t *lim, int n, bool chows, bool pongs, int maxsets,
                         uint8_t out[2][JONG_DP_MAXSETS + 1])
{
    dp_layer cur, next;
    uint8_t live[5][5]; /* whether cur[a][b] holds any finite cell: most (a, b) never do */
    int cells = 2 * (maxsets + 1);
    memset(cur, JONG_DP_INF, sizeof cur);
    memset(live, 0, sizeof live);
    cur[0][0][0] = 0;
    live[0][0] = 1;
    for (int i = 0; i < n; i++) {
        uint8_t next_live[5][5];
        memset(next, JONG_DP_INF, sizeof next);
        memset(next_live, 0, sizeof next_live);
        int max_new = (chows && i + 2 < n) ? 4 : 0;
        for (int a = 0; a <= 4; a++)
            for (int b = 0; a + b <= 4; b++) {
                if (!live[a][b])
                    continue;
                const uint8_t *src = cur[a][b];
                for (int c = 0; c <= max_new && a + b + c <= lim[i]; c++)
                    for (int k = 0; k <= (int)pongs; k++)
                        for (int q = 0; q <= 1; q++) {
                            int t = a + b + c + 3 * k + 2 * q;
                            if (t > lim[i])
                                continue;
                            int lack = t > v[i] ? t - v[i] : 0;
                            int shift = 2 * (c + k) + q; /* sets gained, pair gained */
                            uint8_t *dst = next[b][c];
                            for (int cell = 0; cell + shift < cells; cell++) {
                                if (q && (cell & 1)) /* a second pair */
                                    continue;
                                int val = src[cell] + lack;
                                if (val < dst[cell + shift])
                                    dst[cell + shift] = (uint8_t)(val > JONG_DP_INF ? JONG_DP_INF : val);
                            }
                            next_live[b][c] = 1;
                        }
            }
        memcpy(cur, next, sizeof cur);
        memcpy(live, next_live, sizeof live);
    }
    for (int p = 0; p < 2; p++)
        for (int m = 0; m <= JONG_DP_MAXSETS; m++)
            out[p][m] = m <= maxsets ? cur[0][0][2 * m + p] : JONG_DP_INF;
}

void jong_dist_combine(const uint8_t a[2][JONG_DP_MAXSETS + 1], const uint8_t b[2][JONG_DP_MAXSETS + 1],
                       int maxsets, uint8_t out[2][JONG_DP_MAXSETS + 1])
{
    uint8_t r[2][JONG_DP_MAXSETS + 1];
    memset(r, JONG_DP_INF, sizeof r);
    for (int i = 0; i <= maxsets; i++)
        for (int j = 0; i + j <= maxsets; j++) {
            int np = a[0][i] + b[0][j];
            int p = a[0][i] + b[1][j];
            int p2 = a[1][i] + b[0][j];
            if (p2 < p) p = p2;
            if (np < r[0][i + j]) r[0][i + j] = (uint8_t)(np > JONG_DP_INF ? JONG_DP_INF : np);
            if (p < r[1][i + j]) r[1][i + j] = (uint8_t)(p > JONG_DP_INF ? JONG_DP_INF : p);
        }
    memcpy(out, r, sizeof r);
}

void jong_hand_dp(const uint8_t counts[34], const uint8_t limit[34], int maxsets,
                  uint8_t out[2][JONG_DP_MAXSETS + 1])
{
    uint8_t acc[2][JONG_DP_MAXSETS + 1], part[2][JONG_DP_MAXSETS + 1];
    jong_suit_dp(counts, limit, 9, true, maxsets, acc);
    for (int s = 1; s < 4; s++) {
        jong_suit_dp(counts + 9 * s, limit + 9 * s, s < 3 ? 9 : 7, s < 3, maxsets, part);
        jong_dist_combine(acc, part, maxsets, acc);
    }
    memcpy(out, acc, sizeof acc);
}

int jong_dp_distance(const uint8_t counts[34], int sets, const uint8_t limit[34])
{
    uint8_t d[2][JONG_DP_MAXSETS + 1];
    jong_hand_dp(counts, limit, sets, d);
    return d[1][sets] >= JONG_DP_INF ? JONG_UNDEFINED : d[1][sets];
}
