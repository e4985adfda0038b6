/* The ruleset: defaults, and every option by name as text (for command lines and record headers).
 * One table lists the options so that printing, parsing and counting can never disagree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/rules.h"

typedef struct {
    const char *name;
    jong_variant variant;  /* options of the other variant are not listed */
    void (*get)(const jong_ruleset *rs, char *buf, size_t n);
    int (*set)(jong_ruleset *rs, const char *value);  /* 0 ok, -1 bad value */
    const char *values;    /* what set() accepts, for the error message */
} option;

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    if (!*s)
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int parse_onoff(const char *s, bool *out)
{
    if (!strcmp(s, "on") || !strcmp(s, "true") || !strcmp(s, "1")) { *out = true; return 0; }
    if (!strcmp(s, "off") || !strcmp(s, "false") || !strcmp(s, "0")) { *out = false; return 0; }
    return -1;
}

#define ONOFF(field)                                                                  \
    static void get_##field(const jong_ruleset *rs, char *b, size_t n)                \
    { snprintf(b, n, "%s", rs->field ? "on" : "off"); }                               \
    static int set_##field(jong_ruleset *rs, const char *v) { return parse_onoff(v, &rs->field); }

#define INTOPT(field, lo, hi)                                                         \
    static void get_##field(const jong_ruleset *rs, char *b, size_t n)                \
    { snprintf(b, n, "%d", rs->field); }                                              \
    static int set_##field(jong_ruleset *rs, const char *v) { return parse_int(v, lo, hi, &rs->field); }

ONOFF(flowers)
ONOFF(kuitan)
ONOFF(double_ron)
ONOFF(abortive_draws)
ONOFF(nagashi)
ONOFF(kiriage)
ONOFF(double_yakuman)
ONOFF(tobi)
ONOFF(agari_yame)
ONOFF(tenpai_yame)
INTOPT(extension_rounds, 0, 2)
ONOFF(pao)
INTOPT(return_score, -10000000, 10000000)
ONOFF(multiple_winners)
ONOFF(missed_win)
INTOPT(base, 0, 1000000)
INTOPT(unit, 0, 1000000)
INTOPT(hands, 0, 1000000)
INTOPT(start_score, -10000000, 10000000)

static void get_dead_wall(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%d%s", rs->dead_wall, rs->dead_wall_per_kong ? "+kong" : "");
}

static int set_dead_wall(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "16+kong")) { rs->dead_wall = 16; rs->dead_wall_per_kong = true; return 0; }
    int d;
    if (parse_int(v, 0, 16, &d) || (d != 16 && d != 14 && d != 0))
        return -1;
    rs->dead_wall = d;
    rs->dead_wall_per_kong = false;
    return 0;
}

static void get_seat_wind(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", rs->seat_wind == JONG_SEATWIND_DEALER_EAST ? "dealer-is-east" : "wall-break-east");
}

static int set_seat_wind(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "dealer-is-east")) rs->seat_wind = JONG_SEATWIND_DEALER_EAST;
    else if (!strcmp(v, "wall-break-east")) rs->seat_wind = JONG_SEATWIND_WALLBREAK_EAST;
    else return -1;
    return 0;
}

static void get_kong_tai(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", rs->kong_tai == JONG_KONG_TAI_NONE ? "0" : "exposed1-concealed2");
}

static int set_kong_tai(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "0") || !strcmp(v, "none")) rs->kong_tai = JONG_KONG_TAI_NONE;
    else if (!strcmp(v, "exposed1-concealed2")) rs->kong_tai = JONG_KONG_TAI_EXPOSED1_CONCEALED2;
    else return -1;
    return 0;
}

static void get_big_hands(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", rs->big_hands == JONG_BIG_HANDS_ASSOCIATION ? "association" : "ericyang");
}

