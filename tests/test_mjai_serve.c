/* The mjai server (jong_mjai_serve) on 127.0.0.1 with clients in threads of this test: a game
 * served to four Jong bots gives the record the same seed gives at a table of the same players
 * in one process; clients that send malformed, unknown, incomplete, out-of-turn and illegal
 * answers, that disconnect or stall, or that never join properly get error lines while their
 * tables play on; and 16 tables of 4 clients play at once to their end, every record replaying
 * through the engine. Everything is bounded by the per-answer timeout: no test waits on luck.
 * The waits for the server (its port, a client's join) have a deadline of WAIT_MS and say what
 * they awaited; the per-answer timeouts are wide enough for a loaded machine (see below). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <sys/socket.h>

#include <cmocka.h>
#include <jansson.h>

#include "jong/mjai.h"
#include "jong/mjai_serve.h"
#include "jong/player.h"
#include "jong/rules.h"
#include "jong/table.h"

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* the longest a test waits for the server to say something (as tests/support/wait.sh) */
enum { WAIT_MS = 120000 };

/* ---- the server in a thread ---- */

typedef struct {
    jong_mjai_serve_opts o;
    pthread_t thread;
    atomic_int port;
    int rc;
    jong_error err;
    pthread_mutex_t lock;
    char said[64][300]; /* the first log lines */
    atomic_int nsaid;
    jong_mjai_served_game games[32];
    int ngames;
    int running, peak; /* tables under way, most at once */
    char dir[64];
} server_run;

static void on_listen(void *ctx, const char *host, int port)
{
    (void)host;
    atomic_store(&((server_run *)ctx)->port, port);
}

static void on_say(void *ctx, const char *line)
{
    server_run *r = ctx; /* the server calls one callback at a time */
    if (strstr(line, ": started"))
        r->peak = ++r->running > r->peak ? r->running : r->peak;
    int n = atomic_load(&r->nsaid);
    if (n < 64) {
        snprintf(r->said[n], sizeof r->said[0], "%s", line);
        atomic_store(&r->nsaid, n + 1);
    }
}

static void on_game(void *ctx, const jong_mjai_served_game *g)
{
    server_run *r = ctx;
    r->running--;
    if (r->ngames < 32)
        r->games[r->ngames++] = *g;
}

static void *serve_main(void *arg)
{
    server_run *r = arg;
    r->rc = jong_mjai_serve(&r->o, &r->err);
    atomic_store(&r->port, -1); /* also when it failed before listening */
    return NULL;
}

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits until the server has said n lines (e.g. a client joined), or fails naming what it awaited. */
static void wait_said(server_run *r, int n, const char *what)
{
    int64_t t0 = mono_ms();
    while (atomic_load(&r->nsaid) < n) {
        if (mono_ms() - t0 > WAIT_MS) {
            int k = atomic_load(&r->nsaid);
            fail_msg("timed out after %d s waiting for %s (server line %d); it said %d lines, the last: '%s'",
                     WAIT_MS / 1000, what, n, k, k ? r->said[k - 1] : "");
        }
        nap_ms(1);
    }
}

/* Start a server of `games` games of hands hands (0: tonpu); returns its port. more (may be
 * NULL) gives the seats the server plays itself, max_waiting and the stop flags. */
