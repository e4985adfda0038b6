/* A person's decision laid out for a screen: the hand in display order (sorted, the tile just
 * drawn last) with the legal discard (and declaring discard, riichi) of each tile, and the other
 * legal actions (wins, claims, kongs) and pass. The terminal gives a tile its letter ('r' then
 * a letter declares), the others digits, '0' or space passes; the web page makes them buttons.
 * Only legal actions are offered. */
#ifndef JONG_HAND_MENU_H
#define JONG_HAND_MENU_H

#include <stdbool.h>

#include "jong/jong.h"

#define MENU_HAND_MAX 18
#define MENU_OTHER_MAX 20

typedef struct {
    int ntiles;
    uint8_t tiles[MENU_HAND_MAX];  /* concealed kinds in display order */
    bool red[MENU_HAND_MAX];       /* shown as a red five */
    bool drawn_apart;             /* the last tile is the one just drawn, shown apart */
    int discard[MENU_HAND_MAX];    /* index of the plain discard of that tile, -1 if none */
    int declare[MENU_HAND_MAX];    /* index of the declaring discard (riichi) of that tile, -1 */
    int nother;
    int other[MENU_OTHER_MAX];     /* indices of the other non-pass actions, keys 1-9 then A-K */
    int pass;                     /* index of pass, -1 if none */
} hand_menu;

void hand_menu_build(hand_menu *m, const jong_view *v, const jong_action *legal, int n);
/* The key of other action i ('1'..'9', 'A'..). */
char hand_menu_other_key(int i);
/* The legal index a key chooses (declaring: 'r' was pressed before), or -1. */
int hand_menu_choice(const hand_menu *m, int key, bool declaring);
bool hand_menu_has_declare(const hand_menu *m);

#endif
