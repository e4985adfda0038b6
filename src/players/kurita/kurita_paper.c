/* The paper's tenpai and deal-in models of the `kurita` player (jong/kurita_paper.h): counting
 * over the records with the true hands, a grouped logistic regression, and their use at a
 * decision. */
#include <math.h>
#include <string.h>

#include "kurita_paper.h"
#include "models/opptrain.h"

static int kind_of37(int t)
{
    static const int red[3] = {4, 13, 22};
    return t < JONG_KINDS ? t : red[t - JONG_KINDS];
}

static uint64_t river_kinds(const jong_opp_seat *s)
{
    uint64_t r = 0;
    for (int i = 0; i < s->ndiscards; i++)
        r |= (uint64_t)1 << kind_of37(s->river[i].tile);
    return r;
}

int jong_ku_tile_category(const jong_opp_obs *o, int seat, int k)
{
    uint64_t r = river_kinds(&o->seats[seat]);
    if (r >> k & 1)
        return -1;
    if (k >= 27)
        return o->shown[k] > 3 ? 3 : o->shown[k];
    int n = k % 9, base = k - n;
    int pos = n == 0 || n == 8 ? 0 : n == 1 || n == 7 ? 1 : n == 2 || n == 6 ? 2 : 3;
    bool lo = n >= 3 && (r >> (base + n - 3) & 1), hi = n <= 5 && (r >> (base + n + 3) & 1);
    bool suji = n < 3 ? hi : n > 5 ? lo : lo && hi;
    return 4 + 2 * pos + suji;
}

static int calls_class(const jong_opp_seat *s)
{
    return s->nmelds < JONG_KU_CALL_CLASSES ? s->nmelds : JONG_KU_CALL_CLASSES - 1;
}

int jong_ku_paper_add_log(jong_ku_paper_stats *st, const jong_mjai_log *log, jong_error *err)
{
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita paper stats: not a four-player game");
    jong_opp_obs o;
    memset(&o, 0, sizeof o);
    for (size_t i = 0; i < log->n; i++) {
        const jong_mjai_event *ev = &log->ev[i];
        if (jong_opp_obs_mjai(&o, ev, err))
            return JONG_ERR_ARG;
        int a = ev->actor;
        if (ev->type != JONG_MJAI_DAHAI || a < 0 || a >= 4)
            continue;
        const jong_opp_seat *s = &o.seats[a];
        if (!s->known || s->riichi)
            continue; /* a seat in riichi is known to be tenpai */
        uint64_t waits = jong_opp_true_waits(&o, a);
        int d = s->ndiscards < JONG_KU_DISCARD_BINS ? s->ndiscards : JONG_KU_DISCARD_BINS - 1;
        st->tenpai_n[calls_class(s)][d] += 1;
        st->tenpai_pos[calls_class(s)][d] += waits != 0;
        st->samples++;
        if (!waits || s->nmelds)
            continue;
        for (int k = 0; k < JONG_KINDS; k++) {
            int c = jong_ku_tile_category(&o, a, k);
            if (c < 0)
                continue;
            st->cat_n[c] += 1;
            st->cat_wait[c] += waits >> k & 1;
        }
    }
    return JONG_OK;
}

int jong_ku_logreg_fit(const double *x, const double *n, const double *pos, int m, double ab[2])
{
    double a = 0, b = 0;
    int it;
    for (it = 1; it <= 100; it++) {
        /* gradient and Hessian of the log-likelihood, with a tiny ridge so that separable or
         * one-valued data stay finite */
        double g0 = -1e-6 * a, g1 = -1e-6 * b, h00 = 1e-6, h01 = 0, h11 = 1e-6;
        for (int i = 0; i < m; i++) {
            if (n[i] <= 0)
                continue;
            double p = 1 / (1 + exp(-(a + b * x[i])));
            double r = pos[i] - n[i] * p, w = n[i] * p * (1 - p);
            g0 += r, g1 += r * x[i];
            h00 += w, h01 += w * x[i], h11 += w * x[i] * x[i];
        }
        double det = h00 * h11 - h01 * h01;
        if (!(det > 0))
            break;
        double da = (h11 * g0 - h01 * g1) / det, db = (h00 * g1 - h01 * g0) / det;
        a += da, b += db;
        if (fabs(da) < 1e-12 && fabs(db) < 1e-12)
            break;
    }
    ab[0] = a, ab[1] = b;
    return it;
}

