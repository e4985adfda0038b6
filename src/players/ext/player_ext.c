/* The `ext` player: an outside mjai bot as a seat. `ext:cmd='jong bot greedy',proto=stdio`
 * starts the command (ext_process.c) and talks mjai with it on its stdin/stdout. At each of its
 * seat's decisions it sends the events the seat has seen since the last one, in one of three
 * conventions:
 *   stdio    one event per line, every line answered (the answers but the last are dropped);
 *   batched  one JSON array of them all, answered once;
 *   react    one event per line, "can_act": false on every line but the decision's, and only
 *            that line answered (the bot stays silent on the others).
 * The answer must name one of the legal actions; it may also be two moves in an array, a chi,
 * pon or reach and then its dahai, the dahai being the answer to the decision that follows.
 * A bot that crashes, hangs past its time limit or the table's stop flag (silent, or not reading
 * what it is sent), answers something illegal, or sends a line nobody asked for (where it may
 * not act, a second answer, an answer after its time) costs that decision: choose returns -1
 * (crash), JONG_CHOICE_LATE (hang) or an index past the legal actions (illegal), which the
 * arena counts and replaces by the default action. A dead bot is started again at the next decision and sent the whole game so
 * far; every bot is stopped after end_game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"
#include "jong/player.h"
#include "players/ext/ext_process.h"
#include "records/mjai_internal.h"

typedef enum { PROTO_STDIO, PROTO_BATCHED, PROTO_REACT } ext_proto;
static const char *const proto_names[] = {"stdio", "batched", "react"};

typedef struct {
    char cmd[JONG_PLAYER_SPEC_MAX];
    ext_proto proto;
    int timeout_ms;
    int64_t (*now_ms)(void);  /* the table's clock, from the last decision (NULL: none) */
    pid_t pid;
    line_conn conn;           /* a socket pair end: the bot's stdin and stdout */
    jong_mjai_log game;       /* the events of this game as the seat saw them */
    size_t sent;              /* how many of them the bot has */
    int seat;
    const jong_ruleset *rules; /* of the game, from its first decision (start_game's options) */
    char names[4][JONG_MJAI_NAME_MAX]; /* start_game's names, from the table ("?" until told) */
    bool skip_reach;          /* the seat's own reach was sent already (the bot declared it) */
    jong_mjai_event stash;    /* the dahai given with a chi, pon or reach */
    bool has_stash;
} ext_state;

static void stop_bot(ext_state *x)
{
    ext_process_stop(&x->pid, &x->conn);
    x->sent = 0; /* a new bot gets the whole game */
}

/* How an exchange with the bot ended. */
typedef enum { EX_OK, EX_DEAD, EX_LATE, EX_BAD } ex_status;

static ex_status read_status(line_status st) { return st == LINE_LATE ? EX_LATE : EX_DEAD; }

/* One event as the bot gets it: start_game with the seat, names and options; in react, "can_act":
 * false on a line it must not answer. */
static line_status send_event(ext_state *x, line_deadline *dl, size_t i, bool answered, bool last)
{
    jong_mjai_event e = x->game.ev[i];
    if (e.type == JONG_MJAI_START_GAME) {
        e.id = (int8_t)x->seat;
        e.has |= JONG_MJAI_HAS_ID;
        memcpy(e.names, x->names, sizeof e.names);
        if (x->rules) {
            e.kyoku_first = x->rules->tonpuu ? 4 : 0;
            e.aka_flag = x->rules->red_fives > 0;
        }
    }
    if (x->proto == PROTO_REACT && !answered) {
        e.can_act = false;
        e.has |= JONG_MJAI_HAS_CAN_ACT;
    }
    char line[4096];
    size_t len;
    char *s = jong_mjai_format(&e, line, sizeof line, &len);
    if (!s)
        return LINE_DEAD;
    bool batched = x->proto == PROTO_BATCHED;
    const char *pre = batched ? (i == x->sent ? "[" : ",") : "";
    const char *post = batched && !last ? "" : batched ? "]\n" : "\n";
    line_status st = line_conn_write(&x->conn, pre, strlen(pre), dl);
    if (st == LINE_OK)
        st = line_conn_write(&x->conn, s, len, dl);
    if (st == LINE_OK)
        st = line_conn_write(&x->conn, post, strlen(post), dl);
    if (s != line)
        free(s);
    return st;
}

/* Send the events the bot has not seen; at a decision (ask) read its answer to the last one
 * into *answer, all by the deadline (a bot that stops reading fills its socket's buffers, and
 * the write waits no longer than a read would). Lines the bot sent that nobody asked for make the decision a fault (EX_BAD):
 * in react the events then all go out with "can_act": false and nothing is read, so that the
 * bot is back in step; stdio and batched bots still answer (they answer every line), and the
 * answer is dropped. EX_BAD also: an answer that is not mjai. */
