/* One-player moves: the features of a candidate discard and the ranking of candidates. */
#include <string.h>

#include "jong/eval.h"
#include "learn.h"
#include "oneplayer.h"
#include "jong/rng.h"

enum {
    SH = 7, TURNS = 18, CATS = 13,
    P_SHANTEN = 0,                       /* 7: shanten after the discard, 0..6 */
    P_SH_UKE = P_SHANTEN + SH,           /* 7 x 20: and its effective tiles / 3 */
    P_SH_TURN = P_SH_UKE + SH * 20,      /* 7 x 18 */
    P_REL = P_SH_TURN + SH * TURNS,      /* 3 x 11: shanten above the best, effective tiles in tenths of the best */
    P_CAT_TURN = P_REL + 3 * 11,         /* 13 x 18 */
    P_CAT_COPIES = P_CAT_TURN + CATS * TURNS, /* 13 x 4 */
    P_CAT_SEEN = P_CAT_COPIES + CATS * 4,     /* 13 x 4: copies of the kind seen elsewhere */
    P_NEIGHBOURS = P_CAT_SEEN + CATS * 4,     /* 9 x 16: ranks x which of -2 -1 +1 +2 remain */
    P_DORA_SH = P_NEIGHBOURS + 9 * 16,        /* 7: the discard is a dora, by shanten */
    P_DORA_TURN = P_DORA_SH + SH,             /* 18 */
    P_MELDS_SH = P_DORA_TURN + TURNS,         /* 5 x 7 */
    P_DIM = P_MELDS_SH + 5 * SH
};

uint32_t jong_op_feature_dim(void) { return P_DIM; }

static int imin(int a, int b) { return a < b ? a : b; }

/* 0..8 number ranks; 9 dragon; 10 a wind worth a yaku to the discarder; 11 another wind; 12 a red five */
static int category(int k, bool red, const jong_op_context *cx)
{
    if (red)
        return 12;
    if (k < JONG_NUMBER_KINDS)
        return k % 9;
    if (k >= JONG_P)
        return 9;
    return k == JONG_E + cx->round_wind || k == JONG_E + cx->seat_wind ? 10 : 11;
}

int jong_op_candidates(const jong_hand *h, const jong_op_context *cx, uint8_t kinds[JONG_KINDS],
                       uint32_t feats[JONG_KINDS][JONG_OP_MAX_ACTIVE], int nfeat[JONG_KINDS])
{
    jong_discard_option opt[JONG_KINDS];
    int n = jong_discard_table(h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, cx->seen, opt);
    int best_sh = 99, best_uke = 0;
    for (int i = 0; i < n; i++)
        if (opt[i].shanten < best_sh || (opt[i].shanten == best_sh && opt[i].ukeire.total > best_uke)) {
            best_sh = opt[i].shanten;
            best_uke = opt[i].ukeire.total;
        }
    int turn = imin(cx->turn, TURNS - 1);
    for (int i = 0; i < n; i++) {
        int k = opt[i].discard, m = 0;
        uint32_t *f = feats[i];
        int sh = imin(opt[i].shanten < 0 ? 0 : opt[i].shanten, SH - 1);
        int uke = opt[i].ukeire.total;
        /* a red five is discarded only when it is the last five of its suit held */
        bool red = k < JONG_NUMBER_KINDS && k % 9 == 4 && h->red[k / 9] > 0 && h->red[k / 9] == h->counts[k];
        int cat = category(k, red, cx);
        kinds[i] = (uint8_t)k;
        f[m++] = P_SHANTEN + (uint32_t)sh;
        f[m++] = P_SH_UKE + (uint32_t)(sh * 20 + imin(uke / 3, 19));
        f[m++] = P_SH_TURN + (uint32_t)(sh * TURNS + turn);
        int above = imin(opt[i].shanten - best_sh, 2);
        int tenths = best_uke > 0 ? imin(uke * 10 / best_uke, 10) : 10;
        f[m++] = P_REL + (uint32_t)(above * 11 + tenths);
        f[m++] = P_CAT_TURN + (uint32_t)(cat * TURNS + turn);
        f[m++] = P_CAT_COPIES + (uint32_t)(cat * 4 + imin(h->counts[k], 4) - 1);
        f[m++] = P_CAT_SEEN + (uint32_t)(cat * 4 + imin(cx->seen[k], 3));
        if (k < JONG_NUMBER_KINDS) {
            int pattern = 0, r = k % 9, bit = 0;
            for (int dlt = -2; dlt <= 2; dlt++) {
                if (dlt == 0)
                    continue;
                int j = k + dlt;
                if (r + dlt >= 0 && r + dlt < 9 && h->counts[j] > (j == k ? 1 : 0))
                    pattern |= 1 << bit;
                bit++;
            }
            f[m++] = P_NEIGHBOURS + (uint32_t)(r * 16 + pattern);
        }
        if (cx->dora[k] || red) {
            f[m++] = P_DORA_SH + (uint32_t)sh;
            f[m++] = P_DORA_TURN + (uint32_t)turn;
        }
        f[m++] = P_MELDS_SH + (uint32_t)(imin(h->nmelds, 4) * SH + sh);
        /* ascending order (the blocks above are laid out in this order) */
        nfeat[i] = m;
    }
    return n;
}

