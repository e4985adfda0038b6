/* The JSON form of game records, shared by the writer and the replay: tile names, the header,
 * and one engine event as one JSON object. Both sides build an event's JSON with the same
 * function, so a verified replay compares like with like. JSON lives only in the record layer. */
#ifndef JONG_RECORD_JSON_H
#define JONG_RECORD_JSON_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/game.h"
#include "jong/rules.h"

/* Compact, keys in insertion order: the same game always gives the same bytes. */
#define RECORD_JSON_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY)

/* The mjai name of a tile code ("5m", "E", "P", red fives "5mr" "5pr" "5sr"), "f1".."s4" for
 * flowers, "?" for anything else. */
const char *record_tile_name(int code);
/* The code of a tile name as record_tile_name writes it; -1 when it is not one. */
int record_tile_code(const char *name);

/* Names of the JONG_WIN_* flags ("robbing_kong", "replacement", ...); NULL past the last bit. */
const char *record_win_flag_name(int bit);

/* The header object: type, format, program, rules (variant and every option), seed (a decimal
 * string: seeds use all 64 bits), game, players. NULL players are written as "?". */
json_t *record_header_json(const jong_ruleset *rs, uint64_t seed, int game_number,
                           const char *const players[JONG_SEATS]);

/* One event; names are the players' specs, written in start_game as mjai's "names". */
json_t *record_event_json(const jong_event *ev, const char *const names[JONG_SEATS]);

/* The same event as the compact text of record_event_json (byte for byte: a test checks it),
 * written directly, which is several times faster; the writer and the replay both use it.
 * Returns buf when the text fits in n bytes, else a malloc'd string (the caller frees it when
 * it is not buf); *len gets the length. NULL when out of memory. */
char *record_event_text(const jong_event *ev, const char *const names[JONG_SEATS], char *buf, size_t n,
                        size_t *len);

/* Dump compactly, NUL-terminated, into buf when it fits (returns buf), else into a malloc'd string (returns it;
 * the caller frees it when it is not buf). *len gets the length. NULL when out of memory. */
char *record_dump(const json_t *j, char *buf, size_t n, size_t *len);

#endif