static ex_status exchange(ext_state *x, line_deadline *dl, bool ask, jong_mjai_event *answer)
{
    bool stray = ask && line_conn_drain(&x->conn) > 0;
    bool react = x->proto == PROTO_REACT;
    bool want = react ? ask && !stray : true; /* stdio and batched answer even at end_game */
    size_t n = x->game.n, l;
    line_status st;
    for (size_t i = x->sent; i < n; i++) {
        bool last = i + 1 == n;
        if ((st = send_event(x, dl, i, want && last, last)) != LINE_OK)
            return read_status(st);
        if (x->proto == PROTO_STDIO && !last) {
            if ((st = line_conn_read(&x->conn, dl, &l)) != LINE_OK)
                return read_status(st);
            line_conn_drop(&x->conn, l);
        }
    }
    x->sent = n;
    if (!want)
        return stray ? EX_BAD : EX_OK;
    if ((st = line_conn_read(&x->conn, dl, &l)) != LINE_OK)
        return read_status(st);
    jong_error err;
    int rc = mjai_parse_answer(x->conn.buf, l, answer, &x->stash, &x->has_stash, &err);
    line_conn_drop(&x->conn, l);
    if (line_conn_has_line(&x->conn)) /* two answers at once */
        stray = line_conn_drain(&x->conn) > 0;
    if (stray)
        x->has_stash = false;
    return rc || stray ? EX_BAD : EX_OK;
}

/* What choose returns for a failed exchange: an illegal index for a reply that is not mjai or
 * out of step, else a crash or a hang (the bot is stopped, and started again at the next
 * decision). */
static int fault_answer(ext_state *x, ex_status st, const jong_decision *d)
{
    if (st == EX_BAD)
        return d->nlegal;
    stop_bot(x);
    return st == EX_LATE ? JONG_CHOICE_LATE : -1;
}

/* The bot's answer: the dahai it gave with its call, or the answer to the events sent now. */
static ex_status answer_of(ext_state *x, line_deadline *dl, jong_mjai_event *m)
{
    if (x->has_stash) {
        *m = x->stash;
        x->has_stash = false;
        return EX_OK;
    }
    return exchange(x, dl, true, m);
}

static int ext_choose(jong_player *p, const jong_decision *d)
{
    ext_state *x = p->state;
    x->seat = d->view->seat;
    x->rules = d->rules;
    x->now_ms = d->now_ms;
    /* one deadline for the whole decision, writes included (and the table's stop flag) */
    line_deadline dl = line_deadline_in(x->timeout_ms, d->now_ms, d->stop);
    if (x->pid <= 0) {
        if (!ext_process_start(x->cmd, x->seat, &x->pid, &x->conn))
            return -1;
        x->sent = 0;
    }
    jong_mjai_event m;
    ex_status st = answer_of(x, &dl, &m);
    if (st != EX_OK)
        return fault_answer(x, st, d);
    if (m.type != JONG_MJAI_REACH || m.actor != x->seat) {
        int k = jong_mjai_find_action(&m, x->seat, false, d->legal, d->nlegal);
        return k >= 0 ? k : d->nlegal;
    }
    /* the bot's own reach goes into what it saw (the table shows it only after the discard);
     * the discard came with it ([reach, dahai]) or is asked for now */
    jong_mjai_event r;
    jong_mjai_event_init(&r, JONG_MJAI_REACH);
    r.actor = (int8_t)x->seat;
    jong_error err;
    if (jong_mjai_log_push(&x->game, &r, &err))
        return -1;
    x->skip_reach = true;
    st = answer_of(x, &dl, &m);
    int k = st == EX_OK ? jong_mjai_find_action(&m, x->seat, true, d->legal, d->nlegal) : -1;
    if (k < 0 && x->sent < x->game.n) /* no riichi after all: a reach the bot was not sent goes */
        x->game.n--;
    if (st != EX_OK)
        return fault_answer(x, st, d);
    return k >= 0 ? k : d->nlegal;
}

static void ext_observe(jong_player *p, const jong_view *v, const jong_event *seen)
{
    ext_state *x = p->state;
    jong_mjai_event m;
    jong_error err;
    if (jong_mjai_of_engine_event(seen, &m, &err))
        return;
    /* a dahai given with a call waits for that call only */
    if (x->has_stash && !mjai_dahai_waits(&m, x->seat))
        x->has_stash = false;
    if (m.type == JONG_MJAI_START_GAME) {
        jong_mjai_log_free(&x->game);
        x->sent = 0;
        x->seat = v->seat;
    }
    bool skip = x->skip_reach; /* only the event right after the decision can be that reach */
    x->skip_reach = false;
    if (skip && m.type == JONG_MJAI_REACH && m.actor == x->seat)
        return;
    jong_mjai_log_push(&x->game, &m, &err);
    if (m.type == JONG_MJAI_END_GAME && x->pid > 0) {
        /* the bot sees the end; a new process serves the next game */
        jong_mjai_event ans;
        line_deadline dl = line_deadline_in(x->timeout_ms, x->now_ms, NULL);
        exchange(x, &dl, false, &ans);
        stop_bot(x);
    }
}

