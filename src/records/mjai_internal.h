/* What the mjai files share and the public header does not show: messages as jansson values
 * (the protocol layer parses a batch once and hands out its elements), the Tenhou yaku tables,
 * and growing a text buffer. */
#ifndef JONG_MJAI_INTERNAL_H
#define JONG_MJAI_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/mjai.h"

/* Return the error code of x, if any. */
#define TRY(x)                       \
    do {                             \
        int rc_ = (x);               \
        if (rc_)                     \
            return rc_;              \
    } while (0)

/* A parsed JSON object (json_t *) to an event; the event to a new json_t * (caller decrefs). */
int mjai_parse_json(const void *json, jong_mjai_event *ev, jong_error *err);
void *mjai_event_json(const jong_mjai_event *ev);

/* A bot's answer: one message, or two in a JSON array, a chi, pon or reach and then the dahai
 * that goes with it (as bots answer in the react convention and some batched ones); *two says
 * which, the second going to *then. Any other pair is a JONG_ERR_SYNTAX naming both. */
int mjai_parse_answer(const char *text, size_t len, jong_mjai_event *first, jong_mjai_event *then, bool *two,
                      jong_error *err);

/* Whether the dahai a bot gave with its chi or pon still waits for its call after event m (seen
 * by seat): m is the call itself, or the reach_accepted that comes between a riichi discard and
 * the call on it. Any other event means the call did not happen (a win or a pon came first). */
bool mjai_dahai_waits(const jong_mjai_event *m, int seat);

/* Tenhou's yaku id (the AGARI yaku/yakuman lists, 0..54) to jong_yaku; JONG_YAKU_COUNT if unknown. */
int mjai_tenhou_yaku(int id);
/* A tenhou.net/6 yaku text such as "立直(1飜)" or "大三元(役満)": the jong_yaku and its han
 * (13 per yakuman multiple). Returns -1 when the name is not known. */
int mjai_tenhou6_yaku(const char *text, int *han);

/* The mjai answer that plays legal action a at decision d (seat, view.own, last_draw, last_tile,
 * last_actor, after_reach, after_own_draw are used): a riichi discard is "reach" unless
 * d->after_reach (the discard that follows the reach event). */
void mjai_action_message(const jong_mjai_decision *d, const jong_action *a, jong_mjai_event *m);

/* Sort tile codes by kind, a red five before the plain fives (as Tenhou shows hands). */
void mjai_sort_tiles(uint8_t *t, int n);

#endif