static int set_big_hands(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "association")) rs->big_hands = JONG_BIG_HANDS_ASSOCIATION;
    else if (!strcmp(v, "ericyang")) rs->big_hands = JONG_BIG_HANDS_ERICYANG;
    else return -1;
    return 0;
}

static void get_tai_cap(const jong_ruleset *rs, char *b, size_t n)
{
    if (rs->tai_cap) snprintf(b, n, "%d", rs->tai_cap);
    else snprintf(b, n, "none");
}

static int set_tai_cap(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "none")) { rs->tai_cap = 0; return 0; }
    return parse_int(v, 1, 100000, &rs->tai_cap);
}

static const struct { unsigned bit; const char *name; } special_names[] = {
    {JONG_SPECIAL_SEVEN_PAIRS_PONG, "seven-pairs-pong"},
    {JONG_SPECIAL_SIXTEEN_UNRELATED, "sixteen-unrelated"},
    {JONG_SPECIAL_THIRTEEN_ORPHANS, "thirteen-orphans"},
};
#define NSPECIAL (sizeof special_names / sizeof special_names[0])

static void get_special_hands(const jong_ruleset *rs, char *b, size_t n)
{
    size_t used = 0;
    b[0] = 0;
    for (size_t i = 0; i < NSPECIAL; i++)
        if (rs->special_hands & special_names[i].bit)
            used += (size_t)snprintf(b + used, used < n ? n - used : 0, "%s%s", used ? "+" : "",
                                     special_names[i].name);
    if (!used)
        snprintf(b, n, "none");
}

/* "none", "all", or names joined by '+'. */
static int set_special_hands(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "none")) { rs->special_hands = 0; return 0; }
    if (!strcmp(v, "all")) { rs->special_hands = 7; return 0; }
    unsigned bits = 0;
    const char *p = v;
    while (*p) {
        size_t len = strcspn(p, "+");
        size_t i;
        for (i = 0; i < NSPECIAL; i++)
            if (strlen(special_names[i].name) == len && !strncmp(p, special_names[i].name, len))
                break;
        if (i == NSPECIAL)
            return -1;
        bits |= special_names[i].bit;
        p += len;
        if (*p == '+')
            p++;
    }
    rs->special_hands = bits;
    return 0;
}

static void get_length(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", rs->tonpuu ? "tonpuu" : "hanchan");
}

static int set_length(jong_ruleset *rs, const char *v)
{
    if (!strcmp(v, "hanchan")) rs->tonpuu = false;
    else if (!strcmp(v, "tonpuu")) rs->tonpuu = true;
    else return -1;
    return 0;
}

static void get_red_fives(const jong_ruleset *rs, char *b, size_t n) { snprintf(b, n, "%d", rs->red_fives); }

static int set_red_fives(jong_ruleset *rs, const char *v)
{
    int r;
    if (parse_int(v, 0, 4, &r) || (r != 0 && r != 3 && r != 4))
        return -1;
    rs->red_fives = r;
    return 0;
}

static void get_uma(const jong_ruleset *rs, char *b, size_t n)
{
    if (rs->three_player && rs->uma[3] == 0)
        snprintf(b, n, "%d,%d,%d", rs->uma[0], rs->uma[1], rs->uma[2]);
    else
        snprintf(b, n, "%d,%d,%d,%d", rs->uma[0], rs->uma[1], rs->uma[2], rs->uma[3]);
}

/* Four integers (thousands of points) separated by commas or slashes, summing to 0; or three
 * for a three-player table (the fourth is then 0). */
static int set_uma(jong_ruleset *rs, const char *v)
{
    int u[4] = {0}, sum = 0, i;
    const char *p = v;
    for (i = 0; i < 4; i++) {
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || x < -1000 || x > 1000)
            return -1;
        u[i] = (int)x;
        sum += u[i];
        p = end;
        if (i == 3 || (*p != ',' && *p != '/'))
            break;
        p++;
    }
    if (*p || sum != 0 || i < 2)
        return -1;
    memcpy(rs->uma, u, sizeof u);
    return 0;
}

