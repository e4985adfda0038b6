/* The three opponent models as a player uses them: loading the files with their kind and
 * feature-set checks, and P(waiting), P(winning tile), the hand score, LP and EL (Eqs. 1, 6, 8, 9). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "learn.h"
#include "oppmodel.h"

int jong_oppmodel_load(jong_oppmodel *om, const char *dir, jong_error *err)
{
    memset(om, 0, sizeof *om);
    static const uint32_t nmodels[JONG_OPP_MODELS] = {1, JONG_KINDS, 2};
    for (int i = 0; i < JONG_OPP_MODELS; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.jlm", dir, jong_opp_model_name(i));
        int rc = jong_linmodel_load(path, jong_opp_model_name(i), JONG_OPP_FEATURES_VERSION, &om->m[i], err);
        if (!rc && (om->m[i].dim != jong_opp_feature_dim(i) || om->m[i].nmodels != nmodels[i]))
            rc = jong_error_set(err, JONG_ERR_IO, -1, "model %s: %u x %u weights, want %u x %u", path,
                                om->m[i].nmodels, om->m[i].dim, nmodels[i], jong_opp_feature_dim(i));
        if (rc) {
            jong_oppmodel_free(om);
            return rc;
        }
    }
    return JONG_OK;
}

void jong_oppmodel_free(jong_oppmodel *om)
{
    for (int i = 0; i < JONG_OPP_MODELS; i++)
        jong_linmodel_free(&om->m[i]);
}

double jong_opp_p_waiting(const jong_oppmodel *om, const jong_opp_obs *o, int seat)
{
    if (o->seats[seat].riichi)
        return 1.0;
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    int n = jong_opp_features_waiting(o, seat, x);
    return jong_sigmoid(jong_sparse_dot(om->m[JONG_OPP_WAITING].w, x, NULL, n));
}

void jong_opp_p_wintile(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer,
                        double out[JONG_KINDS])
{
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    int n = jong_opp_features_wintile(o, seat, observer, x);
    const jong_linmodel *m = &om->m[JONG_OPP_WINTILE];
    for (int k = 0; k < JONG_KINDS; k++)
        out[k] = jong_sigmoid(jong_sparse_dot(m->w + (size_t)k * m->dim, x, NULL, n));
}

double jong_opp_hand_score(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int tile, bool tsumo)
{
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    int n = jong_opp_features_score(o, seat, tile, x);
    const jong_linmodel *m = &om->m[JONG_OPP_SCORE];
    return exp(jong_sparse_dot(m->w + (tsumo ? m->dim : 0), x, NULL, n));
}

double jong_opp_lp(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer, int tile)
{
    if (!jong_opp_can_ron(o, seat, tile))
        return 0;
    double p[JONG_KINDS];
    jong_opp_p_wintile(om, o, seat, observer, p);
    return jong_opp_p_waiting(om, o, seat) * p[tile];
}

double jong_opp_el(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer, int tile)
{
    double lp = jong_opp_lp(om, o, seat, observer, tile);
    return lp > 0 ? lp * jong_opp_hand_score(om, o, seat, tile, false) : 0;
}

bool jong_opp_eq5(const double p[JONG_KINDS], uint64_t waits, uint64_t own, double *value)
{
    int at = 0, wt = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (own >> k & 1) {
            at++;
            wt += (int)(waits >> k & 1);
        }
    if (wt == 0 || wt == at)
        return false;
    /* Clear: own non-winning kinds ranked before the safest-looking winning kind */
    int first = -1;
    for (int k = 0; k < JONG_KINDS; k++)
        if ((own & waits) >> k & 1 && (first < 0 || p[k] < p[first]))
            first = k;
    int clear = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if ((own & ~waits) >> k & 1 && (p[k] < p[first] || (p[k] == p[first] && k < first)))
            clear++;
    *value = (double)clear / (double)(at - wt);
    return true;
}

void jong_opp_op_context(const jong_opp_obs *o, int seat, jong_op_context *cx)
{
    memset(cx, 0, sizeof *cx);
    const jong_opp_seat *st = &o->seats[seat];
    uint8_t mine[JONG_KINDS];
    memset(mine, 0, sizeof mine);
    for (int m = 0; m < st->nmelds; m++) {
        const jong_meld *md = &st->melds[m];
        if (md->type == JONG_MELD_CHOW)
            for (int i = 0; i < 3; i++)
                mine[md->tile + i]++;
        else
            mine[md->tile] = (uint8_t)(mine[md->tile] + (md->type == JONG_MELD_PUNG ? 3 : 4));
    }
    for (int k = 0; k < JONG_KINDS; k++)
        cx->seen[k] = (uint8_t)(o->shown[k] > mine[k] ? o->shown[k] - mine[k] : 0);
    jong_opp_dora_kinds(o, cx->dora);
    cx->turn = o->ndiscards / 4;
    cx->round_wind = o->round_wind;
    cx->seat_wind = (seat - o->dealer + JONG_SEATS) % JONG_SEATS;
}


void jong_opp_call_context(const jong_opp_obs *o, int seat, jong_call_context *cx)
{
    memset(cx, 0, sizeof *cx);
    cx->turn = o->ndiscards / 4;
    cx->round_wind = o->round_wind;
    cx->seat_wind = (seat - o->dealer + JONG_SEATS) % JONG_SEATS;
    cx->dealer = seat == o->dealer;
    for (int q = 0; q < JONG_SEATS; q++)
        cx->others_riichi += q != seat && o->seats[q].riichi;
    jong_opp_dora_kinds(o, cx->dora);
}
