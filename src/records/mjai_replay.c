/* Replaying an imported game through the engine. Each hand's wall is rebuilt from the record
 * (the deal, the live draws in order, the kan replacements from the back, the dora and ura
 * indicators in their dead-wall places, the unseen tiles filled in), the engine deals it, and
 * every decision is answered with the action the record shows next. Every event the engine
 * emits must equal the record's next event (jong_mjai_event_same: fields only one side has are
 * not compared), so the engine's legality, kan-dora timing, scoring, payments, hand sequence
 * and final scores are all checked against the real game. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "engine/game_internal.h"
#include "mjai_internal.h"
#include "record_json.h"

/* Dead-wall places in a 136-tile wall (the engine's layout): replacements from the very end,
 * dora indicator i at 131 - 2i and its ura indicator just before it. */
#define WALL 136
#define DORA_AT(i) (WALL - 5 - 2 * (i))
#define URA_AT(i) (WALL - 6 - 2 * (i))

typedef struct {
    const jong_mjai_log *log;
    size_t rc; /* the record's next event to match */
    jong_mjai_replay_stats *st;
    bool failed;
    bool ended; /* a record cut short has been matched to its last event */
    bool ahead; /* ... and the engine has gone on past it (not waiting at the record's end) */
    const jong_replay_hooks *hooks; /* jong_mjai_replay_observe: told of decisions and events */
    jong_game *g;                   /* the game, once made (for the hooks) */
} replay;

static void failf(replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void failf(replay *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    r->st->diff_event = r->rc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->st->diff, sizeof r->st->diff, fmt, ap);
    va_end(ap);
}

static const char *text_of(const jong_mjai_event *ev, char *buf, size_t n)
{
    size_t len;
    char *s = jong_mjai_format(ev, buf, n, &len);
    if (s && s != buf) {
        snprintf(buf, n, "%s", s);
        free(s);
    }
    return s ? buf : "?";
}

/* The engine's event in mjai form, through the record writer's JSON (the same names). */
int jong_mjai_of_engine_event(const jong_event *ev, jong_mjai_event *out, jong_error *err)
{
    json_t *j = record_event_json(ev, NULL);
    if (!j)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int rc = mjai_parse_json(j, out, err);
    json_decref(j);
    return rc;
}

static bool engine_event(const jong_event *ev, jong_mjai_event *out)
{
    jong_error err;
    return jong_mjai_of_engine_event(ev, out, &err) == JONG_OK;
}

static void sink(void *ctx, const jong_event *ev)
{
    replay *r = ctx;
    if (r->failed)
        return;
    if (r->hooks && r->hooks->event && r->g)
        r->hooks->event(r->hooks->ctx, r->g, ev);
    jong_mjai_event mine;
    if (!engine_event(ev, &mine)) {
        failf(r, "the engine's %s event does not read as mjai", jong_event_type_name(ev->type));
        return;
    }
    if (mine.type == JONG_MJAI_START_GAME) /* names and options differ by nature */
        return;
    char a[700], b[700], why[64];
    if (r->rc >= r->log->n && !r->log->complete) {
        r->ended = r->ahead = true;
        return;
    }
    if (r->rc >= r->log->n) {
        failf(r, "the record ends; the engine goes on: %s", text_of(&mine, a, sizeof a));
        return;
    }
    const jong_mjai_event *rec = &r->log->ev[r->rc];
    /* The engine's actions name kinds, not copies: a discard of the drawn kind while another
     * copy is in hand is the record's to call tsumogiri or not. */
    if (rec->type == JONG_MJAI_DAHAI && mine.type == JONG_MJAI_DAHAI && rec->pai == mine.pai)
        mine.tsumogiri = rec->tsumogiri;
    /* what the record hides (a seat's own view of a game) is not compared */
    if (rec->pai == JONG_HIDDEN)
        mine.pai = JONG_HIDDEN;
    if (rec->type == JONG_MJAI_START_KYOKU && mine.type == JONG_MJAI_START_KYOKU)
        for (int s = 0; s < 4; s++)
            if (rec->ntehais[s] && rec->tehais[s][0] == JONG_HIDDEN) {
                memcpy(mine.tehais[s], rec->tehais[s], sizeof mine.tehais[s]);
                mine.ntehais[s] = rec->ntehais[s];
            }
    /* the engine does not name who declared nine terminals */
    if (rec->type == JONG_MJAI_RYUKYOKU && mine.type == JONG_MJAI_RYUKYOKU && mine.actor < 0)
        mine.actor = rec->actor;
    if (!jong_mjai_event_same(rec, &mine, why, sizeof why)) {
        failf(r, "%s differs: record %s engine %s", why, text_of(rec, a, sizeof a), text_of(&mine, b, sizeof b));
        return;
    }
    r->rc++;
    r->st->events++;
}

