/* The final-rank regression of the kurita player and the exact end of a game (jong/kurita_rank.h).
 *
 * Features of seat p (docs/experiments/kurita.md, "Rank payoffs"), with L the hands nominally
 * left and r = 1/sqrt(L): a score lead over another seat matters more as hands run out (the
 * spread of the score changes to come grows like sqrt(L)), so leads enter as z = lead x r / 10000.
 *   0      bias
 *   1-3    z to the three others sorted by score (best first, ties to the lower seat); a tie at
 *          the end goes to the lower seat, so a lead counts 50 points more (less) against a later
 *          (earlier) seat
 *   4-6    tanh of the same (the chance of passing someone saturates)
 *   7      p is the dealer, x r
 *   8-10   each sorted other is the dealer, x r
 *   11     hands left where p deals, x r
 *   12-14  hands left where each sorted other deals, x r
 *   15     riichi sticks on the table, 1000 each, x r / 10000
 *   16     honba x r
 *   17     r
 *   18     the extension round (every hand may be the last) */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game_riichi.h"
#include "kurita_rank.h"

int jong_ku_hands_left(int kyoku, bool tonpuu)
{
    int last = tonpuu ? 3 : 7;
    return kyoku <= last ? last - kyoku + 1 : 1;
}

static int dealer_hands_left(int kyoku, bool tonpuu, int seat)
{
    int last = tonpuu ? 3 : 7, n = 0;
    if (kyoku > last)
        return kyoku % 4 == seat;
    for (int k = kyoku; k <= last; k++)
        n += k % 4 == seat;
    return n;
}

/* Does seat a finish above seat b with these scores (ties to the lower seat)? */
static bool above(const int32_t sc[4], int a, int b) { return sc[a] > sc[b] || (sc[a] == sc[b] && a < b); }

int jong_ku_rank_now(const int32_t scores[4], int seat)
{
    int r = 0;
    for (int o = 0; o < 4; o++)
        r += o != seat && above(scores, o, seat);
    return r;
}

void jong_ku_rank_features(const jong_ku_situation *s, int seat, double f[JONG_KU_RANK_FEATURES])
{
    int L = jong_ku_hands_left(s->kyoku, s->tonpuu);
    double r = 1 / sqrt((double)L), sc = r / 10000;
    int o[3], n = 0;
    for (int k = 0; k < 4; k++)
        if (k != seat)
            o[n++] = k;
    for (int i = 1; i < 3; i++) /* insertion sort, best first */
        for (int j = i; j > 0 && above(s->scores, o[j], o[j - 1]); j--) {
            int t = o[j];
            o[j] = o[j - 1];
            o[j - 1] = t;
        }
    int dealer = s->kyoku % 4;
    f[0] = 1;
    for (int j = 0; j < 3; j++) {
        double lead = (double)s->scores[seat] - s->scores[o[j]] + (seat < o[j] ? 50 : -50);
        f[1 + j] = lead * sc;
        f[4 + j] = tanh(lead * sc);
        f[8 + j] = (o[j] == dealer) * r;
        f[12 + j] = dealer_hands_left(s->kyoku, s->tonpuu, o[j]) * r;
    }
    f[7] = (seat == dealer) * r;
    f[11] = dealer_hands_left(s->kyoku, s->tonpuu, seat) * r;
    f[15] = s->sticks * 1000.0 * sc;
    f[16] = s->honba * r;
    f[17] = r;
    f[18] = s->kyoku > (s->tonpuu ? 3 : 7);
}

static void softmax(const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES], const double *f, double p[JONG_KU_RANKS])
{
    double z[JONG_KU_RANKS], m = -INFINITY, sum = 0;
    for (int c = 0; c < JONG_KU_RANKS; c++) {
        z[c] = 0;
        for (int k = 0; k < JONG_KU_RANK_FEATURES; k++)
            z[c] += w[c][k] * f[k];
        if (z[c] > m)
            m = z[c];
    }
    for (int c = 0; c < JONG_KU_RANKS; c++)
        sum += p[c] = exp(z[c] - m);
    for (int c = 0; c < JONG_KU_RANKS; c++)
        p[c] /= sum;
}

void jong_ku_rank_probs(const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES], const jong_ku_situation *s, int seat,
                        double p[JONG_KU_RANKS])
{
    double f[JONG_KU_RANK_FEATURES];
    jong_ku_rank_features(s, seat, f);
    softmax(w, f, p);
}

/* ---- training rows ---- */

static int grow(jong_ku_rank_data *d)
{
    if (d->n + 4 <= d->cap)
        return 0;
    size_t cap = d->cap ? d->cap * 2 : 4096;
    jong_ku_situation *s = realloc(d->sit, cap * sizeof *s);
    if (s)
        d->sit = s;
    uint8_t *a = realloc(d->seat, cap), *b = s ? realloc(d->rank, cap) : NULL;
    if (a)
        d->seat = a;
    if (b)
        d->rank = b;
    uint32_t *g = realloc(d->game, cap * sizeof *g);
    if (g)
        d->game = g;
    if (!s || !a || !b || !g)
        return -1;
    d->cap = cap;
    return 0;
}