static int start_server_with(server_run *r, int games, int hands, uint64_t seed, int timeout_ms,
                             const jong_mjai_serve_opts *more)
{
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    snprintf(r->dir, sizeof r->dir, "/tmp/jong-serve-XXXXXX");
    assert_non_null(mkdtemp(r->dir));
    jong_ruleset_default(&r->o.rules, JONG_VARIANT_RIICHI);
    r->o.rules.tonpuu = true;
    r->o.rules.hands = hands;
    r->o.games = games;
    r->o.seed = seed;
    r->o.timeout_ms = timeout_ms;
    r->o.out_dir = r->dir;
    r->o.now_ms = mono_ms;
    r->o.on_listen = on_listen;
    r->o.say = on_say;
    r->o.on_game = on_game;
    r->o.ctx = r;
    if (more) {
        memcpy(r->o.seats, more->seats, sizeof r->o.seats);
        r->o.max_waiting = more->max_waiting;
        r->o.stop = more->stop;
        r->o.abandon = more->abandon;
    }
    assert_int_equal(pthread_create(&r->thread, NULL, serve_main, r), 0);
    int64_t t0 = mono_ms();
    while (atomic_load(&r->port) == 0) {
        if (mono_ms() - t0 > WAIT_MS)
            fail_msg("timed out after %d s waiting for the server thread to listen (its port)", WAIT_MS / 1000);
        nap_ms(1);
    }
    if (atomic_load(&r->port) < 0)
        fail_msg("the server ended before it listened: %s", r->err.msg);
    return atomic_load(&r->port);
}

static int start_server(server_run *r, int games, int hands, uint64_t seed, int timeout_ms)
{
    return start_server_with(r, games, hands, seed, timeout_ms, NULL);
}

static void finish_server(server_run *r)
{
    pthread_join(r->thread, NULL);
    if (r->rc)
        fail_msg("server: %s", r->err.msg);
}

static bool said(const server_run *r, const char *what)
{
    for (int i = 0; i < r->nsaid; i++)
        if (strstr(r->said[i], what))
            return true;
    return false;
}

static void remove_dir(server_run *r)
{
    for (int g = 0; g < r->ngames; g++)
        if (r->games[g].record[0])
            unlink(r->games[g].record);
    rmdir(r->dir);
}

/* Every record the server wrote replays through the engine, each action legal, each score equal. */
static void verify_records(const server_run *r)
{
    for (int g = 0; g < r->ngames; g++) {
        assert_int_equal(r->games[g].error, JONG_OK);
        jong_mjai_log log;
        jong_mjai_log_init(&log);
        jong_error err;
        if (jong_mjai_read_file(r->games[g].record, &log, &err))
            fail_msg("%s", err.msg);
        jong_mjai_replay_stats st;
        if (jong_mjai_replay(&log, &st, &err))
            fail_msg("%s: %s", r->games[g].record, err.msg);
        assert_true(log.complete);
        assert_false(st.cut);
        jong_mjai_log_free(&log);
    }
}

/* ---- clients ---- */

typedef struct {
    int port;
    char room[32], name[32];
    const char *mode; /* "bot", or a scripted client: "bad", "quit", "stall", "garbage-join", ... */
    pthread_t thread;
    int rc;
} client_run;

