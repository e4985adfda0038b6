/* Monte Carlo moves with opponent models (jong/mizukami.h): the root's model outputs, the shared
 * random numbers of each simulation, one simulated rest of the hand, ODEV, and Eqs. 10 and 13. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "mizukami.h"
#include "jong/rng.h"
#include "mizukami_internal.h"

#define OPP MZ_OPP

#define MAX_TURNS 24


/* The random numbers of one simulation, the same for every candidate. */
typedef struct {
    uint8_t wall[136];
    bool waiting[OPP];
    uint64_t wins[OPP];
    bool by_riichi[OPP];
    double become[OPP][MAX_TURNS], fold[OPP][MAX_TURNS];
} randoms;

static void draw_randoms(const mz_root *r, const jong_mz_config *cfg, long sim, randoms *x)
{
    jong_rng g;
    jong_rng_seed(&g, jong_seed_mix(cfg->seed, (uint64_t)sim));
    memcpy(x->wall, r->pool, (size_t)r->npool);
    for (int i = r->npool - 1; i > 0; i--) {
        int j = (int)jong_rng_below(&g, (uint32_t)i + 1);
        uint8_t t = x->wall[i];
        x->wall[i] = x->wall[j];
        x->wall[j] = t;
    }
    for (int i = 0; i < OPP; i++) {
        x->waiting[i] = jong_rng_double(&g) < r->pw[i];
        /* the winning set: each kind with its probability, at least the likeliest one */
        uint64_t w = 0;
        int best = 0;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (jong_rng_double(&g) < r->pk[i][k])
                w |= 1ull << k;
            if (r->pk[i][k] > r->pk[i][best])
                best = k;
        }
        x->wins[i] = w ? w : 1ull << best;
        x->by_riichi[i] = r->riichi[i] || jong_rng_double(&g) >= cfg->steal_share;
        for (int t = 0; t < MAX_TURNS; t++) {
            x->become[i][t] = jong_rng_double(&g);
            x->fold[i][t] = jong_rng_double(&g);
        }
    }
}

static uint64_t waits_of(const jong_hand *h)
{
    return jong_waits(h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL);
}

double jong_mz_odev(const mz_root *r, const bool waiting[OPP], const bool fold[OPP], const int unseen[JONG_KINDS],
                   int d, uint64_t wp)
{
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        total += unseen[k];
    if (total <= 0)
        return 0;
    double value = 0, p = 1, pw_me = 0, swd = 0, swfw_me = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (wp >> k & 1) {
            double pg = unseen[k] / (double)total;
            pw_me += pg;
            swd += r->my_ron[k] * pg;
            swfw_me += r->my_tsumo[k] * pg;
        }
    for (int i = 0; i < OPP; i++) {
        bool live = waiting[i] && !fold[i];
        if (live && !(r->furiten[i] >> d & 1))
            value -= r->pk[i][d] * r->ron[i][d]; /* EL of the discard */
        double pwfw = 0;
        for (int k = 0; live && k < JONG_KINDS; k++)
            pwfw += r->pk[i][k] * unseen[k] / (double)total;
        p *= 1 - pwfw;                           /* it did not win from the wall */
        if (!fold[i]) {
            value += p * swd;                    /* it discards the player's winning tile */
            p *= 1 - pw_me;
        }
    }
    return value + p * swfw_me;                  /* the player's own draw */
}

