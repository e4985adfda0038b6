/* The opponent models' training samples from mjai event streams, and Eq. 5's measure. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "opptrain.h"
#include "jong/rng.h"

int jong_opp_obs_mjai(jong_opp_obs *o, const jong_mjai_event *ev, jong_error *err)
{
    switch (ev->type) {
    case JONG_MJAI_START_KYOKU: {
        uint8_t t[JONG_SEATS][13];
        for (int s = 0; s < JONG_SEATS; s++) {
            if (ev->ntehais[s] != 13)
                return jong_error_set(err, JONG_ERR_ARG, -1, "start_kyoku: seat %d has %d tiles, want 13", s, ev->ntehais[s]);
            memcpy(t[s], ev->tehais[s], 13);
        }
        return jong_opp_obs_start(o, ev->bakaze, ev->kyoku - 1, ev->honba, ev->kyotaku, ev->oya,
                                  ev->dora_marker, (const uint8_t (*)[13])t, err);
    }
    case JONG_MJAI_TSUMO:
        return jong_opp_obs_draw(o, ev->actor, ev->pai, err);
    case JONG_MJAI_DAHAI:
        return jong_opp_obs_discard(o, ev->actor, ev->pai, ev->tsumogiri, err);
    case JONG_MJAI_REACH:
        return jong_opp_obs_riichi(o, ev->actor, err);
    case JONG_MJAI_CHI:
        return jong_opp_obs_call(o, JONG_EV_CHI, ev->actor, ev->target, ev->pai, ev->consumed, ev->nconsumed, err);
    case JONG_MJAI_PON:
        return jong_opp_obs_call(o, JONG_EV_PON, ev->actor, ev->target, ev->pai, ev->consumed, ev->nconsumed, err);
    case JONG_MJAI_DAIMINKAN:
        return jong_opp_obs_call(o, JONG_EV_KONG, ev->actor, ev->target, ev->pai, ev->consumed, ev->nconsumed, err);
    case JONG_MJAI_ANKAN:
        return jong_opp_obs_call(o, JONG_EV_CONCEALED_KONG, ev->actor, -1, JONG_NO_TILE, ev->consumed, ev->nconsumed, err);
    case JONG_MJAI_KAKAN:
        return jong_opp_obs_call(o, JONG_EV_ADDED_KONG, ev->actor, -1, ev->pai, &ev->pai, 1, err);
    case JONG_MJAI_DORA:
        return jong_opp_obs_dora(o, ev->pai, err);
    default:
        return JONG_OK;
    }
}

void jong_opp_trainset_init(jong_opp_trainset *t, int model, uint64_t seed)
{
    memset(t, 0, sizeof *t);
    t->model = model;
    t->seed = seed;
    jong_dataset_init(&t->d, model == JONG_TRAIN_POLICY ? jong_op_feature_dim()
                             : model == JONG_TRAIN_CALLS ? jong_call_feature_dim()
                                                         : jong_opp_feature_dim(model));
}

void jong_opp_trainset_free(jong_opp_trainset *t)
{
    jong_dataset_free(&t->d);
    free(t->waits);
    free(t->own);
    free(t->flag);
    int model = t->model;
    uint64_t seed = t->seed;
    jong_opp_trainset_init(t, model, seed);
}

static int add_row(jong_opp_trainset *t, const uint32_t *x, const float *val, int n, float label,
                   uint32_t group, uint64_t waits, uint64_t own, uint8_t flag, jong_error *err)
{
    if (t->d.n >= t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        uint64_t *w = realloc(t->waits, sizeof *w * cap);
        if (w)
            t->waits = w;
        uint64_t *o = realloc(t->own, sizeof *o * cap);
        if (o)
            t->own = o;
        uint8_t *f = realloc(t->flag, cap);
        if (f)
            t->flag = f;
        if (!w || !o || !f)
            return jong_error_set(err, JONG_ERR_IO, -1, "training set: out of memory at %zu rows", t->d.n);
        t->cap = cap;
    }
    size_t row = t->d.n;
    int rc = jong_dataset_add(&t->d, x, val, n, label, group, err);
    if (rc)
        return rc;
    t->waits[row] = waits;
    t->own[row] = own;
    t->flag[row] = flag;
    return JONG_OK;
}

static uint64_t kinds_of(const jong_hand *h)
{
    uint64_t m = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k])
            m |= 1ull << k;
    return m;
}

/* The samples a discard of seat gives. */
static int after_discard(jong_opp_trainset *t, const jong_opp_obs *o, int seat, uint32_t group,
                         jong_error *err)
{
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    uint64_t waits = jong_opp_true_waits(o, seat);
    if (t->model == JONG_OPP_WAITING) {
        if (waits && !t->was_waiting[seat]) {
            bool open = false;
            for (int m = 0; m < o->seats[seat].nmelds; m++)
                open = open || o->seats[seat].melds[m].type != JONG_MELD_CONCEALED_KONG;
            t->became_waiting++;
            t->became_waiting_open += open;
        }
        t->was_waiting[seat] = waits != 0;
        int n = jong_opp_features_waiting(o, seat, x);
        return add_row(t, x, NULL, n, waits ? 1.0f : 0.0f, group, waits, o->seats[seat].ndiscards,
                       o->seats[seat].riichi, err);
    }
    if (t->model == JONG_OPP_WINTILE && waits) {
        /* the observer: one of the three other seats, a pure function of (seed, row) */
        int observer = (seat + 1 + (int)(jong_seed_mix(t->seed, t->d.n) % 3)) % JONG_SEATS;
        int n = jong_opp_features_wintile(o, seat, observer, x);
        return add_row(t, x, NULL, n, 0.0f, group, waits, kinds_of(&o->seats[observer].hand), 0, err);
    }
    return JONG_OK;
}

