/* Game records: the writer's header and lines, replays that verify, byte-identical records for
 * one seed, and every kind of damage (a changed discard, a deleted line, a truncated file, bad
 * JSON, a bad header) failing with the right line number; a little fuzzing; and the replay of
 * 1,000 self-play games (JONG_RECORD_GAMES changes the count; 200 by default under ASan).
 * JONG_RECORD_FUZZ=N (and JONG_RECORD_FUZZ_SEED) run N rounds of the fuzz test instead of 1,500. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jong/jong.h"
#include "records/record_json.h"
#include "support/sanitized.h"
#include "support/spec_games.h"


/* ---- helpers ------------------------------------------------------------------------------ */

typedef struct {
    char *data;
    size_t len;
    int hands;  /* hands played, from the tables' results */
} record_buf;

static const char *const mixed[JONG_SEATS] = {"greedy", "random", "greedy", "random"};

/* Play games first..first+n-1 of a seed and write their records, one after the other. */
static record_buf write_games(const jong_ruleset *rs, uint64_t seed, int first, int n,
                              const char *const specs[JONG_SEATS])
{
    record_buf rb = {0};
    FILE *f = open_memstream(&rb.data, &rb.len);
    assert_non_null(f);
    jong_player *players[JONG_SEATS];
    jong_error err;
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(specs[s], &players[s], &err), JONG_OK);
    for (int g = first; g < first + n; g++) {
        const char *names[JONG_SEATS];
        for (int s = 0; s < JONG_SEATS; s++)
            names[s] = players[s]->spec;
        jong_record_writer *w;
        assert_int_equal(jong_record_writer_new(f, rs, seed, g, names, &w, &err), JONG_OK);
        jong_table t = {.rules = rs, .seed = seed, .game_number = g, .sink = jong_record_writer_event, .sink_ctx = w};
        memcpy(t.players, players, sizeof players);
        jong_game_result res;
        int rc = jong_table_play(&t, &res, &err);
        if (rc)
            fprintf(stderr, "game %d: %s\n", g, err.msg);
        assert_int_equal(rc, JONG_OK);
        assert_int_equal(jong_record_writer_finish(w, &err), JONG_OK);
        rb.hands += res.hands;
    }
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(players[s]);
    assert_int_equal(fclose(f), 0);
    return rb;
}

static int verify_bytes(const char *data, size_t len, jong_replay_stats *st, jong_error *err)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    if (len)
        assert_int_equal(fwrite(data, 1, len, f), len);
    rewind(f);
    int rc = jong_replay_verify_stream(f, st, err);
    fclose(f);
    return rc;
}

static int count_lines(const char *data, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += data[i] == '\n';
    return n;
}

/* A record split into lines (without their newlines), to damage and join again. */
typedef struct {
    char **line;
    int n;
} lines;

static lines split(const record_buf *rb)
{
    lines L = {calloc((size_t)count_lines(rb->data, rb->len) + 1, sizeof(char *)), 0};
    const char *p = rb->data, *end = rb->data + rb->len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        L.line[L.n] = malloc(len + 1);
        memcpy(L.line[L.n], p, len);
        L.line[L.n][len] = 0;
        L.n++;
        p += len + 1;
    }
    return L;
}

static void free_lines(lines *L)
{
    for (int i = 0; i < L->n; i++)
        free(L->line[i]);
    free(L->line);
}

static void set_line(lines *L, int i, const char *text)
{
    free(L->line[i]);
    L->line[i] = strdup(text);
}

/* Join lines 0..n-1 (each followed by a newline, unless it is the last and !last_newline),
 * skipping line `skip` (-1 for none), and verify. */
static int verify_lines(const lines *L, int n, int skip, bool last_newline, jong_replay_stats *st,
                        jong_error *err)
{
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    for (int i = 0; i < n; i++) {
        if (i == skip)
            continue;
        fputs(L->line[i], f);
        if (i + 1 < n || last_newline)
            fputc('\n', f);
    }
    fclose(f);
    int rc = verify_bytes(data, len, st, err);
    free(data);
    return rc;
}

/* The replay must fail at line `line` (1-based) with a message starting "line N: " that
 * contains `what`. */
static void expect_failure(int rc, const jong_replay_stats *st, const jong_error *err, int line,
                           const char *what)
{
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", line);
    if (rc == JONG_OK || st->error_line != line || strncmp(err->msg, prefix, strlen(prefix)) ||
        !strstr(err->msg, what)) {
        fprintf(stderr, "expected a failure at line %d with \"%s\"; got rc %d, line %d: %s\n", line, what, rc,
                st->error_line, rc ? err->msg : "(verified)");
        fail();
    }
}

static json_t *parse(const char *text)
{
    json_t *j = json_loads(text, 0, NULL);
    assert_non_null(j);
    return j;
}

static const char *type_of(json_t *j) { return json_string_value(json_object_get(j, "type")); }