/* One simulated rest of the hand after the player discarded kind c; the player's point change. */
static double simulate(const mz_root *r, const jong_mz_config *cfg, const randoms *x, const jong_hand *after,
                       uint64_t my_river)
{
    jong_hand h = *after;
    uint64_t wp = waits_of(&h);
    bool waiting[OPP], fold[OPP] = {false, false, false}, riichi[OPP], me_folded = false;
    int turn[OPP], unseen[JONG_KINDS];
    memcpy(unseen, r->unseen, sizeof unseen);
    for (int i = 0; i < OPP; i++) {
        waiting[i] = x->waiting[i];
        riichi[i] = r->riichi[i] || (waiting[i] && x->by_riichi[i]);
        turn[i] = r->turn0[i];
    }
    jong_op_context cx = r->cx;
    int next = 0; /* opponents in turn order, then the player */
    for (int w = 0; w < r->live && w < r->npool; w++) {
        int tile = x->wall[w];
        if (next == OPP) { /* the player */
            next = 0;
            unseen[tile]--;
            if (wp >> tile & 1)
                return r->my_tsumo[tile];
            if (me_folded)
                continue; /* virtual folding: draws, discards nothing */
            h.counts[tile]++;
            uint8_t order[JONG_KINDS];
            double score[JONG_KINDS];
            cx.turn++;
            jong_op_rank(cfg->policy, &h, &cx, order, score);
            int d = order[0];
            h.counts[d]--;
            uint64_t nwp = waits_of(&h);
            if (cfg->odev && jong_mz_odev(r, waiting, fold, unseen, d, nwp) < 0) {
                h.counts[d]++;
                h.counts[tile]--;
                me_folded = true;
                continue;
            }
            wp = nwp;
            my_river |= 1ull << d;
            cx.seen[d]++;
            for (int i = 0; i < OPP; i++)
                if (waiting[i] && !fold[i] && (x->wins[i] >> d & 1) && !(r->furiten[i] >> d & 1))
                    return -r->ron[i][d];
            continue;
        }
        int i = next++;
        if (waiting[i] && !fold[i] && (x->wins[i] >> tile & 1))
            return -r->share[i] * r->tsumo[i][tile];
        int t = turn[i] < MAX_TURNS ? turn[i] : MAX_TURNS - 1;
        int wt = turn[i] < JONG_OP_TURNS ? turn[i] : JONG_OP_TURNS - 1;
        turn[i]++;
        if (!waiting[i] && x->become[i][t] < r->wpet[wt]) {
            waiting[i] = true;
            riichi[i] = x->by_riichi[i];
        }
        if (!fold[i]) {
            int threats = r->my_threat;
            bool riichi_elsewhere = false;
            for (int j = 0; j < OPP; j++)
                if (j != i) {
                    threats += riichi[j] || r->open[j];
                    riichi_elsewhere = riichi_elsewhere || riichi[j];
                }
            if (riichi_elsewhere || r->my_threat) {
                int sit = (waiting[i] ? 4 : 0) + (threats > 3 ? 3 : threats);
                fold[i] = x->fold[i][t] < r->fp[sit];
            }
        }
        if (fold[i])
            continue; /* virtual folding: the tile is not discarded */
        unseen[tile]--;
        cx.seen[tile]++;
        if (!me_folded && (wp >> tile & 1) && !(my_river >> tile & 1))
            return r->my_ron[tile];
        for (int j = 1; j < OPP; j++) {
            int o = (i + j) % OPP;
            if (waiting[o] && !fold[o] && (x->wins[o] >> tile & 1) && !(r->furiten[o] >> tile & 1))
                return 0; /* another opponent's ron: the player pays nothing */
        }
    }
    return 0; /* exhaustive draw (tenpai payments are not modelled) */
}

static void make_root(const jong_mz_config *cfg, const jong_opp_obs *o, int seat, mz_root *r)
{
    memset(r, 0, sizeof *r);
    r->seat = seat;
    const double *tables = cfg->policy->nmodels > 1 ? cfg->policy->w + cfg->policy->dim : NULL;
    for (int s = 0; s < JONG_OP_SITUATIONS; s++)
        r->fp[s] = tables ? tables[JONG_OP_FP_AT + s] : 0;
    for (int t = 0; t < JONG_OP_TURNS; t++)
        r->wpet[t] = tables ? tables[JONG_OP_WPET_AT + t] : 0;
    const jong_opp_seat *me = &o->seats[seat];
    for (int m = 0; m < me->nmelds; m++)
        r->my_threat = r->my_threat || me->melds[m].type != JONG_MELD_CONCEALED_KONG;
    r->my_threat = r->my_threat || me->riichi;
    for (int i = 0; i < OPP; i++) {
        int q = (seat + 1 + i) % JONG_SEATS;
        const jong_opp_seat *st = &o->seats[q];
        r->opp[i] = q;
        r->pw[i] = jong_opp_p_waiting(cfg->opp, o, q);
        jong_opp_p_wintile(cfg->opp, o, q, seat, r->pk[i]);
        for (int k = 0; k < JONG_KINDS; k++) {
            r->ron[i][k] = jong_opp_hand_score(cfg->opp, o, q, k, false);
            r->tsumo[i][k] = jong_opp_hand_score(cfg->opp, o, q, k, true);
            if (!jong_opp_can_ron(o, q, k))
                r->furiten[i] |= 1ull << k;
        }
        r->share[i] = q == o->dealer ? 1.0 / 3 : seat == o->dealer ? 0.5 : 0.25;
        r->riichi[i] = st->riichi;
        for (int m = 0; m < st->nmelds; m++)
            r->open[i] = r->open[i] || st->melds[m].type != JONG_MELD_CONCEALED_KONG;
        r->turn0[i] = st->ndiscards;
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        r->my_ron[k] = jong_opp_hand_score(cfg->opp, o, seat, k, false);
        r->my_tsumo[k] = jong_opp_hand_score(cfg->opp, o, seat, k, true);
        int u = 4 - o->shown[k] - me->hand.counts[k];
        r->unseen[k] = u > 0 ? u : 0;
        for (int c = 0; c < r->unseen[k]; c++)
            r->pool[r->npool++] = (uint8_t)k;
    }
    r->live = o->wall_left;
    jong_opp_op_context(o, seat, &r->cx);
}

