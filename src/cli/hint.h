/* The hint for a person about to discard: the three best discards by the evaluator's
 * per-discard table (shanten after the discard, then unseen effective tiles, as `jong analyze`
 * ranks them), counting as seen every tile the seat can see (discards, others' melds). Shared
 * by the terminal's hint line and the web page. */
#ifndef JONG_HINT_H
#define JONG_HINT_H

#include <stddef.h>

#include "jong/jong.h"

void hint_text(const jong_view *v, char *buf, size_t n);

#endif