/* ---- the wall of a hand from its record ---- */

/* Tiles a seat holds but the record hides ("?" in a seat's own view of a game): wall places
 * still free, bound to a tile when the seat shows it (a discard, a call). */
typedef struct {
    int pos[4][40];
    int n[4];
    int last_draw[4]; /* place of the seat's latest draw, -1 */
    bool reach[4];    /* the seat declared riichi: its next discard leaves a tenpai hand */
    int tenpai_pos[4][14]; /* the hidden places of that hand, filled as a tenpai hand */
    int ntenpai[4];
    uint64_t kan_near[4];  /* kinds next to a concealed kan in riichi: kept out of that hand */
} hidden_slots;

static void add_slot(hidden_slots *h, int s, int p)
{
    if (h->n[s] < 40)
        h->pos[s][h->n[s]++] = p;
}

/* The seat shows `tile` from its hand: one of its hidden places is that tile (the drawn one for
 * a tsumogiri, another one if there is for anything else). No hidden place: nothing to do. */
static void bind_slot(hidden_slots *h, int s, int tile, bool drawn, uint8_t *wall, bool *known)
{
    if (h->n[s] == 0)
        return;
    int k = -1;
    for (int i = 0; i < h->n[s]; i++)
        if ((h->pos[s][i] == h->last_draw[s]) == drawn) {
            k = i;
            break;
        }
    if (k < 0)
        k = h->n[s] - 1;
    wall[h->pos[s][k]] = (uint8_t)tile;
    known[h->pos[s][k]] = true;
    h->pos[s][k] = h->pos[s][--h->n[s]];
}

/* `need` sets (triplets, runs) from the unseen counts, kinds from `from` on, into out (3 kinds
 * each); a bounded depth-first search (budget nodes), the counts restored when it fails. */
static bool take_sets(int left[64], int need, int from, uint8_t *out, int *budget)
{
    if (need == 0)
        return true;
    if (--*budget < 0)
        return false;
    for (int k = from; k < JONG_KINDS; k++) {
        if (left[k] >= 3) {
            left[k] -= 3;
            out[0] = out[1] = out[2] = (uint8_t)k;
            if (take_sets(left, need - 1, k, out + 3, budget))
                return true;
            left[k] += 3;
        }
        if (k < JONG_NUMBER_KINDS && k % 9 <= 6 && left[k] && left[k + 1] && left[k + 2]) {
            for (int i = 0; i < 3; i++) {
                left[k + i]--;
                out[i] = (uint8_t)(k + i);
            }
            if (take_sets(left, need - 1, k, out + 3, budget))
                return true;
            for (int i = 0; i < 3; i++)
                left[k + i]++;
        }
    }
    return false;
}

/* How many of kind k the first n tiles of hand hold. */
static int held(const uint8_t *hand, int n, int k)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += hand[i] == k;
    return c;
}

/* A tenpai hand of n = 3k+1 tiles from the unseen counts (taken from left): k sets and a single
 * tile (a wait on its pair), else k-1 sets, a pair and two tiles of a run (a wait on its third),
 * else k-1 sets and two pairs (a wait on either), else (13 tiles) six pairs and a single. Each
 * wait is on a kind the hand does not hold four of, so that it is tenpai for the engine. */
