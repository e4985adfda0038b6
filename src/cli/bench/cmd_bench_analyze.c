/* `jong bench analyze`: the time jong_analysis_run takes on a fixed set of 14-tile riichi hands:
 * by default seeded ones (the first 14 tiles of a seeded wall, with 3 more tiles seen per turn
 * already played, turn 1 to 8: 17 to 10 draws left), or issue 31's 20 hands (--set issue31), or
 * the hands of a file (--file), at `jong analyze`'s defaults or the policy and method given.
 * Prints the time per hand overall and by the hand's shanten and a signature of every table
 * (which changes only when the results do). */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/analyze_sim_out.h"
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
    int policy, method, set;
    const char *file;
    int draws, reach, exchanges;
    bool per_hand;
} bench_opts;

static const char *const policy_names[] = {"lower", "win", "points", NULL};
static const char *const method_names[] = {"auto", "simulate", NULL};
static const char *const set_names[] = {"seeded", "issue31", NULL};

/* Issue 31's comparison: turn 6, 12 draws left, dora indicator 1z, South seat, East round. */
static const char *const issue31[] = {
    "222567m345p33667s", "12368m2478p3569s1z", "13579m2468p1357s1z", "234m567p2345688s5z", "112233m456p789s12z",
    "1245m3467p2578s55z", "345m34p67788s1155z", "2345678m12p45s777z", "11m2467p3348s1236z", "1199m1199p1199s12z",
    "159m19p19s1234567z", "233445m67p4567s66z", "1236789m456p1278s",  "345567m344p22778s",  "24m13579p46s33567z",
    "123m45p123678s556z", "1112345678999m1p",   "2356m2356p235677s",  "13m24p578s1122334z", "455m66p5677s45566z",
};

