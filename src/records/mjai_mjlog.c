/* Tenhou mjlog XML to mjai events. An mjlog is a flat list of empty tags:
 *   GO type (game type bits), UN n0..n3 (URL-encoded names), INIT (a hand's start: seed =
 *   round,honba,sticks,dice,dice,dora indicator; ten = scores/100; oya; hai0..3 = tile ids),
 *   T/U/V/W<id> draws and D/E/F/G<id> discards of seats 0..3, N (a call, one packed integer m),
 *   REACH step 1/2, DORA, AGARI, RYUUKYOKU (sc = score/100 and change/100 per seat, ba = honba and
 *   sticks, owari at the game's end), BYE and later UN tags (disconnections, ignored).
 * Tile ids are 0..135: kind = id / 4; with red fives, ids 16, 52, 88 are the red 5m, 5p, 5s. */
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"
#include "jong/riichi_score.h"
#include "mjai_internal.h"

typedef struct {
    const char *t;
    size_t len;
    size_t tag;        /* offset of the current tag */
    const char *name;  /* the tag's name and its length */
    size_t nlen;
    const char *attrs; /* after the name, up to '>' */
    size_t alen;
    jong_error *err;
    jong_mjai_log *log;
    bool red;
    /* the hand being read */
    bool in_hand, hand_ended;
    int last_draw[4];  /* id of each seat's last draw while it is still the seat's newest move, else -1 */
    int32_t scores[4];
} mjlog;

static int bad(mjlog *m, const char *fmt, const char *what)
{
    return jong_error_set(m->err, JONG_ERR_SYNTAX, (int)m->tag, "mjlog byte %zu: <%.*s>: %s%s", m->tag,
                          (int)(m->nlen > 20 ? 20 : m->nlen), m->name, fmt, what ? what : "");
}

/* Points given in hundreds (ten, sc, owari) to points; beyond 10,000,000 either way (as the mjai
 * reader allows) is refused, so every score read fits and reads back from .mjson. */
static int points(mjlog *m, long hundreds, const char *key, int32_t *out)
{
    if (hundreds < -100000 || hundreds > 100000)
        return bad(m, "points out of range in ", key);
    *out = (int32_t)hundreds * 100;
    return JONG_OK;
}

/* The value of attribute key in the current tag: its start and length, or NULL. */
static const char *attr(const mjlog *m, const char *key, size_t *vlen)
{
    size_t kl = strlen(key);
    const char *p = m->attrs, *end = m->attrs + m->alen;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '/'))
            p++;
        const char *k = p;
        while (p < end && *p != '=' && *p != ' ')
            p++;
        size_t klen = (size_t)(p - k);
        if (p >= end || *p != '=')
            return NULL;
        p++;
        if (p >= end || (*p != '"' && *p != '\''))
            return NULL;
        char q = *p++;
        const char *v = p;
        while (p < end && *p != q)
            p++;
        if (p >= end)
            return NULL;
        if (klen == kl && !memcmp(k, key, kl)) {
            *vlen = (size_t)(p - v);
            return v;
        }
        p++;
    }
    return NULL;
}

/* A comma-separated list of numbers; decimals are kept as tenths when tenths is set (owari's
 * "6.0" -> 60). Returns the count, or -1 when malformed or longer than max. */
static int numbers(const char *v, size_t n, long *out, int max, bool tenths)
{
    int k = 0;
    size_t i = 0;
    if (n == 0)
        return 0;
    for (;;) {
        if (k == max)
            return -1;
        bool neg = false;
        if (i < n && (v[i] == '-' || v[i] == '+'))
            neg = v[i++] == '-';
        if (i >= n || v[i] < '0' || v[i] > '9')
            return -1;
        long x = 0;
        while (i < n && v[i] >= '0' && v[i] <= '9') {
            if (x > 100000000)
                return -1;
            x = x * 10 + (v[i++] - '0');
        }
        long frac = 0;
        if (i < n && v[i] == '.') {
            i++;
            if (i >= n || v[i] < '0' || v[i] > '9')
                return -1;
            frac = v[i] - '0';
            while (i < n && v[i] >= '0' && v[i] <= '9')
                i++;
        }
        if (!tenths && frac)
            return -1;
        x = tenths ? x * 10 + frac : x;
        out[k++] = neg ? -x : x;
        if (i == n)
            return k;
        if (v[i] != ',')
            return -1;
        i++;
    }
}

