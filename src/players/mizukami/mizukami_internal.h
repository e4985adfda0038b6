/* The Monte Carlo moves' inside (mizukami_mc.c), shared with the tests: what the models say at
 * the root of a decision, and ODEV (Algorithm 1 as read in docs/experiments/mizukami.md). */
#ifndef JONG_MIZUKAMI_INTERNAL_H
#define JONG_MIZUKAMI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "mizukami.h"

#define MZ_OPP 3

/* What the models say at the root, fixed during the simulations. */
typedef struct {
    int seat, opp[MZ_OPP];
    double pw[MZ_OPP];                      /* P(waiting) */
    double pk[MZ_OPP][JONG_KINDS];          /* P(kind is a winning tile) */
    double ron[MZ_OPP][JONG_KINDS], tsumo[MZ_OPP][JONG_KINDS]; /* hand points */
    double share[MZ_OPP];                   /* the player's part of a tsumo of that opponent */
    double my_ron[JONG_KINDS], my_tsumo[JONG_KINDS];
    uint64_t furiten[MZ_OPP];               /* kinds an opponent cannot ron on */
    bool riichi[MZ_OPP], open[MZ_OPP], my_threat;
    int turn0[MZ_OPP];                      /* discards made so far */
    double fp[JONG_OP_SITUATIONS], wpet[JONG_OP_TURNS];
    uint8_t pool[136];                   /* the tiles the player has not seen */
    int npool, live;                     /* their number; live-wall draws left */
    int unseen[JONG_KINDS];
    jong_op_context cx;
} mz_root;

/* ODEV: the value of going on (discarding kind d, whose waits are then wp) against folding now,
 * over one go-around with the simulation's waiting and folding parameters fixed and the draw
 * chances from unseen: minus each live waiting opponent's P(d wins) x its ron points; plus, for
 * each opponent in turn, the chance the hand is still on x (when it has not folded) the player's
 * expected ron gain on its discard; plus that chance x the player's expected tsumo gain. The
 * player folds when it is negative. */
double jong_mz_odev(const mz_root *r, const bool waiting[MZ_OPP], const bool fold[MZ_OPP],
                    const int unseen[JONG_KINDS], int d, uint64_t wp);

#endif