static void get_triple_ron(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", rs->triple_ron_wins ? "win" : "abort");
}

static int set_triple_ron(jong_ruleset *rs, const char *v)
{
    if (strcmp(v, "abort") && strcmp(v, "win"))
        return -1;
    rs->triple_ron_wins = !strcmp(v, "win");
    return 0;
}

static void get_three_player(const jong_ruleset *rs, char *b, size_t n)
{
    snprintf(b, n, "%s", !rs->three_player ? "off" : rs->tsumo_split ? "split" : "on");
}

/* The scores and uma of both table sizes: switching the size moves the ones still at the other
 * size's defaults (Tenhou: 25,000 / 30,000 and +20 +10 -10 -20 with four players, 35,000 /
 * 40,000 and +20 0 -20 with three), so that "three_player=on" alone plays Tenhou's sanma and a
 * record header, which lists uma before three_player and the scores after it, reads back the
 * same whatever values it holds. */
static const int uma4[4] = {20, 10, -10, -20}, uma3[4] = {20, 0, -20, 0};

static int set_three_player(jong_ruleset *rs, const char *v)
{
    bool on, split = !strcmp(v, "split");  /* three players with the tsumo split */
    if (split)
        on = true;
    else if (parse_onoff(v, &on))
        return -1;
    rs->tsumo_split = split;
    if (on == rs->three_player)
        return 0;
    const int *from = on ? uma4 : uma3, *to = on ? uma3 : uma4;
    if (!memcmp(rs->uma, from, sizeof rs->uma))
        memcpy(rs->uma, to, sizeof rs->uma);
    if (rs->start_score == (on ? 25000 : 35000))
        rs->start_score = on ? 35000 : 25000;
    if (rs->return_score == (on ? 30000 : 40000))
        rs->return_score = on ? 40000 : 30000;
    rs->three_player = on;
    return 0;
}

#define TW JONG_VARIANT_TAIWAN
#define RI JONG_VARIANT_RIICHI
static const option options[] = {
    {"flowers", TW, get_flowers, set_flowers, "on|off"},
    {"dead_wall", TW, get_dead_wall, set_dead_wall, "16|14|0|16+kong"},
    {"multiple_winners", TW, get_multiple_winners, set_multiple_winners, "on|off"},
    {"missed_win", TW, get_missed_win, set_missed_win, "on|off"},
    {"seat_wind", TW, get_seat_wind, set_seat_wind, "dealer-is-east|wall-break-east"},
    {"kong_tai", TW, get_kong_tai, set_kong_tai, "0|exposed1-concealed2"},
    {"big_hands", TW, get_big_hands, set_big_hands, "association|ericyang"},
    {"tai_cap", TW, get_tai_cap, set_tai_cap, "none|1..100000"},
    {"special_hands", TW, get_special_hands, set_special_hands,
     "none|all|seven-pairs-pong+sixteen-unrelated+thirteen-orphans"},
    {"base", TW, get_base, set_base, "0..1000000"},
    {"unit", TW, get_unit, set_unit, "0..1000000"},
    {"hands", TW, get_hands, set_hands, "0 (a full game) or a number of hands"},
    {"start_score", TW, get_start_score, set_start_score, "an integer"},
    {"length", RI, get_length, set_length, "hanchan|tonpuu"},
    {"red_fives", RI, get_red_fives, set_red_fives, "3|0|4"},
    {"kuitan", RI, get_kuitan, set_kuitan, "on|off"},
    {"double_ron", RI, get_double_ron, set_double_ron, "on|off (off: head-bump)"},
    {"abortive_draws", RI, get_abortive_draws, set_abortive_draws, "on|off"},
    {"triple_ron", RI, get_triple_ron, set_triple_ron, "abort|win (win: all three win; abort needs abortive_draws=on)"},
    {"nagashi", RI, get_nagashi, set_nagashi, "on|off"},
    {"kiriage", RI, get_kiriage, set_kiriage, "off|on"},
    {"double_yakuman", RI, get_double_yakuman, set_double_yakuman, "off|on"},
    {"tobi", RI, get_tobi, set_tobi, "on|off"},
    {"agari_yame", RI, get_agari_yame, set_agari_yame, "on|off"},
    {"tenpai_yame", RI, get_tenpai_yame, set_tenpai_yame, "on|off"},
    {"extension_rounds", RI, get_extension_rounds, set_extension_rounds, "1|0|2"},
    {"pao", RI, get_pao, set_pao, "on|off"},
    {"uma", RI, get_uma, set_uma, "four integers summing to 0, e.g. 20,10,-10,-20 (three for three players)"},
    {"three_player", RI, get_three_player, set_three_player, "off|on|split (on with the tsumo split)"},
    {"hands", RI, get_hands, set_hands, "0 (the full game of the length) or a number of hands"},
    {"start_score", RI, get_start_score, set_start_score, "an integer"},
    {"return_score", RI, get_return_score, set_return_score, "an integer"},
};
#define NOPTIONS (int)(sizeof options / sizeof options[0])

