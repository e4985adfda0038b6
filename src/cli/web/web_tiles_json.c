/* Tiles and melds as the page's JSON (see web_tiles_json.h). */
#include "web_tiles_json.h"

static const char *meld_name(int type)
{
    static const char *const names[] = {"chi", "pon", "kong", "concealed_kong"};
    return type >= 0 && type < 4 ? names[type] : "meld";
}

json_t *web_tile_json(int code)
{
    json_t *t = json_object();
    json_object_set_new(t, "tile", json_integer(jong_code_is_red(code) ? jong_code_kind(code) : code));
    json_object_set_new(t, "red", json_boolean(jong_code_is_red(code)));
    return t;
}

/* a meld's tiles as players lay them out: the called tile turned on its giver's side */
json_t *web_meld_json(const meld_calls *calls, const jong_view *v, int seat, int i)
{
    int tiles[4], turned;
    int n = meld_calls_layout(calls, v, seat, i, tiles, &turned);
    json_t *o = json_object(), *arr = json_array();
    for (int t = 0; t < n; t++) {
        json_t *tile = web_tile_json(tiles[t]);
        if (t == turned)
            json_object_set_new(tile, "turned", json_true());
        json_array_append_new(arr, tile);
    }
    json_object_set_new(o, "type", json_string(meld_name(v->seats[seat].melds[i].type)));
    json_object_set_new(o, "tiles", arr);
    return o;
}
