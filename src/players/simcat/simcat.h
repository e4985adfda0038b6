/* SIMCAT (Chen, Tang and Wu, "Monte-Carlo Simulation for Mahjong"): flat Monte Carlo over the
 * afterstates of a decision with the optimistic simulation, progressive pruning and the
 * discard-twice heuristics. This header exposes the pieces the player is made of, so that tests
 * and `jong bench simcat` can drive each one; the player itself is "simcat" in the registry.
 *
 * A simulation state is the concealed counts and the number of sets still to form; nothing is
 * ever discarded (the optimistic strategy keeps every tile and wins when some 3*sets+2 of them
 * form sets and a pair). A deal for m rounds is 4*m kinds: in round i, tiles[4i+0], [4i+1] and
 * [4i+2] are picked and discarded at once by the lower, opposite and upper players, and
 * tiles[4i+3] is the player's own pick. */
#ifndef JONG_SIMCAT_H
#define JONG_SIMCAT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/rng.h"
#include "jong/tile.h"

/* The state-set stays exact only while every distance fits the tables' 4-bit entries. */
#define JONG_SIMCAT_MAX_ROUNDS 12

typedef enum { JONG_SIMCAT_SP = 0, JONG_SIMCAT_FP = 1 } jong_simcat_model;

/* Single-player model: the player picks its m tiles and wins when the counts plus them hold
 * `sets` sets and a pair. */
bool jong_simcat_sim_sp(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m);

/* Four-player model, exact but fast: each round expands every state into its pick, a pong of
 * each of the three discards and each chow of the upper player's discard; equal states are
 * merged, states farther from a win than the rounds left are cut, and the first winning state
 * ends the simulation. The workspace is reused between calls (one per thread). */
typedef struct jong_simcat_work jong_simcat_work;
jong_simcat_work *jong_simcat_work_new(void);
void jong_simcat_work_free(jong_simcat_work *w);
bool jong_simcat_sim_fp(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m);
/* States examined by the last jong_simcat_sim_fp call (a measure of work for the bench). */
long jong_simcat_work_states(const jong_simcat_work *w);

/* Draw a deal of n kinds without replacement from the pool of unseen copies (pool[k] copies
 * of kind k; their sum must be at least n). `scratch` holds at least the pool's total. */
void jong_simcat_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], uint8_t *scratch, uint8_t *tiles,
                      int n);

/* ---- the discard-twice method's tile sets (paper section 4) ---------------------------------- */

/* For a hand with one tile to discard: bit k of *breaking is set when discarding kind k lowers
 * the block count (the tatsu-breaking set), bit k of *keeping otherwise. */
void jong_simcat_tatsu_sets(const uint8_t counts[JONG_KINDS], int melds, uint64_t *breaking,
                            uint64_t *keeping);

/* ---- flat Monte Carlo with progressive pruning ----------------------------------------------- */

#define JONG_SIMCAT_MAX_ARMS 160

typedef struct {
    uint8_t counts[JONG_KINDS]; /* the afterstate's concealed counts */
    int8_t sets;                /* sets still to form */
} jong_simcat_arm;

typedef struct {
    jong_simcat_model model;
    bool prune;        /* progressive pruning */
    double rd;         /* confidence ratio r_d */
    int first;         /* simulations per arm in the first iteration (300) */
    int step;          /* simulations per arm in each later iteration (100) */
    int rounds;        /* m */
    /* A time limit: the run stops once now_ms() >= deadline_ms (checked with the stop flag).
     * NULL now_ms = none; the caller gives the clock, the library reads none of its own. */
    int64_t (*now_ms)(void);
    int64_t deadline_ms;
} jong_simcat_params;

typedef struct {
    long sims[JONG_SIMCAT_MAX_ARMS], wins[JONG_SIMCAT_MAX_ARMS];
    bool pruned[JONG_SIMCAT_MAX_ARMS];
    long total;        /* simulations run */
    long states;       /* FP states examined (work signature) */
    bool stopped;      /* ended by the stop flag */
} jong_simcat_stats;

/* Simulate the arms with at most `budget` simulations in all (iterations of `first`, then `step`
 * per live arm, each arm of an iteration on the same deals), pruning dominated arms when asked,
 * until the budget is spent, one arm is left or *stop is raised (checked between batches).
 * All randomness comes from rng. Returns the index of the arm with the best win rate. */
