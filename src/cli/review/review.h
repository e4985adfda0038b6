/* `jong review`: the decisions of one seat in a game record, each with the action taken, the
 * discard analysis's values (analysis_sim.h), in riichi each discard's deal-in risk priced by the
 * Mizukami-Tsuruoka opponent models, and with --player an engine's choice; the game around them
 * (players, each hand's outcome, the final standings). Shared by the command (cmd_review.c: text,
 * JSON), the stepping (review_run.c), the HTML report (review_html.c) and the web page.
 *
 * The verdict: a discard's net value is its expected points (the analysis: a self-drawn win
 * within the draws left, the seat playing alone) less its expected deal-in loss,
 *   risk(k) = sum over the other seats o of P_o(waiting) x P_o(k wins | waiting) x HS_o(k)
 * (the paper's Eq. 9: P(waiting) of Table I, P(winning tile) of Table III, the hand score of
 * Table V; 0 where o cannot ron on k). The best discard is the legal one of highest net value and
 * the loss is its net value less the taken one's. In Taiwanese records the risk is 0 (the models
 * are riichi's) and the net value is the points. */
#ifndef JONG_REVIEW_H
#define JONG_REVIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "jong/analysis_sim.h"
#include "jong/jong.h"
#include "jong/player.h"
#include "jong/record.h"

typedef struct {
    int game, hand_no;         /* the record's game (from 0) and the hand within it */
    char where[16];            /* "E1", "S3": round wind and the dealer's seat + 1 */
    int turn;                  /* the seat's discards so far in this hand, plus one */
    jong_hand hand;            /* the seat's hand at the decision */
    int last_draw;             /* kind drawn just before, JONG_NO_TILE when none */
    jong_action taken;
    char taken_text[48];
    int nlegal;
    /* a discard with a choice of kinds: the analysis */
    bool analysed;
    jong_analysis_result an;
    int taken_row;             /* row of the discarded kind in an.rows, -1 when not a discard */
    int best_row;              /* the legal row of highest net value */
    bool risk_known;           /* riichi: risk[] priced by the opponent models */
    double risk[JONG_KINDS];   /* expected deal-in loss of discarding each kind (0 unknown) */
    double loss;               /* net value of the best legal row less the taken one's */
    bool loss_ci;              /* lo..hi hold its 95% interval (paired over the same draws); false when
                                  the best row is not the analysis's best by points (then no interval) */
    double loss_lo, loss_hi;
    long sims_used;            /* simulations the analysis ran per discard (fewer when clear early) */
    jong_view view;            /* the table as the seat saw it: rivers, melds, riichi, dora */
    /* --player */
    bool have_choice;
    jong_action choice;
    char choice_text[48];
    bool have_values;
    jong_player_values values;
} review_decision;

/* A hand of the game: its name and how it ended. */
typedef struct {
    int game, hand_no;
    char where[16];            /* "E1", "S3" */
    int honba;
    char outcome[320];         /* "W wins on N's 6s: 2 han 40 fu: riichi 1, tanyao 1" */
    int32_t deltas[JONG_SEATS], scores[JONG_SEATS];
    int first;                 /* index of its first decision in d, n when none */
} review_hand;

typedef struct {
    const char *record;        /* the file */
    const char *format;        /* "jong", "mjai/tenhou" */
    int seat;
    const char *player;        /* NULL without --player */
    long sims;
    uint64_t seed;
    jong_variant variant;
    review_decision *d;
    int n, cap;
    int games;
    /* summary */
    int analysed, agreed, player_agreed, player_compared;
    int clear;                 /* analysed discards whose loss interval lies above 0 */
    double loss;
    /* the game around the decisions */
    char names[JONG_SEATS][48]; /* the players as the record names them ("" unknown) */
    review_hand *hands;
    int nhands, hands_cap;
    bool over;                 /* the record reaches the game's end */
    int32_t final[JONG_SEATS]; /* its final scores */
    jong_ruleset rules;        /* the record's rules (for the standings) */
} review_report;

/* Net value of a row: expected points less the deal-in risk of its discard. */
double review_net(const review_decision *d, int row);
/* Frees what review_run allocated in rep. */
void review_free(review_report *rep);

/* Where review_run reads the record: rep->record names it; a Jong record may come from an
 * open stream instead (the web page's game, in memory). */
typedef struct {
    FILE *stream;              /* NULL: open rep->record (any format) */
    jong_record_limits limits; /* on reading an imported record */
    bool progress;             /* a running count on stderr */
} review_source;

enum { REVIEW_OK = 0, REVIEW_FAILED = 1, REVIEW_BAD_PLAYER = 2 };

/* Reviews the record into rep (record, seat, player, sims and seed set by the caller; rep->d
 * to be freed by the caller) and sums it up. Not REVIEW_OK: why says what went wrong (a bad
 * player apart, as the command reports it as a usage error). */
int review_run(review_report *rep, const review_source *src, char *why, size_t n);
/* The summary of rep's decisions (review_run calls it). */
void review_summarise(review_report *rep);

/* The HTML report: one self-contained file (tiles as inline SVG data, a chart of the loss per
 * decision, the hand at each decision). Returns 0, or -1 with errno set by the writes. */
int review_write_html(FILE *f, const review_report *r);

#endif
