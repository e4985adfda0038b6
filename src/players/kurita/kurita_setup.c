/* The chance player's parameters at a decision (jong/kurita_setup.h). */
#include <math.h>
#include <string.h>

#include "kurita_setup.h"
#include "jong/player.h"
#include "jong/riichi_score.h"

/* The riichi scoring of a win (no ura, no red fives). melds: those revealed in the search
 * (jong/kurita.h codes), declared after the hand's own; the scoring then sees an open hand (no
 * menzen tsumo, no pinfu, open han of honitsu and the like, tanyao only with kuitan). */
int jong_ku_setup_score_win(const jong_ku_setup *su, const uint8_t counts[JONG_KINDS], const uint8_t *melds,
                            int nmelds, int tile, bool tsumo, bool riichi, jong_riichi_result *r)
{
    jong_riichi_context c;
    memset(&c, 0, sizeof c);
    c.hand = su->hand;
    memcpy(c.hand.counts, counts, JONG_KINDS);
    for (int m = 0; m < nmelds; m++) {
        if (c.hand.nmelds >= JONG_MAX_MELDS)
            return JONG_ERR_ARG;
        bool chi = JONG_KU_MELD_IS_CHI(melds[m]);
        c.hand.melds[c.hand.nmelds++] = (jong_meld){chi ? JONG_MELD_CHOW : JONG_MELD_PUNG,
                                                    (uint8_t)JONG_KU_MELD_KIND(melds[m]), 0};
    }
    c.hand.counts[tile]++;
    c.win_tile = tile;
    c.tsumo = tsumo;
    c.dealer = su->dealer;
    c.seat_wind = su->seat_wind;
    c.round_wind = su->round_wind;
    c.discarder = 2;
    c.flags = riichi ? JONG_RIICHI_WIN_RIICHI : 0;
    c.ndora = su->ndora;
    memcpy(c.dora, su->dora, sizeof c.dora);
    c.honba = su->honba;
    c.sticks = su->sticks + (riichi ? 1 : 0);
    jong_error err;
    return jong_riichi_score(su->rules, &c, r, &err);
}

/* The value of a win: the seat's score change from the riichi scoring, less its own riichi stick
 * (it comes back, it is no gain). Negative: no yaku. */
double jong_ku_setup_win(const jong_ku_setup *su, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds,
                         int tile, bool tsumo, bool riichi)
{
    jong_riichi_result r;
    if (jong_ku_setup_score_win(su, counts, melds, nmelds, tile, tsumo, riichi, &r) != JONG_OK)
        return -1;
    return r.pay.deltas[0] - (riichi ? 1000 : 0);
}

static double win_value(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi)
{
    return jong_ku_setup_win(ctx, counts13, NULL, 0, tile, tsumo, riichi);
}

static double win_open_value(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds, int tile,
                             bool tsumo)
{
    return jong_ku_setup_win(ctx, counts, melds, nmelds, tile, tsumo, false);
}

/* 1 for every win the rules allow (the winning MDP's probability). */
static double unit_win(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi)
{
    return win_value(ctx, counts13, tile, tsumo, riichi) >= 0 ? 1 : -1;
}

/* Expected exhaustive-draw payments given the others' tenpai probabilities (3000 split). */
static void washout_values(const double q[3], double *tenpai, double *noten)
{
    *tenpai = *noten = 0;
    for (int mask = 0; mask < 8; mask++) {
        double pr = 1;
        int m = 0;
        for (int i = 0; i < 3; i++) {
            bool t = mask >> i & 1;
            pr *= t ? q[i] : 1 - q[i];
            m += t;
        }
        if (m < 3)
            *tenpai += pr * 3000.0 / (m + 1);
        if (m > 0)
            *noten -= pr * 3000.0 / (4 - m);
    }
}

/* What both setups share once the seat's hand, the table, the draw weights, the deal-in figures
 * and the others' tenpai probabilities q are in place. */
