/* `jong replay FILE` without --verify: the game of a record told hand by hand as the engine
 * replays it, for a person to read: each hand's deal, every draw, discard, call and kong, the
 * result with its value and the scores. */
#ifndef JONG_REPLAY_PRINT_H
#define JONG_REPLAY_PRINT_H

#include <stdio.h>

#include "jong/record.h"
#include "jong/rules.h"

/* Prints the record at path (a Jong record or any imported format) to out: 0, or -1 with why.
 * An imported game is replayed under rules (NULL: the defaults; see jong_mjai_replay_rules), a
 * Jong record under its header's. */
int replay_print(const char *path, const jong_record_limits *lim, const jong_ruleset *rules, FILE *out, char *why,
                 size_t n);

#endif