int jong_mz_evaluate(const jong_mz_config *cfg, const jong_opp_obs *o, int seat, uint64_t allowed,
                     const atomic_bool *stop, jong_mz_result *out, jong_error *err)
{
    memset(out, 0, sizeof *out);
    const jong_hand *h = &o->seats[seat].hand;
    if (seat < 0 || seat >= JONG_SEATS || !o->seats[seat].known || jong_hand_concealed_count(h) % 3 != 2)
        return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: seat %d's hand is not known with a tile to discard", seat);
    mz_root *r = malloc(sizeof *r);
    randoms *x = malloc(sizeof *x);
    if (!r || !x) {
        free(r);
        free(x);
        return jong_error_set(err, JONG_ERR_IO, -1, "mizukami: out of memory");
    }
    make_root(cfg, o, seat, r);
    /* the candidates, with the one-player policy's scores */
    uint8_t order[JONG_KINDS];
    double pol[JONG_KINDS];
    int n = jong_op_rank(cfg->policy, h, &r->cx, order, pol);
    uint64_t my_river = 0;
    for (int i = 0; i < o->seats[seat].ndiscards; i++) {
        int t = o->seats[seat].river[i].tile;
        my_river |= 1ull << (t < JONG_KINDS ? t : (t - JONG_KINDS) * 9 + 4);
    }
    for (int i = 0; i < n; i++) {
        if (allowed && !(allowed >> order[i] & 1))
            continue;
        jong_mz_candidate *c = &out->c[out->n++];
        c->kind = order[i];
        c->policy = pol[i];
        c->safe = 1;
        for (int j = 0; j < OPP; j++) {
            double lp = (r->furiten[j] >> c->kind & 1) ? 0 : r->pw[j] * r->pk[j][c->kind];
            c->safe *= 1 - lp;
            c->el += lp * r->ron[j][c->kind];
        }
    }
    if (out->n == 0) {
        free(r);
        free(x);
        return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: no discard allowed");
    }
    /* Eq. 13: the one-player move unless its expected loss is large against the hand's worth */
    double worth = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        worth += r->my_ron[k] / JONG_KINDS;
    out->one_player = 0;
    out->ratio = worth > 0 ? out->c[0].el / worth : 0;
    out->use_mc = out->ratio > cfg->alpha && out->n > 1;
    out->best = 0;
    if (out->use_mc) {
        long s;
        for (s = 0; s < cfg->sims && !(stop && *stop); s++) {
            draw_randoms(r, cfg, s, x);
            for (int i = 0; i < out->n; i++) {
                jong_hand after = *h;
                after.counts[out->c[i].kind]--;
                out->c[i].sim += simulate(r, cfg, x, &after, my_river | 1ull << out->c[i].kind);
            }
            out->sims_done += out->n;
        }
        for (int i = 0; i < out->n; i++) {
            jong_mz_candidate *c = &out->c[i];
            c->sim = s ? c->sim / (double)s : 0;
            c->score = c->sim * c->safe - c->el;
            if (c->score > out->c[out->best].score)
                out->best = i;
        }
    } else {
        for (int i = 0; i < out->n; i++)
            out->c[i].score = out->c[i].policy;
    }
    free(r);
    free(x);
    return JONG_OK;
}