static bool tenpai_hand(int left[64], int n, uint8_t *hand)
{
    int k = n / 3, budget = 20000;
    if (take_sets(left, k, 0, hand, &budget)) {
        for (int pass = 0; pass < 2; pass++) /* a live wait (another copy unseen) first */
            for (int t = JONG_KINDS - 1; t >= 0; t--)
                if (left[t] >= (pass ? 1 : 2) && held(hand, n - 1, t) < 3) {
                    hand[n - 1] = (uint8_t)t;
                    left[t]--;
                    return true;
                }
        for (int i = 0; i < n - 1; i++) /* no single fits: give the sets back */
            left[hand[i]]++;
    }
    budget = 20000;
    if (k >= 1 && take_sets(left, k - 1, 0, hand, &budget)) {
        int m = 3 * (k - 1);
        for (int p = 0; p < JONG_KINDS; p++) {
            if (left[p] < 2)
                continue;
            left[p] -= 2;
            for (int a = 0; a < JONG_NUMBER_KINDS; a++) /* a pair and a two-sided, edge or closed wait */
                for (int gap = 1; gap <= 2; gap++) {
                    int b = a + gap;
                    if (b >= JONG_NUMBER_KINDS || b / 9 != a / 9 || !left[a] || !left[b])
                        continue;
                    hand[m] = hand[m + 1] = (uint8_t)p;
                    hand[m + 2] = (uint8_t)a;
                    hand[m + 3] = (uint8_t)b;
                    left[a]--, left[b]--;
                    return true;
                }
            for (int q = p + 1; q < JONG_KINDS; q++) /* two pairs: a wait on either */
                if (left[q] >= 2 && held(hand, m, p) < 2) {
                    hand[m] = hand[m + 1] = (uint8_t)p;
                    hand[m + 2] = hand[m + 3] = (uint8_t)q;
                    left[q] -= 2;
                    return true;
                }
            left[p] += 2;
        }
        for (int i = 0; i < m; i++)
            left[hand[i]]++;
    }
    if (n == 13) { /* six pairs of different kinds and a single of a seventh */
        int m = 0;
        for (int t = 0; t < JONG_KINDS && m < 12; t++)
            if (left[t] >= 2) {
                hand[m++] = (uint8_t)t;
                hand[m++] = (uint8_t)t;
            }
        for (int t = 0; t < JONG_KINDS && m == 12; t++)
            if (left[t] >= 1 && held(hand, 12, t) == 0)
                hand[m++] = (uint8_t)t;
        if (m == 13) {
            for (int i = 0; i < 13; i++)
                left[hand[i]]--;
            return true;
        }
    }
    return false;
}

/* Fill n = 3k+1 hidden places with a tenpai hand from the unseen tiles (tenpai_hand); when the
 * unseen tiles hold none, triplets, runs and singles as they come. Places it cannot fill stay
 * free. */
static void fill_tenpai(const int *pos, int n, int left[64], uint8_t *wall, bool *known)
{
    uint8_t hand[14];
    if (n <= 14 && n % 3 == 1 && tenpai_hand(left, n, hand)) {
        for (int i = 0; i < n; i++) {
            wall[pos[i]] = hand[i];
            known[pos[i]] = true;
        }
        return;
    }
    int used = 0;
    for (int k = 0; k < JONG_KINDS && used + 3 < n + (n % 3 == 1 ? 0 : 1); k++)
        while (left[k] >= 3 && used + 3 <= n - 1) {
            for (int i = 0; i < 3; i++) {
                wall[pos[used]] = (uint8_t)k;
                known[pos[used++]] = true;
            }
            left[k] -= 3;
        }
    for (int k = 0; k + 2 < JONG_NUMBER_KINDS && used + 3 <= n - 1; k++)
        while (k % 9 <= 6 && left[k] && left[k + 1] && left[k + 2] && used + 3 <= n - 1)
            for (int i = 0; i < 3; i++) {
                wall[pos[used]] = (uint8_t)(k + i);
                known[pos[used++]] = true;
                left[k + i]--;
            }
    for (int k = JONG_KINDS - 1; k >= 0 && used < n; k--)
        if (left[k] >= 1) {
            wall[pos[used]] = (uint8_t)k;
            known[pos[used++]] = true;
            left[k]--;
        }
}

