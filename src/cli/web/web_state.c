/* The JSON of a web game's state (see web_state.h). Tiles are codes (0..33 kinds, 34..41
 * flowers, 254 hidden) that the page turns into /tile/CODE.svg. */
#include <string.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hand_menu.h"
#include "cli/ui/hint.h"
#include "web_end.h"
#include "web_state.h"
#include "web_tiles_json.h"

static const char *const winds = "ESWN";

static json_t *seat_json(const web_state_input *in, const jong_view *v, int s)
{
    const jong_seat_view *sv = &v->seats[s];
    json_t *o = json_object(), *flowers = json_array(), *melds = json_array(), *river = json_array();
    char wind[2] = {winds[v->seat_winds[s] & 3], 0};
    json_object_set_new(o, "seat", json_integer(s));
    json_object_set_new(o, "wind", json_string(wind));
    json_object_set_new(o, "player", json_string(in->names[s]));
    json_object_set_new(o, "you", json_boolean(s == in->seat));
    json_object_set_new(o, "dealer", json_boolean(s == v->dealer));
    json_object_set_new(o, "score", json_integer(v->scores[s]));
    json_object_set_new(o, "concealed", json_integer(sv->concealed));
    if (v->variant == JONG_VARIANT_RIICHI)
        json_object_set_new(o, "riichi", json_boolean(v->riichi[s]));
    for (int f = 0; f < JONG_FLOWERS; f++)
        if (sv->flowers >> f & 1)
            json_array_append_new(flowers, json_integer(JONG_TILE_FLOWER_BASE + f));
    for (int i = 0; i < sv->nmelds; i++)
        json_array_append_new(melds, web_meld_json(in->calls, v, s, i));
    for (int i = 0; i < sv->ndiscards; i++) {
        json_t *d = json_object();
        json_object_set_new(d, "tile", json_integer(sv->discards[i]));
        json_object_set_new(d, "claimed", json_boolean(sv->discard_claimed[i]));
        if (s == v->last_discarder && i == sv->ndiscards - 1)
            json_object_set_new(d, "last", json_true()); /* the table's latest discard */
        if (v->variant == JONG_VARIANT_RIICHI) {
            /* a red five, the discard that declared riichi, the tile just drawn thrown */
            bool bit = i < 64;
            json_object_set_new(d, "red", json_boolean(bit && (sv->discard_red >> i & 1)));
            json_object_set_new(d, "riichi", json_boolean(i == sv->riichi_at));
            json_object_set_new(d, "tsumogiri", json_boolean(bit && (sv->discard_tsumogiri >> i & 1)));
        }
        json_array_append_new(river, d);
    }
    json_object_set_new(o, "flowers", flowers);
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "discards", river);
    return o;
}

/* the hint: in words, and the best discard's kind for the page to point at (-1: none) */
static void add_hint(json_t *root, const jong_view *v, const jong_action *legal, int n)
{
    hint_info h;
    hint_find(v, n ? legal : NULL, n, &h);
    char words[200];
    hint_words(&h, words, sizeof words);
    json_object_set_new(root, "hint", json_string(words));
    json_object_set_new(root, "hint_discard", json_integer(!h.win && h.nrows ? h.rows[0].kind : -1));
    json_object_set_new(root, "hint_win", json_boolean(h.win));
}

