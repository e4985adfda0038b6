/* The exact method's graph (not public): what analysis_exact.c builds and
 * analysis_exact_solve.c values. See analysis_exact.c for the graph and the draw model. */
#ifndef JONG_ANALYSIS_EXACT_GRAPH_H
#define JONG_ANALYSIS_EXACT_GRAPH_H

#include <stddef.h>

#include "analysis/analysis_exact.h"

#define KEY_SIZE (JONG_KINDS + 4)
#define NO_NODE (-1)

typedef struct {
    uint8_t key[KEY_SIZE]; /* counts, red fives per suit, riichi declared */
    uint8_t r[JONG_KINDS]; /* the model's unseen copies of each kind (see the top) */
    int8_t shanten;
    uint8_t depth;         /* the fewest draws from a row's hand to it (solve's breadth-first pass) */
    bool riichi, leaf;     /* leaf: valued only with no draw left (never expanded) */
    uint64_t prot;         /* the protected kinds */
    double rp, rn;         /* model copies of the protected kinds and of the others */
    int32_t first, n;      /* its draw entries */
} xnode;

typedef struct {
    uint8_t kind;
    bool prot;
    int32_t win;           /* its win's points (index into wins) or -1 */
    int32_t first, n;      /* its keep options (indices into opts) */
} xentry;

/* A kept draw's resulting hand, and the same hand with riichi declared (NO_NODE when it cannot). */
typedef struct {
    int32_t plain, riichi;
} xopt;

typedef struct {
    double pts[2][5];      /* points by ippatsu and ura count (riichi), else pts[0][0] */
    double tai;
    uint8_t ura[JONG_KINDS]; /* riichi: the ura count an indicator of each kind gives */
} xwin;

/* Today's policy's choice from a hand of 3N+2 tiles (its counts and red fives): many nodes
 * reach the same one by different draws, and the choice depends on that hand alone. */
typedef struct {
    uint8_t key[JONG_KINDS + 3];
    xopt opt;
} xkeep;

/* A node's figures with d draws left. */
typedef struct {
    double tenpai, win, points, tai;
} xval;

struct analysis_exact {
    const analysis_setup *su;
    jong_analysis_policy policy;
    long max_states;
    int bound;             /* exchanges: a kept draw may leave any hand H with e(H) + s(H) <= bound
                              (analysis_sim.h); -1 = forward only */
    bool closed, riichi_rules;
    int sets;
    uint8_t h14[JONG_KINDS];
    xnode *nodes;
    size_t nnodes, cap_nodes, expanded;
    xentry *entries;
    size_t nentries, cap_entries;
    xopt *opts;
    size_t nopts, cap_opts;
    xwin *wins;
    size_t nwins, cap_wins;
    int32_t *table;        /* open addressing: node index + 1, 0 = empty */
    size_t table_size;
    xkeep *keeps;          /* today's policy's choices, found by ktable as nodes by table */
    size_t nkeeps, cap_keeps;
    int32_t *ktable;
    size_t ktable_size;
    int32_t rows[JONG_KINDS][2]; /* per handle: plain and riichi start nodes */
    int nrows;
    xval row_val[JONG_KINDS];
    bool row_riichi[JONG_KINDS];
};

#endif