static int build_wall(replay *r, size_t at, uint8_t wall[WALL], bool red)
{
    const jong_mjai_log *log = r->log;
    const jong_mjai_event *sk = &log->ev[at];
    bool known[WALL] = {false};
    hidden_slots hid;
    memset(&hid, 0, sizeof hid);
    int deal_pos[4][13], nd[4] = {0}, pos = 0;
    for (int round = 0; round < 4; round++) /* three rounds of four from the dealer, then one each */
        for (int i = 0; i < 4; i++) {
            int s = (sk->oya + i) % 4;
            for (int k = 0; k < (round < 3 ? 4 : 1); k++)
                deal_pos[s][nd[s]++] = pos++;
        }
    for (int s = 0; s < 4; s++) {
        hid.last_draw[s] = -1;
        if (sk->ntehais[s] != 13) {
            failf(r, "start_kyoku: seat %d is not dealt 13 tiles", s);
            return -1;
        }
        for (int j = 0; j < 13; j++) {
            if (sk->tehais[s][j] == JONG_HIDDEN) {
                add_slot(&hid, s, deal_pos[s][j]);
                continue;
            }
            wall[deal_pos[s][j]] = sk->tehais[s][j];
            known[deal_pos[s][j]] = true;
        }
    }
    int live = 52, back = WALL - 1, ndora = 0;
    wall[DORA_AT(0)] = sk->dora_marker;
    known[DORA_AT(0)] = true;
    bool kan = false;
    for (size_t i = at + 1; i < log->n && log->ev[i].type != JONG_MJAI_END_KYOKU; i++) {
        const jong_mjai_event *e = &log->ev[i];
        int p = -1, a = e->actor >= 0 && e->actor < 4 ? e->actor : 0;
        switch (e->type) {
        case JONG_MJAI_TSUMO:
            if (!kan && live > back - 13) {
                failf(r, "more draws than the wall holds");
                return -1;
            }
            p = kan ? back-- : live++;
            kan = false;
            hid.last_draw[a] = p;
            if (e->pai == JONG_HIDDEN) {
                add_slot(&hid, a, p);
                p = -1;
            }
            break;
        case JONG_MJAI_DAHAI:
            bind_slot(&hid, a, e->pai, e->tsumogiri, wall, known);
            if (hid.reach[a]) { /* a hidden hand in riichi: it must be tenpai for the engine */
                hid.reach[a] = false;
                hid.ntenpai[a] = hid.n[a] < 14 ? hid.n[a] : 14;
                memcpy(hid.tenpai_pos[a], hid.pos[a], sizeof(int) * (size_t)hid.ntenpai[a]);
                hid.n[a] = 0;
            }
            break;
        case JONG_MJAI_REACH:
            hid.reach[a] = hid.n[a] > 0;
            break;
        case JONG_MJAI_CHI:
        case JONG_MJAI_PON:
        case JONG_MJAI_DAIMINKAN:
        case JONG_MJAI_ANKAN:
            for (int k = 0; k < e->nconsumed; k++) {
                if (hid.n[a] == 0 && hid.ntenpai[a] > 1) {
                    /* a concealed kan in riichi: the hand set at the riichi holds its tiles */
                    int q = hid.tenpai_pos[a][--hid.ntenpai[a]];
                    wall[q] = e->consumed[k];
                    known[q] = true;
                    /* the kan must not change the wait: no run of the made-up hand may reach
                     * the kan's kind */
                    int kk = jong_code_kind(e->consumed[k]);
                    for (int d = -2; d <= 2 && kk < JONG_NUMBER_KINDS; d++)
                        if (kk + d >= 0 && (kk + d) / 9 == kk / 9)
                            hid.kan_near[a] |= 1ull << (kk + d);
                    continue;
                }
                bind_slot(&hid, a, e->consumed[k], false, wall, known);
            }
            kan = e->type == JONG_MJAI_DAIMINKAN || e->type == JONG_MJAI_ANKAN;
            break;
        case JONG_MJAI_KAKAN:
            bind_slot(&hid, a, e->pai, false, wall, known);
            kan = true;
            break;
        case JONG_MJAI_DORA:
            if (ndora < 4)
                p = DORA_AT(++ndora);
            break;
        case JONG_MJAI_HORA:
            for (int u = 0; (e->has & JONG_MJAI_HAS_URA) && u < e->nura && u < 5; u++) {
                wall[URA_AT(u)] = e->ura[u];
                known[URA_AT(u)] = true;
            }
            break;
        default:
            break;
        }
        if (p >= 0) {
            wall[p] = e->pai;
            known[p] = true;
        }
    }
    /* the unseen tiles: what is left of the 136 */
    int left[64] = {0};
    for (int k = 0; k < JONG_KINDS; k++)
        left[k] = 4;
    if (red)
        for (int suit = 0; suit < 3; suit++) {
            left[suit * 9 + 4]--;
            left[JONG_CODE_RED_BASE + suit] = 1;
        }
    for (int p = 0; p < WALL; p++)
        if (known[p]) {
            int c = wall[p];
            if (c >= 64 || left[c]-- <= 0) {
                failf(r, "tile %s appears more often than the wall holds", jong_mjai_tile_name(c));
                return -1;
            }
        }
    for (int s = 0; s < 4; s++)
        if (hid.ntenpai[s]) {
            int kept[JONG_KINDS];
            for (int k = 0; k < JONG_KINDS; k++) {
                kept[k] = hid.kan_near[s] >> k & 1 ? left[k] : 0;
                left[k] -= kept[k];
            }
            fill_tenpai(hid.tenpai_pos[s], hid.ntenpai[s], left, wall, known);
            for (int k = 0; k < JONG_KINDS; k++)
                left[k] += kept[k];
        }
    int c = 0;
    for (int p = 0; p < WALL; p++)
        if (!known[p]) {
            while (c < 64 && left[c] == 0)
                c++;
            wall[p] = (uint8_t)c;
            left[c]--;
        }
    return 0;
}

