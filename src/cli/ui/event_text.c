/* Events in words (see event_text.h). */
#include <stdio.h>
#include <string.h>

#include "event_text.h"

const char *tile_word(int code)
{
    if (code >= 0 && code < JONG_KINDS)
        return jong_kind_name(code, JONG_STYLE_MJAI);
    return jong_code_name(code);
}

void action_text(const jong_action *a, char *buf, size_t n)
{
    const char *t = tile_word(jong_code_make(a->tile, a->flags & JONG_ACT_FLAG_RED));
    switch (a->type) {
    case JONG_ACT_DISCARD:
        snprintf(buf, n, "%sdiscard %s", a->flags & JONG_ACT_FLAG_RIICHI ? "riichi, " : "", t);
        break;
    case JONG_ACT_SELF_DRAW_WIN:
        snprintf(buf, n, "win by self-draw");
        break;
    case JONG_ACT_WIN:
        snprintf(buf, n, "win on %s", t);
        break;
    case JONG_ACT_CHI:
        snprintf(buf, n, "chi %s-%s-%s", tile_word(a->low), tile_word(a->low + 1), tile_word(a->low + 2));
        break;
    case JONG_ACT_PON:
        snprintf(buf, n, "pon %s", t);
        break;
    case JONG_ACT_KONG:
        snprintf(buf, n, "kong %s", t);
        break;
    case JONG_ACT_CONCEALED_KONG:
        snprintf(buf, n, "concealed kong %s", t);
        break;
    case JONG_ACT_ADDED_KONG:
        snprintf(buf, n, "added kong %s", t);
        break;
    case JONG_ACT_NINE_TERMINALS:
        snprintf(buf, n, "nine terminals: abort the hand");
        break;
    default:
        snprintf(buf, n, "pass");
        break;
    }
}

/* mjai's reasons of a riichi draw, in words */
static const char *draw_words(int reason)
{
    switch (reason) {
    case JONG_DRAW_NAGASHI: return "the wall is exhausted: nagashi mangan";
    case JONG_DRAW_NINE_TERMINALS: return "abortive draw: nine terminals";
    case JONG_DRAW_FOUR_WINDS: return "abortive draw: four winds";
    case JONG_DRAW_FOUR_RIICHI: return "abortive draw: four riichi";
    case JONG_DRAW_FOUR_KANS: return "abortive draw: four kans";
    case JONG_DRAW_TRIPLE_RON: return "abortive draw: three rons";
    default: return "the wall is exhausted: no winner";
    }
}

static const char *who(const jong_view *v, int seat, char buf[8])
{
    if (seat == v->seat)
        return "you";
    snprintf(buf, 8, "%c", "ESWN"[v->seat_winds[seat] & 3]);
    return buf;
}

/* the owner of a tile: "your", "E's" */
static const char *whose(const jong_view *v, int seat, char buf[8])
{
    if (seat == v->seat)
        return "your";
    snprintf(buf, 8, "%c's", "ESWN"[v->seat_winds[seat] & 3]);
    return buf;
}

bool event_text(const jong_event *ev, const jong_view *v, char *buf, size_t n)
{
    char a[8], t[8];
    const char *actor = ev->actor >= 0 ? who(v, ev->actor, a) : "";
    const char *tile = tile_word(ev->tile);
    switch (ev->type) {
    case JONG_EV_DRAW:
        if (ev->actor != v->seat)
            return false;
        snprintf(buf, n, "you draw %s%s", tile, ev->replacement ? " (replacement)" : "");
        return true;
    case JONG_EV_FLOWER:
        snprintf(buf, n, "%s %s flower %s", actor, ev->actor == v->seat ? "lay out" : "lays out", tile);
        return true;
    case JONG_EV_DISCARD:
        snprintf(buf, n, "%s %s %s", actor, ev->actor == v->seat ? "discard" : "discards", tile);
        return true;
    case JONG_EV_CHI:
        snprintf(buf, n, "%s chi %s (%s-%s)", actor, tile, tile_word(ev->low), tile_word(ev->low + 2));
        return true;
    case JONG_EV_PON:
        snprintf(buf, n, "%s pon %s", actor, tile);
        return true;
    case JONG_EV_KONG:
    case JONG_EV_ADDED_KONG:
        snprintf(buf, n, "%s kong %s", actor, tile);
        return true;
    case JONG_EV_CONCEALED_KONG:
        snprintf(buf, n, "%s concealed kong%s%s", actor, ev->tile == JONG_HIDDEN ? "" : " ",
                 ev->tile == JONG_HIDDEN ? "" : tile);
        return true;
    case JONG_EV_WIN:
        if (ev->target < 0)
            snprintf(buf, n, "%s %s by self-draw on %s", actor, ev->actor == v->seat ? "win" : "wins", tile);
        else
            snprintf(buf, n, "%s %s on %s %s", actor, ev->actor == v->seat ? "win" : "wins",
                     whose(v, ev->target, t), tile);
        return true;
    case JONG_EV_EXHAUSTED:
        snprintf(buf, n, "%s", ev->riichi ? draw_words(ev->reason) : "the wall is exhausted: no winner");
        return true;
    case JONG_EV_REACH:
        snprintf(buf, n, "%s %s riichi", actor, ev->actor == v->seat ? "declare" : "declares");
        return true;
    case JONG_EV_DORA:
        snprintf(buf, n, "new dora indicator %s", tile_word(ev->dora_marker));
        return true;
    case JONG_EV_KITA:
        snprintf(buf, n, "%s %s %s aside (kita)", actor, ev->actor == v->seat ? "set" : "sets", tile_word(ev->tile));
        return true;
    default:
        return false;
    }
}

