/* Names of actions, events and tile codes, for messages, logs and records. */
#include <stdio.h>

#include "jong/game.h"
#include "jong/notation.h"

static const char *const action_names[JONG_ACT_TYPES] = {
    "discard", "self_draw_win", "win", "chi", "pon", "kong", "concealed_kong", "added_kong", "pass",
    "nine_terminals", "kita",
};

static const char *const event_names[JONG_EV_TYPES] = {
    "start_game", "start_kyoku", "tsumo", "flower", "dahai", "chi", "pon", "daiminkan",
    "ankan", "kakan", "hora", "ryukyoku", "end_kyoku", "end_game", "reach", "reach_accepted", "dora",
    "nukidora",
};

/* mjai's names of the ryukyoku reasons */
static const char *const draw_reason_names[JONG_DRAW_REASONS] = {
    "fanpai", "nagashimangan", "kyushukyuhai", "sufonrenta", "suchareach", "sukaikan", "sanchaho",
};

const char *jong_draw_reason_name(int reason)
{
    return reason >= 0 && reason < JONG_DRAW_REASONS ? draw_reason_names[reason] : "unknown";
}

const char *jong_action_type_name(int type)
{
    return type >= 0 && type < JONG_ACT_TYPES ? action_names[type] : "unknown";
}

const char *jong_event_type_name(int type)
{
    return type >= 0 && type < JONG_EV_TYPES ? event_names[type] : "unknown";
}

const char *jong_code_name(int code)
{
    if (code >= 0 && code < JONG_KINDS)
        return jong_kind_name(code, JONG_STYLE_COMPACT);
    if (jong_code_is_flower(code))
        return jong_flower_name(code - JONG_TILE_FLOWER_BASE);
    if (jong_code_is_red(code))
        return (const char *const[]){"0m", "0p", "0s"}[code - JONG_CODE_RED_BASE];
    if (code == JONG_HIDDEN)
        return "?";
    return "-";
}

void jong_action_format(const jong_action *a, char *buf, size_t n)
{
    if (a->flags) {
        snprintf(buf, n, "%s %s%s%s", jong_action_type_name(a->type), jong_code_name(a->tile),
                 a->flags & JONG_ACT_FLAG_RED ? " (red)" : "", a->flags & JONG_ACT_FLAG_RIICHI ? " declaring riichi" : "");
        if (a->type == JONG_ACT_CHI)
            snprintf(buf, n, "chi %s with %s-%s (red)", jong_code_name(a->tile), jong_code_name(a->low),
                     jong_code_name(a->low + 2));
        return;
    }
    if (a->type == JONG_ACT_CHI)
        snprintf(buf, n, "chi %s with %s-%s", jong_code_name(a->tile), jong_code_name(a->low),
                 jong_code_name(a->low + 2));
    else
        snprintf(buf, n, "%s %s", jong_action_type_name(a->type), jong_code_name(a->tile));
}