void jong_ruleset_default(jong_ruleset *rs, jong_variant v)
{
    memset(rs, 0, sizeof *rs);
    rs->variant = v;
    rs->flowers = v == JONG_VARIANT_TAIWAN;
    rs->dead_wall = v == JONG_VARIANT_TAIWAN ? 16 : 14;
    rs->missed_win = true;
    rs->seat_wind = JONG_SEATWIND_DEALER_EAST;
    rs->base = 100;
    rs->unit = 20;
    rs->hands = 0;
    rs->start_score = 0;
    if (v == JONG_VARIANT_RIICHI) {
        rs->red_fives = 3;
        rs->kuitan = rs->double_ron = rs->abortive_draws = rs->nagashi = true;
        rs->tobi = rs->agari_yame = rs->tenpai_yame = rs->pao = true;
        rs->extension_rounds = 1;
        rs->uma[0] = 20; rs->uma[1] = 10; rs->uma[2] = -10; rs->uma[3] = -20;
        rs->start_score = 25000;
        rs->return_score = 30000;
        rs->base = rs->unit = 0;
    }
}

static const option *nth_option(const jong_ruleset *rs, int i)
{
    for (int k = 0; k < NOPTIONS; k++)
        if (options[k].variant == rs->variant && i-- == 0)
            return &options[k];
    return NULL;
}

int jong_ruleset_option_count(const jong_ruleset *rs)
{
    int n = 0;
    for (int k = 0; k < NOPTIONS; k++)
        n += options[k].variant == rs->variant;
    return n;
}

const char *jong_ruleset_option(const jong_ruleset *rs, int i, char *buf, size_t n)
{
    const option *o = i >= 0 ? nth_option(rs, i) : NULL;
    if (!o)
        return NULL;
    o->get(rs, buf, n);
    return o->name;
}

int jong_ruleset_set(jong_ruleset *rs, const char *name, const char *value, jong_error *err)
{
    for (int k = 0; k < NOPTIONS; k++) {
        if (options[k].variant != rs->variant || strcmp(options[k].name, name))
            continue;
        jong_ruleset copy = *rs;
        if (options[k].set(&copy, value))
            return jong_error_set(err, JONG_ERR_ARG, -1, "rule option %s: bad value '%s' (expected %s)",
                                  name, value, options[k].values);
        *rs = copy;
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "unknown rule option '%s' for %s rules", name,
                          rs->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi");
}

int jong_ruleset_apply(jong_ruleset *rs, const char *list, jong_error *err)
{
    jong_ruleset work = *rs;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        char item[128];
        if (len >= sizeof item)
            return jong_error_set(err, JONG_ERR_ARG, (int)(p - list), "rule option too long");
        memcpy(item, p, len);
        item[len] = 0;
        char *eq = strchr(item, '=');
        if (!eq)
            return jong_error_set(err, JONG_ERR_ARG, (int)(p - list),
                                  "rule option '%s' is not name=value", item);
        *eq = 0;
        if (jong_ruleset_set(&work, item, eq + 1, err))
            return err ? err->code : JONG_ERR_ARG;
        p += len;
        if (*p == ',')
            p++;
    }
    *rs = work;
    return JONG_OK;
}

