/* The steps of a riichi hand on an arranged wall (see riichi_steps.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "support/parse_or_fail.h"
#include "support/riichi_steps.h"

void rt_check(const jong_game *g)
{
    jong_error err;
    int rc = jong_game_check(g, NULL, &err);
    if (rc)
        fprintf(stderr, "check: %s\n", err.msg);
    assert_int_equal(rc, JONG_OK);
}

int rt_find(const jong_game *g, int seat, int type, const char *tile, int flags)
{
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, seat, a);
    for (int i = 0; i < n; i++)
        if (a[i].type == type && (!tile || a[i].tile == kind_of(tile)) && a[i].flags == flags)
            return i;
    return -1;
}

bool rt_can(const jong_game *g, int seat, int type, const char *tile, int flags)
{
    return rt_find(g, seat, type, tile, flags) >= 0;
}

void rt_play(jong_game *g, int seat, int type, const char *tile, int flags)
{
    jong_action a[JONG_MAX_ACTIONS];
    jong_game_legal(g, seat, a);
    int i = rt_find(g, seat, type, tile, flags);
    if (i < 0)
        fprintf(stderr, "seat %d may not %s %s (flags %d)\n", seat, jong_action_type_name(type), tile ? tile : "",
                flags);
    assert_true(i >= 0);
    jong_error err;
    assert_int_equal(jong_game_act(g, seat, &a[i], &err), JONG_OK);
    rt_check(g);
}

void rt_pass_all(jong_game *g)
{
    unsigned p = jong_game_pending(g);
    for (int s = 0; s < JONG_SEATS; s++)
        if ((p >> s & 1) && rt_can(g, s, JONG_ACT_PASS, NULL, 0))
            rt_play(g, s, JONG_ACT_PASS, NULL, 0);
}

int rt_turn(const jong_game *g)
{
    unsigned p = jong_game_pending(g);
    assert_int_equal(__builtin_popcount(p), 1);
    int s = __builtin_ctz(p);
    assert_false(rt_can(g, s, JONG_ACT_PASS, NULL, 0));
    return s;
}

void rt_tsumogiri(jong_game *g, const event_log *log, int n)
{
    for (int i = 0; i < n && !jong_game_hand_over(g); i++) {
        rt_pass_all(g);
        if (jong_game_hand_over(g))
            return;
        int s = rt_turn(g);
        const jong_event *d = rt_last_of(log, JONG_EV_DRAW);
        assert_non_null(d);
        assert_int_equal(d->actor, s);
        rt_play(g, s, JONG_ACT_DISCARD, jong_code_name(jong_code_kind(d->tile)),
                jong_code_is_red(d->tile) ? JONG_ACT_FLAG_RED : 0);
    }
    if (!jong_game_hand_over(g))
        rt_pass_all(g);
}

const jong_event *rt_last_of(const event_log *log, int type)
{
    for (int i = log->n - 1; i >= 0; i--)
        if (log->ev[i].type == type)
            return &log->ev[i];
    return NULL;
}

bool rt_has_yaku(const jong_event *win, int yaku)
{
    for (int i = 0; i < win->score.nyaku; i++)
        if (win->score.yaku[i].yaku == yaku)
            return true;
    return false;
}
