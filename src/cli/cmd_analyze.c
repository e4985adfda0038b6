/* `jong analyze HAND`: everything the evaluator knows about one hand, for people (aligned text)
 * or for programs (--json, one object on one line).
 *
 * The work is done once into an `analysis` value and then printed by one of two printers, so the
 * text and the JSON can never disagree about a number. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "analyze_json.h"
#include "analyze_player.h"
#include "analyze_sim_out.h"
#include "commands.h"
#include "jong/jong.h"

#define CMD "analyze"
#define MAX_DECOMP 256 /* far more readings than a 14- or 17-tile hand has; extra ones are counted */
#define HAND_TEXT_MAX 1024

typedef struct {
    char hand_text[HAND_TEXT_MAX]; /* the positional words (and --melds) joined by spaces */
    analyze_input in;              /* the rest of the inputs (analyze_json.h) */
    jong_variant rules;
    cli_list rule;                 /* --rule NAME=VALUE */
    const char *preset;            /* --preset NAME */
    bool json;
    int search;                    /* SEARCH_EXACT, or SEARCH_LOCAL: also Loh's local search */
} analyze_opts;

enum { SEARCH_EXACT = 0, SEARCH_LOCAL };
static const char *const search_names[] = {"exact", "local", NULL};
static const char *const policy_names[] = {"lower", "win", "points", NULL};
static const char *const method_names[] = {"auto", "simulate", NULL};

typedef struct {
    jong_hand hand;
    jong_variant rules;
    jong_ruleset rs;   /* the rules with --rule applied (the targets' values) */
    int draws;         /* draws left (--turn / --draws) */
    jong_forms forms;
    uint8_t seen[JONG_KINDS];
    int tiles;   /* melds count 3 */
    int sets;    /* N: sets of a complete hand under these rules */
    jong_shanten3 shanten;
    int blocks;
    int mtw[JONG_MTW_MAX + 1];
    int mtw_max; /* mtw[1..mtw_max] are filled */
    bool draw_phase; /* 3N+1 tiles: waiting for a draw; otherwise 3N+2 and about to discard */
    /* 3N+1 */
    bool ready;
    uint64_t waits;
    jong_ukeire effective;
    /* 3N+2 */
    bool complete;
    int ndecomp; /* readings found; only min(ndecomp, MAX_DECOMP) are stored */
    jong_decomposition decomp[MAX_DECOMP];
    int nrows;
    jong_discard_option rows[JONG_KINDS];
    /* both: what hand to aim for (jong/analysis_targets.h) */
    jong_target_row targets[JONG_TARGETS];
    /* --search local: row i's distance by the paper's local search (JONG_UNDEFINED: not one it
     * searches), beside the exact one */
    bool local;
    int local_distance[JONG_TARGETS];
    /* 3N+2 with sims > 0: the chances of each discard, and an engine's values */
    bool simulated;
    int ndora;                     /* --dora indicators (also counted in seen) */
    uint8_t dora[JONG_RIICHI_MAX_INDICATORS];
    jong_analysis_result sim;
    analyze_player_out player;
} analysis;

/* --melds: joined to HAND, so that `jong analyze 123m --melds '[789s]' 456p` is one hand. */
static int add_melds(const char *cmd, const char *name, const char *value, void *opts)
{
    (void)name;
    analyze_opts *o = opts;
    return cli_append_word(cmd, o->hand_text, sizeof o->hand_text, value, "HAND");
}

/* --exchanges forward|N|all */
static int set_exchanges(const char *cmd, const char *name, const char *value, void *opts)
{
    analyze_opts *o = opts;
    o->in.exchanges = analyze_exchanges_parse(value);
    if (o->in.exchanges >= 0)
        return CLI_OK;
    return cli_usage_error(cmd, "%s %s: give forward, a number 1..%d or all", name, value,
                           JONG_ANALYSIS_EXCHANGES_ALL - 1);
}

