/* The mjai server: one thread polls the listening socket and the clients that have not got a
 * table yet (hello, join, waiting in their room); each table plays in a thread of its own with
 * the engine's table loop, its clients as jong_players (mjai_remote.c). Game g always deals
 * the walls of (seed, g), whoever sits at it. */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

#include "io/listen.h"
#include "jong/mjai_serve.h"
#include "io/line_conn.h"
#include "io/utf8.h"
#include "records/mjai_internal.h"
#include "records/record_json.h"

#define TICK_MS 100
/* Out of file descriptors (or memory for sockets): accepting stops this long, since the
 * listener stays readable and polling it again at once would spin. */
#define ACCEPT_PAUSE_MS 1000

typedef struct server server;

/* A client between its connection and its table. */
typedef struct {
    line_conn conn;
    bool joined;
    long joined_as;                /* the order of joins: seats go by it */
    int64_t since;                 /* when it got the hello (opts' clock; else polls waited) */
    char name[JONG_MJAI_NAME_MAX];
    char room[JONG_MJAI_NAME_MAX];
} client;

typedef struct {
    server *srv;
    pthread_t thread;
    atomic_bool done;
    jong_mjai_served_game g;
    int fd[4];                     /* the clients' sockets, -1 for the server's own seats */
    char *early[4];                /* what each client sent after its join */
    size_t nearly[4];
    jong_mjai_log log;             /* the record */
    char **logs;                   /* the "log" text of each record event, NULL mostly */
    size_t cap_logs;
    char *pending[4][2];           /* accepted answers' log texts waiting for their events */
    int pending_type[4][2];
} table_job;

struct server {
    const jong_mjai_serve_opts *o;
    pthread_mutex_t lock;          /* around the callbacks */
    client **clients;
    int nclients, capclients;
    table_job **tables;
    int ntables, captables;
    int started, finished, running;
    long joins;
    int64_t accept_pause;          /* accepting resumes at this time (opts' clock), or after
                                    * this many polls without a clock; 0: accepting */
    bool said_full;                /* the refusals of a full server were told (once a time) */
};

static void say(server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(server *s, const char *fmt, ...)
{
    if (!s->o->say)
        return;
    char line[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&s->lock);
    s->o->say(s->o->ctx, line);
    pthread_mutex_unlock(&s->lock);
}

/* ---- a table ---- */

static void table_say(void *ctx, int seat, const char *msg)
{
    table_job *t = ctx;
    say(t->srv, "game %d, seat %d (%s): %s", t->g.game, seat, t->g.names[seat], msg);
}

/* A client's answer came with a "log" text: it goes with the event the answer makes. */
static void table_log(void *ctx, int seat, int type, const char *text)
{
    table_job *t = ctx;
    int k = t->pending[seat][0] && t->pending_type[seat][0] != type ? 1 : 0;
    free(t->pending[seat][k]);
    t->pending[seat][k] = strdup(text);
    t->pending_type[seat][k] = type;
}

/* The pending log of the seat that made event m (a nine-terminals draw names no seat). */
static char *take_log(table_job *t, const jong_mjai_event *m)
{
    for (int s = 0; s < 4; s++)
        for (int k = 0; k < 2; k++)
            if (t->pending[s][k] && t->pending_type[s][k] == m->type && (m->actor == s || m->actor < 0)) {
                char *text = t->pending[s][k];
                t->pending[s][k] = NULL;
                return text;
            }
    return NULL;
}

static void record_event(void *ctx, const jong_event *ev)
{
    table_job *t = ctx;
    jong_mjai_event m;
    jong_error err;
    if (t->g.error || jong_mjai_of_engine_event(ev, &m, &err))
        return;
    if (m.type == JONG_MJAI_START_GAME) {
        for (int s = 0; s < 4; s++)
            snprintf(m.names[s], sizeof m.names[s], "%s", t->g.names[s]);
        m.kyoku_first = t->srv->o->rules.tonpuu ? 4 : 0;
        m.aka_flag = t->srv->o->rules.red_fives > 0;
    }
    if (jong_mjai_log_push(&t->log, &m, &err)) {
        t->g.error = err.code;
        snprintf(t->g.why, sizeof t->g.why, "%s", err.msg);
        return;
    }
    if (t->log.n > t->cap_logs) {
        size_t cap = t->cap_logs ? 2 * t->cap_logs : 256;
        char **grown = realloc(t->logs, cap * sizeof *grown);
        if (!grown) {
            t->g.error = JONG_ERR_IO;
            snprintf(t->g.why, sizeof t->g.why, "out of memory");
            return;
        }
        memset(grown + t->cap_logs, 0, (cap - t->cap_logs) * sizeof *grown);
        t->logs = grown;
        t->cap_logs = cap;
    }
    t->logs[t->log.n - 1] = take_log(t, &m);
    /* a log whose answer made no event (a call that lost to a win) is not kept past the turn */
    if (m.type == JONG_MJAI_DAHAI || m.type == JONG_MJAI_END_KYOKU)
        for (int s = 0; s < 4; s++)
            if (m.type == JONG_MJAI_END_KYOKU || s == m.actor)
                for (int k = 0; k < 2; k++) {
                    free(t->pending[s][k]);
                    t->pending[s][k] = NULL;
                }
}

/* The record as .mjson, each client's "log" text in the event its answer made (as the
 * reference server keeps them); otherwise what jong_mjai_write writes. */
static int write_record(const table_job *t, const char *path, jong_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(errno));
    int rc = JONG_OK;
    for (size_t i = 0; i < t->log.n && !rc; i++) {
        json_t *o = mjai_event_json(&t->log.ev[i]);
        if (o && t->logs[i])
            json_object_set_new(o, "log", json_string(t->logs[i]));
        char buf[4096];
        size_t n;
        char *s = o ? record_dump(o, buf, sizeof buf, &n) : NULL;
        json_decref(o);
        if (!s || fwrite(s, 1, n, f) != n || fputc('\n', f) == EOF)
            rc = jong_error_set(err, JONG_ERR_IO, -1, "%s: cannot write", path);
        if (s && s != buf)
            free(s);
    }
    if (fclose(f) && !rc)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "%s: cannot write", path);
    return rc;
}

