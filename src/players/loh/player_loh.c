/* The `loh` player (both rule families), after Loh's hand evaluator (../shared/papers/
 * loh-hand-evaluator-simulator.txt): "look at a hand of tiles and judge what kind of hand to form
 * with it", weighing how many tiles are missing, how many useful tiles are left and what the hand
 * is worth ("a 30% chance of 20 points beats a 50% chance of 10").
 *
 * Every hand it could keep is valued by its best target (jong/analysis_targets.h): the exact
 * distance to each kind of winning hand, the unseen tiles that bring it closer, the target's
 * points under the rules and the rough chance of completing it in the seat's draws left; the
 * value is the largest chance x points over the targets (value=off: the largest chance, speed
 * alone). So it discards what its target does not use, and it melds when the hand after the meld
 * and its best discard is worth more than the hand as it stands (a chi that kills a riichi hand's
 * only yaku is worth nothing; one that serves a flush is worth its han). It wins whenever it can
 * and takes greedy's kongs. Ties go to greedy's own choice, so that it is deterministic and never
 * worse-informed than greedy where the targets cannot tell discards apart.
 *
 * Values come from the table's rules when the decision carries them (jong_decision.rules), else
 * from the family's defaults (Taiwanese: base 100 + 20 per tai; riichi: a non-dealer's ron). */
#include <stdlib.h>
#include <string.h>

#include "jong/analysis_targets.h"
#include "jong/eval.h"
#include "jong/player.h"
#include "players/greedy/greedy.h"

typedef struct {
    bool claims;   /* claims=on: chi, pon and kong from a discard when they raise the value */
    bool value;    /* value=on: chance x points; off: chance alone */
    double margin; /* a claim must raise the value by this fraction */
    double thin;   /* the chance model's thinning exponent (jong/analysis_targets.h) */
    jong_ruleset rs[2];          /* the families' default rules, when a decision brings none */
    const jong_ruleset *table;   /* the rules of the decision being made (jong_decision.rules) */
} loh_state;

/* What the seat knows has gone elsewhere, as jong_target_rows wants it: the copies that are
 * neither in its hand or melds nor unseen. */
static void seen_of(const jong_view *v, uint8_t seen[JONG_KINDS])
{
    int unseen[JONG_KINDS];
    uint8_t limit[JONG_KINDS];
    jong_view_unseen(v, unseen);
    jong_hand_limits(&v->own, limit);
    for (int k = 0; k < JONG_KINDS; k++) {
        int s = limit[k] - v->own.counts[k] - unseen[k];
        seen[k] = (uint8_t)(s > 0 ? s : 0);
    }
}

static int draws_left(const jong_view *v)
{
    int d = v->wall_left / 4;
    return d > 0 ? d : 1;
}

/* The value of a hand waiting for a draw (3N+1 concealed tiles): its best target's worth. */
static double hand_value(const loh_state *st, const jong_view *v, const jong_hand *h, const uint8_t seen[JONG_KINDS])
{
    jong_target_row rows[JONG_TARGETS];
    const jong_ruleset *rs = st->table ? st->table : &st->rs[v->variant == JONG_VARIANT_TAIWAN];
    jong_target_rows_thin(rs, h, seen, draws_left(v), st->thin, rows);
    double best = 0;
    for (int i = 0; i < JONG_TARGETS; i++) {
        double x = st->value ? rows[i].expected : rows[i].chance;
        if (rows[i].distance != JONG_UNDEFINED && x > best)
            best = x;
    }
    return best;
}

/* The value of discarding one tile of kind k (held) from a hand about to discard: the tile goes
 * face up, seen by all. */
static double discard_value(const loh_state *st, const jong_view *v, const jong_hand *h,
                            const uint8_t seen[JONG_KINDS], int k)
{
    jong_hand t = *h;
    uint8_t s[JONG_KINDS];
    memcpy(s, seen, sizeof s);
    t.counts[k]--;
    s[k]++;
    return hand_value(st, v, &t, s);
}

/* The best discard of a hand about to discard (only kinds in `allowed`): its value, and its kind
 * in *kind; `prefer` wins ties (greedy's choice, -1 for none). */
static double best_discard(const loh_state *st, const jong_view *v, const jong_hand *h, const uint8_t seen[JONG_KINDS],
                           uint64_t allowed, int prefer, int *kind)
{
    double best = -1, at_prefer = -1;
    *kind = -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!h->counts[k] || !(allowed >> k & 1))
            continue;
        double x = discard_value(st, v, h, seen, k);
        if (k == prefer)
            at_prefer = x;
        if (x > best) {
            best = x;
            *kind = k;
        }
    }
    if (prefer >= 0 && at_prefer >= best - 1e-12 * (best > 1 ? best : 1)) {
        *kind = prefer;
        return at_prefer;
    }
    return best;
}

static jong_hand hand_after_claim(const jong_hand *own, const jong_action *a)
{
    jong_hand h = *own;
    jong_counts_after_claim(own->counts, a, h.counts);
    if (h.nmelds < JONG_MAX_MELDS) {
        jong_meld *m = &h.melds[h.nmelds++];
        m->type = a->type == JONG_ACT_CHI ? JONG_MELD_CHOW : a->type == JONG_ACT_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
        m->tile = (uint8_t)(a->type == JONG_ACT_CHI ? a->low : a->tile);
        m->red = 0;
    }
    return h;
}

