/* The `kurita` player (riichi): Kurita and Hoki's MDP abstraction (jong/kurita.h). At a discard
 * with shanten <= `mdp` (3) it builds the reduced hand set (l by shanten, or the option), solves
 * the inclusive-policy MDP by retrograde analysis and plays the discard (with or without riichi)
 * of the highest value (Eq. 16 as rebuilt: M6 of docs/experiments/kurita.md; eq17=on: Eq. 17 at
 * shanten 2-3); with fold=on each discard may also be valued as the first step of the folding
 * MDP, whichever is higher. Above that shanten the paper's rule: fold by the folding MDP's order
 * when another player is in riichi, else discard an isolated tile. Wins are always taken, kans
 * never; calls only with k >= 1: offers valued by the MDP (claim_choice), whose searches may
 * themselves reveal up to k melds (jong_ku_space_add_calls). The chance player's parameters: deal-in probability and loss of
 * each kind from the opponent models (jong/oppmodel.h), the others' tenpai probability for the
 * washout payments, and P_O, R_O and the riichi folding factor from models/kurita.jlm. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "kurita.h"
#include "kurita_model.h"
#include "kurita_payoff.h"
#include "kurita_setup.h"
#include "players/mizukami/mizukami.h"
#include "jong/player.h"

typedef struct {
    int l;              /* path bound, -1 = by shanten */
    int l_plus;         /* with l by shanten: that many exchanges of slack more (l=auto+N) */
    int mdp_shanten;    /* largest shanten searched with the MDP */
    int k;              /* melds the search may reveal; >= 1: chi and pon offers valued (claim_choice); 0: never call */
    int max_hands;      /* cap on the reduced set */
    int64_t time_ms;    /* per decision: a smaller l when the clock says the budget is short */
    bool fold;
    bool eq17;          /* Eq. 17 at shanten 2-3 instead of the inclusive MDP */
    bool paper;         /* params=paper: the others' tenpai and deal-in chances by the paper's forms */
    bool risk_turn;     /* risk=turn: the others' tenpai and deal-in chances rise with the search's turn */
    int payoff;         /* jong_ku_payoff_mode: the MDPs' terminal values (points, rank, result) */
    jong_ku_payoff *pay; /* the rank payoffs' tables of the current decision */
    jong_ku_tenpai_table tables[3]; /* with params=paper: tenpai hands of 1, 4, 7 concealed tiles */
    jong_oppmodel om;
    jong_linmodel policy;
    jong_ku_model km;
    jong_opp_obs obs;
    bool obs_ok;
    jong_ku_info last;
    bool valued[JONG_KINDS]; /* the last decision's values of each discard (by the MDP) */
    double value[JONG_KINDS];
} ku_state;

static bool obs_matches(const ku_state *st, const jong_view *v) { return jong_opp_obs_matches(&st->obs, st->obs_ok, v); }

/* After jong_ku_setup_from_obs(o): risk=turn's rising tenpai chances; payoff=rank|result: the
 * terminals of the decision's MDPs become expected rank payoffs; then risk=turn's tables. */
static void finish_setup(ku_state *st, jong_ku_setup *su, const jong_decision *d, const jong_opp_obs *o)
{
    if (st->risk_turn)
        jong_ku_setup_turn(su, &st->om, &st->km, o);
    jong_ku_situation now;
    jong_ku_situation_of_view(d->view, d->rules, &now);
    jong_ku_setup_payoff(su, st->pay, &st->km, d->rules, &now, d->view->seat, st->payoff);
    if (st->risk_turn)
        jong_ku_setup_layers(su);
    su->pr.stop = d->stop; /* a stopped solve falls back to the rule-based choice */
}

/* Default path bound by shanten (measured with `jong bench kurita`, docs/experiments/kurita.md):
 * two exchanges of slack when tenpai, one at shanten 1-2, none at 3 (slack 1 there takes the
 * set to the 50,000-hand cap and about half a second). */
static int auto_l(int shanten) { return shanten + (shanten == 0 ? 2 : shanten <= 2 ? 1 : 0); }

/* The path bound of a hand at this shanten: the option l (never below the shanten), or auto_l's
 * plus the option's extra slack. */
