/* Events in words for a person at the table ("W discards 5m", "you pon 5m", "S wins on your
 * 3p: 4 tai"), and the result of a hand in a few lines; shared by the terminal and the web
 * page. Seats are named by their wind in the viewer's view; the viewer is "you". */
#ifndef JONG_EVENT_TEXT_H
#define JONG_EVENT_TEXT_H

#include <stddef.h>

#include "jong/jong.h"

/* A tile code in words: 5m, E, P (white dragon), f1, ? for a hidden tile. */
const char *tile_word(int code);

/* A legal action in words: "discard 5m", "riichi, discard 5m", "chi 3m-4m-5m", "pon 5m",
 * "win on 5m", "win by self-draw", "kong 5m", "concealed kong 5m", "pass". */
void action_text(const jong_action *a, char *buf, size_t n);

/* One line for an event as the viewer saw it; returns false for events not worth a line
 * (others' draws, the start and end markers). */
bool event_text(const jong_event *ev, const jong_view *v, char *buf, size_t n);

/* The lines of a hand's result (a WIN or EXHAUSTED event): who won, on what, the value and
 * its parts, each seat's change. Writes at most max lines of `width` bytes into lines
 * (lines[i] is lines + i * width) and returns how many. */
int event_result_lines(const jong_event *ev, const jong_view *v, char *lines, size_t width, int max);

/* The last lines a person saw: appends text to log (n lines used of max, 128 bytes each),
 * dropping the oldest when full. */
#define EVENT_LOG_WIDTH 128
void event_log_push(char (*log)[EVENT_LOG_WIDTH], int *n, int max, const char *text);

#endif
