/* Two runs of the arena paired game by game (jong_arena_compare in jong/arena.h): player A of
 * one run against player A of the other, where everything else about the runs is the same. The
 * games are the sampling units as in a run's own summary, so the intervals are the same
 * linearised t intervals (jong_ratio_ci, jong_ratio_diff_ci). */
#include <stdlib.h>
#include <string.h>

#include "arena_internal.h"
#include "jong/arena.h"

int jong_arena_compare(const jong_arena_results *first, const jong_arena_results *second, jong_arena_comparison *out,
                       jong_error *err)
{
    memset(out, 0, sizeof *out);
    out->first = first->cfg;
    out->second = second->cfg;
    /* the same run but for player A and the number of games */
    jong_arena_config like = second->cfg;
    memcpy(like.players[0], first->cfg.players[0], sizeof like.players[0]);
    like.games = first->cfg.games;
    char why[160];
    if (!jong_arena_config_same(&first->cfg, &like, why, sizeof why))
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "the runs differ in more than player A (%s), so their games are not the same games", why);
    int sp[JONG_ARENA_MAX_SEATINGS][4];
    jong_arena_seatings(first->cfg.mode, first->cfg.nplayers, sp);
    int games = first->cfg.games < second->cfg.games ? first->cfg.games : second->cfg.games;
    size_t cap = (size_t)(games > 0 ? games : 1);
    double *buf = malloc(sizeof(double) * 4 * JONG_M_COUNT * cap);
    if (!buf)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory for %d games", games);
    /* per metric: numerators and denominators of the first run, then of the second */
    double *col[4][JONG_M_COUNT];
    for (int j = 0; j < 4; j++)
        for (int m = 0; m < JONG_M_COUNT; m++)
            col[j][m] = buf + ((size_t)j * JONG_M_COUNT + (size_t)m) * cap;
    int n = 0;
    for (int g = 0; g < games; g++) {
        if (!first->done[g] || !second->done[g])
            continue;
        game_values v1, v2;
        jong_arena_game_values(first, sp, g, 1u, &v1);
        jong_arena_game_values(second, sp, g, 1u, &v2);
        for (int m = 0; m < JONG_M_COUNT; m++) {
            col[0][m][n] = v1.num[m];
            col[1][m][n] = v1.den[m];
            col[2][m][n] = v2.num[m];
            col[3][m][n] = v2.den[m];
        }
        n++;
    }
    out->games = n;
    for (int m = 0; m < JONG_M_COUNT; m++) {
        jong_ratio_ci(col[0][m], col[1][m], n, &out->a1[m]);
        jong_ratio_ci(col[2][m], col[3][m], n, &out->a2[m]);
        jong_arena_clamp_ci(&out->a1[m], m);
        jong_arena_clamp_ci(&out->a2[m], m);
        jong_ratio_diff_ci(col[0][m], col[1][m], col[2][m], col[3][m], n, &out->diff[m]);
    }
    free(buf);
    return JONG_OK;
}