/* ---- the answers ---- */

static int find(const jong_action *legal, int n, int type, int tile, int low, int flags, bool any_red)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == type && (tile < 0 || legal[i].tile == tile) && (low < 0 || legal[i].low == low) &&
            (any_red ? (legal[i].flags & ~JONG_ACT_FLAG_RED) == (flags & ~JONG_ACT_FLAG_RED) : legal[i].flags == flags))
            return i;
    return -1;
}

static bool has_red(const uint8_t *t, int n)
{
    for (int i = 0; i < n; i++)
        if (jong_code_is_red(t[i]))
            return true;
    return false;
}

/* What seat s does, by the record from its next event on (dora and reach_accepted events are
 * skipped: the engine shows an open kan's indicator at the discard, and accepts a riichi once
 * the claims on its discard are known). Fills *a; false when the record shows nothing
 * for s (then s passes, if it may). */
/* The action of one message by seat s (dahai, ankan, kakan, chi, pon, daiminkan, hora,
 * nine terminals); false for anything else. */
static bool action_of(const jong_mjai_event *e, int s, jong_action *a)
{
    memset(a, 0, sizeof *a);
    int kind = jong_code_kind(e->pai);
    if (e->actor != s)
        return false;
    switch (e->type) {
    case JONG_MJAI_DAHAI:
        a->type = JONG_ACT_DISCARD;
        a->tile = (uint8_t)kind;
        a->flags = jong_code_is_red(e->pai) ? JONG_ACT_FLAG_RED : 0;
        return true;
    case JONG_MJAI_ANKAN:
        a->type = JONG_ACT_CONCEALED_KONG;
        a->tile = (uint8_t)jong_code_kind(e->consumed[0]);
        return true;
    case JONG_MJAI_KAKAN:
        a->type = JONG_ACT_ADDED_KONG;
        a->tile = (uint8_t)kind;
        a->flags = jong_code_is_red(e->pai) ? JONG_ACT_FLAG_RED : 0;
        return true;
    case JONG_MJAI_CHI:
    case JONG_MJAI_PON:
    case JONG_MJAI_DAIMINKAN: {
        a->type = e->type == JONG_MJAI_CHI ? JONG_ACT_CHI : e->type == JONG_MJAI_PON ? JONG_ACT_PON : JONG_ACT_KONG;
        a->tile = (uint8_t)kind;
        if (e->type == JONG_MJAI_CHI) {
            int low = kind;
            for (int k = 0; k < e->nconsumed; k++)
                if (jong_code_kind(e->consumed[k]) < low)
                    low = jong_code_kind(e->consumed[k]);
            a->low = (uint8_t)low;
        }
        a->flags = has_red(e->consumed, e->nconsumed) ? JONG_ACT_FLAG_RED : 0;
        return true;
    }
    case JONG_MJAI_HORA:
        a->type = e->target == s ? JONG_ACT_SELF_DRAW_WIN : JONG_ACT_WIN;
        return true;
    case JONG_MJAI_RYUKYOKU:
        if (e->reason != JONG_MJAI_RK_KYUSHU)
            return false;
        a->type = JONG_ACT_NINE_TERMINALS;
        return true;
    default:
        return false;
    }
}

/* The legal action that `want` names: exact flags first; kans and wins match whatever red
 * flag the engine lists. -1 when none. */
static int match(const jong_action *legal, int n, const jong_action *want)
{
    bool is_kan = want->type == JONG_ACT_KONG || want->type == JONG_ACT_CONCEALED_KONG ||
                  want->type == JONG_ACT_ADDED_KONG;
    bool wins = want->type == JONG_ACT_WIN || want->type == JONG_ACT_SELF_DRAW_WIN ||
                want->type == JONG_ACT_NINE_TERMINALS;
    int low = want->type == JONG_ACT_CHI ? want->low : -1;
    int k = find(legal, n, want->type, wins ? -1 : want->tile, low, want->flags, false);
    if (k < 0 && (is_kan || wins))
        k = find(legal, n, want->type, wins ? -1 : want->tile, low, want->flags, true);
    return k;
}

int jong_mjai_find_action(const jong_mjai_event *m, int seat, bool riichi, const jong_action *legal, int n)
{
    jong_action a;
    if (m->type == JONG_MJAI_NONE) {
        a.type = JONG_ACT_PASS;
        return find(legal, n, JONG_ACT_PASS, -1, -1, 0, false);
    }
    if (!action_of(m, seat, &a))
        return -1;
    if (riichi && a.type == JONG_ACT_DISCARD)
        a.flags |= JONG_ACT_FLAG_RIICHI;
    return match(legal, n, &a);
}

