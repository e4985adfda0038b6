/* The hint for a person about to discard: the three best discards by the evaluator's
 * per-discard table (shanten after the discard, then unseen effective tiles, as `jong analyze`
 * ranks them), counting as seen every tile the seat can see (discards, others' melds). Shared
 * by the terminal's hint line and the web page. With legal actions (legal != NULL), only the
 * discards among them are named: after riichi, the tile just drawn. */
#ifndef JONG_HINT_H
#define JONG_HINT_H

#include <stddef.h>

#include "jong/jong.h"

void hint_text(const jong_view *v, const jong_action *legal, int nlegal, char *buf, size_t n);

#endif
