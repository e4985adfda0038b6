/* Retrograde analysis of the inclusive-policy MDP over the reduced hand set (jong/kurita.h;
 * equations M1-M6 of docs/experiments/kurita.md). With n = p's discards made so far:
 *   A(h, N)  = R_T if h is tenpai else R_N                                  (washout)
 *   A(h, n)  = P_O(n) R_O + (1 - P_O(n)) * sum_t w(t) max(ron(h,t), Dbar(h,n)) / W     (types A, O)
 *   Dbar(h,n)= sum_u w(u) D(h,u,n) / W
 *   D(h,u,n) = max(tsumo(h,u), max_x [ P_L(x) R_L(x) + (1 - P_L(x)) A(h+u-x, n+1) ])  (type D)
 * where ron/tsumo exist only for u, t completing h, x ranges over u itself and the edges of the
 * set, and w(u) are the copies of u still unseen for hand h. Passing a ron gives the same Dbar
 * whatever t was, so the other's discard costs one max per wait. A riichi copy R of a closed
 * tenpai hand plays on with the hand locked, its non-winning endings cost the stick and other
 * players win less often (they fold). States with melds revealed in the search (jong_ku_space_add_calls)
 * have no riichi copy, win by the open hand's yaku (pr->win_open), and, like closed ones that may
 * still call, see a call stage before the ron and draw stage: three discards of the others, pon on
 * each, chi on the left player's (with_calls; M7). P_L and R_L of p's discards are the decision's
 * at every layer, or layer n's own with pr->layer_risk (risk=turn). Layer n only needs layer
 * n+1, so two layers are kept. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kurita.h"

typedef struct {
    uint8_t tile;
    double ron, tsumo, ron_r, tsumo_r; /* < 0: no win */
} win_entry;

#define TOTAL(s, i) ((s)->counts[(s)->total[i]]) /* the tiles state i holds, melds included */

/* Copies of u p may still draw holding h: the unseen ones less those h took beyond the 14 tiles. */
static double draw_weight(const jong_ku_params *pr, const uint8_t h[JONG_KINDS], const uint8_t c14[JONG_KINDS], int u)
{
    int extra = h[u] - c14[u];
    double w = pr->draw_w[u] - (extra > 0 ? extra : 0);
    return w > 0 ? w : 0;
}

/* sum_t w(t)/W max(ron(h, t), pass) over the other's discard t, given the pass value. */
static double with_rons(double pass, const win_entry *e, const win_entry *end, bool riichi, const double *w, double W)
{
    double v = pass;
    if (W <= 0)
        return v;
    for (; e < end; e++) {
        double ron = riichi ? e->ron_r : e->ron;
        if (w[e->tile] > 0 && ron >= 0 && ron > pass)
            v += w[e->tile] / W * (ron - pass);
    }
    return v;
}

/* The three discards between p's turns as calls see them (docs/experiments/kurita.md, M7): the
 * right player's and the one across (pon only), then the left player's (pon or chi), each a kind
 * t drawn with weight w(t) from the unseen tiles; p may call (then discards: layer n+1) or pass.
 * `after` is the value once the three have passed (the ron and draw stage). A[j] holds layer n+1. */
static double with_calls(double after, const jong_ku_space *s, int i, const double *A, double *callv,
                         const double *p_lose, const double *lose_ev, const double *w, double W)
{
    double *pon = callv, *any = callv + JONG_KINDS;
    for (int t = 0; t < 2 * JONG_KINDS; t++)
        callv[t] = -INFINITY;
    for (int e = s->call_start[i]; e < s->call_start[i + 1]; e++) {
        int t = s->call_taken[e], x = s->call_discard[e];
        double v = lose_ev[x] + (1 - p_lose[x]) * A[s->call_to[e]];
        if (v > any[t])
            any[t] = v;
        if (!JONG_KU_MELD_IS_CHI(s->call_meld[e]) && v > pon[t])
            pon[t] = v;
    }
    double v = after;
    for (int stage = 0; stage < 3; stage++) { /* left, across, right: backwards in time */
        const double *best = stage == 0 ? any : pon;
        double next = v;
        for (int t = 0; t < JONG_KINDS; t++)
            if (best[t] > next)
                v += w[t] / W * (best[t] - next);
    }
    return v;
}

static double washout(const jong_ku_params *pr, bool tenpai) { return tenpai ? pr->r_tenpai : pr->r_noten; }

