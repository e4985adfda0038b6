/* `jong analyze` as a function, for the web page and the Python package's jong.analyze: the
 * command's inputs as values, and the same JSON object the command prints with --json. The
 * command and this function do their work through one function of cmd_analyze.c. */
#ifndef JONG_ANALYZE_JSON_H
#define JONG_ANALYZE_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/jong.h"

typedef struct {
    const char *hand;          /* any notation, melds in it */
    const jong_ruleset *rules; /* the family and its options (the targets' values, the chances' scoring) */
    const char *seen;          /* tiles visible elsewhere; NULL: none */
    const char *dora;          /* riichi dora indicators, counted as seen too; NULL: none */
    int turn;                  /* the seat's turn: draws left = 18 - turn in riichi, 16 - turn in Taiwanese */
    int draws;                 /* the draws left, directly; -1: from turn */
    int sims;                  /* simulations per simulated discard for the chances of each discard; 0: no
                                  chances at all */
    int policy;                /* jong_analysis_policy: lower (0), win, points */
    int method;                /* jong_analysis_method: auto (0, exact where it reaches), simulate */
    int reach;                 /* the exact method's reach in shanten (0: the policy's default) */
    int exchanges;             /* win and points: 0 = forward only, N = exchanges within N of a fastest
                                  way to win, JONG_ANALYSIS_EXCHANGES_ALL (analysis_sim.h) */
    uint64_t seed;             /* of the simulations and of the local search's reshuffles */
    int seat_wind;             /* 0..3; -1: South, or East for the dealer */
    int round_wind;
    bool dealer;
    const char *player;        /* an engine whose own values of each discard are added (sims > 0); NULL: none */
    bool local;                /* also the distances Loh's local search finds (--search local) */
    int restarts;              /* its reshuffles without a rise before it stops */
    bool api;                  /* report bad input in a function's words, not the command's (cli_input_why) */
} analyze_input;

/* The command's defaults but no chances (sims 0), for a hand under rules. */
void analyze_input_init(analyze_input *in, const char *hand, const jong_ruleset *rules);

/* The object `jong analyze --json` prints for these inputs; NULL on bad input, with the reason
 * (one line) in why. */
json_t *analyze_json(const analyze_input *in, char *why, size_t n);

#endif
