/* `jong review`: the decisions of one seat in a game record, each with the action taken, the
 * discard analysis's values (analysis_sim.h) and, with --player, an engine's choice. Shared by
 * the command (cmd_review.c: stepping, text, JSON) and the HTML report (review_html.c). */
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
    int best_row;              /* the best row whose discard is legal */
    double loss;               /* expected points of the best legal row less the taken one's */
    bool loss_ci;              /* lo..hi hold its 95% interval (paired over the same draws); false when
                                  the best legal row is not the analysis's best (then no interval) */
    double loss_lo, loss_hi;
    /* --player */
    bool have_choice;
    jong_action choice;
    char choice_text[48];
    bool have_values;
    jong_player_values values;
} review_decision;

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
} review_report;

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
