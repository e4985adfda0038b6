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

/* A hand as its four table indices (suit_table.h) in two 64-bit words: lo = m | p << 32,
 * hi = s | (honors | sets << 24) << 32, the sets still to form in the top byte (the honors'
 * index is below 5^7 < 2^24). The counts are the indices' base-5 digits (simcat_sim_impl.h reads
 * them with a multiply). So a state is 16 bytes, a child is its parent plus or minus a constant
 * of the round in one word, and nothing is ever written to one index and read back as a vector
 * (a store the CPU cannot forward: that stall was the hottest spot of the old 52-byte state). */
typedef struct {
    uint64_t lo, hi;
} simcat_state;

#define SIMCAT_SETS_SHIFT 24
#define SIMCAT_HONOR_MASK ((1u << SIMCAT_SETS_SHIFT) - 1)

/* What a kept state carries besides its key: its four table entries (a child reads only the one
 * of the group it changed), its counts packed 3 bits a kind, each group in a 32-bit half of its
 * own as in the key (cnt[0] = m | p << 32, cnt[1] = s | honors << 32: whether it holds what a
 * child takes is one AND, where reading a count from an index is a multiply and a modulo) and
 * bounds on its distance (exact when its distance was computed; simcat_sim_impl.h says when it
 * need not be). */
typedef struct {
    uint64_t e[4];
    uint64_t cnt[2];
    /* not a character type, whose stores may alias anything: storing these would make the
     * compiler reload the work space's fields after every kept child */
    uint16_t dlo, dhi;
} simcat_info;

#define SIMCAT_CNT_BITS 3

/* One round's tiles as the children need them, in the order they are offered: the pick (child
 * 0), the pongs, the chows. A child is its parent's key and counts plus constants (the unsigned
 * words wrap a negative constant back), made only when the parent holds what the child takes,
 * read from the packed counts with masks: the pick when (cnt[0] & pick0 | cnt[1] & pick1) is 0
 * (fewer than 4 copies: bit 2 of the count clear); claim c when the 32-bit half of the counts of
 * its group (need_half[c]: 0..3 = m, p, s, honors) has a bit of need_a[c] and one of need_b[c]
 * (the first kind: at least 2 copies for a pong, bit 1 or 2, at least 1 for a chow, any bit;
 * the second: a chow's other kind, a pong's one kind again: a claim takes from one group).
 * Lane 0 and the lanes past n stay 0: no child. */
typedef struct {
    uint32_t need_a[8], need_b[8], need_half[8];
    uint64_t pick0, pick1;
    /* the counts of the kinds the pick could form a set or pair with: itself and, in a number
     * suit, the ranks within two of it (all bits of each count): none held = an isolated pick */
    uint64_t near0, near1;
    int n;                 /* children this round: 1 (the pick) + the claims */
    uint64_t add_lo[8], add_hi[8], add_cnt0[8], add_cnt1[8];
    int group[8];          /* the group whose index the child changes */
    /* that group's index read without a branch on the group: ((lo & ~hi_word | hi & hi_word) >>
     * shift) & imask indexes table; lane[c][g] is all ones for the group (a vector blend) */
    uint64_t hi_word[8], lane[8][4];
    uint32_t shift[8], imask[8];
    const uint64_t *table[8];
} simcat_round;

/* What one kind adds to a state, made once per work space (simcat_sim.c) so that a round's
 * children are a few additions of these (each deal has up to 12 rounds to prepare). */
typedef struct {
    uint64_t key_lo, key_hi; /* one copy added to the key */
    uint64_t cnt0, cnt1;     /* one copy added to the packed counts */
    uint64_t m4[2], m6[2], m7[2]; /* bits 2, 1..2 and all of the count, on cnt[0] and cnt[1] */
    uint64_t near[2];        /* all bits of the counts of the kinds within two ranks (itself for honors) */
    int group;
} simcat_kind;

struct jong_simcat_work {
    simcat_state *cur, *next;
    simcat_info *cur_i, *next_i;
    int ncur, nnext, cap;
    uint64_t *slot; /* hash of `next`: gen << 32 | index, live when its gen is the round's */
    uint32_t nslots, gen;
    /* the first round_n rounds of the last deal: the arms of a decision share each deal
     * (simcat_flat.c) */
    uint8_t round_tiles[4 * JONG_SIMCAT_MAX_ROUNDS];
    int round_n;
    simcat_round rounds[JONG_SIMCAT_MAX_ROUNDS];
    simcat_kind kinds[JONG_KINDS];
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
