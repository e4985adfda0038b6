/* `jong bench kurita`: the kurita player's decisions in seeded riichi games (kurita in seat 0,
 * greedy in the others): for the discard decisions by shanten, the hands of the reduced set and
 * the states valued, and the decision time (median and 95th percentile on this one thread), with
 * a signature of the choices. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/jong.h"
#include "players/kurita/kurita.h"
#include "jong/table.h"

#define CMD "bench kurita"
#define BUCKETS 5 /* shanten 0, 1, 2, 3, 4 and more */

typedef struct {
    jong_player *inner;
    long n[BUCKETS], cap[BUCKETS];
    double *ms[BUCKETS], *states[BUCKETS], *hands[BUCKETS];
    long decisions, limit, truncated;
    uint64_t sig;
    bool oom;
} bench;

static void push(bench *b, int k, double ms, double states, double hands)
{
    if (b->n[k] == b->cap[k]) {
        long c = b->cap[k] ? b->cap[k] * 2 : 256;
        double *a = realloc(b->ms[k], sizeof *a * (size_t)c), *s, *h;
        if (a)
            b->ms[k] = a;
        s = a ? realloc(b->states[k], sizeof *s * (size_t)c) : NULL;
        if (s)
            b->states[k] = s;
        h = s ? realloc(b->hands[k], sizeof *h * (size_t)c) : NULL;
        if (!h) {
            b->oom = true;
            return;
        }
        b->hands[k] = h;
        b->cap[k] = c;
    }
    b->ms[k][b->n[k]] = ms;
    b->states[k][b->n[k]] = states;
    b->hands[k][b->n[k]++] = hands;
}

static int timed_choose(jong_player *p, const jong_decision *d)
{
    bench *b = p->state;
    double t0 = cli_now();
    int pick = b->inner->ops->choose(b->inner, d);
    double ms = 1000.0 * (cli_now() - t0);
    jong_ku_info info;
    if (jong_kurita_last_info(b->inner, &info) && info.shanten >= 0 && b->decisions < b->limit) {
        int k = info.shanten < BUCKETS - 1 ? info.shanten : BUCKETS - 1;
        push(b, k, ms, (double)info.states, (double)info.hands);
        b->decisions++;
        b->truncated += info.truncated;
        b->sig = (b->sig ^ (uint64_t)(pick + 1 + 64 * info.shanten)) * 0x100000001b3ull;
    }
    return pick;
}

static void timed_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    bench *b = p->state;
    if (b->inner->ops->observe)
        b->inner->ops->observe(b->inner, v, ev);
}

static const jong_player_ops timed_ops = {timed_choose, timed_observe, NULL};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The q-quantile (nearest rank) of v[0..n) (sorted in place); 0 when empty. */
static double quantile(double *v, long n, double q)
{
    if (n <= 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    long i = (long)(q * (double)n + 0.999999) - 1;
    return v[i < 0 ? 0 : i >= n ? n - 1 : i];
}

typedef struct {
    int decisions;
    const char *player;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--decisions", CLI_INT(decisions), "N", "discard decisions to measure, those that are not forced",
     .lo = 1, .hi = 10000000, .def = "300"},
    {"--player", CLI_STRING(player), "SPEC", "the kurita player in seat 0, with its options", .def = "kurita"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed", .def = "20261123"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command bench_spec = {
    .name = CMD,
    .about = "Plays seeded riichi games, the kurita player in seat 0 and greedy in the others, and\n"
             "measures its first N discard decisions that are not forced: by shanten (0, 1, 2, 3 by the\n"
             "MDP; 4+ by the rule), the hands of the reduced set, the states valued, and the decision\n"
             "time on this one thread (median and 95th percentile), with a signature of the choices\n"
             "(the same for the same seed).\n",
    .options = options,
};

int cmd_bench_kurita(int argc, char **argv)
{
    bench_opts o = {0};
    int r = cli_parse(&bench_spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    long decisions = o.decisions;
    uint64_t seed = o.seed;
    const char *spec = o.player;
    bool json = o.json;
    if (strncmp(spec, "kurita", 6) || (spec[6] && spec[6] != ':'))
        return cli_usage_error(CMD, "--player wants a kurita spec, not '%s'", spec);
    bench *b = calloc(1, sizeof *b);
    if (!b)
        return cli_fail(CMD, "out of memory");
    jong_error err;
    if (jong_player_create(spec, &b->inner, &err)) {
        free(b);
        return cli_fail(CMD, "%s", err.msg);
    }
    b->limit = decisions;
    b->sig = 0xcbf29ce484222325ull;
    jong_player timed = {.ops = &timed_ops, .state = b};
    strcpy(timed.spec, b->inner->spec);
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_player *pl[JONG_SEATS];
    int rc = cli_make_players(CMD, "greedy", JONG_VARIANT_RIICHI, pl);
    fprintf(stderr, "jong %s: seed %llu, %ld decisions of %s\n", CMD, (unsigned long long)seed, decisions, spec);
    for (int g = 0; !rc && b->decisions < decisions && g < 100000; g++) {
        jong_table tb = {.rules = &rs, .seed = seed, .game_number = g};
        memcpy(tb.players, pl, sizeof pl);
        tb.players[0] = &timed;
        jong_game_result res;
        if (jong_table_play(&tb, &res, &err))
            rc = cli_fail(CMD, "%s", err.msg);
    }
    if (!rc && b->oom)
        rc = cli_fail(CMD, "out of memory");
    if (!rc) {
        if (json)
            printf("{\"seed\":%llu,\"player\":\"%s\",\"decisions\":%ld,\"truncated\":%ld,\"by_shanten\":[", (unsigned long long)seed,
                   spec, b->decisions, b->truncated);
        else
            printf("%ld discard decisions of %s (seed %llu), %ld with the reduced set at its cap\n"
                   "shanten  decisions  hands(median  p95)  states(median  p95)  time ms(median  p95)\n",
                   b->decisions, spec, (unsigned long long)seed, b->truncated);
        for (int k = 0; k < BUCKETS; k++) {
            long n = b->n[k];
            double hm = quantile(b->hands[k], n, 0.5), h95 = quantile(b->hands[k], n, 0.95);
            double sm = quantile(b->states[k], n, 0.5), s95 = quantile(b->states[k], n, 0.95);
            double tm = quantile(b->ms[k], n, 0.5), t95 = quantile(b->ms[k], n, 0.95);
            if (json)
                printf("%s{\"shanten\":\"%d%s\",\"decisions\":%ld,\"hands_median\":%.0f,\"hands_p95\":%.0f,"
                       "\"states_median\":%.0f,\"states_p95\":%.0f,\"ms_median\":%.3f,\"ms_p95\":%.3f}",
                       k ? "," : "", k, k == BUCKETS - 1 ? "+" : "", n, hm, h95, sm, s95, tm, t95);
            else
                printf("%d%-6s  %9ld  %12.0f %5.0f  %13.0f %6.0f  %14.2f %6.2f\n", k, k == BUCKETS - 1 ? "+" : "", n, hm,
                       h95, sm, s95, tm, t95);
        }
        if (json)
            printf("],\"signature\":\"%016llx\"}\n", (unsigned long long)b->sig);
        else
            printf("signature %016llx\n", (unsigned long long)b->sig);
    }
    cli_free_players(pl);
    jong_player_free(b->inner);
    for (int k = 0; k < BUCKETS; k++) {
        free(b->ms[k]);
        free(b->states[k]);
        free(b->hands[k]);
    }
    free(b);
    return rc;
}
