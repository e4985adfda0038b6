/* Players: one interface, many engines, chosen by name with key=val options ("greedy",
 * "random", "simcat:sims=1000,pp=on"). A player sees only its seat's view and the legal actions
 * and returns the index of one of them. Its randomness comes from the seed of each decision. */
#ifndef JONG_PLAYER_H
#define JONG_PLAYER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/game.h"
#include "jong/rules.h"

/* One decision: the view, the legal actions, and the budget the player may use. */
typedef struct {
    const jong_view *view;
    const jong_ruleset *rules;
    const jong_action *legal;
    int nlegal;
    uint64_t seed;           /* a pure function of (run seed, game, hand, seat, decision number) */
    int64_t time_ms;         /* time budget, 0 = the player's own default */
    int64_t sims;            /* simulation budget, 0 = the player's own default */
    const atomic_bool *stop; /* set from outside to stop thinking now (may be NULL) */
    /* The caller's monotonic clock in milliseconds (may be NULL). The library reads no clock of
     * its own: a player keeps a time budget (time_ms, or its own option) only through this. */
    int64_t (*now_ms)(void);
} jong_decision;

typedef struct jong_player jong_player;

typedef struct {
    /* Return the index (0..nlegal-1) of the chosen action. An anytime player checks d->stop and
     * its budget and returns its current best; it must always return a legal index. */
    int (*choose)(jong_player *p, const jong_decision *d);
    /* (Under the arena's fault policy a negative answer is a crash, JONG_CHOICE_LATE a hang.) */
    /* Optional: each event as this seat sees it (after filtering), before the next decision. */
    void (*observe)(jong_player *p, const jong_view *v, const jong_event *seen);
    void (*destroy)(jong_player *p);
} jong_player_ops;

/* What an engine makes of each discard at a decision (its own measure, larger is better), for
 * `jong analyze --player` and `jong review`: SIMCAT's simulated win rate, KF's Etile. */
typedef struct {
    const char *measure;          /* "win rate", "Etile", ... (static text) */
    bool valued[JONG_KINDS];      /* kinds the engine gave a value */
    double value[JONG_KINDS];
    int choice;                   /* the kind it would discard, -1 when none */
} jong_player_values;

/* The longest player spec, with its NUL: room for an outside bot's command line (ext:cmd='...'). */
#define JONG_PLAYER_SPEC_MAX 1024

struct jong_player {
    const jong_player_ops *ops;
    char spec[JONG_PLAYER_SPEC_MAX]; /* the name and options it was made from (for record headers) */
    void *state;     /* the engine's own data */
    /* Optional query hook (NULL when the engine has none; jong_player_create zeroes it): the
     * values of every discard of a decision that has discards, without playing. */
    int (*discard_values)(jong_player *p, const jong_decision *d, jong_player_values *out);
    /* Optional (NULL when unused): the names of the four seats' players, told by the table before
     * each game, for players that pass them on (an outside bot gets them in start_game). The
     * strings live only during the call. */
    void (*seat_names)(jong_player *p, const char *const names[JONG_SEATS]);
    /* The player's own time limit per decision in milliseconds, 0 for the table's: a tolerant
     * table (jong_fault_policy) uses it in place of its own, so that one slow outside bot can
     * have longer than the others without changing their budget (ext: timeout=). */
    int64_t time_limit_ms;
    /* It waits for another program (an outside bot) while it decides, so the time it takes shows
     * on the wall clock and not in this thread's CPU time (jong_fault_policy.thread_cpu_ms). */
    bool outside;
};

/* What choose returns when it gave up waiting (an outside bot that did not answer in time):
 * the table counts it as a timeout fault, any other negative answer as a crash. */
#define JONG_CHOICE_LATE (-2)

/* A player engine in the registry. */
typedef struct {
    const char *name;
    const char *summary;
    const char *options;  /* "key=default,..." accepted options, for help and errors */
    int (*create)(const char *opts, jong_player *p, jong_error *err);
    unsigned variants;    /* the rules it plays: bit JONG_VARIANT_RIICHI and/or JONG_VARIANT_TAIWAN */
} jong_player_info;

#define JONG_PLAYS(v) (1u << (v))

/* Make a player from "name" or "name:key=val,key=val". An unknown name or option is a
 * JONG_ERR_ARG naming it. Free with jong_player_free. */
int jong_player_create(const char *spec, jong_player **out, jong_error *err);
void jong_player_free(jong_player *p);
/* JONG_OK when the player named by spec ("name" or "name:opts") plays rules of variant v; else a
 * JONG_ERR_ARG naming the player, the rules it plays and those asked for. A player written for one
 * family of rules would otherwise play the other family's game with the wrong plan, silently. */
int jong_player_check_variant(const char *spec, jong_variant v, jong_error *err);
int jong_player_count(void);
/* The engine's values of each discard (d must list discards among its legal actions); a
 * JONG_ERR_ARG naming the player when it has no such hook. */
int jong_player_discard_values(jong_player *p, const jong_decision *d, jong_player_values *out, jong_error *err);
const jong_player_info *jong_player_info_at(int i);

/* Options helper for engines: walk "key=val,key=val"; calls fn for each pair; stops at an error. */
typedef int (*jong_option_fn)(void *ctx, const char *key, const char *val, jong_error *err);
int jong_options_parse(const char *opts, jong_option_fn fn, void *ctx, const char *player,
                       jong_error *err);

/* Copies of each kind a seat has not seen: 4 minus its own tiles, every visible meld and the
 * discards still on the table (never below 0). For engines that sample the hidden tiles. */
void jong_view_unseen(const jong_view *v, int out[JONG_KINDS]);

/* The legal discard that plays kind: declaring riichi when it may (riichi), else keeping a red
 * five; the first legal discard when none plays kind, 0 when there is no discard. */
int jong_discard_of_kind(const jong_decision *d, int kind);

#endif
