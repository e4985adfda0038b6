/* Every reading of a complete hand as sets plus a pair (scoring picks the best of them), and
 * the seven-pairs and thirteen-orphans readings.
 *
 * Kinds are visited in order; at each kind the reading decides at once whether a pair, a pung
 * and how many chows start there, and every remaining copy must start a chow. Deciding all of a
 * kind's groups together (rather than one group at a time) is what makes each reading appear
 * exactly once. */
#include "jong/eval.h"

#include <string.h>

typedef struct {
    jong_decomposition cur;
    jong_decomposition *out;
    int max, found, sets, has_pair;
} walk;

static void emit(walk *w, const jong_decomposition *d)
{
    if (w->found < w->max)
        w->out[w->found] = *d;
    w->found++;
}

static void push_set(jong_decomposition *d, int type, int tile)
{
    d->set_type[d->nsets] = (uint8_t)type;
    d->set_tile[d->nsets] = (uint8_t)tile;
    d->nsets++;
}

static void visit(walk *w, uint8_t c[JONG_KINDS], int k)
{
    while (k < JONG_KINDS && c[k] == 0)
        k++;
    if (k == JONG_KINDS) {
        if (w->has_pair && w->cur.nsets == w->sets)
            emit(w, &w->cur);
        return;
    }
    int n = c[k];
    bool chow_ok = k < JONG_NUMBER_KINDS && k % 9 <= 6;
    for (int pair = 0; pair <= (w->has_pair ? 0 : 1); pair++)
        for (int pung = 0; pung <= 1; pung++) {
            int chows = n - 2 * pair - 3 * pung;
            if (chows < 0 || (chows > 0 && (!chow_ok || c[k + 1] < chows || c[k + 2] < chows)))
                continue;
            if (w->cur.nsets + pung + chows > w->sets)
                continue;
            jong_decomposition saved = w->cur;
            if (pair) {
                w->cur.pair = (uint8_t)k;
                w->has_pair = 1;
            }
            if (pung)
                push_set(&w->cur, JONG_MELD_PUNG, k);
            for (int i = 0; i < chows; i++)
                push_set(&w->cur, JONG_MELD_CHOW, k);
            c[k] = 0;
            if (chows) c[k + 1] = (uint8_t)(c[k + 1] - chows), c[k + 2] = (uint8_t)(c[k + 2] - chows);
            visit(w, c, k + 1);
            c[k] = (uint8_t)n;
            if (chows) c[k + 1] = (uint8_t)(c[k + 1] + chows), c[k + 2] = (uint8_t)(c[k + 2] + chows);
            if (pair)
                w->has_pair = 0;
            w->cur = saved;
        }
}

int jong_decompose(const uint8_t counts[JONG_KINDS], int sets, jong_forms forms,
                   jong_decomposition *out, int max)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.out = out;
    w.max = max;
    w.sets = sets;
    int tiles = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        tiles += counts[k];
    if (sets < 0 || sets > JONG_MAX_SETS + 2)
        return 0;
    if ((forms & JONG_FORMS_STANDARD) && tiles == 3 * sets + 2) {
        uint8_t c[JONG_KINDS];
        memcpy(c, counts, sizeof c);
        visit(&w, c, 0);
    }
    if (sets == 4 && tiles == 14 && (forms & JONG_FORMS_CHIITOI) && jong_shanten_chiitoi(counts) == -1) {
        jong_decomposition d;
        memset(&d, 0, sizeof d);
        d.form = JONG_DECOMP_CHIITOI;
        for (int k = 0, i = 0; k < JONG_KINDS; k++)
            if (counts[k] == 2)
                d.pairs[i++] = (uint8_t)k;
        d.pair = d.pairs[0];
        emit(&w, &d);
    }
    if (sets == 4 && tiles == 14 && (forms & JONG_FORMS_KOKUSHI) && jong_shanten_kokushi(counts) == -1) {
        jong_decomposition d;
        memset(&d, 0, sizeof d);
        d.form = JONG_DECOMP_KOKUSHI;
        for (int k = 0; k < JONG_KINDS; k++)
            if (counts[k] == 2)
                d.pair = (uint8_t)k;
        emit(&w, &d);
    }
    return w.found;
}
