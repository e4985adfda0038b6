/* The `kf-rule`, `kf-tree` and `kf-v` players. All three win whenever they may and declare a
 * concealed or added kong that does not raise the WN. A discard comes from KF-RULE (Eq. 9), or
 * from the search (WN <= search) with the race player's choice above it (above=race; KF-RULE
 * with above=rule, the paper's); KF-V adds the situation analysis: from
 * round `late` on (its own discards) the opponent model gives T_self-mo and RT, the discards are
 * weighed by Drisk, and a hand whose WN is `def` above the round's mean in self-play gives up and
 * discards the tile of least risk. A claim that brings the hand nearer a win is taken by default
 * (claim=eager, the best of them by the same measure); claim=paper is section 4.5.5's rule: only
 * when the best discard after it is worth more than the hand as it waits now. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "kf.h"
#include "jong/player.h"

typedef enum { KF_RULE, KF_TREE, KF_V } kf_kind;

typedef struct {
    kf_kind kind;
    jong_kf_opts o;
    jong_kf_model_opts m;
    int late;     /* first round of the late game (KF-V) */
    double def;   /* give up when WN >= mean WN of the round + def (KF-V) */
    bool claim;
    bool claim_eager; /* claim=eager: take the best claim that lowers the WN without weighing it against
                       * passing (greedy's rule); claim=paper (or on): section 4.5.5's comparison */
    bool above_race;  /* above=race: a discard the search does not reach (WN > search) is the race
                       * player's, not Eq. 9's (KF-TREE and KF-V) */
    jong_player race;
} kf_state;

int jong_player_race_create(const char *opts, jong_player *p, jong_error *err);

/* above=race: the race player's discard values in place of Eq. 9's where the search did not
 * decide. Returns false (nothing written) when race gives none. */
static bool race_values_for(const kf_state *st, const jong_decision *d, jong_player_values *out)
{
    jong_player *race = (jong_player *)&st->race;
    return st->above_race && race->discard_values && race->discard_values(race, d, out) == JONG_OK &&
           out->choice >= 0 && out->choice < JONG_KINDS;
}

static const char *kf_name(kf_kind k) { return k == KF_RULE ? "kf-rule" : k == KF_TREE ? "kf-tree" : "kf-v"; }

static bool late_game(const kf_state *st, const jong_view *v)
{
    return st->kind == KF_V && v->seats[v->seat].ndiscards >= st->late;
}

static void tables_for(const kf_state *st, const jong_decision *d, jong_kf_tables *t)
{
    if (late_game(st, d->view))
        jong_kf_tables_model(d->view, &st->m, d->seed, t);
    else
        jong_kf_tables_plain(d->view, t);
}

static jong_kf_opts opts_for(const kf_state *st, const jong_view *v)
{
    jong_kf_opts o = st->o;
    if (st->kind == KF_RULE)
        o.search_wn = -1;
    o.use_risk = late_game(st, v);
    return o;
}

static int wn_of(const jong_hand *h)
{
    uint8_t lim[JONG_KINDS];
    jong_hand_limits(h, lim);
    return jong_distance_standard_limited(h->counts, jong_hand_sets_needed(h, JONG_VARIANT_TAIWAN), lim);
}

static double best_of(const jong_kf_result *r) { return r->best >= 0 ? r->etile[r->best] : 0; }

/* Worth of a hand that must discard, and of one that waits to take; `tree` says which measure
 * (the search's Etile, or KF-RULE's Eq. 9 value) so that both sides of a claim use the same. */
static double discard_worth(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                            bool tree, const atomic_bool *stop)
{
    jong_kf_result r;
    if (tree) {
        jong_kf_decide(kh, t, o, stop, &r);
        if (r.searched)
            return best_of(&r);
        return -1;
    }
    jong_kf_rule(kh, t, o, &r);
    return best_of(&r);
}