#define OPTS analyze_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "riichi (13/14 tiles, 4 sets) or taiwan (16/17 tiles, 5 sets)",
     .def = "riichi", .def_text = "the hand's: taiwan for 16/17 tiles, else riichi"},
    {"--melds", CLI_CALL(add_melds), "M", "declared melds, as in HAND ('[123m] (5555p)'); joined to HAND"},
    {"--seen", CLI_STRING(in.seen), "T",
     "tiles visible elsewhere (discards, melds, indicators), not counted as unseen copies of effective "
     "tiles (give indicators in --dora instead, which counts them as seen too)"},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option (repeatable), e.g. --rule "
     "special_hands=seven-pairs-pong+thirteen-orphans for the Taiwanese special hands as targets"},
    CLI_RULE_PRESET_OPTION(),
    {"--json", CLI_FLAG(json), NULL, "one JSON object on one line"},
    {"--turn", CLI_INT(in.turn), "N", "the seat's turn in the hand: draws left = 18 - N in riichi, 16 - N in "
     "Taiwanese", .lo = 1, .hi = 30, .def = "1"},
    {"--draws", CLI_INT(in.draws), "N", "the draws left, directly", .lo = 0, .hi = JONG_ANALYSIS_MAX_DRAWS,
     .def_text = "from --turn"},
    {"--sims", CLI_INT(in.sims), "N", "simulations per discard, 0 for no chances", .lo = 0,
     .hi = JONG_ANALYSIS_MAX_SIMS, .def = CLI_TEXT(JONG_ANALYSIS_DEFAULT_SIMS)},
    {"--seed", CLI_SEED(in.seed), "S", "seed of the simulations and of --search local's reshuffles", .def = "1"},
    {"--policy", CLI_ENUM(in.policy), "P", "the chances' policy after the discard: lower (keep a draw only when it "
     "lowers the shanten), win or points (the optimal policy for the win chance or the expected points)",
     .names = policy_names, .def = "lower"},
    {"--exchanges", CLI_CALL(set_exchanges), "E", "with --policy win or points: forward (keep a draw only when it "
     "lowers the shanten, or widens a ready hand's wait), N (also exchanges that keep or raise the shanten, into "
     "hands at most N exchanges off a fastest way to win), or all (into any hand that can still win)",
     .def = "forward"},
    {"--method", CLI_ENUM(in.method), "M", "auto: the chances exact where the method reaches (shanten up to "
     CLI_TEXT(JONG_ANALYSIS_REACH_LOWER) " for lower, " CLI_TEXT(JONG_ANALYSIS_REACH_OPTIMAL) " for win and points, "
     CLI_TEXT(JONG_ANALYSIS_REACH_EXCHANGES) " with --exchanges), "
     "simulated beyond; simulate: simulated but for ready hands and one draw left (with --policy lower only)",
     .names = method_names, .def = "auto"},
    {"--reach", CLI_INT(in.reach), "S", "the exact method's reach: rows of shanten up to S exact (0: the default "
     "above); a row past it is simulated with the policy lower", .lo = 0, .hi = JONG_ANALYSIS_MAX_REACH, .def = "0"},
    {"--search", CLI_ENUM(search), "M", "exact: the targets' exact distances; local: also the distance Loh's "
     "local search finds (jong_loh_local_distance), as a column 'local' (JSON \"local_distance\")",
     .names = search_names, .def = "exact"},
    {"--restarts", CLI_INT(in.restarts), "R", "--search local: stop after R reshuffles in a row without a better "
     "arrangement (the paper's 5)", .lo = 0, .hi = 100000, .def = "5"},
    {"--dora", CLI_STRING(in.dora), "T", "riichi dora indicators (counted as seen)"},
    {"--seat", CLI_WIND(in.seat_wind), "W", "seat wind E S W N", .def_text = "S; E with --dealer"},
    {"--round", CLI_WIND(in.round_wind), "W", "round wind", .def = "E"},
    {"--dealer", CLI_FLAG(in.dealer), NULL, "the seat is the dealer"},
    {"--player", CLI_STRING(in.player), "P", "also that engine's own value of each discard (simcat: simulated "
     "win rate; kf-rule: Eq. 9; kf-tree, kf-v: Etile)"},
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .usage = "jong analyze HAND [--rules riichi|taiwan] [--melds M] [--seen TILES] [--json]\n"
             "                    [--turn N | --draws N] [--sims N] [--seed S] [--dora TILES]\n"
             "                    [--seat W] [--round W] [--dealer] [--player NAME] [--rule NAME=VALUE]...\n"
             "                    [--search exact|local] [--restarts R] [--policy lower|win|points]\n"
             "                    [--exchanges forward|N|all] [--method auto|simulate] [--reach S]",
    .about = "Shanten (each form the rules allow and the best), SIMCAT blocks and MTW(c),\n"
             "then for a hand waiting for a draw (3N+1 tiles) its waits or effective tiles,\n"
             "and for a hand about to discard (3N+2 tiles) whether it is complete, its\n"
             "readings as sets and a pair, and one row per discard, best first.\n"
             "\n"
             "Then the targets (jong/analysis_targets.h): for each kind of winning hand\n"
             "(standard, seven-pairs, thirteen-orphans, all-pongs, all-chows, full-flush,\n"
             "half-flush) the exact distance (tiles to draw, each replacing one of the\n"
             "hand's, until complete in that form; '-' where the rules or melds rule it out),\n"
             "the unseen tiles that bring it closer, its value (tai or han), what a win of it\n"
             "pays, and a rough chance of completing it in the draws left; best first by\n"
             "chance x points. With --search local, also the distance that the paper's own\n"
             "method (a local search over groups of three, with an imaginary tile and random\n"
             "reshuffles) finds for the targets of standard shape; it can be above the exact one\n"
             "(a local optimum) and, rarely, below it (docs/experiments/loh.md).\n"
             "\n"
             "For a hand about to discard, also the chances of each discard (jong/analysis_sim.h):\n"
             "P(tenpai) and P(win) within the draws left and the expected points of the\n"
             "win (riichi: yaku, dora, riichi, ippatsu, ura; Taiwanese: tai), counting only\n"
             "the seat's own draws, under --policy; exact for the model by dynamic programming\n"
             "where the method reaches, else simulated (today's policy) with 95% intervals, each\n"
             "row saying which. The best row is marked '*'.\n",
    .options = options,
    .pos = {CLI_POS_WORDS_AT(hand_text), .metavar = "HAND", .min = 1,
            .help = "any notation, e.g. 123m456p789s1122z, '445w1267t1144888999s', "
                    "'123m456p11z [789s] (5555p)'; several words are joined"},
    .epilog = "MTW(c) is shown for c = 1..N+2 (further if needed to show where the block\n"
              "count stops). Exit status: 0 done, 1 bad hand, 2 bad usage. Error positions\n"
              "count characters from 0.\n",
};
#undef OPTS

