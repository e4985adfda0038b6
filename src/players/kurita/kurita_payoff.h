/* Rank payoffs of the kurita MDPs (option payoff=rank|result; docs/experiments/kurita.md "Rank
 * payoffs"): each terminal of the MDPs becomes the expected payoff of the final rank given the
 * game situation after the hand (jong/kurita_rank.h), instead of the hand's points. The solution
 * of the MDPs is linear in their terminal values, so only those change:
 *   - p's win (tsumo or ron, with or without riichi): through the win callback, with a table per
 *     case of the payoff by p's gain in 100-point steps, filled at first use in each decision (a
 *     gain fixes the payments: ron from one payer, weighted 1 + P(tenpai) over the others; tsumo
 *     by the rules' split);
 *   - deal-in on kind x: over the others s who may ron it, weighted by their chance, the payoff
 *     of s winning its expected points from p;
 *   - another player's win: the winner by the others' tenpai chances, tsumo at the records' share,
 *     else a ron from one of the two others, worth the records' mean win;
 *   - tenpai / noten washout: over the others' tenpai (independent, as for the points), the
 *     payments, the dealer's repeat, honba and sticks carried;
 *   - the riichi copies: the same with p's stick on the table.
 * Every payoff is shifted by JONG_KU_PAYOFF_SHIFT (the solver reads a negative win value as no
 * win; a constant added to every terminal changes no choice). */
#ifndef JONG_KURITA_PAYOFF_H
#define JONG_KURITA_PAYOFF_H

#include "jong/game.h"
#include "kurita_model.h"
#include "kurita_rank.h"
#include "kurita_setup.h"

#define JONG_KU_PAYOFF_SHIFT 1000.0
#define JONG_KU_PAYOFF_STEPS 2048 /* gains of 0 .. 204,700 points are tabled */

typedef struct jong_ku_payoff {
    const jong_ruleset *rules;
    const jong_ku_model *km;
    jong_ku_situation now;    /* the game at the decision (scores as they stand) */
    int seat, mode;           /* mode: JONG_KU_PAYOFF_RANK or _RESULT */
    double ron_w[4];          /* weight of each seat as the payer of p's ron (sum 1, 0 for p) */
    double table[2][2][JONG_KU_PAYOFF_STEPS]; /* [tsumo][riichi][gain / 100]; NaN until used */
    long lookups, fills;
} jong_ku_payoff;

/* Parses "points", "rank" or "result"; -1 otherwise. */
int jong_ku_payoff_mode_of(const char *s);
/* The game situation of seat v->seat's decision, under rules rs (length from rs->tonpuu); a view
 * whose scores are all 0 (jong analyze's typed hand) is an even game at the starting score. */
void jong_ku_situation_of_view(const jong_view *v, const jong_ruleset *rs, jong_ku_situation *out);
/* Turns the points payoffs of su (from jong_ku_setup_from_obs / _from_view) into payoffs of
 * mode for the situation now; mode POINTS leaves su alone. pay must outlive su's use; it is
 * reset here. The folding MDP's parameters follow. */
void jong_ku_setup_payoff(jong_ku_setup *su, jong_ku_payoff *pay, const jong_ku_model *km, const jong_ruleset *rs,
                          const jong_ku_situation *now, int seat, int mode);
/* The payoff of a win of counts13 + tile computed directly, without the table (for the tests):
 * negative when the rules refuse the win. */
double jong_ku_payoff_win_direct(const jong_ku_setup *su, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo,
                                 bool riichi);

#endif
