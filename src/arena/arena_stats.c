/* Arena statistics: means and ratios with 95% t intervals where the unit of sampling is the
 * game (one set of walls under all its seatings), which is what duplicate play pairs; the
 * difference between sides is taken game by game, so the luck of the walls cancels in it.
 *
 * A rate such as wins per hand is a ratio R = sum(num) / sum(den) over games. Its interval is the
 * linearised (delta-method) one: z_g = (num_g - R den_g) / mean(den), s^2 = sum(z_g^2) / (n - 1),
 * R +- t(0.975, n - 1) s / sqrt(n). When den_g is the same for every game this is exactly the
 * t interval of the per-game means. A difference of two ratios on the same games uses
 * z_g = zA_g - zB_g. Ranks and the uma result come from the final scores alone, through the
 * engine's own end-of-game ranking (riichi_final_result), so the arena counts what the table does. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game_riichi.h"
#include "arena_internal.h"
#include "jong/arena.h"

/* t(0.975, df) for df = 1..30 (standard table values, checked by numerical integration). */
static const double t_table[30] = {
    12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252,
    2.306004135, 2.262157163, 2.228138852, 2.200985160, 2.178812830, 2.160368656, 2.144786688,
    2.131449546, 2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447, 2.079613845,
    2.073873068, 2.068657610, 2.063898562, 2.059538553, 2.055529439, 2.051830516, 2.048407142,
    2.045229642, 2.042272456,
};

double jong_t975(int df)
{
    if (df < 1)
        return NAN;
    if (df <= 30)
        return t_table[df - 1];
    /* Cornish-Fisher expansion of t around the normal quantile; beyond 30 degrees of freedom
     * its first four terms are within 1e-6 of the exact value. */
    double z = 1.959963984540054, v = df, z2 = z * z;
    double g1 = (z2 + 1) * z / 4;
    double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
    double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
    double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
    return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
}

/* The interval from the estimate, the sum of the squared linearised terms and the count of
 * games; informative counts the games that bear on the estimate (a ratio's games with a nonzero
 * denominator: tai per win rests only on games with a win). With fewer than two of them the
 * spread is unknown, not zero, so the interval is left undefined; likewise when the games show
 * no spread at all (a side that never won: 0 of 400 hands is not a rate known to be exactly 0). */
static void finish_ci(double estimate, double sum_z2, int n, int informative, jong_ci *out)
{
    out->mean = estimate;
    out->n = n;
    if (n < 2 || informative < 2 || isnan(estimate) || sum_z2 == 0) {
        out->lo = out->hi = NAN;
        return;
    }
    double half = jong_t975(n - 1) * sqrt(sum_z2 / (n - 1) / n);
    out->lo = estimate - half;
    out->hi = estimate + half;
}

