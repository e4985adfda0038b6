/* Records as JSON: tile names, the header object and one object per engine event (mjai names
 * and fields where mjai has them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/notation.h"
#include "jong/record.h"
#include "jong/version.h"
#include "record_json.h"

const char *record_tile_name(int code)
{
    if (code >= 0 && code < JONG_KINDS)
        return jong_kind_name(code, JONG_STYLE_MJAI);
    if (jong_code_is_flower(code))
        return jong_flower_name(code - JONG_TILE_FLOWER_BASE);
    if (jong_code_is_red(code))  /* mjai's names of the red fives */
        return (const char *const[]){"5mr", "5pr", "5sr"}[code - JONG_CODE_RED_BASE];
    return "?";
}

int record_tile_code(const char *name)
{
    static const char honors[] = "ESWNPFC";
    if (!name || !name[0])
        return -1;
    if (!name[1]) {
        const char *p = strchr(honors, name[0]);
        return p ? JONG_E + (int)(p - honors) : -1;
    }
    if (name[2]) {
        static const char *const red[3] = {"5mr", "5pr", "5sr"};
        for (int i = 0; i < 3; i++)
            if (!strcmp(name, red[i]))
                return JONG_CODE_RED_BASE + i;
        return -1;
    }
    int d = name[0] - '0', c = name[1];
    if (d >= 1 && d <= 9) {
        if (c == 'm') return d - 1;
        if (c == 'p') return 9 + d - 1;
        if (c == 's') return 18 + d - 1;
        return -1;
    }
    d = name[1] - '0';
    if (d < 1 || d > 4)
        return -1;
    if (name[0] == 'f') return JONG_TILE_FLOWER_BASE + d - 1;
    if (name[0] == 's') return JONG_TILE_FLOWER_BASE + 4 + d - 1;
    return -1;
}

static const char *const win_flag_names[] = {
    "robbing_kong", "replacement", "last_tile", "heavenly", "earthly", "human", "flowers",
};

const char *record_win_flag_name(int bit)
{
    return bit >= 0 && bit < (int)(sizeof win_flag_names / sizeof win_flag_names[0]) ? win_flag_names[bit] : NULL;
}

static const char *const wind_names[] = {"E", "S", "W", "N"};

/* ---- small builders (a failed allocation gives NULL, which jansson's *_new calls accept) ---- */

static void set_int(json_t *o, const char *key, json_int_t v) { json_object_set_new(o, key, json_integer(v)); }
static void set_str(json_t *o, const char *key, const char *v) { json_object_set_new(o, key, json_string(v)); }
static void set_tile(json_t *o, const char *key, int code) { set_str(o, key, record_tile_name(code)); }

static json_t *int4(const int32_t v[JONG_SEATS])
{
    json_t *a = json_array();
    for (int s = 0; s < JONG_SEATS; s++)
        json_array_append_new(a, json_integer(v[s]));
    return a;
}

static json_t *tiles(const uint8_t *codes, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(record_tile_name(codes[i])));
    return a;
}