/* Index (0-based) of the k-th line whose type is `type` (and actor `actor` when >= 0). */
static int find_line(const lines *L, const char *type, int actor, int k)
{
    for (int i = 0; i < L->n; i++) {
        json_t *j = parse(L->line[i]);
        bool hit = !strcmp(type_of(j), type) &&
                   (actor < 0 || json_integer_value(json_object_get(j, "actor")) == actor);
        json_decref(j);
        if (hit && k-- == 0)
            return i;
    }
    return -1;
}

static jong_ruleset taiwan(void)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    return rs;
}

static jong_ruleset short_games(int hands)
{
    jong_ruleset rs = taiwan();
    rs.hands = hands;
    return rs;
}

/* ---- names ---------------------------------------------------------------------------------- */

static void test_tile_names(void **state)
{
    (void)state;
    for (int c = 0; c < JONG_CODE_RED_BASE + 3; c++)
        assert_int_equal(record_tile_code(record_tile_name(c)), c);
    /* red fives: their own codes, the kind of the five, mjai names, compact "0m" in messages */
    assert_int_equal(record_tile_code("5mr"), JONG_CODE_RED_BASE);
    assert_int_equal(record_tile_code("5sr"), JONG_CODE_RED_BASE + 2);
    assert_string_equal(record_tile_name(JONG_CODE_RED_BASE + 1), "5pr");
    assert_string_equal(jong_code_name(JONG_CODE_RED_BASE + 1), "0p");
    for (int s = 0; s < 3; s++) {
        int five = jong_kind_make(s, 5), red = JONG_CODE_RED_BASE + s;
        assert_true(jong_code_is_red(red));
        assert_false(jong_code_is_red(five));
        assert_int_equal(jong_code_kind(red), five);
        assert_int_equal(jong_code_make(five, true), red);
        assert_int_equal(jong_code_make(five, false), five);
        assert_int_equal(jong_code_make(five - 1, true), five - 1);  /* only fives are red */
    }
    assert_int_equal(jong_code_make(JONG_E, true), JONG_E);
    assert_int_equal(jong_code_kind(JONG_TILE_FLOWER_BASE), JONG_NO_TILE);
    assert_int_equal(jong_code_kind(JONG_HIDDEN), JONG_NO_TILE);
    assert_false(jong_code_is_red(JONG_CODE_RED_BASE + 3));
    assert_string_equal(record_tile_name(0), "1m");
    assert_string_equal(record_tile_name(JONG_P), "P");
    assert_string_equal(record_tile_name(JONG_TILE_FLOWER_BASE), "f1");
    assert_string_equal(record_tile_name(JONG_TILE_FLOWER_BASE + 7), "s4");
    assert_string_equal(record_tile_name(JONG_HIDDEN), "?");
    static const char *const bad[] = {"", "?", "0m", "4mr", "5zr", "5mrr", "5m ", "10m", "1z", "f0", "f5", "s5", "EE", "e", "m1", "1M"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(record_tile_code(bad[i]), -1);
    assert_int_equal(record_tile_code(NULL), -1);
}

/* ---- writing -------------------------------------------------------------------------------- */

/* The writer's direct text is byte for byte jansson's compact dump of the event object. */
static int text_checked;

static void compare_text(void *ctx, const jong_event *ev)
{
    (void)ctx;
    static const char *const names[JONG_SEATS] = {"a", "b\"q", "c\\", "d\n"};
    char buf[4096], small[8], jbuf[4096];
    size_t len = 0, slen = 0, jlen = 0;
    char *t = record_event_text(ev, names, buf, sizeof buf, &len);
    char *u = record_event_text(ev, names, small, sizeof small, &slen);  /* the malloc'd path */
    json_t *j = record_event_json(ev, names);
    char *d = record_dump(j, jbuf, sizeof jbuf, &jlen);
    assert_non_null(t);
    assert_non_null(u);
    assert_non_null(d);
    if (len != jlen || memcmp(t, d, len))
        fprintf(stderr, "text:  %s\njson:  %s\n", t, d);
    assert_int_equal(len, jlen);
    assert_memory_equal(t, d, len);
    assert_int_equal(slen, len);
    assert_string_equal(u, t);
    assert_int_equal(strlen(t), len);
    if (u != small)
        free(u);
    if (t != buf)
        free(t);
    if (d != jbuf)
        free(d);
    json_decref(j);
    text_checked++;
}

static void test_text_matches_jansson(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(6);
    jong_error err;
    assert_int_equal(jong_ruleset_apply(&rs, "multiple_winners=on,start_score=-1000", &err), JONG_OK);
    play_spec_games(&(jong_table){.rules = &rs, .seed = 31, .sink = compare_text}, mixed, 20, NULL);
    /* a win with every pattern slot used and every flag, and events out of the ordinary */
    jong_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = JONG_EV_WIN;
    ev.actor = 2;
    ev.target = -1;
    ev.tile = JONG_TILE_FLOWER_BASE + 5;
    ev.win_flags = 0x7f;
    ev.tai.nentries = JONG_TAI_MAX_ENTRIES;
    for (int i = 0; i < JONG_TAI_MAX_ENTRIES; i++) {
        ev.tai.entries[i].pattern = (uint8_t)(i % JONG_TAI_PATTERNS);
        ev.tai.entries[i].tai = (int16_t)(i * 1000 - 20000);
    }
    ev.deltas[0] = INT32_MIN;
    ev.scores[3] = INT32_MAX;
    compare_text(NULL, &ev);
    for (int t = 0; t < JONG_EV_TYPES + 2; t++) {
        memset(&ev, 0, sizeof ev);
        ev.type = (uint8_t)t;
        ev.actor = -1;
        ev.target = -1;
        ev.tile = JONG_HIDDEN;
        ev.round_wind = 7;
        ev.nconsumed = 9;
        compare_text(NULL, &ev);
    }
    assert_true(text_checked > 1000);
}

static void test_header(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(2);
    rs.multiple_winners = true;
    record_buf rb = write_games(&rs, 12345, 3, 1, mixed);
    lines L = split(&rb);
    json_t *h = parse(L.line[0]);
    assert_string_equal(type_of(h), "jong_record");
    assert_int_equal(json_integer_value(json_object_get(h, "format")), JONG_RECORD_FORMAT);
    assert_string_equal(json_string_value(json_object_get(h, "program")), "jong " JONG_VERSION);
    json_t *rules = json_object_get(h, "rules");
    assert_string_equal(json_string_value(json_object_get(rules, "variant")), "taiwan");
    int n = jong_ruleset_option_count(&rs);
    assert_true(n >= 13);
    assert_int_equal((int)json_object_size(rules), n + 1);
    for (int i = 0; i < n; i++) {
        char value[128];
        const char *name = jong_ruleset_option(&rs, i, value, sizeof value);
        assert_non_null(json_object_get(rules, name));
        assert_string_equal(json_string_value(json_object_get(rules, name)), value);
    }
    assert_string_equal(json_string_value(json_object_get(rules, "multiple_winners")), "on");
    assert_string_equal(json_string_value(json_object_get(rules, "hands")), "2");
    assert_string_equal(json_string_value(json_object_get(h, "seed")), "12345");
    assert_int_equal(json_integer_value(json_object_get(h, "game")), 3);
    json_t *p = json_object_get(h, "players");
    assert_int_equal(json_array_size(p), 4);
    for (int s = 0; s < JONG_SEATS; s++)
        assert_string_equal(json_string_value(json_array_get(p, (size_t)s)), mixed[s]);
    json_decref(h);
    /* the header's key order is fixed, so the line starts the same way every time */
    assert_memory_equal(L.line[0], "{\"type\":\"jong_record\",\"format\":1,", 32);

    /* then start_game with the names, start_kyoku with the deal, and end_game last */
    json_t *sg = parse(L.line[1]);
    assert_string_equal(type_of(sg), "start_game");
    assert_string_equal(json_string_value(json_array_get(json_object_get(sg, "names"), 1)), "random");
    json_decref(sg);
    json_t *sk = parse(L.line[2]);
    assert_string_equal(type_of(sk), "start_kyoku");
    assert_string_equal(json_string_value(json_object_get(sk, "bakaze")), "E");
    assert_int_equal(json_integer_value(json_object_get(sk, "kyoku")), 1);
    assert_int_equal(json_integer_value(json_object_get(sk, "oya")), 0);
    json_t *tehais = json_object_get(sk, "tehais");
    assert_int_equal(json_array_size(tehais), 4);
    assert_int_equal(json_array_size(json_array_get(tehais, 0)), 17);
    for (int s = 1; s < JONG_SEATS; s++)
        assert_int_equal(json_array_size(json_array_get(tehais, (size_t)s)), 16);
    json_decref(sk);
    json_t *eg = parse(L.line[L.n - 1]);
    assert_string_equal(type_of(eg), "end_game");
    json_decref(eg);
    free_lines(&L);
    free(rb.data);
}

/* Seeds use all 64 bits: written as a decimal string, read back exactly. */
static void test_big_seed(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(1);
    uint64_t seed = UINT64_MAX - 58;
    record_buf rb = write_games(&rs, seed, 0, 1, mixed);
    assert_non_null(strstr(rb.data, "\"seed\":\"18446744073709551557\""));
    jong_replay_stats st;
    jong_error err;
    assert_int_equal(verify_bytes(rb.data, rb.len, &st, &err), JONG_OK);
    assert_int_equal(st.games, 1);
    /* a seed one off plays other walls: the first start_kyoku no longer matches */
    char *p = strstr(rb.data, "551557");
    p[5] = '6';
    expect_failure(verify_bytes(rb.data, rb.len, &st, &err), &st, &err, 3, "recorded start_kyoku with tehais");
    free(rb.data);
}

static void test_same_seed_same_bytes(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(4);
    record_buf a = write_games(&rs, 99, 0, 2, mixed);
    record_buf b = write_games(&rs, 99, 0, 2, mixed);
    record_buf c = write_games(&rs, 100, 0, 2, mixed);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.data, b.data, a.len);
    assert_true(a.len != c.len || memcmp(a.data, c.data, a.len));
    free(a.data);
    free(b.data);
    free(c.data);
}

