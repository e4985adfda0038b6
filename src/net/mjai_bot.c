/* A Jong player as an mjai bot: text lines in, text lines out, in the three dialects of
 * ../shared/protocol/mjai.md (one event per line answered each time; the same with
 * "can_act": false meaning "answer nothing"; a JSON array of events answered once), or in the
 * react convention (only a line where the seat has something to decide is answered, a chi, pon
 * or reach together with the dahai that follows it). The events make the game record of the
 * bot's seat; at each decision the game so far is replayed through the engine
 * (jong_mjai_live), which gives the legal actions and the seat's view; the player picks one and
 * it goes back as an mjai message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "jong/player.h"
#include "records/mjai_internal.h"

struct jong_mjai_bot {
    jong_player *player;
    char name[JONG_MJAI_NAME_MAX];
    char room[JONG_MJAI_NAME_MAX];
    int seat;           /* -1 until start_game says it (or the caller did) */
    uint64_t seed;
    uint64_t decisions;
    jong_mjai_log log;
    bool react;         /* answer only decisions, calls and reach with their dahai */
    int ahead;          /* react: the call or reach whose dahai was given with it, -1 when none */
    char warning[256];  /* the last fallback's reason, "" when none */
    jong_mjai_bot_stats stats;
    const atomic_bool *stop; /* raised: stop thinking, take no more lines (may be NULL) */
};

int jong_mjai_bot_new(const char *player_spec, const char *name, int seat, uint64_t seed, jong_mjai_bot **out,
                      jong_error *err)
{
    jong_mjai_bot *b = calloc(1, sizeof *b);
    if (!b)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (jong_player_create(player_spec, &b->player, err)) {
        free(b);
        return err ? err->code : JONG_ERR_ARG;
    }
    if (jong_player_check_variant(player_spec, JONG_VARIANT_RIICHI, err)) { /* mjai games are riichi games */
        jong_player_free(b->player);
        free(b);
        return err ? err->code : JONG_ERR_ARG;
    }
    snprintf(b->name, sizeof b->name, "%s", name && name[0] ? name : "jong");
    b->seat = seat;
    b->seed = seed;
    b->ahead = -1;
    jong_mjai_log_init(&b->log);
    *out = b;
    return JONG_OK;
}

void jong_mjai_bot_set_room(jong_mjai_bot *b, const char *room)
{
    snprintf(b->room, sizeof b->room, "%s", room ? room : "");
}

void jong_mjai_bot_free(jong_mjai_bot *b)
{
    if (!b)
        return;
    jong_player_free(b->player);
    jong_mjai_log_free(&b->log);
    free(b);
}

void jong_mjai_bot_set_react(jong_mjai_bot *b, bool react) { b->react = react; }
void jong_mjai_bot_set_stop(jong_mjai_bot *b, const atomic_bool *stop) { b->stop = stop; }
bool jong_mjai_bot_react(const jong_mjai_bot *b) { return b->react; }
const char *jong_mjai_bot_warning(const jong_mjai_bot *b) { return b->warning; }
const jong_mjai_bot_stats *jong_mjai_bot_get_stats(const jong_mjai_bot *b) { return &b->stats; }
int jong_mjai_bot_seat(const jong_mjai_bot *b) { return b->seat; }

/* ---- the chosen action as an mjai message ---- */

static int five_code(int kind, bool red) { return jong_code_make(kind, red); }

/* The codes of n tiles of `kind` from the hand, red fives first when use_red. */
static void from_hand(const jong_hand *h, int kind, int n, bool use_red, uint8_t *out)
{
    int reds = kind < JONG_NUMBER_KINDS && kind % 9 == 4 ? h->red[kind / 9] : 0;
    for (int i = 0; i < n; i++) {
        bool red = use_red && reds > 0;
        if (red)
            reds--;
        out[i] = (uint8_t)five_code(kind, red);
    }
}

