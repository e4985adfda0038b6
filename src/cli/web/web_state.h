/* A web game's state as JSON for its page: the header (rules, hand, round, wall, decision
 * counter, time left), the four seats as the person's seat sees them (wind, player, score,
 * tiles in hand, flowers, melds, discards; riichi: each discard's red five, declaring and
 * tsumogiri marks), the person's hand in display order with the legal discard of each tile, the
 * other legal actions in words, the person's furiten (riichi), the last events, and the hand's
 * result once it has ended (riichi: with the ura indicators). */
#ifndef JONG_WEB_STATE_H
#define JONG_WEB_STATE_H

#include <jansson.h>

#include "jong/jong.h"

#define WEB_LOG_LINES 12

typedef struct {
    const jong_session *s;
    int seat;
    const char *names[JONG_SEATS];
    const char *log[WEB_LOG_LINES]; /* oldest first, NULL after the last */
    double time_left;               /* seconds, < 0 when there is no limit */
} web_state_input;

json_t *web_state_json(const web_state_input *in);

#endif
