/* A table: four players and the engine playing one whole game, with the events going to an
 * optional sink (for records) and to each player as its seat sees them. The checking mode
 * verifies the engine's invariants after every action. */
#ifndef JONG_TABLE_H
#define JONG_TABLE_H

#include "jong/game.h"
#include "jong/player.h"

typedef struct {
    int hands, wins, self_draws, deal_ins, draws; /* draws: hands that ended with no winner */
    int64_t tai;                                  /* sum of the tai of this seat's wins */
} jong_seat_stats;

typedef struct {
    int32_t scores[JONG_SEATS];      /* final scores */
    jong_seat_stats seats[JONG_SEATS];
    int hands;                       /* hands played */
    int64_t actions;                 /* decisions made */
} jong_game_result;

typedef struct {
    const jong_ruleset *rules;
    uint64_t seed;
    int game_number;
    jong_player *players[JONG_SEATS];
    jong_event_sink sink;            /* every event, unfiltered (may be NULL) */
    void *sink_ctx;
    bool check;                      /* verify the invariants after every action */
    int64_t time_ms, sims;           /* budgets given to the players */
    const atomic_bool *stop;
    /* called after each finished hand (may be NULL), e.g. for progress output */
    void (*on_hand)(void *ctx, const jong_game_result *so_far);
    void *on_hand_ctx;
} jong_table;

/* Play one game. On error (a player that returns no legal choice, a broken invariant) the
 * message names the seat, the player and the action; res holds the hands finished before it. */
int jong_table_play(const jong_table *t, jong_game_result *res, jong_error *err);

/* The seed of one decision: a pure function of where it happens. */
uint64_t jong_decision_seed(uint64_t seed, int game, int hand, int seat, int number);

#endif