static int claim_choice(const loh_state *st, const jong_decision *d, int greedy)
{
    const jong_view *v = d->view;
    uint8_t seen[JONG_KINDS];
    seen_of(v, seen);
    int pass = -1;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_PASS)
            pass = i;
    if (pass < 0)
        return greedy;
    if (!st->claims)
        return pass;
    double now = hand_value(st, v, &v->own, seen), best = now * (1 + st->margin);
    int choice = pass;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON && a->type != JONG_ACT_KONG)
            continue;
        if (jong_hand_sets_needed(&v->own, v->variant) < 1)
            continue;
        jong_hand h = hand_after_claim(&v->own, a);
        uint8_t s[JONG_KINDS];
        memcpy(s, seen, sizeof s);
        if (s[a->tile] > 0)
            s[a->tile]--; /* the claimed tile is ours now, no longer a discard on the table */
        double x;
        if (a->type == JONG_ACT_KONG) {
            x = hand_value(st, v, &h, s); /* a replacement tile comes first */
        } else {
            int kind;
            x = best_discard(st, v, &h, s, ~0ull, -1, &kind);
        }
        if (x > best) {
            best = x;
            choice = i;
        }
    }
    return choice;
}

/* The table's own rules when the decision brings them (values follow its base and unit, its
 * big-hands rule, its special hands), else the family's defaults. */
static void use_rules(loh_state *st, const jong_decision *d)
{
    st->table = d->rules && d->rules->variant == d->view->variant ? d->rules : NULL;
}

static int loh_choose(jong_player *p, const jong_decision *d)
{
    loh_state *st = p->state;
    use_rules(st, d);
    bool discard = false;
    for (int i = 0; i < d->nlegal; i++) {
        int t = d->legal[i].type;
        if (t == JONG_ACT_WIN || t == JONG_ACT_SELF_DRAW_WIN)
            return i;
        discard |= t == JONG_ACT_DISCARD;
    }
    int g = jong_greedy_decide(true, d);
    if (g < 0 || g >= d->nlegal)
        g = 0;
    if (!discard)
        return claim_choice(st, d, g);
    if (d->legal[g].type != JONG_ACT_DISCARD)
        return g; /* greedy's kongs */
    const jong_view *v = d->view;
    uint8_t seen[JONG_KINDS];
    seen_of(v, seen);
    uint64_t allowed = 0;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD)
            allowed |= 1ull << d->legal[i].tile;
    int kind;
    best_discard(st, v, &v->own, seen, allowed, d->legal[g].tile, &kind);
    return kind >= 0 ? jong_discard_of_kind(d, kind) : g;
}

/* The query hook: each discard's value (its best target's chance x points). */
static int loh_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    loh_state *st = p->state;
    use_rules(st, d);
    const jong_view *v = d->view;
    uint8_t seen[JONG_KINDS];
    seen_of(v, seen);
    out->measure = st->value ? "best target's chance x points" : "best target's chance";
    memset(out->valued, 0, sizeof out->valued);
    memset(out->value, 0, sizeof out->value);
    out->choice = -1;
    double best = -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!v->own.counts[k])
            continue;
        double x = discard_value(st, v, &v->own, seen, k);
        out->valued[k] = true;
        out->value[k] = x;
        if (x > best) {
            best = x;
            out->choice = k;
        }
    }
    return JONG_OK;
}

static void loh_destroy(jong_player *p)
{
    free(p->state);
}

static const jong_player_ops loh_ops = {loh_choose, NULL, loh_destroy};

static int on_off(const char *key, const char *val, bool *out, jong_error *err)
{
    if (!strcmp(val, "on"))
        *out = true;
    else if (!strcmp(val, "off"))
        *out = false;
    else
        return jong_error_set(err, JONG_ERR_ARG, -1, "loh: %s must be on or off, not '%s'", key, val);
    return JONG_OK;
}

static int loh_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    loh_state *st = ctx;
    if (!strcmp(key, "claims"))
        return on_off(key, val, &st->claims, err);
    if (!strcmp(key, "value"))
        return on_off(key, val, &st->value, err);
    if (!strcmp(key, "thin")) {
        char *end;
        double x = strtod(val, &end);
        if (!*val || *end || !(x >= 0 && x <= 32))
            return jong_error_set(err, JONG_ERR_ARG, -1, "loh: thin must be a number in 0..32, not '%s'", val);
        st->thin = x;
        return JONG_OK;
    }
    if (!strcmp(key, "margin")) {
        char *end;
        double x = strtod(val, &end);
        if (!*val || *end || !(x >= 0 && x <= 10))
            return jong_error_set(err, JONG_ERR_ARG, -1, "loh: margin must be a number in 0..10, not '%s'", val);
        st->margin = x;
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "loh: unknown option '%s' (options: claims, value, thin, margin)", key);
}

int jong_player_loh_create(const char *opts, jong_player *p, jong_error *err)
{
    loh_state st;
    memset(&st, 0, sizeof st);
    st.claims = true;
    st.value = true;
    st.thin = 24; /* chosen by experiment (docs/experiments/loh.md): speed first, value among equals */
    jong_ruleset_default(&st.rs[0], JONG_VARIANT_RIICHI);
    jong_ruleset_default(&st.rs[1], JONG_VARIANT_TAIWAN);
    int rc = jong_options_parse(opts, loh_option, &st, "loh", err);
    if (rc)
        return rc;
    loh_state *mine = malloc(sizeof *mine);
    if (!mine)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    *mine = st;
    p->ops = &loh_ops;
    p->state = mine;
    p->discard_values = loh_values;
    return JONG_OK;
}
