/* The record-made parameters of the `kurita` player (jong/kurita_model.h). Each discard of a seat
 * that did not deal in opens an interval that its next discard closes; the interval counts as an
 * "other win" when the hand ends inside it by another player's win not on this seat's discard.
 * A ron on the seat's own discard is the lose scenario, left out (P_O is conditional on the
 * discard passing). Its own win or a washout closes the interval with no other win. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kurita_model.h"

typedef struct {
    bool open;
    uint8_t self_riichi, others, turn;
} ku_interval;

static void close_interval(jong_ku_stats *st, ku_interval *iv, bool other_win)
{
    if (!iv->open)
        return;
    st->exposure[iv->self_riichi][iv->others][iv->turn] += 1;
    if (other_win)
        st->other_win[iv->self_riichi][iv->others][iv->turn] += 1;
    iv->open = false;
}

int jong_ku_stats_add_log(jong_ku_stats *st, const jong_mjai_log *log, jong_error *err)
{
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita stats: not a four-player game");
    ku_interval iv[4];
    bool riichi[4];
    int nd[4];
    bool in_hand = false;
    int oya = -1;
    for (size_t i = 0; i < log->n; i++) {
        const jong_mjai_event *ev = &log->ev[i];
        int a = ev->actor;
        switch (ev->type) {
        case JONG_MJAI_START_KYOKU:
            memset(iv, 0, sizeof iv);
            memset(riichi, 0, sizeof riichi);
            memset(nd, 0, sizeof nd);
            in_hand = true;
            oya = ev->oya;
            st->hands++;
            break;
        case JONG_MJAI_REACH_ACCEPTED:
            if (a >= 0 && a < 4)
                riichi[a] = true;
            break;
        case JONG_MJAI_DAHAI: {
            if (!in_hand || a < 0 || a >= 4)
                return jong_error_set(err, JONG_ERR_ARG, (int)i, "kurita stats: event %zu: a discard outside a hand", i);
            close_interval(st, &iv[a], false);
            int others = 0;
            for (int s = 0; s < 4; s++)
                others += s != a && riichi[s];
            iv[a].open = true;
            iv[a].self_riichi = riichi[a];
            iv[a].others = (uint8_t)(others > 2 ? 2 : others);
            iv[a].turn = (uint8_t)(nd[a] < JONG_KU_TURNS - 1 ? nd[a] : JONG_KU_TURNS - 1);
            nd[a]++;
            break;
        }
        case JONG_MJAI_HORA:
            if (!in_hand || a < 0 || a >= 4)
                return jong_error_set(err, JONG_ERR_ARG, (int)i, "kurita stats: event %zu: a win outside a hand", i);
            if (ev->has & JONG_MJAI_HAS_YAKUS) {
                st->win_points[a == oya] += ev->hora_points;
                st->wins[a == oya]++;
                st->tsumo_wins += ev->target == a;
            }
            for (int s = 0; s < 4; s++) {
                bool lose = ev->target == s && a != s;
                if (lose) {
                    iv[s].open = false; /* the lose scenario */
                    if (ev->has & JONG_MJAI_HAS_DELTAS) {
                        st->r_lose_sum += ev->deltas[s];
                        st->r_lose_n++;
                    }
                }
                close_interval(st, &iv[s], s != a && !lose);
                if (s != a && !lose && (ev->has & JONG_MJAI_HAS_DELTAS)) {
                    st->r_other_sum += ev->deltas[s];
                    st->r_other_n++;
                }
            }
            break;
        case JONG_MJAI_RYUKYOKU:
        case JONG_MJAI_END_KYOKU:
            for (int s = 0; s < 4; s++)
                close_interval(st, &iv[s], false);
            in_hand = false;
            break;
        default:
            break;
        }
    }
    st->games++;
    return JONG_OK;
}

void jong_ku_model_from_stats(const jong_ku_stats *st, jong_ku_model *m)
{
    memset(m, 0, sizeof *m);
    const double prior = 20;
    double self_exp = 0, self_obs = 0, self_want = 0;
    for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++) {
        double e = 0, o = 0;
        for (int t = 0; t < JONG_KU_TURNS; t++) {
            e += st->exposure[0][r][t];
            o += st->other_win[0][r][t];
        }
        double g = e > 0 ? o / e : 0;
        for (int t = 0; t < JONG_KU_TURNS; t++)
            m->hazard[r][t] = (st->other_win[0][r][t] + prior * g) / (st->exposure[0][r][t] + prior);
        for (int t = 0; t < JONG_KU_TURNS; t++) {
            self_exp += st->exposure[1][r][t];
            self_obs += st->other_win[1][r][t];
            self_want += st->exposure[1][r][t] * m->hazard[r][t];
        }
    }
    (void)self_exp;
    m->riichi_scale = self_want > 0 ? self_obs / self_want : 1;
    m->r_other = st->r_other_n ? st->r_other_sum / (double)st->r_other_n : 0;
    m->r_lose = st->r_lose_n ? st->r_lose_sum / (double)st->r_lose_n : 0;
    long wins = st->wins[0] + st->wins[1];
    m->tsumo_share = wins ? (double)st->tsumo_wins / (double)wins : 0;
    for (int d = 0; d < 2; d++)
        m->win_points[d] = st->wins[d] ? st->win_points[d] / (double)st->wins[d] : 0;
}