void jong_ku_paper_fit(const jong_ku_paper_stats *st, jong_ku_paper_model *pm)
{
    memset(pm, 0, sizeof *pm);
    double x[JONG_KU_DISCARD_BINS], n[JONG_KU_DISCARD_BINS] = {0}, pos[JONG_KU_DISCARD_BINS] = {0}, pooled[2];
    for (int d = 0; d < JONG_KU_DISCARD_BINS; d++) {
        x[d] = d;
        for (int c = 0; c < JONG_KU_CALL_CLASSES; c++)
            n[d] += st->tenpai_n[c][d], pos[d] += st->tenpai_pos[c][d];
    }
    jong_ku_logreg_fit(x, n, pos, JONG_KU_DISCARD_BINS, pooled);
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++) {
        double tot = 0;
        for (int d = 0; d < JONG_KU_DISCARD_BINS; d++)
            tot += st->tenpai_n[c][d];
        if (tot > 0)
            jong_ku_logreg_fit(x, st->tenpai_n[c], st->tenpai_pos[c], JONG_KU_DISCARD_BINS, pm->tenpai[c]);
        else
            memcpy(pm->tenpai[c], pooled, sizeof pooled);
    }
    double an = 0, aw = 0;
    for (int c = 0; c < JONG_KU_CATEGORIES; c++)
        an += st->cat_n[c], aw += st->cat_wait[c];
    double g = an > 0 ? aw / an : 0;
    for (int c = 0; c < JONG_KU_CATEGORIES; c++)
        pm->hist[c] = (st->cat_wait[c] + 2 * g) / (st->cat_n[c] + 2);
}

double jong_ku_paper_p_tenpai(const jong_ku_paper_model *pm, const jong_opp_obs *o, int seat)
{
    const jong_opp_seat *s = &o->seats[seat];
    if (s->riichi)
        return 1;
    const double *ab = pm->tenpai[calls_class(s)];
    return 1 / (1 + exp(-(ab[0] + ab[1] * s->ndiscards)));
}

double jong_ku_paper_still_noten(const jong_ku_paper_model *pm, const jong_opp_obs *o, int seat, int n)
{
    const jong_opp_seat *s = &o->seats[seat];
    if (s->riichi || n <= 0)
        return 1;
    const double *ab = pm->tenpai[calls_class(s)];
    /* S(d) = 1 - P(tenpai | d discards) = 1 / (1 + exp(a + b d)) */
    double now = 1 / (1 + exp(ab[0] + ab[1] * s->ndiscards)), then = 1 / (1 + exp(ab[0] + ab[1] * (s->ndiscards + n)));
    double r = now > 0 ? then / now : 1;
    return r < 1 ? r : 1; /* a curve that falls with the turn would make tenpai seats noten again */
}

void jong_ku_paper_p_wintile(const jong_ku_paper_model *pm, const jong_ku_tenpai_table tables[3],
                             const jong_opp_obs *o, int seat, int observer, double out[JONG_KINDS])
{
    const jong_opp_seat *s = &o->seats[seat];
    if (s->nmelds == 0) {
        for (int k = 0; k < JONG_KINDS; k++) {
            int c = jong_ku_tile_category(o, seat, k);
            out[k] = c < 0 ? 0 : pm->hist[c];
        }
        return;
    }
    int sets = 4 - s->nmelds > 2 ? 2 : 4 - s->nmelds;
    uint8_t avail[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        int u = 4 - o->shown[k] - o->seats[observer].hand.counts[k];
        avail[k] = (uint8_t)(u > 0 ? u : 0);
    }
    jong_ku_enum_wintile(&tables[sets], avail, river_kinds(s), out);
}
