/* The game engine: one state machine for a hand and a whole game. From a ruleset and a seed it
 * deals the wall, says which seats must decide and what they may do, validates each answer,
 * and emits an event stream (mjai-shaped). Each seat gets a view holding only what it may know.
 *
 * Use: jong_game_init(); then loop { jong_game_pending() gives the seats to ask;
 * jong_game_legal() their actions; jong_game_act() each answer } until jong_game_over().
 * Events go to the sink given to jong_game_init, in order, as they happen. */
#ifndef JONG_GAME_H
#define JONG_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/hand.h"
#include "jong/riichi_score.h"
#include "jong/rules.h"
#include "jong/tai.h"

#define JONG_SEATS 4
#define JONG_WALL_MAX 144
#define JONG_MAX_ACTIONS 64
#define JONG_RIVER_MAX 48

/* A tile code in walls and events: kind 0..33, JONG_TILE_FLOWER_BASE + flower (34..41), or a red
 * five JONG_CODE_RED_BASE + suit (42 = 5mr, 43 = 5pr, 44 = 5sr; riichi walls only). A red five
 * is its own code in walls and events, so that a record names the very tile that moved; actions
 * give the kind in tile and JONG_ACT_FLAG_RED in flags. */
#define JONG_CODE_RED_BASE 42
static inline bool jong_code_is_flower(int code) { return code >= JONG_TILE_FLOWER_BASE && code < JONG_TILE_FLOWER_BASE + 8; }
static inline bool jong_code_is_red(int code) { return code >= JONG_CODE_RED_BASE && code < JONG_CODE_RED_BASE + 3; }
/* The kind of a code (a red five's is the five of its suit); JONG_NO_TILE for a flower or hidden. */
static inline int jong_code_kind(int code)
{
    if (code >= 0 && code < JONG_KINDS)
        return code;
    if (jong_code_is_red(code))
        return (code - JONG_CODE_RED_BASE) * 9 + 4;
    return JONG_NO_TILE;
}
/* The code of a tile of this kind, red or not (red only for a five of a suit). */
static inline int jong_code_make(int kind, bool red)
{
    return red && kind < JONG_NUMBER_KINDS && kind % 9 == 4 ? JONG_CODE_RED_BASE + kind / 9 : kind;
}

typedef enum {
    JONG_ACT_DISCARD = 0,   /* tile = kind discarded */
    JONG_ACT_SELF_DRAW_WIN, /* win on one's own draw (tile = the drawn kind) */
    JONG_ACT_WIN,           /* win on another's discard, added-kong tile or revealed 8th flower */
    JONG_ACT_CHI,           /* tile = claimed kind, low = lowest kind of the chow */
    JONG_ACT_PON,
    JONG_ACT_KONG,          /* exposed kong from a discard, holding three */
    JONG_ACT_CONCEALED_KONG,
    JONG_ACT_ADDED_KONG,    /* add the fourth to one's exposed pong */
    JONG_ACT_PASS,
    JONG_ACT_NINE_TERMINALS, /* riichi: declare kyuushu kyuuhai (an abortive draw) on one's first draw */
    JONG_ACT_KITA,          /* three-player riichi: set a north tile aside (nukidora; tile = N) */
    JONG_ACT_TYPES
} jong_action_type;

typedef struct {
    uint8_t type;  /* jong_action_type */
    uint8_t tile;  /* tile code */
    uint8_t low;   /* chi: lowest kind of the sequence; otherwise 0 */
    uint8_t flags; /* JONG_ACT_FLAG_*; 0 in Taiwanese */
} jong_action;

/* jong_action.flags (riichi). JONG_ACT_FLAG_RED: a discard or kakan plays a red five; a chi, pon
 * or kan uses a red five from the hand (the hand may hold a red and a plain five: the legal
 * actions then list both calls). JONG_ACT_FLAG_RIICHI: the discard declares riichi. */
