/* Internal: SIMCAT's simulations at each level of the CPU (core/cpu.h), defined in
 * simcat_sim_scalar.c, simcat_sim_sse4.c and simcat_sim_avx2.c from simcat_sim_impl.h; the
 * public jong_simcat_sim_sp and jong_simcat_sim_fp (simcat_sim.c) call the level in use. Also the
 * state of a simulation and the four-player model's work space, which both sides use. */
#ifndef JONG_SIMCAT_SIM_LEVELS_H
#define JONG_SIMCAT_SIM_LEVELS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/cpu.h"
#include "jong/tile.h"
#include "simcat.h"

/* A hand as its four table indices (suit_table.h) and its counts, with the sets still to form. */
typedef struct {
    uint32_t idx[4];
    uint8_t c[JONG_KINDS];
    int8_t sets;
} simcat_state;

struct jong_simcat_work {
    simcat_state *cur, *next;
    int ncur, nnext, cap;
    uint32_t *slot_gen, *slot_idx; /* hash of `next`: a slot is live when its gen is the round's */
    uint32_t nslots, gen;
    long states;
};

#define JONG_SIMCAT_SIM_LEVEL_DECLS(S)                                                             \
    bool jong_simcat_sim_sp##S(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m); \
    bool jong_simcat_sim_fp##S(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,   \
                               const uint8_t *tiles, int m);

JONG_SIMCAT_SIM_LEVEL_DECLS(_scalar)
#if JONG_CPU_DISPATCH
JONG_SIMCAT_SIM_LEVEL_DECLS(_sse4)
JONG_SIMCAT_SIM_LEVEL_DECLS(_avx2)
#endif

#endif
