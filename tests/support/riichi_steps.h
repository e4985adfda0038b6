/* Test support: the steps of a riichi hand on an arranged wall (tests/support/stacked_wall.h),
 * shared by the four- and three-player table tests: find, check and play a seat's legal action
 * (each step followed by jong_game_check), pass every claim, discard the tiles drawn, and read
 * the events logged. Failures are cmocka assertions. */
#ifndef JONG_TEST_RIICHI_STEPS_H
#define JONG_TEST_RIICHI_STEPS_H

#include <stdbool.h>

#include "support/stacked_wall.h"

/* jong_game_check without the views; the broken invariant on stderr. */
void rt_check(const jong_game *g);
/* Index of the legal action (type, tile name or NULL for any, flags) of a seat, -1 if none. */
int rt_find(const jong_game *g, int seat, int type, const char *tile, int flags);
bool rt_can(const jong_game *g, int seat, int type, const char *tile, int flags);
/* Play that legal action (it must be there), then check. */
void rt_play(jong_game *g, int seat, int type, const char *tile, int flags);
/* Every seat asked about a discard or a kan passes (nothing happens on a seat's own turn). */
void rt_pass_all(jong_game *g);
/* The one seat to play (not a claim decision). */
int rt_turn(const jong_game *g);
/* Claims pass, then the seat to play discards the tile it drew (the last draw in log); n times. */
void rt_tsumogiri(jong_game *g, const event_log *log, int n);
/* The last logged event of a type, NULL if none. */
const jong_event *rt_last_of(const event_log *log, int type);
/* Does a riichi win list this yaku? */
bool rt_has_yaku(const jong_event *win, int yaku);

#ifdef RIICHI_STEPS_ON_LOGBUF
/* The short names the table tests use, on their file's `static event_log logbuf`. */
#define check(g) rt_check(g)
#define can(g, seat, type, tile, flags) rt_can(g, seat, type, tile, flags)
#define play(g, seat, type, tile, flags) rt_play(g, seat, type, tile, flags)
#define pass_all(g) rt_pass_all(g)
#define turn(g) rt_turn(g)
#define tsumogiri(g, n) rt_tsumogiri(g, &logbuf, n)
#define last_of(type) rt_last_of(&logbuf, type)
#define has_yaku(win, yaku) rt_has_yaku(win, yaku)
#endif

#endif
