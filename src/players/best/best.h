/* The `best` alias (player_best.c): what it plays in each family of rules. */
#ifndef JONG_PLAYERS_BEST_H
#define JONG_PLAYERS_BEST_H

/* jong_best_spec[JONG_VARIANT_RIICHI], jong_best_spec[JONG_VARIANT_TAIWAN]: "name:options". */
extern const char *const jong_best_spec[2];

#endif
