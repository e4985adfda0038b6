/* A seat played by an mjsonp client (the server side): a jong_player whose decisions are asked
 * over the socket, so the server plays its tables with the same engine and table loop as the
 * arena. An event is held back until the seat's next step is known: when the table asks the
 * seat to decide, the held event goes out with the possible_actions of that decision; when the
 * next event comes first, it goes out bare, and its answer must be "none" (every line is
 * answered) or, in the react convention, it carries "can_act": false and gets no answer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai_serve.h"
#include "io/line_conn.h"
#include "io/utf8.h"
#include "records/mjai_internal.h"

typedef struct {
    line_conn conn;
    jong_mjai_remote_opts o;
    char names[4][JONG_MJAI_NAME_MAX];
    int seat;
    jong_mjai_event held;      /* the event not yet sent */
    bool has_held;
    bool skip_reach;           /* the seat's reach was sent during its decision */
    bool stalled;              /* why it is gone: it did not answer in time (else it disconnected) */
    bool ending;               /* end_game is out: a client that leaves now has left nothing unplayed */
    int strays;                /* react: lines the client sent that nobody asked for, not yet faulted */
    jong_mjai_event stash;     /* react: the dahai a client gave with its chi or pon */
    bool has_stash;
    /* what mjai_action_message needs of the game so far */
    jong_mjai_decision *dec;
    char *answer_log;          /* the last answer's "log" text, NULL when it had none */
    jong_mjai_remote_stats st;
} remote;