/* Parses the seen tiles and refuses a kind that would then have more than 4 copies in sight;
 * on error writes the reason into why. */
static int parse_seen(const char *seen_text, analysis *a, char *why, size_t n)
{
    jong_error err;
    jong_error_clear(&err);
    if (jong_parse_tiles(seen_text, a->seen, &err) != JONG_OK) {
        cli_format_error(&err, why, n);
        return CLI_FAIL;
    }
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(&a->hand, meld);
    for (int k = 0; k < JONG_KINDS; k++) {
        int held = a->hand.counts[k] + meld[k];
        if (held + a->seen[k] > 4) {
            snprintf(why, n, "%d %s seen and %d in the hand make %d copies (at most 4)", a->seen[k],
                     jong_kind_name(k, JONG_STYLE_COMPACT), held, held + a->seen[k]);
            return CLI_FAIL;
        }
    }
    return CLI_OK;
}

/* The seen tiles and the dora indicators; CLI_FAIL (CLI_USAGE: too many indicators) with the
 * reason in why. */
static int read_seen(const analyze_input *in, analysis *a, char *why, size_t n)
{
    char reason[256];
    if (in->seen && parse_seen(in->seen, a, reason, sizeof reason))
        return cli_input_why(in->api, "seen", in->seen, reason, why, n);
    if (!in->dora)
        return CLI_OK;
    /* the dora indicators lie face up: seen like the others */
    jong_error err;
    jong_error_clear(&err);
    uint8_t dora[JONG_KINDS], meld[JONG_KINDS];
    if (jong_parse_tiles(in->dora, dora, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, "dora", in->dora, reason, why, n);
    }
    jong_hand_meld_counts(&a->hand, meld);
    for (int k = 0; k < JONG_KINDS; k++) {
        for (int c = 0; c < dora[k]; c++) {
            if (a->ndora == JONG_RIICHI_MAX_INDICATORS) {
                snprintf(reason, sizeof reason, "at most %d indicators", JONG_RIICHI_MAX_INDICATORS);
                cli_input_why(in->api, "dora", in->dora, reason, why, n);
                return CLI_USAGE;
            }
            a->dora[a->ndora++] = (uint8_t)k;
        }
        int used = a->hand.counts[k] + meld[k] + a->seen[k] + dora[k];
        if (used > 4) {
            snprintf(reason, sizeof reason, "%s: %d copies in the hand, its melds, the seen tiles and the indicators",
                     jong_kind_name(k, JONG_STYLE_COMPACT), used);
            return cli_input_why(in->api, "dora", in->dora, reason, why, n);
        }
        a->seen[k] = (uint8_t)(a->seen[k] + dora[k]);
    }
    return CLI_OK;
}

/* Enough of the MTW table to see where the block count stops (one step past it), and never
 * less than N+2: MTW(N+1) is the complete hand, MTW(N+2) shows how the hand would grow. */