int jong_ku_model_to_linmodel(const jong_ku_model *m, const char *info, jong_linmodel *out, jong_error *err)
{
    int rc = jong_linmodel_alloc(out, "kurita", JONG_KU_MODEL_VERSION, 1, JONG_KU_MODEL_DIM, err);
    if (rc)
        return rc;
    for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++)
        for (int t = 0; t < JONG_KU_TURNS; t++)
            out->w[r * JONG_KU_TURNS + t] = m->hazard[r][t];
    out->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS] = m->riichi_scale;
    out->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 1] = m->r_other;
    out->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 2] = m->r_lose;
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        for (int f = 0; f < JONG_KU_EQ17_FEATURES; f++)
            out->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 3 + c * JONG_KU_EQ17_FEATURES + f] = m->eq17[c][f];
    double *pw = out->w + JONG_KU_MODEL_EQ17_END;
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++)
        *pw++ = m->paper.tenpai[c][0], *pw++ = m->paper.tenpai[c][1];
    for (int c = 0; c < JONG_KU_CATEGORIES; c++)
        *pw++ = m->paper.hist[c];
    for (int c = 0; c < JONG_KU_RANKS; c++)
        for (int f = 0; f < JONG_KU_RANK_FEATURES; f++)
            *pw++ = m->rank_w[c][f];
    *pw++ = m->tsumo_share;
    *pw++ = m->win_points[0];
    *pw++ = m->win_points[1];
    snprintf(out->info, sizeof out->info, "%s", info ? info : "");
    return JONG_OK;
}

int jong_ku_model_from_linmodel(const jong_linmodel *lm, jong_ku_model *m, jong_error *err)
{
    if (!strcmp(lm->kind, "kurita") && lm->features < JONG_KU_MODEL_VERSION)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "kurita model: version %u was made by an older jong; this one reads version %d "
                              "(it adds the final-rank regression): remake it with jong train kurita",
                              lm->features, JONG_KU_MODEL_VERSION);
    if (strcmp(lm->kind, "kurita") || lm->features != JONG_KU_MODEL_VERSION || lm->nmodels != 1 ||
        lm->dim != JONG_KU_MODEL_DIM)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: kind '%s' version %u dim %u, not kurita %d dim %d",
                              lm->kind, lm->features, lm->dim, JONG_KU_MODEL_VERSION, JONG_KU_MODEL_DIM);
    for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++)
        for (int t = 0; t < JONG_KU_TURNS; t++) {
            double h = lm->w[r * JONG_KU_TURNS + t];
            if (!(h >= 0 && h <= 1))
                return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: hazard %g outside 0..1", h);
            m->hazard[r][t] = h;
        }
    m->riichi_scale = lm->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS];
    m->r_other = lm->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 1];
    m->r_lose = lm->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 2];
    m->has_eq17 = false;
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        for (int f = 0; f < JONG_KU_EQ17_FEATURES; f++) {
            double w = lm->w[JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 3 + c * JONG_KU_EQ17_FEATURES + f];
            if (!isfinite(w))
                return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: an Eq. 17 weight is not finite");
            m->eq17[c][f] = w;
            m->has_eq17 |= w != 0;
        }
    const double *pw = lm->w + JONG_KU_MODEL_EQ17_END;
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++)
        for (int j = 0; j < 2; j++, pw++) {
            if (!isfinite(*pw))
                return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: a tenpai regression weight is not finite");
            m->paper.tenpai[c][j] = *pw;
        }
    for (int c = 0; c < JONG_KU_CATEGORIES; c++, pw++) {
        if (!(*pw >= 0 && *pw <= 1))
            return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: deal-in rate %g outside 0..1", *pw);
        m->paper.hist[c] = *pw;
    }
    m->has_rank = false;
    for (int c = 0; c < JONG_KU_RANKS; c++)
        for (int f = 0; f < JONG_KU_RANK_FEATURES; f++, pw++) {
            if (!isfinite(*pw) || fabs(*pw) > 1e6)
                return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: a rank regression weight is not finite");
            m->rank_w[c][f] = *pw;
            m->has_rank |= *pw != 0;
        }
    m->tsumo_share = pw[0];
    m->win_points[0] = pw[1];
    m->win_points[1] = pw[2];
    if (!(m->tsumo_share >= 0 && m->tsumo_share <= 1) || !(m->win_points[0] >= 0 && m->win_points[0] < 200000) ||
        !(m->win_points[1] >= 0 && m->win_points[1] < 200000))
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: tsumo share or win points out of range");
    if (!(m->riichi_scale >= 0 && m->riichi_scale <= 10))
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita model: riichi scale %g out of range", m->riichi_scale);
    return JONG_OK;
}

extern const unsigned char jong_ku_model_data[], jong_ku_model_end[];

int jong_ku_model_shipped(jong_ku_model *m, jong_error *err)
{
    jong_linmodel lm;
    int rc = jong_linmodel_decode(jong_ku_model_data, (size_t)(jong_ku_model_end - jong_ku_model_data),
                                  "built-in kurita", "kurita", JONG_KU_MODEL_VERSION, &lm, err);
    if (rc)
        return rc;
    rc = jong_ku_model_from_linmodel(&lm, m, err);
    jong_linmodel_free(&lm);
    return rc;
}