static int path_bound(const ku_state *st, int shanten)
{
    if (st->l >= 0)
        return st->l > shanten ? st->l : shanten;
    return auto_l(shanten) + st->l_plus;
}

/* The bound of melds revealed in the search (jong_ku_space_add_calls): the set's, but at shanten 2
 * without its slack: calls over the whole l = 3 set took it past 18,000 states at the median and
 * the decision past 0.2 s, while the closed search keeps l = 3 (so values never drop below k=0's). */
static int call_bound(int shanten, int l) { return shanten == 2 && l > shanten ? l - 1 : l; }

/* Melds the search may reveal: the option k (at most KU_MAX_K: the paper's ~50,000 states). */
#define KU_MAX_K 2

/* The legal discard of kind with (riichi) or without the declaration, keeping a red five. */
static int discard_index(const jong_decision *d, int kind, bool riichi)
{
    int found = -1;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD || jong_code_kind(a->tile) != kind ||
            ((a->flags & JONG_ACT_FLAG_RIICHI) != 0) != riichi)
            continue;
        if (found < 0 || !(a->flags & JONG_ACT_FLAG_RED))
            found = i;
    }
    return found;
}

/* A lone tile: one copy and, for a number, nothing of its suit within two. */
static bool isolated(const uint8_t c[JONG_KINDS], int k)
{
    if (c[k] != 1)
        return false;
    if (jong_kind_is_honor(k))
        return true;
    int r = k % 9;
    for (int dr = -2; dr <= 2; dr++)
        if (dr && r + dr >= 0 && r + dr < 9 && c[k + dr])
            return false;
    return true;
}

static int rule_based(const jong_decision *d, const uint8_t c[JONG_KINDS], const int sh[JONG_KINDS], int best,
                      uint64_t allowed, const jong_ku_params *pr, const jong_ku_fold_params *fp, bool threat)
{
    int pick = -1;
    if (threat) {
        double bv = -INFINITY;
        for (int k = 0; k < JONG_KINDS; k++)
            if (allowed >> k & 1) {
                double v = jong_ku_fold_value_after(c, k, fp);
                if (v > bv) {
                    bv = v;
                    pick = k;
                }
            }
    } else {
        /* the least shanten; among those an isolated tile, then the least dangerous */
        double bv = -INFINITY;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (!(allowed >> k & 1) || sh[k] != best)
                continue;
            double v = (isolated(c, k) ? 1e6 : 0) + pr->lose_ev[k] + (jong_kind_is_yaochu(k) ? 1 : 0);
            if (v > bv) {
                bv = v;
                pick = k;
            }
        }
    }
    int idx = pick < 0 ? -1 : discard_index(d, pick, false);
    return idx >= 0 ? idx : jong_discard_of_kind(d, -1);
}

static int pick_discard(ku_state *st, const jong_decision *d, jong_ku_setup *su, const uint8_t c[JONG_KINDS], int sets,
                        const int sh[JONG_KINDS], int best, uint64_t allowed, uint64_t riichi_ok);

/* Builds the set of hand c (sets to build, shanten: its bound by path_bound) with up to k melds revealed in the search
 * and solves it; false when it cannot. */
static bool solve_hand(const ku_state *st, const jong_ku_setup *su, const uint8_t c[JONG_KINDS], int sets, int shanten,
                       int k, jong_ku_result *res)
{
    int l = path_bound(st, shanten);
    uint8_t avail[JONG_KINDS];
    for (int u = 0; u < JONG_KINDS; u++)
        avail[u] = (uint8_t)su->pr.draw_w[u];
    jong_ku_space s;
    jong_error err;
    if (jong_ku_space_build(&s, c, sets, avail, l, st->max_hands, &err) != JONG_OK ||
        jong_ku_space_add_calls(&s, c, avail, k, call_bound(shanten, l), st->max_hands, &err) != JONG_OK)
        return false;
    bool ok = jong_ku_solve(&s, &su->pr, c, -1, res, &err) == JONG_OK;
    jong_ku_space_free(&s);
    return ok;
}

/* k >= 1: a chi or pon offered now is valued by the MDP on both sides: passing (the hand as it is,
 * A(h, 1), whose search may reveal up to k melds) against claiming and making the best discard
 * (not the claimed kind) from the hand with one more meld, opened (no riichi; wins need a yaku),
 * whose search may reveal k - 1 more. */
