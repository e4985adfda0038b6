/* The engine's state, shared by the files of the game layer (game.c, game_legal.c, game_view.c). */
#ifndef JONG_GAME_INTERNAL_H
#define JONG_GAME_INTERNAL_H

#include "jong/game.h"

typedef enum {
    PHASE_IDLE = 0,    /* before the first hand, or between hands */
    PHASE_DECIDE,      /* cur has drawn (or claimed) and must act */
    PHASE_CLAIM,       /* others may claim cur's discard */
    PHASE_ROB_KONG,    /* others may rob cur's added kong */
    PHASE_ROB_FLOWER,  /* a 7-flower holder may take the 8th flower flower_seat revealed */
    PHASE_HAND_OVER,
    PHASE_GAME_OVER,
} game_phase;

/* Where flower handling resumes after a robbing decision the others passed. */
typedef enum { RESUME_DEAL = 0, RESUME_PLAY } flower_resume;

struct jong_game {
    jong_ruleset rs;
    int nseats;           /* 4, or 3 for three-player riichi (seats 0..2; seat 3 stays empty, scores 0) */
    uint64_t seed;
    int game_number;
    jong_event_sink sink;
    void *sink_ctx;

    /* the game */
    bool started;
    int hand_number;      /* hands started so far in this game */
    int dealer, round_wind, streak;
    int32_t scores[JONG_SEATS];
    int32_t total_score;  /* what the scores must always add up to */

    /* the hand */
    uint8_t wall[JONG_WALL_MAX];
    int wall_n, head, tail;  /* live tiles are wall[head..tail); replacements come from tail-1 */
    int kongs;
    jong_hand hands[JONG_SEATS];
    uint8_t flowers_pending[JONG_SEATS]; /* flowers drawn and not yet laid out (codes, a stack) */
    uint8_t pending_codes[JONG_SEATS][8];
    bool need_replacement[JONG_SEATS];   /* a flower was laid out, its replacement not yet drawn */
    uint8_t river[JONG_SEATS][JONG_RIVER_MAX];
    uint8_t river_claimed[JONG_SEATS][JONG_RIVER_MAX];
    uint8_t nriver[JONG_SEATS];
    uint64_t river_tsumogiri[JONG_SEATS]; /* bit i: discard i was the tile just drawn */
    int8_t riichi_at[JONG_SEATS];         /* index of the accepted riichi discard, -1 */
    uint8_t deal[JONG_SEATS][17];
    uint8_t ndeal[JONG_SEATS];
    uint64_t missed[JONG_SEATS];
    /* kinds that would complete each seat's waiting hand (standard form), refreshed whenever the
     * seat's hand is back to 3n+1 tiles: at the end of the deal and after each of its discards.
     * The engine asks "can this seat win on that discard?" three times per discard. */
    uint64_t win_kinds[JONG_SEATS];
    uint8_t last_draw[JONG_SEATS];
    bool last_replacement[JONG_SEATS];
    int draws[JONG_SEATS];       /* draws from the front of the wall, per seat */
    bool interrupted;            /* a claim or a kong has happened (ends the first go-around) */
    int turn;                    /* discards so far */
    int last_discarder, last_discard;

    game_phase phase;
    int cur;                     /* seat whose turn it is */
    bool after_claim;            /* cur claimed with chi/pon and may only discard */
    int claim_tile;              /* the discard or added-kong tile on offer */
    unsigned pending;            /* seats that must still answer */
    unsigned asked;              /* seats asked in this decision */
    jong_action answers[JONG_SEATS];
    jong_action legal[JONG_SEATS][JONG_MAX_ACTIONS]; /* of the pending seats, made once per decision */
    uint8_t nlegal[JONG_SEATS];
    uint64_t could_win;          /* seats (bits) that had a win among their actions */
    flower_resume resume;
    char broken[256];            /* a scoring failure the checking mode reports ("" when none) */
    int deal_index;              /* RESUME_DEAL: next seat (0..3 from the dealer) to lay out flowers */
    int flower_seat, flower_code;

