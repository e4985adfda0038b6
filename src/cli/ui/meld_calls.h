/* Which tile of each meld was called and from whom, for drawing melds as players lay them out:
 * the claimed tile turned sideways on the side of the seat that discarded it. The views keep
 * only each meld's type and kind, so the person's table follows the calls from the events it
 * sees; the list of a seat stays parallel to its view's melds (an added kong changes its pon in
 * place, a robbed kong goes back as the view does). */
#ifndef JONG_MELD_CALLS_H
#define JONG_MELD_CALLS_H

#include <stdbool.h>

#include "jong/jong.h"

typedef struct {
    uint8_t type;   /* jong_meld_type, as the view's */
    uint8_t kind;   /* the view's meld tile: the kind, the lowest for a chow */
    uint8_t called; /* the tile code taken (red fives as their red code); JONG_NO_TILE when none */
    int8_t from;    /* the seat it came from, -1 for a concealed kong */
    bool added;     /* a pon made a kong with the fourth tile from the hand */
} meld_call;

typedef struct {
    meld_call m[JONG_SEATS][JONG_MAX_MELDS];
    uint8_t n[JONG_SEATS];
} meld_calls;

/* Follow one event (as any seat sees it: a hidden concealed kong is still a concealed kong). */
void meld_calls_apply(meld_calls *c, const jong_event *ev);

/* The tiles of a seat's meld i in the order players lay them out, at most 4: codes (red fives
 * as their red code, JONG_HIDDEN face down), and which one lies sideways (-1: none). calls may be
 * NULL or out of step with the view (then the tiles in order, none turned). */
int meld_calls_layout(const meld_calls *c, const jong_view *v, int seat, int i, int tiles[4], int *turned);

#endif
