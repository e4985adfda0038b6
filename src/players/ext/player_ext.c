/* The `ext` player: an outside mjai bot as a seat. `ext:cmd='jong bot greedy',proto=stdio`
 * starts the command (through /bin/sh) and talks mjai with it on its stdin/stdout: at each of
 * its seat's decisions it sends the events the seat has seen since the last one (one per line,
 * each answered, for proto=stdio; one JSON array for proto=batched) and reads the answer, which
 * must name one of the legal actions. A bot that crashes, hangs past timeout= milliseconds (or
 * the table's stop flag) or answers something illegal costs that decision: choose returns -1
 * (crash), JONG_CHOICE_LATE (hang) or an index past the legal actions (illegal), which the
 * arena counts and replaces by the default action. A dead bot is started again at the next
 * decision and sent the whole game so far. An answer may also be two messages in an array (a
 * call or reach and its discard), as some batched bots give them. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "jong/player.h"
#include "io/line_conn.h"
#include "records/mjai_internal.h"

typedef struct {
    char cmd[512];
    bool batched;
    int timeout_ms;
    pid_t pid;
    line_conn conn;           /* a socket pair end: the bot's stdin and stdout */
    jong_mjai_log game;       /* the events of this game as the seat saw them */
    size_t sent;              /* how many of them the bot has */
    int seat;
    bool skip_reach;          /* the seat's own reach was sent already (the bot declared it) */
    jong_mjai_event stash;    /* the second of two answers given at once ([call, dahai]) */
    bool has_stash;
} ext_state;

static void stop_bot(ext_state *x)
{
    if (x->pid > 0) {
        kill(-x->pid, SIGKILL);
        kill(x->pid, SIGKILL);
        waitpid(x->pid, NULL, 0);
    }
    line_conn_close(&x->conn);
    x->pid = -1;
    x->sent = 0; /* a new bot gets the whole game */
}

/* The bot's stdin and stdout are one end of a socket pair: writes to a dead bot then fail with
 * an error (MSG_NOSIGNAL) instead of a SIGPIPE that would end the whole arena. */
