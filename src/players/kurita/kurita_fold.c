/* The folding MDP of Kurita and Hoki in closed form (jong/kurita.h; equations F1-F4 of
 * docs/experiments/kurita.md). A block is all the copies of one kind played in a row: its first
 * discard deals in with P_L, every discard that did not deal in is followed by another player's
 * win with gamma. For a block of a copies with risk p and loss payoff r_L:
 *   S = (1-p)(1-gamma)^a                          (the hand goes on after the block)
 *   W = p r_L + (1-p) R_O (1 - (1-gamma)^a)       (payoff collected inside the block)
 * Swapping two neighbouring blocks A, B changes W_A + S_A W_B into W_B + S_B W_A, so A goes first
 * iff W_A/(1-S_A) >= W_B/(1-S_B): the blocks are sorted by that key, the expected payoff given
 * that the hand ends inside the block. Splitting a kind never helps when r_L <= R_O, R_W. */
#include <math.h>
#include <string.h>

#include "kurita.h"

typedef struct {
    int kind, copies;
    double key;
} fold_block;

static double block_key(double p, double r_lose, int a, const jong_ku_fold_params *fp)
{
    double keep = pow(1 - fp->gamma, a);
    double w = p * r_lose + (1 - p) * fp->r_other * (1 - keep);
    double ends = 1 - (1 - p) * keep;
    if (ends <= 0)
        return fp->r_washout; /* nothing can happen inside: as good as reaching the end */
    return w / ends;
}

/* Sorted blocks of counts (kind `skip` left out); returns their number. */
static int sorted_blocks(const uint8_t counts[JONG_KINDS], int skip, const jong_ku_fold_params *fp, fold_block *b)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!counts[k] || k == skip)
            continue;
        fold_block x = {k, counts[k], block_key(fp->p_lose[k], fp->r_lose[k], counts[k], fp)};
        int i = n++;
        while (i > 0 && (b[i - 1].key < x.key || (b[i - 1].key == x.key && b[i - 1].kind > x.kind))) {
            b[i] = b[i - 1];
            i--;
        }
        b[i] = x;
    }
    return n;
}

/* Plays a sequence of discards (kinds, with the risk only on the first of each kind) from a
 * state where `alive` is the chance of still playing; accumulates into the result. */
typedef struct {
    double value, p_lose, lose_payoff, alive;
    int played;
    bool used[JONG_KINDS];
} fold_walk;

static void walk_discard(fold_walk *w, int kind, const jong_ku_fold_params *fp)
{
    double p = w->used[kind] ? 0 : fp->p_lose[kind];
    w->used[kind] = true;
    w->value += w->alive * p * fp->r_lose[kind];
    w->p_lose += w->alive * p;
    w->lose_payoff += w->alive * p * fp->r_lose[kind];
    w->alive *= 1 - p;
    w->value += w->alive * fp->gamma * fp->r_other;
    w->alive *= 1 - fp->gamma;
    w->played++;
}

static void walk_blocks(fold_walk *w, const fold_block *b, int nb, const jong_ku_fold_params *fp, uint8_t *order)
{
    for (int i = 0; i < nb; i++)
        for (int c = 0; c < b[i].copies && w->played < fp->horizon; c++) {
            if (order)
                order[w->played] = (uint8_t)b[i].kind;
            walk_discard(w, b[i].kind, fp);
        }
    w->value += w->alive * fp->r_washout;
}

void jong_ku_fold_solve(const uint8_t counts[JONG_KINDS], const jong_ku_fold_params *fp, jong_ku_fold_result *out)
{
    memset(out, 0, sizeof *out);
    fold_block b[JONG_KINDS];
    int nb = sorted_blocks(counts, -1, fp, b);
    fold_walk w = {0, 0, 0, 1, 0, {false}};
    walk_blocks(&w, b, nb, fp, out->order);
    out->value = w.value;
    out->p_lose = w.p_lose;
    out->value_given_lose = w.p_lose > 0 ? w.lose_payoff / w.p_lose : 0;
    out->norder = w.played;
}

double jong_ku_fold_value_after(const uint8_t counts[JONG_KINDS], int first, const jong_ku_fold_params *fp)
{
    if (first < 0 || first >= JONG_KINDS || !counts[first] || fp->horizon < 1)
        return -INFINITY;
    fold_walk w = {0, 0, 0, 1, 0, {false}};
    walk_discard(&w, first, fp);
    /* the rest: the remaining copies of `first` are safe now, a block of key R_O-like order */
    uint8_t rest[JONG_KINDS];
    memcpy(rest, counts, sizeof rest);
    rest[first]--;
    fold_block b[JONG_KINDS + 1];
    int nb = 0;
    if (rest[first]) /* safe copies: key = R_O (or R_W when gamma is 0), first of all */
        b[nb++] = (fold_block){first, rest[first], INFINITY};
    nb += sorted_blocks(rest, first, fp, b + nb);
    walk_blocks(&w, b, nb, fp, NULL);
    return w.value;
}

/* The exact optimum under any horizon H. Safe discards (the rest of a kind already opened) are
 * never worth delaying (their key R_O is the largest), so an optimal play is some set S of whole
 * blocks in key order followed, when the horizon cuts, by one partial block t (its first
 * H - |S| copies). Enumerating S (at most 2^14 sets of distinct kinds) and t gives the optimum. */
double jong_ku_fold_solve_exact(const uint8_t counts[JONG_KINDS], const jong_ku_fold_params *fp)
{
    fold_block b[JONG_KINDS];
    int nb = sorted_blocks(counts, -1, fp, b), total = 0;
    for (int i = 0; i < nb; i++)
        total += b[i].copies;
    int H = fp->horizon < total ? fp->horizon : total;
    double best = -INFINITY;
    for (uint32_t set = 0; set < 1u << nb; set++) {
        int sum = 0;
        for (int i = 0; i < nb; i++)
            sum += set >> i & 1 ? b[i].copies : 0;
        if (sum > H)
            continue;
        for (int t = -1; t < nb; t++) {
            if (sum < H && (t < 0 || set >> t & 1 || b[t].copies < H - sum))
                continue; /* the horizon must be filled by the tail */
            if (sum == H && t >= 0)
                break;
            fold_walk w = {0, 0, 0, 1, 0, {false}};
            for (int i = 0; i < nb; i++)
                if (set >> i & 1)
                    for (int c = 0; c < b[i].copies; c++)
                        walk_discard(&w, b[i].kind, fp);
            for (int c = 0; t >= 0 && c < H - sum; c++)
                walk_discard(&w, b[t].kind, fp);
            w.value += w.alive * fp->r_washout;
            if (w.value > best)
                best = w.value;
        }
    }
    return nb ? best : fp->r_washout;
}
