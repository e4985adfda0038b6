/* The exact method of the discard analysis (analysis_exact.h): the figures of the model of
 * analysis_sim.h by dynamic programming over (hand, draws left). This file builds the graph;
 * analysis_exact_solve.c values it.
 *
 * The graph. A node is a concealed hand of 3N+1 tiles (its counts, its red fives, and whether it
 * declared riichi, which locks it). Its draw entries are the kinds whose draw can change it: a
 * win, or a kept draw with the discards the policy may make then (today's policy: the one of
 * analysis_policy_discard; the optimal ones: every discard of least shanten when the draw lowers
 * the shanten, and, when the hand is ready, the discards that keep it ready on more copies;
 * with exchanges, also every discard of any draw that leaves a hand within the bound of
 * analysis_sim.h, e(H) + s(H) <= bound: a property of the hand alone, so that the rows still
 * share their hands and a hand's choices do not depend on how it was reached).
 * Every other draw is thrown at once and leaves the node as it was (the optimal policies may
 * throw any draw). The graph is built once per table, breadth first from the rows' hands, then
 * valued for d = 0, 1, ..., D draws left, each layer from the one before: V(node, d) = the sum
 * over the entries of q(kind) x (the win, or the entry's best option at d - 1), plus
 * (1 - their q) x V(node, d - 1).
 *
 * The draw model (analysis_sim.h states it): the probability q that the next draw is kind k,
 * with t = D - d draws made and r[k] = the unseen copies less those the hand holds beyond the
 * 3N+2 tiles it started from, is r[k] / (U - t) for the node's protected kinds (those whose
 * draw lowers its shanten, or wins when it is ready): the tiles drawn and thrown are taken to be
 * of the other kinds, which share the rest in proportion to r. That is the true chance as long
 * as no thrown tile was of a kind the present hand protects: always while the hand has not
 * changed since the discard, so a ready hand's chances are the exact hypergeometric ones. When
 * the protected copies outnumber U - t, they share the whole draw instead. The ura indicator of
 * a riichi win is drawn the same way from the U - t - 1 tiles left. */
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis_exact_graph.h"
#include "jong/riichi_score.h"

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

static uint64_t key_hash_n(const uint8_t *key, int n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < n; i++)
        h = (h ^ key[i]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

static uint64_t key_hash(const uint8_t *key)
{
    return key_hash_n(key, KEY_SIZE);
}

static bool rehash_keeps(analysis_exact *x, size_t size)
{
    int32_t *t = calloc(size, sizeof *t);
    if (!t)
        return false;
    for (size_t i = 0; i < x->nkeeps; i++) {
        size_t j = key_hash_n(x->keeps[i].key, JONG_KINDS + 3) & (size - 1);
        while (t[j])
            j = (j + 1) & (size - 1);
        t[j] = (int32_t)i + 1;
    }
    free(x->ktable);
    x->ktable = t;
    x->ktable_size = size;
    return true;
}

static bool rehash(analysis_exact *x, size_t size)
{
    int32_t *t = calloc(size, sizeof *t);
    if (!t)
        return false;
    for (size_t i = 0; i < x->nnodes; i++) {
        size_t j = key_hash(x->nodes[i].key) & (size - 1);
        while (t[j])
            j = (j + 1) & (size - 1);
        t[j] = (int32_t)i + 1;
    }
    free(x->table);
    x->table = t;
    x->table_size = size;
    return true;
}

/* The exchanges' bound on e(H) + s(H) (analysis_sim.h): s14 + exchanges, and below the draws
 * (a hand past that cannot win in the draws left, however it came); -1 = forward only. */
static int exchange_bound(const analysis_setup *su, int exchanges)
{
    if (exchanges <= 0)
        return -1;
    int s14 = 99;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!su->in->hand.counts[k])
            continue;
        jong_hand h = su->in->hand;
        analysis_remove_tile(&h, k);
        int s;
        analysis_effective_kinds(su, &h, &s);
        if (s < s14)
            s14 = s;
    }
    int bound = s14 + exchanges;
    return bound < su->draws - 1 ? bound : su->draws - 1;
}