int jong_ku_rank_add_log(jong_ku_rank_data *d, const jong_mjai_log *log, uint32_t game, jong_error *err)
{
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "rank rows: not a four-player game");
    const jong_mjai_event *end = NULL;
    for (size_t i = log->n; i-- > 0;)
        if (log->ev[i].type == JONG_MJAI_END_GAME && (log->ev[i].has & JONG_MJAI_HAS_SCORES)) {
            end = &log->ev[i];
            break;
        }
    if (!end)
        return jong_error_set(err, JONG_ERR_ARG, -1, "rank rows: the game has no end with final scores");
    size_t before = d->n;
    for (size_t i = 0; i < log->n; i++) {
        const jong_mjai_event *ev = &log->ev[i];
        if (ev->type != JONG_MJAI_START_KYOKU)
            continue;
        if (!(ev->has & JONG_MJAI_HAS_SCORES) || ev->bakaze < 0 || ev->bakaze > 3 || ev->kyoku < 1 || ev->kyoku > 4) {
            d->n = before;
            return jong_error_set(err, JONG_ERR_ARG, (int)i, "rank rows: event %zu: a hand start without scores or round",
                                  i);
        }
        if (grow(d)) {
            d->n = before;
            return jong_error_set(err, JONG_ERR_IO, -1, "rank rows: out of memory");
        }
        jong_ku_situation s;
        memcpy(s.scores, ev->scores, sizeof s.scores);
        s.kyoku = ev->bakaze * 4 + ev->kyoku - 1;
        s.honba = ev->honba;
        s.sticks = ev->kyotaku;
        s.tonpuu = !log->east_south;
        for (int seat = 0; seat < 4; seat++) {
            d->sit[d->n] = s;
            d->seat[d->n] = (uint8_t)seat;
            d->rank[d->n] = (uint8_t)jong_ku_rank_now(end->scores, seat);
            d->game[d->n] = game;
            d->n++;
        }
    }
    return JONG_OK;
}

void jong_ku_rank_data_free(jong_ku_rank_data *d)
{
    free(d->sit);
    free(d->seat);
    free(d->rank);
    free(d->game);
    memset(d, 0, sizeof *d);
}

/* ---- Newton's method ---- */

#define NP ((JONG_KU_RANKS - 1) * JONG_KU_RANK_FEATURES)

/* Solves H x = g in place (H symmetric positive definite, Cholesky); false when it is not. */
static bool cholesky_solve(double *H, double *g, int n)
{
    for (int j = 0; j < n; j++) {
        double s = H[j * n + j];
        for (int k = 0; k < j; k++)
            s -= H[j * n + k] * H[j * n + k];
        if (!(s > 0))
            return false;
        H[j * n + j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double t = H[i * n + j];
            for (int k = 0; k < j; k++)
                t -= H[i * n + k] * H[j * n + k];
            H[i * n + j] = t / H[j * n + j];
        }
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            g[i] -= H[i * n + k] * g[k];
        g[i] /= H[i * n + i];
    }
    for (int i = n; i-- > 0;) {
        for (int k = i + 1; k < n; k++)
            g[i] -= H[k * n + i] * g[k];
        g[i] /= H[i * n + i];
    }
    return true;
}

int jong_ku_rank_fit(const jong_ku_rank_data *d, const size_t *rows, size_t n, double lambda,
                     double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES])
{
    memset(w, 0, sizeof(double) * JONG_KU_RANKS * JONG_KU_RANK_FEATURES);
    double *H = malloc(sizeof(double) * NP * NP), g[NP];
    if (!H)
        return 0;
    int it;
    for (it = 0; it < 25; it++) {
        memset(H, 0, sizeof(double) * NP * NP);
        memset(g, 0, sizeof g);
        for (size_t r = 0; r < n; r++) {
            size_t i = rows[r];
            double f[JONG_KU_RANK_FEATURES], p[JONG_KU_RANKS];
            jong_ku_rank_features(&d->sit[i], d->seat[i], f);
            softmax((const double(*)[JONG_KU_RANK_FEATURES])w, f, p);
            for (int c = 0; c < JONG_KU_RANKS - 1; c++) {
                double e = p[c] - (d->rank[i] == c);
                for (int k = 0; k < JONG_KU_RANK_FEATURES; k++)
                    g[c * JONG_KU_RANK_FEATURES + k] += e * f[k];
                for (int c2 = 0; c2 <= c; c2++) {
                    double h = p[c] * ((c == c2) - p[c2]);
                    for (int k = 0; k < JONG_KU_RANK_FEATURES; k++) {
                        double hk = h * f[k];
                        double *row = H + (size_t)(c * JONG_KU_RANK_FEATURES + k) * NP + c2 * JONG_KU_RANK_FEATURES;
                        int top = c2 == c ? k + 1 : JONG_KU_RANK_FEATURES;
                        for (int k2 = 0; k2 < top; k2++)
                            row[k2] += hk * f[k2];
                    }
                }
            }
        }
        for (int a = 0; a < NP; a++) { /* the penalty (not on the biases), and the upper half */
            if (a % JONG_KU_RANK_FEATURES) {
                H[a * NP + a] += lambda;
                g[a] += lambda * w[a / JONG_KU_RANK_FEATURES][a % JONG_KU_RANK_FEATURES];
            }
            H[a * NP + a] += 1e-9;
            for (int b = 0; b < a; b++)
                H[b * NP + a] = H[a * NP + b];
        }
        if (!cholesky_solve(H, g, NP))
            break;
        double step = 0;
        for (int a = 0; a < NP; a++) {
            w[a / JONG_KU_RANK_FEATURES][a % JONG_KU_RANK_FEATURES] -= g[a];
            step = fmax(step, fabs(g[a]));
        }
        if (step < 1e-9)
            break;
    }
    free(H);
    return it + 1;
}

