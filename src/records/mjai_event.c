/* One mjai message: names, parsing from JSON text and printing back, and comparing two events.
 * Parsing is strict about what a type needs (a missing "actor" on a dahai is an error naming
 * it) and lenient about what it does not use (unknown keys are ignored, as mjai servers add
 * their own). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "jong/riichi_score.h"
#include "mjai_internal.h"
#include "record_json.h"

static const char *const type_names[JONG_MJAI_TYPES] = {
    "none", "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan",
    "dora", "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", "error", "hello", "join",
};

static const char *const reason_names[JONG_MJAI_RK_COUNT] = {
    "", "fanpai", "nagashimangan", "kyushukyuhai", "suchareach", "sufonrenta", "sukaikan", "sanchaho",
};

const char *jong_mjai_type_name(int type)
{
    return type >= 0 && type < JONG_MJAI_TYPES ? type_names[type] : NULL;
}

const char *jong_mjai_reason_name(int reason)
{
    return reason >= 0 && reason < JONG_MJAI_RK_COUNT ? reason_names[reason] : NULL;
}

const char *jong_mjai_tile_name(int code)
{
    if (code == JONG_HIDDEN || code == JONG_NO_TILE || jong_code_is_flower(code))
        return "?";
    return record_tile_name(code);
}

int jong_mjai_tile_code(const char *name)
{
    if (name && !strcmp(name, "?"))
        return JONG_HIDDEN;
    int c = record_tile_code(name);
    return c >= 0 && !jong_code_is_flower(c) ? c : -1;
}

void jong_mjai_event_init(jong_mjai_event *ev, int type)
{
    memset(ev, 0, sizeof *ev);
    ev->type = (uint8_t)type;
    ev->actor = ev->target = ev->id = ev->kyoku_first = ev->aka_flag = ev->pao = -1;
    ev->oya = -1;
    ev->pai = ev->dora_marker = JONG_NO_TILE;
    ev->can_act = true;
}

static int sort_key(int code)
{
    int k = jong_code_kind(code);
    return k == JONG_NO_TILE ? 1000 + code : k * 2 + !jong_code_is_red(code);
}

void mjai_sort_tiles(uint8_t *t, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: at most 14 tiles */
        for (int j = i; j > 0 && sort_key(t[j - 1]) > sort_key(t[j]); j--) {
            uint8_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
}

/* ---- yaku names: Jong's stable names, and mjai's classic ones read as aliases ---- */

static const struct {
    const char *name;
    uint8_t yaku;
} yaku_aliases[] = {
    {"menzenchin_tsumoho", JONG_YAKU_MENZEN_TSUMO}, {"reach", JONG_YAKU_RIICHI},
    {"rinshankaiho", JONG_YAKU_RINSHAN}, {"haiteiraoyue", JONG_YAKU_HAITEI},
    {"hoteiraoyui", JONG_YAKU_HOUTEI}, {"tanyaochu", JONG_YAKU_TANYAO}, {"ipeko", JONG_YAKU_IIPEIKOU},
    {"jikaze", JONG_YAKU_YAKUHAI_SEAT_WIND}, {"bakaze", JONG_YAKU_YAKUHAI_ROUND_WIND},
    {"double_reach", JONG_YAKU_DOUBLE_RIICHI}, {"honchantaiyao", JONG_YAKU_CHANTA},
    {"ikkitsukan", JONG_YAKU_ITTSUU}, {"sanshokudojun", JONG_YAKU_SANSHOKU_DOUJUN},
    {"sanshokudoko", JONG_YAKU_SANSHOKU_DOUKOU}, {"toitoiho", JONG_YAKU_TOITOI},
    {"sananko", JONG_YAKU_SANANKOU}, {"shosangen", JONG_YAKU_SHOUSANGEN}, {"honroto", JONG_YAKU_HONROUTOU},
    {"ryanpeko", JONG_YAKU_RYANPEIKOU}, {"junchantaiyao", JONG_YAKU_JUNCHAN}, {"honiso", JONG_YAKU_HONITSU},
    {"chiniso", JONG_YAKU_CHINITSU}, {"tenho", JONG_YAKU_TENHOU}, {"chiho", JONG_YAKU_CHIIHOU},
    {"suanko", JONG_YAKU_SUUANKOU}, {"tsuiso", JONG_YAKU_TSUUIISOU}, {"ryuiso", JONG_YAKU_RYUUIISOU},
    {"chinroto", JONG_YAKU_CHINROUTOU}, {"churenpoton", JONG_YAKU_CHUUREN_POUTOU},
    {"kokushimuso", JONG_YAKU_KOKUSHI_MUSOU}, {"daisushi", JONG_YAKU_DAISUUSHII},
    {"shosushi", JONG_YAKU_SHOUSUUSHII}, {"akadora", JONG_YAKU_AKA_DORA}, {"uradora", JONG_YAKU_URA_DORA},
};

