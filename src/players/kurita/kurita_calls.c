/* The reduced set's second step (Kurita and Hoki, Sec. VI-D (4); jong/kurita.h): the states of
 * which at most k mentsus are revealed by taking others' discards. A state is a closed member T
 * of the set (its total hand) with some of its pons and runs declared as melds, so revealing a
 * meld never changes which tiles the hand holds: a call is an exchange (take t, discard x) like a
 * draw, and its target's total is again a member. The states are the closure (every member, every
 * multiset of at most k mentsus it contains) over the members within the bound l given here,
 * which may be tighter than the closed set's (the player's choice at shanten 2); the edges follow
 * it: a call or an open state's draw only from a total within it to a total within it. */
#include <stdlib.h>
#include <string.h>

#include "engine/game_riichi.h"
#include "kurita.h"
#include "kurita_space_internal.h"

/* Are the tiles of meld m in c? */
static bool meld_fits(const uint8_t c[JONG_KINDS], int m)
{
    int k = JONG_KU_MELD_KIND(m);
    if (!JONG_KU_MELD_IS_CHI(m))
        return c[k] >= 3;
    return c[k] && c[k + 1] && c[k + 2];
}

static void meld_take(uint8_t c[JONG_KINDS], int m, int sign)
{
    int k = JONG_KU_MELD_KIND(m);
    for (int i = 0; i < 3; i++)
        c[JONG_KU_MELD_IS_CHI(m) ? k + i : k] = (uint8_t)(c[JONG_KU_MELD_IS_CHI(m) ? k + i : k] - sign);
}

/* A meld code is a chi only on a number kind of rank 1-7. */
static bool meld_valid(int m)
{
    if (!JONG_KU_MELD_IS_CHI(m))
        return true;
    int low = JONG_KU_MELD_KIND(m);
    return low < 27 && low % 9 <= 6;
}

/* Every multiset of melds (codes >= from, non-decreasing) of the rest c of total T, added as
 * states; false out of memory. */
static bool add_closure(jong_ku_space *s, int T, uint8_t c[JONG_KINDS], uint8_t *melds, int nm, int from, int k,
                        int max_hands)
{
    for (int m = from; m < 2 * JONG_KINDS; m++) {
        if (!meld_valid(m) || !meld_fits(c, m))
            continue;
        meld_take(c, m, 1);
        melds[nm] = (uint8_t)m;
        int i = ku_space_add_state(s, c, melds, nm + 1, ku_space_key(c, melds, nm + 1), T, s->sets, s->dist[T], max_hands);
        bool ok = i >= 0 || s->truncated;
        if (ok && nm + 1 < k)
            ok = add_closure(s, T, c, melds, nm + 1, m, k, max_hands);
        meld_take(c, m, -1);
        if (!ok)
            return false;
    }
    return true;
}

static bool within(const jong_ku_space *s, int j, int l) { return j >= 0 && s->dist[j] + s->shanten[j] <= l; }

/* The call edges of state i that take t into meld m, c being its concealed tiles less the two it
 * lays down; false out of memory. */
static bool add_call_discards(jong_ku_space *s, int i, uint8_t c[JONG_KINDS], int t, int m, int l)
{
    int nm = s->nmelds[i];
    uint8_t melds[JONG_KU_MAX_CALLS];
    int p = 0;
    for (int q = 0; q < nm; q++) /* insert m in order */
        if (s->melds[i][q] <= m)
            melds[p++] = s->melds[i][q];
    melds[p] = (uint8_t)m;
    for (int q = p; q < nm; q++)
        melds[q + 1] = s->melds[i][q];
    uint64_t banned = riichi_kuikae_banned(JONG_KU_MELD_IS_CHI(m) ? JONG_ACT_CHI : JONG_ACT_PON, t,
                                           JONG_KU_MELD_KIND(m));
    uint8_t T[JONG_KINDS];
    memcpy(T, s->counts[s->total[i]], sizeof T);
    T[t]++;
    for (int x = 0; x < JONG_KINDS; x++) {
        if (!c[x] || banned >> x & 1)
            continue;
        T[x]--;
        bool ok = within(s, jong_ku_space_find(s, T), l);
        T[x]++;
        if (!ok)
            continue;
        c[x]--;
        int j = jong_ku_space_find_open(s, c, melds, nm + 1);
        c[x]++;
        if (j >= 0 && ku_space_add_call(s, t, m, x, j))
            return false;
    }
    return true;
}

