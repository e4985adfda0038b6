/* Internal: the evaluator's fast paths at each level of the CPU (cpu.h), defined in
 * eval_scalar.c, eval_sse4.c and eval_avx2.c from the *_impl.h files. The public functions of
 * the same names without the suffix (jong/eval.h) call the level in use; the tests call each
 * level directly to check that they agree. */
#ifndef JONG_EVAL_LEVELS_H
#define JONG_EVAL_LEVELS_H

#include <stdint.h>

#include "cpu.h"
#include "jong/eval.h"

#define JONG_EVAL_LEVEL_DECLS(S)                                                                   \
    int jong_distance_standard##S(const uint8_t counts[JONG_KINDS], int sets);                     \
    void jong_shanten_all##S(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out);      \
    int jong_discard_shanten##S(const uint8_t counts[JONG_KINDS], int sets, int shanten[JONG_KINDS], \
                                uint64_t *least);                                                  \
    void jong_discard_draws##S(const uint8_t counts[JONG_KINDS], int sets, uint64_t discards,      \
                               uint64_t draws, uint64_t lowers[JONG_KINDS]);                       \
    uint64_t jong_lowering_draws##S(const uint8_t counts[JONG_KINDS], int sets, uint64_t draws,    \
                                    int *distance);

JONG_EVAL_LEVEL_DECLS(_scalar)
#if JONG_CPU_DISPATCH
JONG_EVAL_LEVEL_DECLS(_sse4)
JONG_EVAL_LEVEL_DECLS(_avx2)
#endif

#endif