static int yaku_of_name(const char *name)
{
    for (int y = 0; y < JONG_YAKU_COUNT; y++)
        if (!strcmp(name, jong_yaku_name(y)))
            return y;
    for (size_t i = 0; i < sizeof yaku_aliases / sizeof yaku_aliases[0]; i++)
        if (!strcmp(name, yaku_aliases[i].name))
            return yaku_aliases[i].yaku;
    return JONG_YAKU_COUNT;
}

/* ---- parsing ---- */

typedef struct {
    json_t *o;
    const char *type;
    jong_error *err;
} parser;

static int fail(parser *p, const char *what, const char *key)
{
    return jong_error_set(p->err, JONG_ERR_SYNTAX, -1, "mjai %s: %s \"%s\"", p->type, what, key);
}

/* A seat 0..3 under key; required or optional (then *out stays as it is when absent). */
static int get_seat(parser *p, const char *key, bool required, int8_t *out)
{
    json_t *v = json_object_get(p->o, key);
    if (!v)
        return required ? fail(p, "missing", key) : JONG_OK;
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 3)
        return fail(p, "seat 0-3 expected in", key);
    *out = (int8_t)json_integer_value(v);
    return JONG_OK;
}

static int get_int(parser *p, const char *key, bool required, long lo, long hi, long *out)
{
    json_t *v = json_object_get(p->o, key);
    if (!v)
        return required ? fail(p, "missing", key) : JONG_OK;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return fail(p, "integer out of range in", key);
    *out = (long)json_integer_value(v);
    return JONG_OK;
}

static int tile_of(parser *p, json_t *v, const char *key, uint8_t *out)
{
    int c = json_is_string(v) ? jong_mjai_tile_code(json_string_value(v)) : -1;
    if (c < 0)
        return fail(p, "not a tile in", key);
    *out = (uint8_t)c;
    return JONG_OK;
}

static int get_tile(parser *p, const char *key, bool required, uint8_t *out)
{
    json_t *v = json_object_get(p->o, key);
    if (!v)
        return required ? fail(p, "missing", key) : JONG_OK;
    return tile_of(p, v, key, out);
}

/* An array of tiles of length lo..hi. */
static int tile_array(parser *p, json_t *v, const char *key, int lo, int hi, uint8_t *out, uint8_t *n)
{
    if (!json_is_array(v) || (int)json_array_size(v) < lo || (int)json_array_size(v) > hi)
        return fail(p, "wrong tile list in", key);
    size_t i;
    json_t *t;
    json_array_foreach(v, i, t)
    {
        if (tile_of(p, t, key, &out[i]))
            return p->err ? p->err->code : JONG_ERR_SYNTAX;
    }
    *n = (uint8_t)json_array_size(v);
    return JONG_OK;
}

static int get_int4(parser *p, const char *key, int32_t out[4], unsigned bit, unsigned *has)
{
    json_t *v = json_object_get(p->o, key);
    if (!v)
        return JONG_OK;
    if (!json_is_array(v) || json_array_size(v) != 4)
        return fail(p, "four integers expected in", key);
    for (int s = 0; s < 4; s++) {
        json_t *x = json_array_get(v, (size_t)s);
        if (!json_is_integer(x) || json_integer_value(x) < -10000000 || json_integer_value(x) > 10000000)
            return fail(p, "four integers expected in", key);
        out[s] = (int32_t)json_integer_value(x);
    }
    *has |= bit;
    return JONG_OK;
}

static int get_text(parser *p, const char *key, char *out, size_t n)
{
    json_t *v = json_object_get(p->o, key);
    if (!v)
        return JONG_OK;
    if (!json_is_string(v))
        return fail(p, "string expected in", key);
    snprintf(out, n, "%s", json_string_value(v));
    return JONG_OK;
}

