/* `jong bench mizukami`: the Monte Carlo moves' speed on the discard decisions of seeded riichi
 * self-play (the one-player policy in every seat): simulations per second, the time of a decision
 * at the given budget, how often Eq. 13 picks the Monte Carlo move, and a signature of the
 * chosen discards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/jong.h"
#include "players/mizukami/mizukami.h"
#include "jong/table.h"

#define CMD "bench mizukami"

typedef struct {
    jong_mz_config cfg;
    jong_opp_obs o;
    bool ok;
    long decisions, mc, sims, limit;
    double seconds, worst;
    uint64_t sig;
} bench;

static void on_event(void *ctx, const jong_event *ev)
{
    bench *b = ctx;
    jong_error err;
    if (ev->type == JONG_EV_START_HAND)
        b->ok = true;
    if (b->ok && jong_opp_obs_event(&b->o, ev, &err) != JONG_OK)
        b->ok = false;
    if (!b->ok || ev->type != JONG_EV_DRAW || ev->actor != 0 || b->o.seats[0].riichi || b->decisions >= b->limit)
        return;
    jong_mz_result r;
    jong_mz_config cfg = b->cfg;
    cfg.seed = jong_seed_mix(cfg.seed, (uint64_t)b->decisions);
    double t0 = cli_now();
    if (jong_mz_evaluate(&cfg, &b->o, 0, 0, NULL, &r, &err) != JONG_OK)
        return;
    double dt = cli_now() - t0;
    b->seconds += dt;
    if (dt > b->worst)
        b->worst = dt;
    b->decisions++;
    b->mc += r.use_mc;
    b->sims += r.sims_done;
    int pick = r.c[r.use_mc ? r.best : r.one_player].kind;
    b->sig = (b->sig ^ (uint64_t)(pick + 1)) * 0x100000001b3ull;
}

typedef struct {
    int decisions, sims;
    double alpha;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--decisions", CLI_INT(decisions), "N", "seat 0's discard decisions to evaluate", .lo = 1, .hi = 10000000,
     .def = "200"},
    {"--sims", CLI_INT(sims), "S", "simulations per candidate; the default is the player's", .lo = 1, .hi = 10000000,
     .def = "60"},
    {"--alpha", CLI_DOUBLE(alpha), "A", "Eq. 13's alpha", .dlo = 0, .dhi = 1e7, .def = "0.1"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed", .def = "20261123"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .about = "Plays seeded riichi self-play (oneplayer:calls=yakuhai in every seat) and evaluates seat 0's\n"
             "first N discard decisions with the mizukami Monte Carlo moves at S simulations per candidate\n"
             "and Eq. 13's alpha. Prints the simulations (one rest of a hand for one candidate) per second,\n"
             "the mean and worst time of a decision on this one thread, the share of Monte Carlo moves and\n"
             "a signature of the picks.\n",
    .options = options,
};

int cmd_bench_mizukami(int argc, char **argv)
{
    bench_opts o = {0};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    long decisions = o.decisions;
    int sims = o.sims;
    double alpha = o.alpha;
    uint64_t seed = o.seed;
    bool json = o.json;
    bench *b = calloc(1, sizeof *b);
    jong_oppmodel om;
    jong_linmodel policy;
    jong_error err;
    if (!b || jong_mizukami_models_load(&om, &policy, &err)) {
        free(b);
        return cli_fail(CMD, "%s", b ? err.msg : "out of memory");
    }
    b->cfg = (jong_mz_config){.opp = &om, .policy = &policy, .steal_share = 0.35, .alpha = alpha, .sims = sims,
                              .odev = true, .seed = seed};
    b->limit = decisions;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_player *pl[JONG_SEATS];
    int rc = cli_make_players(CMD, "oneplayer:calls=yakuhai", JONG_VARIANT_RIICHI, pl); /* the states the figures were first measured on */
    fprintf(stderr, "jong %s: seed %llu, %ld decisions, %d simulations per candidate\n", CMD, (unsigned long long)seed,
            decisions, sims);
    b->sig = 0xcbf29ce484222325ull;
    for (int g = 0; !rc && b->decisions < decisions && g < 100000; g++) {
        jong_table tb = {.rules = &rs, .seed = seed, .game_number = g, .sink = on_event, .sink_ctx = b};
        memcpy(tb.players, pl, sizeof pl);
        jong_game_result res;
        if (jong_table_play(&tb, &res, &err))
            rc = cli_fail(CMD, "%s", err.msg);
    }
    if (!rc) {
        double sps = b->seconds > 0 ? (double)b->sims / b->seconds : 0;
        double mean = b->decisions ? 1000.0 * b->seconds / (double)b->decisions : 0;
        if (json)
            printf("{\"seed\":%llu,\"decisions\":%ld,\"sims_per_candidate\":%d,\"alpha\":%g,\"monte_carlo_moves\":%ld,"
                   "\"simulations\":%ld,\"simulations_per_second\":%.0f,\"mean_ms\":%.3f,\"worst_ms\":%.3f,"
                   "\"signature\":\"%016llx\"}\n",
                   (unsigned long long)seed, b->decisions, sims, alpha, b->mc, b->sims, sps, mean, 1000.0 * b->worst,
                   (unsigned long long)b->sig);
        else
            printf("%ld decisions, %ld by Monte Carlo moves (alpha %g): %ld simulations, %.0f simulations/s\n"
                   "decision time: mean %.1f ms, worst %.1f ms (%d simulations per candidate, one thread)\n"
                   "signature %016llx\n",
                   b->decisions, b->mc, alpha, b->sims, sps, mean, 1000.0 * b->worst, sims, (unsigned long long)b->sig);
    }
    cli_free_players(pl);
    jong_oppmodel_free(&om);
    jong_linmodel_free(&policy);
    free(b);
    return rc;
}