/* Attribute as numbers: exactly `want` of them (want < 0: 0..-want). Returns the count or -1
 * (error set) when missing or malformed; missing is allowed when optional (returns 0). */
static int attr_numbers(mjlog *m, const char *key, long *out, int want, bool optional, bool tenths)
{
    size_t n;
    const char *v = attr(m, key, &n);
    if (!v) {
        if (optional)
            return 0;
        bad(m, "missing attribute ", key);
        return -1;
    }
    int max = want < 0 ? -want : want;
    int k = numbers(v, n, out, max, tenths);
    if (k < 0 || (want >= 0 && k != want)) {
        bad(m, "malformed attribute ", key);
        return -1;
    }
    return k;
}

static int code_of_id(const mjlog *m, long id)
{
    int kind = (int)(id / 4);
    return jong_code_make(kind, m->red && id % 4 == 0 && kind < JONG_NUMBER_KINDS && kind % 9 == 4);
}

static int tile_ids(mjlog *m, const char *key, uint8_t *out, int lo, int hi, bool optional, int *count)
{
    long ids[16];
    int k = attr_numbers(m, key, ids, -hi, optional, false);
    if (k < 0)
        return m->err ? m->err->code : JONG_ERR_SYNTAX;
    if ((k > 0 || !optional) && k < lo)
        return bad(m, "too few tiles in ", key);
    for (int i = 0; i < k; i++) {
        if (ids[i] < 0 || ids[i] > 135)
            return bad(m, "tile id out of range in ", key);
        out[i] = (uint8_t)code_of_id(m, ids[i]);
    }
    *count = k;
    return JONG_OK;
}

static int push(mjlog *m, const jong_mjai_event *ev)
{
    return jong_mjai_log_push(m->log, ev, m->err);
}

static bool is(const mjlog *m, const char *name)
{
    return m->nlen == strlen(name) && !memcmp(m->name, name, m->nlen);
}

static void url_decode(const char *v, size_t n, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        int hi, lo;
        if (v[i] == '%' && i + 2 < n + 0 && (hi = (v[i + 1] >= 'A' ? (v[i + 1] & ~0x20) - 'A' + 10 : v[i + 1] - '0')) >= 0 &&
            hi < 16 && (lo = (v[i + 2] >= 'A' ? (v[i + 2] & ~0x20) - 'A' + 10 : v[i + 2] - '0')) >= 0 && lo < 16) {
            unsigned char c = (unsigned char)(hi * 16 + lo);
            out[o++] = c < 0x20 || c == 0x7f ? '?' : (char)c;
            i += 2;
        } else {
            out[o++] = v[i] < 0x20 && v[i] >= 0 ? '?' : v[i];
        }
    }
    out[o] = 0;
    /* a name cut in the middle of a UTF-8 sequence: drop the partial character */
    while (o > 0 && ((unsigned char)out[o - 1] & 0xc0) == 0x80)
        o--;
    if (o > 0 && ((unsigned char)out[o - 1] & 0x80)) {
        /* out[o-1] is a lead byte: keep it only when the whole sequence fit */
        size_t lead = o - 1, need = ((unsigned char)out[lead] >= 0xf0) ? 4 : ((unsigned char)out[lead] >= 0xe0) ? 3 : 2;
        size_t have = strlen(out) - lead;
        if (have < need)
            out[lead] = 0;
    }
}

static int ensure_started(mjlog *m)
{
    if (m->log->n)
        return JONG_OK;
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_START_GAME);
    ev.kyoku_first = m->log->east_south ? 0 : 4;
    ev.aka_flag = m->red;
    return push(m, &ev);
}

