/* The kurita MDP's recursive expectimax (support/kurita_ref.h). */
#include "support/kurita_ref.h"

#include <math.h>
#include <string.h>

#include "jong/eval.h"

void kr_meld_kinds(int m, int out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = m >= JONG_KINDS ? m - JONG_KINDS + i : m;
}

bool kr_is_meld(int m)
{
    if (m < JONG_KINDS)
        return true;
    int low = m - JONG_KINDS;
    return low < 27 && low % 9 <= 6;
}

bool kr_holds(const uint8_t c[JONG_KINDS], int m)
{
    int k[3];
    kr_meld_kinds(m, k);
    uint8_t t[JONG_KINDS];
    memcpy(t, c, sizeof t);
    for (int i = 0; i < 3; i++)
        if (t[k[i]]-- == 0)
            return false;
    return true;
}

void kr_lay(uint8_t c[JONG_KINDS], int m, int sign)
{
    int k[3];
    kr_meld_kinds(m, k);
    for (int i = 0; i < 3; i++)
        c[k[i]] = (uint8_t)(c[k[i]] - sign);
}

/* Tenhou's kuikae: the taken kind, and after a chi taken at one end the kind beyond the other. */
bool kr_banned(int m, int t, int x)
{
    if (x == t)
        return true;
    if (m < JONG_KINDS)
        return false;
    int low = m - JONG_KINDS;
    if (t == low && low % 9 + 3 <= 8 && x == low + 3)
        return true;
    if (t == low + 2 && low % 9 >= 1 && x == low - 1)
        return true;
    return false;
}

bool kr_member_within(const jong_ku_space *s, const uint8_t T[JONG_KINDS], int l)
{
    int j = jong_ku_space_find(s, T);
    return j >= 0 && j < s->nclosed && s->dist[j] + s->shanten[j] <= l;
}

static void total_of(const kr_state *st, uint8_t T[JONG_KINDS])
{
    memcpy(T, st->c, JONG_KINDS);
    for (int m = 0; m < st->nm; m++)
        kr_lay(T, st->melds[m], -1);
}

static double weight(const kr_ctx *x, const uint8_t T[JONG_KINDS], int u)
{
    int extra = T[u] - x->c14[u];
    double w = x->pr->draw_w[u] - (extra > 0 ? extra : 0);
    return w > 0 ? w : 0;
}

static bool completes(const kr_state *st, int sets, int t)
{
    uint8_t h[JONG_KINDS];
    memcpy(h, st->c, sizeof h);
    h[t]++;
    return h[t] <= 4 && jong_shanten_standard(h, sets - st->nm) == -1;
}

/* May the total move from T to T2? (both within the bound, in the reduced case: l for a closed
 * hand's draw, lk for a call or an open state's draw) */
static bool allowed(const kr_ctx *x, const uint8_t T[JONG_KINDS], const uint8_t T2[JONG_KINDS], bool open)
{
    int l = open ? x->lk : x->l;
    return !x->s || (kr_member_within(x->s, T, l) && kr_member_within(x->s, T2, l));
}

/* The closed move T -> T2 by draw u and discard d: is it an edge of s? */
static bool is_edge(const jong_ku_space *s, const uint8_t T[JONG_KINDS], const uint8_t T2[JONG_KINDS], int u, int d)
{
    int i = jong_ku_space_find(s, T), j = jong_ku_space_find(s, T2);
    if (i < 0)
        return false;
    for (int e = s->edge_start[i]; e < s->edge_start[i + 1]; e++)
        if (s->edge_draw[e] == u && s->edge_discard[e] == d && s->edge_to[e] == j)
            return true;
    return false;
}

static double win(const kr_ctx *x, const kr_state *st, int t, bool tsumo, bool riichi)
{
    const jong_ku_params *pr = x->pr;
    if (!pr->wins || (!tsumo && !pr->ron) || !completes(st, x->sets, t))
        return -1;
    if (st->nm)
        return pr->win_open(pr->win_ctx, st->c, st->melds, st->nm, t, tsumo);
    return pr->win(pr->win_ctx, st->c, t, tsumo, riichi);
}

/* The deal-in chance and expected loss of p's discard at layer n (risk=turn's row n, else the
 * decision's). */
static const double *p_lose_at(const jong_ku_params *pr, int n)
{
    return pr->layer_risk ? pr->layer_risk->p_lose[n] : pr->p_lose;
}
static const double *lose_ev_at(const jong_ku_params *pr, int n)
{
    return pr->layer_risk ? pr->layer_risk->lose_ev[n] : pr->lose_ev;
}

