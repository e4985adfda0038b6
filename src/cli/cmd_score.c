/* `jong score HAND --win TILE`: the tai of one Taiwanese win, pattern by pattern, and what each
 * seat pays, for people (aligned text) or programs (--json), and the same JSON for jong.score
 * (score_json.h, whose functions choose the family here). The scoring itself is the library's
 * jong_tai_score; this file only turns the inputs into a jong_win_context. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"
#include "jong/tai.h"
#include "score_json.h"

#define CMD "score"
#define HAND_TEXT_MAX 1024

typedef struct {
    char hand_text[HAND_TEXT_MAX];
    score_input in; /* seats 0..3 */
    cli_list options;
    jong_variant rules;
    bool json;
} score_opts;

typedef struct {
    jong_ruleset rs;
    jong_win_context ctx;
    jong_tai_result res;
    int hand_tai; /* the entries' sum, before the cap */
} score;

/* --replacement, --heavenly and --earthly imply --self-draw unless --discarder is given. */
#define IMPLY_SELF_DRAW (JONG_WIN_REPLACEMENT | JONG_WIN_HEAVENLY | JONG_WIN_EARTHLY)

#define OPTS score_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "taiwan here; riichi (the default) is 'jong score --help'"},
    {"--win", CLI_STRING(in.win), "TILE", "the winning tile; a flower (f1-f4, s1-s4) scores a flower win "
     "(all eight flowers held)", .flags = CLI_REQUIRED},
    {"--self-draw", CLI_FLAG(in.self_draw), NULL, "won on one's own draw (default: a discard of the winner's "
     "upper player, seat winner+3 mod 4)"},
    {"--discarder", CLI_WIND(in.discarder), "S", "the seat whose discard (or added kong, or flower) was taken"},
    {"--seat", CLI_WIND(in.seat), "S", "the winner's seat: 0-3, or E S W N for 0-3", .def = "0"},
    {"--dealer", CLI_WIND(in.dealer), "S", "the dealer's seat; the seat wind follows the seat_wind option "
     "(by default the dealer is East)", .def = "0"},
    {"--streak", CLI_INT(in.streak), "N", "times the dealer has kept the deal", .lo = 0, .hi = 1000, .def = "0"},
    {"--round", CLI_WIND(in.round), "W", "round wind E S W N or 0-3", .def = "E"},
    {"--flowers", CLI_STRING(in.flowers), "F", "flowers held, e.g. f1s2 (also allowed inside HAND)"},
    {"--robbing-kong", CLI_BITS(in.flags), NULL, "won on the tile of another player's added kong", .bits = JONG_WIN_ROBBING_KONG},
    {"--replacement", CLI_BITS(in.flags), NULL, "self-drawn on a replacement tile (after a kong or a flower)",
     .bits = JONG_WIN_REPLACEMENT},
    {"--last-tile", CLI_BITS(in.flags), NULL, "the last tile of the wall (self-draw) or the last discard", .bits = JONG_WIN_LAST_TILE},
    {"--heavenly", CLI_BITS(in.flags), NULL, "the dealer wins on the deal", .bits = JONG_WIN_HEAVENLY},
    {"--earthly", CLI_BITS(in.flags), NULL, "a non-dealer wins on his first draw", .bits = JONG_WIN_EARTHLY},
    {"--human", CLI_BITS(in.flags), NULL, "a win on a discard of the first go-around", .bits = JONG_WIN_HUMAN},
    {"--option", CLI_LIST(options), "N=V", "a rule option (kong_tai, big_hands, tai_cap, special_hands, base, "
     "unit, flowers, seat_wind, ...), repeatable or comma-separated"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object on one line"},
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .usage = "jong score --rules taiwan HAND --win TILE [--self-draw | --discarder SEAT]\n"
             "                  [--seat SEAT] [--dealer SEAT] [--streak N] [--round WIND]\n"
             "                  [--flowers FLOWERS] [--robbing-kong] [--replacement] [--last-tile]\n"
             "                  [--heavenly | --earthly | --human] [--option NAME=VALUE ...] [--json]",
    .about = "The tai of a Taiwanese win, pattern by pattern (a larger pattern replaces the\n"
             "smaller ones it implies; the reading of the hand with the most tai is used), then\n"
             "the payments (base + tai x unit) and each seat's score change.\n"
             "--replacement, --heavenly and --earthly imply --self-draw unless --discarder is given.\n",
    .options = options,
    .pos = {CLI_POS_WORDS_AT(hand_text), .metavar = "HAND", .min = 1,
            .help = "the winning hand with the win tile (17 tiles, melds count 3) or without it (16); "
                    "melds as [123m] (exposed) and (1111m) (concealed kong), flowers as f1-f4 s1-s4; several "
                    "words are joined"},
    .epilog = "Exit status: 0 done, 1 bad hand or not a win, 2 bad usage.\n",
};
#undef OPTS