/* The seats' names for start_game; a name too long for mjai's is cut to the player's name
 * (an outside bot's spec holds its whole command). */
static void ext_seat_names(jong_player *p, const char *const names[JONG_SEATS])
{
    ext_state *x = p->state;
    for (int s = 0; s < JONG_SEATS; s++) {
        size_t len = strlen(names[s]);
        if (len >= sizeof x->names[s])
            len = strcspn(names[s], ":");
        snprintf(x->names[s], sizeof x->names[s], "%.*s", (int)len, names[s]);
    }
}

static void ext_destroy(jong_player *p)
{
    ext_state *x = p->state;
    stop_bot(x);
    jong_mjai_log_free(&x->game);
    free(x);
}

static const jong_player_ops ext_ops = {ext_choose, ext_observe, ext_destroy};

/* One key=value of the options; *end is where the next one starts. */
static int ext_option(ext_state *x, const char *opts, const char *s, const char **end, bool *timed, jong_error *err)
{
    const char *eq = strchr(s, '=');
    if (!eq)
        return jong_error_set(err, JONG_ERR_ARG, (int)(s - opts), "ext: option '%s' is not key=value", s);
    size_t klen = (size_t)(eq - s);
    const char *v = eq + 1;
    char val[JONG_PLAYER_SPEC_MAX];
    if (*v == '\'' || *v == '"') { /* quotes keep commas and spaces */
        const char *close = strchr(v + 1, *v);
        if (!close)
            return jong_error_set(err, JONG_ERR_ARG, (int)(v - opts), "ext: unterminated quote");
        snprintf(val, sizeof val, "%.*s", (int)(close - v - 1), v + 1);
        *end = close + 1;
    } else {
        *end = v + strcspn(v, ",");
        snprintf(val, sizeof val, "%.*s", (int)(*end - v), v);
    }
    int proto = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(val, proto_names[i]))
            proto = i;
    if (klen == 3 && !strncmp(s, "cmd", 3)) {
        snprintf(x->cmd, sizeof x->cmd, "%s", val);
    } else if (klen == 5 && !strncmp(s, "proto", 5) && proto >= 0) {
        x->proto = (ext_proto)proto;
    } else if (klen == 7 && !strncmp(s, "timeout", 7) && atoi(val) > 0 && atoi(val) <= 3600000) {
        x->timeout_ms = atoi(val);
        *timed = true;
    } else {
        return jong_error_set(err, JONG_ERR_ARG, (int)(s - opts),
                              "ext: bad option '%.*s' (cmd='...', proto=stdio|batched|react, timeout=MS)",
                              (int)(*end - s), s);
    }
    if (**end && **end != ',')
        return jong_error_set(err, JONG_ERR_ARG, (int)(*end - opts), "ext: ',' expected after the quoted value");
    return JONG_OK;
}

/* cmd='...' (quotes keep commas and spaces; {seat} becomes the seat's number) or cmd=...,
 * proto=stdio|batched|react, timeout=MS (the bot's own time limit per decision, in place of the
 * table's; 10 s by default, and then the table's limit holds too). */
int jong_player_ext_create(const char *opts, jong_player *p, jong_error *err)
{
    ext_state *x = calloc(1, sizeof *x);
    if (!x)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    x->pid = -1;
    line_conn_init(&x->conn, -1);
    x->timeout_ms = 10000;
    for (int s = 0; s < JONG_SEATS; s++)
        snprintf(x->names[s], sizeof x->names[s], "?");
    jong_mjai_log_init(&x->game);
    const char *s = opts ? opts : "";
    bool timed = false;
    int rc = JONG_OK;
    while (*s && !rc) {
        const char *end = s;
        rc = ext_option(x, opts, s, &end, &timed, err);
        s = *end ? end + 1 : end;
    }
    if (!rc && !x->cmd[0])
        rc = jong_error_set(err, JONG_ERR_ARG, -1, "ext: cmd='...' is required");
    if (rc) {
        jong_mjai_log_free(&x->game);
        free(x);
        return rc;
    }
    p->ops = &ext_ops;
    p->state = x;
    p->seat_names = ext_seat_names;
    p->time_limit_ms = timed ? x->timeout_ms : 0;
    p->outside = true;
    return JONG_OK;
}