static double sum(const double *x, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

void jong_mean_ci(const double *x, int n, jong_ci *out)
{
    double mean = n > 0 ? sum(x, n) / n : NAN, s2 = 0;
    for (int i = 0; i < n; i++)
        s2 += (x[i] - mean) * (x[i] - mean);
    finish_ci(mean, s2, n, n, out);
}

static int nonzero(const double *x, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += x[i] != 0;
    return k;
}

void jong_ratio_ci(const double *num, const double *den, int n, jong_ci *out)
{
    double sn = sum(num, n), sd = sum(den, n);
    double r = sd != 0 ? sn / sd : NAN, dbar = sd / (n > 0 ? n : 1), s2 = 0;
    for (int i = 0; i < n && sd != 0; i++) {
        double z = (num[i] - r * den[i]) / dbar;
        s2 += z * z;
    }
    finish_ci(r, s2, n, nonzero(den, n), out);
}

void jong_ratio_diff_ci(const double *a, const double *b, const double *c, const double *d, int n,
                        jong_ci *out)
{
    double sa = sum(a, n), sb = sum(b, n), sc = sum(c, n), sd = sum(d, n);
    if (sb == 0 || sd == 0) {
        finish_ci(NAN, 0, n, 0, out);
        return;
    }
    double r1 = sa / sb, r2 = sc / sd, b1 = sb / n, b2 = sd / n, s2 = 0;
    for (int i = 0; i < n; i++) {
        double z = (a[i] - r1 * b[i]) / b1 - (c[i] - r2 * d[i]) / b2;
        s2 += z * z;
    }
    int kb = nonzero(b, n), kd = nonzero(d, n);
    finish_ci(r1 - r2, s2, n, kb < kd ? kb : kd, out);
}

static const char *const metric_names[JONG_M_COUNT] = {
    "score_per_game", "win_rate", "self_draw_rate", "deal_in_rate", "draw_rate", "tai_per_win",
    "average_rank", "rank1", "rank2", "rank3", "rank4", "result_per_game",
};

const char *jong_metric_name(int m) { return m >= 0 && m < JONG_M_COUNT ? metric_names[m] : "?"; }

jong_metric jong_arena_main_metric(const jong_arena_config *cfg)
{
    return cfg->rules.variant == JONG_VARIANT_RIICHI ? JONG_M_RESULT : JONG_M_SCORE;
}

/* ---- per game values of a group of players ---- */

/* The rank of each seat and, in riichi, the result in match points exactly as the engine's end
 * of game computes it (Tenhou's rounding to thousands, the uma, the oka to the first). In
 * Taiwanese the result is the score itself. */
static void ranks_and_results(const jong_ruleset *rs, const jong_arena_seat *seats, int rank[4], double result[4])
{
    int32_t scores[4];
    int points[4];
    for (int s = 0; s < 4; s++)
        scores[s] = seats[s].score;
    riichi_final_result(scores, rs->uma, rs->return_score, rank, points);
    for (int s = 0; s < 4; s++)
        result[s] = rs->variant == JONG_VARIANT_RIICHI ? points[s] : seats[s].score - rs->start_score;
}

/* (arena_internal.h) */
void jong_arena_game_values(const jong_arena_results *r, const int sp[][4], int g, unsigned mask, game_values *v)
{
    const jong_ruleset *rs = &r->cfg.rules;
    memset(v, 0, sizeof *v);
    for (int k = 0; k < r->nseatings; k++) {
        const jong_arena_seat *seats = jong_arena_results_at(r, g, k);
        int rank[4];
        double result[4];
        ranks_and_results(rs, seats, rank, result);
        for (int s = 0; s < 4; s++) {
            if (!(mask >> sp[k][s] & 1))
                continue;
            const jong_arena_seat *x = &seats[s];
            v->num[JONG_M_SCORE] += x->score - rs->start_score;
            v->num[JONG_M_WIN] += x->wins;
            v->num[JONG_M_SELF_DRAW] += x->self_draws;
            v->num[JONG_M_DEAL_IN] += x->deal_ins;
            v->num[JONG_M_DRAW] += x->draws;
            v->num[JONG_M_TAI] += x->tai;
            v->num[JONG_M_RANK] += rank[s] + 1;
            v->num[JONG_M_RANK1 + rank[s]] += 1;
            v->num[JONG_M_RESULT] += result[s];
            for (int m = JONG_M_WIN; m <= JONG_M_DRAW; m++)
                v->den[m] += x->hands;
            v->den[JONG_M_TAI] += x->wins;
            v->den[JONG_M_SCORE] += 1;
            for (int m = JONG_M_RANK; m <= JONG_M_RESULT; m++)
                v->den[m] += 1;
        }
    }
}

/* ---- the summary ---- */

#define MAX_GROUPS 12 /* players, sides, and the rest of each side */

typedef struct {
    int ngroups;
    unsigned mask[MAX_GROUPS];
    double sum_num[MAX_GROUPS][JONG_M_COUNT], sum_den[MAX_GROUPS][JONG_M_COUNT];
    double z2[MAX_GROUPS][JONG_M_COUNT], vs_z2[4][JONG_M_COUNT];
    int informative[MAX_GROUPS][JONG_M_COUNT]; /* games with a nonzero denominator */
} accum;

static double ratio(double n, double d) { return d != 0 ? n / d : NAN; }

/* The linearised term of one group's ratio in one game (0 when the ratio is undefined). */
static double zterm(const accum *a, const game_values *v, int grp, int m, int n)
{
    double sd = a->sum_den[grp][m];
    if (sd == 0)
        return 0;
    return (v->num[m] - a->sum_num[grp][m] / sd * v->den[m]) / (sd / n);
}

/* Shares lie in [0, 1] and ranks in [1, 4]: the t interval is cut to what the quantity can be. */
void jong_arena_clamp_ci(jong_ci *c, int m)
{
    bool share = (m >= JONG_M_WIN && m <= JONG_M_DRAW) || (m >= JONG_M_RANK1 && m <= JONG_M_RANK4);
    double lo = share ? 0 : m == JONG_M_RANK ? 1 : -INFINITY, hi = share ? 1 : m == JONG_M_RANK ? 4 : INFINITY;
    if (!isnan(c->lo)) {
        c->lo = fmax(c->lo, lo);
        c->hi = fmin(c->hi, hi);
    }
}

static void fill_unit(jong_arena_unit *u, const accum *a, int grp, int n, const jong_arena_results *r,
                      const int sp[][4])
{
    u->players = a->mask[grp];
    for (int m = 0; m < JONG_M_COUNT; m++) {
        finish_ci(ratio(a->sum_num[grp][m], a->sum_den[grp][m]), a->z2[grp][m], n, a->informative[grp][m], &u->m[m]);
        jong_arena_clamp_ci(&u->m[m], m);
    }
    for (int g = 0; g < r->cfg.games; g++) {
        if (!r->done[g])
            continue;
        for (int k = 0; k < r->nseatings; k++) {
            const jong_arena_seat *seats = jong_arena_results_at(r, g, k);
            for (int s = 0; s < 4; s++) {
                if (!(u->players >> sp[k][s] & 1))
                    continue;
                u->seat_games++;
                u->hands += seats[s].hands;
                u->decisions += seats[s].decisions;
                for (int f = 0; f < JONG_FAULT_KINDS; f++)
                    u->faults[f] += seats[s].faults[f];
            }
        }
    }
}

static void label_units(jong_arena_summary *s, const int side_of[4])
{
    for (int p = 0; p < s->nplayers; p++)
        snprintf(s->player[p].label, sizeof s->player[p].label, "%c", 'A' + p);
    for (int d = 0; d < s->nsides; d++) {
        char *l = s->side[d].label;
        size_t used = 0;
        for (int p = 0; p < s->nplayers; p++)
            if (side_of[p] == d && used + 2 < sizeof s->side[d].label) {
                l[used++] = (char)('A' + p);
                l[used] = 0;
            }
    }
}

/* Match wins over the full matches: the best main result per seat over the match wins it. */
static void count_matches(jong_arena_summary *s, const jong_arena_results *r, const int sp[][4])
{
    jong_metric main = jong_arena_main_metric(&r->cfg);
    for (int m = 0; m < s->matches; m++) {
        double total[4];
        for (int d = 0; d < s->nsides; d++) {
            double num = 0, den = 0;
            for (int g = m * s->match_games; g < (m + 1) * s->match_games; g++) {
                game_values v;
                jong_arena_game_values(r, sp, g, s->side[d].players, &v);
                num += v.num[main];
                den += v.den[main];
            }
            total[d] = ratio(num, den);
        }
        double best = total[0];
        for (int d = 1; d < s->nsides; d++)
            best = total[d] > best ? total[d] : best;
        int tied = 0;
        for (int d = 0; d < s->nsides; d++)
            tied += total[d] == best;
        for (int d = 0; d < s->nsides; d++)
            if (total[d] == best)
                s->side[d].match_wins += 1.0 / tied;
        s->tied_matches += tied > 1;
    }
}

/* Each side's share of the hands won: sum of its wins over the sum of all wins, per game. */
static int win_shares(const jong_arena_results *r, jong_arena_summary *s, const accum *a, const int sp[][4],
                      const int side_of[4], jong_error *err)
{
    size_t n = (size_t)(s->games > 0 ? s->games : 1);
    double *num = malloc(n * sizeof *num), *den = malloc(n * sizeof *den);
    if (!num || !den) {
        free(num), free(den);
        return jong_error_set(err, JONG_ERR_IO, -1, "arena: out of memory");
    }
    for (int d = 0; d < s->nsides; d++) {
        int k = 0, seats = 0;
        for (int g = 0; g < r->cfg.games; g++) {
            if (!r->done[g])
                continue;
            game_values side, rest;
            jong_arena_game_values(r, sp, g, a->mask[s->nplayers + d], &side);
            jong_arena_game_values(r, sp, g, a->mask[s->nplayers + s->nsides + d], &rest);
            num[k] = side.num[JONG_M_WIN];
            den[k++] = side.num[JONG_M_WIN] + rest.num[JONG_M_WIN];
        }
        jong_ratio_ci(num, den, k, &s->win_share[d]);
        jong_ci *c = &s->win_share[d]; /* a share, like the rates: the interval within [0, 1] */
        if (!isnan(c->lo))
            c->lo = c->lo < 0 ? 0 : c->lo, c->hi = c->hi > 1 ? 1 : c->hi;
        for (int seat = 0; seat < 4; seat++)
            seats += side_of[sp[0][seat]] == d;
        s->win_share_level[d] = seats / 4.0;
    }
    free(num), free(den);
    return JONG_OK;
}

int jong_arena_summarize(const jong_arena_results *r, jong_arena_summary *s, jong_error *err)
{
    memset(s, 0, sizeof *s);
    if (jong_arena_config_check(&r->cfg, err))
        return JONG_ERR_ARG;
    s->cfg = r->cfg;
    int sp[JONG_ARENA_MAX_SEATINGS][4], side_of[4];
    s->nseatings = jong_arena_seatings(r->cfg.mode, r->cfg.nplayers, sp);
    s->nplayers = r->cfg.nplayers;
    s->nsides = jong_arena_sides(r->cfg.mode, r->cfg.nplayers, side_of);
    s->match_games = jong_arena_match_games(&r->cfg);
    for (int m = 0; (m + 1) * s->match_games <= r->cfg.games; m++) {
        bool full = true;
        for (int g = m * s->match_games; g < (m + 1) * s->match_games && full; g++)
            full = r->done[g];
        if (!full)
            break;
        s->matches++;
    }
    accum a;
    memset(&a, 0, sizeof a);
    unsigned all = (1u << s->nplayers) - 1;
    for (int p = 0; p < s->nplayers; p++)
        a.mask[a.ngroups++] = 1u << p;
    for (int d = 0; d < s->nsides; d++) {
        unsigned m = 0;
        for (int p = 0; p < s->nplayers; p++)
            m |= (unsigned)(side_of[p] == d) << p;
        a.mask[s->nplayers + d] = m;
        a.mask[s->nplayers + s->nsides + d] = all & ~m;
    }
    a.ngroups = s->nplayers + 2 * s->nsides;
    /* two passes in game order: the ratios, then the squared linearised terms */
    int n = 0;
    for (int g = 0; g < r->cfg.games; g++) {
        if (!r->done[g])
            continue;
        n++;
        for (int i = 0; i < a.ngroups; i++) {
            game_values v;
            jong_arena_game_values(r, sp, g, a.mask[i], &v);
            for (int m = 0; m < JONG_M_COUNT; m++) {
                a.sum_num[i][m] += v.num[m];
                a.sum_den[i][m] += v.den[m];
                a.informative[i][m] += v.den[m] != 0;
            }
        }
        for (int k = 0; k < r->nseatings; k++)
            s->table_hands += jong_arena_results_at(r, g, k)[0].hands;
    }
    s->games = n;
    for (int g = 0; g < r->cfg.games; g++) {
        if (!r->done[g])
            continue;
        game_values v[MAX_GROUPS];
        double z[MAX_GROUPS][JONG_M_COUNT];
        for (int i = 0; i < a.ngroups; i++) {
            jong_arena_game_values(r, sp, g, a.mask[i], &v[i]);
            for (int m = 0; m < JONG_M_COUNT; m++) {
                z[i][m] = zterm(&a, &v[i], i, m, n);
                a.z2[i][m] += z[i][m] * z[i][m];
            }
        }
        for (int d = 0; d < s->nsides; d++)
            for (int m = 0; m < JONG_M_COUNT; m++) {
                double dz = z[s->nplayers + d][m] - z[s->nplayers + s->nsides + d][m];
                a.vs_z2[d][m] += dz * dz;
            }
    }
    for (int p = 0; p < s->nplayers; p++)
        fill_unit(&s->player[p], &a, p, n, r, sp);
    for (int d = 0; d < s->nsides; d++) {
        fill_unit(&s->side[d], &a, s->nplayers + d, n, r, sp);
        int rest = s->nplayers + s->nsides + d;
        for (int m = 0; m < JONG_M_COUNT; m++) {
            double est = ratio(a.sum_num[s->nplayers + d][m], a.sum_den[s->nplayers + d][m]) -
                         ratio(a.sum_num[rest][m], a.sum_den[rest][m]);
            int k1 = a.informative[s->nplayers + d][m], k2 = a.informative[rest][m];
            finish_ci(est, a.vs_z2[d][m], n, k1 < k2 ? k1 : k2, &s->versus[d][m]);
        }
    }
    label_units(s, side_of);
    count_matches(s, r, sp);
    return win_shares(r, s, &a, sp, side_of, err);
}