/* A stream that cannot be written: the error comes back from finish. */
static void test_write_error(void **state)
{
    (void)state;
    FILE *f = fopen("/dev/full", "w");
    if (!f)
        skip();
    jong_ruleset rs = short_games(1);
    jong_record_writer *w;
    jong_error err;
    assert_int_equal(jong_record_writer_new(f, &rs, 1, 0, mixed, &w, &err), JONG_OK);
    jong_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = JONG_EV_END_GAME;
    for (int i = 0; i < 10000; i++)
        jong_record_writer_event(w, &ev);
    assert_int_equal(jong_record_writer_finish(w, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "writing the record failed"));
    fclose(f);
}

/* ---- replays that verify -------------------------------------------------------------------- */

static void test_replay_verifies(void **state)
{
    (void)state;
    jong_ruleset rs = taiwan();  /* full games */
    static const char *const orders[][JONG_SEATS] = {
        {"greedy", "random", "greedy", "random"},
        {"random", "random", "random", "random"},
        {"greedy", "greedy", "greedy", "greedy"},
    };
    char *all = NULL;
    size_t all_len = 0;
    FILE *f = open_memstream(&all, &all_len);
    int hands = 0, games = 0;
    for (int k = 0; k < 3; k++) {
        record_buf rb = write_games(&rs, 2024 + (uint64_t)k, k, 1, orders[k]);
        jong_replay_stats st;
        jong_error err;
        int rc = verify_bytes(rb.data, rb.len, &st, &err);
        if (rc)
            fprintf(stderr, "%s\n", err.msg);
        assert_int_equal(rc, JONG_OK);
        assert_int_equal(st.games, 1);
        assert_int_equal(st.hands, rb.hands);
        assert_int_equal(st.events, count_lines(rb.data, rb.len) - 1);
        assert_int_equal(st.error_line, 0);
        fwrite(rb.data, 1, rb.len, f);
        hands += rb.hands;
        games++;
        free(rb.data);
    }
    fclose(f);
    /* several games in one file, each with its own header (and its own seed) */
    jong_replay_stats st;
    jong_error err;
    assert_int_equal(verify_bytes(all, all_len, &st, &err), JONG_OK);
    assert_int_equal(st.games, games);
    assert_int_equal(st.hands, hands);
    assert_int_equal(st.events, count_lines(all, all_len) - games);
    free(all);
}

