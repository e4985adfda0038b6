/* Meld calls (see meld_calls.h). */
#include <string.h>

#include "meld_calls.h"

static void push(meld_calls *c, int seat, meld_call m)
{
    if (c->n[seat] < JONG_MAX_MELDS)
        c->m[seat][c->n[seat]++] = m;
}

/* a robbed kong: an added kong is a pon again; a robbed concealed kong (thirteen orphans in
 * riichi) leaves the melds, its place taken by the last one, as jong_view_apply does */
static void robbed(meld_calls *c, int seat, int kind, bool riichi)
{
    for (int i = 0; i < c->n[seat]; i++) {
        meld_call *m = &c->m[seat][i];
        if (m->kind != kind)
            continue;
        if (m->type == JONG_MELD_KONG) {
            m->type = JONG_MELD_PUNG;
            m->added = false;
            return;
        }
        if (m->type == JONG_MELD_CONCEALED_KONG && riichi) {
            *m = c->m[seat][--c->n[seat]];
            return;
        }
    }
}

void meld_calls_apply(meld_calls *c, const jong_event *ev)
{
    int a = ev->actor;
    if (ev->type == JONG_EV_START_HAND) {
        memset(c, 0, sizeof *c);
        return;
    }
    if (a < 0 || a >= JONG_SEATS)
        return;
    switch (ev->type) {
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG: {
        int type = ev->type == JONG_EV_CHI ? JONG_MELD_CHOW : ev->type == JONG_EV_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
        int kind = ev->type == JONG_EV_CHI ? ev->low : jong_code_kind(ev->tile);
        push(c, a, (meld_call){(uint8_t)type, (uint8_t)kind, ev->tile, ev->target, false});
        break;
    }
    case JONG_EV_CONCEALED_KONG:
        push(c, a, (meld_call){JONG_MELD_CONCEALED_KONG, ev->tile == JONG_HIDDEN ? JONG_HIDDEN : (uint8_t)jong_code_kind(ev->tile),
                               JONG_NO_TILE, -1, false});
        break;
    case JONG_EV_ADDED_KONG:
        for (int i = 0; i < c->n[a]; i++)
            if (c->m[a][i].type == JONG_MELD_PUNG && c->m[a][i].kind == jong_code_kind(ev->tile)) {
                c->m[a][i].type = JONG_MELD_KONG;
                c->m[a][i].added = true;
                break;
            }
        break;
    case JONG_EV_WIN:
        if ((ev->win_flags & JONG_WIN_ROBBING_KONG) && ev->target >= 0 && ev->target < JONG_SEATS)
            robbed(c, ev->target, jong_code_kind(ev->tile), ev->riichi);
        break;
    default:
        break;
    }
}

int meld_calls_layout(const meld_calls *c, const jong_view *v, int seat, int i, int tiles[4], int *turned)
{
    const jong_meld *m = &v->seats[seat].melds[i];
    int n = m->type >= JONG_MELD_KONG ? 4 : 3;
    int reds = m->red;
    for (int t = 0; t < n; t++) {
        int kind = m->tile == JONG_HIDDEN ? JONG_HIDDEN : m->type == JONG_MELD_CHOW ? m->tile + t : m->tile;
        bool red = reds > 0 && kind < JONG_NUMBER_KINDS && kind % 9 == 4;
        reds -= red;
        tiles[t] = kind == JONG_HIDDEN ? JONG_HIDDEN : jong_code_make(kind, red);
    }
    *turned = -1;
    if (m->type == JONG_MELD_CONCEALED_KONG) {
        /* the two outer tiles face down, as players lay a concealed kong out */
        if (m->tile != JONG_HIDDEN)
            tiles[0] = tiles[3] = JONG_HIDDEN;
        return n;
    }
    const meld_call *mc = c && i < c->n[seat] ? &c->m[seat][i] : NULL;
    if (!mc || mc->kind != m->tile || mc->type != m->type || mc->from < 0 || mc->called == JONG_NO_TILE)
        return n;
    /* the called tile out of the others, then put where its giver sits: the left seat's first,
     * the seat across's second, the right seat's last (a chi always comes from the left) */
    int called = -1;
    for (int t = 0; t < n && called < 0; t++)
        if (tiles[t] == mc->called)
            called = t;
    for (int t = 0; t < n && called < 0; t++)
        if (jong_code_kind(tiles[t]) == jong_code_kind(mc->called))
            called = t;
    if (called < 0)
        return n;
    int code = tiles[called];
    for (int t = called; t + 1 < n; t++)
        tiles[t] = tiles[t + 1];
    int rel = (mc->from - seat + JONG_SEATS) % JONG_SEATS; /* 3: the left seat, 2: across, 1: right */
    int at = rel == 3 ? 0 : rel == 2 ? 1 : n - 1;
    for (int t = n - 1; t > at; t--)
        tiles[t] = tiles[t - 1];
    tiles[at] = code;
    *turned = at;
    return n;
}