static int parse_start_game(parser *p, jong_mjai_event *ev)
{
    json_t *names = json_object_get(p->o, "names");
    if (names) {
        if (!json_is_array(names) || json_array_size(names) > 4)
            return fail(p, "wrong list in", "names");
        for (size_t i = 0; i < json_array_size(names); i++) {
            json_t *s = json_array_get(names, i);
            if (!json_is_string(s))
                return fail(p, "string expected in", "names");
            snprintf(ev->names[i], sizeof ev->names[i], "%s", json_string_value(s));
        }
    }
    if (json_object_get(p->o, "id")) {
        TRY(get_seat(p, "id", true, &ev->id));
        ev->has |= JONG_MJAI_HAS_ID;
    }
    long v = -1;
    TRY(get_int(p, "kyoku_first", false, 0, 8, &v));
    ev->kyoku_first = (int8_t)v;
    json_t *aka = json_object_get(p->o, "aka_flag");
    if (aka) {
        if (!json_is_boolean(aka))
            return fail(p, "boolean expected in", "aka_flag");
        ev->aka_flag = json_is_true(aka);
    }
    return JONG_OK;
}

static int parse_start_kyoku(parser *p, jong_mjai_event *ev)
{
    json_t *bk = json_object_get(p->o, "bakaze");
    int c = json_is_string(bk) ? jong_mjai_tile_code(json_string_value(bk)) : -1;
    if (!bk)
        return fail(p, "missing", "bakaze");
    if (c < JONG_E || c > JONG_N)
        return fail(p, "wind E, S, W or N expected in", "bakaze");
    ev->bakaze = (int8_t)(c - JONG_E);
    long v = 0;
    TRY(get_int(p, "kyoku", true, 1, 4, &v));
    ev->kyoku = (int8_t)v;
    v = 0;
    TRY(get_int(p, "honba", false, 0, 1000, &v));
    ev->honba = (int16_t)v;
    v = 0;
    TRY(get_int(p, "kyotaku", false, 0, 1000, &v));
    ev->kyotaku = (int16_t)v;
    TRY(get_seat(p, "oya", true, &ev->oya));
    TRY(get_tile(p, "dora_marker", true, &ev->dora_marker));
    json_t *th = json_object_get(p->o, "tehais");
    if (!th)
        return fail(p, "missing", "tehais");
    if (!json_is_array(th) || json_array_size(th) != 4)
        return fail(p, "four hands expected in", "tehais");
    for (int s = 0; s < 4; s++)
        TRY(tile_array(p, json_array_get(th, (size_t)s), "tehais", 13, 13, ev->tehais[s], &ev->ntehais[s]));
    return get_int4(p, "scores", ev->scores, JONG_MJAI_HAS_SCORES, &ev->has);
}

static int parse_call(parser *p, jong_mjai_event *ev, int ncons, bool target, bool pai)
{
    TRY(get_seat(p, "actor", true, &ev->actor));
    if (target)
        TRY(get_seat(p, "target", true, &ev->target));
    if (pai)
        TRY(get_tile(p, "pai", true, &ev->pai));
    json_t *c = json_object_get(p->o, "consumed");
    if (!c)
        return fail(p, "missing", "consumed");
    return tile_array(p, c, "consumed", ncons, ncons, ev->consumed, &ev->nconsumed);
}