/* Other options (several winners, special hands, kong tai, a cap, a dead wall growing with
 * kongs, no flowers); every event type turns up and verifies. */
static void test_replay_options(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(8);
    jong_error err;
    assert_int_equal(jong_ruleset_apply(&rs, "multiple_winners=on,special_hands=all,kong_tai=exposed1-concealed2,"
                                             "tai_cap=8,dead_wall=16+kong,seat_wind=wall-break-east,base=50,unit=10",
                                        &err), JONG_OK);
    /* batches of games until every event type, a robbed kong and two winners on one discard
     * have turned up (the first 60 games do it today; players may change) */
    bool seen[JONG_EV_TYPES + 2] = {false}, all = false;
    int games = 0;
    jong_replay_stats st;
    while (!all && games < 600) {
        record_buf rb = write_games(&rs, 3, games, 30, mixed);
        int rc = verify_bytes(rb.data, rb.len, &st, &err);
        if (rc)
            fprintf(stderr, "%s\n", err.msg);
        assert_int_equal(rc, JONG_OK);
        assert_int_equal(st.games, 30);
        games += 30;
        all = true;
        for (int t = 0; t < JONG_EV_TYPES; t++) {
            if (t >= JONG_EV_REACH)
                continue;  /* riichi events: seen in the riichi records below */
            char key[64];
            snprintf(key, sizeof key, "{\"type\":\"%s\"", jong_event_type_name(t));
            seen[t] |= strstr(rb.data, key) != NULL;
            all &= seen[t];
        }
        seen[JONG_EV_TYPES] |= strstr(rb.data, "\"robbing_kong\"") != NULL;
        seen[JONG_EV_TYPES + 1] |= strstr(rb.data, "\"flags\":[]}\n{\"type\":\"hora\"") != NULL;
        all &= seen[JONG_EV_TYPES] && seen[JONG_EV_TYPES + 1];
        free(rb.data);
    }
    for (int t = 0; t < JONG_EV_TYPES + 2; t++)
        if (!seen[t] && (t < JONG_EV_REACH || t >= JONG_EV_TYPES))
            fprintf(stderr, "not seen in %d games: %s\n", games,
                    t < JONG_EV_TYPES ? jong_event_type_name(t) : t == JONG_EV_TYPES ? "robbing_kong" : "two hora");
    assert_true(all);

    jong_ruleset nf = short_games(4);
    assert_int_equal(jong_ruleset_apply(&nf, "flowers=off,dead_wall=0,missed_win=off", &err), JONG_OK);
    record_buf rb = write_games(&nf, 4, 0, 10, mixed);
    assert_null(strstr(rb.data, "\"flower\""));
    assert_int_equal(verify_bytes(rb.data, rb.len, &st, &err), JONG_OK);
    assert_int_equal(st.games, 10);
    free(rb.data);
}