/* The pairs of one discard decision of seat (before the discard of code). */
static int policy_rows(jong_opp_trainset *t, const jong_opp_obs *o, int seat, int code, uint32_t group,
                       jong_error *err)
{
    const jong_opp_seat *st = &o->seats[seat];
    if (!st->known || st->riichi || jong_hand_concealed_count(&st->hand) % 3 != 2)
        return JONG_OK;
    jong_op_context cx;
    jong_opp_op_context(o, seat, &cx);
    uint8_t kinds[JONG_KINDS];
    uint32_t f[JONG_KINDS][JONG_OP_MAX_ACTIVE];
    int nf[JONG_KINDS];
    int n = jong_op_candidates(&st->hand, &cx, kinds, f, nf);
    int e = -1, expert = jong_code_kind(code);
    for (int i = 0; i < n; i++)
        if (kinds[i] == expert)
            e = i;
    if (e < 0 || n < 2)
        return JONG_OK;
    uint64_t decision = t->decisions++;
    /* Eq. 12's situation: is the player waiting (after its best discard), and how many others
     * have called or declared riichi */
    jong_shanten3 s3;
    int situation = jong_hand_shanten(&st->hand, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, &s3) <= 0 ? 4 : 0, threats = 0;
    for (int q = 0; q < JONG_SEATS; q++) {
        bool open = o->seats[q].riichi;
        for (int mm = 0; mm < o->seats[q].nmelds; mm++)
            open = open || o->seats[q].melds[mm].type != JONG_MELD_CONCEALED_KONG;
        threats += q != seat && open;
    }
    situation += threats > 3 ? 3 : threats;
    for (int i = 0; i < n; i++) {
        if (i == e)
            continue;
        uint32_t x[2 * JONG_OP_MAX_ACTIVE];
        float v[2 * JONG_OP_MAX_ACTIVE];
        int m = 0;
        for (int a = 0; a < nf[e]; a++) {
            bool shared = false;
            for (int b = 0; b < nf[i]; b++)
                shared = shared || f[i][b] == f[e][a];
            if (!shared)
                x[m] = f[e][a], v[m++] = 1.0f;
        }
        for (int b = 0; b < nf[i]; b++) {
            bool shared = false;
            for (int a = 0; a < nf[e]; a++)
                shared = shared || f[i][b] == f[e][a];
            if (!shared)
                x[m] = f[i][b], v[m++] = -1.0f;
        }
        int rc = add_row(t, x, v, m, 1.0f, group, decision, 0, (uint8_t)situation, err);
        if (rc)
            return rc;
    }
    return JONG_OK;
}

/* The calls the discard of event i (already applied to o) offers: a pon to every other seat
 * holding two, a chi (its run with the least shanten after it) to the next seat; labelled by
 * what the record's next event shows. Left out: a discard won on or taken by an open kan (the
 * choice is another one), the last tile of the wall (no call), seats in riichi, and the chi when
 * a pon took the tile first (the chi was never offered). */
