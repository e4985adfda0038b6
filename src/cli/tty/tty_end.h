/* The end of a hand at the terminal: the result in words (who won on what, the value and its
 * parts, each seat's change) with each winner's hand under its win (the winning tile set apart
 * after a '+', the melds in brackets), or at an exhaustive draw the ready hands with their
 * waits. */
#ifndef JONG_TTY_END_H
#define JONG_TTY_END_H

#include "jong/jong.h"
#include "tty_tiles.h"

#define TTY_END_WIDTH 1024

/* Writes at most max lines into lines and returns how many; seat is the person's. */
int tty_end_lines(const jong_session *s, int seat, const tty_style *st, char (*lines)[TTY_END_WIDTH], int max);

#endif