static double wait_worth(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                         bool tree, const atomic_bool *stop)
{
    if (tree)
        return jong_kf_wait_value(kh, t, o, stop, NULL);
    /* the paper's trick: add a tile nobody needs (a kind not held and with no neighbour held) */
    jong_kf_hand h = *kh;
    for (int k = JONG_KINDS - 1; k >= 0; k--) {
        int r = k % 9;
        bool near = h.hand.counts[k] > 0;
        if (k < JONG_NUMBER_KINDS)
            for (int dd = -2; dd <= 2; dd++)
                if (r + dd >= 0 && r + dd <= 8 && h.hand.counts[k + dd])
                    near = true;
        if (!near) {
            h.hand.counts[k]++;
            break;
        }
    }
    return discard_worth(&h, t, o, false, stop);
}

/* The hand after a claim: the meld made, the claimed tile used. Returns false when it cannot be. */
static bool after_claim(const jong_hand *own, const jong_action *a, jong_hand *out)
{
    *out = *own;
    if (out->nmelds >= JONG_MAX_MELDS)
        return false;
    jong_meld m = {0, a->tile, 0};
    if (a->type == JONG_ACT_CHI) {
        for (int k = a->low; k < a->low + 3; k++)
            if (k != a->tile) {
                if (!out->counts[k])
                    return false;
                out->counts[k]--;
            }
        m.type = JONG_MELD_CHOW;
        m.tile = a->low;
    } else {
        int need = a->type == JONG_ACT_PON ? 2 : 3;
        if (out->counts[a->tile] < need)
            return false;
        out->counts[a->tile] -= (uint8_t)need;
        m.type = a->type == JONG_ACT_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
    }
    out->melds[out->nmelds++] = m;
    return true;
}

static int claim_choice(const kf_state *st, const jong_decision *d, int pass)
{
    const jong_view *v = d->view;
    if (!st->claim)
        return pass;
    jong_kf_tables t;
    tables_for(st, d, &t);
    jong_kf_opts o = opts_for(st, v);
    jong_kf_hand kh;
    jong_kf_hand_from_view(v, d->rules, &kh);
    int now = wn_of(&kh.hand);
    int best = pass;
    double best_v = 0;
    bool have_pass = false;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON && a->type != JONG_ACT_KONG)
            continue;
        jong_kf_hand after = kh;
        if (!after_claim(&v->own, a, &after.hand))
            continue;
        int w = wn_of(&after.hand);
        bool kong = a->type == JONG_ACT_KONG;
        /* a claim that does not bring the hand nearer (a kong: keeps it) is passed */
        if (kong ? w > now : w >= now)
            continue;
        bool tree = now <= o.search_wn;  /* the search is possible on both sides */
        if (!have_pass) {
            best_v = st->claim_eager ? -1e300 : wait_worth(&kh, &t, &o, tree, d->stop);
            have_pass = true;
        }
        double val = kong ? wait_worth(&after, &t, &o, tree, d->stop) : discard_worth(&after, &t, &o, tree, d->stop);
        if (val > best_v) {
            best_v = val;
            best = i;
        }
    }
    return best;
}

/* The discards' values: KF-RULE's Eq. 9, or the search's Etile (KF-RULE's above the limit). */
static void evaluate(const kf_state *st, const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                     const atomic_bool *stop, jong_kf_result *r)
{
    if (st->kind == KF_RULE)
        jong_kf_rule(kh, t, o, r);
    else
        jong_kf_decide(kh, t, o, stop, r);
}

/* The query hook: the values evaluate() gives every held kind (the defence of KF-V's late game
 * and the kongs are choices besides these values, not values). */
static int kf_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    const kf_state *st = p->state;
    jong_kf_hand kh;
    jong_kf_hand_from_view(d->view, d->rules, &kh);
    jong_kf_tables t;
    tables_for(st, d, &t);
    jong_kf_opts o = opts_for(st, d->view);
    jong_kf_result r;
    evaluate(st, &kh, &t, &o, d->stop, &r);
    if (st->kind != KF_RULE && !r.searched && race_values_for(st, d, out))
        return JONG_OK;
    out->measure = r.searched ? "Etile" : "Eq. 9";
    out->choice = r.best;
    for (int k = 0; k < JONG_KINDS; k++) {
        out->valued[k] = kh.hand.counts[k] > 0;
        out->value[k] = out->valued[k] ? r.etile[k] : 0;
    }
    return JONG_OK;
}