void mjai_action_message(const jong_mjai_decision *d, const jong_action *a, jong_mjai_event *m)
{
    const jong_hand *h = &d->view.own;
    int s = d->seat;
    bool red = (a->flags & JONG_ACT_FLAG_RED) != 0;
    jong_mjai_event_init(m, JONG_MJAI_NONE);
    switch (a->type) {
    case JONG_ACT_DISCARD:
        if ((a->flags & JONG_ACT_FLAG_RIICHI) && !d->after_reach) {
            m->type = JONG_MJAI_REACH; /* the discard follows the server's reach event */
            m->actor = (int8_t)s;
            break;
        }
        m->type = JONG_MJAI_DAHAI;
        m->actor = (int8_t)s;
        m->pai = (uint8_t)five_code(a->tile, red);
        m->tsumogiri = (d->after_own_draw || d->after_reach) && m->pai == d->last_draw;
        break;
    case JONG_ACT_CHI:
    case JONG_ACT_PON:
    case JONG_ACT_KONG: {
        m->type = a->type == JONG_ACT_CHI ? JONG_MJAI_CHI : a->type == JONG_ACT_PON ? JONG_MJAI_PON : JONG_MJAI_DAIMINKAN;
        m->actor = (int8_t)s;
        m->target = d->last_actor;
        m->pai = d->last_tile;
        if (a->type == JONG_ACT_CHI) {
            for (int k = a->low; k < a->low + 3; k++)
                if (k != a->tile)
                    from_hand(h, k, 1, red, &m->consumed[m->nconsumed++]);
        } else {
            m->nconsumed = a->type == JONG_ACT_PON ? 2 : 3;
            from_hand(h, a->tile, m->nconsumed, red || a->type == JONG_ACT_KONG, m->consumed);
        }
        break;
    }
    case JONG_ACT_CONCEALED_KONG:
        m->type = JONG_MJAI_ANKAN;
        m->actor = (int8_t)s;
        m->nconsumed = 4;
        from_hand(h, a->tile, 4, true, m->consumed);
        break;
    case JONG_ACT_ADDED_KONG:
        m->type = JONG_MJAI_KAKAN;
        m->actor = (int8_t)s;
        m->pai = (uint8_t)five_code(a->tile, red);
        for (int i = 0; i < h->nmelds; i++)
            if (h->melds[i].type == JONG_MELD_PUNG && h->melds[i].tile == a->tile) {
                int reds = h->melds[i].red;
                for (int k = 0; k < 3; k++)
                    m->consumed[k] = (uint8_t)five_code(a->tile, reds-- > 0);
                m->nconsumed = 3;
            }
        break;
    case JONG_ACT_SELF_DRAW_WIN:
        m->type = JONG_MJAI_HORA;
        m->actor = m->target = (int8_t)s;
        m->pai = d->last_draw;
        break;
    case JONG_ACT_WIN:
        m->type = JONG_MJAI_HORA;
        m->actor = (int8_t)s;
        m->target = d->last_actor;
        m->pai = d->last_tile;
        break;
    case JONG_ACT_NINE_TERMINALS:
        m->type = JONG_MJAI_RYUKYOKU;
        m->reason = JONG_MJAI_RK_KYUSHU;
        m->actor = (int8_t)s;
        break;
    default:
        break;
    }
}

/* When the replay fails (a server with other rules, a damaged stream): still answer something
 * that keeps the game going: the drawn tile after one's own draw or reach, else nothing. */
static void fallback(jong_mjai_bot *b, const jong_mjai_decision *d, jong_mjai_event *m)
{
    jong_mjai_event_init(m, JONG_MJAI_NONE);
    b->stats.fallbacks++;
    if ((d->after_own_draw || d->after_reach) && d->last_draw != JONG_NO_TILE && d->last_draw != JONG_HIDDEN) {
        m->type = JONG_MJAI_DAHAI;
        m->actor = (int8_t)b->seat;
        m->pai = d->last_draw;
        m->tsumogiri = true;
    }
}

/* Whether the seat may act after the last event as mjai has it (its own tsumo, chi, pon or
 * reach; another seat's dahai, kakan or ankan): where a react bot that cannot follow the game
 * still answers, by default. */
static bool may_act(const jong_mjai_bot *b)
{
    const jong_mjai_event *e = &b->log.ev[b->log.n - 1];
    if (e->actor == b->seat)
        return e->type == JONG_MJAI_TSUMO || e->type == JONG_MJAI_CHI || e->type == JONG_MJAI_PON ||
               e->type == JONG_MJAI_REACH;
    return e->type == JONG_MJAI_DAHAI || e->type == JONG_MJAI_KAKAN || e->type == JONG_MJAI_ANKAN;
}