static void say(remote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(remote *r, const char *fmt, ...)
{
    if (!r->o.say)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->o.say(r->o.say_ctx, r->seat, msg);
}

/* The client is gone: its seat plays the default actions from now on. */
static void drop_client(remote *r, const char *why)
{
    if (r->st.gone || r->conn.fd < 0)
        return;
    line_conn_close(&r->conn);
    if (r->ending)
        return; /* nothing was left to play */
    r->st.gone = true;
    say(r, "%s: its seat plays the default actions to the end of the game", why);
}

/* The time a client has for an answer, the line it answers included: a client that stops
 * reading fills its socket's buffers and stalls as one that stops answering does. */
static line_deadline answer_deadline(const remote *r)
{
    return line_deadline_in(r->o.timeout_ms, r->o.now_ms, r->o.stop);
}

/* A wait cut short by the stop flag: the game is being abandoned, and the client did nothing
 * wrong, so it is neither dropped nor blamed. */
static bool stopped(const remote *r, line_status st)
{
    return st == LINE_LATE && r->o.stop && atomic_load(r->o.stop);
}

/* The client is gone when a line cannot be sent to it: it stalled (LINE_LATE) or left. */
static bool sent_or_dropped(remote *r, line_status st)
{
    if (st == LINE_OK)
        return true;
    if (stopped(r, st))
        return false;
    r->stalled = st == LINE_LATE;
    drop_client(r, st == LINE_LATE ? "the client did not read in time" : "the client disconnected");
    return false;
}

static line_status send_json(remote *r, json_t *o, line_deadline *dl)
{
    char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (!s)
        return LINE_DEAD;
    size_t n = strlen(s);
    char *line = realloc(s, n + 2);
    if (!line) {
        free(s);
        return LINE_DEAD;
    }
    line[n] = '\n'; /* one write per line: two small ones would wait on delayed ACKs */
    line_status st = line_conn_write(&r->conn, line, n + 1, dl);
    free(line);
    if (st == LINE_OK)
        r->st.lines++;
    return st;
}

/* An answer's "log" text as the record keeps it: at most JONG_MJAI_LOG_MAX bytes, whole
 * characters, "..." after a cut (a client that sent 60 KB with every answer made an 11 MB
 * record). */
static char *log_text(const char *s)
{
    size_t len = strlen(s);
    char *out = malloc(JONG_MJAI_LOG_MAX + 4);
    if (out && utf8_prefix(s, len, out, JONG_MJAI_LOG_MAX + 1) < len)
        strcat(out, "...");
    return out;
}

/* Read the answer to the line just sent into m. False when the client is gone (dropped) or the
 * answer is not an mjai message (refused with an error line, its reply to that read). */
static bool read_answer(remote *r, line_deadline *dl, jong_mjai_event *m, const char *what);

static void refuse(remote *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(remote *r, const char *fmt, ...)
{
    char raw[400], msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    /* it may quote the client, cut anywhere: as JSON it must be whole UTF-8, or no error line
     * could be made and the client would be taken for gone */
    utf8_prefix(raw, strlen(raw), msg, sizeof msg);
    r->st.refused++;
    say(r, "%s", msg);
    json_t *o = json_pack("{s:s,s:s}", "type", "error", "message", msg);
    line_deadline dl = answer_deadline(r);
    line_status sent = o ? send_json(r, o, &dl) : LINE_DEAD;
    json_decref(o);
    if (!sent_or_dropped(r, sent))
        return;
    if (r->o.react)
        return; /* an error line is not a decision: no answer */
    /* the client answers the error line too: that answer is read and dropped */
    size_t l;
    line_status st = line_conn_read(&r->conn, &dl, &l);
    if (st == LINE_OK) {
        line_conn_drop(&r->conn, l);
    } else if (!stopped(r, st)) {
        r->stalled = st == LINE_LATE;
        drop_client(r, st == LINE_LATE ? "the client did not answer in time" : "the client disconnected");
    }
}

static bool read_answer(remote *r, line_deadline *dl, jong_mjai_event *m, const char *what)
{
    size_t l;
    line_status st = line_conn_read(&r->conn, dl, &l);
    if (stopped(r, st))
        return false;
    if (st != LINE_OK) {
        char why[200];
        r->stalled = st == LINE_LATE;
        snprintf(why, sizeof why, "%s (answering %s)",
                 st == LINE_LATE ? "the client did not answer in time" : "the client disconnected", what);
        drop_client(r, why);
        return false;
    }
    jong_error err;
    bool two = false; /* react: a call or reach and its dahai */
    int rc = r->o.react ? mjai_parse_answer(r->conn.buf, l, m, &r->stash, &two, &err)
                        : jong_mjai_parse(r->conn.buf, l, m, &err);
    r->has_stash = two;
    free(r->answer_log);
    r->answer_log = NULL;
    if (!rc && strstr(r->conn.buf, "\"log\"")) { /* kept for the record (the line is NUL-ended) */
        json_t *o = json_loadb(r->conn.buf, l, 0, NULL);
        const char *s = json_string_value(json_object_get(o, "log"));
        r->answer_log = s ? log_text(s) : NULL;
        json_decref(o);
    }
    char text[120]; /* the answer quoted in a refusal: its first 100 bytes, whole characters */
    size_t took = utf8_prefix(r->conn.buf, l, text, 101);
    if (took < l)
        strcat(text, "...");
    line_conn_drop(&r->conn, l);
    if (rc) {
        refuse(r, "answer to %s refused: %s: %s", what, err.msg, text);
        return false;
    }
    return true;
}

/* Send ev (with the decision's extras, when given) and read its answer into ans; ans NULL: a
 * react line that gets none, marked "can_act": false. */
static bool send_event(remote *r, const jong_mjai_event *ev, json_t *possible, json_t *cannot, jong_mjai_event *ans)
{
    json_t *o = mjai_event_json(ev);
    if (!o) {
        json_decref(possible);
        json_decref(cannot);
        return false;
    }
    if (possible)
        json_object_set_new(o, "possible_actions", possible);
    if (cannot)
        json_object_set_new(o, "cannot_dahai", cannot);
    if (!ans)
        json_object_set_new(o, "can_act", json_false());
    line_deadline dl = answer_deadline(r);
    line_status st = send_json(r, o, &dl);
    json_decref(o);
    if (!sent_or_dropped(r, st))
        return false;
    return ans ? read_answer(r, &dl, ans, jong_mjai_type_name(ev->type)) : true;
}

/* React: a line that gets no answer; what the client sent by now that nobody asked for is
 * counted for its next decision. */
static void send_quiet(remote *r, const jong_mjai_event *ev)
{
    r->strays += line_conn_drain(&r->conn);
    send_event(r, ev, NULL, NULL, NULL);
}

/* Send the held event, where the seat has nothing to decide: the answer must be "none" (in
 * react there is none). */
static void flush(remote *r)
{
    if (!r->has_held)
        return;
    r->has_held = false;
    if (r->st.gone)
        return;
    if (r->o.react) {
        send_quiet(r, &r->held);
        return;
    }
    jong_mjai_event ans;
    if (send_event(r, &r->held, NULL, NULL, &ans) && ans.type != JONG_MJAI_NONE)
        refuse(r, "out of turn: %s answered to %s, where only none may be", jong_mjai_type_name(ans.type),
               jong_mjai_type_name(r->held.type));
}

/* Track what an answer message is built from (jong_mjai_live does this from a whole log). */
static void track(remote *r, const jong_mjai_event *m)
{
    jong_mjai_decision *d = r->dec;
    if (m->type == JONG_MJAI_START_KYOKU)
        d->last_draw = d->last_tile = JONG_NO_TILE, d->last_actor = -1;
    if (m->type == JONG_MJAI_DAHAI || m->type == JONG_MJAI_KAKAN) {
        d->last_tile = m->pai;
        d->last_actor = m->actor;
    }
    if (m->type == JONG_MJAI_TSUMO && m->actor == r->seat)
        d->last_draw = m->pai;
    d->after_own_draw = m->type == JONG_MJAI_TSUMO && m->actor == r->seat;
    d->after_reach = false;
}

static void remote_observe(jong_player *p, const jong_view *v, const jong_event *seen)
{
    remote *r = p->state;
    jong_mjai_event m;
    jong_error err;
    if (jong_mjai_of_engine_event(seen, &m, &err))
        return;
    r->seat = v->seat;
    if (m.type == JONG_MJAI_REACH && m.actor == r->seat && r->skip_reach) {
        r->skip_reach = false; /* the client has it from its own decision */
        return;
    }
    r->skip_reach = false;
    /* a dahai given with a call waits for that call only */
    if (r->has_stash && !mjai_dahai_waits(&m, r->seat))
        r->has_stash = false;
    if (m.type == JONG_MJAI_START_GAME) {
        for (int s = 0; s < 4; s++)
            snprintf(m.names[s], sizeof m.names[s], "%s", r->names[s]);
        m.id = (int8_t)r->seat;
        m.has |= JONG_MJAI_HAS_ID;
        m.kyoku_first = r->o.tonpu ? 4 : 0;
        m.aka_flag = r->o.red_fives;
    }
    track(r, &m);
    flush(r);
    r->held = m;
    r->has_held = true;
    if (m.type == JONG_MJAI_END_GAME) {
        r->ending = true;
        flush(r);
    }
}

/* The legal answers as mjai messages (one "reach" for all the riichi discards), none left out
 * but the pass. */
static json_t *possible_actions(remote *r, const jong_action *legal, int n)
{
    json_t *a = json_array();
    bool reach = false;
    for (int i = 0; i < n && a; i++) {
        if (legal[i].type == JONG_ACT_PASS)
            continue;
        jong_mjai_event m;
        mjai_action_message(r->dec, &legal[i], &m);
        if (m.type == JONG_MJAI_REACH) {
            if (reach)
                continue;
            reach = true;
        }
        json_array_append_new(a, mjai_event_json(&m));
    }
    return a;
}

/* After the seat's own chi, pon or reach: the tiles in its hand that no legal discard plays. */
static json_t *cannot_dahai(const jong_hand *h, const jong_action *legal, int n, bool riichi_only)
{
    bool ok[JONG_KINDS] = {false};
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_DISCARD && (!riichi_only || (legal[i].flags & JONG_ACT_FLAG_RIICHI)))
            ok[legal[i].tile] = true;
    json_t *a = json_array();
    for (int k = 0; k < JONG_KINDS && a; k++)
        if (h->counts[k] && !ok[k])
            json_array_append_new(a, json_string(jong_mjai_tile_name(k)));
    return a;
}

/* What choose returns when the exchange failed: a refused answer is illegal; a client that
 * went away during this decision is a hang (it stalled) or a crash (it disconnected). */
static int gone_answer(const remote *r, const jong_decision *d)
{
    if (!r->st.gone)
        return d->nlegal;
    return r->stalled ? JONG_CHOICE_LATE : -1;
}

/* An accepted answer's log text goes to the server, for the record. */
static void pass_log(remote *r, int type)
{
    if (r->answer_log && r->o.on_log)
        r->o.on_log(r->o.say_ctx, r->seat, type, r->answer_log);
}

/* The legal action an answer names, or a refusal (an illegal index) that says why. */
static int accepted(remote *r, const jong_decision *d, const jong_mjai_event *ans, bool riichi, int held_type)
{
    int k = jong_mjai_find_action(ans, r->seat, riichi, d->legal, d->nlegal);
    if (k < 0 || (ans->type != JONG_MJAI_NONE && ans->actor != r->seat)) {
        char text[200];
        size_t len;
        char *s = jong_mjai_format(ans, text, sizeof text, &len);
        if (s && s != text)
            free(s);
        refuse(r, "illegal answer to %s: %s", jong_mjai_type_name(held_type), s == text ? text : "(too long)");
        return d->nlegal;
    }
    if (ans->type != JONG_MJAI_NONE)
        pass_log(r, ans->type);
    return k;
}

/* React: a line nobody asked for makes this decision a fault (the held event goes out as one
 * the client must not answer, so that it is back in step); the dahai given with a call answers
 * the decision after it. True when either settled the decision (its answer in *choice). */
static bool react_settled(remote *r, const jong_decision *d, bool after_call, int *choice)
{
    r->strays += line_conn_drain(&r->conn);
    if (r->strays) {
        int n = r->strays;
        r->strays = 0;
        r->has_stash = false;
        send_quiet(r, &r->held);
        refuse(r, "%d line%s sent where the seat could not act, or a second or late answer: this decision is "
               "played by default", n, n == 1 ? "" : "s");
        *choice = d->nlegal;
        return true;
    }
    if (r->has_stash && after_call) {
        r->has_stash = false;
        send_quiet(r, &r->held);
        *choice = accepted(r, d, &r->stash, false, r->held.type);
        return true;
    }
    return false;
}

/* The answer was a reach: send the reach and read the riichi discard (unless it came with the
 * reach, in react). False when the client is gone or the reach was refused. */
static bool riichi_discard(remote *r, const jong_decision *d, jong_mjai_event *ans, int held_type)
{
    bool may = false;
    for (int i = 0; i < d->nlegal; i++)
        may |= d->legal[i].type == JONG_ACT_DISCARD && (d->legal[i].flags & JONG_ACT_FLAG_RIICHI);
    if (!may || ans->actor != r->seat) {
        refuse(r, "illegal answer to %s: reach (not allowed now)", jong_mjai_type_name(held_type));
        return false;
    }
    pass_log(r, JONG_MJAI_REACH);
    if (r->has_stash) { /* [reach, dahai]: the others and this client see the reach as the table shows it */
        r->has_stash = false;
        *ans = r->stash;
        return true;
    }
    /* the reach goes to this client now (to the others when the table shows it), and its
     * answer is the riichi discard */
    jong_mjai_event reach;
    jong_mjai_event_init(&reach, JONG_MJAI_REACH);
    reach.actor = (int8_t)r->seat;
    r->dec->after_reach = true;
    r->dec->after_own_draw = false;
    json_t *pa = json_array();
    for (int i = 0; i < d->nlegal && pa; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD && (d->legal[i].flags & JONG_ACT_FLAG_RIICHI)) {
            jong_mjai_event m;
            mjai_action_message(r->dec, &d->legal[i], &m);
            json_array_append_new(pa, mjai_event_json(&m));
        }
    r->skip_reach = true;
    return send_event(r, &reach, pa, cannot_dahai(&d->view->own, d->legal, d->nlegal, true), ans);
}

static int remote_choose(jong_player *p, const jong_decision *d)
{
    remote *r = p->state;
    r->seat = d->view->seat;
    r->dec->seat = r->seat;
    r->dec->view = *d->view;
    if (r->st.gone || !r->has_held) {
        flush(r);
        return -1; /* a client that is gone: the default action (counted as a crash) */
    }
    r->has_held = false;
    const jong_mjai_event *held = &r->held;
    int held_type = held->type, choice;
    bool after_call = (held->type == JONG_MJAI_CHI || held->type == JONG_MJAI_PON) && held->actor == r->seat;
    if (r->o.react && react_settled(r, d, after_call, &choice))
        return r->st.gone ? gone_answer(r, d) : choice;
    json_t *cannot = after_call ? cannot_dahai(&d->view->own, d->legal, d->nlegal, false) : NULL;
    jong_mjai_event ans;
    if (!send_event(r, held, possible_actions(r, d->legal, d->nlegal), cannot, &ans))
        return gone_answer(r, d);
    if (r->o.react && line_conn_has_line(&r->conn)) { /* two answers at once */
        r->has_stash = false;
        line_conn_drain(&r->conn);
        refuse(r, "%s answered twice: this decision is played by default", jong_mjai_type_name(held_type));
        return d->nlegal;
    }
    bool riichi = ans.type == JONG_MJAI_REACH;
    if (riichi && !riichi_discard(r, d, &ans, held_type))
        return gone_answer(r, d);
    return accepted(r, d, &ans, riichi, held_type);
}

static void remote_destroy(jong_player *p)
{
    remote *r = p->state;
    line_conn_close(&r->conn);
    free(r->answer_log);
    free(r->dec);
    free(r);
}

static const jong_player_ops remote_ops = {remote_choose, remote_observe, remote_destroy};

int jong_mjai_remote_new(int fd, const char *early, size_t nearly, const jong_mjai_remote_opts *o,
                         jong_player **out, jong_error *err)
{
    remote *r = calloc(1, sizeof *r);
    jong_player *p = calloc(1, sizeof *p);
    jong_mjai_decision *dec = calloc(1, sizeof *dec);
    if (!r || !p || !dec || nearly > sizeof r->conn.buf) {
        free(r), free(p), free(dec);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    line_conn_init(&r->conn, fd);
    if (nearly)
        memcpy(r->conn.buf, early, nearly);
    r->conn.n = nearly;
    r->o = *o;
    if (r->o.timeout_ms <= 0)
        r->o.timeout_ms = 60000;
    for (int s = 0; s < 4; s++)
        snprintf(r->names[s], sizeof r->names[s], "%s", o->names[s] ? o->names[s] : "");
    r->dec = dec;
    dec->last_draw = dec->last_tile = JONG_NO_TILE;
    dec->last_actor = -1;
    p->ops = &remote_ops;
    p->state = r;
    p->outside = true;
    snprintf(p->spec, sizeof p->spec, "mjsonp");
    *out = p;
    return JONG_OK;
}

const jong_mjai_remote_stats *jong_mjai_remote_get_stats(const jong_player *p)
{
    return &((const remote *)p->state)->st;
}