static int mtw_columns(int sets, int blocks)
{
    int n = sets + 2;
    if (blocks + 1 > n)
        n = blocks + 1;
    return n > JONG_MTW_MAX ? JONG_MTW_MAX : n;
}

static void run_analysis(analysis *a)
{
    const jong_hand *h = &a->hand;
    a->forms = jong_variant_forms(a->rules);
    a->tiles = cli_hand_size(h);
    a->sets = jong_variant_sets(a->rules);
    jong_hand_shanten(h, a->rules, a->forms, &a->shanten);
    a->blocks = jong_hand_blocks(h);
    a->mtw_max = mtw_columns(a->sets, a->blocks);
    jong_hand_mtw_table(h, a->mtw_max, a->mtw);
    a->draw_phase = a->tiles == 3 * a->sets + 1;
    jong_target_rows(&a->rs, h, a->seen, a->draws, a->targets);
    if (a->draw_phase) {
        a->ready = a->shanten.best == 0;
        if (a->ready)
            a->waits = jong_waits(h, a->rules, a->forms);
        jong_effective_tiles(h, a->rules, a->forms, a->seen, &a->effective);
        return;
    }
    a->complete = jong_is_complete(h, a->rules, a->forms);
    if (a->complete) {
        /* Seven pairs and thirteen orphans only exist for a closed hand. */
        jong_forms forms = h->nmelds ? JONG_FORMS_STANDARD : a->forms;
        a->ndecomp = jong_decompose(h->counts, jong_hand_sets_needed(h, a->rules), forms, a->decomp,
                                    MAX_DECOMP);
    }
    a->nrows = jong_discard_table(h, a->rules, a->forms, a->seen, a->rows);
}

/* ---- shared pieces of both printers ---------------------------------------------------------- */

static const char *tile_name(int kind)
{
    return jong_kind_name(kind, JONG_STYLE_COMPACT);
}

/* A set in compact notation: "123m" for a chow, "555p" or "111z" for a pung. */
static void set_text(int type, int kind, char out[8])
{
    char suit = "mpsz"[jong_kind_suit(kind)];
    int r = jong_kind_rank(kind);
    if (type == JONG_MELD_CHOW)
        snprintf(out, 8, "%d%d%d%c", r, r + 1, r + 2, suit);
    else
        snprintf(out, 8, "%d%d%d%c", r, r, r, suit);
}