/* D(state, u, n): p holds the state and drew u. */
static double ref_D(kr_ctx *x, const kr_state *st, int u, int n, bool riichi)
{
    const jong_ku_params *pr = x->pr;
    const double *p_lose = p_lose_at(pr, n), *lose_ev = lose_ev_at(pr, n);
    double best = -INFINITY;
    double w = win(x, st, u, true, riichi);
    if (w >= 0)
        best = w;
    if (riichi) {
        double v = lose_ev[u] - p_lose[u] * pr->riichi_cost + (1 - p_lose[u]) * kr_A(x, st, n + 1, true);
        return v > best ? v : best;
    }
    bool may_riichi = pr->riichi && n + 1 < pr->horizon && st->nm == 0;
    uint8_t T[JONG_KINDS];
    total_of(st, T);
    kr_state nx = *st;
    nx.c[u]++;
    for (int d = 0; d < JONG_KINDS; d++) {
        if (!nx.c[d])
            continue;
        uint8_t T2[JONG_KINDS];
        memcpy(T2, T, sizeof T2);
        T2[u]++;
        T2[d]--;
        bool ok = d == u || allowed(x, T, T2, st->nm > 0);
        if (x->s && d != u && st->nm == 0 && ok != is_edge(x->s, T, T2, u, d))
            x->edge_mismatches++;
        if (!ok)
            continue;
        nx.c[d]--;
        double next = kr_A(x, &nx, n + 1, false);
        if (may_riichi && jong_shanten_standard(nx.c, x->sets) == 0) {
            double vr = kr_A(x, &nx, n + 1, true);
            if (vr > next)
                next = vr;
        }
        nx.c[d]++;
        double v = lose_ev[d] + (1 - p_lose[d]) * next;
        if (v > best)
            best = v;
    }
    return best;
}

/* The best call on a discard of t (chi too when chi is set), -inf when none. */
static double ref_call(kr_ctx *x, const kr_state *st, int t, bool chi, int n)
{
    const jong_ku_params *pr = x->pr;
    const double *p_lose = p_lose_at(pr, n), *lose_ev = lose_ev_at(pr, n);
    double best = -INFINITY;
    uint8_t T[JONG_KINDS];
    total_of(st, T);
    for (int m = 0; m < 2 * JONG_KINDS; m++) {
        int k[3];
        kr_meld_kinds(m, k);
        if (!kr_is_meld(m) || (m >= JONG_KINDS && !chi) || (k[0] != t && k[1] != t && k[2] != t))
            continue;
        kr_state nx = *st;
        nx.c[t]++;
        if (!kr_holds(nx.c, m))
            continue;
        kr_lay(nx.c, m, 1);
        nx.melds[nx.nm++] = (uint8_t)m;
        for (int a = nx.nm - 1; a > 0 && nx.melds[a] < nx.melds[a - 1]; a--) {
            uint8_t tmp = nx.melds[a];
            nx.melds[a] = nx.melds[a - 1];
            nx.melds[a - 1] = tmp;
        }
        for (int d = 0; d < JONG_KINDS; d++) {
            if (!nx.c[d] || kr_banned(m, t, d))
                continue;
            uint8_t T2[JONG_KINDS];
            memcpy(T2, T, sizeof T2);
            T2[t]++;
            T2[d]--;
            if (!allowed(x, T, T2, true))
                continue;
            nx.c[d]--;
            double v = lose_ev[d] + (1 - p_lose[d]) * kr_A(x, &nx, n + 1, false);
            nx.c[d]++;
            if (v > best)
                best = v;
        }
    }
    return best;
}

double kr_A(kr_ctx *x, const kr_state *st, int n, bool riichi)
{
    const jong_ku_params *pr = x->pr;
    double cost = riichi ? pr->riichi_cost : 0;
    if (n >= pr->horizon)
        return (jong_shanten_standard(st->c, x->sets - st->nm) == 0 ? pr->r_tenpai : pr->r_noten) - cost;
    uint8_t T[JONG_KINDS];
    total_of(st, T);
    double W = 0;
    for (int u = 0; u < JONG_KINDS; u++)
        W += weight(x, T, u);
    double dbar = 0;
    for (int u = 0; u < JONG_KINDS; u++) {
        double w = weight(x, T, u);
        if (w > 0)
            dbar += w / W * ref_D(x, st, u, n, riichi);
    }
    /* the ron and draw stage: one discard of the chance player, ron or pass to the draw */
    double v = 0;
    for (int t = 0; t < JONG_KINDS; t++) {
        double w = weight(x, T, t);
        if (w <= 0)
            continue;
        double ron = win(x, st, t, false, riichi);
        v += w / W * (ron >= 0 && ron > dbar ? ron : dbar);
    }
    /* before it, three discards p may call, backwards in time: the left player's (chi or pon),
     * the one across, the right player's (pon) */
    if (!riichi && st->nm < x->k && W > 0)
        for (int stage = 0; stage < 3; stage++) {
            double next = v, acc = 0;
            for (int t = 0; t < JONG_KINDS; t++) {
                double w = weight(x, T, t);
                if (w <= 0)
                    continue;
                double c = ref_call(x, st, t, stage == 0, n);
                acc += w / W * (c > next ? c : next);
            }
            v = acc;
        }
    double po = pr->p_other[n] * (riichi ? pr->riichi_p_other_scale : 1);
    if (po > 1)
        po = 1;
    return po * (pr->r_other - cost) + (1 - po) * v;
}

double kr_closed_A(kr_ctx *x, const uint8_t h[JONG_KINDS], int n, bool riichi)
{
    kr_state st;
    memset(&st, 0, sizeof st);
    memcpy(st.c, h, JONG_KINDS);
    return kr_A(x, &st, n, riichi);
}