enum { JONG_ACT_FLAG_RED = 1, JONG_ACT_FLAG_RIICHI = 2 };

typedef enum {
    JONG_EV_START_GAME = 0,
    JONG_EV_START_HAND,   /* mjai start_kyoku */
    JONG_EV_DRAW,         /* tsumo; replacement = from the back of the wall */
    JONG_EV_FLOWER,       /* a flower laid face up (Jong's addition to mjai) */
    JONG_EV_DISCARD,      /* dahai */
    JONG_EV_CHI,
    JONG_EV_PON,
    JONG_EV_KONG,         /* daiminkan */
    JONG_EV_CONCEALED_KONG, /* ankan */
    JONG_EV_ADDED_KONG,   /* kakan */
    JONG_EV_WIN,          /* hora */
    JONG_EV_EXHAUSTED,    /* ryukyoku: the wall is down to the dead wall (riichi: or an abortive draw; see reason) */
    JONG_EV_END_HAND,     /* end_kyoku */
    JONG_EV_END_GAME,
    JONG_EV_REACH,        /* riichi: the declaration, just before its discard */
    JONG_EV_REACH_ACCEPTED, /* riichi: the declaring discard passed without ron; the stick is paid */
    JONG_EV_DORA,         /* riichi: a kan-dora indicator turned over (dora_marker) */
    JONG_EV_KITA,         /* three-player riichi: actor set a north tile aside (mjai nukidora; tile = N) */
    JONG_EV_TYPES
} jong_event_type;

#define JONG_HIDDEN 254 /* a tile code hidden from the viewer (another seat's draw, a face-down kong) */

/* jong_event.win_flags of a riichi WIN beyond the JONG_WIN_* of tai.h: the win robbed a kita
 * (three players; as Tenhou allows it for any hand, without the chankan yaku). */
#define JONG_WIN_ROBBING_KITA (1u << 16)

typedef struct {
    uint8_t type;        /* jong_event_type */
    int8_t actor;        /* acting seat, -1 when none */
    int8_t target;       /* seat whose tile was claimed / who pays alone; -1 when none */
    uint8_t tile;        /* tile code, JONG_HIDDEN, or JONG_NO_TILE */
    uint8_t consumed[4]; /* tiles taken from the actor's hand for a meld */
    uint8_t nconsumed;
    uint8_t low;         /* chi: lowest kind */
    bool replacement;    /* a draw from the back of the wall (after a kong or a flower) */
    bool tsumogiri;      /* the discard is the tile just drawn */
    /* START_HAND: the hand's place in the game and the deal (each seat's first 16/17 tiles,
     * flowers included, before replacement; other seats' tiles are JONG_HIDDEN in a view). */
    int game, hand;      /* game number and hand number within the game (both from 0) */
    int8_t dealer, round_wind, streak;
    uint8_t deal[JONG_SEATS][17];
    uint8_t ndeal[JONG_SEATS];
    /* WIN, EXHAUSTED, END_HAND, END_GAME: scores after the event, and the change it made */
    int32_t scores[JONG_SEATS];
    int32_t deltas[JONG_SEATS];
    unsigned win_flags;  /* WIN: JONG_WIN_* */
    jong_tai_result tai; /* WIN: the explanation */
    /* Riichi (riichi is false in Taiwanese events, which records then write as before). */
    bool riichi;
    int8_t reason;       /* EXHAUSTED: jong_draw_reason */
    uint8_t tenpai;      /* EXHAUSTED: bit set of the seats in tenpai */
    int16_t kyotaku;     /* START_HAND: riichi sticks on the table */
    uint8_t dora_marker; /* START_HAND: the dora indicator; DORA: the new kan-dora indicator */
    uint8_t nura;        /* WIN: ura indicators shown (riichi winners only, else 0) */
    int8_t pao;          /* WIN: the seat liable for the big three dragons / four winds paid (-1: none) */
    uint8_t ura[JONG_RIICHI_MAX_INDICATORS];
    jong_riichi_result score; /* WIN: yaku, fu, han and payment */
} jong_event;

