/* The exact method's valuation (analysis_exact.h): the graph that analysis_exact.c built,
 * valued for d = 0, 1, ..., D draws left, each layer from the one before, under the draw model
 * stated there; then the rows' figures read off at D. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis_exact_graph.h"

/* No fused multiply-adds: the sums must round the same way under every compiler, so that the
 * tables' signatures (rounded to 1e-6) are the same from gcc (no contraction in ISO C mode, and
 * it does not know this pragma) and clang (which contracts by default). */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

/* a better than b for the policy's figure (then the other figure, then tenpai) */
static bool better(jong_analysis_policy p, const xval *a, const xval *b)
{
    double a1 = p == JONG_ANALYSIS_POLICY_WIN ? a->win : a->points;
    double b1 = p == JONG_ANALYSIS_POLICY_WIN ? b->win : b->points;
    double a2 = p == JONG_ANALYSIS_POLICY_WIN ? a->points : a->win;
    double b2 = p == JONG_ANALYSIS_POLICY_WIN ? b->points : b->win;
    /* figures equal but for rounding (the same chance summed in another order, common once
     * exchanges open many ways to a hand) are a tie, so that the choice does not hang on it */
    double e1 = 1e-12 * (fabs(a1) + fabs(b1)), e2 = 1e-12 * (fabs(a2) + fabs(b2));
    if (fabs(a1 - b1) > e1)
        return a1 > b1;
    if (fabs(a2 - b2) > e2)
        return a2 > b2;
    return a->tenpai > b->tenpai + 1e-12;
}

/* The expected points of a win on entry e of node n, t draws made: riichi averages over the ura
 * indicator (see the top), ippatsu or not by mode. */
static double win_value(const analysis_exact *x, const xnode *n, const xentry *e, int mode, int t)
{
    const xwin *w = &x->wins[e->win];
    if (!n->riichi)
        return w->pts[0][0];
    double left = x->su->unseen - t;
    double share = n->rn > 0 && left > n->rp ? (left - n->rp) / n->rn : 0;
    double mass[5] = {0, 0, 0, 0, 0}, total = 0;
    for (int j = 0; j < JONG_KINDS; j++) {
        double m = (n->prot >> j & 1) ? n->r[j] - (j == e->kind) : n->r[j] * share;
        mass[w->ura[j]] += m;
        total += m;
    }
    double v = 0;
    for (int c = 0; c < 5; c++)
        v += mass[c] * w->pts[mode][c];
    return total > 0 ? v / total : 0;
}