/* The player's choice at the decision d, as mjai. */
static void choose(jong_mjai_bot *b, const jong_mjai_decision *d, jong_mjai_event *m)
{
    jong_decision dec = {&d->view, &d->rules, d->legal, d->nlegal, b->seed ^ (b->decisions * 0x9e3779b97f4a7c15u),
                         0, 0, b->stop, NULL};
    b->decisions++;
    b->stats.decisions++;
    int k = b->player->ops->choose(b->player, &dec);
    if (k < 0 || k >= d->nlegal)
        k = 0;
    mjai_action_message(d, &d->legal[k], m);
}

/* React: the dahai the player would play after its chi, pon or reach m, found by playing m into
 * the game for a moment. False when there is none (the engine cannot follow). */
static bool dahai_after(jong_mjai_bot *b, const jong_mjai_event *m, jong_mjai_decision *d, jong_mjai_event *then)
{
    size_t n = b->log.n;
    const jong_mjai_event *e = b->log.ev;
    jong_error err;
    /* a call on a riichi discard comes after the stick is paid (reach_accepted; its scores do
     * not matter to the replay) */
    bool riichi = n >= 2 && e[n - 1].type == JONG_MJAI_DAHAI && e[n - 2].type == JONG_MJAI_REACH &&
                  e[n - 2].actor == e[n - 1].actor && m->type != JONG_MJAI_REACH;
    jong_mjai_event paid;
    jong_mjai_event_init(&paid, JONG_MJAI_REACH_ACCEPTED);
    paid.actor = e[n - 1].actor;
    bool ok = !(riichi && jong_mjai_log_push(&b->log, &paid, &err)) && !jong_mjai_log_push(&b->log, m, &err) &&
              !jong_mjai_live(&b->log, b->seat, d, &err) && d->nlegal > 0;
    if (ok)
        choose(b, d, then);
    b->log.n = n;
    return ok && then->type == JONG_MJAI_DAHAI;
}

/* The answer to the events so far in *m (none when the seat has nothing to decide). Returns
 * whether there was a decision. With then (react), a chi, pon or reach comes with the dahai
 * that follows it in *then, and *two says so. */
static bool decide(jong_mjai_bot *b, jong_mjai_event *m, jong_mjai_event *then, bool *two)
{
    jong_mjai_event_init(m, JONG_MJAI_NONE);
    if (two)
        *two = false;
    if (b->seat < 0 || b->log.n == 0)
        return false;
    /* an open kan's dora comes between the discard's answer and the discard itself: the answer
     * was given (to the replacement tsumo), the dora only gets "none" */
    if (b->log.ev[b->log.n - 1].type == JONG_MJAI_DORA)
        return false;
    jong_mjai_decision *d = malloc(sizeof *d);
    if (!d) {
        snprintf(b->warning, sizeof b->warning, "out of memory");
        return false;
    }
    jong_error err;
    bool asked;
    if (jong_mjai_live(&b->log, b->seat, d, &err)) {
        snprintf(b->warning, sizeof b->warning, "cannot follow the game (%.200s): answering by default", d->why);
        fallback(b, d, m);
        asked = true; /* react asks only where the seat may act */
    } else {
        asked = d->nlegal > 0;
        if (asked)
            choose(b, d, m);
        bool opens = m->type == JONG_MJAI_CHI || m->type == JONG_MJAI_PON || m->type == JONG_MJAI_REACH;
        if (asked && then && opens)
            *two = dahai_after(b, m, d, then);
    }
    free(d);
    return asked;
}

/* ---- input ---- */