static const char *dashes(const score_input *in)
{
    return in->api ? "" : "--";
}

static int taiwan_conflict(const score_input *in, char *why, size_t n)
{
    if (!in->self_draw || in->discarder < 0)
        return 0;
    snprintf(why, n, "%sself-draw and %sdiscarder exclude each other", dashes(in), dashes(in));
    return -1;
}

/* Returns CLI_GO to go on, otherwise the exit status (help printed or usage error). */
static int parse_args(int argc, char **argv, score_opts *o)
{
    memset(o, 0, sizeof *o);
    score_input_init(&o->in);
    int r = cli_parse(&spec, argc, argv, o);
    if (r != CLI_GO)
        return r;
    o->in.hand = o->hand_text;
    char why[256];
    if (taiwan_conflict(&o->in, why, sizeof why))
        return cli_usage_error(CMD, "%s", why);
    return CLI_GO;
}

/* flowers: a list of flowers only, none already in the hand. */
static int read_flowers(const score_input *in, jong_hand *h, char *why, size_t n)
{
    if (!in->flowers)
        return CLI_OK;
    jong_hand f;
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_hand(in->flowers, &f, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, "flowers", in->flowers, reason, why, n);
    }
    if (jong_hand_concealed_count(&f) || f.nmelds)
        return cli_input_why(in->api, "flowers", in->flowers, "only flowers f1-f4 s1-s4 belong here", why, n);
    for (int k = 0; k < JONG_FLOWERS; k++)
        if (f.flowers & h->flowers & (1u << k)) {
            snprintf(reason, sizeof reason, "flower %s is already in the hand", jong_flower_name(k));
            return cli_input_why(in->api, "flowers", in->flowers, reason, why, n);
        }
    h->flowers |= f.flowers;
    return CLI_OK;
}

