/* Tiles and melds in a web game's JSON, for the live table (web_state.c) and the end screens
 * (web_end.c): a tile as {"tile": kind or code, "red": bool}; a meld as {"type", "tiles"} with its
 * tiles laid out as players lay them, the called one marked "turned". */
#ifndef JONG_WEB_TILES_JSON_H
#define JONG_WEB_TILES_JSON_H

#include <jansson.h>

#include "jong/jong.h"
#include "cli/ui/meld_calls.h"

json_t *web_tile_json(int code);
/* seat's meld i; calls may be NULL (then no tile turned) */
json_t *web_meld_json(const meld_calls *calls, const jong_view *v, int seat, int i);

#endif
