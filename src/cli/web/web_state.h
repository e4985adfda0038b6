/* A web game's state as JSON for its page: the header (rules, hand, round, wall, decision
 * counter, time left), the four seats as the person's seat sees them (wind, player, score,
 * tiles in hand, flowers, melds laid out with the called tile turned, discards with the last one
 * marked; riichi: each discard's red five, declaring and tsumogiri marks), the person's hand in
 * display order with the legal discard of each tile, the other legal actions in words, the hint,
 * the person's furiten (riichi), the last events, and once a hand has ended its result in lines
 * and as the end screens' data (web_end.h). */
#ifndef JONG_WEB_STATE_H
#define JONG_WEB_STATE_H

#include <jansson.h>

#include "jong/jong.h"
#include "cli/ui/meld_calls.h"

#define WEB_LOG_LINES 40

typedef struct {
    const jong_session *s;
    int seat;
    const char *names[JONG_SEATS];
    const char *log[WEB_LOG_LINES]; /* oldest first, NULL after the last */
    double time_left;               /* seconds, < 0 when there is no limit */
    const jong_ruleset *rules;      /* for the final standings (NULL: the family's defaults) */
    const meld_calls *calls;        /* who gave each meld's tile (NULL: none turned) */
} web_state_input;


json_t *web_state_json(const web_state_input *in);

#endif