analysis_exact *analysis_exact_new(const analysis_setup *su, jong_analysis_policy policy, long max_states,
                                   int exchanges)
{
    analysis_exact *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->su = su;
    x->policy = policy;
    x->max_states = max_states;
    x->bound = policy == JONG_ANALYSIS_POLICY_LOWER ? -1 : exchange_bound(su, exchanges);
    x->closed = analysis_hand_closed(&su->in->hand);
    x->riichi_rules = su->v == JONG_VARIANT_RIICHI;
    x->sets = jong_hand_sets_needed(&su->in->hand, su->v);
    memcpy(x->h14, su->in->hand.counts, sizeof x->h14);
    if (!rehash(x, 1024) || !rehash_keeps(x, 1024)) {
        free(x->table);
        free(x);
        return NULL;
    }
    return x;
}

void analysis_exact_free(analysis_exact *x)
{
    if (!x)
        return;
    free(x->nodes);
    free(x->entries);
    free(x->opts);
    free(x->wins);
    free(x->table);
    free(x->keeps);
    free(x->ktable);
    free(x);
}

long analysis_exact_states(const analysis_exact *x)
{
    return (long)x->nnodes;
}

/* The model's unseen copies of each kind for a hand of these counts (3N+1 or 3N+2 tiles). */
static void model_unseen(const analysis_exact *x, const uint8_t *counts, uint8_t *r)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int taken = counts[k] > x->h14[k] ? counts[k] - x->h14[k] : 0;
        r[k] = (uint8_t)(x->su->pool[k] - taken);
    }
}

static void hand_of_key(const analysis_exact *x, const uint8_t *key, jong_hand *h)
{
    *h = x->su->in->hand;
    memcpy(h->counts, key, JONG_KINDS);
    memcpy(h->red, key + JONG_KINDS, 3);
}

/* The node of hand h (riichi declared or not), made when new. NO_NODE past max_states, -2 out
 * of memory. */
static int32_t node_of(analysis_exact *x, const jong_hand *h, bool riichi)
{
    uint8_t key[KEY_SIZE];
    memcpy(key, h->counts, JONG_KINDS);
    memcpy(key + JONG_KINDS, h->red, 3);
    key[JONG_KINDS + 3] = riichi;
    size_t j = key_hash(key) & (x->table_size - 1);
    for (; x->table[j]; j = (j + 1) & (x->table_size - 1))
        if (!memcmp(x->nodes[x->table[j] - 1].key, key, KEY_SIZE))
            return x->table[j] - 1;
    if ((long)x->nnodes >= x->max_states)
        return NO_NODE;
    if (!grow((void **)&x->nodes, &x->cap_nodes, x->nnodes + 1, sizeof *x->nodes))
        return -2;
    xnode *n = &x->nodes[x->nnodes];
    memset(n, 0, sizeof *n);
    memcpy(n->key, key, KEY_SIZE);
    n->riichi = riichi;
    x->table[j] = (int32_t)x->nnodes + 1;
    x->nnodes++;
    if (2 * x->nnodes > x->table_size && !rehash(x, 2 * x->table_size))
        return -2;
    return (int32_t)x->nnodes - 1;
}

/* The option of keeping a draw that leaves hand h (3N+1 tiles, shanten s). */
static int option_of(analysis_exact *x, const jong_hand *h, int s, xopt *o)
{
    o->plain = node_of(x, h, false);
    o->riichi = NO_NODE;
    if (o->plain < 0)
        return o->plain;
    if (s == 0 && x->riichi_rules && x->closed) {
        o->riichi = node_of(x, h, true);
        if (o->riichi < 0)
            return o->riichi;
    }
    return 0;
}

/* Shanten over the allowed forms after each discard from hk (3N+2 tiles), and, when need_eff,
 * for the discards of least shanten the effective copies by weight w (else eff[] = -1: only a
 * ready hand's choices look at them). Returns the least. */
