/* The neural player's search (search=mc): Mizukami and Tsuruoka's Monte Carlo moves
 * (players/mizukami/mizukami.h: simulations of the rest of the hand with the opponent models,
 * Eq. 10's score = Sim x P(no deal-in) - expected loss) run over the discards the network
 * itself rates likely, and only when it is unsure. The network proposes, the simulation with
 * the opponent models chooses among its proposals: the network brings the Houou players'
 * judgement of shape and of when to push, the search the arithmetic of this table's dangers.
 *
 * At a decision where the network's own choice is a discard: the kinds of the legal discards
 * are ranked by the network's probability (plain, red and riichi discards of a kind summed);
 * candidates are taken from the top until their probabilities add up to `mass` or there are
 * `top` of them. One candidate: the network's move. Several: the candidate of best Eq. 10
 * score, played as the network rates that kind's legal discards (riichi or not, red or not). */
#include <math.h>
#include <string.h>

#include "models/planes.h"
#include "neural_search.h"

void jong_neural_search_observe(jong_neural_search *s, const jong_event *ev)
{
    jong_opp_obs_follow(&s->obs, &s->obs_ok, ev);
}

int jong_neural_search_choose(jong_neural_search *s, const jong_decision *d, const float *logits, int pick)
{
    const jong_action *chosen = &d->legal[pick];
    if (chosen->type != JONG_ACT_DISCARD)
        return pick;
    /* P(kind): the softmax over the legal actions (each id once), summed per discarded kind */
    unsigned char seen[JONG_ACTION_IDS] = {0};
    double top = -INFINITY, sum = 0, pk[JONG_KINDS] = {0};
    for (int i = 0; i < d->nlegal; i++)
        top = fmax(top, logits[jong_action_id(&d->legal[i])]);
    for (int i = 0; i < d->nlegal; i++) {
        int id = jong_action_id(&d->legal[i]);
        if (seen[id])
            continue;
        seen[id] = 1;
        double w = exp(logits[id] - top);
        sum += w;
        if (d->legal[i].type == JONG_ACT_DISCARD)
            pk[jong_code_kind(d->legal[i].tile)] += w;
    }
    uint64_t allowed = 0;
    double mass = 0;
    for (int n = 0; n < s->top && mass < s->mass * sum; n++) {
        int best = -1;
        for (int k = 0; k < JONG_KINDS; k++)
            if (!(allowed >> k & 1) && pk[k] > 0 && (best < 0 || pk[k] > pk[best]))
                best = k;
        if (best < 0)
            break;
        allowed |= 1ull << best;
        mass += pk[best];
    }
    if (__builtin_popcountll(allowed) < 2)
        return pick;
    jong_opp_obs rebuilt;
    const jong_opp_obs *o = jong_opp_obs_for(&s->obs, s->obs_ok, d->view, &rebuilt);
    jong_mz_config cfg = s->cfg;
    cfg.seed = d->seed;
    if (d->sims > 0)
        cfg.sims = (int)d->sims;
    jong_mz_result r;
    jong_error err;
    if (jong_mz_evaluate(&cfg, o, d->view->seat, allowed, d->stop, &r, &err) != JONG_OK || r.n < 1)
        return pick;
    int kind = r.c[r.best].kind;
    if (kind == jong_code_kind(chosen->tile))
        return pick;
    int best = pick;
    float best_logit = -INFINITY;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_DISCARD && jong_code_kind(a->tile) == kind &&
            logits[jong_action_id(a)] > best_logit) {
            best_logit = logits[jong_action_id(a)];
            best = i;
        }
    }
    return best;
}

int jong_neural_search_init(jong_neural_search *s, jong_error *err)
{
    int rc = jong_mizukami_models_load(&s->om, &s->policy, err);
    if (rc)
        return rc;
    s->cfg.opp = &s->om;
    s->cfg.policy = &s->policy;
    s->loaded = true;
    return JONG_OK;
}

void jong_neural_search_free(jong_neural_search *s)
{
    if (!s->loaded)
        return;
    jong_oppmodel_free(&s->om);
    jong_linmodel_free(&s->policy);
    s->loaded = false;
}
