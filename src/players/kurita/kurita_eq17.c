/* Eq. 17's scenario probabilities (jong/kurita_model.h): training rows from game records and a
 * softmax regression. A row is a seat's decision at shanten 2-3 (closed, not in riichi): the
 * features of its hand after the discard it made (jong_ku_eq17_features, over the reduced set
 * with l = shanten) and the scenario the hand then ended in for that seat. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "kurita_model.h"
#include "kurita_setup.h"
#include "models/opptrain.h"

void jong_ku_eq17_data_free(jong_ku_eq17_data *d)
{
    free(d->x);
    free(d->y);
    free(d->game);
    memset(d, 0, sizeof *d);
}

static int push_row(jong_ku_eq17_data *d, const double *f, int y, uint32_t game)
{
    if (d->n == d->cap) {
        size_t c = d->cap ? d->cap * 2 : 1024;
        void *a = realloc(d->x, c * sizeof *d->x);
        if (!a)
            return -1;
        d->x = a;
        if (!(a = realloc(d->y, c)))
            return -1;
        d->y = a;
        if (!(a = realloc(d->game, c * sizeof *d->game)))
            return -1;
        d->game = a;
        d->cap = c;
    }
    memcpy(d->x[d->n], f, sizeof d->x[0]);
    d->y[d->n] = (uint8_t)y;
    d->game[d->n++] = game;
    return 0;
}

/* The scenario of each seat in the hand starting at event i (-1: an abortive draw or no end). */
static void hand_outcomes(const jong_mjai_log *log, size_t i, int out[4])
{
    for (int s = 0; s < 4; s++)
        out[s] = -1;
    bool won = false;
    for (size_t j = i + 1; j < log->n; j++) {
        const jong_mjai_event *ev = &log->ev[j];
        if (ev->type == JONG_MJAI_START_KYOKU || ev->type == JONG_MJAI_END_KYOKU)
            break;
        if (ev->type == JONG_MJAI_HORA && ev->actor >= 0 && ev->actor < 4) {
            if (!won)
                for (int s = 0; s < 4; s++)
                    out[s] = JONG_KU_OTHER_WIN;
            won = true;
            out[ev->actor] = JONG_KU_WIN;
            if (ev->target >= 0 && ev->target < 4 && ev->target != ev->actor)
                out[ev->target] = JONG_KU_LOSE;
        } else if (ev->type == JONG_MJAI_RYUKYOKU && !won) {
            bool exhausted = ev->reason == JONG_MJAI_RK_EXHAUSTED ||
                             (ev->reason == JONG_MJAI_RK_NONE && (ev->has & JONG_MJAI_HAS_TENPAIS));
            for (int s = 0; s < 4; s++)
                out[s] = !exhausted ? -1 : ev->tenpais[s] ? JONG_KU_TENPAI_WASHOUT : JONG_KU_NOTEN_WASHOUT;
            break;
        }
    }
}

int jong_ku_eq17_add_log(jong_ku_eq17_data *d, const jong_oppmodel *om, const jong_ku_model *km, const jong_mjai_log *log,
                         uint32_t game, int every, jong_error *err)
{
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita eq17: not a four-player game");
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_opp_obs *o = calloc(1, sizeof *o);
    jong_ku_setup *su = malloc(sizeof *su);
    double (*f)[JONG_KU_EQ17_FEATURES] = malloc(sizeof(double) * JONG_KINDS * JONG_KU_EQ17_FEATURES);
    if (!o || !su || !f) {
        free(o), free(su), free(f);
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita eq17: out of memory");
    }
    int outcome[4] = {-1, -1, -1, -1};
    long decisions = 0;
    int rc = JONG_OK;
    for (size_t i = 0; i < log->n && !rc; i++) {
        const jong_mjai_event *ev = &log->ev[i];
        if (ev->type == JONG_MJAI_START_KYOKU)
            hand_outcomes(log, i, outcome);
        int a = ev->actor;
        if (ev->type == JONG_MJAI_DAHAI && a >= 0 && a < 4 && outcome[a] >= 0 && decisions++ % every == 0) {
            const jong_opp_seat *me = &o->seats[a];
            int kind = ev->pai < JONG_NO_TILE ? jong_code_kind(ev->pai) : -1;
            int sh[JONG_KINDS];
            if (me->known && me->nmelds == 0 && !me->riichi && !me->riichi_pending && kind >= 0 && kind < JONG_KINDS &&
                jong_hand_concealed_count(&me->hand) == 14 && me->hand.counts[kind]) {
                int best = jong_discard_shanten(me->hand.counts, 4, sh, NULL);
                if (best >= 2 && best <= 3) {
                    jong_ku_setup_from_obs(su, om, km, o, a, &rs, 25000, NULL);
                    uint8_t avail[JONG_KINDS];
                    for (int k = 0; k < JONG_KINDS; k++)
                        avail[k] = (uint8_t)su->pr.draw_w[k];
                    jong_ku_space s;
                    double pts[JONG_KINDS];
                    rc = jong_ku_space_build(&s, me->hand.counts, 4, avail, best, 50000, err);
                    if (!rc) {
                        rc = jong_ku_eq17_features(su, &s, me->hand.counts, f, pts, err);
                        jong_ku_space_free(&s);
                    }
                    if (!rc && push_row(d, f[kind], outcome[a], game))
                        rc = jong_error_set(err, JONG_ERR_IO, -1, "kurita eq17: out of memory");
                }
            }
        }
        if (!rc && jong_opp_obs_mjai(o, ev, err))
            rc = JONG_ERR_ARG;
    }
    free(o), free(su), free(f);
    return rc;
}

void jong_ku_eq17_fit(const jong_ku_eq17_data *d, const size_t *rows, size_t n, int iters,
                      double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES])
{
    memset(w, 0, sizeof(double) * JONG_KU_SCENARIOS * JONG_KU_EQ17_FEATURES);
    if (!n)
        return;
    const double step = 0.5, l2 = 0.001;
    for (int it = 0; it < iters; it++) {
        double g[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES] = {{0}};
        for (size_t r = 0; r < n; r++) {
            const double *f = d->x[rows[r]];
            double p[JONG_KU_SCENARIOS];
            jong_ku_eq17_probs(w, f, p);
            for (int c = 0; c < JONG_KU_SCENARIOS; c++) {
                double e = p[c] - (d->y[rows[r]] == c);
                for (int j = 0; j < JONG_KU_EQ17_FEATURES; j++)
                    g[c][j] += e * f[j];
            }
        }
        for (int c = 0; c < JONG_KU_SCENARIOS; c++)
            for (int j = 0; j < JONG_KU_EQ17_FEATURES; j++)
                w[c][j] -= step * (g[c][j] / (double)n + l2 * w[c][j]);
    }
}

double jong_ku_eq17_logloss(const jong_ku_eq17_data *d, const size_t *rows, size_t n,
                            const double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES])
{
    double s = 0;
    for (size_t r = 0; r < n; r++) {
        double p[JONG_KU_SCENARIOS];
        jong_ku_eq17_probs(w, d->x[rows[r]], p);
        s -= log(p[d->y[rows[r]]] > 1e-300 ? p[d->y[rows[r]]] : 1e-300);
    }
    return n ? s / (double)n : 0;
}