json_t *record_header_json(const jong_ruleset *rs, uint64_t seed, int game_number,
                           const char *const players[JONG_SEATS])
{
    json_t *h = json_object(), *rules = json_object(), *p = json_array();
    char buf[128];
    set_str(h, "type", "jong_record");
    set_int(h, "format", JONG_RECORD_FORMAT);
    set_str(h, "program", "jong " JONG_VERSION);
    set_str(rules, "variant", rs->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi");
    int n = jong_ruleset_option_count(rs);
    for (int i = 0; i < n; i++) {
        const char *name = jong_ruleset_option(rs, i, buf, sizeof buf);
        if (name)
            set_str(rules, name, buf);
    }
    json_object_set_new(h, "rules", rules);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
    set_str(h, "seed", buf);
    set_int(h, "game", game_number);
    for (int s = 0; s < jong_ruleset_seats(rs); s++)  /* three players: three */
        json_array_append_new(p, json_string(players && players[s] ? players[s] : "?"));
    json_object_set_new(h, "players", p);
    return h;
}

static void set_meld(json_t *o, const jong_event *ev, bool target, bool pai)
{
    set_int(o, "actor", ev->actor);
    if (target)
        set_int(o, "target", ev->target);
    if (pai)
        set_tile(o, "pai", ev->tile);
    int n = ev->nconsumed <= 4 ? ev->nconsumed : 4;
    json_object_set_new(o, "consumed", tiles(ev->consumed, n));
}

json_t *record_event_json(const jong_event *ev, const char *const names[JONG_SEATS])
{
    json_t *o = json_object();
    set_str(o, "type", jong_event_type_name(ev->type));
    switch (ev->type) {
    case JONG_EV_START_GAME: {
        json_t *a = json_array();
        for (int s = 0; s < JONG_SEATS; s++)
            json_array_append_new(a, json_string(names && names[s] ? names[s] : "?"));
        set_int(o, "game", ev->game);
        json_object_set_new(o, "names", a);
        json_object_set_new(o, "scores", int4(ev->scores));
        break;
    }
    case JONG_EV_START_HAND: {
        json_t *t = json_array();
        set_str(o, "bakaze", ev->round_wind >= 0 && ev->round_wind < 4 ? wind_names[ev->round_wind] : "?");
        set_int(o, "kyoku", ev->dealer + 1);
        set_int(o, "honba", ev->streak);
        if (ev->riichi)
            set_int(o, "kyotaku", ev->kyotaku);
        set_int(o, "oya", ev->dealer);
        if (ev->riichi)
            set_tile(o, "dora_marker", ev->dora_marker);
        set_int(o, "hand", ev->hand);
        json_object_set_new(o, "scores", int4(ev->scores));
        for (int s = 0; s < JONG_SEATS; s++)
            json_array_append_new(t, tiles(ev->deal[s], ev->ndeal[s] <= 17 ? ev->ndeal[s] : 17));
        json_object_set_new(o, "tehais", t);
        break;
    }
    case JONG_EV_DRAW:
        set_int(o, "actor", ev->actor);
        set_tile(o, "pai", ev->tile);
        if (ev->replacement)
            json_object_set_new(o, "replacement", json_true());
        break;
    case JONG_EV_FLOWER:
        set_int(o, "actor", ev->actor);
        set_tile(o, "pai", ev->tile);
        break;
    case JONG_EV_DISCARD:
        set_int(o, "actor", ev->actor);
        set_tile(o, "pai", ev->tile);
        json_object_set_new(o, "tsumogiri", json_boolean(ev->tsumogiri));
        break;
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG:
        set_meld(o, ev, true, true);
        break;
    case JONG_EV_CONCEALED_KONG:
        set_meld(o, ev, false, false);
        break;
    case JONG_EV_ADDED_KONG:
        set_meld(o, ev, false, true);
        break;
    case JONG_EV_WIN:
        if (ev->riichi) {
            json_t *ura = json_array(), *yakus = json_array();
            set_int(o, "actor", ev->actor);
            set_int(o, "target", ev->target >= 0 ? ev->target : ev->actor);
            set_tile(o, "pai", ev->tile);
            for (int i = 0; i < ev->nura && i < JONG_RIICHI_MAX_INDICATORS; i++)
                json_array_append_new(ura, json_string(record_tile_name(ev->ura[i])));
            json_object_set_new(o, "uradora_markers", ura);
            int n = ev->score.nyaku >= 0 && ev->score.nyaku <= JONG_RIICHI_MAX_YAKU ? ev->score.nyaku : 0;
            for (int i = 0; i < n; i++)
                json_array_append_new(yakus, json_pack("[si]", jong_yaku_name(ev->score.yaku[i].yaku),
                                                       (int)ev->score.yaku[i].han));
            json_object_set_new(o, "yakus", yakus);
            set_int(o, "fu", ev->score.fu);
            set_int(o, "fan", ev->score.han);
            set_int(o, "hora_points", ev->score.pay.points);
            if (ev->pao >= 0)
                set_int(o, "pao", ev->pao);
            json_object_set_new(o, "deltas", int4(ev->deltas));
            json_object_set_new(o, "scores", int4(ev->scores));
            break;
        }
        /* fall through: the Taiwanese win */
        {
        json_t *pats = json_array(), *flags = json_array();
        set_int(o, "actor", ev->actor);
        set_int(o, "target", ev->target >= 0 ? ev->target : ev->actor);
        set_tile(o, "pai", ev->tile);
        set_int(o, "tai", ev->tai.tai);
        int n = ev->tai.nentries >= 0 && ev->tai.nentries <= JONG_TAI_MAX_ENTRIES ? ev->tai.nentries : 0;
        for (int i = 0; i < n; i++)
            json_array_append_new(pats, json_pack("[si]", jong_tai_pattern_name(ev->tai.entries[i].pattern),
                                                  (int)ev->tai.entries[i].tai));
        json_object_set_new(o, "patterns", pats);
        json_object_set_new(o, "deltas", int4(ev->deltas));
        json_object_set_new(o, "scores", int4(ev->scores));
        for (int b = 0; record_win_flag_name(b); b++)
            if (ev->win_flags >> b & 1)
                json_array_append_new(flags, json_string(record_win_flag_name(b)));
        json_object_set_new(o, "flags", flags);
        break;
    }
    case JONG_EV_EXHAUSTED:
        set_str(o, "reason", ev->riichi ? jong_draw_reason_name(ev->reason) : "exhaustive");
        if (ev->riichi) {
            json_t *t = json_array();
            for (int s = 0; s < JONG_SEATS; s++)
                json_array_append_new(t, json_boolean(ev->tenpai >> s & 1));
            json_object_set_new(o, "tenpais", t);
        }
        json_object_set_new(o, "deltas", int4(ev->deltas));
        json_object_set_new(o, "scores", int4(ev->scores));
        break;
    case JONG_EV_END_HAND:
        break;
    case JONG_EV_REACH:
        set_int(o, "actor", ev->actor);
        break;
    case JONG_EV_REACH_ACCEPTED:
        set_int(o, "actor", ev->actor);
        json_object_set_new(o, "deltas", int4(ev->deltas));
        json_object_set_new(o, "scores", int4(ev->scores));
        break;
    case JONG_EV_DORA:
        set_tile(o, "dora_marker", ev->dora_marker);
        break;
    case JONG_EV_KITA:
        set_int(o, "actor", ev->actor);
        set_tile(o, "pai", ev->tile);
        break;
    case JONG_EV_END_GAME:
        json_object_set_new(o, "scores", int4(ev->scores));
        break;
    default:
        break;
    }
    return o;
}

char *record_dump(const json_t *j, char *buf, size_t n, size_t *len)
{
    size_t need = json_dumpb(j, buf, n, RECORD_JSON_FLAGS);
    if (need == 0)
        return NULL;
    if (need < n) {
        buf[need] = 0;
        *len = need;
        return buf;
    }
    char *s = json_dumps(j, RECORD_JSON_FLAGS);
    if (s)
        *len = strlen(s);
    return s;
}

/* ---- the direct text form ---- */

typedef struct {
    char *p;
    size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->len + n < t->cap)
        memcpy(t->p + t->len, s, n);
    t->len += n;  /* counts on past the end: the caller retries with a bigger buffer */
}