double jong_ku_rank_logloss(const jong_ku_rank_data *d, const size_t *rows, size_t n,
                            const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES])
{
    double loss = 0;
    for (size_t r = 0; r < n; r++) {
        double p[JONG_KU_RANKS];
        jong_ku_rank_probs(w, &d->sit[rows[r]], d->seat[rows[r]], p);
        loss -= log(fmax(p[d->rank[rows[r]]], 1e-300));
    }
    return n ? loss / (double)n : 0;
}

double jong_ku_rank_baseline_logloss(const jong_ku_rank_data *d, const size_t *train, size_t ntrain,
                                     const size_t *test, size_t ntest)
{
    double c[4][4];
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            c[a][b] = 1;
    for (size_t r = 0; r < ntrain; r++) {
        size_t i = train[r];
        c[jong_ku_rank_now(d->sit[i].scores, d->seat[i])][d->rank[i]] += 1;
    }
    double loss = 0;
    for (size_t r = 0; r < ntest; r++) {
        size_t i = test[r];
        int now = jong_ku_rank_now(d->sit[i].scores, d->seat[i]);
        double tot = c[now][0] + c[now][1] + c[now][2] + c[now][3];
        loss -= log(c[now][d->rank[i]] / tot);
    }
    return ntest ? loss / (double)ntest : 0;
}

/* ---- the end of the hand ---- */

void jong_ku_rank_values(const jong_ruleset *rs, double v[JONG_KU_RANKS])
{
    for (int r = 0; r < JONG_KU_RANKS; r++)
        v[r] = rs->uma[r];
    v[0] += 4.0 * (rs->return_score - rs->start_score) / 1000;
}

bool jong_ku_game_over(const jong_ruleset *rs, const jong_ku_situation *now, const jong_ku_hand_end *e, int rank[4],
                       int result[4], jong_ku_situation *next)
{
    int32_t sc[4];
    for (int s = 0; s < 4; s++)
        sc[s] = now->scores[s] + e->deltas[s];
    jong_ruleset r = *rs;
    r.tonpuu = now->tonpuu;
    int dealer = now->kyoku % 4, nk = now->kyoku, nh = now->honba;
    if (riichi_next_hand(&r, now->kyoku, now->honba, e->dealer_keeps, e->drawn, false, sc, dealer, &nk, &nh)) {
        /* the sticks left go to the first (ties to the lower seat), as the engine's end of game */
        int first = 0;
        for (int s = 1; s < 4; s++)
            if (sc[s] > sc[first])
                first = s;
        sc[first] += 1000 * e->sticks_left;
        riichi_final_result(sc, rs->uma, rs->return_score, rank, result);
        return true;
    }
    memcpy(next->scores, sc, sizeof sc);
    next->kyoku = nk;
    next->honba = nh;
    next->sticks = e->sticks_left;
    next->tonpuu = now->tonpuu;
    return false;
}

double jong_ku_end_payoff(const jong_ruleset *rs, const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES],
                          const jong_ku_situation *now, int seat, const jong_ku_hand_end *e, int mode)
{
    double rv[JONG_KU_RANKS];
    jong_ku_rank_values(rs, rv);
    int rank[4], result[4];
    jong_ku_situation next;
    if (jong_ku_game_over(rs, now, e, rank, result, &next))
        return mode == JONG_KU_PAYOFF_RESULT ? result[seat] : rv[rank[seat]];
    double p[JONG_KU_RANKS], v = 0;
    jong_ku_rank_probs(w, &next, seat, p);
    for (int r = 0; r < JONG_KU_RANKS; r++)
        v += p[r] * rv[r];
    if (mode == JONG_KU_PAYOFF_RESULT)
        v += (next.scores[seat] - rs->return_score) / 1000.0;
    return v;
}