    /* riichi (game_riichi_flow.c); kyoku = round_wind * 4 + dealer, honba in streak */
    int sticks;                  /* riichi sticks on the table (1000 each, kept out of the scores) */
    uint8_t river_code[JONG_SEATS][JONG_RIVER_MAX]; /* the discards as tile codes (red fives) */
    uint8_t last_code[JONG_SEATS]; /* the code of the last draw, JONG_NO_TILE after a call */
    int claim_code;              /* the code of the discard or kan tile on offer */
    int ndora;                   /* indicators turned over */
    int dora_pending;            /* open kans whose indicator waits for the next discard or kan */
    int kan_seat[4];             /* who made each kan */
    bool rob_ankan;              /* the kan on offer is concealed (only thirteen orphans may rob it) */
    int reach_seat;              /* seat whose riichi discard is on offer, -1 */
    bool reach_double;           /* ... and it is a double riichi */
    bool riichi[JONG_SEATS], double_riichi[JONG_SEATS], ippatsu[JONG_SEATS];
    bool riichi_furiten[JONG_SEATS]; /* passed a win after riichi: no ron for the rest of the hand */
    uint64_t discarded[JONG_SEATS];  /* kinds a seat has discarded this hand (furiten) */
    uint64_t kuikae;             /* kinds cur may not discard after its chi or pon */
    int8_t pao[JONG_SEATS][2];   /* who fed a seat's third dragon set [0] / fourth wind set [1], -1 */
    /* three players (game_riichi_kita.c) */
    uint8_t kita[JONG_SEATS];    /* north tiles each seat set aside (nukidora) */
    bool rob_kita;               /* the tile on offer in PHASE_ROB_KONG is a kita (any hand may ron it) */
};

/* game_legal.c */
int game_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS]);
bool game_can_win_with(const jong_game *g, int seat, int kind);
int game_threshold(const jong_game *g);

uint64_t game_win_kinds(const jong_game *g, int seat);
void game_cache_wins(jong_game *g, int seat);

/* game.c */
void game_emit(jong_game *g, const jong_event *ev);
void game_event_init(const jong_game *g, jong_event *ev, int type, int actor);
/* A win the legal actions offered did not score (an engine error): the checking mode reports it. */
void game_scoring_failed(jong_game *g, int winner, const jong_error *err);
void game_decide(jong_game *g, int seat, bool after_claim);
bool game_offer(jong_game *g, game_phase phase, int tile);
int game_order_after(int from, unsigned set, int out[3]);
/* The answers to an offered tile: the winners (bits), the pon/kan seat and the chi seat (-1: none). */
unsigned game_claim_answers(const jong_game *g, int *meld_seat, int *chi_seat);
int game_wall_left(const jong_game *g);
void game_take(jong_game *g, int seat, int code);
int game_draw_front(jong_game *g);
int game_draw_back(jong_game *g);
void game_end_game(jong_game *g);

/* game_riichi_flow.c: the riichi hand, from the deal to its end */
void riichi_deal(jong_game *g);
void riichi_act(jong_game *g, int seat, const jong_action *a);
/* A replacement draw from the dead wall by seat (after a kan or a kita), then its decision. */
void riichi_replacement_draw(jong_game *g, int seat);
/* Seats that could have won on the offered tile and did not: furiten (riichi: for the hand). */
void riichi_mark_furiten(jong_game *g, unsigned winners);
/* Rons on cur's discard, kan or kita tile (claim_code); chankan: a kan was robbed. */
void riichi_rons(jong_game *g, unsigned winners, bool chankan);
/* game_riichi_kita.c: three players' kita (nukidora) */
void riichi_kita(jong_game *g, int seat);
void riichi_resolve_rob_kita(jong_game *g);
/* The dead wall of a three-player hand: its ten indicator tiles are the last of the wall array,
 * the replacement tiles come before them (see riichi_indicator). */
#define SANMA_INDICATOR_TILES 10
/* game_riichi_legal.c */
int riichi_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS]);
uint64_t riichi_win_kinds(const jong_hand *h);
bool riichi_can_ron(const jong_game *g, int seat, int code, bool chankan);
int riichi_indicator(const jong_game *g, int i, bool ura);
/* The scoring context of seat's win on code (tsumo when from < 0, else ron from seat `from`),
 * hand being the winner's hand with the tile in it. */
void riichi_win_context(const jong_game *g, int seat, const jong_hand *hand, int code, int from, bool chankan,
                        jong_riichi_context *ctx);
/* The red fives among a hand's copies of kind (0 for other kinds). */
static inline int riichi_red_of(const jong_hand *h, int kind)
{
    return kind < JONG_NUMBER_KINDS && kind % 9 == 4 ? h->red[kind / 9] : 0;
}

#endif