static void *table_main(void *arg)
{
    table_job *t = arg;
    const jong_mjai_serve_opts *o = t->srv->o;
    jong_player *ps[4] = {NULL, NULL, NULL, NULL};
    jong_error err;
    jong_mjai_remote_opts ro = {.timeout_ms = o->timeout_ms, .now_ms = o->now_ms, .stop = o->abandon,
                                .react = o->react, .tonpu = o->rules.tonpuu,
                                .red_fives = o->rules.red_fives > 0, .say = table_say, .on_log = table_log,
                                .say_ctx = t};
    for (int s = 0; s < 4; s++)
        ro.names[s] = t->g.names[s];
    int rc = JONG_OK;
    for (int s = 0; s < 4 && !rc; s++) {
        if (t->fd[s] >= 0) {
            rc = jong_mjai_remote_new(t->fd[s], t->early[s], t->nearly[s], &ro, &ps[s], &err);
            if (!rc)
                t->fd[s] = -1; /* the player has it */
        } else {
            rc = jong_player_check_variant(o->seats[s], JONG_VARIANT_RIICHI, &err);
            if (!rc)
                rc = jong_player_create(o->seats[s], &ps[s], &err);
        }
    }
    if (!rc) {
        jong_fault_policy faults = {.now_ms = o->now_ms};
        jong_table tb = {.rules = &o->rules, .seed = o->seed, .game_number = t->g.game, .sink = record_event,
                         .sink_ctx = t, .now_ms = o->now_ms, .faults = &faults, .stop = o->abandon,
                         .abandon = o->abandon};
        memcpy(tb.players, ps, sizeof ps);
        for (int s = 0; s < 4; s++) /* the join names and specs, for the server's outside bots */
            tb.names[s] = t->g.names[s];
        rc = jong_table_play(&tb, &t->g.result, &err);
    }
    if (rc) {
        t->g.error = rc;
        snprintf(t->g.why, sizeof t->g.why, "%s", err.msg);
    }
    for (int s = 0; s < 4; s++)
        if (ps[s] && t->g.client[s])
            t->g.remote[s] = *jong_mjai_remote_get_stats(ps[s]);
    if (!t->g.error && o->out_dir) {
        snprintf(t->g.record, sizeof t->g.record, "%s/game-%06d.mjson", o->out_dir, t->g.game);
        if (write_record(t, t->g.record, &err)) {
            t->g.error = err.code;
            snprintf(t->g.why, sizeof t->g.why, "%s", err.msg);
            t->g.record[0] = 0;
        }
    }
    for (int s = 0; s < 4; s++) /* closes the clients' sockets: their games are over */
        jong_player_free(ps[s]);
    if (o->on_game) {
        pthread_mutex_lock(&t->srv->lock);
        o->on_game(o->ctx, &t->g);
        pthread_mutex_unlock(&t->srv->lock);
    }
    atomic_store(&t->done, true);
    return NULL;
}