static int discard_choice(const kf_state *st, const jong_decision *d)
{
    const jong_view *v = d->view;
    jong_kf_hand kh;
    jong_kf_hand_from_view(v, d->rules, &kh);
    int now = wn_of(&kh.hand);
    /* kongs that do not raise the WN */
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_CONCEALED_KONG && a->type != JONG_ACT_ADDED_KONG)
            continue;
        jong_hand h = kh.hand;
        if (a->type == JONG_ACT_CONCEALED_KONG) {
            if (h.counts[a->tile] < 4 || h.nmelds >= JONG_MAX_MELDS)
                continue;
            h.counts[a->tile] -= 4;
            h.melds[h.nmelds++] = (jong_meld){JONG_MELD_CONCEALED_KONG, a->tile, 0};
        } else {
            if (!h.counts[a->tile])
                continue;
            h.counts[a->tile]--;
        }
        /* after the kong a replacement comes: compare it with the hand less its best discard */
        if (wn_of(&h) <= now)
            return i;
    }
    jong_kf_tables t;
    tables_for(st, d, &t);
    jong_kf_opts o = opts_for(st, v);
    jong_kf_result r;
    int kind = -1;
    if (late_game(st, v)) {
        int round = v->seats[v->seat].ndiscards;
        round = round < JONG_KF_ROUNDS ? round : JONG_KF_ROUNDS - 1;
        double mean = 0;
        for (int w = 0; w <= JONG_KF_WN_MAX; w++)
            mean += w * jong_kf_wn_alpha[round][w];
        if (now >= mean + st->def) {
            /* too weak: defend with the tile of least risk */
            jong_kf_risk(&t, 1.0, r.rtile);
            double least = 2;
            for (int k = 0; k < JONG_KINDS; k++)
                if (kh.hand.counts[k] && r.rtile[k] < least) {
                    least = r.rtile[k];
                    kind = k;
                }
        }
    }
    if (kind < 0) {
        evaluate(st, &kh, &t, &o, d->stop, &r);
        kind = r.best;
        jong_player_values rv;
        if (st->kind != KF_RULE && !r.searched && race_values_for(st, d, &rv))
            kind = rv.choice;
    }
    int first = -1;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD) {
            if (first < 0)
                first = i;
            if (d->legal[i].tile == kind)
                return i;
        }
    return first >= 0 ? first : 0;
}

static int kf_choose(jong_player *p, const jong_decision *d)
{
    const kf_state *st = p->state;
    int pass = -1;
    bool discard = false;
    for (int i = 0; i < d->nlegal; i++) {
        int ty = d->legal[i].type;
        if (ty == JONG_ACT_WIN || ty == JONG_ACT_SELF_DRAW_WIN)
            return i;
        if (ty == JONG_ACT_PASS)
            pass = i;
        if (ty == JONG_ACT_DISCARD)
            discard = true;
    }
    if (discard)
        return discard_choice(st, d);
    int c = claim_choice(st, d, pass);
    return c >= 0 ? c : 0;
}

static void kf_destroy(jong_player *p)
{
    kf_state *st = p->state;
    if (st && st->race.ops && st->race.ops->destroy)
        st->race.ops->destroy(&st->race);
    free(st);
}

static const jong_player_ops kf_ops = {kf_choose, NULL, kf_destroy};

static int parse_num(const char *who, const char *key, const char *val, double lo, double hi, double *out,
                     jong_error *err)
{
    char *end;
    double x = strtod(val, &end);
    if (!*val || *end || x < lo || x > hi)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: %s must be a number in %g..%g, not '%s'", who, key,
                              lo, hi, val);
    *out = x;
    return JONG_OK;
}