/* What seat s does, by the record from its next event on (dora and reach_accepted events are
 * skipped: the engine shows an open kan's indicator at the discard, and accepts a riichi once
 * the claims on its discard are known). Fills *a; false when the record shows nothing for s
 * (then s passes, if it may). */
static bool wanted(const replay *r, int s, jong_action *a)
{
    const jong_mjai_log *log = r->log;
    size_t i = r->rc;
    while (i < log->n && (log->ev[i].type == JONG_MJAI_DORA || log->ev[i].type == JONG_MJAI_REACH_ACCEPTED))
        i++;
    if (i >= log->n)
        return false;
    const jong_mjai_event *e = &log->ev[i];
    memset(a, 0, sizeof *a);
    if (e->type == JONG_MJAI_REACH) {
        if (e->actor != s)
            return false;
        for (i++; i < log->n && log->ev[i].type != JONG_MJAI_DAHAI; i++)
            ;
        if (i >= log->n || !action_of(&log->ev[i], s, a))
            return false;
        a->flags |= JONG_ACT_FLAG_RIICHI;
        return true;
    }
    if (e->type == JONG_MJAI_HORA) {
        /* one or more winners in a row (a double ron) */
        for (; i < log->n && log->ev[i].type == JONG_MJAI_HORA; i++)
            if (action_of(&log->ev[i], s, a))
                return true;
        return false;
    }
    if (e->type == JONG_MJAI_RYUKYOKU && e->reason == JONG_MJAI_RK_TRIPLE_RON && (e->has & JONG_MJAI_HAS_TEHAIS) &&
        e->ntehais[s]) {
        a->type = JONG_ACT_WIN;
        return true;
    }
    return action_of(e, s, a);
}

static void decide(replay *r, jong_game *g)
{
    unsigned pending = jong_game_pending(g);
    jong_action chosen[4];
    for (int s = 0; s < 4 && !r->failed; s++) {
        if (!(pending >> s & 1))
            continue;
        jong_action legal[JONG_MAX_ACTIONS], want;
        int n = jong_game_legal(g, s, legal);
        int k;
        char a[700];
        const char *next = r->rc < r->log->n ? text_of(&r->log->ev[r->rc], a, sizeof a) : "the end";
        if (wanted(r, s, &want)) {
            k = match(legal, n, &want);
            if (k < 0) {
                char act[64];
                jong_action_format(&want, act, sizeof act);
                failf(r, "seat %d may not %s (record: %s)", s, act, next);
                return;
            }
        } else {
            k = find(legal, n, JONG_ACT_PASS, -1, -1, 0, false);
            if (k < 0 && !r->log->complete && r->rc + 2 >= r->log->n) {
                r->ended = true; /* cut inside this decision (a riichi without its discard) */
                return;
            }
            if (k < 0) {
                failf(r, "the engine asks seat %d to act; the record's next event says nothing of it: %s", s, next);
                return;
            }
        }
        chosen[s] = legal[k];
        if (r->hooks && r->hooks->decision)
            r->hooks->decision(r->hooks->ctx, g, s, &chosen[s]);
    }
    for (int s = 0; s < 4 && !r->failed; s++) {
        if (!(pending >> s & 1))
            continue;
        jong_error err;
        if (jong_game_act(g, s, &chosen[s], &err)) {
            failf(r, "the engine refuses seat %d's answer: %s", s, err.msg);
            return;
        }
    }
}

/* Deal the hand that starts at the record's next event and play it to its end or the record's. */
static int play_hand(replay *r, jong_game *g)
{
    uint8_t wall[WALL];
    if (build_wall(r, r->rc, wall, r->log->red_fives))
        return -1;
    jong_error e;
    if (jong_game_start_hand_with_wall(g, wall, WALL, &e)) {
        failf(r, "the engine does not deal the hand: %s", e.msg);
        return -1;
    }
    for (int steps = 0; !r->failed && !r->ended && !jong_game_hand_over(g) && jong_game_pending(g); steps++) {
        if (r->rc >= r->log->n && !r->log->complete) {
            r->ended = true;
            break;
        }
        if (steps > 2000) {
            failf(r, "the hand does not end");
            return -1;
        }
        decide(r, g);
    }
    return r->failed ? -1 : 0;
}

/* A game cut by a hand limit (Jong's server plays one_kyoku games: the rules' "hands"): an
 * .mjson record whose end_game comes where the engine would deal the next hand, with the
 * engine's scores at that point, as the last event. Imported Tenhou games never end so. */
