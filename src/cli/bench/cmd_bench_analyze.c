/* `jong bench analyze`: the time jong_analysis_run takes on a fixed seeded set of 14-tile riichi
 * hands (the first 14 tiles of a seeded wall, with 3 more tiles seen per turn already played), at the
 * default budget of `jong analyze` (turn 1 to 8: 17 to 10 draws left). Prints the mean and largest
 * time per hand and a signature of every table (which changes only when the results do). */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/analysis_sim.h"
#include "jong/jong.h"

typedef struct {
    int hands, sims;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "hands to analyse", .lo = 1, .hi = 100000, .def = "20"},
    {"--sims", CLI_INT(sims), "N", "simulations per discard", .lo = 1, .hi = 1000000,
     .def_text = "jong analyze's, " CLI_TEXT(JONG_ANALYSIS_DEFAULT_SIMS)},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed", .def = "20261123"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench analyze",
    .about = "jong_analysis_run (the chances of `jong analyze`) on one thread over N seeded 14-tile\n"
             "riichi hands, hand i at turn 1 + i % 8 with the other seats' discards of the turns played\n"
             "seen, --sims simulations per discard. Prints the mean and largest seconds per hand and a\n"
             "signature of every table.\n",
    .options = options,
};

/* Hand i: the first 14 tiles of the engine's riichi wall for (seed, game i), then 3 seen tiles
 * per turn played and a dora indicator. */
static void make_input(uint64_t seed, int i, long sims, jong_analysis_input *in)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    uint8_t codes[JONG_WALL_MAX], wall[JONG_WALL_MAX];
    jong_game_wall(&rs, seed, i, 0, codes);
    for (int j = 0; j < JONG_WALL_MAX; j++)
        wall[j] = (uint8_t)jong_code_kind(codes[j]);
    jong_analysis_input_init(in, JONG_VARIANT_RIICHI);
    int next = 0;
    for (; next < 14; next++)
        in->hand.counts[wall[next]]++;
    int turn = 1 + i % 8;
    for (int s = 0; s < 3 * (turn - 1); s++)
        in->seen[wall[next++]]++;
    in->ndora = 1;
    in->dora[0] = wall[next++];
    in->draws = 18 - turn;
    in->sims = sims;
    in->seed = seed;
}

int bench_analyze(int argc, char **argv)
{
    bench_opts o = {0};
    int status = cli_parse(&spec, argc, argv, &o);
    if (status != CLI_GO)
        return status;
    int hands = o.hands, sims = o.sims;
    uint64_t seed = o.seed;
    bool json = o.json;
    fprintf(stderr, "jong bench analyze: seed %llu, %d hands\n", (unsigned long long)seed, hands);
    uint64_t sig = 0xcbf29ce484222325ull;
    double total = 0, worst = 0;
    long rows = 0, simulated = 0;
    for (int i = 0; i < hands; i++) {
        jong_analysis_input in;
        make_input(seed, i, sims, &in);
        jong_analysis_result res;
        jong_error err;
        jong_error_clear(&err);
        double t0 = cli_now();
        int rc = jong_analysis_run(&in, &res, &err);
        double dt = cli_now() - t0;
        if (rc != JONG_OK)
            return cli_fail(spec.name, "hand %d: %s", i, err.msg);
        total += dt;
        if (dt > worst)
            worst = dt;
        rows += res.nrows;
        for (int r = 0; r < res.nrows; r++)
            simulated += !res.rows[r].exact;
        for (int b = 0; b < 8; b++)
            sig = (sig ^ (res.signature >> (8 * b) & 0xff)) * 0x100000001b3ull;
    }
    long per = sims > 0 ? sims : JONG_ANALYSIS_DEFAULT_SIMS;
    if (json) {
        printf("{\"hands\":%d,\"sims\":%ld,\"seed\":%llu,\"rows\":%ld,\"simulated_rows\":%ld,"
               "\"mean_s\":%.6f,\"max_s\":%.6f,\"signature\":\"%016llx\"}\n",
               hands, per, (unsigned long long)seed, rows, simulated, total / hands, worst,
               (unsigned long long)sig);
    } else {
        printf("hands %d (14-tile riichi, turns 1-8), %ld simulations per discard, %ld rows (%ld simulated)\n",
               hands, per, rows, simulated);
        printf("seconds per hand: mean %.4f, largest %.4f\n", total / hands, worst);
        printf("signature %016llx\n", (unsigned long long)sig);
    }
    return CLI_OK;
}