#define PUT(t, lit) put(t, lit, sizeof lit - 1)

static void put_str(text *t, const char *s)
{
    put(t, "\"", 1);
    put(t, s, strlen(s));  /* only names that need no escaping come here */
    put(t, "\"", 1);
}

static void put_int(text *t, long long v)
{
    char b[24];
    int i = (int)sizeof b;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do
        b[--i] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        b[--i] = '-';
    put(t, b + i, sizeof b - (size_t)i);
}

static void put_key_int(text *t, const char *key, size_t klen, long long v)
{
    put(t, key, klen);
    put_int(t, v);
}

#define KEY_INT(t, key, v) put_key_int(t, key, sizeof key - 1, v)

static void put_tile(text *t, int code) { put_str(t, record_tile_name(code)); }

static void put_tiles(text *t, const uint8_t *codes, int n)
{
    put(t, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i)
            put(t, ",", 1);
        put_tile(t, codes[i]);
    }
    put(t, "]", 1);
}

static void put_int4(text *t, const int32_t v[JONG_SEATS])
{
    put(t, "[", 1);
    for (int s = 0; s < JONG_SEATS; s++) {
        if (s)
            put(t, ",", 1);
        put_int(t, v[s]);
    }
    put(t, "]", 1);
}

static void put_meld(text *t, const jong_event *ev, bool target, bool pai)
{
    KEY_INT(t, ",\"actor\":", ev->actor);
    if (target)
        KEY_INT(t, ",\"target\":", ev->target);
    if (pai) {
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
    }
    PUT(t, ",\"consumed\":");
    put_tiles(t, ev->consumed, ev->nconsumed <= 4 ? ev->nconsumed : 4);
}