static int on_go(mjlog *m)
{
    long type;
    if (attr_numbers(m, "type", &type, 1, false, false) < 0)
        return m->err->code;
    m->log->tenhou_type = (int)type;
    m->red = !(type & 0x02);
    m->log->red_fives = m->red;
    m->log->east_south = (type & 0x08) != 0;
    if (m->log->n == 0)
        TRY(ensure_started(m));
    m->log->ev[0].kyoku_first = m->log->east_south ? 0 : 4;
    m->log->ev[0].aka_flag = m->red;
    if (type & 0x10) {
        m->log->players = 3;
        return jong_error_set(m->err, JONG_ERR_ARG, (int)m->tag,
                              "three-player game (GO type %ld): skipped, Jong plays four-player riichi", type);
    }
    return JONG_OK;
}

static int on_un(mjlog *m)
{
    if (m->log->n > 1)
        return JONG_OK; /* a reconnection, not the first list of names */
    if (m->log->n == 0)
        TRY(ensure_started(m));
    jong_mjai_event *sg = &m->log->ev[0];
    for (int s = 0; s < 4; s++) {
        char key[4] = {'n', (char)('0' + s), 0, 0};
        size_t n;
        const char *v = attr(m, key, &n);
        if (v)
            url_decode(v, n, sg->names[s], sizeof sg->names[s]);
    }
    return JONG_OK;
}

static int on_init(mjlog *m)
{
    if (m->in_hand && !m->hand_ended)
        return bad(m, "a new hand before the last one ended", NULL);
    long seed[6], ten[4], oya;
    if (attr_numbers(m, "seed", seed, 6, false, false) < 0 || attr_numbers(m, "ten", ten, 4, false, false) < 0 ||
        attr_numbers(m, "oya", &oya, 1, false, false) < 0)
        return m->err->code;
    if (seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[2] < 0 || seed[5] < 0 || seed[5] > 135 || oya < 0 || oya > 3)
        return bad(m, "value out of range in ", "seed or oya");
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_START_KYOKU);
    ev.bakaze = (int8_t)(seed[0] / 4);
    ev.kyoku = (int8_t)(seed[0] % 4 + 1);
    ev.honba = (int16_t)(seed[1] > 1000 ? 1000 : seed[1]);
    ev.kyotaku = (int16_t)(seed[2] > 1000 ? 1000 : seed[2]);
    ev.oya = (int8_t)oya;
    ev.dora_marker = (uint8_t)code_of_id(m, seed[5]);
    for (int s = 0; s < 4; s++) {
        TRY(points(m, ten[s], "ten", &ev.scores[s]));
        m->scores[s] = ev.scores[s];
        char key[5] = {'h', 'a', 'i', (char)('0' + s), 0};
        int k;
        TRY(tile_ids(m, key, ev.tehais[s], 13, 13, false, &k));
        ev.ntehais[s] = (uint8_t)k;
        mjai_sort_tiles(ev.tehais[s], k);
        m->last_draw[s] = -1;
    }
    ev.has |= JONG_MJAI_HAS_SCORES;
    m->in_hand = true;
    m->hand_ended = false;
    return push(m, &ev);
}

static int need_hand(mjlog *m)
{
    if (!m->in_hand || m->hand_ended)
        return bad(m, "outside a hand", NULL);
    return JONG_OK;
}

/* T123 / D123: a draw or discard of seat `seat`. */
static int on_move(mjlog *m, int seat, bool draw)
{
    TRY(need_hand(m));
    long id = 0;
    if (m->nlen < 2 || m->nlen > 4)
        return bad(m, "bad tile number", NULL);
    for (size_t i = 1; i < m->nlen; i++) {
        if (m->name[i] < '0' || m->name[i] > '9')
            return bad(m, "bad tile number", NULL);
        id = id * 10 + (m->name[i] - '0');
    }
    if (id > 135)
        return bad(m, "tile id out of range", NULL);
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, draw ? JONG_MJAI_TSUMO : JONG_MJAI_DAHAI);
    ev.actor = (int8_t)seat;
    ev.pai = (uint8_t)code_of_id(m, id);
    if (!draw) /* tsumogiri: the very tile just drawn (ids tell the copies apart) */
        ev.tsumogiri = m->last_draw[seat] == (int)id;
    for (int s = 0; s < 4; s++)
        m->last_draw[s] = -1;
    if (draw)
        m->last_draw[seat] = (int)id;
    return push(m, &ev);
}