static int parse_hora(parser *p, jong_mjai_event *ev)
{
    TRY(get_seat(p, "actor", true, &ev->actor));
    TRY(get_seat(p, "target", true, &ev->target));
    TRY(get_tile(p, "pai", false, &ev->pai));
    json_t *ura = json_object_get(p->o, "uradora_markers");
    if (ura) {
        TRY(tile_array(p, ura, "uradora_markers", 0, 5, ev->ura, &ev->nura));
        ev->has |= JONG_MJAI_HAS_URA;
    }
    json_t *ht = json_object_get(p->o, "hora_tehais");
    if (ht) {
        TRY(tile_array(p, ht, "hora_tehais", 1, 14, ev->tehais[ev->actor], &ev->ntehais[ev->actor]));
        ev->has |= JONG_MJAI_HAS_TEHAIS;
    }
    json_t *yk = json_object_get(p->o, "yakus");
    if (yk) {
        if (!json_is_array(yk) || json_array_size(yk) > JONG_MJAI_MAX_YAKUS)
            return fail(p, "wrong list in", "yakus");
        for (size_t i = 0; i < json_array_size(yk); i++) {
            json_t *e = json_array_get(yk, i);
            json_t *nm = json_array_get(e, 0), *han = json_array_get(e, 1);
            if (!json_is_array(e) || !json_is_string(nm) || !json_is_integer(han) ||
                json_integer_value(han) < 0 || json_integer_value(han) > 130)
                return fail(p, "[name, han] pairs expected in", "yakus");
            ev->yakus[i].yaku = (uint8_t)yaku_of_name(json_string_value(nm));
            ev->yakus[i].han = (uint8_t)json_integer_value(han);
        }
        ev->nyakus = (uint8_t)json_array_size(yk);
        ev->has |= JONG_MJAI_HAS_YAKUS;
        long v = 0;
        TRY(get_int(p, "fu", false, 0, 200, &v));
        ev->fu = (int16_t)v;
        v = 0;
        TRY(get_int(p, "fan", false, 0, 200, &v));
        ev->fan = (int16_t)v;
        v = 0;
        TRY(get_int(p, "hora_points", false, 0, 10000000, &v));
        ev->hora_points = (int32_t)v;
    }
    if (json_object_get(p->o, "pao")) {
        TRY(get_seat(p, "pao", true, &ev->pao));
        ev->has |= JONG_MJAI_HAS_PAO;
    }
    TRY(get_int4(p, "deltas", ev->deltas, JONG_MJAI_HAS_DELTAS, &ev->has));
    return get_int4(p, "scores", ev->scores, JONG_MJAI_HAS_SCORES, &ev->has);
}

static int parse_ryukyoku(parser *p, jong_mjai_event *ev)
{
    json_t *r = json_object_get(p->o, "reason");
    if (r) {
        if (!json_is_string(r))
            return fail(p, "string expected in", "reason");
        int k = 1;
        while (k < JONG_MJAI_RK_COUNT && strcmp(reason_names[k], json_string_value(r)))
            k++;
        if (k == JONG_MJAI_RK_COUNT)
            return fail(p, "unknown reason in", "reason");
        ev->reason = (uint8_t)k;
    }
    json_t *t = json_object_get(p->o, "tenpais");
    if (t) {
        if (!json_is_array(t) || json_array_size(t) != 4)
            return fail(p, "four booleans expected in", "tenpais");
        for (int s = 0; s < 4; s++) {
            json_t *b = json_array_get(t, (size_t)s);
            if (!json_is_boolean(b))
                return fail(p, "four booleans expected in", "tenpais");
            ev->tenpais[s] = json_is_true(b);
        }
        ev->has |= JONG_MJAI_HAS_TENPAIS;
    }
    json_t *th = json_object_get(p->o, "tehais");
    if (th) {
        if (!json_is_array(th) || json_array_size(th) != 4)
            return fail(p, "four hands expected in", "tehais");
        for (int s = 0; s < 4; s++)
            TRY(tile_array(p, json_array_get(th, (size_t)s), "tehais", 0, 14, ev->tehais[s], &ev->ntehais[s]));
        ev->has |= JONG_MJAI_HAS_TEHAIS;
    }
    TRY(get_int4(p, "deltas", ev->deltas, JONG_MJAI_HAS_DELTAS, &ev->has));
    return get_int4(p, "scores", ev->scores, JONG_MJAI_HAS_SCORES, &ev->has);
}