static void finish_setup(jong_ku_setup *su, const jong_ku_model *km, const double q[3], int wall_left, bool may_riichi)
{
    jong_ku_params *pr = &su->pr;
    int r = su->others_riichi > 2 ? 2 : su->others_riichi;
    int N = 1 + (wall_left > 0 ? wall_left : 0) / 4;
    pr->horizon = N > JONG_KU_MAX_HORIZON ? JONG_KU_MAX_HORIZON : N;
    for (int n = 1; n < JONG_KU_MAX_HORIZON; n++) {
        int t = su->turn + n - 1;
        pr->p_other[n] = km->hazard[r][t < JONG_KU_TURNS ? t : JONG_KU_TURNS - 1];
    }
    pr->r_other = km->r_other;
    washout_values(q, &pr->r_tenpai, &pr->r_noten);
    pr->wins = pr->ron = true;
    pr->riichi = may_riichi;
    pr->riichi_cost = 1000;
    pr->riichi_p_other_scale = km->riichi_scale;
    pr->win = win_value;
    pr->win_open = win_open_value;
    pr->win_ctx = su;
    su->r_lose17 = km->r_lose;
    jong_ku_setup_fold(su);
}

/* Deal-ins below this chance are left out (their hand scores are not even looked up). */
#define KU_DEAL_MIN 1e-4

void jong_ku_setup_turn(jong_ku_setup *su, const jong_oppmodel *om, const jong_ku_model *km, const jong_opp_obs *o)
{
    int N = su->pr.horizon;
    for (int i = 0; i < 3; i++) {
        int s = su->opp[i];
        for (int n = 0; n <= N; n++)
            su->q_at[i][n] = 1 - (1 - su->q[i]) * jong_ku_paper_still_noten(&km->paper, o, s, n);
        su->q_end[i] = su->q_at[i][N];
        /* the hand scores of kinds that were too unlikely now but not at the end */
        for (int k = 0; k < JONG_KINDS; k++)
            if (su->deal_p[i][k] <= 0 && su->q_end[i] * su->wait_p[i][k] >= KU_DEAL_MIN)
                su->deal_pts[i][k] = jong_opp_hand_score(om, o, s, k, false);
        for (int k = 0; k < JONG_KINDS; k++) { /* points: the loss, and the stick when p declared */
            su->deal_v[i][k] = -su->deal_pts[i][k];
            su->deal_vr[i][k] = -su->deal_pts[i][k] - su->pr.riichi_cost;
        }
    }
    washout_values(su->q_end, &su->pr.r_tenpai, &su->pr.r_noten);
    su->turn_risk = true;
    jong_ku_setup_fold(su);
}

void jong_ku_setup_layers(jong_ku_setup *su)
{
    jong_ku_params *pr = &su->pr;
    jong_ku_layer_risk *t = &su->layers;
    for (int n = 1; n < pr->horizon; n++)
        for (int k = 0; k < JONG_KINDS; k++) {
            double keep = 1, w = 0, v = 0, vr = 0;
            for (int i = 0; i < 3; i++) {
                double lp = su->q_at[i][n] * su->wait_p[i][k];
                if (lp < KU_DEAL_MIN || (su->deal_p[i][k] <= 0 && su->deal_pts[i][k] == 0))
                    continue;
                keep *= 1 - lp;
                w += lp;
                v += lp * su->deal_v[i][k];
                vr += lp * su->deal_vr[i][k];
            }
            t->p_lose[n][k] = 1 - keep;
            if (pr->riichi_payoffs) { /* rank payoffs: P_L times the mean payoff given a deal-in */
                t->lose_ev[n][k] = w > 0 ? t->p_lose[n][k] * v / w : 0;
                t->lose_ev_riichi[n][k] = w > 0 ? t->p_lose[n][k] * vr / w : 0;
            } else { /* points: as the decision's lose_ev, the sum of each seat's expected loss */
                t->lose_ev[n][k] = v;
                t->lose_ev_riichi[n][k] = vr;
            }
        }
    pr->layer_risk = t;
}

