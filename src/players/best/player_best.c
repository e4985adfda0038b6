/* The `best` alias: for each family of rules, the strongest player Jong has, with its tuned
 * options, as measured in the arena (README "Which player is strongest", docs/players.md). Both
 * players are made when `best` is made; each decision goes to the one of its game's rules. The
 * choice is this table: change it only with the arena evidence that supports the change. */
#include <stdlib.h>
#include <string.h>

#include "jong/player.h"
#include "players/best/best.h"

int jong_player_kurita_create(const char *opts, jong_player *p, jong_error *err);
int jong_player_race_create(const char *opts, jong_player *p, jong_error *err);

/* What `best` plays, per family (the names as the registry spells them, for help and records). */
const char *const jong_best_spec[2] = {
    [JONG_VARIANT_RIICHI] = "kurita",
    [JONG_VARIANT_TAIWAN] = "race",
};

static int (*const best_create[2])(const char *, jong_player *, jong_error *) = {
    [JONG_VARIANT_RIICHI] = jong_player_kurita_create,
    [JONG_VARIANT_TAIWAN] = jong_player_race_create,
};

typedef struct {
    jong_player inner[2];
} best_state;

static jong_player *inner_for(best_state *st, const jong_decision *d)
{
    return &st->inner[d->view->variant == JONG_VARIANT_RIICHI ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN];
}

static int best_choose(jong_player *p, const jong_decision *d)
{
    jong_player *in = inner_for(p->state, d);
    return in->ops->choose(in, d);
}

static void best_observe(jong_player *p, const jong_view *v, const jong_event *seen)
{
    best_state *st = p->state;
    jong_player *in = &st->inner[v->variant == JONG_VARIANT_RIICHI ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN];
    if (in->ops->observe)
        in->ops->observe(in, v, seen);
}

static int best_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    jong_player *in = inner_for(p->state, d);
    if (!in->discard_values) {
        jong_error err;
        return jong_error_set(&err, JONG_ERR_ARG, -1, "best: %s gives no discard values",
                              jong_best_spec[d->view->variant == JONG_VARIANT_RIICHI ? 0 : 1]);
    }
    return in->discard_values(in, d, out);
}

static void best_destroy(jong_player *p)
{
    best_state *st = p->state;
    if (st)
        for (int v = 0; v < 2; v++)
            if (st->inner[v].ops && st->inner[v].ops->destroy)
                st->inner[v].ops->destroy(&st->inner[v]);
    free(st);
}

static const jong_player_ops best_ops = {best_choose, best_observe, best_destroy};

int jong_player_best_create(const char *opts, jong_player *p, jong_error *err)
{
    if (opts && *opts)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "best: takes no options (it is %s in riichi and %s in Taiwanese; name that player "
                              "to give options)",
                              jong_best_spec[0], jong_best_spec[1]);
    best_state *st = calloc(1, sizeof *st);
    if (!st)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    for (int v = 0; v < 2; v++) {
        const char *colon = strchr(jong_best_spec[v], ':');
        int rc = best_create[v](colon ? colon + 1 : "", &st->inner[v], err);
        if (rc) {
            p->state = st;
            best_destroy(p);
            p->state = NULL;
            return rc;
        }
    }
    p->ops = &best_ops;
    p->state = st;
    p->discard_values = best_values;
    return JONG_OK;
}
