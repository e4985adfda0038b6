/* The guard model's features and probabilities (guard_model.h). Every feature is a binary index;
 * the groups below are laid out one after another, and the layout is JONG_GUARD_VERSION: a change
 * here needs a new version and a retrained models/guard.jlm. */
#include "models/guard_model.h"

#include <math.h>
#include <string.h>

#include "jong/player.h"
#include "models/learn.h"

/* ---- danger: group sizes and offsets ---------------------------------------------------------- */
#define D_BIAS 0
#define D_TURN_MELDS (D_BIAS + 1)              /* o's discards / 2 (0..11) x o's melds (0..5) */
#define D_REL (D_TURN_MELDS + 12 * 6)          /* o's place after us: next, opposite, previous */
#define D_CLASS_MELDS (D_REL + 3)              /* tile class (7) x o's melds (6) */
#define D_CLASS_SEEN (D_CLASS_MELDS + 7 * 6)   /* tile class (7) x copies in sight (0..4) */
#define D_DISCARDED (D_CLASS_SEEN + 7 * 5)     /* o discarded k: ever, among its last 4 */
#define D_SUJI (D_DISCARDED + 2)               /* o discarded k-3, k+3, both (3) x suited class (5) */
#define D_NEAR (D_SUJI + 3 * 5)                /* o discarded k-1 or k+1, k-2 or k+2 (4: each 0 / 1+) */
#define D_SUIT (D_NEAR + 4)                    /* o's discards of k's suit (4 buckets) x melded or not */
#define D_SUIT_MELDS (D_SUIT + 4 * 2)          /* o's melds all in k's suit; some meld in k's suit */
#define D_PASSED (D_SUIT_MELDS + 2)            /* k went by o since o's last turn */
#define D_WALL (D_PASSED + 1)                  /* wall left / 10 (0..9) */
#define D_THROWN (D_WALL + 10)                 /* o's last 3 discards that were its draw (0..3) x turn (3) */
#define D_HONOR_SEEN (D_THROWN + 4 * 3)        /* an honor with 2 or 3 in sight, by o's melds (2 x 6) */
#define D_END (D_HONOR_SEEN + 2 * 6)

/* ---- win: group sizes and offsets ------------------------------------------------------------ */
#define W_BIAS 0
#define W_SH_WALL (W_BIAS + 1)                 /* shanten (0..6) x wall left / 10 (0..9) */
#define W_SH_EFF (W_SH_WALL + 7 * 10)          /* shanten (7) x effective draws (8 buckets) */
#define W_MELDS_SH (W_SH_EFF + 7 * 8)          /* own melds (6) x shanten (7) */
#define W_READY_EFF_WALL (W_MELDS_SH + 6 * 7)  /* ready hands: effective draws (8) x wall (10) */
#define W_END (W_READY_EFF_WALL + 8 * 10)

_Static_assert(D_END <= JONG_GUARD_DIM && W_END <= JONG_GUARD_DIM, "guard features outgrow JONG_GUARD_DIM");

static int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }

/* 0 terminal, 1 two/eight, 2 three/seven, 3 four/six, 4 five, 5 wind, 6 dragon */
static int tile_class(int k)
{
    if (k < JONG_NUMBER_KINDS) {
        int r = k % 9;
        return r < 8 - r ? r : 8 - r;
    }
    return k < 31 ? 5 : 6;
}

static bool discarded(const jong_seat_view *s, int k, int from)
{
    for (int i = from < 0 ? 0 : from; i < s->ndiscards; i++)
        if (s->discards[i] == k)
            return true;
    return false;
}

static int wall_bucket(int wall) { return clampi(wall / 10, 0, 9); }