static int claim_choice(ku_state *st, const jong_decision *d, int pass)
{
    const jong_view *v = d->view;
    int t = v->last_discard;
    if (t >= JONG_KINDS)
        return pass;
    int sets = jong_variant_sets(v->variant) - v->own.nmelds;
    int sh = jong_shanten_standard(v->own.counts, sets);
    if (sets < 1 || sh > st->mdp_shanten)
        return pass;
    jong_ku_setup *su = malloc(2 * sizeof *su);
    if (!su)
        return pass;
    jong_ku_setup_from_obs(su, &st->om, &st->km, &st->obs, v->seat, d->rules, v->scores[v->seat],
                               st->paper ? st->tables : NULL);
    finish_setup(st, su, d, &st->obs);
    jong_ku_result res;
    int pick = pass;
    if (solve_hand(st, su, v->own.counts, sets, sh, st->k, &res)) {
        double best = res.after[0];
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            if ((a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON) || v->own.nmelds >= JONG_MAX_MELDS)
                continue;
            uint8_t c[JONG_KINDS];
            memcpy(c, v->own.counts, sizeof c);
            jong_ku_setup *open = su + 1;
            *open = *su;
            open->pr.win_ctx = open;
            open->pr.riichi = false;
            jong_meld m = {a->type == JONG_ACT_PON ? JONG_MELD_PUNG : JONG_MELD_CHOW,
                           (uint8_t)(a->type == JONG_ACT_PON ? t : a->low), 0};
            if (a->type == JONG_ACT_PON) {
                if (c[t] < 2)
                    continue;
                c[t] -= 2;
            } else {
                bool ok = true;
                for (int k = a->low; k < a->low + 3; k++)
                    if (k != t && c[k]-- == 0)
                        ok = false;
                if (!ok)
                    continue;
            }
            open->hand.melds[open->hand.nmelds++] = m;
            int sh2[JONG_KINDS];
            int b2 = jong_discard_shanten(c, sets - 1, sh2, NULL);
            if (b2 > st->mdp_shanten || b2 == JONG_UNDEFINED)
                continue;
            jong_ku_result r2;
            /* the claimed meld is one of the k */
            if (!solve_hand(st, open, c, sets - 1, b2, st->k - 1, &r2))
                continue;
            for (int x = 0; x < JONG_KINDS; x++)
                if (x != t && c[x] && r2.value[x] > best) {
                    best = r2.value[x];
                    pick = i;
                }
        }
    }
    free(su);
    return pick;
}

static int ku_choose(jong_player *p, const jong_decision *d)
{
    ku_state *st = p->state;
    const jong_view *v = d->view;
    memset(&st->last, 0, sizeof st->last);
    memset(st->valued, 0, sizeof st->valued);
    st->last.shanten = -2;
    int pass = -1;
    uint64_t allowed = 0, riichi_ok = 0;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_WIN || a->type == JONG_ACT_SELF_DRAW_WIN)
            return i;
        if (a->type == JONG_ACT_PASS)
            pass = i;
        if (a->type == JONG_ACT_DISCARD) {
            allowed |= 1ull << jong_code_kind(a->tile);
            if (a->flags & JONG_ACT_FLAG_RIICHI)
                riichi_ok |= 1ull << jong_code_kind(a->tile);
        }
    }
    if (!allowed) {
        if (st->k > 0 && pass >= 0 && !v->riichi[v->seat] && obs_matches(st, v))
            return claim_choice(st, d, pass);
        return pass >= 0 ? pass : 0; /* a claim: with k = 0, never */
    }
    if (v->riichi[v->seat] || __builtin_popcountll(allowed) == 1) {
        for (int i = 0; i < d->nlegal; i++)
            if (d->legal[i].type == JONG_ACT_DISCARD)
                return i;
    }
    uint8_t c[JONG_KINDS];
    memcpy(c, v->own.counts, sizeof c);
    int sets = jong_variant_sets(v->variant) - v->own.nmelds;
    if (sets < 0)
        sets = 0;
    int sh[JONG_KINDS];
    jong_discard_shanten(c, sets, sh, NULL);
    int best = JONG_UNDEFINED;
    for (int k = 0; k < JONG_KINDS; k++)
        if (allowed >> k & 1 && sh[k] < best)
            best = sh[k];
    jong_ku_setup *su = malloc(sizeof *su);
    if (!su)
        return jong_discard_of_kind(d, -1);
    /* when the tracker did not follow this hand (jong analyze, or an event it refused), the
     * opponent models read the same observation rebuilt from the view */
    jong_opp_obs rebuilt;
    const jong_opp_obs *o = jong_opp_obs_for(&st->obs, st->obs_ok, v, &rebuilt);
    jong_ku_setup_from_obs(su, &st->om, &st->km, o, v->seat, d->rules, v->scores[v->seat], st->paper ? st->tables : NULL);
    finish_setup(st, su, d, o);
    int pick = pick_discard(st, d, su, c, sets, sh, best, allowed, riichi_ok);
    free(su);
    return pick;
}