static int discard_options(const analysis_exact *x, const jong_hand *hk, const uint8_t *w, bool need_eff, int *sh,
                           int *eff)
{
    const analysis_setup *su = x->su;
    bool special = (su->forms & (JONG_FORMS_CHIITOI | JONG_FORMS_KOKUSHI)) && x->sets == 4 && hk->nmelds == 0;
    if (!hk->nmelds) {
        int least;
        if (need_eff) {
            least = jong_discard_effective(hk->counts, x->sets, w, sh, eff);
        } else {
            least = jong_discard_shanten(hk->counts, x->sets, sh, NULL);
            for (int j = 0; j < JONG_KINDS; j++)
                eff[j] = -1;
        }
        int c = special && (su->forms & JONG_FORMS_CHIITOI) ? jong_shanten_chiitoi(hk->counts) : 99;
        int k = special && (su->forms & JONG_FORMS_KOKUSHI) ? jong_shanten_kokushi(hk->counts) : 99;
        /* a special form's shanten after a discard is at least the 3N+2 hand's: it cannot matter
         * when that is above the standard form's least */
        if (c > least && k > least) {
            /* the exchanges need every discard's shanten over the forms, not only the least's
             * (a special form cannot reach the least, so the least discards stay the same) */
            if (x->bound >= 0 && special) {
                uint8_t t[JONG_KINDS];
                memcpy(t, hk->counts, sizeof t);
                int floor = c < k ? c : k; /* no discard's special form goes below the hand's */
                for (int j = 0; j < JONG_KINDS; j++) {
                    if (!t[j] || sh[j] <= floor)
                        continue;
                    t[j]--;
                    int cj = su->forms & JONG_FORMS_CHIITOI ? jong_shanten_chiitoi(t) : 99;
                    int kj = su->forms & JONG_FORMS_KOKUSHI ? jong_shanten_kokushi(t) : 99;
                    sh[j] = cj < sh[j] ? cj : sh[j];
                    sh[j] = kj < sh[j] ? kj : sh[j];
                    t[j]++;
                }
            }
            return least;
        }
    }
    /* melds (lowered copy limits) or a special form in reach: every discard in full */
    int least = 99;
    for (int j = 0; j < JONG_KINDS; j++) {
        sh[j] = 99;
        eff[j] = -1;
        if (!hk->counts[j])
            continue;
        jong_hand h = *hk;
        analysis_remove_tile(&h, j);
        uint64_t kinds = analysis_effective_kinds(su, &h, &sh[j]);
        int total = 0;
        for (int i = 0; i < JONG_KINDS; i++)
            if (kinds >> i & 1)
                total += w[i];
        eff[j] = total;
        if (sh[j] < least)
            least = sh[j];
    }
    for (int j = 0; j < JONG_KINDS; j++)
        if (sh[j] != least)
            eff[j] = -1;
    return least;
}

/* The win entry's points: riichi by ippatsu and ura count (the count an indicator gives: one
 * scoring per count that occurs, not per indicator), else one figure. */
static int add_win(analysis_exact *x, const jong_hand *h, int k, bool riichi)
{
    int p, tai;
    if (!analysis_win_points(x->su, h, k, riichi, false, riichi ? 0 : -1, &p, &tai))
        return -1;
    if (!grow((void **)&x->wins, &x->cap_wins, x->nwins + 1, sizeof *x->wins))
        return -2;
    xwin *w = &x->wins[x->nwins];
    memset(w, 0, sizeof *w);
    w->tai = tai;
    if (!riichi) {
        w->pts[0][0] = p;
        return (int)x->nwins++;
    }
    uint8_t full[JONG_KINDS];
    jong_hand_meld_counts(h, full);
    for (int j = 0; j < JONG_KINDS; j++)
        full[j] += h->counts[j] + (j == k);
    int rep[5] = {-1, -1, -1, -1, -1};
    for (int j = 0; j < JONG_KINDS; j++) {
        int c = full[jong_dora_of_indicator(j)];
        w->ura[j] = (uint8_t)c;
        if (rep[c] < 0)
            rep[c] = j;
    }
    for (int c = 0; c < 5; c++)
        for (int ip = 0; ip < 2 && rep[c] >= 0; ip++) {
            analysis_win_points(x->su, h, k, true, ip == 1, rep[c], &p, &tai);
            w->pts[ip][c] = p;
        }
    return (int)x->nwins++;
}