static void table_free(table_job *t)
{
    for (int s = 0; s < 4; s++) {
        if (t->fd[s] >= 0)
            close(t->fd[s]);
        free(t->early[s]);
    }
    jong_mjai_log_free(&t->log);
    for (size_t i = 0; i < t->cap_logs; i++)
        free(t->logs[i]);
    free(t->logs);
    for (int s = 0; s < 4; s++)
        free(t->pending[s][0]), free(t->pending[s][1]);
    free(t);
}

/* Start game `started` with the first waiting clients of room (or none when every seat is the
 * server's own). */
static int start_table(server *s, const char *room, jong_error *err)
{
    const jong_mjai_serve_opts *o = s->o;
    if (s->ntables == s->captables) {
        int cap = s->captables ? 2 * s->captables : 16;
        table_job **grown = realloc(s->tables, (size_t)cap * sizeof *grown);
        if (!grown)
            return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
        s->tables = grown;
        s->captables = cap;
    }
    table_job *t = calloc(1, sizeof *t);
    if (!t)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    t->srv = s;
    t->g.game = s->started;
    snprintf(t->g.room, sizeof t->g.room, "%s", room ? room : "");
    jong_mjai_log_init(&t->log);
    for (int seat = 0; seat < 4; seat++) {
        t->fd[seat] = -1;
        if (o->seats[seat]) {
            snprintf(t->g.names[seat], sizeof t->g.names[seat], "%s", o->seats[seat]);
            continue;
        }
        int next = -1; /* the first to join of those waiting in room */
        for (int i = 0; i < s->nclients; i++)
            if (s->clients[i]->joined && !strcmp(s->clients[i]->room, room) &&
                (next < 0 || s->clients[i]->joined_as < s->clients[next]->joined_as))
                next = i;
        client *c = s->clients[next];
        t->g.client[seat] = true;
        snprintf(t->g.names[seat], sizeof t->g.names[seat], "%s", c->name);
        t->fd[seat] = c->conn.fd;
        if (c->conn.n && (t->early[seat] = malloc(c->conn.n))) {
            memcpy(t->early[seat], c->conn.buf, c->conn.n);
            t->nearly[seat] = c->conn.n;
        }
        free(c);
        memmove(&s->clients[next], &s->clients[next + 1], (size_t)(s->nclients - next - 1) * sizeof *s->clients);
        s->nclients--;
    }
    if (pthread_create(&t->thread, NULL, table_main, t)) {
        table_free(t);
        return jong_error_set(err, JONG_ERR_IO, -1, "cannot start the thread of game %d", s->started);
    }
    s->tables[s->ntables++] = t;
    s->started++;
    s->running++;
    say(s, "game %d: started%s%s%s: %s, %s, %s, %s", t->g.game, room && room[0] ? " in room '" : "",
        room ? room : "", room && room[0] ? "'" : "", t->g.names[0], t->g.names[1], t->g.names[2], t->g.names[3]);
    return JONG_OK;
}

static void reap_tables(server *s, bool wait)
{
    for (int i = 0; i < s->ntables;) {
        table_job *t = s->tables[i];
        if (!wait && !atomic_load(&t->done)) {
            i++;
            continue;
        }
        pthread_join(t->thread, NULL);
        table_free(t);
        s->tables[i] = s->tables[--s->ntables];
        s->finished++;
        s->running--;
    }
}

/* ---- clients before their table ---- */

static void drop_client(server *s, int i, const char *why)
{
    client *c = s->clients[i];
    say(s, "client %s%s%s: %s", c->joined ? "'" : "", c->joined ? c->name : "(not joined)", c->joined ? "'" : "",
        why);
    line_conn_close(&c->conn);
    free(c);
    memmove(&s->clients[i], &s->clients[i + 1], (size_t)(s->nclients - i - 1) * sizeof *s->clients);
    s->nclients--;
}