static int take_event(jong_mjai_bot *b, const jong_mjai_event *ev, jong_error *err)
{
    switch (ev->type) {
    case JONG_MJAI_START_GAME:
        jong_mjai_log_free(&b->log);
        if (ev->has & JONG_MJAI_HAS_ID)
            b->seat = ev->id;
        b->log.east_south = ev->kyoku_first != 4;
        b->log.red_fives = ev->aka_flag != 0;
        b->decisions = 0;
        break;
    case JONG_MJAI_NONE:
    case JONG_MJAI_ERROR:
    case JONG_MJAI_HELLO:
    case JONG_MJAI_JOIN:
        return JONG_OK; /* not part of the game */
    default:
        break;
    }
    jong_mjai_event e = *ev;
    e.has &= ~(unsigned)JONG_MJAI_HAS_CAN_ACT;
    return jong_mjai_log_push(&b->log, &e, err);
}

static char *reply_text(const jong_mjai_event *m)
{
    char buf[1024];
    size_t n;
    char *s = jong_mjai_format(m, buf, sizeof buf, &n);
    return s == buf ? strdup(buf) : s;
}

/* Two moves in one line: "[first,then]". */
static char *pair_text(const jong_mjai_event *first, const jong_mjai_event *then)
{
    char *a = reply_text(first), *b = reply_text(then);
    char *s = a && b ? malloc(strlen(a) + strlen(b) + 4) : NULL;
    if (s)
        sprintf(s, "[%s,%s]", a, b);
    free(a);
    free(b);
    return s;
}

/* React: whether the line just taken in is the seat's own chi, pon or reach whose dahai went
 * out with it (then it gets no answer). The first line where the seat may act settles it. */
static bool given_ahead(jong_mjai_bot *b)
{
    if (b->ahead < 0 || !b->log.n || !may_act(b))
        return false;
    const jong_mjai_event *e = &b->log.ev[b->log.n - 1];
    bool same = e->type == b->ahead && e->actor == b->seat;
    b->ahead = -1;
    return same;
}

/* React: the answer where the seat may act, NULL when it has nothing to decide (*none). */
static char *react_reply(jong_mjai_bot *b, bool *none)
{
    jong_mjai_event m, then;
    bool two;
    *none = !decide(b, &m, &then, &two);
    if (*none)
        return NULL;
    if (!two)
        return reply_text(&m);
    b->ahead = m.type;
    return pair_text(&m, &then);
}

int jong_mjai_bot_line(jong_mjai_bot *b, const char *line, size_t len, char **reply, jong_error *err)
{
    *reply = NULL;
    b->warning[0] = 0;
    if (b->stop && atomic_load(b->stop))
        return jong_error_set(err, JONG_ERR_STOPPED, -1, "stopped");
    json_error_t je;
    json_t *v = json_loadb(line, len, 0, &je);
    if (!v)
        return jong_error_set(err, JONG_ERR_SYNTAX, je.position, "malformed JSON at column %d: %s", je.column, je.text);
    bool batch = json_is_array(v);
    size_t n = batch ? json_array_size(v) : 1;
    int rc = JONG_OK;
    bool answer = true;
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_NONE);
    for (size_t i = 0; i < n && !rc; i++) {
        rc = mjai_parse_json(batch ? json_array_get(v, i) : v, &ev, err);
        if (rc)
            break;
        b->stats.events++;
        if (!batch && (ev.has & JONG_MJAI_HAS_CAN_ACT) && !ev.can_act)
            answer = false;
        rc = take_event(b, &ev, err);
    }
    json_decref(v);
    if (rc)
        return rc;
    if (b->react && ev.type != JONG_MJAI_HELLO) {
        /* only a game event where the seat may act is answered (not an error line) */
        bool game = ev.type != JONG_MJAI_ERROR && ev.type != JONG_MJAI_NONE && ev.type != JONG_MJAI_JOIN;
        bool none = !game || given_ahead(b) || !answer || !b->log.n || !may_act(b);
        if (!none)
            *reply = react_reply(b, &none);
        return none || *reply ? JONG_OK : jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    if (!answer)
        return JONG_OK;
    jong_mjai_event m;
    if (ev.type == JONG_MJAI_HELLO) {
        jong_mjai_event_init(&m, JONG_MJAI_JOIN);
        snprintf(m.text, sizeof m.text, "%s", b->name);
        snprintf(m.names[0], sizeof m.names[0], "%s", b->room);
    } else {
        decide(b, &m, NULL, NULL);
    }
    *reply = reply_text(&m);
    if (!*reply)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    return JONG_OK;
}
