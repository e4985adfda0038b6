/* `jong bench neural`: the neural player's inference time per decision on a fixed set of
 * decisions (every decision of every seat in seeded riichi self-play of four greedy players): the
 * feature planes, then the network and the choice at each CPU level (scalar, and avx2 where the
 * CPU has it), with a signature of the chosen action ids that must be the same at every level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_players.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "core/cpu.h"
#include "jong/jong.h"
#include "models/neuralnet.h"
#include "models/planes.h"
#include "players/neural/neural.h"

#define CMD "bench neural"
#define MIN_SECONDS 0.5 /* each level repeats the set for at least this long */

/* One recorded decision: what the player is given. */
typedef struct {
    jong_view view;
    jong_action legal[JONG_MAX_ACTIONS];
    int nlegal;
    uint64_t seed;
} decision;

typedef struct {
    jong_player *inner;
    decision *d;
    long n, limit;
} recorder;

/* A greedy seat that keeps a copy of each decision it is given. */
static int record_choose(jong_player *p, const jong_decision *d)
{
    recorder *r = p->state;
    if (r->n < r->limit) {
        decision *k = &r->d[r->n++];
        k->view = *d->view;
        memcpy(k->legal, d->legal, sizeof *d->legal * (size_t)d->nlegal);
        k->nlegal = d->nlegal;
        k->seed = d->seed;
    }
    return r->inner->ops->choose(r->inner, d);
}

static const jong_player_ops record_ops = {record_choose, NULL, NULL};

/* Seeded greedy self-play until `limit` decisions are recorded; returns how many were. */
static long record_decisions(uint64_t seed, decision *d, long limit, jong_error *err)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    recorder r = {.d = d, .limit = limit};
    if (jong_player_create("greedy", &r.inner, err))
        return -1;
    jong_player seat = {.ops = &record_ops, .state = &r};
    long got = 0;
    for (int g = 0; r.n < limit && g < 100000; g++) {
        jong_table tb = {.rules = &rs, .seed = seed, .game_number = g};
        for (int s = 0; s < JONG_SEATS; s++)
            tb.players[s] = &seat;
        jong_game_result res;
        if (jong_table_play(&tb, &res, err)) {
            got = -1;
            break;
        }
        got = r.n;
    }
    jong_player_free(r.inner);
    return got;
}

/* The planes of every decision, x[i * planes]. */
static void planes_of(const decision *d, long n, const jong_ruleset *rs, float *x)
{
    for (long i = 0; i < n; i++)
        jong_planes(&d[i].view, rs, d[i].view.seat, x + (size_t)i * JONG_PLANES * JONG_KINDS);
}

/* One pass of the network and the choice over the set at a level; the signature of the ids. */
static uint64_t pass(jong_nn *net, const decision *d, long n, const float *x, int level)
{
    uint64_t sig = 0xcbf29ce484222325ull;
    float logits[JONG_ACTION_IDS];
    for (long i = 0; i < n; i++) {
        jong_nn_forward_at(net, x + (size_t)i * JONG_PLANES * JONG_KINDS, logits, level);
        int pick = jong_neural_pick(logits, d[i].legal, d[i].nlegal, 0, d[i].seed);
        sig = (sig ^ (uint64_t)(jong_action_id(&d[i].legal[pick]) + 1)) * 0x100000001b3ull;
    }
    return sig;
}