/* Eq. 17 at shanten 2-3: each root discard x valued P_L(x) R_L(x) + (1 - P_L(x)) V17(h_x), V17
 * the scenario probabilities (softmax on the MDP features) times the scenario payoffs. */
static int eq17_values(const ku_state *st, jong_ku_setup *su, const jong_ku_space *s, const uint8_t c[JONG_KINDS],
                       jong_ku_result *r, jong_error *err)
{
    double (*f)[JONG_KU_EQ17_FEATURES] = malloc(sizeof(double) * JONG_KINDS * JONG_KU_EQ17_FEATURES);
    double pts[JONG_KINDS];
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    int rc = jong_ku_eq17_features(su, s, c, f, pts, err);
    for (int k = 0; k < JONG_KINDS; k++)
        r->value[k] = r->value_riichi[k] = -INFINITY;
    r->tsumo = -INFINITY;
    r->states = 3L * s->n * su->pr.horizon; /* three solves: winning (points, count) and tenpai */
    for (int i = 0; !rc && i < s->nroots; i++) {
        int x = s->root_kind[i];
        if (x >= JONG_KINDS)
            continue;
        double v = jong_ku_eq17_value(&st->km, su, f[x], pts[x]);
        r->value[x] = su->pr.lose_ev[x] + (1 - su->pr.p_lose[x]) * v;
    }
    free(f);
    return rc;
}

/* The discard of a decision with its setup (see ku_choose). */
static int pick_discard(ku_state *st, const jong_decision *d, jong_ku_setup *su, const uint8_t c[JONG_KINDS], int sets,
                        const int sh[JONG_KINDS], int best, uint64_t allowed, uint64_t riichi_ok)
{
    const jong_view *v = d->view;
    jong_ku_params pr = su->pr;
    const jong_ku_fold_params fp = su->fp;
    bool threat = false;
    for (int s = 0; s < JONG_SEATS; s++)
        threat |= s != v->seat && v->riichi[s];
    st->last.shanten = best;
    int64_t t0 = d->now_ms ? d->now_ms() : 0;
    if (best > st->mdp_shanten || best == JONG_UNDEFINED || !pr.win)
        return rule_based(d, c, sh, best, allowed, &pr, &fp, threat);
    bool use17 = st->eq17 && best >= 2 && st->km.has_eq17;
    int kc = use17 ? 0 : st->k; /* Eq. 17's features are closed MDPs' */
    int want = path_bound(st, best);
    /* with a time budget (the option, else the caller's): the tight bound first, the wider one
     * only when the first took under a quarter of the budget (then decisions depend on speed) */
    int64_t budget = st->time_ms ? st->time_ms : d->time_ms;
    bool stepped = budget > 0 && d->now_ms && want > best;
    uint8_t avail[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        avail[k] = (uint8_t)pr.draw_w[k];
    int drawn = v->last_draw < JONG_KINDS ? v->last_draw : -1;
    jong_ku_result res;
    bool solved = false;
    for (int l = stepped ? best : want; l <= want; l++) {
        if (solved && d->now_ms && (d->now_ms() - t0) * 4 > budget)
            break;
        if (solved && d->stop && atomic_load(d->stop))
            break;
        jong_ku_space s;
        jong_ku_result r;
        jong_error err;
        if (jong_ku_space_build(&s, c, sets, avail, l, st->max_hands, &err) != JONG_OK)
            break;
        if (jong_ku_space_add_calls(&s, c, avail, kc, call_bound(best, l), st->max_hands, &err) != JONG_OK)
            break;
        int rc = use17 ? eq17_values(st, su, &s, c, &r, &err) : jong_ku_solve(&s, &pr, c, drawn, &r, &err);
        if (rc == JONG_OK) {
            res = r;
            solved = true;
            st->last.hands = s.n;
            st->last.truncated = s.truncated;
            st->last.states += r.states;
            st->last.l = l;
        }
        jong_ku_space_free(&s);
        if (rc != JONG_OK)
            break;
    }
    if (!solved)
        return rule_based(d, c, sh, best, allowed, &pr, &fp, threat);
    st->last.mdp = true;
    double bv = -INFINITY;
    int pick = -1;
    bool pick_riichi = false;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!(allowed >> k & 1))
            continue;
        double val = res.value[k];
        bool rch = false;
        if (riichi_ok >> k & 1 && res.value_riichi[k] > val) {
            val = res.value_riichi[k];
            rch = true;
        }
        if (st->fold) {
            double f = jong_ku_fold_value_after(c, k, &fp);
            if (f > val) {
                val = f;
                rch = false;
            }
        }
        st->valued[k] = true;
        st->value[k] = val;
        if (val > bv) {
            bv = val;
            pick = k;
            pick_riichi = rch;
        }
    }
    st->last.value = bv;
    if (d->now_ms)
        st->last.ms = d->now_ms() - t0;
    int idx = pick >= 0 ? discard_index(d, pick, pick_riichi) : -1;
    return idx >= 0 ? idx : jong_discard_of_kind(d, -1);
}

