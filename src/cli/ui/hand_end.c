/* The end of a hand and of a game (see hand_end.h). */
#include <stdio.h>
#include <string.h>

#include "engine/game_riichi.h"
#include "hand_end.h"

/* a seat's concealed tiles, sorted, red fives first among their kind */
static void concealed(const jong_hand *h, end_hand *out)
{
    out->ntiles = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        int reds = k < JONG_NUMBER_KINDS && k % 9 == 4 ? h->red[k / 9] : 0;
        for (int c = 0; c < h->counts[k] && out->ntiles < END_HAND_TILES; c++)
            out->tiles[out->ntiles++] = jong_code_make(k, c < reds);
    }
}

void end_hand_winner(const jong_session *s, const jong_event *win, end_hand *out)
{
    const jong_view *v = jong_session_view(s, win->actor);
    memset(out, 0, sizeof *out);
    out->seat = win->actor;
    concealed(&v->own, out);
    out->win = win->tile;
    /* the winning tile apart when the hand holds it (a second winner on one discard does not:
     * the tile went to the first), the red copy when the win was on a red five */
    if (out->ntiles % 3 != 2 || jong_code_kind(win->tile) >= JONG_KINDS)
        return;
    int at = -1;
    for (int i = 0; i < out->ntiles; i++)
        if (out->tiles[i] == win->tile || (at < 0 && jong_code_kind(out->tiles[i]) == jong_code_kind(win->tile)))
            at = i;
    if (at < 0)
        return;
    out->win = out->tiles[at];
    memmove(&out->tiles[at], &out->tiles[at + 1], sizeof out->tiles[0] * (size_t)(out->ntiles - at - 1));
    out->ntiles--;
}

int end_hands_ready(const jong_session *s, const jong_event *ev, end_hand out[JONG_SEATS])
{
    int n = 0;
    /* an abortive draw stops the hand before the wall runs out: nobody shows a hand */
    if (ev->riichi && ev->reason != JONG_DRAW_EXHAUSTIVE && ev->reason != JONG_DRAW_NAGASHI)
        return 0;
    for (int seat = 0; seat < JONG_SEATS; seat++) {
        const jong_view *v = jong_session_view(s, seat);
        bool ready;
        if (ev->riichi) {
            ready = ev->tenpai >> seat & 1;
        } else {
            jong_shanten3 sh;
            ready = jong_hand_shanten(&v->own, v->variant, jong_variant_forms(v->variant), &sh) == 0;
        }
        if (!ready)
            continue;
        end_hand *h = &out[n++];
        memset(h, 0, sizeof *h);
        h->seat = seat;
        concealed(&v->own, h);
        h->win = JONG_NO_TILE;
        h->waits = jong_waits(&v->own, v->variant, jong_variant_forms(v->variant));
    }
    return n;
}

void end_item_name(const char *stable, char *buf, size_t n)
{
    snprintf(buf, n, "%s", stable ? stable : "?");
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
}

void end_standings(const jong_ruleset *rs, const int32_t scores[JONG_SEATS], end_standing out[JONG_SEATS])
{
    int rank[JONG_SEATS], points[JONG_SEATS] = {0};
    bool riichi = rs->variant == JONG_VARIANT_RIICHI;
    if (riichi)
        riichi_final_result(scores, rs->uma, rs->return_score, rank, points);
    for (int s = 0; s < JONG_SEATS; s++) {
        if (!riichi) {
            rank[s] = 0;
            for (int o = 0; o < JONG_SEATS; o++)
                rank[s] += scores[o] > scores[s] || (scores[o] == scores[s] && o < s);
        }
        out[rank[s]] = (end_standing){.seat = s, .rank = rank[s], .score = scores[s], .riichi = riichi,
                                      .uma = riichi ? rs->uma[rank[s]] : 0, .points = points[s]};
    }
}
