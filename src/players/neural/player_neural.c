/* The `neural` player (riichi): the policy network of models/neuralnet.h over the feature planes
 * of models/planes.h, trained on Houou games by tools/train_neural.py; it plays the legal action
 * the network rates highest (temp=0) or draws one from its softmax (temp > 0). The shipped
 * network is built in; model=FILE plays another file of the same format. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/player.h"
#include "jong/rng.h"
#include "models/planes.h"
#include "neural.h"
#include "neural_search.h"

extern const unsigned char jong_neural_model_data[], jong_neural_model_end[];

typedef struct {
    jong_nn net;
    double temp;
    char model_path[256];
    bool search;           /* search=mc: the network's likely discards valued by simulation */
    jong_neural_search mc;
} neural_state;

int jong_neural_net(const char *path, jong_nn *net, jong_error *err)
{
    if (path)
        return jong_nn_load(path, net, err);
    return jong_nn_decode(jong_neural_model_data, (size_t)(jong_neural_model_end - jong_neural_model_data),
                          "built-in neural network", net, err);
}

int jong_neural_pick(const float *logits, const jong_action *legal, int nlegal, double temp, uint64_t seed)
{
    unsigned char seen[JONG_ACTION_IDS] = {0};
    int best = 0;
    float top = -INFINITY;
    for (int i = 0; i < nlegal; i++) {
        int id = jong_action_id(&legal[i]);
        if (logits[id] > top) /* strictly: of equal logits the first legal action stays */
            top = logits[id], best = i;
    }
    if (temp <= 0 || !isfinite(top))
        return best;
    double w[JONG_MAX_ACTIONS], sum = 0;
    for (int i = 0; i < nlegal; i++) {
        int id = jong_action_id(&legal[i]);
        w[i] = seen[id] ? 0 : exp(((double)logits[id] - top) / temp); /* the top weighs 1: no overflow */
        seen[id] = 1;
        sum += w[i];
    }
    jong_rng rng;
    jong_rng_seed(&rng, seed);
    double u = jong_rng_double(&rng) * sum;
    for (int i = 0; i < nlegal; i++) {
        if (u < w[i])
            return i;
        u -= w[i];
    }
    return best; /* u ran past the last weight by rounding */
}

static int neural_choose(jong_player *p, const jong_decision *d)
{
    neural_state *st = p->state;
    /* a riichi player (the registry refuses it a Taiwanese table); the planes exist for both
     * families, so even then it answers legally */
    float x[JONG_PLANES * JONG_KINDS], logits[JONG_ACTION_IDS];
    jong_planes(d->view, d->rules, d->view->seat, x);
    jong_nn_forward(&st->net, x, logits);
    int pick = jong_neural_pick(logits, d->legal, d->nlegal, st->temp, d->seed);
    return st->search ? jong_neural_search_choose(&st->mc, d, logits, pick) : pick;
}

static void neural_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    (void)v;
    neural_state *st = p->state;
    if (st->search)
        jong_neural_search_observe(&st->mc, ev);
}

static void neural_destroy(jong_player *p)
{
    neural_state *st = p->state;
    if (!st)
        return;
    jong_nn_free(&st->net);
    jong_neural_search_free(&st->mc);
    free(st);
}

static const jong_player_ops neural_ops = {neural_choose, neural_observe, neural_destroy};

static int neural_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    neural_state *st = ctx;
    if (!strcmp(key, "temp")) {
        char *end;
        double t = strtod(val, &end);
        if (!*val || *end || !(t >= 0 && t <= 100))
            return jong_error_set(err, JONG_ERR_ARG, -1, "neural: temp must be a number in 0..100, not '%s'", val);
        st->temp = t;
        return JONG_OK;
    }
    if (!strcmp(key, "model")) {
        if (!*val || strlen(val) >= sizeof st->model_path)
            return jong_error_set(err, JONG_ERR_ARG, -1, "neural: model must be a file path (under %zu characters)",
                                  sizeof st->model_path);
        strcpy(st->model_path, val);
        return JONG_OK;
    }
    if (!strcmp(key, "search")) {
        if (strcmp(val, "off") && strcmp(val, "mc"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "neural: search must be off or mc, not '%s'", val);
        st->search = !strcmp(val, "mc");
        return JONG_OK;
    }
    if (!strcmp(key, "mass")) {
        char *end;
        double m = strtod(val, &end);
        if (!*val || *end || !(m > 0 && m <= 1))
            return jong_error_set(err, JONG_ERR_ARG, -1, "neural: mass must be a number in (0, 1], not '%s'", val);
        st->mc.mass = m;
        return JONG_OK;
    }
    if (!strcmp(key, "top") || !strcmp(key, "sims")) {
        char *end;
        long n = strtol(val, &end, 10);
        long hi = key[0] == 't' ? JONG_KINDS : 1000000;
        if (!*val || *end || n < 1 || n > hi)
            return jong_error_set(err, JONG_ERR_ARG, -1, "neural: %s must be a whole number in 1..%ld, not '%s'", key,
                                  hi, val);
        if (key[0] == 't')
            st->mc.top = (int)n;
        else
            st->mc.cfg.sims = (int)n;
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1,
                          "neural: unknown option '%s' (options: temp, model, search, mass, top, sims)", key);
}

int jong_player_neural_create(const char *opts, jong_player *p, jong_error *err)
{
    neural_state *st = calloc(1, sizeof *st);
    if (!st)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    /* search=mc's defaults: mizukami's simulations (60 per candidate, its steal share and ODEV)
     * over the network's discards up to 90% of its probability, at most 3 */
    st->mc.mass = 0.9;
    st->mc.top = 3;
    st->mc.cfg.sims = 60;
    st->mc.cfg.steal_share = 0.35;
    st->mc.cfg.alpha = 0.1;
    st->mc.cfg.odev = true;
    int rc = jong_options_parse(opts, neural_option, st, "neural", err);
    if (!rc)
        rc = jong_neural_net(st->model_path[0] ? st->model_path : NULL, &st->net, err);
    if (!rc && st->search && (rc = jong_neural_search_init(&st->mc, err)) != 0)
        jong_nn_free(&st->net);
    if (rc) {
        free(st);
        return rc;
    }
    p->ops = &neural_ops;
    p->state = st;
    return JONG_OK;
}
