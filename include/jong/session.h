/* A table played step by step, for tables where some seats are people (the terminal and the web
 * page). The session answers for the program seats itself and stops whenever a person's seat
 * must answer or a hand has ended; the caller then gives the person's answer, or starts the
 * next hand. Decisions get the same seeds as at a jong_table, so a session whose person seats
 * answer as some player would, plays the same game as that table. */
#ifndef JONG_SESSION_H
#define JONG_SESSION_H

#include "jong/game.h"
#include "jong/player.h"

typedef struct {
    const jong_ruleset *rules;
    uint64_t seed;
    int game_number;
    jong_player *players[JONG_SEATS]; /* NULL: a person's seat (answered with jong_session_act) */
    jong_event_sink sink;             /* every event, unfiltered (records; may be NULL) */
    void *sink_ctx;
    /* each event as a person's seat sees it, after its view was updated (may be NULL) */
    void (*observe)(void *ctx, int seat, const jong_view *v, const jong_event *seen);
    void *observe_ctx;
    int64_t (*now_ms)(void);          /* the clock given to program seats (may be NULL) */
} jong_session_config;

typedef enum {
    JONG_SESSION_WAITING = 0, /* a person's seat must answer (jong_session_waiting) */
    JONG_SESSION_HAND_OVER,   /* a hand has ended; jong_session_next_hand starts the next one */
    JONG_SESSION_GAME_OVER,
} jong_session_state;

typedef struct jong_session jong_session;

/* Start the game and its first hand, and play on to the first stop. The config is copied; the
 * ruleset and players must outlive the session (the session does not free them). */
int jong_session_new(const jong_session_config *cfg, jong_session **out, jong_error *err);
void jong_session_free(jong_session *s);
jong_session_state jong_session_state_now(const jong_session *s);
/* Bit set of the person seats that must answer now. */
unsigned jong_session_waiting(const jong_session *s);
/* The legal actions of a waiting person seat (0 for any other seat). */
int jong_session_legal(const jong_session *s, int seat, jong_action out[JONG_MAX_ACTIONS]);
/* A person's answer: one of its legal actions (anything else is a JONG_ERR_ARG and changes
 * nothing), then the program seats play on to the next stop. */
int jong_session_act(jong_session *s, int seat, const jong_action *a, jong_error *err);
/* After JONG_SESSION_HAND_OVER: deal the next hand and play on to the next stop. */
int jong_session_next_hand(jong_session *s, jong_error *err);
/* What a seat may know, rebuilt from the events it saw. */
const jong_view *jong_session_view(const jong_session *s, int seat);
/* jong_game_furiten of a seat (riichi; 0 once the hand is over). */
unsigned jong_session_furiten(const jong_session *s, int seat);
/* Hands started so far (the current one included). */
int jong_session_hands(const jong_session *s);
/* The last WIN or EXHAUSTED events of the hand that ended last (several with multiple winners):
 * copies up to max of them into out and returns how many there were. */
int jong_session_hand_result(const jong_session *s, jong_event *out, int max);
/* Decisions answered by person seats so far (a counter a page can send back, so that a stale
 * answer to an earlier question is refused). */
int64_t jong_session_decisions(const jong_session *s);
/* The seed a jong_table would give the seat's next decision (for a person seat answered by a
 * program, e.g. a hint or a test that replays a table). */
uint64_t jong_session_decision_seed(const jong_session *s, int seat);

#endif