static int kf_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    kf_state *st = ctx;
    const char *who = kf_name(st->kind);
    double x;
    int rc;
    if (!strcmp(key, "w"))
        return parse_num(who, key, val, 0, 100, &st->o.w_aa, err);
    if (!strcmp(key, "claim")) {
        if (!strcmp(val, "eager") || !strcmp(val, "paper") || !strcmp(val, "on") || !strcmp(val, "off")) {
            st->claim = strcmp(val, "off") != 0;
            st->claim_eager = !strcmp(val, "eager");
            return JONG_OK;
        }
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: claim must be eager, paper (or on) or off, not '%s'", who,
                              val);
    }
    if (!strcmp(key, "hs") || !strcmp(key, "improved")) {
        bool on = !strcmp(val, "on");
        if (!on && strcmp(val, "off"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: %s must be on or off, not '%s'", who, key, val);
        if (!strcmp(key, "hs"))
            st->o.high_score = on;
        else
            st->o.improved = on;
        return JONG_OK;
    }
    if (st->kind != KF_RULE && !strcmp(key, "search")) {
        if ((rc = parse_num(who, key, val, 0, 6, &x, err)))
            return rc;
        st->o.search_wn = (int)x;
        return JONG_OK;
    }
    if (st->kind != KF_RULE && !strcmp(key, "above")) {
        if (strcmp(val, "race") && strcmp(val, "rule"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: above must be race or rule, not '%s'", who, val);
        st->above_race = !strcmp(val, "race");
        return JONG_OK;
    }
    if (st->kind != KF_RULE && !strcmp(key, "ways")) {
        if (strcmp(val, "paper") && strcmp(val, "pairs"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: ways must be paper or pairs, not '%s'", who, val);
        st->o.pair_ways = !strcmp(val, "pairs");
        return JONG_OK;
    }
    if (st->kind != KF_RULE && !strcmp(key, "nodes")) {
        if ((rc = parse_num(who, key, val, 1, 1e9, &x, err)))
            return rc;
        st->o.max_nodes = (int64_t)x;
        return JONG_OK;
    }
    if (st->kind == KF_V) {
        if (!strcmp(key, "risk"))
            return parse_num(who, key, val, 0, 1, &st->o.risk_w, err);
        if (!strcmp(key, "def"))
            return parse_num(who, key, val, 0, 20, &st->def, err);
        if (!strcmp(key, "late")) {
            if ((rc = parse_num(who, key, val, 0, 40, &x, err)))
                return rc;
            st->late = (int)x;
            return JONG_OK;
        }
        if (!strcmp(key, "samples")) {
            if ((rc = parse_num(who, key, val, 1, 100000, &x, err)))
                return rc;
            st->m.samples = (int)x;
            return JONG_OK;
        }
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "%s: unknown option '%s' (options: %s)", who, key,
                          st->kind == KF_RULE ? "w, claim, hs, improved"
                          : st->kind == KF_TREE ? "w, claim, hs, improved, search, above, nodes, ways"
                                                : "w, claim, hs, improved, search, above, nodes, ways, risk, def, late, samples");
}

static int kf_create(kf_kind kind, const char *opts, jong_player *p, jong_error *err)
{
    kf_state st;
    memset(&st, 0, sizeof st);
    st.kind = kind;
    jong_kf_opts_default(&st.o);
    st.m = (jong_kf_model_opts){100, 4.0, 1.0};
    st.late = 8;
    st.def = 2.0;
    st.claim = true;
    st.claim_eager = true; /* measured against the paper's rule: docs/experiments/kf.md */
    st.above_race = kind != KF_RULE; /* measured against Eq. 9: docs/experiments/taiwanese-strength.md */
    if (kind == KF_V)
        st.o.search_wn = 1; /* with race above it, searching only ready hands did best (same document) */
    int rc = jong_options_parse(opts, kf_option, &st, kf_name(kind), err);
    if (rc)
        return rc;
    if (st.above_race && (rc = jong_player_race_create("", &st.race, err)))
        return rc;
    kf_state *mine = malloc(sizeof *mine);
    if (!mine) {
        if (st.race.ops && st.race.ops->destroy)
            st.race.ops->destroy(&st.race);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    *mine = st;
    p->ops = &kf_ops;
    p->state = mine;
    p->discard_values = kf_values;
    return JONG_OK;
}

int jong_player_kf_rule_create(const char *opts, jong_player *p, jong_error *err) { return kf_create(KF_RULE, opts, p, err); }
int jong_player_kf_tree_create(const char *opts, jong_player *p, jong_error *err) { return kf_create(KF_TREE, opts, p, err); }
int jong_player_kf_v_create(const char *opts, jong_player *p, jong_error *err) { return kf_create(KF_V, opts, p, err); }
