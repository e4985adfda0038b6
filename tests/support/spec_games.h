/* Test support: whole games at a table of players made from their specs ("greedy", "kurita:k=1",
 * ...), as the self-play tests play them to check that the games are legal and reproducible. */
#ifndef JONG_TEST_SPEC_GAMES_H
#define JONG_TEST_SPEC_GAMES_H

#include "jong/jong.h"
#include "jong/table.h"

/* Plays `games` games at the table `setup` describes (its rules, seed, checking mode, sink,
 * clock, stop flag; its players are not read), numbered from setup->game_number on, with a
 * player made from each specs[seat]: made once for all the games and freed after them, as one
 * table of players would be. Game g's final scores go to scores[g] unless scores is NULL. A spec
 * that makes no player or a game that fails fails the running cmocka test with the message. */
void play_spec_games(const jong_table *setup, const char *const specs[JONG_SEATS], int games,
                     int32_t (*scores)[JONG_SEATS]);

#endif