/* A call: the packed integer of Tenhou's N tag. */
static int on_call(mjlog *m)
{
    TRY(need_hand(m));
    long who, code;
    if (attr_numbers(m, "who", &who, 1, false, false) < 0 || attr_numbers(m, "m", &code, 1, false, false) < 0)
        return m->err->code;
    if (who < 0 || who > 3 || code < 0 || code > 65535)
        return bad(m, "value out of range in ", "who or m");
    for (int s = 0; s < 4; s++)
        m->last_draw[s] = -1;
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_NONE);
    ev.actor = (int8_t)who;
    int from = (int)(code & 3);
    long ids[4];
    int nids = 0, called = -1;
    if (code & 0x4) { /* chi: base sequence and which of the three was called */
        long t = code >> 10;
        int r = (int)(t % 3);
        t /= 3;
        if (t >= 21)
            return bad(m, "chi out of range", NULL);
        long base = (t / 7) * 9 + t % 7;
        for (int i = 0; i < 3; i++)
            ids[i] = (base + i) * 4 + ((code >> (3 + 2 * i)) & 3);
        nids = 3;
        called = r;
        ev.type = JONG_MJAI_CHI;
        if (from != 3)
            return bad(m, "chi not from the previous seat", NULL);
    } else if (code & 0x18) { /* pon, or kakan onto a pon: the same layout */
        long t = code >> 9;
        int r = (int)(t % 3);
        t /= 3;
        if (t >= 34)
            return bad(m, "pon out of range", NULL);
        int unused = (int)((code >> 5) & 3);
        for (int i = 0; i < 4; i++)
            if (i != unused)
                ids[nids++] = t * 4 + i;
        called = r;
        if (code & 0x8) {
            ev.type = JONG_MJAI_PON;
            if (from == 0)
                return bad(m, "pon from oneself", NULL);
        } else {
            ev.type = JONG_MJAI_KAKAN;
            ev.pai = (uint8_t)code_of_id(m, t * 4 + unused);
            for (int i = 0; i < 3; i++)
                ev.consumed[i] = (uint8_t)code_of_id(m, ids[i]);
            ev.nconsumed = 3;
            return push(m, &ev);
        }
    } else if (code & 0x20) {
        return bad(m, "nukidora (three-player only)", NULL);
    } else { /* daiminkan or ankan */
        long id = code >> 8;
        if (id > 135)
            return bad(m, "kan out of range", NULL);
        for (int i = 0; i < 4; i++)
            ids[i] = (id / 4) * 4 + i;
        nids = 4;
        if (from == 0) {
            ev.type = JONG_MJAI_ANKAN;
            for (int i = 0; i < 4; i++)
                ev.consumed[i] = (uint8_t)code_of_id(m, ids[i]);
            ev.nconsumed = 4;
            return push(m, &ev);
        }
        ev.type = JONG_MJAI_DAIMINKAN;
        called = (int)(id % 4);
    }
    ev.target = (int8_t)((who + from) % 4);
    ev.pai = (uint8_t)code_of_id(m, ids[called]);
    for (int i = 0; i < nids; i++)
        if (i != called)
            ev.consumed[ev.nconsumed++] = (uint8_t)code_of_id(m, ids[i]);
    return push(m, &ev);
}

static int on_reach(mjlog *m)
{
    TRY(need_hand(m));
    long who, step;
    if (attr_numbers(m, "who", &who, 1, false, false) < 0 || attr_numbers(m, "step", &step, 1, false, false) < 0)
        return m->err->code;
    if (who < 0 || who > 3 || (step != 1 && step != 2))
        return bad(m, "value out of range in ", "who or step");
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, step == 1 ? JONG_MJAI_REACH : JONG_MJAI_REACH_ACCEPTED);
    ev.actor = (int8_t)who;
    if (step == 2) {
        long ten[4];
        int k = attr_numbers(m, "ten", ten, 4, true, false);
        if (k < 0)
            return m->err->code;
        m->scores[who] -= 1000;
        for (int s = 0; s < 4; s++) {
            ev.deltas[s] = s == who ? -1000 : 0;
            ev.scores[s] = m->scores[s];
            if (k)
                TRY(points(m, ten[s], "ten", &ev.scores[s]));
        }
        ev.has |= JONG_MJAI_HAS_DELTAS | JONG_MJAI_HAS_SCORES;
    }
    return push(m, &ev);
}