static bool start_bot(ext_state *x)
{
    /* "{seat}" in the command is the seat's number (stdio bots are often started with it) */
    char cmd[sizeof x->cmd + 64];
    size_t n = 0;
    for (const char *c = x->cmd; *c && n + 2 < sizeof cmd; c++) {
        if (!strncmp(c, "{seat}", 6)) {
            cmd[n++] = (char)('0' + x->seat);
            c += 5;
        } else {
            cmd[n++] = *c;
        }
    }
    cmd[n] = 0;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
        return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]), close(sv[1]);
        return false;
    }
    if (pid == 0) {
        setpgid(0, 0); /* its own process group: stopping the bot stops what it started too */
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        close(sv[0]), close(sv[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: the child may not have run yet */
    close(sv[1]);
    x->pid = pid;
    line_conn_init(&x->conn, sv[0]);
    x->sent = 0;
    return true;
}

/* How an exchange with the bot ended. */
typedef enum { EX_OK, EX_DEAD, EX_LATE, EX_BAD } ex_status;

/* One answer, or two at once as an array (a call and its discard, a reach and its discard:
 * some batched bots answer so): the first is the answer, the second is kept for the decision
 * that follows. */
static int parse_answer(ext_state *x, const char *text, size_t len, jong_mjai_event *answer)
{
    jong_error err;
    x->has_stash = false;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
        i++;
    if (i == len || text[i] != '[')
        return jong_mjai_parse(text, len, answer, &err);
    json_t *a = json_loadb(text, len, 0, NULL);
    size_t n = json_is_array(a) ? json_array_size(a) : 0;
    int rc = n == 1 || n == 2 ? mjai_parse_json(json_array_get(a, 0), answer, &err) : JONG_ERR_SYNTAX;
    if (!rc && n == 2) {
        rc = mjai_parse_json(json_array_get(a, 1), &x->stash, &err);
        x->has_stash = rc == JONG_OK;
    }
    json_decref(a);
    return rc;
}

/* Send the unsent events and read the bot's answer to the last one into *answer. EX_BAD: the
 * answer is not an mjai message. */
static ex_status exchange(ext_state *x, const jong_ruleset *rs, const atomic_bool *stop, jong_mjai_event *answer)
{
    size_t n = x->game.n;
    char line[4096];
    line_status st;
    size_t l;
    for (size_t i = x->sent; i < n; i++) {
        jong_mjai_event e = x->game.ev[i];
        if (e.type == JONG_MJAI_START_GAME && rs) {
            e.id = (int8_t)x->seat;
            e.has |= JONG_MJAI_HAS_ID;
            e.kyoku_first = rs->tonpuu ? 4 : 0;
            e.aka_flag = rs->red_fives > 0;
        }
        size_t len;
        char *s = jong_mjai_format(&e, line, sizeof line - 2, &len);
        if (!s)
            return EX_DEAD;
        bool last = i + 1 == n;
        /* batched: one array of everything; stdio: one line each, every one answered */
        const char *pre = x->batched ? (i == x->sent ? "[" : ",") : "";
        const char *post = x->batched ? (last ? "]\n" : "") : "\n";
        bool ok = line_conn_write(&x->conn, pre, strlen(pre)) && line_conn_write(&x->conn, s, len) &&
                  line_conn_write(&x->conn, post, strlen(post));
        if (s != line)
            free(s);
        if (!ok)
            return EX_DEAD;
        if (!x->batched && !last) {
            if ((st = line_conn_read(&x->conn, x->timeout_ms, stop, &l)) != LINE_OK)
                return st == LINE_LATE ? EX_LATE : EX_DEAD;
            line_conn_drop(&x->conn, l);
        }
    }
    x->sent = n;
    if ((st = line_conn_read(&x->conn, x->timeout_ms, stop, &l)) != LINE_OK)
        return st == LINE_LATE ? EX_LATE : EX_DEAD;
    int rc = parse_answer(x, x->conn.buf, l, answer);
    line_conn_drop(&x->conn, l);
    return rc ? EX_BAD : EX_OK;
}

/* What choose returns for a failed exchange: an illegal index for a reply that is not mjai, else
 * a crash or a hang (the bot is stopped, and started again at the next decision). */
static int fault_answer(ext_state *x, ex_status st, const jong_decision *d)
{
    if (st == EX_BAD)
        return d->nlegal;
    stop_bot(x);
    return st == EX_LATE ? JONG_CHOICE_LATE : -1;
}

static int ext_choose(jong_player *p, const jong_decision *d)
{
    ext_state *x = p->state;
    x->seat = d->view->seat;
    if (x->pid <= 0 && !start_bot(x))
        return -1;
    jong_mjai_event m;
    ex_status st = EX_OK;
    if (x->has_stash) { /* the discard the bot gave with its call */
        m = x->stash;
        x->has_stash = false;
    } else if ((st = exchange(x, d->rules, d->stop, &m)) != EX_OK) {
        return fault_answer(x, st, d);
    }
    bool riichi = m.type == JONG_MJAI_REACH && m.actor == x->seat;
    if (riichi) {
        /* the bot's own reach goes into what it saw (the table shows it only after the
         * discard); the discard came with it ([reach, dahai]) or is asked for now */
        jong_mjai_event r;
        jong_mjai_event_init(&r, JONG_MJAI_REACH);
        r.actor = (int8_t)x->seat;
        jong_error err;
        if (jong_mjai_log_push(&x->game, &r, &err))
            return -1;
        x->skip_reach = true;
        if (x->has_stash) {
            m = x->stash;
            x->has_stash = false;
        } else if ((st = exchange(x, d->rules, d->stop, &m)) != EX_OK) {
            return fault_answer(x, st, d);
        }
    }
    int k = jong_mjai_find_action(&m, x->seat, riichi, d->legal, d->nlegal);
    return k >= 0 ? k : d->nlegal;
}

static void ext_observe(jong_player *p, const jong_view *v, const jong_event *seen)
{
    ext_state *x = p->state;
    jong_mjai_event m;
    jong_error err;
    if (jong_mjai_of_engine_event(seen, &m, &err))
        return;
    /* a discard given with a call waits for that call only */
    if (x->has_stash && !((m.type == JONG_MJAI_CHI || m.type == JONG_MJAI_PON) && m.actor == x->seat))
        x->has_stash = false;
    if (m.type == JONG_MJAI_START_GAME) {
        jong_mjai_log_free(&x->game);
        x->sent = 0;
        x->seat = v->seat;
    }
    if (m.type == JONG_MJAI_REACH && m.actor == x->seat && x->skip_reach) {
        x->skip_reach = false;
        return;
    }
    if (m.type == JONG_MJAI_END_GAME && x->pid > 0) {
        /* the bot sees the end; a new process serves the next game */
        jong_mjai_log_push(&x->game, &m, &err);
        jong_mjai_event ans;
        exchange(x, NULL, NULL, &ans);
        stop_bot(x);
        return;
    }
    jong_mjai_log_push(&x->game, &m, &err);
}

static void ext_destroy(jong_player *p)
{
    ext_state *x = p->state;
    stop_bot(x);
    jong_mjai_log_free(&x->game);
    free(x);
}

static const jong_player_ops ext_ops = {ext_choose, ext_observe, ext_destroy};

/* cmd='...' (quotes keep commas and spaces; {seat} becomes the seat's number) or cmd=...,
 * proto=stdio|batched, timeout=MS. */
int jong_player_ext_create(const char *opts, jong_player *p, jong_error *err)
{
    ext_state *x = calloc(1, sizeof *x);
    if (!x)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    x->pid = -1;
    line_conn_init(&x->conn, -1);
    x->timeout_ms = 10000;
    jong_mjai_log_init(&x->game);
    const char *s = opts ? opts : "";
    int rc = JONG_OK;
    while (*s && !rc) {
        const char *eq = strchr(s, '=');
        if (!eq) {
            rc = jong_error_set(err, JONG_ERR_ARG, (int)(s - opts), "ext: option '%s' is not key=value", s);
            break;
        }
        size_t klen = (size_t)(eq - s);
        const char *v = eq + 1, *end;
        char val[512];
        if (*v == '\'' || *v == '"') {
            const char *close = strchr(v + 1, *v);
            if (!close) {
                rc = jong_error_set(err, JONG_ERR_ARG, (int)(v - opts), "ext: unterminated quote");
                break;
            }
            snprintf(val, sizeof val, "%.*s", (int)(close - v - 1), v + 1);
            end = close + 1;
        } else {
            end = strchr(v, ',');
            if (!end)
                end = v + strlen(v);
            snprintf(val, sizeof val, "%.*s", (int)(end - v), v);
        }
        if (klen == 3 && !strncmp(s, "cmd", 3))
            snprintf(x->cmd, sizeof x->cmd, "%s", val);
        else if (klen == 5 && !strncmp(s, "proto", 5) && (!strcmp(val, "stdio") || !strcmp(val, "batched")))
            x->batched = !strcmp(val, "batched");
        else if (klen == 7 && !strncmp(s, "timeout", 7) && atoi(val) > 0 && atoi(val) <= 3600000)
            x->timeout_ms = atoi(val);
        else
            rc = jong_error_set(err, JONG_ERR_ARG, (int)(s - opts),
                                "ext: bad option '%.*s' (cmd='...', proto=stdio|batched, timeout=MS)",
                                (int)(end - s), s);
        s = *end == ',' ? end + 1 : end;
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
    return JONG_OK;
}