/* Appends one entry with its options; returns 0, or NO_NODE / -2 from node_of. */
static int add_entry(analysis_exact *x, int k, bool prot, int win, const xopt *o, int no)
{
    if (!grow((void **)&x->entries, &x->cap_entries, x->nentries + 1, sizeof *x->entries) ||
        !grow((void **)&x->opts, &x->cap_opts, x->nopts + (size_t)no, sizeof *x->opts))
        return -2;
    xentry *e = &x->entries[x->nentries++];
    e->kind = (uint8_t)k;
    e->prot = prot;
    e->win = win;
    e->first = (int32_t)x->nopts;
    e->n = no;
    if (no > 0)
        memcpy(&x->opts[x->nopts], o, (size_t)no * sizeof *o);
    x->nopts += (size_t)no;
    return 0;
}

/* Today's policy's option from hk (3N+2 tiles), remembered by hand. */
static int policy_option(analysis_exact *x, jong_hand *hk, const uint8_t *w, xopt *o)
{
    uint8_t key[JONG_KINDS + 3];
    memcpy(key, hk->counts, JONG_KINDS);
    memcpy(key + JONG_KINDS, hk->red, 3);
    size_t j = key_hash_n(key, JONG_KINDS + 3) & (x->ktable_size - 1);
    for (; x->ktable[j]; j = (j + 1) & (x->ktable_size - 1))
        if (!memcmp(x->keeps[x->ktable[j] - 1].key, key, sizeof key)) {
            *o = x->keeps[x->ktable[j] - 1].opt;
            return 0;
        }
    int thrown, s2;
    analysis_policy_discard(x->su, hk, w, &thrown, &s2);
    int rc = option_of(x, hk, s2, o);
    if (rc)
        return rc;
    if (!grow((void **)&x->keeps, &x->cap_keeps, x->nkeeps + 1, sizeof *x->keeps))
        return -2;
    /* option_of may have grown ktable's sibling, never ktable: the slot j is still free */
    memcpy(x->keeps[x->nkeeps].key, key, sizeof key);
    x->keeps[x->nkeeps].opt = *o;
    x->ktable[j] = (int32_t)++x->nkeeps;
    if (2 * x->nkeeps > x->ktable_size && !rehash_keeps(x, 2 * x->ktable_size))
        return -2;
    return 0;
}