static int on_dora(mjlog *m)
{
    TRY(need_hand(m));
    long id;
    if (attr_numbers(m, "hai", &id, 1, false, false) < 0)
        return m->err->code;
    if (id < 0 || id > 135)
        return bad(m, "tile id out of range in ", "hai");
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_DORA);
    ev.pai = (uint8_t)code_of_id(m, id);
    return push(m, &ev);
}

/* sc = before/100 and change/100 per seat: the event's deltas and the scores after it. */
static int scores_of(mjlog *m, jong_mjai_event *ev)
{
    long sc[8];
    if (attr_numbers(m, "sc", sc, 8, false, false) < 0)
        return m->err->code;
    for (int s = 0; s < 4; s++) {
        TRY(points(m, sc[2 * s + 1], "sc", &ev->deltas[s]));
        TRY(points(m, sc[2 * s] + sc[2 * s + 1], "sc", &ev->scores[s]));
        m->scores[s] = ev->scores[s];
    }
    ev->has |= JONG_MJAI_HAS_DELTAS | JONG_MJAI_HAS_SCORES;
    return JONG_OK;
}

/* owari = final score/100 and uma-adjusted points per seat: the game ends here. */
static int on_owari(mjlog *m)
{
    size_t n;
    if (!attr(m, "owari", &n))
        return JONG_OK;
    long ow[8];
    if (attr_numbers(m, "owari", ow, 8, false, true) < 0)
        return m->err->code;
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_END_KYOKU);
    TRY(push(m, &ev));
    jong_mjai_event_init(&ev, JONG_MJAI_END_GAME);
    for (int s = 0; s < 4; s++) {
        TRY(points(m, ow[2 * s] / 10, "owari", &ev.scores[s]));
        m->log->final_points[s] = (int32_t)ow[2 * s + 1];
    }
    ev.has |= JONG_MJAI_HAS_SCORES;
    m->log->complete = true;
    m->in_hand = false;
    return push(m, &ev);
}

