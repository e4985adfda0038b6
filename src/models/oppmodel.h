/* Opponent models of Mizukami and Tsuruoka for riichi mahjong: what the other players can see of
 * a seat (its discards with tedashi/tsumogiri, riichi, melds, the dora), the features of the
 * paper's Tables I, III and V over that, and three trained linear models:
 *   waiting  P(seat is tenpai)                         (logistic, L2; Table I)
 *   wintile  P(kind k is one of its winning tiles), 34  (logistic, L1; Table III)
 *   score    ln(points) of its win on a given tile      (linear, L2; Table V; ron and tsumo)
 * and what a player computes from them: the losing probability LP (Eq. 8) and the expected loss
 * EL (Eq. 9) of discarding a tile.
 *
 * The tracker (jong_opp_obs) follows one hand from its events. It also keeps the true concealed
 * hands when they are known (game records, the engine's own state), which give the labels: whether
 * a seat is waiting and on what. Features never read them, except the observer's own hand for the
 * visible-tile counts of Table III. */
#ifndef JONG_OPPMODEL_H
#define JONG_OPPMODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "callmodel.h"
#include "jong/error.h"
#include "jong/game.h"
#include "jong/hand.h"
#include "linmodel.h"
#include "oneplayer.h"

/* Tiles as the tables count them: 34 kinds, then the red 5m, 5p, 5s (37). */
#define JONG_OPP_TILES 37
static inline int jong_opp_tile37(int code)
{
    return jong_code_is_red(code) ? JONG_KINDS + code - JONG_CODE_RED_BASE : jong_code_kind(code);
}

#define JONG_OPP_RIVER 40

typedef struct {
    uint8_t tile;    /* 0..36 (jong_opp_tile37) */
    uint8_t tedashi; /* 1: from the hand; 0: the tile just drawn (tsumogiri) */
    uint8_t riichi;  /* 1: this discard declared riichi */
    uint8_t called;  /* 1: another seat claimed it */
    uint8_t turn;    /* the hand's go-around when it was made: (all discards before it) / 4 */
    uint8_t seq;     /* all discards of the hand before it */
} jong_opp_discard;

typedef struct {
    jong_opp_discard river[JONG_OPP_RIVER];
    uint8_t ndiscards;
    jong_meld melds[4];  /* JONG_MELD_*; kakan turns its pung into JONG_MELD_KONG */
    uint8_t nmelds;
    bool riichi;
    int8_t riichi_at;    /* index of the riichi discard, -1 */
    bool riichi_pending; /* riichi declared, its discard not made yet */
    bool known;          /* hand holds the true concealed tiles */
    jong_hand hand;
    uint8_t drawn;       /* code of the last draw, JONG_NO_TILE after a call or a discard */
} jong_opp_seat;

typedef struct {
    int8_t round_wind;   /* 0 East .. 3 North */
    int8_t kyoku;        /* 0.. within the round */
    int8_t dealer;
    int honba, kyotaku;
    uint8_t dora_markers[5];
    uint8_t ndora;
    jong_opp_seat seats[JONG_SEATS];
    uint8_t shown[JONG_KINDS]; /* seen by everyone: uncalled discards, melds, dora indicators */
    int ndiscards;       /* all seats' discards this hand */
    int wall_left;       /* live-wall draws left (70 after the deal; kans take from it) */
} jong_opp_obs;

/* Start a hand. tehais: each seat's 13 dealt codes, or JONG_HIDDEN for a seat not known (NULL:
 * none known). */
int jong_opp_obs_start(jong_opp_obs *o, int round_wind, int kyoku, int honba, int kyotaku,
                       int dealer, int dora_marker, const uint8_t (*tehais)[13], jong_error *err);
int jong_opp_obs_draw(jong_opp_obs *o, int seat, int code, jong_error *err);
int jong_opp_obs_riichi(jong_opp_obs *o, int seat, jong_error *err);
int jong_opp_obs_discard(jong_opp_obs *o, int seat, int code, bool tsumogiri, jong_error *err);
/* A call: chi/pon/daiminkan of the last discard of seat target (taken is its code), ankan (target
 * -1, consumed are the four codes), kakan (consumed the added code). type is JONG_EV_CHI,
 * JONG_EV_PON, JONG_EV_KONG, JONG_EV_CONCEALED_KONG or JONG_EV_ADDED_KONG. */
int jong_opp_obs_call(jong_opp_obs *o, int type, int seat, int target, int taken,
                      const uint8_t *consumed, int nconsumed, jong_error *err);
int jong_opp_obs_dora(jong_opp_obs *o, int marker, jong_error *err);
/* The engine's riichi events (start of a hand with the deals the viewer sees, draws, discards,
 * calls, riichi, kan-dora); others are ignored. */
int jong_opp_obs_event(jong_opp_obs *o, const jong_event *ev, jong_error *err);