/* --exchanges forward|N|all */
static int set_exchanges(const char *cmd, const char *name, const char *value, void *opts)
{
    bench_opts *o = opts;
    o->exchanges = analyze_exchanges_parse(value);
    if (o->exchanges >= 0)
        return CLI_OK;
    return cli_usage_error(cmd, "%s %s: give forward, a number 1..%d or all", name, value,
                           JONG_ANALYSIS_EXCHANGES_ALL - 1);
}

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "hands to analyse", .lo = 1, .hi = 100000, .def = "20"},
    {"--sims", CLI_INT(sims), "N", "simulations per discard", .lo = 1, .hi = 1000000,
     .def_text = "jong analyze's, " CLI_TEXT(JONG_ANALYSIS_DEFAULT_SIMS)},
    {"--seed", CLI_SEED(seed), "S", "the seeded hands' seed (and the simulations')", .def = "20261123"},
    {"--set", CLI_ENUM(set), "NAME", "seeded: N seeded hands; issue31: issue 31's 20 hands (12 draws left, dora "
     "indicator 1z, South seat, East round)", .names = set_names, .def = "seeded"},
    {"--file", CLI_STRING(file), "F", "the hands of file F instead, one a line (# starts a comment), as --set "
     "issue31's conditions"},
    {"--draws", CLI_INT(draws), "N", "draws left for --set issue31 and --file", .lo = 0,
     .hi = JONG_ANALYSIS_MAX_DRAWS, .def = "12"},
    {"--policy", CLI_ENUM(policy), "P", "lower (keep a draw only when it lowers the shanten), win or points "
     "(the optimal policy for that figure)", .names = policy_names, .def = "lower"},
    {"--exchanges", CLI_CALL(set_exchanges), "E", "with --policy win or points: forward, N or all (as `jong "
     "analyze --exchanges`)", .def = "forward"},
    {"--per-hand", CLI_FLAG(per_hand), NULL, "also a line per hand: its best discard and seconds (text only)"},
    {"--reach", CLI_INT(reach), "S", "the exact method's reach: rows of shanten up to S (0: the policy's default)",
     .lo = 0, .hi = JONG_ANALYSIS_MAX_REACH, .def = "0"},
    {"--method", CLI_ENUM(method), "M", "auto (exact up to the reach, simulated beyond) or simulate",
     .names = method_names, .def = "auto"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench analyze",
    .about = "jong_analysis_run (the chances of `jong analyze`) on one thread over N seeded 14-tile\n"
             "riichi hands, hand i at turn 1 + i % 8 with the other seats' discards of the turns played\n"
             "seen, or over issue 31's 20 hands (--set issue31) or a file's (--file), with --policy\n"
             "and --method, --sims simulations per simulated discard. Prints hands per second, the\n"
             "mean and largest seconds per hand overall and by the hand's shanten, and a signature of\n"
             "every table.\n",
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

/* A listed hand under issue 31's conditions. */
static int listed_input(const char *text, const bench_opts *o, jong_analysis_input *in, jong_error *err)
{
    jong_analysis_input_init(in, JONG_VARIANT_RIICHI);
    if (jong_parse_hand(text, &in->hand, err) != JONG_OK)
        return err->code;
    in->ndora = 1;
    in->dora[0] = 27; /* 1z */
    in->draws = o->draws;
    in->seat_wind = 1;
    in->round_wind = 0;
    in->sims = o->sims;
    in->seed = o->seed;
    return JONG_OK;
}

/* The lines of file `path` that hold a hand, in `lines` (freed by the caller with free(*buf)). */
static int read_hands(const char *path, char **buf, char ***lines, int *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return cli_fail("bench analyze", "%s: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0;
    *buf = malloc(cap + 1);
    size_t got;
    while (*buf && (got = fread(*buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *b = realloc(*buf, 2 * cap + 1);
            if (!b) {
                free(*buf);
                *buf = NULL;
            }
            *buf = b;
            cap *= 2;
        }
    }
    fclose(f);
    if (!*buf)
        return cli_fail("bench analyze", "%s: out of memory", path);
    (*buf)[len] = 0;
    *n = 0;
    *lines = malloc((len / 2 + 1) * sizeof **lines);
    if (!*lines)
        return cli_fail("bench analyze", "%s: out of memory", path);
    for (char *line = strtok(*buf, "\n"); line; line = strtok(NULL, "\n")) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        while (*line == ' ' || *line == '\t' || *line == '\r')
            line++;
        size_t l = strlen(line);
        while (l && (line[l - 1] == ' ' || line[l - 1] == '\t' || line[l - 1] == '\r'))
            line[--l] = 0;
        if (l)
            (*lines)[(*n)++] = line;
    }
    if (!*n)
        return cli_fail("bench analyze", "%s: no hands", path);
    return CLI_OK;
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
    const char *const *listed = NULL;
    char *buf = NULL, **lines = NULL;
    if (o.file) {
        int rc = read_hands(o.file, &buf, &lines, &hands);
        if (rc != CLI_OK) {
            free(buf);
            free(lines);
            return rc;
        }
        listed = (const char *const *)lines;
    } else if (o.set == 1) {
        listed = issue31;
        hands = (int)(sizeof issue31 / sizeof issue31[0]);
    }
    const char *what = o.file ? o.file : o.set == 1 ? "issue 31's hands" : "seeded hands";
    char ex[16];
    const char *exname = analyze_exchanges_name(o.exchanges, ex, sizeof ex);
    fprintf(stderr, "jong bench analyze: %s, seed %llu, %d hands, policy %s, exchanges %s, method %s\n", what,
            (unsigned long long)seed, hands, policy_names[o.policy], exname, method_names[o.method]);
    uint64_t sig = 0xcbf29ce484222325ull;
    double total = 0, worst = 0;
    long rows = 0, simulated = 0, states = 0;
    /* by the 14-tile hand's shanten (over the forms the rules allow): hands, seconds, largest */
    enum { MAX_SH = 8 };
    int by_n[MAX_SH + 1] = {0};
    double by_t[MAX_SH + 1] = {0}, by_max[MAX_SH + 1] = {0};
    status = CLI_OK;
    for (int i = 0; i < hands; i++) {
        jong_analysis_input in;
        jong_error err;
        jong_error_clear(&err);
        if (listed) {
            if (listed_input(listed[i], &o, &in, &err) != JONG_OK) {
                status = cli_fail(spec.name, "hand %d (%s): %s", i + 1, listed[i], err.msg);
                break;
            }
        } else {
            make_input(seed, i, sims, &in);
        }
        in.policy = (jong_analysis_policy)o.policy;
        in.method = (jong_analysis_method)o.method;
        in.reach = o.reach;
        in.exchanges = o.exchanges;
        jong_analysis_result res;
        double t0 = cli_now();
        int rc = jong_analysis_run(&in, &res, &err);
        double dt = cli_now() - t0;
        if (rc != JONG_OK) {
            status = cli_fail(spec.name, "hand %d%s%s%s: %s", i + 1, listed ? " (" : "", listed ? listed[i] : "",
                              listed ? ")" : "", err.msg);
            break;
        }
        total += dt;
        if (o.per_hand && !json) {
            char text[64];
            jong_format_hand(&in.hand, JONG_STYLE_COMPACT, text, sizeof text);
            printf("hand %d %s: best %s, %.4f s\n", i + 1, text,
                   res.best >= 0 ? jong_kind_name(res.rows[res.best].discard, JONG_STYLE_COMPACT) : "-", dt);
        }
        if (dt > worst)
            worst = dt;
        int sh = jong_hand_shanten(&in.hand, JONG_VARIANT_RIICHI, jong_variant_forms(JONG_VARIANT_RIICHI), NULL);
        if (sh > MAX_SH)
            sh = MAX_SH;
        by_n[sh]++;
        by_t[sh] += dt;
        if (dt > by_max[sh])
            by_max[sh] = dt;
        rows += res.nrows;
        states += res.states;
        for (int r = 0; r < res.nrows; r++)
            simulated += !res.rows[r].exact;
        for (int b = 0; b < 8; b++)
            sig = (sig ^ (res.signature >> (8 * b) & 0xff)) * 0x100000001b3ull;
    }
    free(buf);
    free(lines);
    if (status != CLI_OK)
        return status;
    long per = sims > 0 ? sims : JONG_ANALYSIS_DEFAULT_SIMS;
    if (json) {
        printf("{\"hands\":%d,\"set\":\"%s\",\"policy\":\"%s\",\"exchanges\":\"%s\",\"method\":\"%s\","
               "\"sims\":%ld,\"seed\":%llu,\"rows\":%ld,\"simulated_rows\":%ld,\"states\":%ld,\"hands_per_s\":%.3f,"
               "\"mean_s\":%.6f,\"max_s\":%.6f,\"by_shanten\":[",
               hands, o.file ? "file" : set_names[o.set], policy_names[o.policy], exname, method_names[o.method], per,
               (unsigned long long)seed, rows, simulated, states, total > 0 ? hands / total : 0, total / hands, worst);
        bool first = true;
        for (int k = 0; k <= MAX_SH; k++)
            if (by_n[k]) {
                printf("%s{\"shanten\":%d,\"hands\":%d,\"mean_s\":%.6f,\"max_s\":%.6f}", first ? "" : ",", k, by_n[k],
                       by_t[k] / by_n[k], by_max[k]);
                first = false;
            }
        printf("],\"signature\":\"%016llx\"}\n", (unsigned long long)sig);
    } else {
        if (listed)
            printf("hands %d (%s, 14-tile riichi, %d draws left, dora indicator 1z, South seat, East round)\n", hands,
                   what, o.draws);
        else
            printf("hands %d (14-tile riichi, turns 1-8)\n", hands);
        printf("policy %s%s%s, method %s: %ld rows (%ld simulated, %ld simulations each), %ld hands held by the "
               "exact method\n", policy_names[o.policy], o.exchanges ? ", exchanges " : "", o.exchanges ? exname : "",
               method_names[o.method], rows, simulated, per, states);
        printf("hands per second %.1f; seconds per hand: mean %.4f, largest %.4f\n", total > 0 ? hands / total : 0,
               total / hands, worst);
        for (int k = 0; k <= MAX_SH; k++)
            if (by_n[k])
                printf("  shanten %d%s: %d hands, mean %.4f s, largest %.4f s\n", k, k == MAX_SH ? "+" : "", by_n[k],
                       by_t[k] / by_n[k], by_max[k]);
        printf("signature %016llx\n", (unsigned long long)sig);
    }
    return CLI_OK;
}