static int call_rows(jong_opp_trainset *t, const jong_opp_obs *o, const jong_mjai_log *lg, size_t i,
                     uint32_t group, jong_error *err)
{
    const jong_mjai_event *ev = &lg->ev[i];
    int seat = ev->actor, tile = jong_code_kind(ev->pai);
    if (tile >= JONG_KINDS || o->wall_left <= 0)
        return JONG_OK;
    const jong_mjai_event *next = NULL;
    for (size_t j = i + 1; j < lg->n && !next; j++)
        if (lg->ev[j].type != JONG_MJAI_REACH_ACCEPTED && lg->ev[j].type != JONG_MJAI_DORA)
            next = &lg->ev[j];
    if (!next || next->type == JONG_MJAI_HORA || next->type == JONG_MJAI_DAIMINKAN)
        return JONG_OK;
    int ponner = next->type == JONG_MJAI_PON ? next->actor : -1;
    int chier = next->type == JONG_MJAI_CHI ? next->actor : -1;
    for (int d = 1; d < JONG_SEATS; d++) {
        int q = (seat + d) % JONG_SEATS;
        const jong_opp_seat *st = &o->seats[q];
        if (!st->known || st->riichi)
            continue;
        jong_call_context cx;
        jong_opp_call_context(o, q, &cx);
        uint32_t x[JONG_CALL_MAX_ACTIVE];
        int n = jong_call_features(&st->hand, JONG_CALL_PON, tile, tile, &cx, x);
        int rc = n ? add_row(t, x, NULL, n, q == ponner, group, 0, 0, JONG_CALL_PON, err) : JONG_OK;
        if (rc)
            return rc;
        int low = d == 1 && ponner < 0 ? jong_call_best_chi(&st->hand, tile) : -1;
        n = low >= 0 ? jong_call_features(&st->hand, JONG_CALL_CHI, tile, low, &cx, x) : 0;
        rc = n ? add_row(t, x, NULL, n, q == chier, group, 0, 0, JONG_CALL_CHI, err) : JONG_OK;
        if (rc)
            return rc;
    }
    return JONG_OK;
}

/* Points of a win before honba and sticks: the record's hand points, else from the deltas. */
static double win_points(const jong_opp_obs *o, const jong_mjai_event *ev)
{
    if (ev->hora_points > 0)
        return ev->hora_points;
    if (ev->has & JONG_MJAI_HAS_DELTAS)
        return ev->deltas[ev->actor] - 300.0 * o->honba - 1000.0 * o->kyotaku;
    return 0;
}

int jong_opp_trainset_add_log(jong_opp_trainset *t, const jong_mjai_log *lg, uint32_t group,
                              jong_error *err)
{
    if (lg->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "a %d-player game (the models are for four players)", lg->players);
    jong_opp_obs o;
    bool in_hand = false;
    for (size_t i = 0; i < lg->n; i++) {
        const jong_mjai_event *ev = &lg->ev[i];
        if (ev->type == JONG_MJAI_START_KYOKU) {
            in_hand = true;
            t->hands++;
            memset(t->was_waiting, 0, sizeof t->was_waiting);
        }
        if (!in_hand)
            continue;
        int rc = JONG_OK;
        if (t->model == JONG_TRAIN_POLICY && ev->type == JONG_MJAI_DAHAI)
            rc = policy_rows(t, &o, ev->actor, ev->pai, group, err);
        if (!rc)
            rc = jong_opp_obs_mjai(&o, ev, err);
        if (!rc && ev->type == JONG_MJAI_DAHAI)
            rc = after_discard(t, &o, ev->actor, group, err);
        if (!rc && ev->type == JONG_MJAI_DAHAI && t->model == JONG_TRAIN_CALLS)
            rc = call_rows(t, &o, lg, i, group, err);
        if (!rc && ev->type == JONG_MJAI_HORA && t->model == JONG_OPP_SCORE) {
            double pts = win_points(&o, ev);
            int tile = jong_code_kind(ev->pai);
            if (pts > 0 && tile < JONG_KINDS) {
                uint32_t x[JONG_OPP_MAX_ACTIVE];
                int n = jong_opp_features_score(&o, ev->actor, tile, x);
                rc = add_row(t, x, NULL, n, (float)log(pts), group, 0, 0, ev->actor == ev->target, err);
            }
        }
        if (rc) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
            return jong_error_set(err, rc, -1, "event %zu (%s): %s", i + 1, jong_mjai_type_name(ev->type), msg);
        }
        if (ev->type == JONG_MJAI_END_KYOKU)
            in_hand = false;
    }
    t->games++;
    return JONG_OK;
}