int jong_op_rank(const jong_linmodel *m, const jong_hand *h, const jong_op_context *cx,
                 uint8_t order[JONG_KINDS], double score[JONG_KINDS])
{
    uint8_t kinds[JONG_KINDS];
    uint32_t feats[JONG_KINDS][JONG_OP_MAX_ACTIVE];
    int nfeat[JONG_KINDS];
    int n = jong_op_candidates(h, cx, kinds, feats, nfeat);
    for (int i = 0; i < n; i++) {
        double s = jong_sparse_dot(m->w, feats[i], NULL, nfeat[i]);
        int j = i; /* insertion, best first; ties keep the evaluator's order */
        while (j > 0 && score[j - 1] < s) {
            score[j] = score[j - 1];
            order[j] = order[j - 1];
            j--;
        }
        score[j] = s;
        order[j] = kinds[i];
    }
    return n;
}

void jong_op_greedy_weights(double *w)
{
    memset(w, 0, sizeof *w * P_DIM);
    /* shanten dominates (1000 per step), then effective tiles (one per tile, bucketed by 3) */
    for (int sh = 0; sh < SH; sh++) {
        w[P_SHANTEN + sh] = -1000.0 * sh;
        for (int u = 0; u < 20; u++)
            w[P_SH_UKE + sh * 20 + u] = 3.0 * u;
    }
}

void jong_op_wpet(const jong_linmodel *m, int games, uint64_t seed, double wpet[JONG_OP_TURNS],
                  long bw[JONG_OP_TURNS], long reach[JONG_OP_TURNS])
{
    memset(bw, 0, sizeof *bw * JONG_OP_TURNS);
    memset(reach, 0, sizeof *reach * JONG_OP_TURNS);
    for (int g = 0; g < games; g++) {
        jong_rng r;
        jong_rng_seed(&r, jong_seed_mix(seed, (uint64_t)g));
        uint8_t wall[136];
        for (int i = 0; i < 136; i++)
            wall[i] = (uint8_t)(i / 4);
        for (int i = 135; i > 0; i--) {
            int j = (int)jong_rng_below(&r, (uint32_t)i + 1);
            uint8_t t = wall[i];
            wall[i] = wall[j];
            wall[j] = t;
        }
        jong_hand h;
        jong_hand_clear(&h);
        int at = 0;
        for (int i = 0; i < 13; i++)
            h.counts[wall[at++]]++;
        at += 39; /* the others' deals */
        jong_op_context cx;
        memset(&cx, 0, sizeof cx);
        for (int turn = 0; turn < JONG_OP_TURNS && at < 136 - 14; turn++) { /* 70 live draws */
            reach[turn]++;
            cx.turn = turn;
            h.counts[wall[at++]]++;
            if (jong_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL)) {
                bw[turn]++; /* a complete hand was waiting already: count it as waiting now */
                break;
            }
            uint8_t order[JONG_KINDS];
            double score[JONG_KINDS];
            jong_op_rank(m, &h, &cx, order, score);
            h.counts[order[0]]--;
            cx.seen[order[0]]++;
            for (int o = 0; o < 3 && at < 136 - 14; o++)
                cx.seen[wall[at++]]++; /* the others draw and discard at once */
            jong_shanten3 s3;
            if (jong_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, &s3) == 0) {
                bw[turn]++;
                break;
            }
        }
    }
    for (int i = 0; i < JONG_OP_TURNS; i++)
        wpet[i] = reach[i] ? (double)bw[i] / (double)reach[i] : 0;
}
