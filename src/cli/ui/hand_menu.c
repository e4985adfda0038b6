/* Keys of the terminal table (see hand_menu.h). */
#include <string.h>

#include "hand_menu.h"

/* Red fives are shown first among their kind; a discard with the red flag takes the red one. */
static void hand_order(hand_menu *m, const jong_view *v)
{
    uint8_t counts[JONG_KINDS];
    memcpy(counts, v->own.counts, sizeof counts);
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        total += counts[k];
    int sets = jong_variant_sets(v->variant) - v->own.nmelds;
    int drawn = -1;
    /* the drawn tile goes apart only when the hand holds it and is about to discard (3N+2) */
    if (v->last_draw < JONG_KINDS && counts[v->last_draw] && total == 3 * sets + 2) {
        drawn = v->last_draw;
        counts[drawn]--;
    }
    m->ntiles = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        int reds = k < JONG_NUMBER_KINDS && k % 9 == 4 ? v->own.red[k / 9] : 0;
        for (int c = 0; c < counts[k] && m->ntiles < MENU_HAND_MAX; c++) {
            m->red[m->ntiles] = c < reds;
            m->tiles[m->ntiles++] = (uint8_t)k;
        }
    }
    m->drawn_apart = drawn >= 0 && m->ntiles < MENU_HAND_MAX;
    if (m->drawn_apart) {
        int reds = drawn < JONG_NUMBER_KINDS && drawn % 9 == 4 ? v->own.red[drawn / 9] : 0;
        /* a red five drawn is the red one when every red copy is not yet shown */
        int shown_red = 0;
        for (int i = 0; i < m->ntiles; i++)
            shown_red += m->tiles[i] == drawn && m->red[i];
        m->red[m->ntiles] = shown_red < reds;
        m->tiles[m->ntiles++] = (uint8_t)drawn;
    }
}

void hand_menu_build(hand_menu *m, const jong_view *v, const jong_action *legal, int n)
{
    memset(m, 0, sizeof *m);
    hand_order(m, v);
    for (int i = 0; i < MENU_HAND_MAX; i++)
        m->discard[i] = m->declare[i] = -1;
    m->pass = -1;
    for (int a = 0; a < n; a++) {
        const jong_action *x = &legal[a];
        if (x->type == JONG_ACT_PASS) {
            m->pass = a;
        } else if (x->type == JONG_ACT_DISCARD) {
            /* the tiles this discard may be: of its kind, red exactly when the action plays a
             * red five (when the hand shows no such copy, any copy of the kind) */
            bool red = x->flags & JONG_ACT_FLAG_RED, exact = false;
            for (int i = 0; i < m->ntiles; i++)
                exact |= m->tiles[i] == x->tile && m->red[i] == red;
            for (int i = 0; i < m->ntiles; i++) {
                if (m->tiles[i] != x->tile || (exact && m->red[i] != red))
                    continue;
                int *slot = x->flags & JONG_ACT_FLAG_RIICHI ? &m->declare[i] : &m->discard[i];
                if (*slot < 0)
                    *slot = a;
            }
        } else if (m->nother < MENU_OTHER_MAX) {
            m->other[m->nother++] = a;
        }
    }
}

char hand_menu_other_key(int i) { return i < 9 ? (char)('1' + i) : (char)('A' + i - 9); }

int hand_menu_choice(const hand_menu *m, int key, bool declaring)
{
    if (key >= 'a' && key < 'a' + m->ntiles) {
        int i = key - 'a';
        return declaring ? m->declare[i] : m->discard[i];
    }
    if ((key == '0' || key == ' ') && !declaring)
        return m->pass;
    for (int i = 0; i < m->nother; i++)
        if (key == hand_menu_other_key(i))
            return m->other[i];
    return -1;
}

bool hand_menu_has_declare(const hand_menu *m)
{
    for (int i = 0; i < m->ntiles; i++)
        if (m->declare[i] >= 0)
            return true;
    return false;
}