/* Why a riichi hand ended without a winner (jong_event.reason of EXHAUSTED); the record writes
 * mjai's names: fanpai, nagashimangan, kyushukyuhai, sufonrenta, suchareach, sukaikan, sanchaho. */
typedef enum {
    JONG_DRAW_EXHAUSTIVE = 0, JONG_DRAW_NAGASHI, JONG_DRAW_NINE_TERMINALS, JONG_DRAW_FOUR_WINDS,
    JONG_DRAW_FOUR_RIICHI, JONG_DRAW_FOUR_KANS, JONG_DRAW_TRIPLE_RON, JONG_DRAW_REASONS
} jong_draw_reason;
const char *jong_draw_reason_name(int reason);

typedef void (*jong_event_sink)(void *ctx, const jong_event *ev);

/* What one seat may know. */
typedef struct {
    jong_meld melds[JONG_MAX_MELDS]; /* a face-down concealed kong of another seat has tile JONG_HIDDEN */
    uint8_t nmelds;
    uint8_t flowers;                 /* bit set of flowers laid out */
    uint8_t concealed;               /* number of concealed tiles */
    uint8_t ndiscards;
    uint8_t discards[JONG_RIVER_MAX]; /* kinds in order */
    uint8_t discard_claimed[JONG_RIVER_MAX]; /* 1 when taken by a claim or a win */
    uint64_t discard_tsumogiri;      /* bit i: discard i was the tile just drawn */
    uint64_t discard_red;            /* bit i: discard i was a red five (riichi) */
    int8_t riichi_at;                /* riichi: index of the declaring discard once accepted, else -1 */
    uint8_t kita;                    /* three-player riichi: north tiles set aside (nukidora) */
} jong_seat_view;

typedef struct {
    int8_t seat;
    jong_variant variant;
    int game, hand;
    int8_t dealer, round_wind, streak;
    int8_t seat_winds[JONG_SEATS];
    jong_hand own;                   /* own concealed tiles, melds and flowers */
    uint8_t last_draw;               /* own last drawn kind, JONG_NO_TILE when none */
    jong_seat_view seats[JONG_SEATS];
    int32_t scores[JONG_SEATS];
    /* riichi */
    uint8_t riichi[JONG_SEATS];      /* 1 once a seat's riichi is accepted */
    int kyotaku;                     /* riichi sticks on the table */
    uint8_t ndora;                   /* dora indicators shown */
    uint8_t dora_markers[JONG_RIICHI_MAX_INDICATORS]; /* their codes */
    int wall_left;                   /* tiles that can still be drawn before the hand is drawn */
    int8_t last_discarder;           /* -1 when none */
    uint8_t last_discard;            /* kind, JONG_NO_TILE when none */
    int turn;                        /* discards so far in this hand */
    uint8_t kong_draw;               /* bookkeeping of jong_view_apply: a kong's replacement is due */
    uint8_t nseats;                  /* seats at the table: 4, or 3 (three-player riichi: seats 0..2) */
    uint8_t won;                     /* bookkeeping of jong_view_apply: a win of this hand was seen */
} jong_view;

typedef struct jong_game jong_game;

/* Create a game for a ruleset and seed; events go to sink (may be NULL). Both variants play:
 * Taiwanese (game.c) and riichi (game_riichi_flow.c, the same phases and calls). */
int jong_game_new(const jong_ruleset *rs, uint64_t seed, int game_number, jong_event_sink sink,
                  void *sink_ctx, jong_game **out, jong_error *err);
void jong_game_free(jong_game *g);
/* Start the next hand from the seeded wall (pure function of seed, game number, hand number).
 * The first call starts the game. Returns JONG_ERR_ARG if the game is over. */
int jong_game_start_hand(jong_game *g, jong_error *err);
/* Same with a given wall (tests, puzzles): tiles in draw order, the deal first; the back of the
 * wall is the end of the array. n must be the ruleset's tile count and hold each tile once. */