int jong_ku_solve(const jong_ku_space *s, const jong_ku_params *pr, const uint8_t c14[JONG_KINDS], int drawn,
                  jong_ku_result *out, jong_error *err)
{
    int n = s->n, N = pr->horizon;
    if (N < 1 || N > JONG_KU_MAX_HORIZON)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: horizon %d outside 1..%d", N, JONG_KU_MAX_HORIZON);
    for (int k = 0; k < JONG_KINDS; k++)
        out->value[k] = out->value_riichi[k] = -INFINITY;
    out->tsumo = -INFINITY;
    out->states = 0;
    double *a = malloc(sizeof(double) * (size_t)n * 5);
    double *wsum = malloc(sizeof(double) * (size_t)n);
    int *win_start = malloc(sizeof(int) * (size_t)(n + 1));
    int nwins = 0;
    for (int i = 0; i < n; i++)
        nwins += __builtin_popcountll(s->waits[i]);
    win_entry *wins = malloc(sizeof(win_entry) * (size_t)(nwins ? nwins : 1));
    if (!a || !wsum || !win_start || !wins) {
        free(a), free(wsum), free(win_start), free(wins);
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    }
    double *A = a, *AR = a + n, *B = a + 2 * (size_t)n, *BR = a + 3 * (size_t)n;
    double *next_of = a + 4 * (size_t)n; /* per layer: a state's best continuation, riichi or not */
    /* the wins of every tenpai hand, and each hand's draw weights */
    int m = 0;
    for (int i = 0; i < n; i++) {
        win_start[i] = m;
        double W = 0;
        for (int u = 0; u < JONG_KINDS; u++)
            W += draw_weight(pr, TOTAL(s, i), c14, u);
        wsum[i] = W;
        for (uint64_t b = s->waits[i]; b; b &= b - 1) {
            int t = __builtin_ctzll(b);
            win_entry *e = &wins[m++];
            e->tile = (uint8_t)t;
            e->ron = e->tsumo = e->ron_r = e->tsumo_r = -1;
            if (!pr->wins)
                continue;
            if (s->nmelds[i]) { /* an open state: no riichi, the open hand's yaku */
                if (pr->win_open) {
                    e->tsumo = pr->win_open(pr->win_ctx, s->counts[i], s->melds[i], s->nmelds[i], t, true);
                    if (pr->ron)
                        e->ron = pr->win_open(pr->win_ctx, s->counts[i], s->melds[i], s->nmelds[i], t, false);
                }
                continue;
            }
            e->tsumo = pr->win(pr->win_ctx, s->counts[i], t, true, false);
            if (pr->ron)
                e->ron = pr->win(pr->win_ctx, s->counts[i], t, false, false);
            if (pr->riichi) {
                e->tsumo_r = pr->win(pr->win_ctx, s->counts[i], t, true, true);
                if (pr->ron)
                    e->ron_r = pr->win(pr->win_ctx, s->counts[i], t, false, true);
            }
        }
    }
    win_start[n] = m;
    int mr = 0; /* riichi copies: the wins of closed tenpai hands */
    for (int i = 0; i < n; i++)
        mr += s->nmelds[i] ? 0 : win_start[i + 1] - win_start[i];
    for (int i = 0; i < n; i++) {
        A[i] = washout(pr, s->shanten[i] == 0);
        AR[i] = s->nmelds[i]        ? -INFINITY
                : pr->riichi_payoffs ? pr->r_tenpai_riichi
                                     : pr->r_tenpai - pr->riichi_cost;
    }
    memcpy(B, A, sizeof(double) * (size_t)n * 2); /* states a layer skips keep defined values */
    long states = n + (pr->riichi ? mr : 0);
    double *callv = NULL; /* per kind: the best pon, the best chi (or pon) of the state */
    if (s->call_start && !(callv = malloc(sizeof(double) * 2 * JONG_KINDS))) {
        free(a), free(wsum), free(win_start), free(wins);
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    }
    for (int layer = N - 1; layer >= 1; layer--) {
        if (pr->stop && atomic_load_explicit(pr->stop, memory_order_relaxed)) {
            free(a), free(wsum), free(win_start), free(wins), free(callv);
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita: stopped with %d of %d layers left", layer, N - 1);
        }
        /* A, AR hold layer+1; compute layer into B, BR */
        double po = pr->p_other[layer], por = po * pr->riichi_p_other_scale;
        if (por > 1)
            por = 1;
        bool riichi_now = pr->riichi && layer + 1 < N;
        /* the risk of this layer's discards: the decision's, or the turn's (risk=turn) */
        const jong_ku_layer_risk *lr = pr->layer_risk;
        const double *p_lose = lr ? lr->p_lose[layer] : pr->p_lose, *lose_ev = lr ? lr->lose_ev[layer] : pr->lose_ev;
        const double *lose_ev_riichi = lr ? lr->lose_ev_riichi[layer] : pr->lose_ev_riichi;
        /* what reaching state j at layer + 1 is worth: declaring riichi there when it may */
        for (int j = 0; j < n; j++)
            next_of[j] = riichi_now && s->shanten[j] == 0 && AR[j] > A[j] ? AR[j] : A[j];
        for (int i = 0; i < n; i++) {
            /* a state that holds d tiles beyond the 14 is d exchanges (or calls) from every root,
             * so layer `layer` reaches it only when d < layer: its value there is never read */
            if (s->dist[i] >= layer)
                continue;
            const uint8_t *h = TOTAL(s, i);
            double W = wsum[i], w[JONG_KINDS];
            for (int u = 0; u < JONG_KINDS; u++)
                w[u] = draw_weight(pr, h, c14, u);
            bool tenpai = s->shanten[i] == 0 && !s->nmelds[i]; /* riichi needs a closed tenpai hand */
            double D[JONG_KINDS];
            double tsumo_at[JONG_KINDS], tsumo_r_at[JONG_KINDS];
            for (int u = 0; u < JONG_KINDS; u++)
                tsumo_at[u] = tsumo_r_at[u] = -1;
            for (int e = win_start[i]; e < win_start[i + 1]; e++) {
                tsumo_at[wins[e].tile] = wins[e].tsumo;
                tsumo_r_at[wins[e].tile] = wins[e].tsumo_r;
            }
            double keep = A[i], keep_r = riichi_now && tenpai ? AR[i] : -INFINITY;
            for (int u = 0; u < JONG_KINDS; u++) {
                double v = lose_ev[u] + (1 - p_lose[u]) * (keep > keep_r ? keep : keep_r);
                D[u] = tsumo_at[u] >= 0 && tsumo_at[u] > v ? tsumo_at[u] : v;
            }
            for (int e = s->edge_start[i]; e < s->edge_start[i + 1]; e++) {
                int u = s->edge_draw[e], x = s->edge_discard[e];
                double v = lose_ev[x] + (1 - p_lose[x]) * next_of[s->edge_to[e]];
                if (v > D[u])
                    D[u] = v;
            }
            double dbar = 0;
            if (W > 0) {
                for (int u = 0; u < JONG_KINDS; u++)
                    dbar += w[u] * D[u];
                dbar /= W;
            }
            double cont = with_rons(dbar, wins + win_start[i], wins + win_start[i + 1], false, w, W);
            if (s->call_start && s->call_start[i] < s->call_start[i + 1] && W > 0)
                cont = with_calls(cont, s, i, A, callv, p_lose, lose_ev, w, W);
            B[i] = po * pr->r_other + (1 - po) * cont;
            /* the riichi copy */
            BR[i] = -INFINITY;
            if (pr->riichi && tenpai) {
                double dr = 0;
                if (W > 0) {
                    for (int u = 0; u < JONG_KINDS; u++) {
                        if (w[u] <= 0)
                            continue;
                        double lv = pr->riichi_payoffs ? lose_ev_riichi[u] : lose_ev[u] - p_lose[u] * pr->riichi_cost;
                        double v = lv + (1 - p_lose[u]) * AR[i];
                        if (tsumo_r_at[u] >= 0 && tsumo_r_at[u] > v)
                            v = tsumo_r_at[u];
                        dr += w[u] * v;
                    }
                    dr /= W;
                }
                double contr = with_rons(dr, wins + win_start[i], wins + win_start[i + 1], true, w, W);
                BR[i] = por * (pr->riichi_payoffs ? pr->r_other_riichi : pr->r_other - pr->riichi_cost) +
                        (1 - por) * contr;
            }
        }
        states += n + (pr->riichi ? mr : 0);
        double *t = A;
        A = B, B = t;
        t = AR, AR = BR, BR = t;
    }
    /* the decision itself: A and AR hold layer 1 */
    bool riichi_root = pr->riichi && N > 1;
    for (int r = 0; r < s->nroots; r++) {
        int x = s->root_kind[r];
        out->after[r] = A[r];
        if (x >= JONG_KINDS)
            continue;
        out->value[x] = pr->lose_ev[x] + (1 - pr->p_lose[x]) * A[r];
        if (riichi_root && s->shanten[r] == 0)
            out->value_riichi[x] = pr->lose_ev[x] + (1 - pr->p_lose[x]) * AR[r];
    }
    if (pr->wins && drawn >= 0 && drawn < JONG_KINDS && c14[drawn] && s->nroots && s->root_kind[0] < JONG_KINDS) {
        uint8_t h[JONG_KINDS];
        memcpy(h, c14, sizeof h);
        h[drawn]--;
        int i = jong_ku_space_find(s, h);
        if (i >= 0 && (s->waits[i] >> drawn & 1)) {
            double v = pr->win(pr->win_ctx, h, drawn, true, false);
            if (v >= 0)
                out->tsumo = v;
        }
    }
    out->states = states;
    free(a), free(wsum), free(win_start), free(wins), free(callv);
    return JONG_OK;
}
