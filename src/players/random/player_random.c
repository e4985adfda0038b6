/* The random player: uniform over the legal actions. The template for every other engine. */
#include "jong/player.h"
#include "jong/rng.h"

static int random_choose(jong_player *p, const jong_decision *d)
{
    (void)p;
    jong_rng rng;
    jong_rng_seed(&rng, d->seed);
    return (int)jong_rng_below(&rng, (uint32_t)d->nlegal);
}

static const jong_player_ops random_ops = {random_choose, NULL, NULL};

static int no_options(void *ctx, const char *key, const char *val, jong_error *err)
{
    (void)ctx;
    (void)val;
    return jong_error_set(err, JONG_ERR_ARG, -1, "random: unknown option '%s' (it takes none)", key);
}

int jong_player_random_create(const char *opts, jong_player *p, jong_error *err)
{
    int rc = jong_options_parse(opts, no_options, NULL, "random", err);
    if (rc)
        return rc;
    p->ops = &random_ops;
    return JONG_OK;
}
