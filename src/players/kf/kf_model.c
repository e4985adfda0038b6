/* The opponent model of Algorithm 1: N times, for each opponent, draw a waiting number from the
 * per-round distribution measured in self-play, a (T3, T2) count that Eq. 2 gives that WN, then
 * the blocks themselves from the unseen tiles with the selectivity of Eqs. 3-6 and their biases;
 * the valid tiles of the drawn T2 make RT, the tiles left over make the wall (T_self-mo, Eq. 7). */
#include <string.h>

#include "kf.h"
#include "jong/player.h"
#include "jong/rng.h"

/* The table's row for a seat with n discards made: row n, its hand as it will be after its next
 * discard (row r holds hands after the (r+1)-th discard), the next time it can hurt us. */
static int round_of(const jong_view *v, int seat)
{
    int r = v->seats[seat].ndiscards;
    return r < JONG_KF_ROUNDS ? r : JONG_KF_ROUNDS - 1;
}

static void base_tables(const jong_view *v, jong_kf_tables *t)
{
    int unseen[JONG_KINDS], total = 0;
    memset(t, 0, sizeof *t);
    jong_view_unseen(v, unseen);
    for (int k = 0; k < JONG_KINDS; k++) {
        t->unseen[k] = (uint8_t)unseen[k];
        total += unseen[k];
    }
    for (int k = 0; k < JONG_KINDS; k++)
        t->self_mo[k] = total ? (double)unseen[k] / total : 0;
    t->wall = v->wall_left;
    for (int i = 1; i <= 3; i++)
        t->p_wn1[i] = jong_kf_wn_alpha[round_of(v, (v->seat + i) % 4)][1];
}

void jong_kf_tables_plain(const jong_view *v, jong_kf_tables *t) { base_tables(v, t); }

/* Sample an index with probability proportional to w[i]; -1 when all are 0. */
static int pick(jong_rng *rng, const double *w, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[i];
    if (sum <= 0)
        return -1;
    double x = jong_rng_double(rng) * sum;
    for (int i = 0; i < n; i++) {
        x -= w[i];
        if (x < 0)
            return i;
    }
    for (int i = n - 1; i >= 0; i--)
        if (w[i] > 0)
            return i;
    return -1;
}

/* T3 candidates: index k = AAA of kind k, 34 + k = ABC from kind k. */
static void t3_weights(const int wall[JONG_KINDS], const jong_kf_model_opts *o, double w[2 * JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int r = k % 9;
        bool number = k < JONG_NUMBER_KINDS;
        /* Eq. 3, bias (1): no sequence through k can be made any more */
        double p = 0;
        if (wall[k] >= 3) {
            bool seq = false;
            if (number)
                for (int lo = r - 2; lo <= r; lo++)
                    if (lo >= 0 && lo <= 6 && wall[k - r + lo] && wall[k - r + lo + 1] && wall[k - r + lo + 2])
                        seq = true;
            p = 2 + (seq ? 0 : o->bias_aaa);
            if (number && (r <= 1 || r >= 7))
                p += o->bias_easy;  /* bias (3): edge tiles are kept as pongs */
        }
        w[k] = p;
        /* Eq. 4, bias (3): middle sequences are the easy ones */
        double q = 0;
        if (number && r <= 6) {
            int m = wall[k] < wall[k + 1] ? wall[k] : wall[k + 1];
            m = m < wall[k + 2] ? m : wall[k + 2];
            if (m > 0)
                q = m + (r >= 2 && r <= 4 ? o->bias_easy : 0);
        }
        w[JONG_KINDS + k] = q;
    }
}

/* T2 candidates: k = AA, 34 + k = AB from k, 68 + k = AC from k. Bias (2): a T2 whose valid tile
 * the opponent has discarded is not chosen. */
static void t2_weights(const int wall[JONG_KINDS], uint64_t discarded, double w[3 * JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int r = k % 9;
        bool number = k < JONG_NUMBER_KINDS;
        w[k] = wall[k] >= 2 && !(discarded >> k & 1) ? 2 : 0;  /* Eq. 5 */
        double ab = 0, ac = 0;
        if (number && r <= 7 && wall[k] && wall[k + 1]) {
            bool lo_dead = r == 0 || discarded >> (k - 1) & 1;
            bool hi_dead = r == 7 || discarded >> (k + 2) & 1;
            if (!(lo_dead && hi_dead))
                ab = wall[k] < wall[k + 1] ? wall[k] : wall[k + 1];  /* Eq. 6 */
        }
        if (number && r <= 6 && wall[k] && wall[k + 2] && !(discarded >> (k + 1) & 1))
            ac = wall[k] < wall[k + 2] ? wall[k] : wall[k + 2];
        w[JONG_KINDS + k] = ab;
        w[2 * JONG_KINDS + k] = ac;
    }
}

