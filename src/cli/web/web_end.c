/* The end screens' data (see web_end.h). */
#include <stdio.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hand_end.h"
#include "web_end.h"
#include "web_tiles_json.h"

static json_t *tiles_json(const int *codes, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, web_tile_json(codes[i]));
    return a;
}

/* a hand shown at the end: concealed tiles, the winning tile (or the waits), melds, flowers */
static json_t *hand_json(const web_state_input *in, const end_hand *h)
{
    const jong_view *v = jong_session_view(in->s, in->seat);
    const jong_seat_view *sv = &v->seats[h->seat];
    json_t *o = json_object(), *melds = json_array(), *flowers = json_array();
    json_object_set_new(o, "seat", json_integer(h->seat));
    json_object_set_new(o, "tiles", tiles_json(h->tiles, h->ntiles));
    if (h->win != JONG_NO_TILE) {
        json_object_set_new(o, "win", web_tile_json(h->win));
    } else {
        json_t *waits = json_array();
        for (int k = 0; k < JONG_KINDS; k++)
            if (h->waits >> k & 1)
                json_array_append_new(waits, web_tile_json(k));
        json_object_set_new(o, "waits", waits);
    }
    for (int i = 0; i < sv->nmelds; i++)
        json_array_append_new(melds, web_meld_json(in->calls, v, h->seat, i));
    for (int f = 0; f < JONG_FLOWERS; f++)
        if (sv->flowers >> f & 1)
            json_array_append_new(flowers, json_integer(JONG_TILE_FLOWER_BASE + f));
    json_object_set_new(o, "melds", melds);
    json_object_set_new(o, "flowers", flowers);
    return o;
}

/* a scoring item: its name for people and its value (han, a yakuman entry's 13 per multiple, tai) */
static json_t *item(const char *stable, int value)
{
    char name[64];
    end_item_name(stable, name, sizeof name);
    return json_pack("{s:s,s:i}", "name", name, "value", value);
}

/* one win: the hand, the scoring items and the points */
static json_t *win_json(const web_state_input *in, const jong_event *ev)
{
    end_hand h;
    end_hand_winner(in->s, ev, &h);
    json_t *o = hand_json(in, &h), *items = json_array();
    json_object_set_new(o, "from", json_integer(ev->target));
    json_object_set_new(o, "self_draw", json_boolean(ev->target < 0));
    if (ev->riichi) {
        const jong_riichi_result *r = &ev->score;
        for (int i = 0; i < r->nyaku; i++)
            json_array_append_new(items, item(jong_yaku_name(r->yaku[i].yaku), r->yaku[i].han));
        json_object_set_new(o, "unit", json_string(r->yakuman ? "yakuman" : "han"));
        json_object_set_new(o, "han", json_integer(r->han));
        json_object_set_new(o, "fu", json_integer(r->fu));
        json_object_set_new(o, "yakuman", json_integer(r->yakuman));
        char limit[32];
        end_item_name(r->limit ? jong_limit_name(r->limit) : "", limit, sizeof limit);
        json_object_set_new(o, "limit", json_string(limit));
        json_object_set_new(o, "points", json_integer(r->pay.points));
        json_t *ura = json_array();
        for (int i = 0; i < ev->nura && i < JONG_RIICHI_MAX_INDICATORS; i++)
            json_array_append_new(ura, web_tile_json(ev->ura[i]));
        json_object_set_new(o, "ura", ura);
    } else {
        for (int i = 0; i < ev->tai.nentries; i++)
            json_array_append_new(items, item(jong_tai_pattern_name(ev->tai.entries[i].pattern), ev->tai.entries[i].tai));
        /* the dealer's tai count on the payments between the dealer and the winner only */
        json_object_set_new(o, "dealer_tai", json_integer(ev->tai.dealer_tai));
        json_object_set_new(o, "unit", json_string("tai"));
        json_object_set_new(o, "tai", json_integer(ev->tai.tai));
    }
    json_object_set_new(o, "items", items);
    return o;
}