static int on_agari(mjlog *m)
{
    if (!m->in_hand)
        return bad(m, "outside a hand", NULL);
    long who, from, ten[3], yk[40], pao;
    if (attr_numbers(m, "who", &who, 1, false, false) < 0 || attr_numbers(m, "fromWho", &from, 1, false, false) < 0 ||
        attr_numbers(m, "ten", ten, 3, false, false) < 0)
        return m->err->code;
    if (who < 0 || who > 3 || from < 0 || from > 3)
        return bad(m, "seat out of range in ", "who or fromWho");
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_HORA);
    ev.actor = (int8_t)who;
    ev.target = (int8_t)from;
    long machi;
    if (attr_numbers(m, "machi", &machi, 1, false, false) < 0)
        return m->err->code;
    if (machi < 0 || machi > 135)
        return bad(m, "tile id out of range in ", "machi");
    ev.pai = (uint8_t)code_of_id(m, machi);
    int k;
    TRY(tile_ids(m, "hai", ev.tehais[who], 1, 14, false, &k));
    ev.ntehais[who] = (uint8_t)k;
    ev.has |= JONG_MJAI_HAS_TEHAIS;
    uint8_t ura[5];
    TRY(tile_ids(m, "doraHaiUra", ura, 1, 5, true, &k));
    if (k) {
        memcpy(ev.ura, ura, (size_t)k);
        ev.nura = (uint8_t)k;
        ev.has |= JONG_MJAI_HAS_URA;
    }
    int ny = attr_numbers(m, "yaku", yk, -40, true, false);
    if (ny < 0 || ny % 2)
        return ny < 0 ? (int)m->err->code : bad(m, "odd length of ", "yaku");
    for (int i = 0; i < ny; i += 2) {
        if (yk[i + 1] == 0)
            continue; /* Tenhou lists ura-dora 0 for a riichi winner without any */
        if (ev.nyakus == JONG_MJAI_MAX_YAKUS || yk[i + 1] < 0 || yk[i + 1] > 100)
            return bad(m, "bad entry in ", "yaku");
        ev.yakus[ev.nyakus].yaku = (uint8_t)mjai_tenhou_yaku((int)yk[i]);
        ev.yakus[ev.nyakus++].han = (uint8_t)yk[i + 1];
        ev.fan = (int16_t)(ev.fan + yk[i + 1]);
    }
    int nym = attr_numbers(m, "yakuman", yk, -40, true, false);
    if (nym < 0)
        return m->err->code;
    for (int i = 0; i < nym; i++) {
        if (ev.nyakus == JONG_MJAI_MAX_YAKUS)
            return bad(m, "too many entries in ", "yakuman");
        ev.yakus[ev.nyakus].yaku = (uint8_t)mjai_tenhou_yaku((int)yk[i]);
        ev.yakus[ev.nyakus++].han = 13;
        ev.fan = (int16_t)(ev.fan + 13);
    }
    ev.fu = (int16_t)(ten[0] < 0 || ten[0] > 200 ? 0 : ten[0]);
    ev.hora_points = (int32_t)ten[1];
    ev.has |= JONG_MJAI_HAS_YAKUS;
    int np = attr_numbers(m, "paoWho", &pao, 1, true, false);
    if (np < 0)
        return m->err->code;
    if (np) {
        if (pao < 0 || pao > 3)
            return bad(m, "seat out of range in ", "paoWho");
        ev.pao = (int8_t)pao;
        ev.has |= JONG_MJAI_HAS_PAO;
    }
    TRY(scores_of(m, &ev));
    m->hand_ended = true;
    TRY(push(m, &ev));
    /* a double ron is two AGARI tags: end_kyoku comes before the next INIT or at owari */
    return on_owari(m);
}

static const struct {
    const char *tenhou;
    int reason;
} draw_types[] = {
    {"yao9", JONG_MJAI_RK_KYUSHU}, {"reach4", JONG_MJAI_RK_FOUR_RIICHI}, {"ron3", JONG_MJAI_RK_TRIPLE_RON},
    {"kan4", JONG_MJAI_RK_FOUR_KANS}, {"kaze4", JONG_MJAI_RK_FOUR_WINDS}, {"nm", JONG_MJAI_RK_NAGASHI},
};

static int on_ryuukyoku(mjlog *m)
{
    TRY(need_hand(m));
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_RYUKYOKU);
    ev.reason = JONG_MJAI_RK_EXHAUSTED;
    size_t n;
    const char *type = attr(m, "type", &n);
    if (type) {
        ev.reason = JONG_MJAI_RK_NONE;
        for (size_t i = 0; i < sizeof draw_types / sizeof draw_types[0]; i++)
            if (strlen(draw_types[i].tenhou) == n && !memcmp(type, draw_types[i].tenhou, n))
                ev.reason = (uint8_t)draw_types[i].reason;
        if (ev.reason == JONG_MJAI_RK_NONE)
            return bad(m, "unknown draw type in ", "type");
    }
    for (int s = 0; s < 4; s++) {
        char key[5] = {'h', 'a', 'i', (char)('0' + s), 0};
        int k;
        TRY(tile_ids(m, key, ev.tehais[s], 1, 14, true, &k));
        ev.ntehais[s] = (uint8_t)k;
        ev.tenpais[s] = k > 0;
        if (k)
            ev.has |= JONG_MJAI_HAS_TEHAIS;
    }
    if (ev.reason == JONG_MJAI_RK_EXHAUSTED || ev.reason == JONG_MJAI_RK_NAGASHI)
        ev.has |= JONG_MJAI_HAS_TENPAIS;
    if (ev.reason == JONG_MJAI_RK_KYUSHU) /* the declarer's hand is the one shown */
        for (int s = 0; s < 4; s++)
            if (ev.ntehais[s])
                ev.actor = (int8_t)s;
    TRY(scores_of(m, &ev));
    m->hand_ended = true;
    TRY(push(m, &ev));
    return on_owari(m);
}

