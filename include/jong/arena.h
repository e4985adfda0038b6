/* The arena: duplicate matches between players, for either ruleset.
 *
 * A *game* is one jong_table_play of the ruleset (rules.hands hands, or a whole game when 0:
 * the arena plays Taiwanese one hand per game by default, riichi a whole hanchan), played once
 * under each *seating* of the mode on the same walls: seed, game index and hand number fix the
 * walls, so every seating of a game sees the same tiles and luck cancels in the comparison.
 * Everything a seating produces is a pure function of (seed, game index, seating), so the
 * number of workers and interrupted runs cannot change any result (faults by time aside).
 * A *match* is a run of consecutive games worth match_hands hands (384, the tournament length);
 * the side with the best result over a match wins it. */
#ifndef JONG_ARENA_H
#define JONG_ARENA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "jong/error.h"
#include "jong/rules.h"
#include "jong/table.h"

#define JONG_ARENA_MAX_SEATINGS 4
#define JONG_ARENA_SPEC_MAX JONG_PLAYER_SPEC_MAX

typedef enum {
    JONG_ARENA_1V3 = 0, /* player A alone against B in three seats; A takes each seat in turn */
    JONG_ARENA_2V2,     /* partners opposite (seats 0+2 and 1+3); each wall twice, teams swapped */
    JONG_ARENA_3V1,     /* the mirror of 1v3: the last player is alone and takes each seat */
    JONG_ARENA_FREE,    /* four players, each its own side; the four rotations of the table */
    JONG_ARENA_MODES
} jong_arena_mode;

/* Everything that decides the results (it heads the results file). */
typedef struct {
    jong_ruleset rules;       /* rules.hands: hands per game (0 = a whole game) */
    jong_arena_mode mode;
    int nplayers;             /* 2, or 4 (1v3, 3v1 and 2v2 also take 4; free needs 4) */
    char players[4][JONG_ARENA_SPEC_MAX];
    uint64_t seed;
    int games;                /* games to play */
    int match_hands;          /* a match is this many hands' worth of games (384) */
    int64_t time_ms;          /* time per move given to the players and enforced (0 = none) */
} jong_arena_config;

/* The outcome of one seat at one seating of one game (what the statistics need). */
typedef struct {
    int32_t score;            /* final score */
    int32_t hands, wins, self_draws, deal_ins, draws;
    int32_t tai;
    int32_t decisions;
    int32_t faults[JONG_FAULT_KINDS];
} jong_arena_seat;

/* All finished games of a run, in game order; done[g] says whether game g is in. */
typedef struct {
    jong_arena_config cfg;
    int nseatings;            /* seatings per game */
    jong_arena_seat *seats;   /* games x nseatings x 4 */
    uint8_t *done;
    int ndone;
} jong_arena_results;

const char *jong_arena_mode_name(jong_arena_mode m);
/* "1v3", "2v2", "3v1" or "free"; -1 when text is none of them. */
int jong_arena_mode_parse(const char *text);

/* Checks the configuration (player count for the mode, positive counts); fills err. */
int jong_arena_config_check(const jong_arena_config *cfg, jong_error *err);
/* Games in one match: match_hands divided by the hands of a game (rules.hands, or for a whole
 * game its nominal length: 8 for a hanchan, 4 for a tonpuu, 16 for a Taiwanese game), rounded up. */
int jong_arena_match_games(const jong_arena_config *cfg);

/* The seatings of a mode: seat_player[k][seat] = index into cfg->players. Returns how many. */
int jong_arena_seatings(jong_arena_mode mode, int nplayers, int seat_player[JONG_ARENA_MAX_SEATINGS][4]);
/* The sides of a mode: side_of[p] for each player; returns the number of sides. */
int jong_arena_sides(jong_arena_mode mode, int nplayers, int side_of[4]);

/* Results kept in memory: room for cfg->games games, none done. */
int jong_arena_results_init(jong_arena_results *r, const jong_arena_config *cfg, jong_error *err);
void jong_arena_results_free(jong_arena_results *r);
/* The seats of seating k of game g. */
static inline jong_arena_seat *jong_arena_results_at(const jong_arena_results *r, int g, int k)
{
    return r->seats + ((size_t)g * (size_t)r->nseatings + (size_t)k) * 4;
}