int event_result_lines(const jong_event *ev, const jong_view *v, char *lines, size_t width, int max)
{
    int k = 0;
#define LINE (lines + (size_t)k * width)
    if (k < max && event_text(ev, v, LINE, width))
        k++;
    if (ev->type == JONG_EV_WIN && v->variant == JONG_VARIANT_TAIWAN && k < max) {
        size_t used = (size_t)snprintf(LINE, width, "%d tai:", ev->tai.tai);
        for (int i = 0; i < ev->tai.nentries && used < width; i++) {
            char name[64];
            snprintf(name, sizeof name, "%s", jong_tai_pattern_name(ev->tai.entries[i].pattern));
            for (char *p = name; *p; p++)
                if (*p == '_')
                    *p = ' ';
            used += (size_t)snprintf(LINE + used, width - used, "%s %s %d", i ? "," : "", name,
                                     ev->tai.entries[i].tai);
        }
        if (ev->tai.dealer_tai && used < width)
            snprintf(LINE + used, width - used, "; dealer +%d tai", ev->tai.dealer_tai);
        k++;
    }
    if (ev->type == JONG_EV_WIN && ev->riichi && k < max) {
        size_t used = ev->score.yakuman ? (size_t)snprintf(LINE, width, "yakuman x%d:", ev->score.yakuman)
                                        : (size_t)snprintf(LINE, width, "%d han %d fu:", ev->score.han, ev->score.fu);
        for (int i = 0; i < ev->score.nyaku && used < width; i++)
            used += (size_t)snprintf(LINE + used, width - used, "%s %s %d", i ? "," : "",
                                     jong_yaku_name(ev->score.yaku[i].yaku), ev->score.yaku[i].han);
        k++;
    }
    if (ev->type == JONG_EV_WIN && ev->riichi && ev->nura && k < max) {
        /* a riichi winner's ura indicators, which the yaku line only counts */
        size_t used = (size_t)snprintf(LINE, width, "ura-dora indicator%s:", ev->nura > 1 ? "s" : "");
        for (int i = 0; i < ev->nura && i < JONG_RIICHI_MAX_INDICATORS && used < width; i++)
            used += (size_t)snprintf(LINE + used, width - used, " %s", tile_word(ev->ura[i]));
        k++;
    }
    if (k < max) {
        size_t used = 0;
        for (int s = 0; s < (v->nseats == 3 ? 3 : JONG_SEATS) && used < width; s++) {  /* three players: three */
            char a[8];
            used += (size_t)snprintf(LINE + used, width - used, "%s%s %+d -> %d", s ? "   " : "",
                                     who(v, s, a), (int)ev->deltas[s], (int)ev->scores[s]);
        }
        k++;
    }
#undef LINE
    return k;
}

void event_log_push(char (*log)[EVENT_LOG_WIDTH], int *n, int max, const char *text)
{
    if (*n == max) {
        memmove(log[0], log[1], sizeof log[0] * (size_t)(max - 1));
        (*n)--;
    }
    snprintf(log[(*n)++], sizeof log[0], "%s", text);
}