static int parse_fields(parser *p, jong_mjai_event *ev)
{
    switch (ev->type) {
    case JONG_MJAI_NONE:
    case JONG_MJAI_END_KYOKU:
        return get_seat(p, "actor", false, &ev->actor);
    case JONG_MJAI_START_GAME:
        return parse_start_game(p, ev);
    case JONG_MJAI_START_KYOKU:
        return parse_start_kyoku(p, ev);
    case JONG_MJAI_TSUMO:
        TRY(get_seat(p, "actor", true, &ev->actor));
        return get_tile(p, "pai", true, &ev->pai);
    case JONG_MJAI_DAHAI: {
        TRY(get_seat(p, "actor", true, &ev->actor));
        TRY(get_tile(p, "pai", true, &ev->pai));
        json_t *tg = json_object_get(p->o, "tsumogiri");
        if (tg && !json_is_boolean(tg))
            return fail(p, "boolean expected in", "tsumogiri");
        ev->tsumogiri = json_is_true(tg);
        return JONG_OK;
    }
    case JONG_MJAI_CHI:
    case JONG_MJAI_PON:
        return parse_call(p, ev, 2, true, true);
    case JONG_MJAI_DAIMINKAN:
        return parse_call(p, ev, 3, true, true);
    case JONG_MJAI_KAKAN:
        return parse_call(p, ev, 3, false, true);
    case JONG_MJAI_ANKAN:
        return parse_call(p, ev, 4, false, false);
    case JONG_MJAI_DORA:
        return get_tile(p, "dora_marker", true, &ev->pai);
    case JONG_MJAI_REACH:
        return get_seat(p, "actor", true, &ev->actor);
    case JONG_MJAI_REACH_ACCEPTED:
        TRY(get_seat(p, "actor", true, &ev->actor));
        TRY(get_int4(p, "deltas", ev->deltas, JONG_MJAI_HAS_DELTAS, &ev->has));
        return get_int4(p, "scores", ev->scores, JONG_MJAI_HAS_SCORES, &ev->has);
    case JONG_MJAI_HORA:
        return parse_hora(p, ev);
    case JONG_MJAI_RYUKYOKU:
        TRY(get_seat(p, "actor", false, &ev->actor));
        return parse_ryukyoku(p, ev);
    case JONG_MJAI_END_GAME:
        return get_int4(p, "scores", ev->scores, JONG_MJAI_HAS_SCORES, &ev->has);
    case JONG_MJAI_ERROR:
        return get_text(p, "message", ev->text, sizeof ev->text);
    case JONG_MJAI_HELLO:
        return get_text(p, "protocol", ev->text, sizeof ev->text);
    case JONG_MJAI_JOIN:
        TRY(get_text(p, "name", ev->text, sizeof ev->text));
        return get_text(p, "room", ev->names[0], sizeof ev->names[0]);
    }
    return JONG_OK;
}

static int parse_object(json_t *o, jong_mjai_event *ev, jong_error *err)
{
    parser p = {o, "message", err};
    json_t *t = json_object_get(o, "type");
    if (!t)
        return jong_error_set(err, JONG_ERR_SYNTAX, -1, "mjai message without \"type\"");
    if (!json_is_string(t))
        return jong_error_set(err, JONG_ERR_SYNTAX, -1, "mjai message: \"type\" is not a string");
    int type = 0;
    while (type < JONG_MJAI_TYPES && strcmp(type_names[type], json_string_value(t)))
        type++;
    if (type == JONG_MJAI_TYPES)
        return jong_error_set(err, JONG_ERR_SYNTAX, -1, "mjai message: unknown type \"%.40s\"",
                              json_string_value(t));
    jong_mjai_event_init(ev, type);
    p.type = type_names[type];
    json_t *ca = json_object_get(o, "can_act");
    if (ca) {
        if (!json_is_boolean(ca))
            return fail(&p, "boolean expected in", "can_act");
        ev->can_act = json_is_true(ca);
        ev->has |= JONG_MJAI_HAS_CAN_ACT;
    }
    return parse_fields(&p, ev);
}

int mjai_parse_json(const void *json, jong_mjai_event *ev, jong_error *err)
{
    json_t *o = (json_t *)json;
    if (!json_is_object(o))
        return jong_error_set(err, JONG_ERR_SYNTAX, -1, "mjai message is not a JSON object");
    return parse_object(o, ev, err);
}

int jong_mjai_parse(const char *text, size_t len, jong_mjai_event *ev, jong_error *err)
{
    json_error_t je;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        return jong_error_set(err, JONG_ERR_SYNTAX, je.position, "malformed JSON at column %d: %s", je.column,
                              je.text);
    int rc = mjai_parse_json(o, ev, err);
    json_decref(o);
    return rc;
}

