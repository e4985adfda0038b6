/* What the riichi_*.c files share (not public): the facts of a win that do not depend on the
 * reading, one reading with the place of its winning tile, and the scoring of one reading. */
#ifndef JONG_RIICHI_INTERNAL_H
#define JONG_RIICHI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/riichi_score.h"

#define RIICHI_SETS 4

/* Set types of a reading. */
enum { RS_CHOW = 0, RS_PON = 1, RS_KAN = 2 };

typedef struct {
    const jong_ruleset *rs;
    const jong_riichi_context *ctx;
    bool closed;          /* no melds except concealed kans */
    bool tsumo;
    bool riichi;          /* riichi or double riichi */
    int win;              /* the winning tile's kind */
    int seat_kind, round_kind; /* the winner's seat wind and the round wind as kinds */
    uint32_t honor_yakuhai; /* bit (k - JONG_E): the honor kind k is a yakuhai */
    int kans;
    /* what the tiles are, however they are grouped */
    unsigned suits;       /* bit s: suit s (0..2) present */
    bool honors;          /* an honor present */
    bool simples_only;    /* no terminal or honor */
    bool yaochu_only;     /* only terminals and honors */
    bool green_only;      /* only 2s 3s 4s 6s 8s and F */
    bool chuuren;         /* nine gates (closed, no melds, one suit, 1112345678999 + one) */
    bool chuuren9;        /* ... and the hand before the win was exactly 1112345678999 */
    int dora, aka, ura;   /* counted copies */
} riichi_facts;

typedef struct {
    uint8_t type[RIICHI_SETS]; /* RS_* */
    uint8_t tile[RIICHI_SETS]; /* kind; the lowest kind of a chow */
    uint8_t open[RIICHI_SETS]; /* a called meld, or a pon completed by ron */
    uint8_t pair;
    int8_t win_set;            /* the set holding the winning tile, -1 for the pair */
    uint8_t wait;              /* jong_wait */
} riichi_reading;

/* riichi_yaku.c: the yaku (or yakuman) of one reading, the dora entries and the fu; fills
 * yaku, nyaku, han, yakuman, fu, fu_raw, fu parts, dora/aka/ura, form, wait. Returns false
 * when the reading has no yaku. */
bool riichi_score_standard(const riichi_facts *f, const riichi_reading *rd, jong_riichi_result *r);
bool riichi_score_chiitoi(const riichi_facts *f, jong_riichi_result *r);
bool riichi_score_kokushi(const riichi_facts *f, bool thirteen_sided, jong_riichi_result *r);

/* riichi_fu.c: the fu of a standard reading (pinfu decided by the caller); fills the parts. */
void riichi_fu_standard(const riichi_facts *f, const riichi_reading *rd, bool pinfu, jong_riichi_result *r);

#endif