/* A player's tracker: feed it every event the seat sees; *ok turns true at each hand's start and
 * false at the first event it refuses (the players then fall back on their view). */
void jong_opp_obs_follow(jong_opp_obs *o, bool *ok, const jong_event *ev);
/* The tracker followed every event and its hand of v's seat is the view's. */
bool jong_opp_obs_matches(const jong_opp_obs *o, bool ok, const jong_view *v);
/* The observation rebuilt from one seat's view alone (its own hand known, the others' not), for a
 * player asked about a position it did not follow. Each discard's place in the hand is rebuilt as
 * if the seats had discarded in turn from the dealer (the view does not keep the order between
 * rivers). jong_opp_obs_matches is true of the result. */
void jong_opp_obs_from_view(jong_opp_obs *o, const jong_view *v);
/* The observation to read at v: the tracker's when it matches v, else the one rebuilt from the
 * view into *rebuilt (the players' and the review's fallback). */
const jong_opp_obs *jong_opp_obs_for(const jong_opp_obs *tracked, bool ok, const jong_view *v, jong_opp_obs *rebuilt);

/* Kinds that are dora now (indicator's successor), with their multiplicity. */
void jong_opp_dora_kinds(const jong_opp_obs *o, uint8_t out[JONG_KINDS]);

/* Labels from the true hand of a seat that has just discarded (3n+1 concealed tiles): its waits
 * (bit k = kind k completes it), 0 when not waiting or not known. */
uint64_t jong_opp_true_waits(const jong_opp_obs *o, int seat);

/* Feature sets (the tables of the paper, feature 0 is a bias). A model file records the version
 * of the set it indexes, so that a changed extraction refuses old weights. */
#define JONG_OPP_FEATURES_VERSION 1
enum { JONG_OPP_WAITING = 0, JONG_OPP_WINTILE = 1, JONG_OPP_SCORE = 2, JONG_OPP_MODELS = 3 };
uint32_t jong_opp_feature_dim(int model);
const char *jong_opp_model_name(int model); /* "waiting", "wintile", "score" */
#define JONG_OPP_MAX_ACTIVE 2048
/* Active features (binary) of seat as others see it; returns their number (<= JONG_OPP_MAX_ACTIVE).
 * wintile: observer's own hand (when known) adds to the visible-tile counts; -1 for public only.
 * score: tile is the kind it would win on. */
int jong_opp_features_waiting(const jong_opp_obs *o, int seat, uint32_t *out);
int jong_opp_features_wintile(const jong_opp_obs *o, int seat, int observer, uint32_t *out);
int jong_opp_features_score(const jong_opp_obs *o, int seat, int tile, uint32_t *out);

/* The three trained models. Score has two weight vectors: 0 a win on a discard, 1 on a draw. */
typedef struct {
    jong_linmodel m[JONG_OPP_MODELS];
} jong_oppmodel;

/* Load waiting.jlm, wintile.jlm and score.jlm from a directory. */
int jong_oppmodel_load(jong_oppmodel *om, const char *dir, jong_error *err);
void jong_oppmodel_free(jong_oppmodel *om);

/* P(seat is waiting): 1 once it has declared riichi. */
double jong_opp_p_waiting(const jong_oppmodel *om, const jong_opp_obs *o, int seat);
/* P(kind k is a winning tile of seat), k = 0..33, as observer sees it (the model's output). */
void jong_opp_p_wintile(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer,
                        double out[JONG_KINDS]);
/* Points seat would win on kind tile: exp(HS) of Eq. 6 (tsumo = a win on its own draw). */
double jong_opp_hand_score(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int tile,
                           bool tsumo);
/* Whether seat may ron on kind tile: not when it is in seat's river or, after seat's riichi, was
 * discarded by anyone since (furiten). */
bool jong_opp_can_ron(const jong_opp_obs *o, int seat, int tile);
/* LP (Eq. 8) and EL (Eq. 9) of observer discarding kind tile against seat (0 when it cannot ron). */
double jong_opp_lp(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer, int tile);
double jong_opp_el(const jong_oppmodel *om, const jong_opp_obs *o, int seat, int observer, int tile);

/* The one-player context of seat: tiles seen outside its hand and melds, dora, turn, winds. */
void jong_opp_op_context(const jong_opp_obs *o, int seat, jong_op_context *cx);
/* What seat knows for a call decision (jong/callmodel.h): turn, winds, dealer, others in riichi, dora. */
void jong_opp_call_context(const jong_opp_obs *o, int seat, jong_call_context *cx);

/* Eq. 5 for one sample: the observer orders its own kinds by P(winning), least first; Clear is
 * how many of them come before the first winning kind, over (AT - WT) = its non-winning kinds.
 * Returns false (no value) when its hand holds no winning kind or nothing else. Ties are broken
 * towards the lower kind. */
bool jong_opp_eq5(const double p[JONG_KINDS], uint64_t waits, uint64_t own, double *value);

#endif