int mjai_parse_answer(const char *text, size_t len, jong_mjai_event *first, jong_mjai_event *then, bool *two,
                      jong_error *err)
{
    *two = false;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == len || text[i] != '[')
        return jong_mjai_parse(text, len, first, err);
    json_error_t je;
    json_t *a = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!a)
        return jong_error_set(err, JONG_ERR_SYNTAX, je.position, "malformed JSON at column %d: %s", je.column,
                              je.text);
    size_t n = json_array_size(a);
    int rc = n == 1 || n == 2 ? mjai_parse_json(json_array_get(a, 0), first, err)
                              : jong_error_set(err, JONG_ERR_SYNTAX, -1, "an answer is one message or two, not %zu", n);
    if (!rc && n == 2)
        rc = mjai_parse_json(json_array_get(a, 1), then, err);
    json_decref(a);
    if (rc || n == 1)
        return rc;
    bool opens = first->type == JONG_MJAI_CHI || first->type == JONG_MJAI_PON || first->type == JONG_MJAI_REACH;
    if (!opens || then->type != JONG_MJAI_DAHAI)
        return jong_error_set(err, JONG_ERR_SYNTAX, -1, "two moves must be a chi, pon or reach and its dahai, not %s and %s",
                              jong_mjai_type_name(first->type), jong_mjai_type_name(then->type));
    *two = true;
    return JONG_OK;
}

bool mjai_dahai_waits(const jong_mjai_event *m, int seat)
{
    return ((m->type == JONG_MJAI_CHI || m->type == JONG_MJAI_PON) && m->actor == seat) ||
           m->type == JONG_MJAI_REACH_ACCEPTED;
}

/* ---- printing ---- */

static void put_tile(json_t *o, const char *key, int code)
{
    json_object_set_new(o, key, json_string(jong_mjai_tile_name(code)));
}

static json_t *tiles_json(const uint8_t *t, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(jong_mjai_tile_name(t[i])));
    return a;
}

static json_t *int4_json(const int32_t v[4])
{
    json_t *a = json_array();
    for (int s = 0; s < 4; s++)
        json_array_append_new(a, json_integer(v[s]));
    return a;
}

static void put_scores(json_t *o, const jong_mjai_event *ev)
{
    if (ev->has & JONG_MJAI_HAS_DELTAS)
        json_object_set_new(o, "deltas", int4_json(ev->deltas));
    if (ev->has & JONG_MJAI_HAS_SCORES)
        json_object_set_new(o, "scores", int4_json(ev->scores));
}

static void put_seat(json_t *o, const char *key, int seat)
{
    if (seat >= 0)
        json_object_set_new(o, key, json_integer(seat));
}

