/* `jong bench shanten`: evaluator speed over a fixed seeded set of random hands, with a checksum
 * of every result so that a change in behaviour shows as a change in the signature. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"

#define BENCH_DEFAULT_HANDS 1000000
#define BENCH_DEFAULT_SEED 20261121
#define BENCH_MIN_SECONDS 1.0

typedef struct {
    const char *name;
    int tiles, sets, all_forms;
} bench_case;

static const bench_case cases[] = {
    {"shanten14-standard", 14, 4, 0},
    {"shanten14-all-forms", 14, 4, 1},
    {"shanten17-standard", 17, 5, 0},
};

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Hands drawn uniformly from the 136-tile wall (partial Fisher-Yates per hand). */
static uint8_t *make_hands(int n, int tiles, uint64_t seed)
{
    uint8_t *hands = calloc((size_t)n, JONG_KINDS);
    if (!hands)
        return NULL;
    uint64_t s = seed;
    uint8_t wall[136];
    for (int i = 0; i < 136; i++)
        wall[i] = (uint8_t)(i / 4);
    for (int h = 0; h < n; h++) {
        for (int i = 0; i < tiles; i++) {
            int j = i + (int)(splitmix(&s) % (uint64_t)(136 - i));
            uint8_t t = wall[i];
            wall[i] = wall[j];
            wall[j] = t;
            hands[(size_t)h * JONG_KINDS + wall[i]]++;
        }
    }
    return hands;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One pass over the hands; returns the checksum of the results. */
static uint64_t run_pass(const bench_case *c, const uint8_t *hands, int n)
{
    uint64_t sum = 0;
    for (int h = 0; h < n; h++) {
        const uint8_t *counts = hands + (size_t)h * JONG_KINDS;
        uint64_t r;
        if (c->all_forms) {
            jong_shanten3 s;
            jong_shanten_all(counts, c->sets, &s);
            r = (uint64_t)(s.standard + 1) | (uint64_t)(s.chiitoi + 1) << 8 | (uint64_t)(s.kokushi + 1) << 16;
        } else {
            r = (uint64_t)(jong_shanten_standard(counts, c->sets) + 1);
        }
        sum = (sum ^ r) * 0x100000001B3ull; /* FNV-1a style: order-sensitive */
    }
    return sum;
}

typedef struct {
    const char *what;
    int hands;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "random hands per case", .lo = 1, .hi = 100000000,
     .def = CLI_TEXT(BENCH_DEFAULT_HANDS)},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed", .def = CLI_TEXT(BENCH_DEFAULT_SEED)},
    {"--json", CLI_FLAG(json), NULL, "the cases as a JSON array"},
    CLI_END,
};

static int bench_shanten(int argc, char **argv);

static const char *const benchmarks[] = {"shanten", "selfplay", "score", "simcat", "kf", "mizukami", "analyze", "kurita",
                                         "loh-local", "python", "neural", NULL};

static const cli_sub subs[] = {
    {"shanten", "evaluator speed (the options above)", bench_shanten},
    {"selfplay", "self-play speed", bench_selfplay},
    {"score", "riichi scoring speed", bench_score},
    {"simcat", "SIMCAT simulation speed", bench_simcat},
    {"kf", "KF-TREE decision time by waiting number", bench_kf},
    {"mizukami", "Monte Carlo moves with opponent models: speed", cmd_bench_mizukami},
    {"analyze", "the chances of jong analyze, time per hand", bench_analyze},
    {"kurita", "the kurita player: states searched, decision time by shanten", cmd_bench_kurita},
    {"loh-local", "Loh's local search against the exact target distances: found, excess, time", bench_loh_local},
    {"python", "the Python package: Env and VecEnv decisions, read_records samples per second", bench_python},
    {"neural", "the neural player: inference time per decision at each CPU level", bench_neural},
    CLI_END,
};

static const cli_command spec = {
    .name = "bench",
    .usage = "jong bench shanten [--hands N] [--seed S] [--json]\n"
             "       jong bench BENCHMARK [options]   (jong bench BENCHMARK --help for its options)",
    .about = "Speed of the evaluator, the players or self-play, each with a signature of the work\n"
             "that changes only when behaviour does.\n"
             "\n"
             "shanten: the evaluator's speed on one thread over N seeded random hands: 14-tile\n"
             "standard form, 14-tile all three forms, 17-tile standard form (5 sets). Prints hands\n"
             "per second and a checksum of all results.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(what), .metavar = "BENCHMARK", .help = "shanten here; the others are below",
            .names = benchmarks},
    .subs = subs,
};
#undef OPTS

/* `jong bench shanten ...` (also `jong bench --json shanten`). */
static int run_shanten(int argc, char **argv, bool named)
{
    bench_opts o = {.what = named ? "shanten" : NULL};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    if (!o.what)
        return cli_usage_error(spec.name, "which benchmark? (shanten, selfplay, score, simcat, kf, mizukami, analyze, "
                               "kurita, loh-local, python or neural)");
    if (strcmp(o.what, "shanten")) /* another benchmark after an option */
        return cli_usage_error(spec.name, "give %s first: jong bench %s [options]", o.what, o.what);
    int n = o.hands;
    uint64_t seed = o.seed;
    bool json = o.json;
    fprintf(stderr, "jong bench shanten: seed %llu, %d hands per case\n", (unsigned long long)seed, n);
    json_t *out = json_array();
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        const bench_case *c = &cases[ci];
        uint8_t *hands = make_hands(n, c->tiles, seed + ci);
        if (!hands) {
            fprintf(stderr, "jong bench: out of memory for %d hands\n", n);
            json_decref(out);
            return 1;
        }
        uint64_t checksum = run_pass(c, hands, n); /* also warms the tables */
        long passes = 0;
        double t0 = now_seconds(), t1;
        do {
            if (run_pass(c, hands, n) != checksum) {
                fprintf(stderr, "jong bench: %s gave different results on a repeat pass\n", c->name);
                free(hands);
                json_decref(out);
                return 1;
            }
            passes++;
            t1 = now_seconds();
        } while (t1 - t0 < BENCH_MIN_SECONDS);
        free(hands);
        double rate = (double)passes * n / (t1 - t0);
        char sig[17];
        snprintf(sig, sizeof sig, "%016llx", (unsigned long long)checksum);
        if (json)
            json_array_append_new(out, json_pack("{s:s, s:f, s:s, s:i, s:I}", "name", c->name, "rate", rate,
                                                 "checksum", sig, "hands", n, "seed", (json_int_t)seed));
        else
            printf("%-22s %12.0f hands/s  checksum %s\n", c->name, rate, sig);
    }
    if (json) {
        char *text = json_dumps(out, JSON_INDENT(2));
        if (text)
            puts(text);
        free(text);
    }
    json_decref(out);
    return 0;
}

static int bench_shanten(int argc, char **argv)
{
    return run_shanten(argc, argv, true);
}

int cmd_bench(int argc, char **argv)
{
    int status;
    if (cli_dispatch(&spec, argc, argv, &status))
        return status;
    return run_shanten(argc, argv, false);
}