static int connect_to(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

static void say_line(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say_line(int fd, const char *fmt, ...)
{
    static _Thread_local char buf[65536]; /* a long "log" answer fits */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof buf - 1);
    buf[n++] = '\n';
    (void)!send(fd, buf, (size_t)n, MSG_NOSIGNAL);
}

/* Sends line (a newline added) one byte every 45 ms, until it is all out or the server has
 * closed the connection. */
static void trickle_line(int fd, const char *line)
{
    size_t n = strlen(line);
    for (size_t i = 0; i <= n; i++)
        if (send(fd, i < n ? line + i : "\n", 1, MSG_NOSIGNAL) != 1)
            return;
        else
            nap_ms(45);
}

/* 60,000 bytes of "log" text, a two-byte character astride the record's cut at 1,024 bytes. */
static json_t *big_log(void)
{
    static char text[60001];
    memset(text, 'x', sizeof text - 1);
    memcpy(text + JONG_MJAI_LOG_MAX - 1, "\xc3\xa9", 2);
    return json_string(text);
}

/* A client written out by hand: answers what its mode says, reading until the server closes. */
static int scripted(client_run *c)
{
    int fd = connect_to(c->port);
    if (fd < 0)
        return -1;
    FILE *in = fdopen(fd, "r");
    char *line = NULL;
    size_t cap = 0;
    if (getline(&line, &cap, in) <= 0 || !strstr(line, "hello")) {
        fclose(in);
        free(line);
        return -1;
    }
    if (!strcmp(c->mode, "garbage-join"))
        say_line(fd, "{\"type\":\"join\",\"name\":");
    else if (!strcmp(c->mode, "wrong-join"))
        say_line(fd, "{\"type\":\"none\"}");
    else if (strcmp(c->mode, "no-join"))
        say_line(fd, "{\"type\":\"join\",\"name\":\"%s\",\"room\":\"%s\"}", c->name, c->room);
    int seat = -1, decisions = 0, lines = 0;
    bool out_of_turn = false;
    while (getline(&line, &cap, in) > 0) {
        lines++;
        json_t *ev = json_loads(line, 0, NULL);
        const char *type = json_string_value(json_object_get(ev, "type"));
        json_t *pa = json_object_get(ev, "possible_actions");
        if (type && !strcmp(type, "start_game"))
            seat = (int)json_integer_value(json_object_get(ev, "id"));
        if (!strcmp(c->mode, "quit") && lines == 20) {
            json_decref(ev);
            break; /* gone in the middle of the game */
        }
        if (!strcmp(c->mode, "stall") && lines >= 15) {
            json_decref(ev);
            continue; /* reads on, answers nothing */
        }
        if (!strcmp(c->mode, "trickle") && pa && json_array_size(pa) > 0) {
            /* at its first decision, a valid answer of 4,000 bytes (spaces inside), one byte
             * every 45 ms: 3 minutes */
            static char slow[4001];
            memset(slow, ' ', sizeof slow - 1);
            memcpy(slow, "{\"type\":\"none\"", 14);
            slow[sizeof slow - 2] = '}';
            trickle_line(fd, slow);
            json_decref(ev);
            continue;
        }
        if (pa && json_array_size(pa) > 0 && !strcmp(c->mode, "bad") && decisions < 4) {
            /* at its first decisions: malformed JSON, an unknown type, a missing field, an
             * illegal win */
            static const char *const wrong[] = {"{\"type\":\"dahai\",", "{\"type\":\"frobnicate\"}",
                                                "{\"type\":\"dahai\",\"actor\":%d}",
                                                "{\"type\":\"hora\",\"actor\":%d,\"target\":%d,\"pai\":\"1m\"}"};
            say_line(fd, wrong[decisions], seat, seat);
            decisions++;
        } else if (pa && json_array_size(pa) > 0 && !strcmp(c->mode, "utf8") && decisions < 2) {
            /* at its first decisions, answers that are refused and quoted back: one whose 100th
             * byte is the first of a two-byte character (the quote stops at 100 bytes), one
             * with a byte that is not UTF-8 at all */
            char odd[300];
            int n = snprintf(odd, sizeof odd, "{\"type\":\"frobnicate\",\"pad\":\"");
            memset(odd + n, 'a', (size_t)(99 - n));
            snprintf(odd + 99, sizeof odd - 99, "\xc3\xa9 and more\"}");
            say_line(fd, "%s", decisions == 0 ? odd : "{\"type\":\"dahai\",\"pai\":\"\xff\"}");
            decisions++;
        } else if (pa && json_array_size(pa) > 0) {
            /* the first legal answer (a call, when one is offered), with a free text "log",
             * which the record keeps (in "biglog" mode, 60,000 bytes of it) */
            json_t *ans = json_deep_copy(json_array_get(pa, 0));
            json_object_set_new(ans, "log", !strcmp(c->mode, "biglog") ? big_log()
                                            : json_sprintf("decision %d of %s", decisions, c->name));
            char *s = json_dumps(ans, JSON_COMPACT);
            json_decref(ans);
            say_line(fd, "%s", s);
            free(s);
            decisions++;
        } else if (!strcmp(c->mode, "bad") && lines >= 4 && !out_of_turn) {
            out_of_turn = true;
            say_line(fd, "{\"type\":\"dahai\",\"actor\":%d,\"pai\":\"1m\",\"tsumogiri\":false}", seat); /* out of turn */
        } else {
            say_line(fd, "{\"type\":\"none\"}");
        }
        json_decref(ev);
    }
    free(line);
    fclose(in);
    return 0;
}

static void *client_main(void *arg)
{
    client_run *c = arg;
    if (strcmp(c->mode, "bot")) {
        c->rc = scripted(c);
        return NULL;
    }
    jong_mjai_bot *b;
    jong_error err;
    c->rc = jong_mjai_bot_new("greedy", c->name, -1, 1, &b, &err);
    if (c->rc)
        return NULL;
    char url[128];
    snprintf(url, sizeof url, "mjsonp://127.0.0.1:%d/%s", c->port, c->room);
    c->rc = jong_mjai_bot_run_tcp(b, url, NULL, NULL, &err);
    jong_mjai_bot_free(b);
    return NULL;
}

/* Clients joined one after the other (so that the seats go in this order). */
static void start_client(client_run *c, int port, const char *room, const char *name, const char *mode)
{
    memset(c, 0, sizeof *c);
    c->port = port;
    snprintf(c->room, sizeof c->room, "%s", room);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->mode = mode;
    assert_int_equal(pthread_create(&c->thread, NULL, client_main, c), 0);
}

static void join_client(client_run *c)
{
    pthread_join(c->thread, NULL);
    assert_int_equal(c->rc, 0);
}

/* ---- round trip ---- */

typedef struct {
    jong_mjai_log log;
    const char *names[4];
} local_record;

static void local_event(void *ctx, const jong_event *ev)
{
    local_record *lr = ctx;
    jong_mjai_event m;
    jong_error err;
    assert_int_equal(jong_mjai_of_engine_event(ev, &m, &err), JONG_OK);
    if (m.type == JONG_MJAI_START_GAME) {
        for (int s = 0; s < 4; s++)
            snprintf(m.names[s], sizeof m.names[s], "%s", lr->names[s]);
        m.kyoku_first = 4;
        m.aka_flag = 1;
    }
    assert_int_equal(jong_mjai_log_push(&lr->log, &m, &err), JONG_OK);
}

static void test_round_trip(void **state)
{
    (void)state;
    const uint64_t seed = 20261123;
    server_run *r = calloc(1, sizeof *r);
    int port = start_server(r, 1, 0, seed, 30000);
    client_run c[4];
    static const char *const names[4] = {"east", "south", "west", "north"};
    for (int s = 0; s < 4; s++) {
        start_client(&c[s], port, "default", names[s], "bot");
        char what[64];
        snprintf(what, sizeof what, "client '%s' to join", names[s]);
        wait_said(r, s + 1, what); /* joined: the next one takes the next seat */
    }
    for (int s = 0; s < 4; s++)
        join_client(&c[s]);
    finish_server(r);
    assert_int_equal(r->ngames, 1);
    verify_records(r);

    /* the same seed at a table of four greedy players in this process */
    jong_player *ps[4];
    jong_error err;
    for (int s = 0; s < 4; s++)
        assert_int_equal(jong_player_create("greedy", &ps[s], &err), JONG_OK);
    local_record lr;
    jong_mjai_log_init(&lr.log);
    memcpy(lr.names, names, sizeof lr.names);
    jong_table t = {.rules = &r->o.rules, .seed = seed, .game_number = 0, .sink = local_event, .sink_ctx = &lr};
    memcpy(t.players, ps, sizeof ps);
    jong_game_result res;
    assert_int_equal(jong_table_play(&t, &res, &err), JONG_OK);
    for (int s = 0; s < 4; s++)
        jong_player_free(ps[s]);

    jong_mjai_log served;
    jong_mjai_log_init(&served);
    assert_int_equal(jong_mjai_read_file(r->games[0].record, &served, &err), JONG_OK);
    assert_int_equal(served.n, lr.log.n);
    for (size_t i = 0; i < served.n; i++) {
        char a[4096], b[4096];
        size_t na, nb;
        assert_ptr_equal(jong_mjai_format(&served.ev[i], a, sizeof a, &na), a);
        assert_ptr_equal(jong_mjai_format(&lr.log.ev[i], b, sizeof b, &nb), b);
        if (strcmp(a, b))
            fail_msg("event %zu differs:\n  served %s\n  local  %s", i, a, b);
    }
    for (int i = 0; i < r->nsaid; i++)
        if (!strstr(r->said[i], "joined room") && !strstr(r->said[i], ": started"))
            printf("server: %s\n", r->said[i]);
    for (int s = 0; s < 4; s++) {
        assert_int_equal(r->games[0].result.scores[s], res.scores[s]);
        assert_int_equal(r->games[0].remote[s].refused, 0);
        for (int k = 0; k < JONG_FAULT_KINDS; k++)
            assert_int_equal(r->games[0].result.seats[s].faults[k], 0);
    }
    printf("round trip: %zu events, %d hands, the same as the local table\n", served.n, res.hands);
    jong_mjai_log_free(&served);
    jong_mjai_log_free(&lr.log);
    remove_dir(r);
    free(r);
}

/* ---- bad clients ---- */

/* The per-answer timeout is 5 s: the stalling client and the one that never joins are dropped
 * after it, and every well-behaved bot (a thread of this test) must answer each event within it,
 * which a loaded machine can delay (1 s left little room). */
static void test_bad_clients(void **state)
{
    (void)state;
    server_run *r = calloc(1, sizeof *r);
    int port = start_server(r, 2, 1, 5, 5000);
    client_run bad_join[3], a[4], b[4];
    start_client(&bad_join[0], port, "a", "x", "garbage-join");
    start_client(&bad_join[1], port, "a", "y", "wrong-join");
    start_client(&bad_join[2], port, "a", "z", "no-join");
    static const char *const modes_a[4] = {"bot", "bad", "bot", "bot"};
    static const char *const modes_b[4] = {"bot", "quit", "bot", "stall"};
    for (int s = 0; s < 4; s++) {
        char name[16];
        snprintf(name, sizeof name, "a%d", s);
        start_client(&a[s], port, "a", name, modes_a[s]);
        snprintf(name, sizeof name, "b%d", s);
        start_client(&b[s], port, "b", name, modes_b[s]);
        nap_ms(20); /* in this order, mostly: the checks go by names */
    }
    for (int s = 0; s < 4; s++) {
        join_client(&a[s]);
        join_client(&b[s]);
    }
    for (int i = 0; i < 3; i++)
        join_client(&bad_join[i]);
    finish_server(r);
    assert_int_equal(r->ngames, 2);
    verify_records(r); /* both tables played on to their end */
    for (int g = 0; g < 2; g++) {
        const jong_mjai_served_game *G = &r->games[g];
        for (int s = 0; s < 4; s++) {
            const char *n = G->names[s];
            const int *f = G->result.seats[s].faults;
            assert_int_equal(n[0], G->room[0]); /* each table holds its room's clients */
            int mode = n[1] - '0';
            const char *m = G->room[0] == 'a' ? modes_a[mode] : modes_b[mode];
            if (!strcmp(m, "bad")) {
                /* malformed, unknown, missing field, illegal win: four decisions lost, and the
                 * out-of-turn answer refused */
                assert_int_equal(f[JONG_FAULT_ILLEGAL], 4);
                assert_int_equal(G->remote[s].refused, 5);
                assert_false(G->remote[s].gone);
            } else if (!strcmp(m, "bot")) {
                assert_int_equal(f[0] + f[1] + f[2], 0);
                assert_false(G->remote[s].gone);
            } else {
                assert_true(G->remote[s].gone); /* quit, stall: the seat played on by default */
                assert_true(f[JONG_FAULT_CRASH] + f[JONG_FAULT_TIMEOUT] > 0);
            }
        }
    }
    /* the scripted clients' "log" texts are in the records, each with the event its answer made */
    int logs = 0;
    for (int g = 0; g < 2; g++) {
        FILE *f = fopen(r->games[g].record, "r");
        assert_non_null(f);
        char line[8192];
        while (fgets(line, sizeof line, f)) {
            char *l = strstr(line, "\"log\":\"decision ");
            if (!l)
                continue;
            logs++;
            int seat = -1;
            char who[16];
            const char *actor = strstr(line, "\"actor\":");
            assert_non_null(actor);
            assert_int_equal(sscanf(actor, "\"actor\":%d", &seat), 1);
            assert_int_equal(sscanf(l, "\"log\":\"decision %*d of %15[^\"]", who), 1);
            assert_string_equal(who, r->games[g].names[seat]);
        }
        fclose(f);
    }
    assert_true(logs > 0);
    static const char *const lines[] = {"malformed JSON", "unknown type", "missing", "illegal answer", "out of turn",
                                        "the client disconnected", "did not answer in time", "join refused",
                                        "join expected", "did not join in time"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        if (!said(r, lines[i]))
            fail_msg("no log line says '%s'", lines[i]);
    remove_dir(r);
    free(r);
}

/* ---- slow clients ---- */

/* A client that trickles its answer, a byte every 45 ms, is dropped once the per-answer time
 * (1 s) has passed on the clock. Counted in poll wake-ups (as it was), 1 s of limit took 45 s. */
static void test_trickling_client(void **state)
{
    (void)state;
    jong_mjai_serve_opts more = {.seats = {NULL, "greedy", "greedy", "greedy"}};
    server_run *r = calloc(1, sizeof *r);
    int64_t t0 = mono_ms();
    int port = start_server_with(r, 1, 0, 3, 1000, &more);
    client_run c;
    start_client(&c, port, "default", "slow", "trickle");
    join_client(&c);
    finish_server(r);
    int64_t took = mono_ms() - t0;
    assert_int_equal(r->ngames, 1);
    verify_records(r);
    assert_true(r->games[0].remote[0].gone);
    assert_true(r->games[0].result.seats[0].faults[JONG_FAULT_TIMEOUT] > 0);
    if (!said(r, "did not answer in time"))
        fail_msg("no log line says the trickling client did not answer in time");
    printf("a client trickling its answer: dropped, its game over in %lld ms\n", (long long)took);
    assert_true(took < 40000);
    remove_dir(r);
    free(r);
}

/* Answers that quote badly: the client that sends them is refused and stays (a cut character
 * in the quote made the error line fail, and the client was taken for gone); a client's "log"
 * of 60,000 bytes with every answer is kept to JONG_MJAI_LOG_MAX bytes, whole characters. */
static void test_hostile_answers(void **state)
{
    (void)state;
    jong_mjai_serve_opts more = {.seats = {NULL, "greedy", "greedy", "greedy"}};
    server_run *r = calloc(1, sizeof *r);
    int port = start_server_with(r, 1, 0, 3, 30000, &more);
    client_run c;
    start_client(&c, port, "default", "odd", "utf8");
    join_client(&c);
    finish_server(r);
    assert_int_equal(r->ngames, 1);
    verify_records(r);
    assert_false(r->games[0].remote[0].gone);
    assert_int_equal(r->games[0].remote[0].refused, 2);
    assert_int_equal(r->games[0].result.seats[0].faults[JONG_FAULT_ILLEGAL], 2);
    remove_dir(r);

    port = start_server_with(r, 1, 0, 3, 30000, &more);
    start_client(&c, port, "default", "chatty", "biglog");
    join_client(&c);
    finish_server(r);
    assert_int_equal(r->ngames, 1);
    verify_records(r);
    FILE *f = fopen(r->games[0].record, "r");
    assert_non_null(f);
    char *line = NULL;
    size_t cap = 0;
    int logs = 0;
    while (getline(&line, &cap, f) > 0) {
        json_t *ev = json_loads(line, 0, NULL);
        assert_non_null(ev); /* whole characters: the line is valid JSON */
        const char *log = json_string_value(json_object_get(ev, "log"));
        if (log) {
            logs++;
            assert_int_equal(strlen(log), JONG_MJAI_LOG_MAX - 1 + 3); /* the character left out */
            assert_string_equal(log + JONG_MJAI_LOG_MAX - 1, "...");
        }
        json_decref(ev);
    }
    free(line);
    fclose(f);
    assert_true(logs > 0);
    printf("%d answers' logs of 60,000 bytes kept to %d bytes each\n", logs, JONG_MJAI_LOG_MAX);
    remove_dir(r);
    free(r);
}

/* The next line the server sends on fd, or "" when it closed the connection. */
static void line_from(int fd, char *out, size_t n)
{
    size_t k = 0;
    char ch;
    while (k + 1 < n && recv(fd, &ch, 1, 0) == 1 && ch != '\n')
        out[k++] = ch;
    out[k] = 0;
}

/* One client more than max_waiting is told so in one line and closed; the others are greeted.
 * Then the stop flag ends the server, which drops the clients waiting. */
static void test_full_server(void **state)
{
    (void)state;
    atomic_bool stop = false;
    jong_mjai_serve_opts more = {.max_waiting = 2, .stop = &stop};
    server_run *r = calloc(1, sizeof *r);
    int port = start_server_with(r, 1, 1, 1, 60000, &more);
    int fd[3];
    char line[200];
    for (int i = 0; i < 3; i++) {
        fd[i] = connect_to(port);
        assert_true(fd[i] >= 0);
        line_from(fd[i], line, sizeof line);
        if (i < 2 && !strstr(line, "\"hello\""))
            fail_msg("client %d: hello expected, not '%s'", i, line);
    }
    assert_string_equal(line, "{\"type\":\"error\",\"message\":\"the server is full: try again later\"}");
    line_from(fd[2], line, sizeof line);
    assert_string_equal(line, ""); /* closed */
    atomic_store(&stop, true);
    finish_server(r);
    if (!said(r, "a connection refused: 2 clients wait already"))
        fail_msg("no log line says the server refused a client");
    for (int i = 0; i < 3; i++)
        close(fd[i]);
    assert_int_equal(r->ngames, 0);
    remove_dir(r);
    free(r);
}

/* ---- load ---- */

static void test_sixteen_tables(void **state)
{
    (void)state;
    enum { TABLES = 16 };
    server_run *r = calloc(1, sizeof *r);
    int64_t t0 = mono_ms();
    int port = start_server(r, TABLES, 1, 77, 30000);
    client_run *c = calloc(4 * TABLES, sizeof *c);
    for (int i = 0; i < 4 * TABLES; i++) {
        char name[16];
        snprintf(name, sizeof name, "bot%d", i);
        start_client(&c[i], port, "default", name, "bot");
    }
    for (int i = 0; i < 4 * TABLES; i++)
        join_client(&c[i]);
    finish_server(r);
    assert_int_equal(r->ngames, TABLES);
    verify_records(r);
    int hands = 0;
    for (int g = 0; g < TABLES; g++) {
        hands += r->games[g].result.hands;
        for (int s = 0; s < 4; s++)
            assert_int_equal(r->games[g].remote[s].refused, 0);
    }
    printf("%d tables of 4 loopback clients: %d hands, at most %d tables at once, %lld ms, every record verified\n",
           TABLES, hands, r->peak, (long long)(mono_ms() - t0));
    free(c);
    remove_dir(r);
    free(r);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_clients),
        cmocka_unit_test(test_trickling_client),
        cmocka_unit_test(test_full_server),
        cmocka_unit_test(test_hostile_answers),
        cmocka_unit_test(test_sixteen_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