/* ---- damage --------------------------------------------------------------------------------- */

/* The kinds seat `actor` may hold at line `at`: every kind dealt to it, drawn by it or claimed by
 * it since the hand's start_kyoku. */
static void kinds_seen(const lines *L, int at, int actor, bool seen[JONG_KINDS + JONG_FLOWERS])
{
    int start = at;
    for (;;) {
        json_t *j = parse(L->line[start]);
        bool sk = !strcmp(type_of(j), "start_kyoku");
        if (sk) {
            json_t *mine = json_array_get(json_object_get(j, "tehais"), (size_t)actor);
            for (size_t i = 0; i < json_array_size(mine); i++)
                seen[record_tile_code(json_string_value(json_array_get(mine, i)))] = true;
        }
        json_decref(j);
        if (sk)
            break;
        start--;
    }
    for (int i = start + 1; i < at; i++) {
        json_t *j = parse(L->line[i]);
        const char *t = type_of(j);
        if (json_integer_value(json_object_get(j, "actor")) == actor &&
            (!strcmp(t, "tsumo") || !strcmp(t, "chi") || !strcmp(t, "pon") || !strcmp(t, "daiminkan")))
            seen[record_tile_code(json_string_value(json_object_get(j, "pai")))] = true;
        json_decref(j);
    }
}

static void test_changed_discard(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(3);
    record_buf rb = write_games(&rs, 77, 0, 1, mixed);
    lines L = split(&rb);
    for (int k = 0; k < 40; k += 3) {
        int i = find_line(&L, "dahai", -1, k);
        assert_true(i > 0);
        json_t *j = parse(L.line[i]);
        int actor = (int)json_integer_value(json_object_get(j, "actor"));
        bool seen[JONG_KINDS + JONG_FLOWERS] = {false};
        kinds_seen(&L, i, actor, seen);
        int kind = 0;
        while (seen[kind])
            kind++;
        assert_true(kind < JONG_KINDS);
        char *orig = strdup(L.line[i]);

        /* a kind the seat cannot hold: an illegal action on that very line */
        json_object_set_new(j, "pai", json_string(record_tile_name(kind)));
        char *text = json_dumps(j, RECORD_JSON_FLAGS);
        set_line(&L, i, text);
        free(text);
        jong_replay_stats st;
        jong_error err;
        char what[64];
        snprintf(what, sizeof what, "illegal action discard %s for seat %d", record_tile_name(kind), actor);
        expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, i + 1, what);

        /* the same discard with tsumogiri flipped: the engine's event differs on that line */
        json_t *o = parse(orig);
        json_object_set_new(o, "tsumogiri", json_boolean(!json_is_true(json_object_get(o, "tsumogiri"))));
        text = json_dumps(o, RECORD_JSON_FLAGS);
        set_line(&L, i, text);
        free(text);
        expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, i + 1,
                       "recorded dahai with tsumogiri = ");
        json_decref(o);

        /* and a discard by the wrong seat */
        o = parse(orig);
        json_object_set_new(o, "actor", json_integer((actor + 1) % 4));
        text = json_dumps(o, RECORD_JSON_FLAGS);
        set_line(&L, i, text);
        free(text);
        expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, i + 1, "is to play here");
        json_decref(o);

        set_line(&L, i, orig);
        free(orig);
        json_decref(j);
    }
    jong_replay_stats st;
    jong_error err;
    assert_int_equal(verify_lines(&L, L.n, -1, true, &st, &err), JONG_OK);
    free_lines(&L);
    free(rb.data);
}

/* A deleted line: the line now in its place is wrong, whatever kind the deleted one was. */
static void test_deleted_line(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(3);
    record_buf rb = write_games(&rs, 5, 0, 1, mixed);
    lines L = split(&rb);
    static const char *const types[] = {"start_game", "start_kyoku", "tsumo", "dahai", "flower", "chi",
                                        "pon", "hora", "ryukyoku", "end_kyoku"};
    int tried = 0;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        for (int k = 0; k < 2; k++) {
            int i = find_line(&L, types[t], -1, k);
            if (i < 0)
                continue;
            jong_replay_stats st;
            jong_error err;
            int rc = verify_lines(&L, L.n, i, true, &st, &err);
            expect_failure(rc, &st, &err, i + 1, "");
            tried++;
        }
    assert_true(tried >= 12);
    /* deleting the last line (end_game): the record ends before the game */
    jong_replay_stats st;
    jong_error err;
    expect_failure(verify_lines(&L, L.n, L.n - 1, true, &st, &err), &st, &err, L.n, "ends in the middle of game 0");
    /* deleting the header: the first line is not one */
    expect_failure(verify_lines(&L, L.n, 0, true, &st, &err), &st, &err, 1, "not a record header");
    free_lines(&L);
    free(rb.data);
}

