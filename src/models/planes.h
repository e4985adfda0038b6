/* The fixed action space and the feature planes of a decision, shared by everything that learns
 * from decisions or plays from what was learned: the Python package (Env, VecEnv, read_records)
 * and the neural player. docs/python.md, "The action space" and "The feature planes", documents
 * both; a model file records the sizes it was made for, so changing either means a new size or a
 * new model format. */
#ifndef JONG_PLANES_H
#define JONG_PLANES_H

#include <stdbool.h>

#include "jong/game.h"
#include "jong/rules.h"
#include "jong/tile.h"

/* Action ids 0..JONG_ACTION_IDS-1, the same for both families of rules. */
enum {
    JONG_ID_DISCARD = 0,       /* 34: discard a plain tile of each kind */
    JONG_ID_DISCARD_RED = 34,  /* 3: discard the red 5m, 5p, 5s */
    JONG_ID_RIICHI = 37,       /* 34: declare riichi with the discard of each kind */
    JONG_ID_RIICHI_RED = 71,   /* 3: declare riichi discarding a red five */
    JONG_ID_CHI = 74,          /* 3: chi with the claimed tile lowest, middle, highest */
    JONG_ID_CHI_RED = 77,      /* 3: the same, using a red five from the hand */
    JONG_ID_PON = 80,
    JONG_ID_PON_RED = 81,      /* pon using a red five from the hand */
    JONG_ID_KONG = 82,         /* exposed kong on a discard (daiminkan) */
    JONG_ID_ANKAN = 83,        /* 34: concealed kong of each kind */
    JONG_ID_KAKAN = 117,       /* 34: added kong of each kind */
    JONG_ID_TSUMO = 151,       /* win on one's own draw */
    JONG_ID_RON = 152,         /* win on another's tile */
    JONG_ID_PASS = 153,
    JONG_ID_NINE_TERMINALS = 154,
    JONG_ACTION_IDS = 155
};

/* The feature planes: JONG_PLANES planes of JONG_KINDS values, plane-major. */
#define JONG_PLANES 52
/* The river's order in planes 40-51: a place i (from 0) is (i + 1) / 24, at most 1 (the longest
 * rivers of self-play games were 20 discards in riichi, 15 in Taiwanese). */
#define JONG_PLANE_RIVER_SCALE 24

static inline bool jong_kind_is_five(int kind) { return kind < JONG_NUMBER_KINDS && kind % 9 == 4; }

/* The id of a legal action. Two legal actions may share one (ids do not tell which tiles a kong
 * or a call takes beyond a red five). */
int jong_action_id(const jong_action *a);
/* mask[JONG_ACTION_IDS]: 1 at the id of each of the n legal actions, 0 elsewhere. */
void jong_action_mask(const jong_action *legal, int n, unsigned char *mask);
/* out[JONG_PLANES * JONG_KINDS]: the planes of seat's view under rules rs. */
void jong_planes(const jong_view *v, const jong_ruleset *rs, int seat, float *out);

#endif
