/* `jong score [--rules riichi] HAND --win TILE ...`: the yaku, fu and points of one riichi win,
 * for people (aligned text) or programs (--json), and the same JSON for jong.score (score_json.h).
 * The scoring itself is the library's jong_riichi_score; this file only turns the inputs into a
 * jong_riichi_context and prints the result. Seats are named by their winds (E is the dealer). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"
#include "score_json.h"

#define CMD "score"
#define HAND_TEXT_MAX 1024

typedef struct {
    char hand_text[HAND_TEXT_MAX];
    score_input in; /* seats as winds 0..3 */
    cli_list options;
    const char *preset;
    jong_variant rules;
    bool json;
} riichi_opts;

typedef struct {
    jong_ruleset rs;
    jong_riichi_context ctx;
    jong_riichi_result res;
} riichi_score;

static const char *const winds = "ESWN";

/* --haitei, --rinshan, --tenhou and --chiihou imply --tsumo. */
#define IMPLY_TSUMO (JONG_RIICHI_WIN_HAITEI | JONG_RIICHI_WIN_RINSHAN | JONG_RIICHI_WIN_TENHOU | JONG_RIICHI_WIN_CHIIHOU)

#define OPTS riichi_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "riichi here; 'jong score --rules taiwan --help' for Taiwanese tai"},
    {"--win", CLI_STRING(in.win), "TILE", "the winning tile (0p: a red five)", .flags = CLI_REQUIRED},
    {"--tsumo", CLI_FLAG(in.self_draw), NULL, "self-drawn (default: ron from the previous player)"},
    {"--discarder", CLI_WIND(in.discarder), "W", "the seat wind of the player who dealt in (ron)"},
    {"--seat", CLI_WIND(in.seat), "W", "the winner's seat wind E S W N; E is the dealer", .def = "E"},
    {"--round", CLI_WIND(in.round), "W", "the round wind", .def = "E"},
    {"--riichi", CLI_BITS(in.flags), NULL, "the winner declared riichi", .bits = JONG_RIICHI_WIN_RIICHI},
    {"--double-riichi", CLI_BITS(in.flags), NULL, "... on his first uninterrupted discard (replaces riichi)",
     .bits = JONG_RIICHI_WIN_DOUBLE_RIICHI},
    {"--ippatsu", CLI_BITS(in.flags), NULL, "within one uninterrupted go-around after riichi",
     .bits = JONG_RIICHI_WIN_IPPATSU},
    {"--haitei", CLI_BITS(in.flags), NULL, "tsumo on the last tile of the live wall", .bits = JONG_RIICHI_WIN_HAITEI},
    {"--houtei", CLI_BITS(in.flags), NULL, "ron on the last discard", .bits = JONG_RIICHI_WIN_HOUTEI},
    {"--rinshan", CLI_BITS(in.flags), NULL, "tsumo on a kan's replacement tile", .bits = JONG_RIICHI_WIN_RINSHAN},
    {"--chankan", CLI_BITS(in.flags), NULL, "ron on the tile of another player's added kan",
     .bits = JONG_RIICHI_WIN_CHANKAN},
    {"--tenhou", CLI_BITS(in.flags), NULL, "the dealer's win on the deal", .bits = JONG_RIICHI_WIN_TENHOU},
    {"--chiihou", CLI_BITS(in.flags), NULL, "a non-dealer's tsumo on his first, uninterrupted draw",
     .bits = JONG_RIICHI_WIN_CHIIHOU},
    {"--dora", CLI_STRING(in.dora), "TILES", "dora indicators (up to 5), e.g. 3m7z"},
    {"--ura", CLI_STRING(in.ura), "TILES", "ura indicators (they count only with riichi)"},
    {"--honba", CLI_INT(in.honba), "N", "counters on the table: 300 each on ron, 100 from each payer on tsumo",
     .lo = 0, .hi = 1000, .def = "0"},
    {"--sticks", CLI_INT(in.sticks), "N", "riichi sticks on the table, 1000 each", .lo = 0, .hi = 1000,
     .def = "0"},
    {"--melds", CLI_STRING(in.melds), "MELDS", "declared melds, as in HAND"},
    {"--option", CLI_LIST(options), "N=V", "a rule option (kuitan, kiriage, double_yakuman, red_fives, ...), "
     "repeatable or comma-separated"},
    CLI_RULE_PRESET_OPTION(),
    {"--json", CLI_FLAG(json), NULL, "one JSON object on one line"},
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .usage = "jong score [--rules riichi] HAND --win TILE [--tsumo | --discarder WIND]\n"
             "                  [--riichi | --double-riichi] [--ippatsu] [--haitei | --houtei]\n"
             "                  [--rinshan] [--chankan] [--tenhou | --chiihou] [--dora TILES]\n"
             "                  [--ura TILES] [--seat WIND] [--round WIND] [--honba N] [--sticks N]\n"
             "                  [--melds MELDS] [--option NAME=VALUE ...] [--json]\n"
             "       jong score --rules taiwan --help   (Taiwanese tai scoring)",
    .about = "The yaku and han of a riichi win, its fu part by part, and the points: basic points,\n"
             "the limit reached, what each seat pays, then honba and riichi sticks. The reading of\n"
             "the hand (and the place of the winning tile) worth the most points is used.\n"
             "--haitei, --rinshan, --tenhou and --chiihou imply --tsumo.\n",
    .options = options,
    .pos = {CLI_POS_WORDS_AT(hand_text), .metavar = "HAND", .min = 1,
            .help = "the winning hand with the win tile (14 tiles, melds count 3) or without it (13); melds "
                    "as [123m] [555z] [1111p] (called) and (1111m) (concealed kan); red fives as 0m 0p 0s; "
                    "several words are joined"},
    .epilog = "Exit status: 0 done, 1 bad hand, not a win or no yaku, 2 bad usage.\n",
};
#undef OPTS