void jong_ku_setup_fold(jong_ku_setup *su)
{
    const jong_ku_params *pr = &su->pr;
    jong_ku_fold_params *fp = &su->fp;
    /* the folding MDP: the same chance player, gamma = P_O now, noten at the end */
    for (int k = 0; k < JONG_KINDS; k++) {
        fp->p_lose[k] = pr->p_lose[k];
        fp->r_lose[k] = pr->p_lose[k] > 0 ? pr->lose_ev[k] / pr->p_lose[k] : 0;
        if (fp->r_lose[k] > pr->r_other)
            fp->r_lose[k] = pr->r_other; /* the natural condition */
    }
    fp->gamma = pr->p_other[1];
    fp->r_other = pr->r_other;
    fp->r_washout = pr->r_noten;
    fp->horizon = pr->horizon;
}

/* The seat's own hand for win values: its melds kept, red fives not counted. */
static void own_hand(jong_ku_setup *su, const jong_hand *h)
{
    su->hand = *h;
    memset(su->hand.red, 0, sizeof su->hand.red);
    for (int m = 0; m < su->hand.nmelds; m++)
        su->hand.melds[m].red = 0;
}

void jong_ku_setup_from_obs(jong_ku_setup *su, const jong_oppmodel *om, const jong_ku_model *km, const jong_opp_obs *o,
                            int seat, const jong_ruleset *rs, int32_t score, const jong_ku_tenpai_table *paper)
{
    memset(su, 0, sizeof *su);
    jong_ku_params *pr = &su->pr;
    const jong_opp_seat *me = &o->seats[seat];
    su->rules = rs;
    own_hand(su, &me->hand);
    su->dealer = o->dealer == seat;
    su->seat_wind = (seat - o->dealer + 4) % 4;
    su->round_wind = o->round_wind;
    su->ndora = o->ndora > 5 ? 5 : o->ndora;
    for (int i = 0; i < su->ndora; i++)
        su->dora[i] = (uint8_t)jong_code_kind(o->dora_markers[i]);
    su->honba = o->honba;
    su->sticks = o->kyotaku;
    for (int k = 0; k < JONG_KINDS; k++) {
        int u = 4 - o->shown[k] - me->hand.counts[k];
        pr->draw_w[k] = u > 0 ? u : 0;
    }
    double q[3] = {0, 0, 0}, keep[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        keep[k] = 1;
    int qi = 0;
    for (int s = 0; s < JONG_SEATS; s++) {
        if (s == seat)
            continue;
        double pw = paper ? jong_ku_paper_p_tenpai(&km->paper, o, s) : jong_opp_p_waiting(om, o, s);
        int oi = qi;
        su->opp[oi] = s;
        q[qi++] = pw;
        if (o->seats[s].riichi)
            su->others_riichi++;
        else
            su->tenpai_sum += pw;
        double pt[JONG_KINDS];
        if (paper)
            jong_ku_paper_p_wintile(&km->paper, paper, o, s, seat, pt);
        else
            jong_opp_p_wintile(om, o, s, seat, pt);
        for (int k = 0; k < JONG_KINDS; k++) {
            double lp = pw * pt[k];
            if (!jong_opp_can_ron(o, s, k))
                continue;
            su->wait_p[oi][k] = pt[k];
            if (lp < 1e-4)
                continue;
            keep[k] *= 1 - lp;
            double pts = jong_opp_hand_score(om, o, s, k, false);
            pr->lose_ev[k] -= lp * pts;
            su->deal_p[oi][k] = lp;
            su->deal_pts[oi][k] = pts;
        }
    }
    for (int k = 0; k < JONG_KINDS; k++)
        pr->p_lose[k] = 1 - keep[k];
    memcpy(su->q, q, sizeof q);
    memcpy(su->q_end, q, sizeof q);
    su->turn = me->ndiscards;
    finish_setup(su, km, q, o->wall_left, me->nmelds == 0 && !me->riichi && score >= 1000);
}

int jong_ku_eq17_features(jong_ku_setup *su, const jong_ku_space *s, const uint8_t c14[JONG_KINDS],
                          double f[JONG_KINDS][JONG_KU_EQ17_FEATURES], double win_pts[JONG_KINDS], jong_error *err)
{
    /* the winning MDP (points, then 1 per win) and the tenpai MDP: nothing but p's own play ends
     * the hand before the wall does */
    jong_ku_params w = su->pr;
    w.layer_risk = NULL;
    memset(w.p_lose, 0, sizeof w.p_lose);
    memset(w.lose_ev, 0, sizeof w.lose_ev);
    memset(w.p_other, 0, sizeof w.p_other);
    w.r_other = w.r_tenpai = w.r_noten = 0;
    w.riichi_cost = 0;
    w.riichi_payoffs = false;
    jong_ku_result pts, prob, ten;
    int rc = jong_ku_solve(s, &w, c14, -1, &pts, err);
    jong_ku_params one = w;
    one.win = unit_win;
    one.win_ctx = su;
    if (!rc)
        rc = jong_ku_solve(s, &one, c14, -1, &prob, err);
    jong_ku_params t = w;
    t.wins = t.ron = t.riichi = false;
    t.r_tenpai = 1;
    if (!rc)
        rc = jong_ku_solve(s, &t, c14, -1, &ten, err);
    if (rc)
        return rc;
    for (int r = 0; r < s->nroots; r++) {
        int x = s->root_kind[r];
        if (x >= JONG_KINDS)
            continue;
        double pw = prob.value[x], ppts = pts.value[x];
        if (prob.value_riichi[x] > pw) /* the riichi copy may win more often */
            pw = prob.value_riichi[x];
        if (pts.value_riichi[x] > ppts)
            ppts = pts.value_riichi[x];
        uint8_t h[JONG_KINDS];
        memcpy(h, c14, sizeof h);
        h[x]--;
        jong_ku_fold_result fr;
        jong_ku_fold_solve(h, &su->fp, &fr);
        double *row = f[x];
        row[0] = 1;
        row[1] = pw;
        row[2] = ten.value[x];
        row[3] = fr.p_lose;
        row[4] = su->others_riichi;
        row[5] = su->tenpai_sum;
        row[6] = su->pr.horizon / 20.0;
        win_pts[x] = pw > 1e-9 ? ppts / pw : 0;
    }
    return JONG_OK;
}

double jong_ku_eq17_value(const jong_ku_model *km, const jong_ku_setup *su, const double *f, double win_pts)
{
    double p[JONG_KU_SCENARIOS];
    jong_ku_eq17_probs(km->eq17, f, p);
    return p[JONG_KU_WIN] * win_pts + p[JONG_KU_LOSE] * su->r_lose17 + p[JONG_KU_OTHER_WIN] * su->pr.r_other +
           p[JONG_KU_TENPAI_WASHOUT] * su->pr.r_tenpai + p[JONG_KU_NOTEN_WASHOUT] * su->pr.r_noten;
}

/* Eq. 17's softmax over the scenarios (its weights are fitted by kurita_eq17.c). */
void jong_ku_eq17_probs(const double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES], const double *f,
                        double p[JONG_KU_SCENARIOS])
{
    double z[JONG_KU_SCENARIOS], top = -INFINITY, sum = 0;
    for (int c = 0; c < JONG_KU_SCENARIOS; c++) {
        z[c] = 0;
        for (int j = 0; j < JONG_KU_EQ17_FEATURES; j++)
            z[c] += w[c][j] * f[j];
        if (z[c] > top)
            top = z[c];
    }
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        sum += p[c] = exp(z[c] - top);
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        p[c] /= sum;
}