int jong_simcat_flat(const jong_simcat_params *p, const jong_simcat_arm *arms, int narms,
                     const uint8_t pool[JONG_KINDS], long budget, jong_rng *rng,
                     const atomic_bool *stop, jong_simcat_work *w, jong_simcat_stats *st);

/* The same, continuing the run in *st (its counts and prunings kept) up to `budget` in all. */
int jong_simcat_flat_more(const jong_simcat_params *p, const jong_simcat_arm *arms, int narms,
                          const uint8_t pool[JONG_KINDS], long budget, jong_rng *rng,
                          const atomic_bool *stop, jong_simcat_work *w, jong_simcat_stats *st);

/* Win rate and its standard error (sqrt(p(1-p)/n)) of one arm. */
double jong_simcat_rate(const jong_simcat_stats *st, int arm);
double jong_simcat_sigma(const jong_simcat_stats *st, int arm);

/* ---- a discard decision with the discard-twice method (paper section 4.2) ------------------ */

typedef enum { JONG_SIMCAT_ORIGINAL = 0, JONG_SIMCAT_H1, JONG_SIMCAT_H2H1 } jong_simcat_heuristic;

typedef struct {
    jong_simcat_params params;
    jong_simcat_heuristic heuristic;
    long budget; /* simulations for the whole decision */
    bool claims; /* the player may chow and pong (off: it always passes; for experiments) */
    bool claims_eager; /* claims=eager: a claim that lowers the shanten is always taken (the best
                        * of them by simulation); passing is simulated only against claims that do not */
    long time_ms; /* the player's own time per decision (ms=), 0 = none; kept only with a clock */
    bool filter;  /* filter=shanten: only the discards of least shanten are simulated, and when no
                   * simulation of them wins the most effective tiles decide (off: the paper's) */
    bool prior;   /* filter=prior: as shanten, and the prior's discard is kept unless another simulates
                   * better by more than rd standard errors */
    int prior_kind; /* the prior's discard (the player sets it per decision: race's with prior=race);
                     * -1 = the discard with the most effective tiles (greedy's) */
    bool prior_race; /* prior=race: the player asks the race player for prior_kind (prior=effective: -1) */
    /* oracle=SEED, a diagnostic (src/players/race/race_oracle.h): the pool is the tiles really
     * still to draw, rebuilt from the arena's wall, and the race prior reads them too */
    bool oracle;
    uint64_t oracle_seed;
} jong_simcat_config;

/* What a discard decision found: the tables of the paper (wr = win rates; -1 = not computed). */
typedef struct {
    int kind;                      /* the kind to discard */
    const char *rule;              /* "flat", "tatsu-breaking best", "H1", "H2" */
    uint64_t breaking, keeping;    /* the tatsu-breaking and non-tatsu-breaking sets */
    int t1tb, t2tb, t1ntb, t2ntb;  /* -1 when the set was empty or stage 2 did not run */
    double wr1tb, wr2tb, wr1ntb, wr2ntb;
    uint64_t good_t2tb, good_t1ntb; /* the "good" sets H2 intersects */
    double single_rate[JONG_KINDS]; /* win rate of discarding each kind (-1 when not held) */
    int h1_kind;                   /* H1's choice, -1 when stage 2 did not run */
    long sims, states;
    bool stopped;
} jong_simcat_report;

/* Choose a discard from a hand with one tile too many (counts hold 3*sets+2 tiles), drawing the
 * simulations' tiles from `pool`. Stage 1 simulates each single discard; with a heuristic and a
 * better non-tatsu-breaking discard, stage 2 simulates each pair of discards with the rest of
 * the budget and applies H1 or H2 then H1. Returns the kind (also in out->kind). */
int jong_simcat_discard(const jong_simcat_config *cfg, const uint8_t counts[JONG_KINDS], int melds,
                        int sets, const uint8_t pool[JONG_KINDS], jong_rng *rng, const atomic_bool *stop,
                        jong_simcat_work *w, jong_simcat_report *out);

/* The player's options ("model=fp,pp=on,heuristic=h2h1,sims=N,m=M,rd=R,first=N,step=N,claims=on,prior=race") into a
 * configuration and the cap on rounds; the defaults are the player's. A bad option is a
 * JONG_ERR_ARG naming it. */
int jong_simcat_options(const char *opts, jong_simcat_config *cfg, int *max_rounds, jong_error *err);

#endif
