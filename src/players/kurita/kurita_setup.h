/* The chance player of Kurita and Hoki's MDPs at one decision of a riichi hand, from what the
 * deciding seat knows (the opponent models' tracker, jong/oppmodel.h): draw weights, deal-in
 * probabilities and losses, another's win per turn, washout payments, the win values (riichi
 * scoring), and the folding MDP's parameters (docs/experiments/kurita.md, "Parameters"). Used by
 * the `kurita` player and by `jong train kurita` on game records. */
#ifndef JONG_KURITA_SETUP_H
#define JONG_KURITA_SETUP_H

#include "kurita.h"
#include "kurita_model.h"
#include "models/oppmodel.h"
#include "jong/game.h"
#include "jong/rules.h"
#include "jong/riichi_score.h"

typedef struct {
    jong_ku_params pr;        /* pr.win and pr.win_ctx point at this struct: do not move it */
    jong_ku_fold_params fp;
    const jong_ruleset *rules;
    jong_hand hand;           /* the seat's declared melds (concealed tiles are set per win) */
    int seat_wind, round_wind;
    bool dealer;
    int ndora;
    uint8_t dora[5];          /* indicator kinds */
    int honba, sticks;
    int others_riichi;
    double tenpai_sum;        /* sum of P(tenpai) over the others not in riichi */
    int turn;                 /* the seat's discards so far */
    /* each other seat opp[i]: its tenpai probability, and per kind its chance to ron the seat's
     * discard and the points it would win (the rank payoffs split the deal-in by winner) */
    int opp[3];
    double q[3];
    double deal_p[3][JONG_KINDS], deal_pts[3][JONG_KINDS];
    double wait_p[3][JONG_KINDS]; /* P(kind is his winning tile | tenpai), 0 where he cannot ron it */
    double q_end[3];          /* tenpai chances when the wall runs out (the washout's): q, or risk=turn's */
    /* risk=turn (jong_ku_setup_turn): each other's tenpai chance at p's n-th future discard, the
     * deal-in payoffs of each kind (deal_v: dama, deal_vr: with p's stick out) and the tables
     * the search reads (jong_ku_setup_layers) */
    bool turn_risk;
    double q_at[3][JONG_KU_MAX_HORIZON + 1];
    double deal_v[3][JONG_KINDS], deal_vr[3][JONG_KINDS];
    jong_ku_layer_risk layers;
    double r_lose17;          /* Eq. 17's lose payoff (points: the records' mean deal-in) */
    struct jong_ku_payoff *pay; /* payoff=rank|result: the win values go through it; NULL: points */
} jong_ku_setup;

/* The setup of seat (its true hand in o) deciding a discard; score: its points (riichi needs 1000).
 * paper: NULL to take the others' tenpai and winning-tile probabilities from the opponent models
 * om, else the tables of sets 0..2 for the paper's forms (km->paper; jong/kurita_paper.h). The
 * deal-in payoff comes from om's hand score either way. */
void jong_ku_setup_from_obs(jong_ku_setup *su, const jong_oppmodel *om, const jong_ku_model *km, const jong_opp_obs *o,
                            int seat, const jong_ruleset *rs, int32_t score, const jong_ku_tenpai_table *paper);

/* risk=turn, after jong_ku_setup_from_obs (and before the payoff setup): each other seat not in
 * riichi, not tenpai now, becomes tenpai as the paper's regression of tenpai on the number of his
 * discards says (its survival ratio), so his tenpai chance rises from q now to q_at[n] at p's
 * n-th discard and q_end when the wall runs out; the washout payments take q_end. */
void jong_ku_setup_turn(jong_ku_setup *su, const jong_oppmodel *om, const jong_ku_model *km, const jong_opp_obs *o);
/* risk=turn, after the payoff setup: the per-layer deal-in tables (p_lose and the payoffs of
 * jong_ku_layer_risk from q_at, wait_p and the deal-in payoffs), pointed at by su->pr. */
void jong_ku_setup_layers(jong_ku_setup *su);
/* The folding MDP's parameters from su->pr (the same chance player; R_L capped at R_O). */
void jong_ku_setup_fold(jong_ku_setup *su);
/* The riichi scoring of a win of the concealed tiles counts completed by tile (no ura, no red
 * fives), with melds revealed in the search (jong/kurita.h codes, added to the hand's own):
 * JONG_OK, or an error when the rules refuse it (no yaku). */
int jong_ku_setup_score_win(const jong_ku_setup *su, const uint8_t counts[JONG_KINDS], const uint8_t *melds,
                            int nmelds, int tile, bool tsumo, bool riichi, jong_riichi_result *r);
/* The value of that win in points (the score change, less p's own riichi stick); negative when
 * the rules refuse it. The setup's pr.win and pr.win_open call this. */
double jong_ku_setup_win(const jong_ku_setup *su, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds,
                         int tile, bool tsumo, bool riichi);

/* Eq. 17's features of each root of space s (built from c14): [1, P(win) by the winning MDP,
 * P(tenpai at the end) by the tenpai MDP, P(lose) when folding from that hand (F4), the others'
 * riichi, the sum of the others' P(tenpai) when not in riichi, N / 20], and the winning MDP's
 * expected points given a win (0 when it cannot win). Rows of kinds not held are left alone. */
int jong_ku_eq17_features(jong_ku_setup *su, const jong_ku_space *s, const uint8_t c14[JONG_KINDS],
                          double f[JONG_KINDS][JONG_KU_EQ17_FEATURES], double win_pts[JONG_KINDS], jong_error *err);
/* Eq. 17: the value of a hand with features f: sum over the scenarios of P(scenario) x payoff
 * (the win's expected payoff, the mean deal-in's (su->r_lose17), R_O, R_T, R_N). */
double jong_ku_eq17_value(const jong_ku_model *km, const jong_ku_setup *su, const double *f, double win_pts);

#endif
