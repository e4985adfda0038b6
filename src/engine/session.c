/* A table played step by step (see session.h): the program seats are asked here, person seats
 * stop the loop until jong_session_act gives their answer. */
#include <stdlib.h>
#include <string.h>

#include "jong/session.h"
#include "jong/table.h"

#define RESULT_MAX 4

struct jong_session {
    jong_session_config cfg;
    jong_game *g;
    jong_view tracked[JONG_SEATS];
    int decisions[JONG_SEATS]; /* per seat in this hand: part of each decision's seed */
    int64_t person_answers;
    jong_event result[RESULT_MAX];
    int nresult;
};

static void session_sink(void *ctx, const jong_event *ev)
{
    jong_session *s = ctx;
    const jong_session_config *c = &s->cfg;
    if (c->sink)
        c->sink(c->sink_ctx, ev);
    if (ev->type == JONG_EV_START_HAND) {
        s->nresult = 0;
    } else if ((ev->type == JONG_EV_WIN || ev->type == JONG_EV_EXHAUSTED) && s->nresult < RESULT_MAX) {
        s->result[s->nresult++] = *ev;
    }
    for (int seat = 0; seat < JONG_SEATS; seat++) {
        jong_event filtered;
        const jong_event *seen = ev;
        if (jong_event_hides(ev, seat, c->rules->variant)) {
            jong_event_for_seat(ev, seat, c->rules->variant, &filtered);
            seen = &filtered;
        }
        jong_view_apply(&s->tracked[seat], c->rules, seen);
        jong_player *p = c->players[seat];
        if (p && p->ops->observe)
            p->ops->observe(p, &s->tracked[seat], seen);
        if (!p && c->observe)
            c->observe(c->observe_ctx, seat, &s->tracked[seat], seen);
    }
}

/* Ask the program seats that are pending until only person seats are, or the hand ends. */
static int play_on(jong_session *s, jong_error *err)
{
    const jong_session_config *c = &s->cfg;
    while (!jong_game_hand_over(s->g)) {
        unsigned pending = jong_game_pending(s->g);
        bool asked = false;
        for (int seat = 0; seat < JONG_SEATS; seat++) {
            jong_player *p = c->players[seat];
            if (!(pending >> seat & 1) || !p)
                continue;
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(s->g, seat, legal);
            int hand = jong_game_hands_played(s->g) - 1;
            jong_decision d = {
                .view = &s->tracked[seat], .rules = c->rules, .legal = legal, .nlegal = n,
                .seed = jong_decision_seed(c->seed, c->game_number, hand, seat, s->decisions[seat]++),
                .now_ms = c->now_ms,
            };
            int choice = p->ops->choose(p, &d);
            if (choice < 0 || choice >= n)
                return jong_error_set(err, JONG_ERR_ARG, -1, "player %s (seat %d) chose %d of %d legal actions",
                                      p->spec, seat, choice, n);
            int rc = jong_game_act(s->g, seat, &legal[choice], err);
            if (rc)
                return rc;
            asked = true;
            break; /* the pending set may have changed */
        }
        if (!asked)
            return JONG_OK; /* only person seats are pending */
    }
    return JONG_OK;
}

static int start_hand(jong_session *s, jong_error *err)
{
    memset(s->decisions, 0, sizeof s->decisions);
    int rc = jong_game_start_hand(s->g, err);
    return rc ? rc : play_on(s, err);
}

int jong_session_new(const jong_session_config *cfg, jong_session **out, jong_error *err)
{
    jong_session *s = calloc(1, sizeof *s);
    if (!s)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    s->cfg = *cfg;
    for (int seat = 0; seat < JONG_SEATS; seat++)
        jong_view_init(&s->tracked[seat], cfg->rules, seat);
    jong_table_tell_names(s->cfg.players, NULL);
    int rc = jong_game_new(cfg->rules, cfg->seed, cfg->game_number, session_sink, s, &s->g, err);
    if (!rc)
        rc = start_hand(s, err);
    if (rc) {
        jong_session_free(s);
        return rc;
    }
    *out = s;
    return JONG_OK;
}

void jong_session_free(jong_session *s)
{
    if (!s)
        return;
    jong_game_free(s->g);
    free(s);
}

jong_session_state jong_session_state_now(const jong_session *s)
{
    if (jong_game_over(s->g))
        return JONG_SESSION_GAME_OVER;
    return jong_game_hand_over(s->g) ? JONG_SESSION_HAND_OVER : JONG_SESSION_WAITING;
}

unsigned jong_session_waiting(const jong_session *s)
{
    unsigned people = 0;
    for (int seat = 0; seat < JONG_SEATS; seat++)
        if (!s->cfg.players[seat])
            people |= 1u << seat;
    return jong_game_hand_over(s->g) ? 0 : jong_game_pending(s->g) & people;
}

int jong_session_legal(const jong_session *s, int seat, jong_action out[JONG_MAX_ACTIONS])
{
    if (seat < 0 || seat >= JONG_SEATS || !(jong_session_waiting(s) >> seat & 1))
        return 0;
    return jong_game_legal(s->g, seat, out);
}

int jong_session_act(jong_session *s, int seat, const jong_action *a, jong_error *err)
{
    if (seat < 0 || seat >= JONG_SEATS || !(jong_session_waiting(s) >> seat & 1))
        return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d is not asked to act now", seat);
    int rc = jong_game_act(s->g, seat, a, err);
    if (rc)
        return rc;
    s->person_answers++;
    s->decisions[seat]++;
    return play_on(s, err);
}

int jong_session_next_hand(jong_session *s, jong_error *err)
{
    if (jong_session_state_now(s) != JONG_SESSION_HAND_OVER)
        return jong_error_set(err, JONG_ERR_ARG, -1, jong_game_over(s->g) ? "the game is over"
                                                                          : "the hand is still being played");
    return start_hand(s, err);
}

const jong_view *jong_session_view(const jong_session *s, int seat) { return &s->tracked[seat]; }

unsigned jong_session_furiten(const jong_session *s, int seat)
{
    return jong_session_state_now(s) == JONG_SESSION_WAITING ? jong_game_furiten(s->g, seat) : 0;
}

int jong_session_hands(const jong_session *s) { return jong_game_hands_played(s->g); }

int jong_session_hand_result(const jong_session *s, jong_event *out, int max)
{
    for (int i = 0; i < s->nresult && i < max; i++)
        out[i] = s->result[i];
    return s->nresult;
}

int64_t jong_session_decisions(const jong_session *s) { return s->person_answers; }

uint64_t jong_session_decision_seed(const jong_session *s, int seat)
{
    return jong_decision_seed(s->cfg.seed, s->cfg.game_number, jong_game_hands_played(s->g) - 1, seat,
                              s->decisions[seat]);
}
