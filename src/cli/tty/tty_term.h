/* The terminal for the person at the table: raw keys (no echo, no line buffering), the
 * alternate screen, the terminal's size (a resize wakes the wait for a key), and reading one
 * key with an optional time limit. The terminal is put back
 * as it was on exit, also after SIGINT/SIGTERM. Works on a pipe too (then keys are bytes). */
#ifndef JONG_TTY_TERM_H
#define JONG_TTY_TERM_H

#include <stdbool.h>

/* Enter raw mode and the alternate screen (when stdin/stdout are terminals). */
void tty_term_open(void);
/* Leave them (idempotent). */
void tty_term_close(void);
/* One key: its byte (Ctrl-C is TTY_KEY_INTERRUPT, 3); escape sequences (arrows, ...) are
 * read and dropped as TTY_KEY_OTHER.
 * TTY_KEY_TIMEOUT after timeout_ms (< 0: wait for ever), TTY_KEY_EOF at end of input. */
enum { TTY_KEY_TIMEOUT = -1, TTY_KEY_EOF = -2, TTY_KEY_OTHER = -3, TTY_KEY_INTERRUPT = 3 };
int tty_term_key(int timeout_ms);
/* The terminal's columns and rows (80x24 when stdout is not a terminal). */
void tty_term_size(int *cols, int *rows);

#endif