/* Running. The arena reads no clock itself: give now_ms to enforce time limits. */
typedef struct {
    int jobs;                             /* worker threads (>= 1) */
    int64_t (*now_ms)(void);              /* monotonic milliseconds; NULL = no time limits */
    /* A thread's CPU time in milliseconds (may be NULL): without a time per move, the hang limit
     * then counts the CPU time of the thread a player thinks in (jong_fault_policy), so the
     * results do not depend on the machine's load; outside bots keep the wall clock. */
    int64_t (*thread_cpu_ms)(pthread_t thread);
    /* Raised to stop now (a signal): the games under way are abandoned (their decisions told to
     * stop; a resumed run plays them again), the finished ones are kept. May be NULL. */
    const atomic_bool *interrupt;
    FILE *results;                        /* each finished game is appended here (may be NULL) */
    void (*on_game)(void *ctx, int done, int total); /* after each game, from a worker (may be NULL) */
    void *ctx;
    /* A run spread over processes (the CLI's MPI ranks): when take is set, worker w plays the
     * games take returns (-1: no more for it) instead of every game not done, and give (may be
     * NULL) gets each game it finishes, after r holds it, under the run's lock. take is called
     * without that lock and must be safe to call from every worker at once. */
    int (*take)(void *ctx, int worker);
    int (*give)(void *ctx, const jong_arena_results *r, int g, jong_error *err);
} jong_arena_run_opts;

/* The time rules of a decision: the watchdog raises the stop flag at stop_ms (the time per
 * move, or JONG_ARENA_HANG_MS without one) and an answer later than late_ms is a timeout. */
#define JONG_ARENA_HANG_MS 10000
void jong_arena_time_limits(int64_t time_ms, int64_t *stop_ms, int64_t *late_ms);

/* Plays every game not yet done into r (r->cfg says what to play), with opts->jobs workers.
 * Stops early on an interrupt (returns JONG_OK; r->ndone tells how far it got, each game it
 * counts whole in r and in opts->results) or an error (a player that cannot be made, the
 * engine refusing the rules), which names game and seating. */
int jong_arena_run(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err);

/* The results file: a header line with the configuration, then one JSON line per game. */
int jong_arena_write_header(FILE *f, const jong_arena_config *cfg, jong_error *err);
int jong_arena_write_game(FILE *f, const jong_arena_results *r, int g, jong_error *err);
/* The whole file in game order (the header, then every finished game): what a finished run
 * rewrites its file to, so that the file is the same byte for byte whatever --jobs was and
 * however often the run was interrupted (games are appended in the order they finish). */
int jong_arena_write_all(FILE *f, const jong_arena_results *r, jong_error *err);
/* Reads a results file into r (initialised from its header). A last line without its newline
 * (a run killed while writing) is ignored and *good_bytes tells where the whole lines end, so
 * that the file can be cut there before appending; any other bad line is an error naming it. */
int jong_arena_read(FILE *f, jong_arena_results *r, long *good_bytes, jong_error *err);
/* Do two configurations describe the same run? If not, names the first difference. */
bool jong_arena_config_same(const jong_arena_config *a, const jong_arena_config *b, char *why, size_t n);

/* ---- statistics ---- */

/* A mean with its 95% confidence interval (lo = hi = NaN when n < 2 or undefined). */
typedef struct {
    double mean, lo, hi;
    int n;                    /* games (clusters) it rests on */
} jong_ci;

/* Student's t quantile for a 95% two-sided interval with df degrees of freedom. */
double jong_t975(int df);
/* The mean of x[0..n-1] with a t interval. */
void jong_mean_ci(const double *x, int n, jong_ci *out);
/* A ratio sum(num)/sum(den) over n clusters (games), with the linearised (delta-method) t
 * interval; equal to jong_mean_ci of num/den when every den is the same. */