/* The entries of node i. Nodes it leads to are made (and expanded later, breadth first). */
static int expand(analysis_exact *x, int32_t i)
{
    const analysis_setup *su = x->su;
    jong_hand h;
    hand_of_key(x, x->nodes[i].key, &h);
    bool riichi = x->nodes[i].riichi;
    int s;
    uint64_t eff = analysis_effective_kinds(su, &h, &s);
    uint8_t r[JONG_KINDS];
    model_unseen(x, h.counts, r);
    xnode *n = &x->nodes[i];
    n->shanten = (int8_t)s;
    memcpy(n->r, r, sizeof r);
    n->first = (int32_t)x->nentries;
    bool lower = x->policy == JONG_ANALYSIS_POLICY_LOWER;
    /* today's policy declares riichi as soon as a closed hand is ready with a draw left, so its
     * plain closed ready hands are only ever valued with no draw left */
    if (s == 0 && !riichi && lower && x->riichi_rules && x->closed) {
        n->leaf = true;
        return 0;
    }
    uint64_t prot = 0;
    int wins[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        wins[k] = -1;
        if (!(eff >> k & 1) || !r[k])
            continue;
        if (s == 0) {
            wins[k] = add_win(x, &h, k, riichi);
            if (wins[k] == -2)
                return -2;
            if (wins[k] < 0)
                continue; /* complete without a yaku: not a win, so not protected */
        }
        prot |= 1ull << k;
    }
    n = &x->nodes[i];
    n->prot = prot;
    n->rp = n->rn = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (prot >> k & 1)
            n->rp += r[k];
        else
            n->rn += r[k];
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!r[k])
            continue;
        bool pk = prot >> k & 1;
        if (s == 0 && pk) {
            int rc = add_entry(x, k, true, wins[k], NULL, 0);
            if (rc)
                return rc;
            continue;
        }
        if (riichi || (lower && !pk))
            continue;
        /* sideways exchanges before the hand is ready make the hands reachable too many to hold
         * (measured: over a million on 1-shanten hands, seconds each): left out unless bounded */
        if (!pk && s > 0 && x->bound < 0)
            continue;
        /* a kept draw: the hand of 3N+2 tiles and the model's unseen copies then */
        jong_hand hk = h;
        hk.counts[k]++;
        uint8_t w[JONG_KINDS];
        model_unseen(x, hk.counts, w);
        xopt o[JONG_KINDS];
        int no = 0;
        if (lower) {
            int rc = policy_option(x, &hk, w, &o[no++]);
            if (rc)
                return rc;
        } else {
            /* lowering: every discard of least shanten; otherwise (ready) the discards that keep
             * the hand ready on more copies than throwing the draw back would; with exchanges,
             * also every discard that leaves a hand within the bound */
            int sh[JONG_KINDS], ef[JONG_KINDS];
            int extra = 0; /* e(hk): its tiles beyond the starting hand's */
            for (int j = 0; j < JONG_KINDS; j++)
                extra += hk.counts[j] > x->h14[j] ? hk.counts[j] - x->h14[j] : 0;
            /* a ready hand's wait changes look at the effective copies, unless the bound lets
             * every discard that keeps it ready anyway (the copies are the costly part) */
            bool need_eff = s == 0 && x->bound < 0;
            int least = discard_options(x, &hk, w, need_eff, sh, ef);
            for (int j = 0; j < JONG_KINDS && s == 0 && !need_eff; j++)
                need_eff = hk.counts[j] && j != k && sh[j] == 0 &&
                           extra - (hk.counts[j] > x->h14[j]) > x->bound;
            if (need_eff && x->bound >= 0)
                least = discard_options(x, &hk, w, true, sh, ef);
            for (int j = 0; j < JONG_KINDS; j++) {
                if (!hk.counts[j] || j == k)
                    continue;
                bool forward = sh[j] == least && (least < s || (s == 0 && ef[j] > ef[k]));
                bool within = x->bound >= 0 && extra - (hk.counts[j] > x->h14[j]) + sh[j] <= x->bound;
                if (!forward && !within)
                    continue;
                jong_hand h2 = hk;
                analysis_remove_tile(&h2, j);
                int rc = option_of(x, &h2, sh[j], &o[no++]);
                if (rc)
                    return rc;
            }
            if (!no)
                continue;
        }
        int rc = add_entry(x, k, pk, -1, o, no);
        if (rc)
            return rc;
    }
    x->nodes[i].n = (int32_t)(x->nentries - (size_t)x->nodes[i].first);
    return 0;
}

int analysis_exact_add(analysis_exact *x, const analysis_row_hand *rh)
{
    size_t marks[5] = {x->nnodes, x->nentries, x->nopts, x->nwins, x->nkeeps};
    xopt start;
    int rc = option_of(x, &rh->h, rh->shanten, &start);
    while (!rc && x->expanded < x->nnodes)
        rc = expand(x, (int32_t)x->expanded++);
    if (rc == -2)
        return -2;
    if (rc) {
        /* past max_states: forget the row's new hands (every older one was expanded already) */
        x->nnodes = marks[0];
        x->nentries = marks[1];
        x->nopts = marks[2];
        x->nwins = marks[3];
        x->nkeeps = marks[4];
        x->expanded = x->nnodes;
        return rehash(x, x->table_size) && rehash_keeps(x, x->ktable_size) ? -1 : -2;
    }
    x->rows[x->nrows][0] = start.plain;
    x->rows[x->nrows][1] = start.riichi;
    return x->nrows++;
}