static int on_tag(mjlog *m)
{
    char c = m->name[0];
    if (m->nlen >= 2 && m->name[1] >= '0' && m->name[1] <= '9') {
        const char *draws = "TUVW", *discards = "DEFG";
        const char *p = strchr(draws, c);
        if (p && c)
            return on_move(m, (int)(p - draws), true);
        p = strchr(discards, c);
        if (p && c)
            return on_move(m, (int)(p - discards), false);
        return bad(m, "unknown tag", NULL);
    }
    if (is(m, "GO"))
        return on_go(m);
    if (is(m, "UN"))
        return on_un(m);
    if (is(m, "INIT")) {
        TRY(ensure_started(m));
        /* the end of the previous hand, if it was not the game's end */
        if (m->in_hand && m->hand_ended) {
            jong_mjai_event ev;
            jong_mjai_event_init(&ev, JONG_MJAI_END_KYOKU);
            TRY(push(m, &ev));
        }
        return on_init(m);
    }
    if (is(m, "N"))
        return on_call(m);
    if (is(m, "REACH"))
        return on_reach(m);
    if (is(m, "DORA"))
        return on_dora(m);
    if (is(m, "AGARI"))
        return on_agari(m);
    if (is(m, "RYUUKYOKU"))
        return on_ryuukyoku(m);
    if (is(m, "mjloggm") || is(m, "SHUFFLE") || is(m, "TAIKYOKU") || is(m, "BYE"))
        return JONG_OK;
    return bad(m, "unknown tag", NULL);
}

int jong_mjai_read_mjlog(const char *text, size_t len, jong_mjai_log *log, jong_error *err)
{
    jong_error local;
    if (!err)
        err = &local; /* the tag handlers read the code back */
    jong_mjai_log_free(log);
    log->source = JONG_MJAI_SRC_MJLOG;
    mjlog m;
    memset(&m, 0, sizeof m);
    m.t = text;
    m.len = len;
    m.err = err;
    m.log = log;
    m.red = true;
    size_t i = 0;
    bool seen_root = false;
    while (i < len) {
        const char *lt = memchr(text + i, '<', len - i);
        if (!lt)
            break;
        m.tag = (size_t)(lt - text);
        const char *gt = memchr(lt, '>', len - m.tag);
        if (!gt)
            return jong_error_set(err, JONG_ERR_SYNTAX, (int)m.tag, "mjlog byte %zu: unterminated tag", m.tag);
        const char *p = lt + 1;
        if (*p == '/' || *p == '?' || *p == '!') { /* closing tag, declaration, comment */
            i = (size_t)(gt - text) + 1;
            continue;
        }
        m.name = p;
        while (p < gt && *p != ' ' && *p != '/' && *p != '\t' && *p != '\n')
            p++;
        m.nlen = (size_t)(p - m.name);
        m.attrs = p;
        m.alen = (size_t)(gt - p);
        if (m.nlen == 0)
            return jong_error_set(err, JONG_ERR_SYNTAX, (int)m.tag, "mjlog byte %zu: empty tag", m.tag);
        if (is(&m, "mjloggm"))
            seen_root = true;
        else if (!seen_root)
            return jong_error_set(err, JONG_ERR_SYNTAX, (int)m.tag, "not an mjlog: no <mjloggm> root");
        int rc = on_tag(&m);
        if (rc)
            return rc;
        i = (size_t)(gt - text) + 1;
    }
    if (!seen_root)
        return jong_error_set(err, JONG_ERR_SYNTAX, 0, "not an mjlog: no <mjloggm> root");
    if (log->n == 0) {
        int rc = ensure_started(&m);
        if (rc)
            return rc;
    }
    if (!log->complete && m.in_hand && m.hand_ended) {
        jong_mjai_event ev;
        jong_mjai_event_init(&ev, JONG_MJAI_END_KYOKU);
        int rc = push(&m, &ev);
        if (rc)
            return rc;
    }
    return JONG_OK;
}
