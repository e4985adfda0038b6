/* The hint for a person about to play: when a win by self-draw is on offer, to take it;
 * otherwise the three best discards by the evaluator's per-discard table (shanten after the
 * discard, then unseen effective tiles, as `jong analyze` ranks them), counting as seen every
 * tile the seat can see (discards, others' melds). Shared by the terminal's hint line and the
 * web page. With legal actions (legal != NULL), only the discards among them are named: after
 * riichi, the tile just drawn. */
#ifndef JONG_HINT_H
#define JONG_HINT_H

#include <stddef.h>

#include "jong/jong.h"

#define HINT_ROWS 3

typedef struct {
    bool win;      /* a win by self-draw is legal: take it */
    int nrows;
    struct {
        int kind;      /* the discard */
        int shanten;   /* after it: 0 ready, 1 one tile from ready, ... */
        int tiles;     /* unseen tiles that would lower the shanten (ready: that win) */
    } rows[HINT_ROWS];
} hint_info;

void hint_find(const jong_view *v, const jong_action *legal, int nlegal, hint_info *out);

/* In words, without a prefix: "win by self-draw", "discard 3p: ready, 8 tiles win; or 6p, 9s",
 * "discard E: 2 from ready, 13 tiles help; or S, 7p". */
void hint_words(const hint_info *h, char *buf, size_t n);

/* "hint: " and the words (the terminal's line). */
void hint_text(const jong_view *v, const jong_action *legal, int nlegal, char *buf, size_t n);

#endif