static void test_truncated(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(2);
    record_buf rb = write_games(&rs, 8, 0, 2, mixed);
    lines L = split(&rb);
    int second = find_line(&L, "jong_record", -1, 1);
    assert_true(second > 0);
    jong_replay_stats st;
    jong_error err;
    /* cut after n whole lines: the error names line n + 1 */
    for (int n = 1; n < L.n; n += (n < 40 ? 1 : 37)) {
        if (n == second)
            continue;  /* the first game is whole: that file verifies */
        expect_failure(verify_lines(&L, n, -1, true, &st, &err), &st, &err, n + 1, "the record ends in the middle of game");
        assert_true(st.events <= n);
    }
    assert_int_equal(verify_lines(&L, second, -1, true, &st, &err), JONG_OK);
    assert_int_equal(st.games, 1);
    /* a whole file without its last newline still verifies */
    assert_int_equal(verify_lines(&L, L.n, -1, false, &st, &err), JONG_OK);
    assert_int_equal(st.games, 2);
    /* cut inside a line: that line is not JSON */
    for (int n = 1; n < L.n; n += 53) {
        char *orig = strdup(L.line[n]);
        L.line[n][strlen(orig) / 2] = 0;
        expect_failure(verify_lines(&L, n + 1, -1, false, &st, &err), &st, &err, n + 1, "not valid JSON");
        set_line(&L, n, orig);
        free(orig);
    }
    /* an empty file */
    expect_failure(verify_bytes("", 0, &st, &err), &st, &err, 1, "the record is empty");
    free_lines(&L);
    free(rb.data);
}

static void test_bad_lines(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(1);
    record_buf rb = write_games(&rs, 9, 0, 1, mixed);
    lines L = split(&rb);
    static const struct {
        const char *text, *what;
    } bad[] = {
        {"{bad json", "not valid JSON"},
        {"", "not valid JSON"},
        {"[1,2,3]", "not a JSON object"},
        {"\"dahai\"", "not valid JSON"},
        {"{}", ""},
        {"{\"type\":3}", ""},
        {"{\"type\":\"dahai\",\"actor\":0,\"actor\":1}", "not valid JSON"},
        {"{\"type\":\"dahai\"} trailing", "not valid JSON"},
        {"\x01\x02\xff\xfe", "not valid JSON"},
        {"{\"type\":\"nonsense\"}", ""},
    };
    int dahai = find_line(&L, "dahai", -1, 2), tsumo = find_line(&L, "tsumo", -1, 5), sk = find_line(&L, "start_kyoku", -1, 0);
    int where[] = {dahai, tsumo, sk, 1, L.n - 1};
    for (size_t w = 0; w < sizeof where / sizeof where[0]; w++)
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            int i = where[w];
            char *orig = strdup(L.line[i]);
            set_line(&L, i, bad[b].text);
            jong_replay_stats st;
            jong_error err;
            expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, i + 1, bad[b].what);
            set_line(&L, i, orig);
            free(orig);
        }
    /* fields a decision needs: missing or of the wrong kind */
    static const char *const broken_dahai[] = {
        "{\"type\":\"dahai\",\"pai\":\"5m\",\"tsumogiri\":false}",
        "{\"type\":\"dahai\",\"actor\":\"0\",\"pai\":\"5m\",\"tsumogiri\":false}",
        "{\"type\":\"dahai\",\"actor\":-1,\"pai\":\"5m\",\"tsumogiri\":false}",
        "{\"type\":\"dahai\",\"actor\":99999999999999999999,\"pai\":\"5m\"}",
        "{\"type\":\"dahai\",\"actor\":0,\"tsumogiri\":false}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5x\",\"tsumogiri\":false}",
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":5,\"tsumogiri\":false}",
        "{\"type\":\"ankan\",\"actor\":0}",
        "{\"type\":\"ankan\",\"actor\":0,\"consumed\":[]}",
        "{\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"E\",\"E\",\"E\",\"E\",\"E\"]}",
    };
    int first = find_line(&L, "dahai", 0, 0);
    for (size_t b = 0; b < sizeof broken_dahai / sizeof broken_dahai[0]; b++) {
        char *orig = strdup(L.line[first]);
        set_line(&L, first, broken_dahai[b]);
        jong_replay_stats st;
        jong_error err;
        expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, first + 1, "");
        set_line(&L, first, orig);
        free(orig);
    }
    free_lines(&L);
    free(rb.data);
}

