/* Rank payoffs of the kurita MDPs' terminals (jong/kurita_payoff.h). Each terminal is a way the
 * hand ends: the score changes of all four seats, whether the dealer keeps the deal, and the
 * sticks left; jong_ku_end_payoff values it (the exact end of the game, or the regression at the
 * next hand's start). */
#include <math.h>
#include <string.h>

#include "engine/game_riichi.h"
#include "kurita_payoff.h"

int jong_ku_payoff_mode_of(const char *s)
{
    return !strcmp(s, "points") ? JONG_KU_PAYOFF_POINTS
           : !strcmp(s, "rank") ? JONG_KU_PAYOFF_RANK
           : !strcmp(s, "result") ? JONG_KU_PAYOFF_RESULT
                                  : -1;
}

void jong_ku_situation_of_view(const jong_view *v, const jong_ruleset *rs, jong_ku_situation *out)
{
    memcpy(out->scores, v->scores, sizeof out->scores);
    /* a view without scores (a hand typed for jong analyze) stands for an even game */
    if (!v->scores[0] && !v->scores[1] && !v->scores[2] && !v->scores[3])
        for (int s = 0; s < 4; s++)
            out->scores[s] = rs->start_score;
    out->kyoku = v->round_wind * 4 + v->dealer;
    out->honba = v->streak;
    out->sticks = v->kyotaku;
    out->tonpuu = rs->tonpuu;
}

static int dealer_of(const jong_ku_payoff *pay) { return pay->now.kyoku % 4; }

/* The payoff of ending e, from the situation now with p's riichi stick on the table or not. */
static double end_value(const jong_ku_payoff *pay, jong_ku_hand_end *e, bool riichi)
{
    jong_ku_situation now = pay->now;
    if (riichi)
        now.scores[pay->seat] -= 1000;
    return jong_ku_end_payoff(pay->rules, pay->km->rank_w, &now, pay->seat, e, pay->mode) + JONG_KU_PAYOFF_SHIFT;
}

/* p wins: it takes the scoring's total (its own riichi stick among the sticks, the stick it paid
 * being taken off its score by end_value); payers by the scoring's parts. */
static double win_payoff(const jong_ku_payoff *pay, const jong_riichi_result *r, bool tsumo, bool riichi)
{
    int p = pay->seat, dealer = dealer_of(pay);
    int32_t gain = r->pay.deltas[0];
    jong_ku_hand_end e;
    memset(&e, 0, sizeof e);
    e.dealer_keeps = p == dealer;
    if (tsumo) {
        for (int o = 0; o < 4; o++)
            if (o != p)
                e.deltas[o] = -((o == dealer ? r->pay.tsumo_dealer : r->pay.tsumo_other) + r->pay.honba_each);
        e.deltas[p] = gain;
        return end_value(pay, &e, riichi);
    }
    double v = 0;
    for (int o = 0; o < 4; o++) {
        if (o == p || pay->ron_w[o] <= 0)
            continue;
        memset(e.deltas, 0, sizeof e.deltas);
        e.deltas[o] = -(r->pay.ron + r->pay.honba_each);
        e.deltas[p] = gain;
        v += pay->ron_w[o] * end_value(pay, &e, riichi);
    }
    return v;
}

double jong_ku_payoff_win_direct(const jong_ku_setup *su, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo,
                                 bool riichi)
{
    jong_riichi_result r;
    if (jong_ku_setup_score_win(su, counts13, NULL, 0, tile, tsumo, riichi, &r) != JONG_OK)
        return -1;
    return win_payoff(su->pay, &r, tsumo, riichi);
}

/* The MDP's win callbacks: the score, then the payoff by gain from the table (a gain fixes the
 * payments, whatever the hand). */
static double win_lookup_melds(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds, int tile,
                               bool tsumo, bool riichi)
{
    const jong_ku_setup *su = ctx;
    jong_ku_payoff *pay = su->pay;
    jong_riichi_result r;
    if (jong_ku_setup_score_win(su, counts, melds, nmelds, tile, tsumo, riichi, &r) != JONG_OK)
        return -1;
    int32_t gain = r.pay.deltas[0] - (riichi ? 1000 : 0);
    int i = gain / 100;
    pay->lookups++;
    if (gain < 0 || gain % 100 || i >= JONG_KU_PAYOFF_STEPS)
        return win_payoff(pay, &r, tsumo, riichi);
    double *slot = &pay->table[tsumo][riichi][i];
    if (isnan(*slot)) {
        *slot = win_payoff(pay, &r, tsumo, riichi);
        pay->fills++;
    }
    return *slot;
}

static double win_lookup(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi)
{
    return win_lookup_melds(ctx, counts13, NULL, 0, tile, tsumo, riichi);
}

static double win_open_lookup(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds, int tile,
                              bool tsumo)
{
    return win_lookup_melds(ctx, counts, melds, nmelds, tile, tsumo, false);
}

/* Another seat w wins `points` (before honba and sticks) from payer `from` (-1: tsumo). */
static double other_win(const jong_ku_payoff *pay, int w, int from, int points, bool riichi)
{
    int dealer = dealer_of(pay);
    jong_ku_hand_end e;
    memset(&e, 0, sizeof e);
    e.dealer_keeps = w == dealer;
    int bonus = 1000 * (pay->now.sticks + riichi);
    if (from >= 0) {
        int pts = points + 300 * pay->now.honba;
        e.deltas[from] = -pts;
        e.deltas[w] = pts + bonus;
    } else {
        int got = bonus;
        for (int o = 0; o < 4; o++) {
            if (o == w)
                continue;
            /* a dealer's tsumo: a third from each; else half from the dealer, a quarter from the others */
            double share = w == dealer ? points / 3.0 : o == dealer ? points / 2.0 : points / 4.0;
            int pay_o = (int)ceil(share / 100 - 1e-9) * 100 + 100 * pay->now.honba;
            e.deltas[o] = -pay_o;
            got += pay_o;
        }
        e.deltas[w] = got;
    }
    return end_value(pay, &e, riichi);
}