void jong_kf_tables_model(const jong_view *v, const jong_kf_model_opts *o, uint64_t seed, jong_kf_tables *t)
{
    base_tables(v, t);
    t->modelled = true;
    jong_rng rng;
    jong_rng_seed(&rng, seed);
    int hidden[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        hidden[k] = t->unseen[k];
    double wall_share[JONG_KINDS] = {0};
    int n = o->samples > 0 ? o->samples : 1;
    for (int s = 0; s < n; s++) {
        int wall[JONG_KINDS];
        memcpy(wall, hidden, sizeof wall);
        for (int i = 1; i <= 3; i++) {
            int seat = (v->seat + i) % 4;
            const jong_seat_view *sv = &v->seats[seat];
            uint64_t discarded = 0;
            for (int j = 0; j < sv->ndiscards; j++)
                discarded |= 1ull << sv->discards[j];
            int melds = sv->nmelds, conc = sv->concealed;
            /* the WN of this round, then a (T3, T2, pair) count that Eq. 2 gives it and the
             * concealed tiles can hold */
            int wn = pick(&rng, jong_kf_wn_alpha[round_of(v, seat)], JONG_KF_WN_MAX + 1);
            int opts[64][3], nopt = 0;
            for (int n3 = melds; n3 <= JONG_KF_NMAX; n3++)
                for (int n2 = 0; n2 <= JONG_KF_NMAX + 1 - n3; n2++)
                    for (int aa = 0; aa <= (n2 > 0); aa++) {
                        if (3 * (n3 - melds) + 2 * n2 > conc)
                            continue;
                        int w = jong_kf_wn(n3, n2, aa);
                        if ((w == wn || (wn == JONG_KF_WN_MAX && w > wn)) && nopt < 64) {
                            opts[nopt][0] = n3;
                            opts[nopt][1] = n2;
                            opts[nopt][2] = aa;
                            nopt++;
                        }
                    }
            if (!nopt)
                continue;
            int *ch = opts[jong_rng_below(&rng, (uint32_t)nopt)];
            for (int m = 0; m < ch[0] - melds; m++) {
                double w3[2 * JONG_KINDS];
                t3_weights(wall, o, w3);
                int x = pick(&rng, w3, 2 * JONG_KINDS);
                if (x < 0)
                    break;
                if (x < JONG_KINDS)
                    wall[x] -= 3;
                else
                    for (int d = 0; d < 3; d++)
                        wall[x - JONG_KINDS + d]--;
            }
            bool aa_valid[JONG_KINDS] = {false}, ab_valid[JONG_KINDS] = {false};
            for (int m = 0; m < ch[1]; m++) {
                double w2[3 * JONG_KINDS];
                t2_weights(wall, discarded, w2);
                if (ch[2] && m == 0)  /* the pair the count asked for */
                    memset(w2 + JONG_KINDS, 0, sizeof(double) * 2 * JONG_KINDS);
                int x = pick(&rng, w2, 3 * JONG_KINDS);
                if (x < 0)
                    break;
                int k = x % JONG_KINDS, type = x / JONG_KINDS, r = k % 9;
                if (type == 0) {
                    wall[k] -= 2;
                    aa_valid[k] = true;
                } else if (type == 1) {
                    wall[k]--;
                    wall[k + 1]--;
                    if (r > 0)
                        ab_valid[k - 1] = true;
                    if (r < 7)
                        ab_valid[k + 2] = true;
                } else {
                    wall[k]--;
                    wall[k + 2]--;
                    ab_valid[k + 1] = true;
                }
            }
            for (int k = 0; k < JONG_KINDS; k++) {
                t->rt_aa[i][k] += aa_valid[k];
                t->rt_ab[i][k] += ab_valid[k];
            }
        }
        int total = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            total += wall[k];
        for (int k = 0; k < JONG_KINDS && total; k++)
            wall_share[k] += (double)wall[k] / total;
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        t->self_mo[k] = wall_share[k] / n;
        for (int i = 1; i <= 3; i++) {
            t->rt_aa[i][k] /= n;
            t->rt_ab[i][k] /= n;
        }
    }
}