static void test_bad_header(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(1);
    record_buf rb = write_games(&rs, 10, 0, 2, mixed);
    lines L = split(&rb);
    int second = find_line(&L, "jong_record", -1, 1);
    static const struct {
        const char *from, *to, *what;
    } edits[] = {
        {"\"flowers\":\"on\"", "\"flowerz\":\"on\"", "rules: unknown rule option 'flowerz'"},
        {"\"flowers\":\"on\"", "\"flowers\":\"maybe\"", "rules: rule option flowers: bad value 'maybe'"},
        {"\"flowers\":\"on\"", "\"flowers\":true", "rules: option \"flowers\" must have a string value"},
        {"\"variant\":\"taiwan\"", "\"variant\":\"riichi\"", "unknown rule option 'flowers' for riichi rules"},
        {"\"variant\":\"taiwan\"", "\"variant\":\"mahjong\"", "\"variant\" must be \"taiwan\""},
        {"\"format\":1", "\"format\":2", "record format 2 is not supported"},
        {"\"format\":1", "\"formats\":1", "record format (missing) is not supported"},
        {"\"seed\":\"10\"", "\"seed\":\"-10\"", "\"seed\" must be"},
        {"\"seed\":\"10\"", "\"seed\":\"18446744073709551616\"", "\"seed\" must be"},
        {"\"seed\":\"10\"", "\"seed\":\"\"", "\"seed\" must be"},
        {"\"seed\":\"10\"", "\"seed\":1.5", "\"seed\" must be"},
        {"\"game\":", "\"game\":1e9,\"gam\":", "\"game\" must be"},
        {"\"players\":[\"greedy\",", "\"players\":[", "\"players\" must list 4 players"},
        {"\"players\":[\"greedy\",", "\"players\":[7,", "\"players\" must be 4 strings"},
        {"\"rules\":{", "\"rulez\":{", "no \"rules\" object"},
    };
    for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++)
        for (int which = 0; which < 2; which++) {
            int i = which ? second : 0;
            char *orig = strdup(L.line[i]);
            char *p = strstr(orig, edits[e].from);
            assert_non_null(p);
            size_t fl = strlen(edits[e].from), tl = strlen(edits[e].to);
            char *text = malloc(strlen(orig) + tl + 1);
            memcpy(text, orig, (size_t)(p - orig));
            memcpy(text + (p - orig), edits[e].to, tl);
            strcpy(text + (p - orig) + tl, p + fl);
            set_line(&L, i, text);
            jong_replay_stats st;
            jong_error err;
            expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, i + 1, edits[e].what);
            assert_int_equal(st.games, which);
            set_line(&L, i, orig);
            free(text);
            free(orig);
        }
    /* a seed given as a JSON integer is accepted too */
    char *orig = strdup(L.line[0]);
    char *p = strstr(L.line[0], "\"seed\":\"10\"");
    memmove(p + 7, p + 8, strlen(p + 8) + 1);   /* drop the opening quote */
    p = strstr(L.line[0], "10\"");
    memmove(p + 2, p + 3, strlen(p + 3) + 1);   /* and the closing one */
    jong_replay_stats st;
    jong_error err;
    assert_int_equal(verify_lines(&L, L.n, -1, true, &st, &err), JONG_OK);
    set_line(&L, 0, orig);
    free(orig);
    /* an extra line after the last game */
    L.line[L.n - 1] = realloc(L.line[L.n - 1], strlen(L.line[L.n - 1]) + 40);
    strcat(L.line[L.n - 1], "\n{\"type\":\"end_game\"}");
    expect_failure(verify_lines(&L, L.n, -1, true, &st, &err), &st, &err, L.n + 1,
                   "after game 1's end_game: expected the header of another game, found end_game");
    assert_int_equal(st.games, 2);
    free_lines(&L);
    free(rb.data);
}

/* A record that does not end with end_game's newline, fed through a real file by path. */
static void test_verify_path(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(1);
    record_buf rb = write_games(&rs, 11, 0, 1, mixed);
    char path[] = "/tmp/jong_record_testXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fwrite(rb.data, 1, rb.len, f);
    fclose(f);
    jong_replay_stats st;
    jong_error err;
    assert_int_equal(jong_replay_verify(path, &st, &err), JONG_OK);
    assert_int_equal(st.games, 1);
    remove(path);
    assert_int_equal(jong_replay_verify(path, &st, &err), JONG_ERR_IO);
    assert_int_equal(st.error_line, 0);
    free(rb.data);
}

/* ---- fuzzing -------------------------------------------------------------------------------- */

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Random damage to a record never crashes the replay; a failure names a line at or after the
 * first damaged one, and never past the end. */