static void ku_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    (void)v;
    ku_state *st = p->state;
    jong_opp_obs_follow(&st->obs, &st->obs_ok, ev);
}

static void ku_destroy(jong_player *p)
{
    ku_state *st = p->state;
    if (!st)
        return;
    for (int t = 0; t < 3; t++)
        jong_ku_tenpai_table_free(&st->tables[t]);
    jong_oppmodel_free(&st->om);
    jong_linmodel_free(&st->policy);
    free(st->pay);
    free(st);
    p->state = NULL;
}

static const jong_player_ops ku_ops = {ku_choose, ku_observe, ku_destroy};

/* `jong analyze --player kurita` / `jong review`: the points each discard is worth by the MDP
 * (none at shanten above `mdp`, where the rule decides). */
static int ku_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    ku_state *st = p->state;
    int i = ku_choose(p, d);
    bool rank = st->payoff != JONG_KU_PAYOFF_POINTS;
    out->measure = st->payoff == JONG_KU_PAYOFF_RANK     ? "expected uma+oka (MDP)"
                   : st->payoff == JONG_KU_PAYOFF_RESULT ? "expected game result (MDP)"
                                                         : "points (MDP)";
    out->choice = i >= 0 && i < d->nlegal && d->legal[i].type == JONG_ACT_DISCARD ? jong_code_kind(d->legal[i].tile) : -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        out->valued[k] = st->valued[k];
        out->value[k] = st->valued[k] ? st->value[k] - (rank ? JONG_KU_PAYOFF_SHIFT : 0) : 0;
    }
    return JONG_OK;
}

bool jong_kurita_last_info(const jong_player *p, jong_ku_info *out)
{
    if (!p || p->ops != &ku_ops)
        return false;
    *out = ((const ku_state *)p->state)->last;
    return true;
}

