/* KF-RULE (section 4.4.1): take the combination sets of least WN, value each by the product of
 * the taking probabilities of Eq. 9 over the T2 it still has to complete, and give that value to
 * the set's T1 (its discarding set); the discard with the highest total wins. */
#include <stdlib.h>
#include <string.h>

#include "kf.h"
#include "jong/player.h"

#define MAX_COMBOS 4096

void jong_kf_opts_default(jong_kf_opts *o)
{
    o->w_aa = 4.5;  /* our own tuning run (docs/experiments/kf.md, Table 2); the paper found 6 */
    o->search_wn = 3;
    o->high_score = true;
    o->improved = true;
    o->risk_w = 0.375;
    o->use_risk = false;
    o->max_nodes = 400000;
    o->pair_ways = false; /* Eq. 11 as the code had it (ways=paper) */
}

void jong_kf_hand_from_view(const jong_view *v, const jong_ruleset *rs, jong_kf_hand *kh)
{
    kh->hand = v->own;
    kh->rules = rs;
    kh->seat = v->seat;
    kh->dealer = v->dealer;
    kh->streak = v->streak;
    kh->seat_wind = v->seat_winds[v->seat];
    kh->round_wind = v->round_wind;
}

/* Eq. 9: N_valid / N_wall times 2 for AB/AC, W for AA. */
static double p_block(const jong_kf_tables *t, const jong_kf_block *b, double w)
{
    int k = b->kind, r = k % 9, valid = 0;
    double wall = t->wall > 0 ? t->wall : 1;
    switch (b->type) {
    case JONG_KF_AA:
        return t->unseen[k] / wall * w;
    case JONG_KF_AB:
        if (r > 0)
            valid += t->unseen[k - 1];
        if (r < 7)
            valid += t->unseen[k + 2];
        return valid / wall * 2;
    case JONG_KF_AC:
        return t->unseen[k + 1] / wall * 2;
    default:
        return 1;
    }
}

static int cmp_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* The value of one set: the product over the T2 it must complete (its best ones; a pair stays a
 * pair, so the AA of least value is left out when the set has one). */
static double combo_value(const jong_kf_combo *c, const jong_kf_tables *t, double w)
{
    double p[JONG_KF_H_TILES];
    int n = 0, aa_low = -1;
    double aa_low_p = 1e300;
    for (int i = 0; i < c->nblocks; i++)
        if (c->blocks[i].type >= JONG_KF_AA) {
            p[n] = p_block(t, &c->blocks[i], w);
            if (c->blocks[i].type == JONG_KF_AA && p[n] < aa_low_p) {
                aa_low_p = p[n];
                aa_low = n;
            }
            n++;
        }
    if (aa_low >= 0)
        p[aa_low] = p[--n];
    qsort(p, (size_t)n, sizeof p[0], cmp_desc);
    int need = JONG_KF_NMAX - c->n3;
    double v = 1;
    for (int i = 0; i < n && i < need; i++)
        v *= p[i];
    return v;
}

void jong_kf_risk(const jong_kf_tables *t, double w, double rtile[JONG_KINDS])
{
    /* Eq. 12: the next seat (1) steals by chi or pong, the others by pong only; any of them wins */
    for (int k = 0; k < JONG_KINDS; k++) {
        double r1 = t->rt_aa[1][k] + t->rt_ab[1][k];
        double indirect = 0, direct = 0;
        for (int i = 1; i <= 3; i++) {
            double ri = t->rt_aa[i][k] + t->rt_ab[i][k];
            double own = i == 1 ? r1 : t->rt_aa[i][k];
            indirect += (1 - t->p_wn1[i]) * own;
            direct += t->p_wn1[i] * ri;
        }
        double r = w * indirect + direct;
        rtile[k] = r > 1 ? 1 : r;
    }
}

void jong_kf_rule(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o, jong_kf_result *r)
{
    const jong_hand *h = &kh->hand;
    memset(r->etile, 0, sizeof r->etile);
    r->best = -1;
    r->searched = false;
    jong_kf_risk(t, o->risk_w, r->rtile);
    jong_kf_combo *cs = malloc(sizeof *cs * MAX_COMBOS);
    int wn = 127, n = 0;
    if (cs) {
        n = jong_kf_combos(h->counts, h->nmelds, JONG_KF_FAST, 0, cs, MAX_COMBOS, &wn);
        if (n > MAX_COMBOS)
            n = MAX_COMBOS;
    }
    r->wn = wn;
    for (int i = 0; i < n; i++) {
        const jong_kf_combo *c = &cs[i];
        double v = combo_value(c, t, o->w_aa);
        uint64_t seen = 0;
        /* the discarding set: T1, or the set's T2 tiles when it has no T1 */
        for (int j = 0; j < c->nt1; j++)
            seen |= 1ull << c->t1[j];
        if (!seen)
            for (int j = 0; j < c->nblocks; j++)
                if (c->blocks[j].type >= JONG_KF_AA) {
                    int k = c->blocks[j].kind, ty = c->blocks[j].type;
                    seen |= 1ull << k | 1ull << (ty == JONG_KF_AB ? k + 1 : ty == JONG_KF_AC ? k + 2 : k);
                }
        for (uint64_t m = seen; m; m &= m - 1)
            r->etile[__builtin_ctzll(m)] += v;
    }
    free(cs);
    /* the highest value; ties to the least risk, then the tile with fewest neighbours held */
    double best = -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!h->counts[k])
            continue;
        double v = r->etile[k] - 1e-9 * r->rtile[k];
        if (v > best + 1e-15) {
            best = v;
            r->best = k;
        }
    }
}