/* The option names of score_input's flags: "--" on the command line, nothing for a function. */
static const char *dashes(const score_input *in)
{
    return in->api ? "" : "--";
}

int score_riichi_conflict(const score_input *in, char *why, size_t n)
{
    if (in->discarder >= 0 && (in->self_draw || in->flags & IMPLY_TSUMO))
        snprintf(why, n, "%sdiscarder and a tsumo win exclude each other", dashes(in));
    else if (in->discarder == in->seat)
        snprintf(why, n, "%sdiscarder %c: the winner cannot ron his own discard", dashes(in), winds[in->seat]);
    else
        return 0;
    return -1;
}

/* Returns CLI_GO to go on, otherwise the exit status (help printed or usage error). */
static int parse_args(int argc, char **argv, riichi_opts *o)
{
    memset(o, 0, sizeof *o);
    score_input_init(&o->in);
    int r = cli_parse(&spec, argc, argv, o);
    if (r != CLI_GO)
        return r;
    o->in.hand = o->hand_text;
    char why[256];
    if (score_riichi_conflict(&o->in, why, sizeof why))
        return cli_usage_error(CMD, "%s", why);
    return CLI_GO;
}

/* dora / ura: up to 5 indicators, in kind order. */
static int read_indicators(const score_input *in, const char *name, const char *text, uint8_t out[], int *n,
                           char *why, size_t wn)
{
    *n = 0;
    if (!text)
        return CLI_OK;
    uint8_t counts[JONG_KINDS];
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_tiles(text, counts, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, name, text, reason, why, wn);
    }
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < counts[k]; c++) {
            if (*n == JONG_RIICHI_MAX_INDICATORS) {
                snprintf(reason, sizeof reason, "more than %d indicators", JONG_RIICHI_MAX_INDICATORS);
                return cli_input_why(in->api, name, text, reason, why, wn);
            }
            out[(*n)++] = (uint8_t)k;
        }
    return CLI_OK;
}

/* melds: declared melds only, appended to the hand's. */
static int read_melds(const score_input *in, jong_hand *h, char *why, size_t n)
{
    if (!in->melds)
        return CLI_OK;
    jong_hand m;
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_hand(in->melds, &m, &err) != JONG_OK)
        cli_format_error(&err, reason, sizeof reason);
    else if (jong_hand_concealed_count(&m) || m.flowers)
        snprintf(reason, sizeof reason, "only melds ([123m], [555z], [1111p], (1111m)) belong here");
    else if (h->nmelds + m.nmelds > 4)
        snprintf(reason, sizeof reason, "%d melds in all, at most 4", h->nmelds + m.nmelds);
    else {
        for (int i = 0; i < m.nmelds; i++)
            h->melds[h->nmelds++] = m.melds[i];
        return CLI_OK;
    }
    return cli_input_why(in->api, "melds", in->melds, reason, why, n);
}

