/* What each key does at a decision of the terminal table: the hand in display order (sorted,
 * the tile just drawn last) with a letter per tile for its discard, digits for the other legal
 * actions (wins, claims, kongs), 'r' then a letter for a declaring discard (riichi), '0' or
 * space to pass. Only legal actions get a key. */
#ifndef JONG_TTY_MENU_H
#define JONG_TTY_MENU_H

#include <stdbool.h>

#include "jong/jong.h"

#define TTY_HAND_MAX 18
#define TTY_OTHER_MAX 20

typedef struct {
    int ntiles;
    uint8_t tiles[TTY_HAND_MAX];  /* concealed kinds in display order */
    bool red[TTY_HAND_MAX];       /* shown as a red five */
    bool drawn_apart;             /* the last tile is the one just drawn, shown apart */
    int discard[TTY_HAND_MAX];    /* index of the plain discard of that tile, -1 if none */
    int declare[TTY_HAND_MAX];    /* index of the declaring discard (riichi) of that tile, -1 */
    int nother;
    int other[TTY_OTHER_MAX];     /* indices of the other non-pass actions, keys 1-9 then A-K */
    int pass;                     /* index of pass, -1 if none */
} tty_menu;

void tty_menu_build(tty_menu *m, const jong_view *v, const jong_action *legal, int n);
/* The key of other action i ('1'..'9', 'A'..). */
char tty_menu_other_key(int i);
/* The legal index a key chooses (declaring: 'r' was pressed before), or -1. */
int tty_menu_choice(const tty_menu *m, int key, bool declaring);
bool tty_menu_has_declare(const tty_menu *m);

#endif