void jong_ratio_ci(const double *num, const double *den, int n, jong_ci *out);
/* The difference of two ratios measured on the same clusters (paired): a/b - c/d. */
void jong_ratio_diff_ci(const double *a, const double *b, const double *c, const double *d, int n,
                        jong_ci *out);

typedef enum {
    JONG_M_SCORE = 0, /* score per game per seat (final minus start) */
    JONG_M_WIN,       /* per hand */
    JONG_M_SELF_DRAW, /* self-drawn wins per hand */
    JONG_M_DEAL_IN,   /* per hand */
    JONG_M_DRAW,      /* hands without a winner, per hand */
    JONG_M_TAI,       /* tai per win (Taiwanese) */
    JONG_M_RANK,      /* average rank 1..4 (ties broken by seat order from the first East) */
    JONG_M_RANK1, JONG_M_RANK2, JONG_M_RANK3, JONG_M_RANK4, /* share of games at each rank */
    JONG_M_RESULT,    /* riichi: (points - return) / 1000 + uma, oka to the first */
    JONG_M_COUNT
} jong_metric;

/* The stable name of a metric (JSON keys). */
const char *jong_metric_name(int m);

/* One group of players: a player, a side, or everyone outside a side. */
typedef struct {
    char label[64];           /* "A", "side A", ... */
    unsigned players;         /* bit set of player indices */
    int64_t seat_games, hands, decisions;
    int64_t faults[JONG_FAULT_KINDS];
    jong_ci m[JONG_M_COUNT];
    double match_wins;        /* a tied match counts 1/k to each of the k tied sides */
} jong_arena_unit;

typedef struct {
    jong_arena_config cfg;
    int games, nseatings, match_games, matches; /* matches: full matches among the games */
    int table_hands;          /* hands played at all tables */
    int nplayers, nsides;
    jong_arena_unit player[4], side[4];
    /* side s minus everyone else, paired per game (for two sides: A - B) */
    jong_ci versus[4][JONG_M_COUNT];
    double tied_matches;
    /* side s's share of the hands won at its tables (its wins over its and everyone else's),
     * games as clusters, and the share of a side as strong as the others (its seats / 4) */
    jong_ci win_share[4];
    double win_share_level[4];
} jong_arena_summary;

/* The main result that decides matches and significance: the score per game in Taiwanese, the
 * uma result in riichi. */
jong_metric jong_arena_main_metric(const jong_arena_config *cfg);
/* Statistics over the finished games, taken in game order (identical for any --jobs). */
int jong_arena_summarize(const jong_arena_results *r, jong_arena_summary *s, jong_error *err);

/* Two runs on the same walls that differ only in player A (say two options of one player, or
 * one player built twice), each against the same opponents: player A's metrics in each run and
 * their difference, paired game by game over the games both runs finished (the walls and the
 * opponents' seeds are the same in a game of both, so their luck cancels). Without the runs
 * having the same rules, mode, other players, seed, match length and time per move this is a
 * JONG_ERR_ARG naming the first difference; the game counts may differ. */
typedef struct {
    jong_arena_config first, second;
    int games;                               /* games finished in both runs */
    jong_ci a1[JONG_M_COUNT], a2[JONG_M_COUNT];  /* player A in the first run, in the second */
    jong_ci diff[JONG_M_COUNT];              /* first minus second, paired per game */
} jong_arena_comparison;

int jong_arena_compare(const jong_arena_results *first, const jong_arena_results *second, jong_arena_comparison *out,
                       jong_error *err);
/* Its reports, as malloc'd text (NULL if out of memory): a table of player A's metrics in each
 * run and their paired difference, with a verdict on the main metric; the same as JSON. */
char *jong_arena_compare_text(const jong_arena_comparison *c);
char *jong_arena_compare_json(const jong_arena_comparison *c);

/* Reports, as malloc'd text: the human table, the summary JSON, an SVG chart. NULL if out of memory. */
char *jong_arena_report_text(const jong_arena_summary *s);
char *jong_arena_report_json(const jong_arena_summary *s);
char *jong_arena_report_svg(const jong_arena_summary *s);

#endif