/* the lines the terminal shows, and the ura indicators the page draws beside theirs */
static void add_lines(json_t *root, const web_state_input *in, const jong_event *res, int nres)
{
    const jong_view *v = jong_session_view(in->s, in->seat);
    json_t *lines = json_array(), *ura = NULL;
    char buf[8][200];
    for (int i = 0; i < nres; i++) {
        int k = event_result_lines(&res[i], v, buf[0], sizeof buf[0], 8);
        for (int j = 0; j < k; j++)
            json_array_append_new(lines, json_string(buf[j]));
        /* the ura indicators a riichi winner turned over (the same for every winner) */
        if (res[i].type == JONG_EV_WIN && res[i].nura && !ura) {
            ura = json_array();
            for (int j = 0; j < res[i].nura && j < JONG_RIICHI_MAX_INDICATORS; j++)
                json_array_append_new(ura, web_tile_json(res[i].ura[j]));
        }
    }
    json_object_set_new(root, "result", lines);
    if (v->variant == JONG_VARIANT_RIICHI)
        json_object_set_new(root, "ura_markers", ura ? ura : json_array());
}

static json_t *final_json(const web_state_input *in, const jong_view *v)
{
    jong_ruleset rs;
    if (in->rules)
        rs = *in->rules;
    else
        jong_ruleset_default(&rs, v->variant);
    end_standing st[JONG_SEATS];
    end_standings(&rs, v->scores, st);
    json_t *a = json_array();
    for (int i = 0; i < JONG_SEATS; i++) {
        json_t *o = json_pack("{s:i,s:i,s:i,s:s}", "seat", st[i].seat, "rank", st[i].rank + 1, "score",
                              (int)st[i].score, "player", in->names[st[i].seat] ? in->names[st[i].seat] : "");
        if (st[i].riichi) {
            json_object_set_new(o, "uma", json_integer(st[i].uma));
            json_object_set_new(o, "points", json_integer(st[i].points));
        }
        json_array_append_new(a, o);
    }
    json_t *f = json_object();
    json_object_set_new(f, "standings", a);
    json_object_set_new(f, "hands", json_integer(jong_session_hands(in->s)));
    if (rs.variant == JONG_VARIANT_RIICHI) {
        json_object_set_new(f, "uma", json_pack("[iiii]", rs.uma[0], rs.uma[1], rs.uma[2], rs.uma[3]));
        json_object_set_new(f, "return_score", json_integer(rs.return_score));
    }
    return f;
}

void web_end_add(json_t *root, const web_state_input *in)
{
    jong_event res[4];
    int nres = jong_session_hand_result(in->s, res, 4);
    if (nres > 4)
        nres = 4;
    add_lines(root, in, res, nres);
    const jong_view *v = jong_session_view(in->s, in->seat);
    json_t *end = json_object(), *wins = json_array();
    for (int i = 0; i < nres; i++)
        if (res[i].type == JONG_EV_WIN)
            json_array_append_new(wins, win_json(in, &res[i]));
    json_object_set_new(end, "wins", wins);
    if (nres && res[0].type == JONG_EV_EXHAUSTED) {
        char words[128];
        event_text(&res[0], v, words, sizeof words);
        json_object_set_new(end, "draw", json_string(words));
        end_hand ready[JONG_SEATS];
        int n = end_hands_ready(in->s, &res[0], ready);
        json_t *hands = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(hands, hand_json(in, &ready[i]));
        json_object_set_new(end, "ready", hands);
    }
    /* the payments: each seat's change and score after the hand (all events of the hand summed) */
    json_t *deltas = json_array(), *scores = json_array();
    for (int s = 0; s < JONG_SEATS; s++) {
        int d = 0;
        for (int i = 0; i < nres; i++)
            d += res[i].deltas[s];
        json_array_append_new(deltas, json_integer(d));
        json_array_append_new(scores, json_integer(nres ? res[nres - 1].scores[s] : v->scores[s]));
    }
    json_object_set_new(end, "deltas", deltas);
    json_object_set_new(end, "scores", scores);
    json_object_set_new(root, "end", end);
    if (jong_session_state_now(in->s) == JONG_SESSION_GAME_OVER)
        json_object_set_new(root, "final", final_json(in, v));
}