typedef struct {
    int decisions;
    const char *model;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--decisions", CLI_INT(decisions), "N", "decisions in the set", .lo = 1, .hi = 1000000, .def = "2000"},
    {"--model", CLI_STRING(model), "FILE", "a network file (.jnn) instead of the built-in one"},
    {"--seed", CLI_SEED(seed), "S", "the self-play's seed", .def = "20261126"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .about = "The neural player's inference time on one thread over a fixed set of N decisions: every\n"
             "decision of every seat in seeded riichi self-play of four greedy players. Prints the time of\n"
             "the feature planes, then per CPU level (scalar, and avx2 where the CPU has it) the time of the\n"
             "network and the choice per decision, decisions per second and a signature of the chosen\n"
             "action ids, which every level must share (exit 1 when they differ).\n",
    .options = options,
};

typedef struct {
    int level;
    double us;
    uint64_t sig;
} level_result;

int bench_neural(int argc, char **argv)
{
    bench_opts o = {0};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    long n = o.decisions;
    jong_nn net;
    jong_error err;
    if (jong_neural_net(o.model, &net, &err))
        return cli_fail(CMD, "%s", err.msg);
    decision *d = malloc(sizeof *d * (size_t)n);
    float *x = malloc(sizeof *x * (size_t)n * JONG_PLANES * JONG_KINDS);
    if (!d || !x) {
        free(d), free(x), jong_nn_free(&net);
        return cli_fail(CMD, "out of memory for %ld decisions", n);
    }
    fprintf(stderr, "jong %s: seed %llu, %ld decisions of greedy self-play, network %d channels x %d blocks, head %d\n",
            CMD, (unsigned long long)o.seed, n, net.channels, net.blocks, net.head);
    n = record_decisions(o.seed, d, n, &err);
    if (n < 0) {
        free(d), free(x), jong_nn_free(&net);
        return cli_fail(CMD, "%s", err.msg);
    }
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    long passes = 0;
    double t0 = cli_now(), t1;
    do {
        planes_of(d, n, &rs, x);
        passes++;
        t1 = cli_now();
    } while (t1 - t0 < MIN_SECONDS);
    double planes_us = 1e6 * (t1 - t0) / ((double)passes * (double)n);
    level_result res[2];
    int nres = 0;
    static const int levels[] = {JONG_CPU_SCALAR, JONG_CPU_AVX2}; /* the network has no sse4 code */
    for (int li = 0; li < 2 && levels[li] <= jong_cpu_supported(); li++) {
        int level = levels[li];
        uint64_t sig = pass(&net, d, n, x, level); /* also warms the caches */
        passes = 0;
        t0 = cli_now();
        do {
            if (pass(&net, d, n, x, level) != sig) {
                free(d), free(x), jong_nn_free(&net);
                return cli_fail(CMD, "the %s level chose differently on a repeat pass", jong_cpu_level_name(level));
            }
            passes++;
            t1 = cli_now();
        } while (t1 - t0 < MIN_SECONDS);
        res[nres++] = (level_result){level, 1e6 * (t1 - t0) / ((double)passes * (double)n), sig};
    }
    bool same = nres < 2 || res[0].sig == res[1].sig;
    if (o.json) {
        printf("{\"seed\":%llu,\"decisions\":%ld,\"channels\":%d,\"blocks\":%d,\"head\":%d,"
               "\"planes_us\":%.3f,\"levels\":[",
               (unsigned long long)o.seed, n, net.channels, net.blocks, net.head, planes_us);
        for (int i = 0; i < nres; i++)
            printf("%s{\"level\":\"%s\",\"us_per_decision\":%.3f,\"decisions_per_second\":%.0f,"
                   "\"signature\":\"%016llx\"}",
                   i ? "," : "", jong_cpu_level_name(res[i].level), res[i].us, 1e6 / res[i].us,
                   (unsigned long long)res[i].sig);
        printf("]}\n");
    } else {
        printf("%ld decisions, network %d channels x %d blocks, head %d\n", n, net.channels, net.blocks, net.head);
        printf("planes  %9.2f us per decision\n", planes_us);
        for (int i = 0; i < nres; i++)
            printf("%-7s %9.2f us per decision %10.0f decisions/s  signature %016llx\n",
                   jong_cpu_level_name(res[i].level), res[i].us, 1e6 / res[i].us, (unsigned long long)res[i].sig);
        if (nres < 2)
            printf("avx2: not on this CPU\n");
    }
    free(d), free(x), jong_nn_free(&net);
    if (!same)
        return cli_fail(CMD, "the levels chose differently (signatures %016llx and %016llx)",
                        (unsigned long long)res[0].sig, (unsigned long long)res[1].sig);
    return 0;
}
