/* `jong simcat HAND`: one SIMCAT discard decision on a hand, with the data of the paper's
 * Tables 1 and 2 (the best tatsu-breaking and non-tatsu-breaking discards, first and second,
 * with their win rates), the two sets, each discard's win rate and which rule decided. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"
#include "players/simcat/simcat.h"

typedef struct {
    const char *hand, *options, *seen;
    uint64_t seed;
    bool json;
} simcat_opts;

#define OPTS simcat_opts
static const cli_option options[] = {
    {"--options", CLI_STRING(options), "OPTS", "the simcat player's options "
     "(model=fp,pp=on,heuristic=h2h1,filter=prior,sims=10000,m=5,rd=3,first=300,step=100); m is the number "
     "of rounds simulated; filter=off simulates every discard as the paper does"},
    {"--seed", CLI_SEED(seed), "S", "the seed of the simulations; same seed, same output", .def = "1"},
    {"--seen", CLI_STRING(seen), "TILES", "tiles seen elsewhere, not drawn in the simulations"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};

static const cli_command spec = {
    .name = "simcat",
    .about = "One SIMCAT discard decision for HAND, its simulations drawn from the tiles not in HAND\n"
             "nor in --seen. Prints the tatsu-breaking and non-tatsu-breaking sets, every discard's win\n"
             "rate, t1tb/t2tb/t1ntb/t2ntb with their rates (the paper's Tables 1 and 2), H1's pick and\n"
             "the discard chosen.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(hand), .metavar = "HAND", .min = 1,
            .help = "3n+2 concealed tiles, melds allowed (Taiwanese)"},
};
#undef OPTS

static const char *name(int k) { return k >= 0 ? jong_kind_name(k, JONG_STYLE_COMPACT) : "-"; }

static void set_text(uint64_t bits, char *buf, size_t n)
{
    buf[0] = 0;
    for (uint64_t b = bits; b; b &= b - 1) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%s", len ? " " : "", name(__builtin_ctzll(b)));
    }
}

static json_t *set_json(uint64_t bits)
{
    json_t *a = json_array();
    for (uint64_t b = bits; b; b &= b - 1)
        json_array_append_new(a, json_string(name(__builtin_ctzll(b))));
    return a;
}

int cmd_simcat(int argc, char **argv)
{
    const char *cmd = spec.name;
    simcat_opts opt = {.options = ""};
    int r = cli_parse(&spec, argc, argv, &opt);
    if (r != CLI_GO)
        return r;
    const char *hand_text = opt.hand, *opts = opt.options, *seen = opt.seen;
    uint64_t seed = opt.seed;
    bool json = opt.json;
    jong_error err;
    jong_hand h;
    if (jong_parse_hand(hand_text, &h, &err))
        return cli_input_error(cmd, hand_text, &err);
    int tiles = jong_hand_concealed_count(&h);
    if (tiles % 3 != 2)
        return cli_fail(cmd, "%s: %d concealed tiles; a discard decision needs 3n+2", hand_text, tiles);
    jong_simcat_config cfg;
    int max_rounds;
    if (jong_simcat_options(opts, &cfg, &max_rounds, &err))
        return cli_usage_error(cmd, "%s", err.msg);
    cfg.params.rounds = max_rounds;
    uint8_t pool[JONG_KINDS], melded[JONG_KINDS], seen_counts[JONG_KINDS] = {0};
    if (seen && jong_parse_tiles(seen, seen_counts, &err))
        return cli_input_error(cmd, seen, &err);
    jong_hand_meld_counts(&h, melded);
    for (int k = 0; k < JONG_KINDS; k++) {
        int left = 4 - h.counts[k] - melded[k] - seen_counts[k];
        if (left < 0)
            return cli_fail(cmd, "more than four %s in the hand, its melds and --seen", name(k));
        pool[k] = (uint8_t)left;
    }
    jong_simcat_work *w = jong_simcat_work_new();
    if (!w)
        return cli_fail(cmd, "out of memory");
    jong_rng rng;
    jong_rng_seed(&rng, seed);
    fprintf(stderr, "jong simcat: seed %llu\n", (unsigned long long)seed);
    jong_simcat_report rep;
    jong_simcat_discard(&cfg, h.counts, h.nmelds, (tiles - 2) / 3, pool, &rng, NULL, w, &rep);
    jong_simcat_work_free(w);
    if (json) {
        json_t *o = json_object();
        json_object_set_new(o, "hand", json_string(hand_text));
        json_object_set_new(o, "seed", json_integer((json_int_t)seed));
        json_object_set_new(o, "rounds", json_integer(cfg.params.rounds));
        json_object_set_new(o, "discard", json_string(name(rep.kind)));
        json_object_set_new(o, "rule", json_string(rep.rule));
        json_object_set_new(o, "h1", json_string(name(rep.h1_kind)));
        json_object_set_new(o, "tatsu_breaking", set_json(rep.breaking));
        json_object_set_new(o, "non_tatsu_breaking", set_json(rep.keeping));
        json_t *rates = json_object();
        for (int k = 0; k < JONG_KINDS; k++)
            if (rep.single_rate[k] >= 0)
                json_object_set_new(rates, name(k), json_real(rep.single_rate[k]));
        json_object_set_new(o, "rates", rates);
        const char *keys[4] = {"t1tb", "t2tb", "t1ntb", "t2ntb"};
        int kinds[4] = {rep.t1tb, rep.t2tb, rep.t1ntb, rep.t2ntb};
        double wr[4] = {rep.wr1tb, rep.wr2tb, rep.wr1ntb, rep.wr2ntb};
        for (int i = 0; i < 4; i++) {
            json_t *x = json_object();
            json_object_set_new(x, "tile", json_string(name(kinds[i])));
            json_object_set_new(x, "rate", json_real(wr[i]));
            json_object_set_new(o, keys[i], x);
        }
        json_object_set_new(o, "good_t2tb", set_json(rep.good_t2tb));
        json_object_set_new(o, "good_t1ntb", set_json(rep.good_t1ntb));
        json_object_set_new(o, "simulations", json_integer(rep.sims));
        json_object_set_new(o, "fp_states", json_integer(rep.states));
        char *s = json_dumps(o, JSON_INDENT(2));
        puts(s);
        free(s);
        json_decref(o);
        return CLI_OK;
    }
    char a[256], b[256];
    set_text(rep.breaking, a, sizeof a);
    set_text(rep.keeping, b, sizeof b);
    printf("hand %s, m = %d, %ld simulations\n", hand_text, cfg.params.rounds, rep.sims);
    printf("tatsu-breaking: %s\nnon-tatsu-breaking: %s\nwin rate of each discard:", a, b);
    for (int k = 0; k < JONG_KINDS; k++)
        if (rep.single_rate[k] >= 0)
            printf(" %s %.1f%%", name(k), 100 * rep.single_rate[k]);
    printf("\n%-20s %-22s %-22s\n", "", "discard the 1st tile", "discard the 2nd tile");
    printf("%-20s t1tb = %-3s %6.1f%%     t2tb = %-3s %6.1f%%\n", "tatsu-breaking", name(rep.t1tb), 100 * rep.wr1tb,
           name(rep.t2tb), 100 * rep.wr2tb);
    printf("%-20s t1ntb = %-3s %5.1f%%     t2ntb = %-3s %5.1f%%\n", "non-tatsu-breaking", name(rep.t1ntb),
           100 * rep.wr1ntb, name(rep.t2ntb), 100 * rep.wr2ntb);
    set_text(rep.good_t1ntb, a, sizeof a);
    set_text(rep.good_t2tb, b, sizeof b);
    printf("good {t1ntb}: %s; good {t2tb}: %s\nH1 would discard %s; discard %s (%s)\n", a, b, name(rep.h1_kind),
           name(rep.kind), rep.rule);
    return CLI_OK;
}