int jong_game_start_hand_with_wall(jong_game *g, const uint8_t *wall, int n, jong_error *err);
/* The wall of a hand, as jong_game_start_hand would deal it. */
void jong_game_wall(const jong_ruleset *rs, uint64_t seed, int game_number, int hand_number,
                    uint8_t wall[JONG_WALL_MAX]);
/* Bit set of seats that must answer now (0 when the hand or game is over). */
unsigned jong_game_pending(const jong_game *g);
bool jong_game_hand_over(const jong_game *g);
bool jong_game_over(const jong_game *g);
/* The legal actions of a pending seat (0 for a seat that is not pending). */
int jong_game_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS]);
/* Give a pending seat's answer. An action that is not legal is a JONG_ERR_ARG naming it and the
 * seat; the state is then unchanged. When every pending seat has answered, the engine runs on
 * to the next decision (or the end of the hand). */
int jong_game_act(jong_game *g, int seat, const jong_action *a, jong_error *err);
/* The view of a seat. */
void jong_game_view(const jong_game *g, int seat, jong_view *out);
/* Riichi: is a seat furiten now (no ron, tsumo still allowed)? A bit set of JONG_FURITEN_*, 0
 * when not (and always in Taiwanese, whose missed-win rule bars single kinds). Only what the seat
 * itself knows goes in (its hand, its discards, the wins it passed), so a table may show it to
 * the seat. DISCARD: a wait of the hand among the seat's own discards (judged on the hand waiting
 * for a discard; on its own turn only in riichi, when the wait cannot change); PASSED: a win
 * passed since its last discard; RIICHI: a win passed after riichi (for the rest of the hand). */
enum { JONG_FURITEN_DISCARD = 1, JONG_FURITEN_PASSED = 2, JONG_FURITEN_RIICHI = 4 };
unsigned jong_game_furiten(const jong_game *g, int seat);
/* Scores now; the ruleset; hands played so far. */
void jong_game_scores(const jong_game *g, int32_t out[JONG_SEATS]);
const jong_ruleset *jong_game_ruleset(const jong_game *g);
int jong_game_hands_played(const jong_game *g);
/* Checking: every tile of the wall accounted for exactly once, scores conserved, and (when
 * tracked is not NULL) each seat's view equal to tracked[seat], the view rebuilt by
 * jong_view_apply from that seat's filtered event stream. Returns JONG_OK or a JONG_ERR_ARG
 * describing the first broken invariant. */
int jong_game_check(const jong_game *g, const jong_view *tracked, jong_error *err);

/* Text for actions and events ("discard 5m", "chi 4m 3m-5m", ...), for messages and logs. */
const char *jong_action_type_name(int type);
const char *jong_event_type_name(int type);
void jong_action_format(const jong_action *a, char *buf, size_t n);
/* Tile code name: kinds in compact style ("5m", "E"), flowers "f1".."s4", hidden "?". */
const char *jong_code_name(int code);

/* A seat's view of an event: other seats' draws and face-down tiles hidden. */
void jong_event_for_seat(const jong_event *ev, int seat, jong_variant v, jong_event *out);
/* Does jong_event_for_seat change anything in this event for this seat? */
bool jong_event_hides(const jong_event *ev, int seat, jong_variant v);
/* Rebuild a view from the events a seat saw: start from jong_view_init, then apply each event
 * as jong_event_for_seat gave it. Independent of the engine's own bookkeeping, so that the
 * checking build can compare the two. */
void jong_view_init(jong_view *v, const jong_ruleset *rs, int seat);
void jong_view_apply(jong_view *v, const jong_ruleset *rs, const jong_event *seen);
/* Do two views agree on everything a seat may know? Writes the first difference into why. */
bool jong_view_equal(const jong_view *a, const jong_view *b, char *why, size_t n);

#endif