static bool limited_end(const jong_mjai_log *log, size_t i, const jong_game *g)
{
    const jong_mjai_event *e = &log->ev[i];
    if (log->source != JONG_MJAI_SRC_MJSON || e->type != JONG_MJAI_END_GAME || i + 1 != log->n ||
        !(e->has & JONG_MJAI_HAS_SCORES))
        return false;
    int32_t now[JONG_SEATS];
    jong_game_scores(g, now);
    if (!memcmp(now, e->scores, sizeof now))
        return true;
    /* a game cut after its hands gives the riichi sticks left on the table to the first place
     * (ties to the seat nearer seat 0), as the engine does at a game's end (jong serve's
     * one_kyoku games) */
    jong_view v;
    jong_game_view(g, 0, &v);
    int first = 0;
    for (int s = 1; s < JONG_SEATS; s++)
        if (now[s] > now[first])
            first = s;
    now[first] += 1000 * v.kyotaku;
    return v.kyotaku > 0 && !memcmp(now, e->scores, sizeof now);
}

/* The replay itself; with keep, the game is handed back as the record leaves it (a game in
 * progress: the caller asks it for the next decision and frees it). */
static int replay_game(const jong_mjai_log *log, const jong_ruleset *rules, const jong_replay_hooks *hooks,
                       jong_mjai_replay_stats *st, jong_game **keep, jong_error *err)
{
    memset(st, 0, sizeof *st);
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "three-player game: Jong plays four-player riichi only");
    if (rules && rules->variant != JONG_VARIANT_RIICHI)
        return jong_error_set(err, JONG_ERR_ARG, -1, "imported games replay with riichi rules only");
    jong_ruleset rs;
    if (rules)
        rs = *rules;
    else
        jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = !log->east_south;
    rs.red_fives = log->red_fives ? 3 : 0;
    replay r = {log, 0, st, false, false, false, hooks, NULL};
    jong_game *g = NULL;
    if (jong_game_new(&rs, 0, 0, sink, &r, &g, err))
        return err ? err->code : JONG_ERR_ARG;
    r.g = g;
    if (log->n && log->ev[0].type == JONG_MJAI_START_GAME)
        r.rc = 1;
    /* the engine starts games at East 1: a record that starts later cannot be dealt */
    if (r.rc < log->n) {
        const jong_mjai_event *sk = &log->ev[r.rc];
        bool first = sk->type == JONG_MJAI_START_KYOKU && sk->bakaze == 0 && sk->kyoku == 1 && sk->honba == 0 &&
                     sk->kyotaku == 0;
        for (int s = 0; s < 4 && first; s++)
            first = !(sk->has & JONG_MJAI_HAS_SCORES) || sk->scores[s] == rs.start_score;
        if (!first) {
            jong_game_free(g);
            st->not_from_start = true;
            return jong_error_set(err, JONG_ERR_ARG, -1, "the record starts in the middle of a game");
        }
    }
    while (!r.failed && r.rc < log->n && !jong_game_over(g)) {
        if (log->ev[r.rc].type != JONG_MJAI_START_KYOKU) {
            if (limited_end(log, r.rc, g)) {
                st->hand_limit = st->hands;
                r.rc++;
            } else {
                failf(&r, "a hand should start here");
            }
            break;
        }
        if (play_hand(&r, g))
            break;
        if (!r.failed && !r.ended)
            st->hands++;
        if (r.ended)
            break;
    }
    if (!r.failed && !r.ended && r.rc < log->n)
        failf(&r, "the engine ends the game before the record does");
    if (!r.failed && log->complete && !jong_game_over(g) && !st->hand_limit)
        failf(&r, "the record ends the game; the engine does not");
    if (keep && !r.failed && !r.ahead)
        *keep = g;
    else
        jong_game_free(g);
    st->cut = (r.ended || !log->complete) && !st->hand_limit;
    if (r.failed)
        return jong_error_set(err, JONG_ERR_ARG, -1, "event %zu: %.150s", st->diff_event + 1, st->diff);
    return JONG_OK;
}

int jong_mjai_replay(const jong_mjai_log *log, jong_mjai_replay_stats *st, jong_error *err)
{
    return replay_game(log, NULL, NULL, st, NULL, err);
}

int jong_mjai_replay_observe(const jong_mjai_log *log, const jong_replay_hooks *hooks, jong_mjai_replay_stats *st,
                             jong_error *err)
{
    return replay_game(log, NULL, hooks, st, NULL, err);
}

int jong_mjai_replay_rules(const jong_mjai_log *log, const jong_ruleset *rules, const jong_replay_hooks *hooks,
                           jong_mjai_replay_stats *st, jong_error *err)
{
    return replay_game(log, rules, hooks, st, NULL, err);
}