/* The hand with the win tile in it. */
static int read_hand(const score_input *in, riichi_score *s, char *why, size_t n)
{
    jong_riichi_context *c = &s->ctx;
    jong_hand *h = &c->hand;
    jong_error err;
    jong_error_clear(&err);
    char reason[256];
    if (jong_parse_hand(in->hand, h, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    if (h->flowers)
        return cli_input_why(in->api, NULL, in->hand, "riichi hands hold no flowers", why, n);
    int r = read_melds(in, h, why, n);
    if (r != CLI_OK)
        return r;
    jong_tile t;
    if (jong_parse_tile(in->win, &t, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, "win", in->win, reason, why, n);
    }
    if (t.kind == JONG_NO_TILE)
        return cli_input_why(in->api, "win", in->win, "a flower is no riichi tile", why, n);
    c->win_tile = t.kind;
    const char *name = jong_kind_name(t.kind, JONG_STYLE_COMPACT);
    int suit = jong_kind_suit(t.kind), size = cli_hand_size(h);
    if (size == 13) {
        h->counts[t.kind]++;
        if (t.red)
            h->red[suit]++;
    } else if (size != 14) {
        bool taiwanese = size == 16 || size == 17;
        snprintf(reason, sizeof reason, "%d tiles (melds count 3), need 13 plus %swin or 14 with it%s%s%s", size,
                 dashes(in), taiwanese ? "; a Taiwanese hand has 16 or 17: " : "", taiwanese ? dashes(in) : "",
                 taiwanese ? "rules taiwan" : "");
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    } else if (!h->counts[t.kind]) {
        snprintf(reason, sizeof reason, "the win tile %s is not among the concealed tiles", name);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    } else if (t.red && !h->red[suit]) {
        snprintf(reason, sizeof reason, "the win tile is a red %s but the hand holds no red one", name);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    /* A five is red when asked, or when every concealed copy of it is red. */
    c->win_red = t.red || (suit < 3 && t.kind % 9 == 4 && h->red[suit] >= h->counts[t.kind]);
    if (jong_hand_check(h, JONG_VARIANT_RIICHI, &err) != JONG_OK) {
        cli_format_error(&err, reason, sizeof reason);
        return cli_input_why(in->api, NULL, in->hand, reason, why, n);
    }
    return CLI_OK;
}

/* The win the inputs describe, scored under rs; CLI_FAIL with the reason in why. */
static int run_score(const jong_ruleset *rs, const score_input *in, riichi_score *s, char *why, size_t n)
{
    memset(s, 0, sizeof *s);
    s->rs = *rs;
    jong_riichi_context *c = &s->ctx;
    int r;
    if ((r = read_hand(in, s, why, n)) != CLI_OK ||
        (r = read_indicators(in, "dora", in->dora, c->dora, &c->ndora, why, n)) != CLI_OK ||
        (r = read_indicators(in, "ura", in->ura, c->ura, &c->nura, why, n)) != CLI_OK)
        return r;
    c->tsumo = in->self_draw || in->flags & IMPLY_TSUMO;
    c->seat_wind = in->seat;
    c->round_wind = in->round;
    c->dealer = in->seat == 0;
    c->discarder = c->tsumo ? 0 : in->discarder >= 0 ? (in->discarder - in->seat) & 3 : 3;
    c->flags = in->flags;
    c->honba = in->honba;
    c->sticks = in->sticks;
    jong_error err;
    jong_error_clear(&err);
    if (jong_riichi_score(&s->rs, c, &s->res, &err) != JONG_OK) {
        snprintf(why, n, "%s", err.msg);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* ---- output ---------------------------------------------------------------------------------- */

static const char *const form_names[] = {"standard", "chiitoitsu", "kokushi"};

static char wind_of(const jong_riichi_context *c, int rel)
{
    return winds[(c->seat_wind + rel) & 3];
}

/* "8m (9m), 7z (5z)": each indicator and the dora it names. */
static void indicator_text(const uint8_t *kinds, int n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used < size; i++) {
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : "",
                                 jong_kind_name(kinds[i], JONG_STYLE_COMPACT));
        if (used < size)
            used += (size_t)snprintf(buf + used, size - used, " (%s)",
                                     jong_kind_name(jong_dora_of_indicator(kinds[i]), JONG_STYLE_COMPACT));
    }
}

static void flags_text(unsigned flags, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (const cli_option *f = options; f->name && used < size; f++)
        if (f->kind == CLI_K_BITS && flags & f->bits)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "", f->name + 2);
}

#define LABEL "%-10s"

static void print_totals(const riichi_score *s)
{
    const jong_riichi_result *r = &s->res;
    const char *limit = jong_limit_name(r->limit);
    if (r->yakuman)
        printf(LABEL "yakuman x%d: basic %d\n", "total", r->yakuman, r->basic);
    else if (r->limit == JONG_LIMIT_KAZOE)
        printf(LABEL "%d han %d fu: kazoe yakuman, basic %d\n", "total", r->han, r->fu, r->basic);
    else if (*limit)
        printf(LABEL "%d han %d fu: %s, basic %d\n", "total", r->han, r->fu, limit, r->basic);
    else
        printf(LABEL "%d han %d fu: basic %d\n", "total", r->han, r->fu, r->basic);
}

static void print_payments(const riichi_score *s)
{
    const jong_riichi_context *c = &s->ctx;
    const jong_riichi_payment *p = &s->res.pay;
    printf(LABEL "%d:", "points", p->points);
    const char *sep = " ";
    for (int rel = 1; rel < 4; rel++)
        if (p->payments[rel]) {
            printf("%s%c pays %d", sep, wind_of(c, rel), p->payments[rel]);
            sep = ", ";
        }
    putchar('\n');
    if (c->honba || c->sticks)
        printf(LABEL "%d honba +%d, %d riichi stick%s +%d: %d in all\n", "bonus", c->honba,
               p->bonus - 1000 * c->sticks, c->sticks, c->sticks == 1 ? "" : "s", 1000 * c->sticks, p->total);
}

static void print_text(const riichi_score *s, const char *hand)
{
    const jong_riichi_context *c = &s->ctx;
    const jong_riichi_result *r = &s->res;
    char buf[128];
    printf(LABEL "%s\n", "hand", hand);
    const char *tile = jong_kind_name(c->win_tile, JONG_STYLE_COMPACT);
    if (c->tsumo)
        printf(LABEL "%s%s, tsumo\n", "win", tile, c->win_red ? " (red)" : "");
    else
        printf(LABEL "%s%s, ron from %c\n", "win", tile, c->win_red ? " (red)" : "", wind_of(c, c->discarder));
    printf(LABEL "seat %c%s, round %c\n", "winds", winds[c->seat_wind], c->dealer ? " (dealer)" : "",
           winds[c->round_wind]);
    flags_text(c->flags, buf, sizeof buf);
    if (buf[0])
        printf(LABEL "%s\n", "flags", buf);
    if (c->ndora) {
        indicator_text(c->dora, c->ndora, buf, sizeof buf);
        printf(LABEL "%s\n", "dora", buf);
    }
    if (c->nura) {
        indicator_text(c->ura, c->nura, buf, sizeof buf);
        printf(LABEL "%s%s\n", "ura", buf, c->flags & (JONG_RIICHI_WIN_RIICHI | JONG_RIICHI_WIN_DOUBLE_RIICHI)
                                               ? "" : " (not counted without riichi)");
    }
    printf(LABEL "%s, %s wait\n", "reading", form_names[r->form], jong_wait_name(r->wait));
    printf("yaku\n");
    for (int i = 0; i < r->nyaku; i++) {
        const jong_riichi_yaku_entry *e = &r->yaku[i];
        if (e->yakuman)
            printf("  %-24s %3d  %syakuman\n", jong_yaku_name(e->yaku), e->han, e->yakuman == 2 ? "double " : "");
        else
            printf("  %-24s %3d\n", jong_yaku_name(e->yaku), e->han);
    }
    if (r->nfu) {
        if (r->fu != r->fu_raw)
            printf(LABEL "%d (%d rounded up)\n", "fu", r->fu, r->fu_raw);
        else
            printf(LABEL "%d\n", "fu", r->fu);
        for (int i = 0; i < r->nfu; i++) {
            const jong_riichi_fu_entry *e = &r->fu_parts[i];
            if (e->tile == JONG_NO_TILE)
                snprintf(buf, sizeof buf, "%s", jong_fu_part_name(e->part));
            else
                snprintf(buf, sizeof buf, "%s %s", jong_fu_part_name(e->part),
                         jong_kind_name(e->tile, JONG_STYLE_COMPACT));
            printf("  %-24s %3d\n", buf, e->fu);
        }
    }
    print_totals(s);
    print_payments(s);
}

static json_t *json_wind(char w)
{
    char t[2] = {w, 0};
    return json_string(t);
}

static json_t *json_indicators(const uint8_t *kinds, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(jong_kind_name(kinds[i], JONG_STYLE_COMPACT)));
    return a;
}

/* {"E":..,"S":..,"W":..,"N":..} from values by seat relative to the winner. */
static json_t *json_by_wind(const jong_riichi_context *c, const int32_t v[4])
{
    json_t *o = json_object();
    for (int w = 0; w < 4; w++) {
        char key[2] = {winds[w], 0};
        json_object_set_new(o, key, json_integer(v[(w - c->seat_wind) & 3]));
    }
    return o;
}

static json_t *json_result(const riichi_score *s)
{
    char hand[512];
    jong_format_hand(&s->ctx.hand, JONG_STYLE_COMPACT, hand, sizeof hand);
    const jong_riichi_context *c = &s->ctx;
    const jong_riichi_result *r = &s->res;
    json_t *root = json_object();
    json_object_set_new(root, "rules", json_string("riichi"));
    json_object_set_new(root, "hand", json_string(hand));
    json_object_set_new(root, "win", json_string(jong_kind_name(c->win_tile, JONG_STYLE_COMPACT)));
    json_object_set_new(root, "win_red", json_boolean(c->win_red));
    json_object_set_new(root, "tsumo", json_boolean(c->tsumo));
    json_object_set_new(root, "discarder", c->tsumo ? json_null() : json_wind(wind_of(c, c->discarder)));
    json_object_set_new(root, "seat_wind", json_wind(winds[c->seat_wind]));
    json_object_set_new(root, "round_wind", json_wind(winds[c->round_wind]));
    json_object_set_new(root, "dealer", json_boolean(c->dealer));
    json_t *flags = json_array();
    for (const cli_option *f = options; f->name; f++)
        if (f->kind == CLI_K_BITS && c->flags & f->bits)
            json_array_append_new(flags, json_string(f->name + 2));
    json_object_set_new(root, "flags", flags);
    json_object_set_new(root, "dora_indicators", json_indicators(c->dora, c->ndora));
    json_object_set_new(root, "ura_indicators", json_indicators(c->ura, c->nura));
    json_object_set_new(root, "form", json_string(form_names[r->form]));
    json_object_set_new(root, "wait", json_string(jong_wait_name(r->wait)));
    json_t *yaku = json_array();
    for (int i = 0; i < r->nyaku; i++)
        json_array_append_new(yaku, json_pack("[s,i]", jong_yaku_name(r->yaku[i].yaku), r->yaku[i].han));
    json_object_set_new(root, "yaku", yaku);
    json_object_set_new(root, "han", json_integer(r->han));
    json_object_set_new(root, "fu", json_integer(r->fu));
    json_object_set_new(root, "fu_raw", json_integer(r->fu_raw));
    json_t *parts = json_array();
    for (int i = 0; i < r->nfu; i++) {
        const jong_riichi_fu_entry *e = &r->fu_parts[i];
        json_t *tile = e->tile == JONG_NO_TILE ? json_null() : json_string(jong_kind_name(e->tile, JONG_STYLE_COMPACT));
        json_array_append_new(parts, json_pack("[s,i,o]", jong_fu_part_name(e->part), e->fu, tile));
    }
    json_object_set_new(root, "fu_parts", parts);
    json_object_set_new(root, "dora", json_integer(r->dora));
    json_object_set_new(root, "aka", json_integer(r->aka));
    json_object_set_new(root, "ura", json_integer(r->ura));
    json_object_set_new(root, "yakuman", json_integer(r->yakuman));
    json_object_set_new(root, "limit", r->limit ? json_string(jong_limit_name(r->limit)) : json_null());
    json_object_set_new(root, "basic", json_integer(r->basic));
    json_object_set_new(root, "points", json_integer(r->pay.points));
    json_object_set_new(root, "payments", json_by_wind(c, r->pay.payments));
    json_object_set_new(root, "honba", json_integer(c->honba));
    json_object_set_new(root, "sticks", json_integer(c->sticks));
    json_object_set_new(root, "bonus", json_integer(r->pay.bonus));
    json_object_set_new(root, "total", json_integer(r->pay.total));
    json_object_set_new(root, "deltas", json_by_wind(c, r->pay.deltas));
    return root;
}

/* ---- the command and the function ------------------------------------------------------------ */

/* Here, not in cmd_score.c, so that the riichi half uses nothing of the file that dispatches to it. */
void score_input_init(score_input *in)
{
    memset(in, 0, sizeof *in);
    in->discarder = -1;
}

const cli_option *score_riichi_options(void)
{
    return options;
}

json_t *score_riichi_json(const jong_ruleset *rs, const score_input *in, char *why, size_t n)
{
    riichi_score s;
    if (score_riichi_conflict(in, why, n) || run_score(rs, in, &s, why, n) != CLI_OK)
        return NULL;
    return json_result(&s);
}

int score_riichi(int argc, char **argv)
{
    riichi_opts o;
    int r = parse_args(argc, argv, &o);
    if (r != CLI_GO)
        return r;
    jong_ruleset rs;
    r = cli_build_ruleset(CMD, o.preset, "--option", JONG_VARIANT_RIICHI, o.options.v, o.options.n, 0, &rs);
    if (r == CLI_OK)
        r = cli_refuse_three_players(CMD, &rs);
    if (r != CLI_OK)
        return r;
    riichi_score s;
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