/* R_O: the winner among the others by their tenpai chances (all alike when none is), tsumo at
 * the records' share, else a ron from one of the two seats other than p and the winner. */
static double other_win_payoff(const jong_ku_payoff *pay, const jong_ku_setup *su, bool riichi)
{
    double qs = su->q[0] + su->q[1] + su->q[2], v = 0, ts = pay->km->tsumo_share;
    for (int i = 0; i < 3; i++) {
        int w = su->opp[i];
        double pw = qs > 1e-9 ? su->q[i] / qs : 1.0 / 3;
        if (pw <= 0)
            continue;
        int points = (int)(pay->km->win_points[w == dealer_of(pay)] / 100 + 0.5) * 100;
        double x = ts * other_win(pay, w, -1, points, riichi);
        for (int j = 0; j < 3; j++)
            if (j != i)
                x += (1 - ts) / 2 * other_win(pay, w, su->opp[j], points, riichi);
        v += pw * x;
    }
    return v;
}

/* p deals in to opponent i: it wins `points` (rounded to 100) plus honba and the sticks. */
static double deal_in(const jong_ku_payoff *pay, const jong_ku_setup *su, int i, double points, bool riichi)
{
    return other_win(pay, su->opp[i], pay->seat, (int)(points / 100 + 0.5) * 100, riichi);
}

/* A washout with p tenpai or not: over the others' tenpai when the wall runs out, independent
 * with chances q_end. */
static double washout_payoff(const jong_ku_payoff *pay, const jong_ku_setup *su, bool p_tenpai, bool riichi)
{
    int dealer = dealer_of(pay);
    double v = 0;
    for (int mask = 0; mask < 8; mask++) {
        double pr = 1;
        unsigned bits = p_tenpai ? 1u << pay->seat : 0;
        for (int i = 0; i < 3; i++) {
            bool t = mask >> i & 1;
            pr *= t ? su->q_end[i] : 1 - su->q_end[i];
            if (t)
                bits |= 1u << su->opp[i];
        }
        if (pr <= 0)
            continue;
        jong_ku_hand_end e;
        memset(&e, 0, sizeof e);
        riichi_tenpai_payments(bits, e.deltas);
        e.dealer_keeps = bits >> dealer & 1;
        e.drawn = true;
        e.sticks_left = pay->now.sticks + riichi;
        v += pr * end_value(pay, &e, riichi);
    }
    return v;
}

void jong_ku_setup_payoff(jong_ku_setup *su, jong_ku_payoff *pay, const jong_ku_model *km, const jong_ruleset *rs,
                          const jong_ku_situation *now, int seat, int mode)
{
    su->pay = NULL;
    if (mode != JONG_KU_PAYOFF_RANK && mode != JONG_KU_PAYOFF_RESULT)
        return;
    pay->rules = rs;
    pay->km = km;
    pay->now = *now;
    pay->seat = seat;
    pay->mode = mode;
    pay->lookups = pay->fills = 0;
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 2; r++)
            for (int i = 0; i < JONG_KU_PAYOFF_STEPS; i++)
                pay->table[t][r][i] = NAN;
    /* the payer of p's ron: tenpai seats push, so they deal in more often than folding ones */
    double sum = 0;
    memset(pay->ron_w, 0, sizeof pay->ron_w);
    for (int i = 0; i < 3; i++)
        sum += pay->ron_w[su->opp[i]] = 1 + su->q[i];
    for (int o = 0; o < 4; o++)
        pay->ron_w[o] /= sum;
    su->pay = pay;
    jong_ku_params *pr = &su->pr;
    pr->r_tenpai = washout_payoff(pay, su, true, false);
    pr->r_noten = washout_payoff(pay, su, false, false);
    pr->r_other = other_win_payoff(pay, su, false);
    pr->r_tenpai_riichi = washout_payoff(pay, su, true, true);
    pr->r_other_riichi = other_win_payoff(pay, su, true);
    pr->riichi_payoffs = true;
    for (int k = 0; k < JONG_KINDS; k++) {
        double w = 0, v = 0, vr = 0;
        for (int i = 0; i < 3; i++) {
            double lp = su->deal_p[i][k];
            if (lp <= 0)
                continue;
            w += lp;
            v += lp * deal_in(pay, su, i, su->deal_pts[i][k], false);
            vr += lp * deal_in(pay, su, i, su->deal_pts[i][k], true);
        }
        /* P_L(x) times the payoff given a deal-in: every terminal carries the shift alike */
        pr->lose_ev[k] = w > 0 ? pr->p_lose[k] * v / w : 0;
        pr->lose_ev_riichi[k] = w > 0 ? pr->p_lose[k] * vr / w : 0;
    }
    for (int i = 0; su->turn_risk && i < 3; i++) /* the later layers' deal-ins (jong_ku_setup_layers) */
        for (int k = 0; k < JONG_KINDS; k++)
            if (su->deal_pts[i][k] > 0) {
                su->deal_v[i][k] = deal_in(pay, su, i, su->deal_pts[i][k], false);
                su->deal_vr[i][k] = deal_in(pay, su, i, su->deal_pts[i][k], true);
            }
    double l17 = 0;
    for (int i = 0; i < 3; i++)
        l17 += deal_in(pay, su, i, -km->r_lose, false) / 3;
    su->r_lose17 = l17;
    pr->win = win_lookup;
    if (pr->win_open)
        pr->win_open = win_open_lookup;
    pr->win_ctx = su;
    jong_ku_setup_fold(su);
}
