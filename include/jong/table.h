/* A table: four players and the engine playing one whole game, with the events going to an
 * optional sink (for records) and to each player as its seat sees them. The checking mode
 * verifies the engine's invariants after every action. */
#ifndef JONG_TABLE_H
#define JONG_TABLE_H

#include <pthread.h>

#include "jong/game.h"
#include "jong/player.h"

/* What a player can do wrong at a decision when the table tolerates faults (the arena). */
typedef enum {
    JONG_FAULT_ILLEGAL = 0, /* an index past the legal actions */
    JONG_FAULT_CRASH,       /* a negative answer: the player reports that it failed */
    JONG_FAULT_TIMEOUT,     /* an answer later than the time limit plus its grace, or JONG_CHOICE_LATE */
    JONG_FAULT_KINDS
} jong_fault_kind;

typedef struct {
    int hands, wins, self_draws, deal_ins, draws; /* draws: hands that ended with no winner */
    int64_t tai;                                  /* sum of the tai (riichi: han) of this seat's wins */
    int64_t decisions;                            /* times this seat's player was asked */
    int faults[JONG_FAULT_KINDS];                 /* decisions replaced by the default action */
} jong_seat_stats;

typedef struct {
    int32_t scores[JONG_SEATS];      /* final scores */
    jong_seat_stats seats[JONG_SEATS];
    int hands;                       /* hands played */
    int64_t actions;                 /* decisions made */
} jong_game_result;

/* Where a watchdog thread sees a decision under way: it sets stop once the clock passes
 * deadline_ms, or the deciding thread's CPU time passes cpu_deadline_ms (0 = no decision of that
 * kind is running). One per table that runs in its own thread. */
typedef struct {
    _Atomic int64_t deadline_ms;
    _Atomic int64_t cpu_deadline_ms;
    atomic_bool stop;
} jong_move_watch;

/* Tolerating faults (the arena): a bad answer costs only that decision. The library reads no
 * clock of its own, so the caller gives one; without a clock there is no time limit. */
typedef struct {
    int64_t (*now_ms)(void);  /* a monotonic clock in milliseconds (may be NULL) */
    int64_t stop_ms;          /* the watch's deadline: this long after the question (0 = none) */
    int64_t late_ms;          /* an answer later than this is a timeout (0 = never) */
    jong_move_watch *watch;   /* the decision's stop flag and deadline (may be NULL) */
    /* The CPU time of a thread in milliseconds (may be NULL). When given, stop_ms and late_ms
     * count the CPU time the deciding thread spends (its watch's cpu_deadline_ms), not the wall
     * clock, for every player that thinks in that thread: a hang limit that a loaded machine
     * cannot turn into faults, so a run gives the same results under any load. Players that wait
     * for another program (jong_player.outside) or have their own limit keep the wall clock. */
    int64_t (*thread_cpu_ms)(pthread_t thread);
} jong_fault_policy;

typedef struct {
    const jong_ruleset *rules;
    uint64_t seed;
    int game_number;
    jong_player *players[JONG_SEATS];
    jong_event_sink sink;            /* every event, unfiltered (may be NULL) */
    void *sink_ctx;
    bool check;                      /* verify the invariants after every action */
    int64_t time_ms, sims;           /* budgets given to the players */
    int64_t (*now_ms)(void);         /* the clock given to the players (NULL: the faults' clock, if any) */
    const atomic_bool *stop;         /* given to the players: raised, they stop thinking (may be NULL) */
    /* Raised from outside (a signal): the game is abandoned before its next decision and
     * jong_table_play returns JONG_ERR_STOPPED. A decision under way ends through its stop flag,
     * which the caller raises too (stop, or the fault policy's watch). May be NULL. */
    const atomic_bool *abandon;
    /* called after each finished hand (may be NULL), e.g. for progress output */
    void (*on_hand)(void *ctx, const jong_game_result *so_far);
    void *on_hand_ctx;
    /* NULL: a bad answer is an error that ends the game. Otherwise a negative answer (crash), an
     * index out of range (illegal) or a late one (timeout) is counted in the seat's faults and
     * replaced by jong_default_action. */
    const jong_fault_policy *faults;
    /* The seats' names, told to the players that pass them on (jong_player.seat_names); NULL
     * entries (or all, zeroed) stand for each seat's player spec. */
    const char *names[JONG_SEATS];
} jong_table;

/* An answer later than late_ms is a timeout when the limit is limit_ms: the limit and a grace
 * (a quarter of it, at least 50 ms) that absorbs a watchdog's polling and the player's way out
 * after the stop flag. The arena's limits and a player's own (time_limit_ms) both use it. */
int64_t jong_fault_late_ms(int64_t limit_ms);

/* Tell each player that wants them (seat_names) the names of the four seats: names[s], or the
 * spec of seat s's player when names[s] is NULL, or "person" for a seat with no player (a
 * session's person seat). The tables call it before each game. */
void jong_table_tell_names(jong_player *const players[JONG_SEATS], const char *const names[JONG_SEATS]);

/* Play one game. On error (a player that returns no legal choice, a broken invariant) the
 * message names the seat, the player and the action; res holds the hands finished before it. */
int jong_table_play(const jong_table *t, jong_game_result *res, jong_error *err);

/* The action a fault is replaced with: pass when passing is legal (no claim, no win), else the
 * discard of the tile just drawn (tsumogiri), else the first plain discard, else the first legal
 * action. It never wins, so a fault can only cost the faulty seat. */
int jong_default_action(const jong_view *v, const jong_action *legal, int n);

/* The seed of one decision: a pure function of where it happens. */
uint64_t jong_decision_seed(uint64_t seed, int game, int hand, int seat, int number);

#endif