/* the hand in display order with each tile's legal discard (-1 when none) */
static void add_hand(json_t *root, const jong_view *v, const jong_action *legal, int n)
{
    hand_menu m;
    hand_menu_build(&m, v, legal, n);
    json_t *hand = json_array(), *actions = json_array();
    for (int i = 0; i < m.ntiles; i++) {
        json_t *t = json_object();
        json_object_set_new(t, "tile", json_integer(m.tiles[i]));
        json_object_set_new(t, "red", json_boolean(m.red[i]));
        json_object_set_new(t, "discard", json_integer(m.discard[i]));
        json_object_set_new(t, "declare", json_integer(m.declare[i]));
        json_array_append_new(hand, t);
    }
    for (int i = 0; i < m.nother; i++) {
        char text[64];
        action_text(&legal[m.other[i]], text, sizeof text);
        json_t *a = json_object();
        json_object_set_new(a, "index", json_integer(m.other[i]));
        json_object_set_new(a, "text", json_string(text));
        json_object_set_new(a, "type", json_string(jong_action_type_name(legal[m.other[i]].type)));
        json_array_append_new(actions, a);
    }
    if (m.pass >= 0) {
        json_t *a = json_object();
        json_object_set_new(a, "index", json_integer(m.pass));
        json_object_set_new(a, "text", json_string("pass"));
        json_object_set_new(a, "type", json_string("pass"));
        json_array_append_new(actions, a);
    }
    json_object_set_new(root, "hand", hand);
    json_object_set_new(root, "drawn_apart", json_boolean(m.drawn_apart));
    json_object_set_new(root, "actions", actions);
    json_object_set_new(root, "nlegal", json_integer(n));
    if (m.ntiles % 3 == 2)
        add_hint(root, v, legal, n);
}

/* riichi: why the person may not ron now (empty when it may) */
static json_t *furiten_json(unsigned f)
{
    json_t *a = json_array();
    if (f & JONG_FURITEN_DISCARD)
        json_array_append_new(a, json_string("discard"));
    if (f & JONG_FURITEN_PASSED)
        json_array_append_new(a, json_string("passed"));
    if (f & JONG_FURITEN_RIICHI)
        json_array_append_new(a, json_string("riichi"));
    return a;
}

json_t *web_state_json(const web_state_input *in)
{
    const jong_session *s = in->s;
    const jong_view *v = jong_session_view(s, in->seat);
    jong_session_state st = jong_session_state_now(s);
    json_t *root = json_object();
    static const char *const states[] = {"waiting", "hand_over", "game_over"};
    char round[2] = {winds[v->round_wind & 3], 0};
    json_object_set_new(root, "rules", json_string(v->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"));
    json_object_set_new(root, "state", json_string(states[st]));
    json_object_set_new(root, "seat", json_integer(in->seat));
    json_object_set_new(root, "hand_number", json_integer(v->hand + 1));
    json_object_set_new(root, "round", json_string(round));
    /* the dealer's place in the round (East 1..4) and the repeat counter, as players name a hand */
    json_object_set_new(root, "dealer", json_integer(v->dealer));
    json_object_set_new(root, "streak", json_integer(v->streak));
    json_object_set_new(root, "wall", json_integer(v->wall_left));
    if (v->variant == JONG_VARIANT_RIICHI) {
        /* the dora indicators (kind and red five), the honba and the riichi sticks on the table */
        json_t *dora = json_array();
        for (int i = 0; i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++)
            json_array_append_new(dora, web_tile_json(v->dora_markers[i]));
        json_object_set_new(root, "dora_markers", dora);
        json_object_set_new(root, "furiten", furiten_json(jong_session_furiten(s, in->seat)));
        json_object_set_new(root, "honba", json_integer(v->streak));
        json_object_set_new(root, "sticks", json_integer(v->kyotaku));
    }
    json_object_set_new(root, "decision", json_integer(jong_session_decisions(s)));
    json_object_set_new(root, "time_left", in->time_left >= 0 ? json_real(in->time_left) : json_null());
    json_t *seats = json_array();
    for (int k = 0; k < JONG_SEATS; k++)
        json_array_append_new(seats, seat_json(in, v, k));
    json_object_set_new(root, "seats", seats);
    jong_action legal[JONG_MAX_ACTIONS];
    int n = st == JONG_SESSION_WAITING ? jong_session_legal(s, in->seat, legal) : 0;
    json_object_set_new(root, "your_turn", json_boolean(n > 0));
    add_hand(root, v, legal, n);
    json_t *log = json_array();
    for (int i = 0; i < WEB_LOG_LINES && in->log[i]; i++)
        json_array_append_new(log, json_string(in->log[i]));
    json_object_set_new(root, "log", log);
    if (st != JONG_SESSION_WAITING)
        web_end_add(root, in);
    return root;
}