int jong_guard_danger_features(const jong_view *v, int opp, int kind, uint32_t idx[JONG_GUARD_MAXF])
{
    const jong_seat_view *o = &v->seats[opp];
    int n = 0, nd = o->ndiscards, nm = clampi(o->nmelds, 0, 5), cls = tile_class(kind);
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    int seen = clampi(4 - unseen[kind], 0, 4);
    idx[n++] = D_BIAS;
    idx[n++] = D_TURN_MELDS + clampi(nd / 2, 0, 11) * 6 + nm;
    idx[n++] = D_REL + clampi((opp - v->seat + JONG_SEATS) % JONG_SEATS - 1, 0, 2);
    idx[n++] = D_CLASS_MELDS + cls * 6 + nm;
    idx[n++] = D_CLASS_SEEN + cls * 5 + seen;
    if (discarded(o, kind, 0))
        idx[n++] = D_DISCARDED;
    if (discarded(o, kind, nd - 4))
        idx[n++] = D_DISCARDED + 1;
    if (kind < JONG_NUMBER_KINDS) {
        int r = kind % 9;
        bool lo = r >= 3 && discarded(o, kind - 3, 0), hi = r <= 5 && discarded(o, kind + 3, 0);
        int which = lo && hi ? 2 : lo ? 0 : hi ? 1 : -1;
        if (which >= 0)
            idx[n++] = D_SUJI + which * 5 + cls;
        bool n1 = (r >= 1 && discarded(o, kind - 1, 0)) || (r <= 7 && discarded(o, kind + 1, 0));
        bool n2 = (r >= 2 && discarded(o, kind - 2, 0)) || (r <= 6 && discarded(o, kind + 2, 0));
        idx[n++] = D_NEAR + (n1 ? 1 : 0);
        idx[n++] = D_NEAR + 2 + (n2 ? 1 : 0);
        int suit = kind / 9, in_suit = 0;
        for (int i = 0; i < nd; i++)
            in_suit += o->discards[i] < JONG_NUMBER_KINDS && o->discards[i] / 9 == suit;
        int b = in_suit == 0 ? 0 : in_suit <= 2 ? 1 : in_suit <= 5 ? 2 : 3;
        idx[n++] = D_SUIT + b * 2 + (nm > 0);
        int melds_in = 0, melds_known = 0;
        for (int i = 0; i < o->nmelds; i++) {
            int t = o->melds[i].tile;
            if (t == JONG_HIDDEN || t >= JONG_KINDS)
                continue;
            melds_known++;
            melds_in += t < JONG_NUMBER_KINDS && t / 9 == suit;
        }
        if (melds_known && melds_in == melds_known)
            idx[n++] = D_SUIT_MELDS;
        if (melds_in)
            idx[n++] = D_SUIT_MELDS + 1;
    } else if (seen >= 2 && seen <= 3) {
        idx[n++] = D_HONOR_SEEN + (seen - 2) * 6 + nm;
    }
    /* the seats that discarded after o's last turn: o passed their last discards (a win
     * passed up is a missed win until o draws again) */
    bool passed = false;
    for (int s = (opp + 1) % JONG_SEATS; s != v->seat; s = (s + 1) % JONG_SEATS) {
        const jong_seat_view *x = &v->seats[s];
        if (x->ndiscards && x->discards[x->ndiscards - 1] == kind)
            passed = true;
    }
    if (passed)
        idx[n++] = D_PASSED;
    idx[n++] = D_WALL + wall_bucket(v->wall_left);
    int thrown = 0;
    for (int i = nd - 3; i < nd; i++)
        if (i >= 0 && (o->discard_tsumogiri >> i & 1))
            thrown++;
    idx[n++] = D_THROWN + thrown * 3 + (nd < 6 ? 0 : nd < 12 ? 1 : 2);
    return n;
}

static int effective_bucket(int e)
{
    return e == 0 ? 0 : e <= 2 ? 1 : e <= 4 ? 2 : e <= 8 ? 3 : e <= 12 ? 4 : e <= 20 ? 5 : e <= 30 ? 6 : 7;
}

int jong_guard_win_features(const jong_view *v, int shanten, int effective, uint32_t idx[JONG_GUARD_MAXF])
{
    int n = 0, sh = clampi(shanten, 0, 6), w = wall_bucket(v->wall_left), e = effective_bucket(effective);
    idx[n++] = W_BIAS;
    idx[n++] = W_SH_WALL + sh * 10 + w;
    idx[n++] = W_SH_EFF + sh * 8 + e;
    idx[n++] = W_MELDS_SH + clampi(v->own.nmelds, 0, 5) * 7 + sh;
    if (sh == 0)
        idx[n++] = W_READY_EFF_WALL + e * 10 + w;
    return n;
}

double jong_guard_p(const jong_linmodel *m, int which, const uint32_t *idx, int n)
{
    return jong_sigmoid(jong_sparse_dot(m->w + (size_t)which * m->dim, idx, NULL, n));
}

double jong_guard_deal_in(const jong_linmodel *m, const jong_view *v, int kind)
{
    double safe = 1;
    uint32_t idx[JONG_GUARD_MAXF];
    for (int o = 0; o < JONG_SEATS; o++)
        if (o != v->seat) {
            int n = jong_guard_danger_features(v, o, kind, idx);
            safe *= 1 - jong_guard_p(m, JONG_GUARD_DANGER, idx, n);
        }
    return 1 - safe;
}

static int check_shape(jong_linmodel *m, const char *name, jong_error *err)
{
    if (m->nmodels == JONG_GUARD_MODELS && m->dim == JONG_GUARD_DIM)
        return JONG_OK;
    jong_error_set(err, JONG_ERR_ARG, -1, "%s: a guard model holds %d vectors of %d weights, not %u of %u", name,
                   JONG_GUARD_MODELS, JONG_GUARD_DIM, m->nmodels, m->dim);
    jong_linmodel_free(m);
    return err->code;
}

int jong_guard_load(const char *path, jong_linmodel *m, jong_error *err)
{
    int rc = jong_linmodel_load(path, "guard", JONG_GUARD_VERSION, m, err);
    return rc ? rc : check_shape(m, path, err);
}

int jong_guard_decode(const void *buf, size_t len, const char *name, jong_linmodel *m, jong_error *err)
{
    int rc = jong_linmodel_decode(buf, len, name, "guard", JONG_GUARD_VERSION, m, err);
    return rc ? rc : check_shape(m, name, err);
}