/* ---- a seat's decision in a game in progress ---- */

int jong_mjai_live(const jong_mjai_log *log, int seat, jong_mjai_decision *d, jong_error *err)
{
    memset(d, 0, sizeof *d);
    d->seat = seat;
    d->last_draw = d->last_tile = JONG_NO_TILE;
    d->last_actor = -1;
    if (seat < 0 || seat > 3)
        return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d: 0-3 expected", seat);
    jong_ruleset_default(&d->rules, JONG_VARIANT_RIICHI);
    d->rules.tonpuu = !log->east_south;
    d->rules.red_fives = log->red_fives ? 3 : 0;
    for (size_t i = log->n; i-- > 0 && log->ev[i].type != JONG_MJAI_START_KYOKU;) {
        const jong_mjai_event *e = &log->ev[i];
        if (d->last_tile == JONG_NO_TILE && (e->type == JONG_MJAI_DAHAI || e->type == JONG_MJAI_KAKAN)) {
            d->last_tile = e->pai;
            d->last_actor = e->actor;
        }
        if (d->last_draw == JONG_NO_TILE && e->type == JONG_MJAI_TSUMO && e->actor == seat)
            d->last_draw = e->pai;
    }
    const jong_mjai_event *last = log->n ? &log->ev[log->n - 1] : NULL;
    d->after_reach = last && last->type == JONG_MJAI_REACH && last->actor == seat;
    d->after_own_draw = last && last->type == JONG_MJAI_TSUMO && last->actor == seat;
    /* only the hand in progress is replayed, from its start_kyoku's state: hands before it may
     * hold other seats' hidden tiles that no later event shows */
    size_t h = log->n;
    while (h > 0 && log->ev[h - 1].type != JONG_MJAI_START_KYOKU)
        h--;
    if (h == 0) { /* no hand yet: nothing to decide, unless the events say otherwise */
        if (log->n && log->ev[log->n - 1].type != JONG_MJAI_START_GAME)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s before any start_kyoku",
                                  jong_mjai_type_name(log->ev[log->n - 1].type));
        return JONG_OK;
    }
    h--;
    for (size_t i = h; i < log->n; i++) /* the hand is over: nothing to decide before the next */
        if (log->ev[i].type == JONG_MJAI_HORA || log->ev[i].type == JONG_MJAI_RYUKYOKU ||
            log->ev[i].type == JONG_MJAI_END_KYOKU || log->ev[i].type == JONG_MJAI_END_GAME)
            return JONG_OK;
    jong_mjai_log hand = *log;
    hand.ev = log->ev + h;
    hand.n = log->n - h;
    hand.complete = false;
    jong_mjai_replay_stats st;
    memset(&st, 0, sizeof st);
    replay r = {&hand, 0, &st, false, false, false, NULL, NULL};
    jong_game *g = NULL;
    if (jong_game_new(&d->rules, 0, 0, sink, &r, &g, err))
        return err ? err->code : JONG_ERR_ARG;
    const jong_mjai_event *sk = &hand.ev[0];
    g->dealer = sk->oya >= 0 && sk->oya < 4 ? sk->oya : 0;
    g->round_wind = sk->bakaze & 3;
    g->streak = sk->honba;
    g->sticks = sk->kyotaku;
    g->hand_number = (sk->bakaze & 3) * 4 + sk->kyoku - 1;
    if (sk->has & JONG_MJAI_HAS_SCORES) {
        g->total_score = 1000 * sk->kyotaku;
        for (int s = 0; s < 4; s++)
            g->total_score += g->scores[s] = sk->scores[s];
    }
    play_hand(&r, g);
    if (r.failed) {
        snprintf(d->why, sizeof d->why, "%s", st.diff);
        jong_game_free(g);
        return jong_error_set(err, JONG_ERR_ARG, -1, "%.180s", st.diff);
    }
    if (r.ahead) {
        jong_game_free(g);
        return JONG_OK;
    }
    if (g && !jong_game_over(g) && (jong_game_pending(g) >> seat & 1)) {
        jong_action all[JONG_MAX_ACTIONS];
        int n = jong_game_legal(g, seat, all);
        for (int i = 0; i < n; i++)
            if (!d->after_reach || (all[i].type == JONG_ACT_DISCARD && (all[i].flags & JONG_ACT_FLAG_RIICHI)))
                d->legal[d->nlegal++] = all[i];
        jong_game_view(g, seat, &d->view);
    }
    jong_game_free(g);
    return JONG_OK;
}