/* The i-th [name, value] pair of a list (yaku with han, tai patterns with tai). */
static void put_named(text *t, int i, const char *name, long long value)
{
    put(t, i ? ",[" : "[", i ? 2 : 1);
    put_str(t, name);
    put(t, ",", 1);
    put_int(t, value);
    put(t, "]", 1);
}

/* A riichi hora: mjai's fields, yaku by Jong's stable names. */
static void riichi_win_text(text *t, const jong_event *ev)
{
    KEY_INT(t, ",\"actor\":", ev->actor);
    KEY_INT(t, ",\"target\":", ev->target >= 0 ? ev->target : ev->actor);
    PUT(t, ",\"pai\":");
    put_tile(t, ev->tile);
    PUT(t, ",\"uradora_markers\":");
    put_tiles(t, ev->ura, ev->nura <= JONG_RIICHI_MAX_INDICATORS ? ev->nura : JONG_RIICHI_MAX_INDICATORS);
    PUT(t, ",\"yakus\":[");
    int n = ev->score.nyaku >= 0 && ev->score.nyaku <= JONG_RIICHI_MAX_YAKU ? ev->score.nyaku : 0;
    for (int i = 0; i < n; i++)
        put_named(t, i, jong_yaku_name(ev->score.yaku[i].yaku), ev->score.yaku[i].han);
    PUT(t, "]");
    KEY_INT(t, ",\"fu\":", ev->score.fu);
    KEY_INT(t, ",\"fan\":", ev->score.han);
    KEY_INT(t, ",\"hora_points\":", ev->score.pay.points);
    if (ev->pao >= 0)
        KEY_INT(t, ",\"pao\":", ev->pao);
    PUT(t, ",\"deltas\":");
    put_int4(t, ev->deltas);
    PUT(t, ",\"scores\":");
    put_int4(t, ev->scores);
}