bool analysis_exact_solve(analysis_exact *x)
{
    const int D = x->su->draws, U = x->su->unseen;
    const size_t N = x->nnodes;
    /* two layers of (node, mode): mode 1 = a riichi hand whose next draw is ippatsu */
    xval *prev = malloc(2 * N * sizeof *prev), *cur = malloc(2 * N * sizeof *cur);
    if (N && (!prev || !cur)) {
        free(prev);
        free(cur);
        return false;
    }
    for (size_t i = 0; i < N; i++) {
        xval v = {x->nodes[i].shanten == 0, 0, 0, 0};
        prev[2 * i] = prev[2 * i + 1] = v;
    }
    /* a node first reachable after m draws is needed only with at most D - m draws left: the
     * fewest draws to each, breadth first from the rows' hands (cur serves as the queue) */
    int32_t *queue = (int32_t *)cur;
    size_t head = 0, tail = 0;
    for (size_t i = 0; i < N; i++)
        x->nodes[i].depth = UINT8_MAX;
    for (int r = 0; r < x->nrows; r++)
        for (int c = 0; c < 2; c++) {
            int32_t j = x->rows[r][c];
            if (j >= 0 && x->nodes[j].depth) {
                x->nodes[j].depth = 0;
                queue[tail++] = j;
            }
        }
    while (head < tail) {
        const xnode *n = &x->nodes[queue[head++]];
        for (int32_t ei = 0; ei < n->n; ei++) {
            const xentry *e = &x->entries[n->first + ei];
            for (int32_t oi = 0; oi < e->n; oi++) {
                const xopt *o = &x->opts[e->first + oi];
                int32_t to[2] = {o->plain, o->riichi};
                for (int c = 0; c < 2; c++)
                    if (to[c] >= 0 && x->nodes[to[c]].depth == UINT8_MAX) {
                        x->nodes[to[c]].depth = (uint8_t)(n->depth + 1);
                        queue[tail++] = to[c];
                    }
            }
        }
    }
    bool lower = x->policy == JONG_ANALYSIS_POLICY_LOWER;
    for (int d = 1; d <= D; d++) {
        int t = D - d;
        double left = U - t;
        for (size_t i = 0; i < N; i++) {
            const xnode *n = &x->nodes[i];
            if (n->depth > t)
                continue; /* not reachable with d draws left: never read */
            if (n->leaf) {
                cur[2 * i] = cur[2 * i + 1] = prev[2 * i];
                continue;
            }
            double qp = 1.0 / (n->rp > left ? n->rp : left);
            double qn = n->rn > 0 && left > n->rp ? (1 - n->rp / left) / n->rn : 0;
            for (int mode = 0; mode < 1 + n->riichi; mode++) {
                xval acc = {0, 0, 0, 0};
                const xval *stay = &prev[2 * i];
                double rest = 1;
                for (int32_t ei = 0; ei < n->n; ei++) {
                    const xentry *e = &x->entries[n->first + ei];
                    double q = n->r[e->kind] * (e->prot ? qp : qn);
                    if (q <= 0)
                        continue;
                    rest -= q;
                    xval v;
                    if (e->win >= 0) {
                        v.tenpai = v.win = 1;
                        v.points = win_value(x, n, e, mode, t);
                        v.tai = x->wins[e->win].tai;
                    } else {
                        /* the optimal policies may also throw the draw; today's keeps it */
                        const xval *best = lower ? NULL : stay;
                        for (int32_t oi = 0; oi < e->n; oi++) {
                            const xopt *o = &x->opts[e->first + oi];
                            const xval *cand[2] = {&prev[2 * o->plain], NULL};
                            if (o->riichi >= 0 && d - 1 >= 1) {
                                cand[1] = &prev[2 * o->riichi + 1];
                                if (lower)
                                    cand[0] = NULL; /* today's policy always declares */
                            }
                            for (int c = 0; c < 2; c++)
                                if (cand[c] && (!best || better(x->policy, cand[c], best)))
                                    best = cand[c];
                        }
                        v = *best;
                    }
                    acc.tenpai += q * v.tenpai;
                    acc.win += q * v.win;
                    acc.points += q * v.points;
                    acc.tai += q * v.tai;
                }
                acc.tenpai += rest * stay->tenpai;
                acc.win += rest * stay->win;
                acc.points += rest * stay->points;
                acc.tai += rest * stay->tai;
                if (n->shanten == 0)
                    acc.tenpai = 1;
                cur[2 * i + mode] = acc;
            }
        }
        xval *tmp = prev;
        prev = cur;
        cur = tmp;
    }
    for (int r = 0; r < x->nrows; r++) {
        int32_t p = x->rows[r][0], q = x->rows[r][1];
        const xval *v = &prev[2 * p];
        bool riichi = false;
        if (q >= 0 && D >= 1 && (lower || better(x->policy, &prev[2 * q + 1], v))) {
            v = &prev[2 * q + 1];
            riichi = true;
        }
        x->row_val[r] = *v;
        x->row_riichi[r] = riichi;
    }
    free(prev);
    free(cur);
    return true;
}

void analysis_exact_row(const analysis_exact *x, int handle, jong_analysis_row *row)
{
    const xval *v = &x->row_val[handle];
    row->exact = true;
    row->policy = x->policy;
    row->riichi = x->row_riichi[handle];
    row->samples = 0;
    row->tenpai.value = row->tenpai.lo = row->tenpai.hi = v->tenpai;
    row->win.value = row->win.lo = row->win.hi = v->win;
    row->points.value = row->points.lo = row->points.hi = v->points;
    row->points_per_win = v->win > 0 ? v->points / v->win : 0;
    row->tai_per_win = v->win > 0 ? v->tai / v->win : 0;
}