int jong_ku_space_add_calls(jong_ku_space *s, const uint8_t c14[JONG_KINDS], const uint8_t avail[JONG_KINDS], int k,
                            int l, int max_hands, jong_error *err)
{
    if (k > s->sets)
        k = s->sets;
    if (k > JONG_KU_MAX_CALLS)
        k = JONG_KU_MAX_CALLS;
    if (k <= 0 || s->k)
        return JONG_OK;
    s->k = k;
    uint8_t top[JONG_KINDS];
    for (int u = 0; u < JONG_KINDS; u++) {
        int t = c14[u] + avail[u];
        top[u] = (uint8_t)(t > 4 ? 4 : t);
    }
    int nclosed = s->nclosed;
    int *cs = malloc(sizeof(int) * ((size_t)s->cap + 1));
    if (!cs)
        goto oom;
    s->call_start = cs;
    /* the states: each closed member with up to k of its mentsus revealed */
    for (int T = 0; T < nclosed; T++) {
        if (!within(s, T, l))
            continue; /* (a root beyond the bound: nothing could call into it) */
        uint8_t c[JONG_KINDS], melds[JONG_KU_MAX_CALLS];
        memcpy(c, s->counts[T], sizeof c);
        if (!add_closure(s, T, c, melds, 0, 0, k, max_hands))
            goto oom;
    }
    /* draw edges of the open states: their total's, when the discard is concealed */
    for (int i = nclosed; i < s->n; i++) {
        s->edge_start[i] = s->nedges;
        int T = s->total[i];
        uint8_t c[JONG_KINDS];
        memcpy(c, s->counts[i], sizeof c);
        for (int e = s->edge_start[T]; e < s->edge_start[T + 1]; e++) {
            int u = s->edge_draw[e], x = s->edge_discard[e];
            if (!c[x])
                continue;
            c[u]++, c[x]--;
            int j = jong_ku_space_find_open(s, c, s->melds[i], s->nmelds[i]);
            c[u]--, c[x]++;
            if (j >= 0 && ku_space_add_edge(s, u, x, j))
                goto oom;
        }
    }
    s->edge_start[s->n] = s->nedges;
    /* call edges: a pon of a kind held twice, a chi of a run held but for t */
    for (int i = 0; i < s->n; i++) {
        s->call_start[i] = s->ncalls;
        if (s->nmelds[i] >= k || !within(s, s->total[i], l))
            continue;
        const uint8_t *T = s->counts[s->total[i]];
        uint8_t c[JONG_KINDS];
        memcpy(c, s->counts[i], sizeof c);
        for (int t = 0; t < JONG_KINDS; t++) {
            if (T[t] >= top[t])
                continue; /* no copy left to take */
            if (c[t] >= 2) {
                c[t] -= 2;
                bool ok = add_call_discards(s, i, c, t, JONG_KU_MELD_PON(t), l);
                c[t] += 2;
                if (!ok)
                    goto oom;
            }
            if (t >= 27)
                continue;
            for (int low = t - 2; low <= t; low++) {
                if (low < 0 || low / 9 != t / 9 || low % 9 > 6)
                    continue;
                bool have = true;
                for (int q = low; q < low + 3; q++)
                    have &= q == t || c[q] > 0;
                if (!have)
                    continue;
                for (int q = low; q < low + 3; q++)
                    c[q] -= q != t;
                bool ok = add_call_discards(s, i, c, t, JONG_KU_MELD_CHI(low), l);
                for (int q = low; q < low + 3; q++)
                    c[q] += q != t;
                if (!ok)
                    goto oom;
            }
        }
    }
    s->call_start[s->n] = s->ncalls;
    return JONG_OK;
oom:
    jong_ku_space_free(s);
    return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
}
