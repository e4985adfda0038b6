/* `jong bench simcat`: SIMCAT simulation speed on one thread for the single-player and
 * four-player models, over a fixed seeded set of mid-game Taiwanese hands. Each hand is one
 * decision: all its single discards simulated with the whole budget and no pruning (every
 * simulation runs, as in the paper's Table 7). Prints simulations per second, the time one
 * decision of --sims simulations takes, and a signature of the work (wins and FP states). */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/jong.h"
#include "players/simcat/simcat.h"

#define SC_DEFAULT_SEED 20261123
#define SC_TURNS 8 /* draws and discards played before a hand is benched: mid-game */

typedef struct {
    int hands, sims, rounds;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "mid-game hands, one decision each", .lo = 1, .hi = 100000, .def = "10"},
    {"--sims", CLI_INT(sims), "N", "simulations per decision", .lo = 1, .hi = 100000000, .def = "200000"},
    {"--m", CLI_INT(rounds), "M", "rounds simulated", .lo = 1, .hi = JONG_SIMCAT_MAX_ROUNDS,
     .def = CLI_TEXT(JONG_SIMCAT_MAX_ROUNDS)},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed", .def = CLI_TEXT(SC_DEFAULT_SEED)},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench simcat",
    .about = "SIMCAT simulation speed on one thread. N seeded mid-game hands: a random 16-tile deal,\n"
             "then 8 draws each followed by a discard of least shanten, with the tiles of the first 8\n"
             "turns of the other seats removed from the unseen pool. Each hand is one decision of\n"
             "--sims simulations over every single discard, m rounds, no pruning, for the SP and the\n"
             "FP model. Prints simulations per second, seconds per decision and a signature (wins, FP\n"
             "states) that changes only with behaviour.\n",
    .options = options,
};

typedef struct {
    uint8_t counts[JONG_KINDS];
    uint8_t pool[JONG_KINDS];
} bench_hand;

/* A mid-game hand: deal 16, then SC_TURNS times draw and discard the first kind of least
 * shanten; 3 * SC_TURNS more tiles leave the pool as the other seats' discards. */
static void make_hand(uint64_t seed, int i, bench_hand *h)
{
    uint8_t wall[136];
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < 4; c++)
            wall[n++] = (uint8_t)k;
    jong_rng rng;
    jong_rng_seed(&rng, jong_seed_mix(seed, (uint64_t)i));
    for (int j = n - 1; j > 0; j--) {
        int r = (int)jong_rng_below(&rng, (uint32_t)(j + 1));
        uint8_t t = wall[j];
        wall[j] = wall[r];
        wall[r] = t;
    }
    memset(h, 0, sizeof *h);
    int next = 0;
    for (; next < 16; next++)
        h->counts[wall[next]]++;
    for (int t = 0; t < SC_TURNS; t++) {
        h->counts[wall[next++]]++;
        int sh[JONG_KINDS];
        uint64_t tied;
        jong_discard_shanten(h->counts, 5, sh, &tied);
        h->counts[__builtin_ctzll(tied)]--;
        next += 3; /* the other seats' turns: these tiles are seen (discarded) */
    }
    for (int j = next; j < n; j++)
        h->pool[wall[j]]++;
    h->counts[wall[next]]++; /* the drawn tile of the decision */
    h->pool[wall[next]]--;
}

typedef struct {
    double seconds;
    long sims, wins, states;
} bench_result;

static void run_model(jong_simcat_model model, const bench_hand *hands, int n, long sims, int rounds,
                      jong_simcat_work *w, bench_result *out)
{
    memset(out, 0, sizeof *out);
    jong_simcat_params p = {.model = model, .prune = false, .rd = 3, .first = 300, .step = 100, .rounds = rounds};
    double t0 = cli_now();
    for (int i = 0; i < n; i++) {
        jong_simcat_arm arms[JONG_KINDS];
        int na = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            if (hands[i].counts[k]) {
                memcpy(arms[na].counts, hands[i].counts, JONG_KINDS);
                arms[na].counts[k]--;
                arms[na].sets = 5;
                na++;
            }
        /* a budget per arm that makes the decision `sims` in all */
        p.first = (int)(sims / na);
        jong_rng rng;
        jong_rng_seed(&rng, jong_seed_mix(SC_DEFAULT_SEED, (uint64_t)i));
        jong_simcat_stats st;
        jong_simcat_flat(&p, arms, na, hands[i].pool, sims, &rng, NULL, w, &st);
        out->sims += st.total;
        out->states += st.states;
        for (int a = 0; a < na; a++)
            out->wins += st.wins[a];
    }
    out->seconds = cli_now() - t0;
}

int bench_simcat(int argc, char **argv)
{
    bench_opts opt = {0};
    int rc = cli_parse(&spec, argc, argv, &opt);
    if (rc != CLI_GO)
        return rc;
    long nhands = opt.hands, sims = opt.sims, rounds = opt.rounds;
    uint64_t seed = opt.seed;
    bool json = opt.json;
    bench_hand *hands = malloc(sizeof *hands * (size_t)nhands);
    jong_simcat_work *w = jong_simcat_work_new();
    if (!hands || !w) {
        fprintf(stderr, "jong bench simcat: out of memory\n");
        free(hands);
        jong_simcat_work_free(w);
        return CLI_FAIL;
    }
    fprintf(stderr, "jong bench simcat: seed %llu, %ld hands, %ld simulations each, m = %ld\n",
            (unsigned long long)seed, nhands, sims, rounds);
    for (int i = 0; i < nhands; i++)
        make_hand(seed, i, &hands[i]);
    bench_result r[2];
    const char *names[2] = {"sp", "fp"};
    for (int model = 0; model < 2; model++) {
        fprintf(stderr, "jong bench simcat: model %s...\n", names[model]);
        run_model((jong_simcat_model)model, hands, (int)nhands, sims, (int)rounds, w, &r[model]);
    }
    if (json) {
        json_t *o = json_object();
        json_object_set_new(o, "seed", json_integer((json_int_t)seed));
        json_object_set_new(o, "hands", json_integer(nhands));
        json_object_set_new(o, "sims_per_decision", json_integer(sims));
        json_object_set_new(o, "rounds", json_integer(rounds));
        for (int model = 0; model < 2; model++) {
            json_t *m = json_object();
            json_object_set_new(m, "simulations", json_integer(r[model].sims));
            json_object_set_new(m, "seconds", json_real(r[model].seconds));
            json_object_set_new(m, "sims_per_second", json_real(r[model].sims / r[model].seconds));
            json_object_set_new(m, "seconds_per_decision", json_real(r[model].seconds / (double)nhands));
            json_object_set_new(m, "wins", json_integer(r[model].wins));
            json_object_set_new(m, "states", json_integer(r[model].states));
            json_object_set_new(o, names[model], m);
        }
        char *s = json_dumps(o, JSON_INDENT(2));
        puts(s);
        free(s);
        json_decref(o);
    } else {
        printf("%-5s %12s %14s %16s %12s %14s\n", "model", "simulations", "sims/second", "s per decision",
               "wins", "FP states");
        for (int model = 0; model < 2; model++)
            printf("%-5s %12ld %14.0f %16.3f %12ld %14ld\n", names[model], r[model].sims,
                   r[model].sims / r[model].seconds, r[model].seconds / (double)nhands, r[model].wins,
                   r[model].states);
    }
    free(hands);
    jong_simcat_work_free(w);
    return 0;
}