static void pair_text(int kind, char out[8])
{
    int r = jong_kind_rank(kind);
    snprintf(out, 8, "%d%d%c", r, r, "mpsz"[jong_kind_suit(kind)]);
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* ---- text output ----------------------------------------------------------------------------- */

#define LABEL "%-10s"

static void print_shanten_value(int v)
{
    if (v == JONG_UNDEFINED)
        fputs("-", stdout);
    else
        printf("%d", v);
}

static void print_shanten(const analysis *a)
{
    printf(LABEL "%d  (standard %d", "shanten", a->shanten.best, a->shanten.standard);
    if (a->rules == JONG_VARIANT_RIICHI) {
        /* Show the special forms even when undefined, so a reader sees they were considered. */
        fputs(", seven pairs ", stdout);
        print_shanten_value(a->shanten.chiitoi);
        fputs(", thirteen orphans ", stdout);
        print_shanten_value(a->shanten.kokushi);
    }
    puts(")");
}

static void print_mtw(const analysis *a)
{
    printf(LABEL "c:     ", "MTW(c)");
    for (int c = 1; c <= a->mtw_max; c++)
        printf("%3d", c);
    printf("\n" LABEL "tiles: ", "");
    for (int c = 1; c <= a->mtw_max; c++)
        printf("%3d", a->mtw[c]);
    putchar('\n');
}

/* "3m(4) 6m(2)": each kind with its unseen copies. */
static void print_tile_counts(uint64_t kinds, const uint8_t unseen[JONG_KINDS])
{
    const char *sep = "";
    for (int k = 0; k < JONG_KINDS; k++)
        if (kinds >> k & 1) {
            printf("%s%s(%d)", sep, tile_name(k), unseen[k]);
            sep = " ";
        }
}

static void print_draw_phase(const analysis *a)
{
    const jong_ukeire *e = &a->effective;
    /* The effective tiles of a ready hand are its waits; the unseen counts come from there. */
    uint64_t kinds = a->ready ? a->waits : e->kinds;
    int nkinds = popcount64(kinds);
    printf(LABEL "%d unseen tile%s, %d kind%s: ", a->ready ? "waits" : "effective", e->total,
           plural(e->total), nkinds, plural(nkinds));
    print_tile_counts(kinds, e->unseen);
    putchar('\n');
}

static void print_decomposition(const jong_decomposition *d)
{
    char t[8];
    printf(LABEL "  ", "");
    switch (d->form) {
    case JONG_DECOMP_CHIITOI:
        fputs("seven pairs:", stdout);
        for (int i = 0; i < 7; i++) {
            pair_text(d->pairs[i], t);
            printf(" %s", t);
        }
        break;
    case JONG_DECOMP_KOKUSHI:
        printf("thirteen orphans, pair %s", tile_name(d->pair));
        break;
    default:
        pair_text(d->pair, t);
        fputs(t, stdout);
        for (int i = 0; i < d->nsets; i++) {
            set_text(d->set_type[i], d->set_tile[i], t);
            printf("%s%s", i == 0 ? " + " : " ", t);
        }
    }
    putchar('\n');
}

static void print_discard_phase(const analysis *a)
{
    if (!a->complete) {
        printf(LABEL "no\n", "complete");
    } else {
        printf(LABEL "yes, %d reading%s of the concealed tiles:\n", "complete", a->ndecomp,
               plural(a->ndecomp));
        int shown = a->ndecomp < MAX_DECOMP ? a->ndecomp : MAX_DECOMP;
        for (int i = 0; i < shown; i++)
            print_decomposition(&a->decomp[i]);
        if (shown < a->ndecomp)
            printf(LABEL "  (%d more not shown)\n", "", a->ndecomp - shown);
    }
    printf(LABEL "best first: shanten after the discard, then its effective tiles\n", "discards");
    printf("  discard  shanten  unseen  effective tiles (unseen copies)\n");
    for (int i = 0; i < a->nrows; i++) {
        const jong_discard_option *r = &a->rows[i];
        printf("  %-7s  %7d  %6d  ", tile_name(r->discard), r->shanten, r->ukeire.total);
        print_tile_counts(r->ukeire.kinds, r->ukeire.unseen);
        putchar('\n');
    }
}

/* The local search's column: "  local" wide, '-' for a target it does not search. */
static void print_local(const analysis *a, int i)
{
    if (!a->local)
        return;
    if (a->local_distance[i] == JONG_UNDEFINED)
        printf("  %5s", "-");
    else
        printf("  %5d", a->local_distance[i]);
}

static void print_targets(const analysis *a)
{
    const char *unit = a->rules == JONG_VARIANT_RIICHI ? "han" : "tai";
    printf(LABEL "best first by chance x points, %d draw%s left (a rough chance: see jong/analysis_targets.h)\n",
           "targets", a->draws, plural(a->draws));
    printf("  %-16s  %8s", "target", "distance");
    if (a->local)
        printf("  %5s", "local");
    printf("  %6s  %6s  %6s  %s\n", "value", "points", "chance", "useful tiles");
    for (int i = 0; i < JONG_TARGETS; i++) {
        const jong_target_row *r = &a->targets[i];
        if (r->distance == JONG_UNDEFINED) {
            printf("  %-16s  %8s", jong_target_name(r->target), "-");
            print_local(a, i);
            putchar('\n');
            continue;
        }
        char value[16];
        snprintf(value, sizeof value, "%d %s", r->value, unit);
        printf("  %-16s  %8d", jong_target_name(r->target), r->distance);
        print_local(a, i);
        printf("  %6s  %6d  %5.1f%%  %d", value, r->points, 100.0 * r->chance, r->useful_total);
        if (r->useful) {
            printf(": ");
            print_tile_counts(r->useful, r->copies);
        }
        putchar('\n');
    }
}

static void print_text(const analysis *a, const char *hand, const char *seen)
{
    printf(LABEL "%s\n", "hand", hand);
    printf(LABEL "%s, %d tiles (%d sets and a pair when complete)\n", "rules",
           cli_rules_name(a->rules), a->tiles, a->sets);
    if (seen)
        printf(LABEL "%s\n", "seen", seen);
    print_shanten(a);
    printf(LABEL "%d\n", "blocks", a->blocks);
    print_mtw(a);
    if (a->draw_phase)
        print_draw_phase(a);
    else
        print_discard_phase(a);
    print_targets(a);
}

/* ---- JSON output ----------------------------------------------------------------------------- */

static json_t *json_shanten_value(int v)
{
    return v == JONG_UNDEFINED ? json_null() : json_integer(v);
}

static json_t *json_tile_list(uint64_t kinds)
{
    json_t *arr = json_array();
    for (int k = 0; k < JONG_KINDS; k++)
        if (kinds >> k & 1)
            json_array_append_new(arr, json_string(tile_name(k)));
    return arr;
}

static json_t *json_unseen_list(uint64_t kinds, const uint8_t unseen[JONG_KINDS])
{
    json_t *arr = json_array();
    for (int k = 0; k < JONG_KINDS; k++)
        if (kinds >> k & 1)
            json_array_append_new(arr, json_integer(unseen[k]));
    return arr;
}

/* {"tiles":[...], "unseen":[...], "total":n}: unseen[i] belongs to tiles[i]. */
static json_t *json_ukeire(const jong_ukeire *u)
{
    json_t *o = json_object();
    json_object_set_new(o, "tiles", json_tile_list(u->kinds));
    json_object_set_new(o, "unseen", json_unseen_list(u->kinds, u->unseen));
    json_object_set_new(o, "total", json_integer(u->total));
    return o;
}

static json_t *json_decomposition(const jong_decomposition *d)
{
    json_t *o = json_object();
    char t[8];
    if (d->form == JONG_DECOMP_CHIITOI) {
        json_t *pairs = json_array();
        for (int i = 0; i < 7; i++)
            json_array_append_new(pairs, json_string(tile_name(d->pairs[i])));
        json_object_set_new(o, "form", json_string("chiitoi"));
        json_object_set_new(o, "pairs", pairs);
    } else if (d->form == JONG_DECOMP_KOKUSHI) {
        json_object_set_new(o, "form", json_string("kokushi"));
        json_object_set_new(o, "pair", json_string(tile_name(d->pair)));
    } else {
        json_t *sets = json_array();
        for (int i = 0; i < d->nsets; i++) {
            set_text(d->set_type[i], d->set_tile[i], t);
            json_array_append_new(sets, json_string(t));
        }
        json_object_set_new(o, "form", json_string("standard"));
        json_object_set_new(o, "pair", json_string(tile_name(d->pair)));
        json_object_set_new(o, "sets", sets);
    }
    return o;
}

static void json_add_draw_phase(json_t *root, const analysis *a)
{
    json_object_set_new(root, "ready", json_boolean(a->ready));
    if (a->ready)
        json_object_set_new(root, "waits", json_tile_list(a->waits));
    json_object_set_new(root, "effective", json_ukeire(&a->effective));
}

static void json_add_discard_phase(json_t *root, const analysis *a)
{
    json_object_set_new(root, "complete", json_boolean(a->complete));
    json_t *dec = json_array();
    int shown = a->ndecomp < MAX_DECOMP ? a->ndecomp : MAX_DECOMP;
    for (int i = 0; i < shown; i++)
        json_array_append_new(dec, json_decomposition(&a->decomp[i]));
    json_object_set_new(root, "decompositions", dec);
    if (shown < a->ndecomp)
        json_object_set_new(root, "decompositions_total", json_integer(a->ndecomp));
    json_t *rows = json_array();
    for (int i = 0; i < a->nrows; i++) {
        const jong_discard_option *r = &a->rows[i];
        json_t *row = json_object();
        json_object_set_new(row, "discard", json_string(tile_name(r->discard)));
        json_object_set_new(row, "shanten", json_integer(r->shanten));
        json_object_set_new(row, "effective", json_tile_list(r->ukeire.kinds));
        json_object_set_new(row, "unseen", json_unseen_list(r->ukeire.kinds, r->ukeire.unseen));
        json_object_set_new(row, "total", json_integer(r->ukeire.total));
        json_array_append_new(rows, row);
    }
    json_object_set_new(root, "discards", rows);
}

/* "targets": [{"name", "distance" (null: ruled out), "value", "points", "chance", "useful":
 * {"tiles", "unseen", "total"}}], best first. */
static json_t *json_targets(const analysis *a)
{
    json_t *arr = json_array();
    for (int i = 0; i < JONG_TARGETS; i++) {
        const jong_target_row *r = &a->targets[i];
        json_t *o = json_object();
        json_object_set_new(o, "name", json_string(jong_target_name(r->target)));
        bool out = r->distance == JONG_UNDEFINED;
        json_object_set_new(o, "distance", out ? json_null() : json_integer(r->distance));
        if (a->local)
            json_object_set_new(o, "local_distance", json_shanten_value(a->local_distance[i]));
        json_object_set_new(o, "value", json_integer(r->value));
        json_object_set_new(o, "value_unit", json_string(a->rules == JONG_VARIANT_RIICHI ? "han" : "tai"));
        json_object_set_new(o, "points", json_integer(r->points));
        /* four decimals: a ranking aid, and stable text across libm versions */
        json_object_set_new(o, "chance", json_real(round(r->chance * 1e4) / 1e4));
        json_t *u = json_object();
        json_object_set_new(u, "tiles", json_tile_list(r->useful));
        json_object_set_new(u, "unseen", json_unseen_list(r->useful, r->copies));
        json_object_set_new(u, "total", json_integer(r->useful_total));
        json_object_set_new(o, "useful", u);
        json_array_append_new(arr, o);
    }
    return arr;
}

static json_t *build_json(const analysis *a, const char *hand, const char *seen)
{
    json_t *root = json_object();
    json_object_set_new(root, "hand", json_string(hand));
    json_object_set_new(root, "rules", json_string(cli_rules_name(a->rules)));
    json_object_set_new(root, "tiles", json_integer(a->tiles));
    if (seen)
        json_object_set_new(root, "seen", json_string(seen));
    json_t *sh = json_object();
    json_object_set_new(sh, "standard", json_shanten_value(a->shanten.standard));
    json_object_set_new(sh, "chiitoi", json_shanten_value(a->shanten.chiitoi));
    json_object_set_new(sh, "kokushi", json_shanten_value(a->shanten.kokushi));
    json_object_set_new(sh, "best", json_shanten_value(a->shanten.best));
    json_object_set_new(root, "shanten", sh);
    json_object_set_new(root, "blocks", json_integer(a->blocks));
    json_t *mtw = json_array();
    for (int c = 1; c <= a->mtw_max; c++)
        json_array_append_new(mtw, json_shanten_value(a->mtw[c]));
    json_object_set_new(root, "mtw", mtw);
    if (a->draw_phase)
        json_add_draw_phase(root, a);
    else
        json_add_discard_phase(root, a);
    json_object_set_new(root, "draws", json_integer(a->draws));
    json_object_set_new(root, "targets", json_targets(a));
    if (a->simulated)
        analyze_sim_add_json(root, &a->sim, a->rules, &a->player);
    return root;
}

static int print_json(const analysis *a, const char *hand, const char *seen)
{
    return cli_print_json(CMD, build_json(a, hand, seen));
}

/* ---- the chances of each discard --------------------------------------------------------------- */

static int run_chances(const analyze_input *ai, analysis *a, char *why, size_t n)
{
    jong_analysis_input in;
    jong_analysis_input_init(&in, a->rules);
    in.rules = &a->rs;
    in.hand = a->hand;
    memcpy(in.seen, a->seen, sizeof in.seen);
    in.draws = a->draws;
    in.dealer = ai->dealer;
    in.seat_wind = ai->seat_wind >= 0 ? ai->seat_wind : ai->dealer ? 0 : 1;
    in.round_wind = ai->round_wind;
    in.sims = ai->sims;
    in.seed = ai->seed;
    in.policy = (jong_analysis_policy)ai->policy;
    in.method = (jong_analysis_method)ai->method;
    in.exchanges = ai->exchanges;
    in.reach = ai->reach;
    jong_error err;
    jong_error_clear(&err);
    /* the indicators are in a->seen for the evaluator's table; the analysis counts them itself */
    memcpy(in.dora, a->dora, sizeof in.dora);
    in.ndora = a->ndora;
    for (int i = 0; i < a->ndora; i++)
        in.seen[a->dora[i]]--;
    if (jong_analysis_run(&in, &a->sim, &err) != JONG_OK) {
        snprintf(why, n, "%s", err.msg);
        return CLI_FAIL;
    }
    a->simulated = true;
    if (ai->player) {
        char reason[256];
        if (analyze_player_values(ai->player, &in, ai->draws >= 0 ? 1 : ai->turn, &a->player, reason,
                                  sizeof reason) != 0)
            return cli_input_why(ai->api, "player", ai->player, reason, why, n);
    }
    return CLI_OK;
}

/* ---- the work of the command and of analyze_json ---------------------------------------------- */

void analyze_input_init(analyze_input *in, const char *hand, const jong_ruleset *rules)
{
    *in = (analyze_input){.hand = hand, .rules = rules, .turn = 1, .draws = -1, .seed = 1, .seat_wind = -1,
                          .restarts = 5};
}

/* Everything the inputs ask for, into *a: CLI_OK, or CLI_FAIL or CLI_USAGE with the reason in why. */
static int analyze_run(const analyze_input *in, analysis *a, char *why, size_t n)
{
    memset(a, 0, sizeof *a);
    a->rs = *in->rules;
    a->rules = in->rules->variant;
    int total = a->rules == JONG_VARIANT_RIICHI ? 18 : 16;
    if (in->draws < 0 && (in->turn < 1 || in->turn > total)) {
        snprintf(why, n, "%sturn %d: a %s hand has turns 1 to %d (draws left = %d - turn); --draws gives the draws "
                 "left directly", in->api ? "" : "--", in->turn, a->rules == JONG_VARIANT_RIICHI ? "riichi" : "Taiwanese",
                 total, total);
        return CLI_USAGE;
    }
    a->draws = in->draws >= 0 ? in->draws : total - in->turn;
    if (in->method == JONG_ANALYSIS_METHOD_SIMULATE && in->policy != JONG_ANALYSIS_POLICY_LOWER) {
        snprintf(why, n, "%smethod simulate plays only the policy lower", in->api ? "" : "--");
        return CLI_USAGE;
    }
    if (in->exchanges > 0 && (in->policy == JONG_ANALYSIS_POLICY_LOWER || in->method != JONG_ANALYSIS_METHOD_AUTO)) {
        snprintf(why, n, "%sexchanges: only with %spolicy win or points and %smethod auto", in->api ? "" : "--",
                 in->api ? "" : "--", in->api ? "" : "--");
        return CLI_USAGE;
    }
    if (in->player && in->sims <= 0) {
        snprintf(why, n, "%splayer: its values come with the chances of each discard (%ssims above 0)",
                 in->api ? "" : "--", in->api ? "" : "--");
        return CLI_USAGE;
    }
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_hand(in->hand, &a->hand, &err) != JONG_OK || jong_hand_check(&a->hand, a->rules, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    int r = read_seen(in, a, why, n);
    if (r != CLI_OK)
        return r;
    run_analysis(a);
    if (in->local) {
        a->local = true;
        for (int i = 0; i < JONG_TARGETS; i++)
            a->local_distance[i] =
                jong_loh_local_distance(&a->hand, a->rules, a->targets[i].target, in->restarts, in->seed, NULL);
    }
    if (!a->draw_phase && in->sims > 0)
        return run_chances(in, a, why, n);
    return CLI_OK;
}

/* The hand as the output shows it, and the seen tiles (indicators included) when any were given. */
static const char *shown_texts(const analyze_input *in, const analysis *a, char hand[512], char seen[256])
{
    jong_format_hand(&a->hand, JONG_STYLE_COMPACT, hand, 512);
    jong_format_counts(a->seen, JONG_STYLE_COMPACT, seen, 256);
    return in->seen ? seen : NULL;
}

json_t *analyze_json(const analyze_input *in, char *why, size_t n)
{
    analysis *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    json_t *root = NULL;
    if (analyze_run(in, a, why, n) == CLI_OK) {
        char hand[512], seen[256];
        const char *seen_shown = shown_texts(in, a, hand, seen);
        root = build_json(a, hand, seen_shown);
    }
    free(a);
    return root;
}

/* ---- the command ----------------------------------------------------------------------------- */

int cmd_analyze(int argc, char **argv)
{
    /* Static: the analysis holds hundreds of readings, too big to want on the stack. */
    static analysis a;
    analyze_opts o = {.json = false};
    analyze_input_init(&o.in, o.hand_text, NULL);
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    /* without --rules, the hand's size says its family */
    bool given;
    cli_find_option(argc, argv, "--rules", &given);
    int by_size = given ? -1 : cli_rules_of_hand(o.hand_text);
    jong_variant v = by_size >= 0 ? (jong_variant)by_size : given ? o.rules : cli_rules_of_preset(o.preset, o.rules);
    jong_ruleset rs;
    if (cli_build_ruleset(CMD, o.preset, "--rule", v, o.rule.v, o.rule.n, 0, &rs) || cli_refuse_three_players(CMD, &rs))
        return CLI_USAGE;
    o.in.rules = &rs;
    o.in.local = o.search == SEARCH_LOCAL;
    char why[512];
    r = analyze_run(&o.in, &a, why, sizeof why);
    if (r == CLI_USAGE)
        return cli_usage_error(CMD, "%s", why);
    if (r != CLI_OK)
        return cli_fail(CMD, "%s", why);
    char hand[512], seen[256];
    const char *seen_shown = shown_texts(&o.in, &a, hand, seen);
    if (o.json)
        return print_json(&a, hand, seen_shown);
    print_text(&a, hand, seen_shown);
    if (a.simulated)
        analyze_sim_print_text(&a.sim, a.rules, &a.player);
    return CLI_OK;
}
