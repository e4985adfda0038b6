/* Tiny-wall parameters of the kurita solver tests (support/kurita_tiny.h). */
#include "support/kurita_tiny.h"

#include <string.h>

#include "jong/eval.h"

double kt_unit(rh_rng *r) { return (double)(rh_next(r) >> 11) / 9007199254740992.0; }

double kt_win(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi)
{
    (void)ctx;
    (void)counts13;
    if (!tsumo && !riichi && tile % 3 == 0)
        return -1; /* "no yaku" */
    return 1000 + 100 * tile + (tsumo ? 500 : 0) + (riichi ? 700 : 0);
}

double kt_win_open(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds, int tile, bool tsumo)
{
    (void)ctx;
    (void)counts;
    if (tile % 2)
        return -1;
    double v = 600 + 40 * tile + (tsumo ? 300 : 0);
    for (int m = 0; m < nmelds; m++)
        v += 25 * melds[m];
    return v;
}

void kt_params(rh_rng *r, jong_ku_params *pr, int horizon, int kinds)
{
    memset(pr, 0, sizeof *pr);
    pr->horizon = horizon;
    for (int k = 0; k < kinds; k++)
        pr->draw_w[k] = 1 + (double)rh_below(r, 3);
    for (int k = 0; k < JONG_KINDS; k++) {
        pr->p_lose[k] = kt_unit(r) * 0.2;
        pr->lose_ev[k] = -pr->p_lose[k] * (2000 + 6000 * kt_unit(r));
    }
    for (int n = 0; n < JONG_KU_MAX_HORIZON; n++)
        pr->p_other[n] = kt_unit(r) * 0.15;
    pr->r_other = -400;
    pr->r_tenpai = 900;
    pr->r_noten = -700;
    pr->wins = true;
    pr->ron = true;
    pr->riichi = rh_below(r, 2) == 0;
    pr->riichi_cost = 1000;
    pr->riichi_p_other_scale = 0.6;
    pr->win = kt_win;
    pr->win_open = kt_win_open;
}

void kt_wall(rh_rng *r, jong_ku_params *pr, int kinds, uint8_t c14[JONG_KINDS], uint8_t avail[JONG_KINDS])
{
    memset(c14, 0, JONG_KINDS);
    memset(avail, 0, JONG_KINDS);
    for (int i = 0; i < 5;) {
        int k = (int)rh_below(r, (uint32_t)kinds);
        if (c14[k] < 2) {
            c14[k]++;
            i++;
        }
    }
    for (int k = 0; k < kinds; k++) {
        if (pr->draw_w[k] > 4 - c14[k])
            pr->draw_w[k] = 4 - c14[k];
        avail[k] = (uint8_t)pr->draw_w[k];
    }
}

int kt_real_case(rh_rng *r, int c, uint8_t c14[JONG_KINDS], uint8_t avail[JONG_KINDS], int *l)
{
    rh_near_complete(r, 4, 14, c14);
    for (int k = 0; k < JONG_KINDS; k++)
        avail[k] = (uint8_t)(4 - c14[k] - (rh_below(r, 6) == 0 && c14[k] < 4));
    int sh[JONG_KINDS];
    int best = jong_discard_shanten(c14, 4, sh, NULL);
    *l = best + (c % 2 == 0 && best < 2 ? 1 : 0);
    if (*l > 2)
        *l = 2;
    return best;
}
