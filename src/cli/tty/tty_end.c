/* The end of a hand at the terminal (see tty_end.h). */
#include <stdio.h>
#include <string.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hand_end.h"
#include "tty_end.h"

static size_t add(char *buf, size_t used, const char *s)
{
    if (!s)
        return used;
    size_t n = strlen(s);
    if (used + n + 1 >= TTY_END_WIDTH)
        return used;
    memcpy(buf + used, s, n + 1);
    return used + n;
}

/* "E hand  1m 2m 3m ... + 5p  [P P P]" or, ready, "... waits 3p 6p" */
static void hand_line(const jong_session *s, int person, const end_hand *h, const tty_style *st, char *buf)
{
    const jong_view *v = jong_session_view(s, person);
    const jong_seat_view *sv = &v->seats[h->seat];
    char t[48];
    /* a tile and the space after it (none after the double-wide red dragon glyph) */
#define TILE(code, red) (add(buf, add(buf, used, tty_tile(code, red, st, t, sizeof t)), st->ascii || (code) != JONG_C ? " " : NULL))
    snprintf(buf, TTY_END_WIDTH, "  %s ", h->seat == person ? "you" : (char[]){"ESWN"[v->seat_winds[h->seat] & 3], 0});
    size_t used = strlen(buf);
    for (int i = 0; i < h->ntiles; i++)
        used = TILE(h->tiles[i], false);
    if (h->win != JONG_NO_TILE) {
        used = add(buf, used, "+ ");
        used = TILE(h->win, false);
    }
    for (int i = 0; i < sv->nmelds; i++) {
        const jong_meld *m = &sv->melds[i];
        used = add(buf, used, " [");
        int reds = m->red;
        for (int k = 0; k < (m->type >= JONG_MELD_KONG ? 4 : 3); k++) {
            int kind = m->tile == JONG_HIDDEN ? JONG_HIDDEN : m->type == JONG_MELD_CHOW ? m->tile + k : m->tile;
            bool red = reds > 0 && kind < JONG_NUMBER_KINDS && kind % 9 == 4;
            reds -= red;
            used = TILE(kind, red);
        }
        used = add(buf, used - (buf[used - 1] == ' '), "]");
    }
    if (h->win == JONG_NO_TILE) {
        used = add(buf, used, "  waits ");
        for (int k = 0; k < JONG_KINDS; k++)
            if (h->waits >> k & 1)
                used = TILE(k, false);
    }
#undef TILE
}

int tty_end_lines(const jong_session *s, int seat, const tty_style *st, char (*lines)[TTY_END_WIDTH], int max)
{
    jong_event res[4];
    int nres = jong_session_hand_result(s, res, 4);
    if (nres > 4)
        nres = 4;
    const jong_view *v = jong_session_view(s, seat);
    int k = 0;
    for (int i = 0; i < nres && k < max; i++) {
        /* the first line says who won; the winner's hand goes right under it */
        int n = event_result_lines(&res[i], v, lines[k], TTY_END_WIDTH, max - k);
        if (n <= 0)
            continue;
        end_hand h[JONG_SEATS];
        int nh = 0;
        if (res[i].type == JONG_EV_WIN) {
            end_hand_winner(s, &res[i], &h[0]);
            nh = 1;
        } else if (res[i].type == JONG_EV_EXHAUSTED) {
            nh = end_hands_ready(s, &res[i], h);
        }
        if (nh && k + n + nh <= max) {
            memmove(lines[k + 1 + nh], lines[k + 1], (size_t)(n - 1) * TTY_END_WIDTH);
            for (int j = 0; j < nh; j++)
                hand_line(s, seat, &h[j], st, lines[k + 1 + j]);
            n += nh;
        }
        k += n;
    }
    return k;
}