static json_t *event_json(const jong_mjai_event *ev)
{
    json_t *o = json_object();
    json_object_set_new(o, "type", json_string(jong_mjai_type_name(ev->type) ? jong_mjai_type_name(ev->type) : "none"));
    switch (ev->type) {
    case JONG_MJAI_START_GAME: {
        put_seat(o, "id", (ev->has & JONG_MJAI_HAS_ID) ? ev->id : -1);
        json_t *n = json_array();
        for (int s = 0; s < 4; s++)
            json_array_append_new(n, json_string(ev->names[s]));
        json_object_set_new(o, "names", n);
        if (ev->kyoku_first >= 0)
            json_object_set_new(o, "kyoku_first", json_integer(ev->kyoku_first));
        if (ev->aka_flag >= 0)
            json_object_set_new(o, "aka_flag", json_boolean(ev->aka_flag));
        break;
    }
    case JONG_MJAI_START_KYOKU: {
        put_tile(o, "bakaze", JONG_E + (ev->bakaze & 3));
        json_object_set_new(o, "kyoku", json_integer(ev->kyoku));
        json_object_set_new(o, "honba", json_integer(ev->honba));
        json_object_set_new(o, "kyotaku", json_integer(ev->kyotaku));
        json_object_set_new(o, "oya", json_integer(ev->oya));
        put_tile(o, "dora_marker", ev->dora_marker);
        if (ev->has & JONG_MJAI_HAS_SCORES)
            json_object_set_new(o, "scores", int4_json(ev->scores));
        json_t *t = json_array();
        for (int s = 0; s < 4; s++)
            json_array_append_new(t, tiles_json(ev->tehais[s], ev->ntehais[s]));
        json_object_set_new(o, "tehais", t);
        break;
    }
    case JONG_MJAI_TSUMO:
    case JONG_MJAI_DAHAI:
        put_seat(o, "actor", ev->actor);
        put_tile(o, "pai", ev->pai);
        if (ev->type == JONG_MJAI_DAHAI)
            json_object_set_new(o, "tsumogiri", json_boolean(ev->tsumogiri));
        break;
    case JONG_MJAI_CHI:
    case JONG_MJAI_PON:
    case JONG_MJAI_DAIMINKAN:
    case JONG_MJAI_KAKAN:
    case JONG_MJAI_ANKAN:
        put_seat(o, "actor", ev->actor);
        if (ev->type != JONG_MJAI_KAKAN && ev->type != JONG_MJAI_ANKAN)
            put_seat(o, "target", ev->target);
        if (ev->type != JONG_MJAI_ANKAN)
            put_tile(o, "pai", ev->pai);
        json_object_set_new(o, "consumed", tiles_json(ev->consumed, ev->nconsumed));
        break;
    case JONG_MJAI_DORA:
        put_tile(o, "dora_marker", ev->pai);
        break;
    case JONG_MJAI_REACH:
    case JONG_MJAI_REACH_ACCEPTED:
        put_seat(o, "actor", ev->actor);
        put_scores(o, ev);
        break;
    case JONG_MJAI_HORA:
        put_seat(o, "actor", ev->actor);
        put_seat(o, "target", ev->target);
        if (ev->pai != JONG_NO_TILE)
            put_tile(o, "pai", ev->pai);
        if (ev->has & JONG_MJAI_HAS_URA)
            json_object_set_new(o, "uradora_markers", tiles_json(ev->ura, ev->nura));
        if ((ev->has & JONG_MJAI_HAS_TEHAIS) && ev->actor >= 0)
            json_object_set_new(o, "hora_tehais", tiles_json(ev->tehais[ev->actor], ev->ntehais[ev->actor]));
        if (ev->has & JONG_MJAI_HAS_YAKUS) {
            json_t *y = json_array();
            for (int i = 0; i < ev->nyakus; i++) {
                json_t *e = json_array();
                json_array_append_new(e, json_string(ev->yakus[i].yaku < JONG_YAKU_COUNT
                                                         ? jong_yaku_name(ev->yakus[i].yaku) : "unknown"));
                json_array_append_new(e, json_integer(ev->yakus[i].han));
                json_array_append_new(y, e);
            }
            json_object_set_new(o, "yakus", y);
            json_object_set_new(o, "fu", json_integer(ev->fu));
            json_object_set_new(o, "fan", json_integer(ev->fan));
            json_object_set_new(o, "hora_points", json_integer(ev->hora_points));
        }
        if (ev->has & JONG_MJAI_HAS_PAO)
            put_seat(o, "pao", ev->pao);
        put_scores(o, ev);
        break;
    case JONG_MJAI_RYUKYOKU:
        if (ev->reason)
            json_object_set_new(o, "reason", json_string(reason_names[ev->reason % JONG_MJAI_RK_COUNT]));
        put_seat(o, "actor", ev->actor);
        if (ev->has & JONG_MJAI_HAS_TENPAIS) {
            json_t *t = json_array();
            for (int s = 0; s < 4; s++)
                json_array_append_new(t, json_boolean(ev->tenpais[s]));
            json_object_set_new(o, "tenpais", t);
        }
        if (ev->has & JONG_MJAI_HAS_TEHAIS) {
            json_t *t = json_array();
            for (int s = 0; s < 4; s++)
                json_array_append_new(t, tiles_json(ev->tehais[s], ev->ntehais[s]));
            json_object_set_new(o, "tehais", t);
        }
        put_scores(o, ev);
        break;
    case JONG_MJAI_END_GAME:
        if (ev->has & JONG_MJAI_HAS_SCORES)
            json_object_set_new(o, "scores", int4_json(ev->scores));
        break;
    case JONG_MJAI_ERROR:
        json_object_set_new(o, "message", json_string(ev->text));
        break;
    case JONG_MJAI_HELLO:
        json_object_set_new(o, "protocol", json_string(ev->text[0] ? ev->text : "mjsonp"));
        json_object_set_new(o, "protocol_version", json_integer(3));
        break;
    case JONG_MJAI_JOIN:
        json_object_set_new(o, "name", json_string(ev->text));
        json_object_set_new(o, "room", json_string(ev->names[0][0] ? ev->names[0] : "default"));
        break;
    case JONG_MJAI_NONE:
    case JONG_MJAI_END_KYOKU:
    default:
        break;
    }
    if ((ev->has & JONG_MJAI_HAS_CAN_ACT))
        json_object_set_new(o, "can_act", json_boolean(ev->can_act));
    return o;
}