static int ku_int(const char *val, long lo, long hi, long *out)
{
    char *end;
    long x = strtol(val, &end, 10);
    if (*end || end == val || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int ku_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    ku_state *st = ctx;
    long x;
    if (!strcmp(key, "l")) {
        if (!strcmp(val, "auto"))
            st->l = -1, st->l_plus = 0;
        else if (!strncmp(val, "auto+", 5) && !ku_int(val + 5, 1, 3, &x))
            st->l = -1, st->l_plus = (int)x;
        else if (ku_int(val, 0, 6, &x))
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "kurita: l wants auto (by shanten), auto+1..auto+3 (that much more slack) or 0..6, "
                                  "not '%s'", val);
        else
            st->l = (int)x, st->l_plus = 0;
    } else if (!strcmp(key, "k")) {
        if (ku_int(val, 0, KU_MAX_K, &x))
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "kurita: k wants the melds the search may reveal, 0 (never call) to %d (more take "
                                  "the search far past the paper's 50,000 states), not '%s'",
                                  KU_MAX_K, val);
        st->k = (int)x;
    } else if (!strcmp(key, "mdp")) {
        if (ku_int(val, 0, 6, &x))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: mdp wants a shanten 0..6, not '%s'", val);
        st->mdp_shanten = (int)x;
    } else if (!strcmp(key, "states")) {
        if (ku_int(val, 100, 5000000, &x))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: states wants 100..5000000 hands, not '%s'", val);
        st->max_hands = (int)x;
    } else if (!strcmp(key, "time")) {
        if (ku_int(val, 0, 3600000, &x))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: time wants milliseconds 0..3600000, not '%s'", val);
        st->time_ms = x;
    } else if (!strcmp(key, "eq17")) {
        if (strcmp(val, "on") && strcmp(val, "off"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: eq17 wants on or off, not '%s'", val);
        st->eq17 = !strcmp(val, "on");
    } else if (!strcmp(key, "params")) {
        if (strcmp(val, "paper") && strcmp(val, "opp"))
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "kurita: params wants paper (the paper's tenpai / deal-in forms) or opp (the opponent "
                                  "models), not '%s'", val);
        st->paper = !strcmp(val, "paper");
    } else if (!strcmp(key, "payoff")) {
        int m = jong_ku_payoff_mode_of(val);
        if (m < 0)
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "kurita: payoff wants points (the hand's points), rank (expected uma+oka of the final "
                                  "rank) or result (expected game result), not '%s'", val);
        st->payoff = m;
    } else if (!strcmp(key, "risk")) {
        if (strcmp(val, "now") && strcmp(val, "turn"))
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "kurita: risk wants now (the decision's deal-in chances at every future turn) or turn "
                                  "(rising with the turn), not '%s'", val);
        st->risk_turn = !strcmp(val, "turn");
    } else if (!strcmp(key, "fold")) {
        if (strcmp(val, "on") && strcmp(val, "off"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: fold wants on or off, not '%s'", val);
        st->fold = !strcmp(val, "on");
    } else {
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "kurita: unknown option '%s' (options: l, k, mdp, states, time, fold, eq17, params, payoff, "
                              "risk)", key);
    }
    return JONG_OK;
}

int jong_player_kurita_create(const char *opts, jong_player *p, jong_error *err)
{
    ku_state *st = calloc(1, sizeof *st);
    if (!st)
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    st->l = -1;
    st->k = 1; /* calls in the search: stronger than k = 0 against mizukami (docs/experiments/kurita.md) */
    st->mdp_shanten = 3;
    st->max_hands = 50000;
    st->fold = true;
    int rc = jong_options_parse(opts, ku_option, st, "kurita", err);
    if (!rc)
        rc = jong_mizukami_models_load(&st->om, &st->policy, err);
    if (!rc)
        rc = jong_ku_model_shipped(&st->km, err);
    if (!rc && st->payoff != JONG_KU_PAYOFF_POINTS && !st->km.has_rank)
        rc = jong_error_set(err, JONG_ERR_ARG, -1, "kurita: payoff=%s, but the shipped model has no rank regression",
                            st->payoff == JONG_KU_PAYOFF_RANK ? "rank" : "result");
    if (!rc && st->payoff != JONG_KU_PAYOFF_POINTS && !(st->pay = malloc(sizeof *st->pay)))
        rc = jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    if (!rc && st->eq17 && !st->km.has_eq17)
        rc = jong_error_set(err, JONG_ERR_ARG, -1, "kurita: eq17=on, but the shipped model has no Eq. 17 weights");
    for (int t = 0; !rc && st->paper && t < 3; t++)
        rc = jong_ku_tenpai_table_build(&st->tables[t], t, err);
    if (rc) {
        for (int t = 0; t < 3; t++)
            jong_ku_tenpai_table_free(&st->tables[t]);
        jong_oppmodel_free(&st->om);
        jong_linmodel_free(&st->policy);
        free(st->pay);
        free(st);
        return rc;
    }
    p->ops = &ku_ops;
    p->state = st;
    p->discard_values = ku_values;
    return JONG_OK;
}