/* The presets: each a variant and its options over that variant's defaults (docs/rules.md has
 * each one's table and sources). */
static const struct {
    const char *name;
    jong_variant variant;
    const char *options;
} presets[] = {
    {"tenhou", RI, ""},
    {"tenhou2009", RI, "tenpai_yame=off,extension_rounds=2"},
    {"mahjongsoul", RI, "double_yakuman=on,triple_ron=win"},
};
#define NPRESETS (int)(sizeof presets / sizeof presets[0])

int jong_ruleset_preset_count(void) { return NPRESETS; }

const char *jong_ruleset_preset_name(int i) { return i >= 0 && i < NPRESETS ? presets[i].name : NULL; }

const char *jong_ruleset_preset_options(int i) { return i >= 0 && i < NPRESETS ? presets[i].options : NULL; }

int jong_ruleset_preset_variant(const char *name)
{
    for (int i = 0; i < NPRESETS; i++)
        if (!strcmp(presets[i].name, name))
            return (int)presets[i].variant;
    return -1;
}

int jong_ruleset_preset(jong_ruleset *rs, const char *name, jong_error *err)
{
    for (int i = 0; i < NPRESETS; i++) {
        if (strcmp(presets[i].name, name))
            continue;
        if (presets[i].variant != rs->variant)
            return jong_error_set(err, JONG_ERR_ARG, -1, "rule preset '%s' is for %s rules", name,
                                  presets[i].variant == TW ? "taiwan" : "riichi");
        jong_ruleset work;
        jong_ruleset_default(&work, presets[i].variant);
        if (jong_ruleset_apply(&work, presets[i].options, err))
            return err ? err->code : JONG_ERR_ARG;
        *rs = work;
        return JONG_OK;
    }
    char names[128];
    size_t used = 0;
    names[0] = 0;
    for (int i = 0; i < NPRESETS; i++)
        used += (size_t)snprintf(names + used, used < sizeof names ? sizeof names - used : 0, "%s%s", i ? ", " : "",
                                 presets[i].name);
    return jong_error_set(err, JONG_ERR_ARG, -1, "unknown rule preset '%s' (presets: %s)", name, names);
}

int jong_ruleset_tiles(const jong_ruleset *rs)
{
    if (rs->three_player)
        return 108;  /* 2m-8m left out */
    return 136 + (rs->flowers ? JONG_FLOWERS : 0);
}

int jong_ruleset_seats(const jong_ruleset *rs) { return rs->three_player ? 3 : 4; }

int jong_ruleset_seat_wind(const jong_ruleset *rs, int seat, int dealer)
{
    int n = jong_ruleset_seats(rs);
    if (rs->seat_wind == JONG_SEATWIND_DEALER_EAST)
        return (seat - dealer + n) % n;
    return seat;  /* the seat that broke the wall at the start of the game (seat 0) stays East */
}

bool jong_ruleset_same(const jong_ruleset *a, const jong_ruleset *b, char *why, size_t n)
{
    if (a->variant != b->variant)
        return snprintf(why, n, "rules %s, not %s", a->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi",
                        b->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"),
               false;
    for (int i = 0; i < jong_ruleset_option_count(a); i++) {
        char va[64], vb[64];
        const char *name = jong_ruleset_option(a, i, va, sizeof va);
        jong_ruleset_option(b, i, vb, sizeof vb);
        if (strcmp(va, vb))
            return snprintf(why, n, "rule %s=%s, not %s", name, va, vb), false;
    }
    return true;
}