static void event_text(text *t, const jong_event *ev)
{
    PUT(t, "{\"type\":");
    put_str(t, jong_event_type_name(ev->type));
    switch (ev->type) {
    case JONG_EV_START_HAND:
        PUT(t, ",\"bakaze\":");
        put_str(t, ev->round_wind >= 0 && ev->round_wind < 4 ? wind_names[ev->round_wind] : "?");
        KEY_INT(t, ",\"kyoku\":", ev->dealer + 1);
        KEY_INT(t, ",\"honba\":", ev->streak);
        if (ev->riichi)
            KEY_INT(t, ",\"kyotaku\":", ev->kyotaku);
        KEY_INT(t, ",\"oya\":", ev->dealer);
        if (ev->riichi) {
            PUT(t, ",\"dora_marker\":");
            put_tile(t, ev->dora_marker);
        }
        KEY_INT(t, ",\"hand\":", ev->hand);
        PUT(t, ",\"scores\":");
        put_int4(t, ev->scores);
        PUT(t, ",\"tehais\":[");
        for (int s = 0; s < JONG_SEATS; s++) {
            if (s)
                put(t, ",", 1);
            put_tiles(t, ev->deal[s], ev->ndeal[s] <= 17 ? ev->ndeal[s] : 17);
        }
        put(t, "]", 1);
        break;
    case JONG_EV_DRAW:
        KEY_INT(t, ",\"actor\":", ev->actor);
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
        if (ev->replacement)
            PUT(t, ",\"replacement\":true");
        break;
    case JONG_EV_FLOWER:
        KEY_INT(t, ",\"actor\":", ev->actor);
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
        break;
    case JONG_EV_DISCARD:
        KEY_INT(t, ",\"actor\":", ev->actor);
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
        if (ev->tsumogiri)
            PUT(t, ",\"tsumogiri\":true");
        else
            PUT(t, ",\"tsumogiri\":false");
        break;
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG:
        put_meld(t, ev, true, true);
        break;
    case JONG_EV_CONCEALED_KONG:
        put_meld(t, ev, false, false);
        break;
    case JONG_EV_ADDED_KONG:
        put_meld(t, ev, false, true);
        break;
    case JONG_EV_WIN:
        if (ev->riichi) {
            riichi_win_text(t, ev);
            break;
        }
        /* fall through: the Taiwanese win */
        {
        KEY_INT(t, ",\"actor\":", ev->actor);
        KEY_INT(t, ",\"target\":", ev->target >= 0 ? ev->target : ev->actor);
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
        KEY_INT(t, ",\"tai\":", ev->tai.tai);
        PUT(t, ",\"patterns\":[");
        int n = ev->tai.nentries >= 0 && ev->tai.nentries <= JONG_TAI_MAX_ENTRIES ? ev->tai.nentries : 0;
        for (int i = 0; i < n; i++)
            put_named(t, i, jong_tai_pattern_name(ev->tai.entries[i].pattern), ev->tai.entries[i].tai);
        PUT(t, "],\"deltas\":");
        put_int4(t, ev->deltas);
        PUT(t, ",\"scores\":");
        put_int4(t, ev->scores);
        PUT(t, ",\"flags\":[");
        bool first = true;
        for (int b = 0; record_win_flag_name(b); b++)
            if (ev->win_flags >> b & 1) {
                if (!first)
                    put(t, ",", 1);
                put_str(t, record_win_flag_name(b));
                first = false;
            }
        put(t, "]", 1);
        break;
    }
    case JONG_EV_EXHAUSTED:
        if (ev->riichi) {
            PUT(t, ",\"reason\":");
            put_str(t, jong_draw_reason_name(ev->reason));
            PUT(t, ",\"tenpais\":[");
            for (int s = 0; s < JONG_SEATS; s++) {
                if (s)
                    put(t, ",", 1);
                if (ev->tenpai >> s & 1)
                    PUT(t, "true");
                else
                    PUT(t, "false");
            }
            PUT(t, "],\"deltas\":");
        } else {
            PUT(t, ",\"reason\":\"exhaustive\",\"deltas\":");
        }
        put_int4(t, ev->deltas);
        PUT(t, ",\"scores\":");
        put_int4(t, ev->scores);
        break;
    case JONG_EV_REACH:
        KEY_INT(t, ",\"actor\":", ev->actor);
        break;
    case JONG_EV_REACH_ACCEPTED:
        KEY_INT(t, ",\"actor\":", ev->actor);
        PUT(t, ",\"deltas\":");
        put_int4(t, ev->deltas);
        PUT(t, ",\"scores\":");
        put_int4(t, ev->scores);
        break;
    case JONG_EV_DORA:
        PUT(t, ",\"dora_marker\":");
        put_tile(t, ev->dora_marker);
        break;
    case JONG_EV_KITA:
        KEY_INT(t, ",\"actor\":", ev->actor);
        PUT(t, ",\"pai\":");
        put_tile(t, ev->tile);
        break;
    case JONG_EV_END_GAME:
        PUT(t, ",\"scores\":");
        put_int4(t, ev->scores);
        break;
    default:
        break;
    }
    put(t, "}", 1);
}

char *record_event_text(const jong_event *ev, const char *const names[JONG_SEATS], char *buf, size_t n,
                        size_t *len)
{
    if (ev->type == JONG_EV_START_GAME || ev->type >= JONG_EV_TYPES) {
        /* player specs may need escaping: jansson writes this one (once per game) */
        json_t *j = record_event_json(ev, names);
        char *s = j ? record_dump(j, buf, n, len) : NULL;
        json_decref(j);
        return s;
    }
    text t = {buf, 0, n};
    event_text(&t, ev);
    if (t.len < n) {
        buf[t.len] = 0;
        *len = t.len;
        return buf;
    }
    size_t need = t.len + 1;
    text u = {malloc(need), 0, need};
    if (!u.p)
        return NULL;
    event_text(&u, ev);
    u.p[u.len] = 0;
    *len = u.len;
    return u.p;
}
