/* One frame of the terminal table, drawn at the terminal's size (80x24 at least is best): the
 * header (rules, hand, wall), each seat's wind, player, score, flowers, melds and river (the
 * person's seat last; red fives red, '>' before the discard that declared riichi), "furiten" on
 * the person's line, the last events, the person's hand with a key under each tile, the legal
 * actions with their keys, an optional hint line, and a status line; at a hand's end its result
 * (with the hands) in place of the events and the hand. A line wider than the terminal goes
 * on below, indented (the river shows its latest discards that fit one line); when rows run
 * short, blank lines go first, then the oldest events. */
#ifndef JONG_TTY_SCREEN_H
#define JONG_TTY_SCREEN_H

#include <stdint.h>
#include <stdio.h>

#include "jong/jong.h"
#include "cli/ui/hand_menu.h"
#include "tty_tiles.h"

#define TTY_LOG_LINES 3
#define TTY_RESULT_LINES 16

typedef struct {
    const jong_view *v;
    const jong_ruleset *rules;
    const char *names[JONG_SEATS]; /* player specs; the person's seat says "you" */
    int seat;                      /* the person's seat */
    uint64_t seed;
    const hand_menu *menu;          /* NULL when the person is not asked */
    const jong_action *legal;
    int nlegal;
    bool declaring;                /* 'r' pressed: letters choose a declaring discard */
    bool hint;                     /* show the hint line */
    unsigned furiten;              /* riichi: jong_session_furiten of the person's seat */
    const char *log[TTY_LOG_LINES];
    const char *result[TTY_RESULT_LINES]; /* when set, shown instead of the hand and actions */
    const char *status;
    tty_style style;
    int width, height;             /* the terminal's columns and rows */
} tty_frame;

void tty_screen_draw(FILE *out, const tty_frame *f);

#endif