static void refuse_join(server *s, int i, const char *why)
{
    char msg[300]; /* whole UTF-8, or JSON could not quote what the client sent */
    utf8_prefix(why, strlen(why), msg, sizeof msg);
    json_t *o = json_pack("{s:s,s:s}", "type", "error", "message", msg); /* escapes what the client sent */
    char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
    if (text) {
        /* no waiting: this thread serves every client not yet at a table */
        line_deadline now = line_deadline_in(0, NULL, NULL);
        if (line_conn_write(&s->clients[i]->conn, text, strlen(text), &now) == LINE_OK)
            line_conn_write(&s->clients[i]->conn, "\n", 1, &now);
    }
    free(text);
    json_decref(o);
    drop_client(s, i, msg);
}

/* No descriptor for a new connection: stop accepting a while, and say so once per pause. */
static void pause_accepting(server *s, int why)
{
    s->accept_pause = s->o->now_ms ? s->o->now_ms() + ACCEPT_PAUSE_MS : ACCEPT_PAUSE_MS / TICK_MS;
    say(s, "cannot accept a connection: %s: not accepting for %d ms", strerror(why), ACCEPT_PAUSE_MS);
}

/* Whether the pause is over (counted down here without a clock: once per poll). */
static bool accepting(server *s)
{
    if (s->accept_pause && (s->o->now_ms ? s->o->now_ms() >= s->accept_pause : --s->accept_pause <= 0))
        s->accept_pause = 0;
    return s->accept_pause == 0;
}