static void test_fuzz(void **state)
{
    (void)state;
    jong_ruleset rs = short_games(2);
    record_buf rb = write_games(&rs, 12, 0, 1, mixed);
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    int rounds = SANITIZED ? 300 : 1500, failures = 0;
    const char *env = getenv("JONG_RECORD_FUZZ");  /* more rounds, for a longer hunt */
    if (env && *env)
        rounds = atoi(env);
    if (env && getenv("JONG_RECORD_FUZZ_SEED"))
        seed = strtoull(getenv("JONG_RECORD_FUZZ_SEED"), NULL, 10) | 1;
    static const char charset[] = "{}[]\":,0123456789truefalsn \\mpsESWNPFCf-";
    for (int r = 0; r < rounds; r++) {
        lines L = split(&rb);
        int first = L.n;
        int edits = 1 + (int)(xorshift(&seed) % 3);
        for (int e = 0; e < edits; e++) {
            int i = (int)(xorshift(&seed) % (uint64_t)L.n);
            char *s = L.line[i];
            size_t len = strlen(s);
            int kind = (int)(xorshift(&seed) % 6);
            if (kind == 0 && len) {          /* change one byte */
                s[xorshift(&seed) % len] = charset[xorshift(&seed) % (sizeof charset - 1)];
            } else if (kind == 1 && len) {   /* cut the line */
                s[xorshift(&seed) % len] = 0;
            } else if (kind == 2 && len > 1) { /* drop a byte */
                size_t at = xorshift(&seed) % len;
                memmove(s + at, s + at + 1, len - at);
            } else if (kind == 3) {          /* a byte of any value */
                if (len)
                    s[xorshift(&seed) % len] = (char)(1 + xorshift(&seed) % 255);
            } else if (kind == 4 && i + 1 < L.n) { /* swap with the next line */
                char *t = L.line[i];
                L.line[i] = L.line[i + 1];
                L.line[i + 1] = t;
            } else {                         /* a digit changed in place */
                for (size_t k = 0; k < len; k++)
                    if (s[k] >= '0' && s[k] <= '9' && xorshift(&seed) % 8 == 0) {
                        s[k] = (char)('0' + xorshift(&seed) % 10);
                        break;
                    }
            }
            if (i < first)
                first = i;
        }
        jong_replay_stats st;
        jong_error err;
        int rc = verify_lines(&L, L.n, -1, true, &st, &err);
        if (rc) {
            failures++;
            char prefix[32];
            snprintf(prefix, sizeof prefix, "line %d: ", st.error_line);
            if (st.error_line < first + 1 || st.error_line > L.n + 1 || strncmp(err.msg, prefix, strlen(prefix))) {
                fprintf(stderr, "round %d: damage from line %d, error at line %d: %s\n", r, first + 1,
                        st.error_line, err.msg);
                fail();
            }
            for (const char *p = err.msg; *p; p++)
                assert_true(*p >= 0x20 && *p < 0x7f);
        }
        free_lines(&L);
    }
    assert_true(failures > rounds / 2);
    free(rb.data);
}

/* ---- many games ----------------------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Full self-play games, written and replayed in batches (several games per file). */
static void test_many_games(void **state)
{
    (void)state;
    int games = SANITIZED ? 200 : 1000;
    const char *env = getenv("JONG_RECORD_GAMES");
    if (env && *env)
        games = atoi(env);
    jong_ruleset rs = taiwan();
    double write_s = 0, replay_s = 0;
    long long events = 0, hands = 0;
    const int batch = 50;
    for (int g = 0; g < games; g += batch) {
        int n = games - g < batch ? games - g : batch;
        double t0 = now();
        record_buf rb = write_games(&rs, 7, g, n, mixed);
        double t1 = now();
        jong_replay_stats st;
        jong_error err;
        int rc = verify_bytes(rb.data, rb.len, &st, &err);
        replay_s += now() - t1;
        write_s += t1 - t0;
        if (rc)
            fprintf(stderr, "games %d..%d: %s\n", g, g + n - 1, err.msg);
        assert_int_equal(rc, JONG_OK);
        assert_int_equal(st.games, n);
        assert_int_equal(st.hands, rb.hands);
        assert_int_equal(st.events, count_lines(rb.data, rb.len) - n);
        events += st.events;
        hands += st.hands;
        free(rb.data);
    }
    printf("# %d games, %lld hands, %lld events: play+write %.1f s, replay %.1f s\n", games, hands, events,
           write_s, replay_s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tile_names),
        cmocka_unit_test(test_text_matches_jansson),
        cmocka_unit_test(test_header),
        cmocka_unit_test(test_big_seed),
        cmocka_unit_test(test_same_seed_same_bytes),
        cmocka_unit_test(test_write_error),
        cmocka_unit_test(test_replay_verifies),
        cmocka_unit_test(test_replay_options),
        cmocka_unit_test(test_changed_discard),
        cmocka_unit_test(test_deleted_line),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_bad_header),
        cmocka_unit_test(test_verify_path),
        cmocka_unit_test(test_fuzz),
        cmocka_unit_test(test_many_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