void *mjai_event_json(const jong_mjai_event *ev)
{
    return event_json(ev);
}

char *jong_mjai_format(const jong_mjai_event *ev, char *buf, size_t n, size_t *len)
{
    json_t *o = event_json(ev);
    size_t l = 0;
    char *s = o ? record_dump(o, buf, n, &l) : NULL;
    json_decref(o);
    if (len)
        *len = l;
    return s;
}

/* ---- comparing ---- */

static bool differ(char *why, size_t n, const char *field)
{
    if (why && n)
        snprintf(why, n, "%s", field);
    return false;
}

static bool same_tiles(const uint8_t *a, int na, const uint8_t *b, int nb, bool sorted)
{
    if (na != nb)
        return false;
    if (!sorted)
        return !memcmp(a, b, (size_t)na);
    int ca[64] = {0};
    for (int i = 0; i < na; i++)
        ca[a[i] & 63]++;
    for (int i = 0; i < nb; i++)
        ca[b[i] & 63]--;
    for (int i = 0; i < 64; i++)
        if (ca[i])
            return false;
    return true;
}

bool jong_mjai_event_same(const jong_mjai_event *a, const jong_mjai_event *b, char *why, size_t n)
{
    if (a->type != b->type)
        return differ(why, n, "type");
    if (a->actor != b->actor)
        return differ(why, n, "actor");
    if (a->target != b->target)
        return differ(why, n, "target");
    if (a->pai != b->pai)
        return differ(why, n, "pai");
    if (!same_tiles(a->consumed, a->nconsumed, b->consumed, b->nconsumed, true))
        return differ(why, n, "consumed");
    if (a->type == JONG_MJAI_DAHAI && a->tsumogiri != b->tsumogiri)
        return differ(why, n, "tsumogiri");
    if (a->type == JONG_MJAI_START_KYOKU) {
        if (a->bakaze != b->bakaze || a->kyoku != b->kyoku || a->honba != b->honba || a->kyotaku != b->kyotaku ||
            a->oya != b->oya || a->dora_marker != b->dora_marker)
            return differ(why, n, "kyoku, honba, kyotaku, oya or dora_marker");
        for (int s = 0; s < 4; s++)
            if (!same_tiles(a->tehais[s], a->ntehais[s], b->tehais[s], b->ntehais[s], true))
                return differ(why, n, "tehais");
    }
    unsigned both = a->has & b->has;
    if ((both & JONG_MJAI_HAS_SCORES) && memcmp(a->scores, b->scores, sizeof a->scores))
        return differ(why, n, "scores");
    if ((both & JONG_MJAI_HAS_DELTAS) && memcmp(a->deltas, b->deltas, sizeof a->deltas))
        return differ(why, n, "deltas");
    if ((both & JONG_MJAI_HAS_URA) && !same_tiles(a->ura, a->nura, b->ura, b->nura, false))
        return differ(why, n, "uradora_markers");
    if ((both & JONG_MJAI_HAS_TENPAIS) && memcmp(a->tenpais, b->tenpais, sizeof a->tenpais))
        return differ(why, n, "tenpais");
    if (both & JONG_MJAI_HAS_YAKUS) {
        /* tenhou.net/6 names a limit ("満貫") without its fu: 0 there means unknown */
        if ((a->fu && b->fu && a->fu != b->fu) || a->fan != b->fan || a->hora_points != b->hora_points)
            return differ(why, n, "fu, fan or hora_points");
        if (a->nyakus != b->nyakus)
            return differ(why, n, "yakus");
        for (int i = 0; i < a->nyakus; i++) {
            bool found = false;
            for (int j = 0; j < b->nyakus && !found; j++)
                found = a->yakus[i].yaku == b->yakus[j].yaku && a->yakus[i].han == b->yakus[j].han;
            if (!found)
                return differ(why, n, "yakus");
        }
    }
    if ((both & JONG_MJAI_HAS_PAO) && a->pao != b->pao)
        return differ(why, n, "pao");
    if (a->type == JONG_MJAI_RYUKYOKU && a->reason != b->reason && a->reason && b->reason)
        return differ(why, n, "reason");
    return true;
}