/* One more client than max_waiting: told so in one line, without waiting on it, and closed. */
static void refuse_full(int fd)
{
    static const char full[] = "{\"type\":\"error\",\"message\":\"the server is full: try again later\"}\n";
    (void)!send(fd, full, sizeof full - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    close(fd);
}

static void accept_client(server *s, int lfd)
{
    int fd = accept(lfd, NULL, NULL);
    if (fd < 0) {
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
            pause_accepting(s, errno);
        return;
    }
    if (s->nclients >= (s->o->max_waiting > 0 ? s->o->max_waiting : 256)) {
        refuse_full(fd);
        if (!s->said_full)
            say(s, "a connection refused: %d clients wait already (the limit)", s->nclients);
        s->said_full = true;
        return;
    }
    s->said_full = false;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (s->nclients == s->capclients) {
        int cap = s->capclients ? 2 * s->capclients : 16;
        client **grown = realloc(s->clients, (size_t)cap * sizeof *grown);
        if (!grown) {
            close(fd);
            return;
        }
        s->clients = grown;
        s->capclients = cap;
    }
    client *c = calloc(1, sizeof *c);
    if (!c) {
        close(fd);
        return;
    }
    line_conn_init(&c->conn, fd);
    c->since = s->o->now_ms ? s->o->now_ms() : 0;
    s->clients[s->nclients++] = c;
    static const char hello[] = "{\"type\":\"hello\",\"protocol\":\"mjsonp\",\"protocol_version\":3}\n";
    line_deadline now = line_deadline_in(0, NULL, NULL);
    if (line_conn_write(&c->conn, hello, sizeof hello - 1, &now) != LINE_OK)
        drop_client(s, s->nclients - 1, "disconnected before the hello");
}

/* Read what client i sent; false when it was dropped. */
static bool read_client(server *s, int i)
{
    client *c = s->clients[i];
    if (c->conn.n == sizeof c->conn.buf) {
        drop_client(s, i, "sent too much before its game");
        return false;
    }
    ssize_t got = read(c->conn.fd, c->conn.buf + c->conn.n, sizeof c->conn.buf - c->conn.n);
    if (got < 0 && (errno == EINTR || errno == EAGAIN))
        return true;
    if (got <= 0) {
        drop_client(s, i, c->joined ? "left before its game" : "disconnected before joining");
        return false;
    }
    c->conn.n += (size_t)got;
    if (c->joined)
        return true;
    char *nl = memchr(c->conn.buf, '\n', c->conn.n);
    if (!nl)
        return true;
    size_t len = (size_t)(nl - c->conn.buf);
    jong_mjai_event m;
    jong_error err;
    char msg[300];
    if (jong_mjai_parse(c->conn.buf, len, &m, &err)) {
        snprintf(msg, sizeof msg, "join refused: %s", err.msg);
        refuse_join(s, i, msg);
        return false;
    }
    if (m.type != JONG_MJAI_JOIN) {
        snprintf(msg, sizeof msg, "join expected, not %s", jong_mjai_type_name(m.type));
        refuse_join(s, i, msg);
        return false;
    }
    line_conn_drop(&c->conn, len);
    c->joined = true;
    c->joined_as = s->joins++;
    snprintf(c->name, sizeof c->name, "%.60s", m.text[0] ? m.text : "anonymous");
    snprintf(c->room, sizeof c->room, "%s", m.names[0][0] ? m.names[0] : "default");
    say(s, "client '%s' joined room '%s'", c->name, c->room);
    return true;
}

/* Start the tables that the waiting clients fill. */
static int seat_clients(server *s, int need, jong_error *err)
{
    for (int i = 0; i < s->nclients; i++) {
        if (s->started >= s->o->games || s->running >= (s->o->max_tables > 0 ? s->o->max_tables : 64))
            return JONG_OK;
        if (!s->clients[i]->joined)
            continue;
        int n = 0;
        for (int j = i; j < s->nclients; j++)
            n += s->clients[j]->joined && !strcmp(s->clients[j]->room, s->clients[i]->room);
        if (n >= need) {
            char room[JONG_MJAI_NAME_MAX];
            snprintf(room, sizeof room, "%s", s->clients[i]->room);
            if (start_table(s, room, err))
                return err->code;
            i = -1; /* the list changed: look again from its start */
        }
    }
    return JONG_OK;
}

int jong_mjai_serve(const jong_mjai_serve_opts *o, jong_error *err)
{
    if (o->games < 1)
        return jong_error_set(err, JONG_ERR_ARG, -1, "games must be at least 1, not %d", o->games);
    int need = 0;
    for (int s = 0; s < 4; s++)
        need += o->seats[s] == NULL;
    server s;
    memset(&s, 0, sizeof s);
    s.o = o;
    pthread_mutex_init(&s.lock, NULL);
    int lfd = -1;
    if (need > 0) {
        jong_listener l;
        if (jong_listen_open(o->host, o->port, 256, &l, err)) {
            pthread_mutex_destroy(&s.lock);
            return err->code;
        }
        lfd = l.fd;
        if (o->on_listen)
            o->on_listen(o->ctx, l.host, l.port);
    }
    int join_limit = o->timeout_ms > 0 ? o->timeout_ms : 60000;
    int rc = JONG_OK;
    while (!rc && s.finished < o->games) {
        bool stopping = o->stop && atomic_load(o->stop);
        if (stopping && s.running == 0)
            break;
        if (!stopping) {
            if (need == 0) {
                while (!rc && s.started < o->games && s.running < (o->max_tables > 0 ? o->max_tables : 64))
                    rc = start_table(&s, "", err);
            } else {
                rc = seat_clients(&s, need, err);
            }
        }
        /* poll the listener and the clients not yet at a table (a slice, to reap the tables) */
        int n = 0;
        struct pollfd *pf = malloc((size_t)(s.nclients + 1) * sizeof *pf);
        if (!pf) {
            rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
            break;
        }
        if (lfd >= 0 && !stopping && s.started < o->games && accepting(&s))
            pf[n++] = (struct pollfd){lfd, POLLIN, 0};
        int first_client = n;
        for (int i = 0; i < s.nclients; i++)
            pf[n++] = (struct pollfd){s.clients[i]->conn.fd, POLLIN, 0};
        int r = poll(pf, (nfds_t)n, TICK_MS);
        if (r > 0) {
            /* clients from the last first, so that dropping one leaves the indices before it */
            for (int i = s.nclients; i-- > 0;)
                if (pf[first_client + i].revents)
                    read_client(&s, i);
            if (first_client && (pf[0].revents & POLLIN))
                accept_client(&s, lfd);
        }
        free(pf);
        /* without a clock, every poll counts as a whole tick, however soon a client woke it:
         * a client that trickles bytes runs out of time as one that sends nothing */
        int64_t now = o->now_ms ? o->now_ms() : 0;
        for (int i = s.nclients; i-- > 0;) {
            client *c = s.clients[i];
            if (!o->now_ms)
                c->since -= TICK_MS;
            if (!c->joined && now - c->since > join_limit)
                drop_client(&s, i, "did not join in time");
        }
        reap_tables(&s, false);
        if (stopping)
            while (s.nclients)
                drop_client(&s, s.nclients - 1, "the server is stopping");
    }
    reap_tables(&s, true);
    while (s.nclients) {
        client *c = s.clients[s.nclients - 1];
        line_conn_close(&c->conn);
        free(c);
        s.nclients--;
    }
    free(s.clients);
    free(s.tables);
    if (lfd >= 0)
        close(lfd);
    pthread_mutex_destroy(&s.lock);
    return rc;
}
