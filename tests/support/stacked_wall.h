/* Test support: games on a wall arranged by hand, so that a test can set up an exact situation
 * (who holds what, which tiles are drawn next from the front and from the back). */
#ifndef JONG_TEST_STACKED_WALL_H
#define JONG_TEST_STACKED_WALL_H

#include "jong/jong.h"

#define LOG_MAX 4096

typedef struct {
    jong_event ev[LOG_MAX];
    int n;
} event_log;

/* A sink that appends to an event_log. */
void log_event(void *ctx, const jong_event *ev);

/* Build a wall: hands[s] in compact notation (flowers allowed; the dealer's has 17 tiles, the
 * others 16), then `front` (space-separated tiles drawn from the front after the deal, in order)
 * and `back` (tiles drawn from the back, in order). Other tiles fill the middle. Returns the
 * tile count, or 0 (with a message on stderr) if the tiles do not fit the tile set. */
int stack_wall(const jong_ruleset *rs, int dealer, const char *const hands[4], const char *front,
               const char *back, uint8_t wall[JONG_WALL_MAX]);

/* A game on such a wall with the default Taiwanese rules changed by `options`
 * ("name=value,..." or ""); events go to log (cleared first). Aborts the test on error. */
jong_game *stacked_game(const char *options, const char *const hands[4], const char *front,
                        const char *back, event_log *log);

/* A riichi wall: hands[s] of 13 tiles each (red fives as 0m 0p 0s), dealt three rounds of four
 * and one each from the dealer on; `front`: the draws after the deal (the dealer's first draw
 * first; "-" leaves a place to the filler), at most 70; `back`: from the very end of the wall:
 * the four kan replacement tiles, then dora indicator 1, its ura indicator, kan-dora indicator
 * 2, its ura indicator, ... (at most 14). The filler is every other tile in kind order, plain. */
int stack_riichi_wall(int dealer, const char *const hands[4], const char *front, const char *back,
                      uint8_t wall[JONG_WALL_MAX]);
/* A riichi game (seat 0 deals) on such a wall with the default riichi rules changed by options. */
jong_game *stacked_riichi_game(const char *options, const char *const hands[4], const char *front,
                               const char *back, event_log *log);

/* A three-player wall (three_player=on: 108 tiles, no 2m-8m): hands[s] of 13 tiles for seats
 * 0..2, dealt three rounds of four and one each from the dealer on; `front`: the draws after
 * the deal, at most 55; `back`: from the very end of the wall: dora indicator 1, its ura
 * indicator, kan-dora indicator 2, its ura, ... (ten places), then the replacement tiles in the
 * order they are drawn (after kans and kita; at most eight). The filler as above. */
int stack_sanma_wall(int dealer, const char *const hands[3], const char *front, const char *back,
                     uint8_t wall[JONG_WALL_MAX]);
/* A three-player riichi game (seat 0 deals) on such a wall, options over three_player=on. */
jong_game *stacked_sanma_game(const char *options, const char *const hands[3], const char *front,
                              const char *back, event_log *log);

/* Index of the first logged event of a type at or after `from` (-1 if none). */
int find_event(const event_log *log, int type, int from);

/* Code of one tile name ("5m", "E", "f1", "s4"), or -1. */
int tile_code(const char *name);

#endif
