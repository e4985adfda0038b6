/* One rollout of the whole table (table_rollout.h). */
#include "table_rollout.h"

#include <string.h>

#include "jong/eval.h"
#include "rollout.h"

static void shuffle(jong_rng *rng, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)jong_rng_below(rng, (uint32_t)(i + 1));
        uint8_t x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

void jong_table_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], const int concealed[JONG_SEATS],
                     const int draws[JONG_SEATS], int me, int wall_left, jong_table_sim *t, uint8_t *wall)
{
    uint8_t all[4 * JONG_KINDS], back[4 * JONG_KINDS];
    int total = 0, nback = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int i = 0; i < pool[k] && total < 4 * JONG_KINDS; i++)
            all[total++] = (uint8_t)k;
    shuffle(rng, all, total);
    int pos = 0;
    for (int s = 0; s < JONG_SEATS; s++) {
        if (s == me)
            continue;
        uint8_t *c = t->c[s];
        memset(c, 0, JONG_KINDS);
        for (int i = 0; i < concealed[s] && pos < total; i++)
            c[all[pos++]]++;
        /* the draws it has made, each kept or thrown as greedy would: a hand shaped by its play */
        for (int i = 0; i < draws[s] && pos < total; i++) {
            c[all[pos++]]++;
            int d = jong_rollout_greedy_discard(c, t->sets[s], t->weight);
            c[d]--;
            back[nback++] = (uint8_t)d;
        }
    }
    memcpy(all + pos - nback, back, (size_t)nback); /* the thrown tiles go back among the unseen */
    pos -= nback;
    shuffle(rng, all + pos, total - pos);
    int n = total - pos < wall_left ? total - pos : wall_left;
    memcpy(wall, all + pos, (size_t)(n > 0 ? n : 0));
    t->wall = wall;
    t->n = n > 0 ? n : 0;
    t->pos = 0;
}

void jong_table_sim_seat(jong_table_sim *t, int s)
{
    int dist;
    uint64_t w = jong_lowering_draws(t->c[s], t->sets[s], (1ull << JONG_KINDS) - 1, &dist);
    t->waits[s] = dist == 1 ? w : 0;
    t->lower[s] = w;
    t->sh[s] = (int8_t)(dist - 1);
}

/* Greedy's claim of thrown tile x by seat s (a pong; a chow too when `chow`): the best claim that
 * lowers the shanten, applied with its discard; returns the discarded kind, or -1 for a pass. */
static int greedy_claim(jong_table_sim *t, int s, int x, bool chow)
{
    uint8_t *c = t->c[s];
    int take[2];
    if (t->sets[s] < 1 || jong_rollout_best_claim(c, t->sets[s], x, chow, t->sh[s], take) >= 99)
        return -1;
    c[take[0]]--;
    c[take[1]]--;
    t->sets[s]--;
    int d = jong_rollout_greedy_discard(c, t->sets[s], t->weight);
    c[d]--;
    jong_table_sim_seat(t, s);
    return d;
}

/* The payoff to `me` of a win by `winner` off `from` (from = winner: a self-draw). */
static double payoff(const jong_table_payoff *p, int me, int winner, int from)
{
    if (winner == from)
        return winner == me ? 3 * p->self_draw : -p->self_draw;
    if (winner == me)
        return p->win;
    return from == me ? -p->win : 0;
}

double jong_table_sim_run(jong_table_sim *t, const jong_table_payoff *p, int me, int cur, int x, unsigned skip)
{
    for (;;) {
        /* a win on x: the first seat after the discarder that can (head-bump) */
        for (int i = 1; i < JONG_SEATS; i++) {
            int s = (cur + i) % JONG_SEATS;
            if (!(skip >> s & 1) && (t->waits[s] >> x & 1))
                return payoff(p, me, s, cur);
        }
        /* a pong by anyone (at most one seat holds two of x), else a chow by the next seat */
        int claimer = -1, d = -1;
        for (int i = 1; i < JONG_SEATS && claimer < 0; i++) {
            int s = (cur + i) % JONG_SEATS;
            if (!(skip >> s & 1) && t->c[s][x] >= 2 && (d = greedy_claim(t, s, x, false)) >= 0)
                claimer = s;
        }
        if (claimer < 0) {
            int s = (cur + 1) % JONG_SEATS;
            if (!(skip >> s & 1) && (d = greedy_claim(t, s, x, true)) >= 0)
                claimer = s;
        }
        skip = 0;
        if (claimer >= 0) {
            cur = claimer;
            x = d;
            continue;
        }
        cur = (cur + 1) % JONG_SEATS;
        if (t->pos >= t->n)
            return 0; /* the wall is used up */
        int y = t->wall[t->pos++];
        if (t->waits[cur] >> y & 1)
            return payoff(p, me, cur, cur);
        if (t->fast && !(t->lower[cur] >> y & 1)) {
            x = y; /* the hand and its state stay as they are */
            continue;
        }
        t->c[cur][y]++;
        x = jong_rollout_greedy_discard(t->c[cur], t->sets[cur], t->weight);
        t->c[cur][x]--;
        jong_table_sim_seat(t, cur);
    }
}