/* The hand with the win tile in it; a flower win tile joins the flowers. */
static int read_hand(const score_input *in, score *s, char *why, size_t n)
{
    jong_win_context *c = &s->ctx;
    jong_hand *h = &c->hand;
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_hand(in->hand, h, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    int r = read_flowers(in, h, why, n);
    if (r != CLI_OK)
        return r;
    jong_tile t;
    if (jong_parse_tile(in->win, &t, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, "win", in->win, reason, why, n);
    }
    int size = cli_hand_size(h);
    if (t.kind == JONG_NO_TILE) {
        c->flags |= JONG_WIN_FLOWERS;
        c->win_tile = JONG_TILE_FLOWER_BASE + t.flower;
        h->flowers |= (uint8_t)(1u << t.flower);
        if (size != 16 && size != 17) {
            snprintf(reason, sizeof reason, "%d tiles (melds count 3), a hand has 16 or 17", size);
            return cli_input_why(in->api, NULL, in->hand, reason, why, n);
        }
    } else {
        c->win_tile = t.kind;
        const char *name = jong_kind_name(t.kind, JONG_STYLE_COMPACT);
        if (size == 16) {
            h->counts[t.kind]++;
            if (t.red)
                h->red[jong_kind_suit(t.kind)]++;
        } else if (size != 17) {
            snprintf(reason, sizeof reason, "%d tiles (melds count 3), need 16 plus %swin or 17 with it", size,
                     dashes(in));
            return cli_input_why(in->api, NULL, in->hand, reason, why, n);
        } else if (!h->counts[t.kind]) {
            snprintf(reason, sizeof reason, "the win tile %s is not among the concealed tiles", name);
            return cli_input_why(in->api, NULL, in->hand, reason, why, n);
        }
    }
    if (jong_hand_check(h, JONG_VARIANT_TAIWAN, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    if (!(c->flags & JONG_WIN_FLOWERS) && !jong_tai_is_winning_hand(&s->rs, h)) {
        snprintf(reason, sizeof reason,
                 "not a winning hand with %s (five sets and a pair, or an enabled special hand)", in->win);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    return CLI_OK;
}

/* The win the inputs describe, scored under rs; CLI_FAIL with the reason in why. */
static int run_score(const jong_ruleset *rs, const score_input *in, score *s, char *why, size_t n)
{
    memset(s, 0, sizeof *s);
    s->rs = *rs;
    jong_win_context *c = &s->ctx;
    int r;
    if ((r = read_hand(in, s, why, n)) != CLI_OK)
        return r;
    c->winner = in->seat;
    c->dealer = in->dealer;
    c->dealer_streak = in->streak;
    c->round_wind = in->round;
    c->seat_wind = jong_ruleset_seat_wind(&s->rs, in->seat, in->dealer);
    if (in->self_draw || (in->flags & IMPLY_SELF_DRAW && in->discarder < 0))
        c->discarder = -1;
    else
        c->discarder = in->discarder >= 0 ? in->discarder : (in->seat + 3) % 4;
    c->flags |= in->flags;
    jong_error err;
    jong_error_clear(&err);
    if (jong_tai_score(&s->rs, c, &s->res, &err) != JONG_OK) {
        snprintf(why, n, "%s", err.msg);
        return CLI_FAIL;
    }
    s->hand_tai = 0;
    for (int i = 0; i < s->res.nentries; i++)
        s->hand_tai += s->res.entries[i].tai;
    return CLI_OK;
}

/* ---- output ---------------------------------------------------------------------------------- */

static const char *wind_name(int w)
{
    return (const char *[]){"E", "S", "W", "N"}[w & 3];
}

static void win_tile_text(const jong_win_context *c, char *buf, size_t n)
{
    if (c->flags & JONG_WIN_FLOWERS)
        snprintf(buf, n, "%s", jong_flower_name(c->win_tile - JONG_TILE_FLOWER_BASE));
    else
        snprintf(buf, n, "%s", jong_kind_name(c->win_tile, JONG_STYLE_COMPACT));
}

/* The tai one payer pays for: the hand's, plus the dealer's on a self-draw payment of the dealer
 * by another winner, capped. */
static int payer_tai(const score *s, int seat)
{
    int t = s->hand_tai;
    if (s->ctx.discarder < 0 && seat == s->ctx.dealer && seat != s->ctx.winner)
        t += s->res.dealer_tai;
    return s->rs.tai_cap > 0 && t > s->rs.tai_cap ? s->rs.tai_cap : t;
}

#define LABEL "%-10s"

static void print_text(const score *s, const char *hand)
{
    const jong_win_context *c = &s->ctx;
    const jong_tai_result *r = &s->res;
    char tile[8];
    win_tile_text(c, tile, sizeof tile);
    printf(LABEL "%s\n", "hand", hand);
    if (c->discarder < 0)
        printf(LABEL "%s, self-drawn by seat %d\n", "win", tile, c->winner);
    else
        printf(LABEL "%s, taken by seat %d from seat %d\n", "win", tile, c->winner, c->discarder);
    printf(LABEL "seat wind %s, round wind %s, dealer seat %d, streak %d\n", "winds", wind_name(c->seat_wind),
           wind_name(c->round_wind), c->dealer, c->dealer_streak);
    for (int i = 0; i < r->nentries; i++)
        printf("  %-24s %3d\n", jong_tai_pattern_name(r->entries[i].pattern), r->entries[i].tai);
    if (r->tai != s->hand_tai)
        printf(LABEL "%d tai (capped at %d; the patterns add up to %d)\n", "total", r->tai, s->rs.tai_cap,
               s->hand_tai);
    else
        printf(LABEL "%d tai\n", "total", r->tai);
    if (c->discarder < 0 && c->winner == c->dealer)
        printf(LABEL "the winner is the dealer: his %d tai (1 + 2x%d) are in the total\n", "dealer",
               r->dealer_tai, c->dealer_streak);
    else if (c->discarder < 0)
        printf(LABEL "seat %d pays %d tai more as the dealer (1 + 2x%d)\n", "dealer", c->dealer, r->dealer_tai,
               c->dealer_streak);
    printf(LABEL, "payments");
    const char *sep = "";
    for (int p = 0; p < 4; p++)
        if (r->payments[p]) {
            printf("%sseat %d pays %d (%d tai)", sep, p, r->payments[p], payer_tai(s, p));
            sep = ", ";
        }
    printf("\n" LABEL, "deltas");
    for (int p = 0; p < 4; p++)
        printf(r->deltas[p] > 0 ? "%s+%d" : "%s%d", p ? " " : "", r->deltas[p]);
    putchar('\n');
}

static json_t *json_ints(const int32_t v[4])
{
    json_t *a = json_array();
    for (int i = 0; i < 4; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static json_t *json_result(const score *s)
{
    char hand[512];
    jong_format_hand(&s->ctx.hand, JONG_STYLE_COMPACT, hand, sizeof hand);
    const jong_win_context *c = &s->ctx;
    const jong_tai_result *r = &s->res;
    char tile[8];
    win_tile_text(c, tile, sizeof tile);
    json_t *root = json_object();
    json_object_set_new(root, "rules", json_string("taiwan"));
    json_object_set_new(root, "hand", json_string(hand));
    json_object_set_new(root, "win", json_string(tile));
    json_object_set_new(root, "winner", json_integer(c->winner));
    json_object_set_new(root, "discarder", c->discarder < 0 ? json_null() : json_integer(c->discarder));
    json_object_set_new(root, "self_draw", json_boolean(c->discarder < 0));
    json_object_set_new(root, "dealer", json_integer(c->dealer));
    json_object_set_new(root, "streak", json_integer(c->dealer_streak));
    json_object_set_new(root, "seat_wind", json_string(wind_name(c->seat_wind)));
    json_object_set_new(root, "round_wind", json_string(wind_name(c->round_wind)));
    json_t *pats = json_array();
    for (int i = 0; i < r->nentries; i++) {
        json_t *e = json_array();
        json_array_append_new(e, json_string(jong_tai_pattern_name(r->entries[i].pattern)));
        json_array_append_new(e, json_integer(r->entries[i].tai));
        json_array_append_new(pats, e);
    }
    json_object_set_new(root, "patterns", pats);
    json_object_set_new(root, "tai", json_integer(r->tai));
    if (s->rs.tai_cap > 0)
        json_object_set_new(root, "tai_cap", json_integer(s->rs.tai_cap));
    json_object_set_new(root, "dealer_tai", json_integer(r->dealer_tai));
    json_object_set_new(root, "value", json_integer((json_int_t)s->rs.base + (json_int_t)r->tai * s->rs.unit));
    json_object_set_new(root, "payments", json_ints(r->payments));
    json_object_set_new(root, "deltas", json_ints(r->deltas));
    return root;
}

/* ---- the command and the function ------------------------------------------------------------ */

unsigned score_flag(jong_variant v, const char *name)
{
    for (const cli_option *f = v == JONG_VARIANT_RIICHI ? score_riichi_options() : options; f->name; f++)
        if (f->kind == CLI_K_BITS && !strcmp(f->name + 2, name))
            return f->bits;
    return 0;
}

int score_conflict(jong_variant v, const score_input *in, char *why, size_t n)
{
    return v == JONG_VARIANT_RIICHI ? score_riichi_conflict(in, why, n) : taiwan_conflict(in, why, n);
}

json_t *score_json(const jong_ruleset *rs, const score_input *in, char *why, size_t n)
{
    if (rs->variant == JONG_VARIANT_RIICHI)
        return score_riichi_json(rs, in, why, n);
    score s;
    if (taiwan_conflict(in, why, n) || run_score(rs, in, &s, why, n) != CLI_OK)
        return NULL;
    return json_result(&s);
}

/* The rules --rules names; without it the hand's: a word of the command line that is a hand of
 * 16 or 17 tiles is Taiwanese, anything else riichi. */
static bool wants_riichi(int argc, char **argv)
{
    bool given;
    const char *rules = cli_find_option(argc, argv, "--rules", &given);
    if (given)
        return !rules || cli_rules_parse(rules) != JONG_VARIANT_TAIWAN;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (argv[i][0] != '-' && cli_rules_of_hand(argv[i]) == JONG_VARIANT_TAIWAN)
            return false;
    return true;
}

int cmd_score(int argc, char **argv)
{
    if (wants_riichi(argc, argv))
        return score_riichi(argc, argv);
    score_opts o;
    int r = parse_args(argc, argv, &o);
    if (r != CLI_GO)
        return r;
    jong_ruleset rs;
    if ((r = cli_build_ruleset(CMD, NULL, "--option", JONG_VARIANT_TAIWAN, o.options.v, o.options.n, 0, &rs)) != CLI_OK)
        return r;
    score s;
    char why[512];
    if (run_score(&rs, &o.in, &s, why, sizeof why) != CLI_OK)
        return cli_fail(CMD, "%s", why);
    if (o.json)
        return cli_print_json(CMD, json_result(&s));
    char hand[512];
    jong_format_hand(&s.ctx.hand, JONG_STYLE_COMPACT, hand, sizeof hand);
    print_text(&s, hand);
    return CLI_OK;
}
