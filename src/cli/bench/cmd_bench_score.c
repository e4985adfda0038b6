/* `jong bench score`: riichi scoring speed over a fixed seeded set of random winning hands
 * (four sets and a pair with some called or kan melds, some seven pairs, a few thirteen
 * orphans; a random winning tile among the concealed ones, random tsumo, riichi, winds, dora,
 * red fives, honba), with a checksum of every result so that a change of behaviour shows.
 * Hands that score no yaku are drawn again, so every hand of the set is a real win. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/jong.h"

#define SCORE_MIN_SECONDS 1.0

typedef struct {
    int hands;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "random winning hands", .lo = 1, .hi = 10000000, .def = "100000"},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed", .def = "20261123"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench score",
    .about = "Riichi scoring speed on one thread: N seeded random winning hands, scored again and\n"
             "again for at least a second. Prints hands scored per second and a checksum of every\n"
             "result (points, han, fu, yaku) that changes only when behaviour does.\n",
    .options = options,
};

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd(uint64_t *s, int n)
{
    return (int)(splitmix(s) % (uint64_t)n);
}

static const uint8_t yaochu[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* One set: a chow or a pon (sometimes a kan when called), concealed or called. */
static bool add_set(uint64_t *s, jong_hand *h, uint8_t used[JONG_KINDS])
{
    for (int tries = 0; tries < 100; tries++) {
        bool chow = rnd(s, 3) < 2;
        bool called = rnd(s, 10) < 3;
        if (chow) {
            int k = rnd(s, 3) * 9 + rnd(s, 7);
            if (used[k] > 3 || used[k + 1] > 3 || used[k + 2] > 3)
                continue;
            used[k]++, used[k + 1]++, used[k + 2]++;
            if (called)
                h->melds[h->nmelds++] = (jong_meld){JONG_MELD_CHOW, (uint8_t)k, 0};
            else
                h->counts[k]++, h->counts[k + 1]++, h->counts[k + 2]++;
            return true;
        }
        int k = rnd(s, JONG_KINDS);
        bool kan = rnd(s, 8) == 0;
        if (used[k] > (kan ? 0 : 1))
            continue;
        if (kan) {
            used[k] += 4;
            h->melds[h->nmelds++] = (jong_meld){called ? JONG_MELD_KONG : JONG_MELD_CONCEALED_KONG, (uint8_t)k, 0};
        } else {
            used[k] += 3;
            if (called)
                h->melds[h->nmelds++] = (jong_meld){JONG_MELD_PUNG, (uint8_t)k, 0};
            else
                h->counts[k] += 3;
        }
        return true;
    }
    return false;
}

static bool make_tiles(uint64_t *s, jong_hand *h)
{
    uint8_t used[JONG_KINDS] = {0};
    int form = rnd(s, 100);
    if (form < 8) { /* seven pairs */
        for (int n = 0; n < 7;) {
            int k = rnd(s, JONG_KINDS);
            if (!h->counts[k])
                h->counts[k] = 2, n++;
        }
        return true;
    }
    if (form < 9) { /* thirteen orphans */
        for (int i = 0; i < 13; i++)
            h->counts[yaochu[i]] = 1;
        h->counts[yaochu[rnd(s, 13)]]++;
        return true;
    }
    for (int i = 0; i < 4; i++)
        if (!add_set(s, h, used))
            return false;
    for (int tries = 0; tries < 100; tries++) {
        int k = rnd(s, JONG_KINDS);
        if (used[k] <= 2) {
            h->counts[k] += 2;
            return true;
        }
    }
    return false;
}

/* Red fives: each concealed or melded five may be the suit's red one. */
static void add_reds(uint64_t *s, jong_hand *h)
{
    for (int suit = 0; suit < 3; suit++) {
        int five = suit * 9 + 4;
        if (h->counts[five] && rnd(s, 3) == 0) {
            h->red[suit] = 1;
            continue;
        }
        for (int i = 0; i < h->nmelds; i++) {
            jong_meld *m = &h->melds[i];
            bool holds = m->type == JONG_MELD_CHOW ? five >= m->tile && five <= m->tile + 2 : m->tile == five;
            if (holds && rnd(s, 3) == 0) {
                m->red = 1;
                break;
            }
        }
    }
}

static void make_context(uint64_t *s, jong_riichi_context *c)
{
    jong_hand *h = &c->hand;
    do
        memset(c, 0, sizeof *c);
    while (!make_tiles(s, h));
    add_reds(s, h);
    int concealed = jong_hand_concealed_count(h), pick = rnd(s, concealed);
    for (int k = 0; k < JONG_KINDS; k++)
        if ((pick -= h->counts[k]) < 0) {
            c->win_tile = k;
            break;
        }
    int w = c->win_tile;
    c->win_red = w < JONG_NUMBER_KINDS && w % 9 == 4 && h->red[w / 9] >= h->counts[w];
    c->tsumo = rnd(s, 2);
    c->seat_wind = rnd(s, 4);
    c->dealer = c->seat_wind == 0;
    c->round_wind = rnd(s, 2);
    c->discarder = c->tsumo ? 0 : 1 + rnd(s, 3);
    bool closed = true, kan = false;
    for (int i = 0; i < h->nmelds; i++) {
        closed &= h->melds[i].type == JONG_MELD_CONCEALED_KONG;
        kan |= h->melds[i].type >= JONG_MELD_KONG;
    }
    if (closed && rnd(s, 2))
        c->flags |= rnd(s, 10) ? JONG_RIICHI_WIN_RIICHI : JONG_RIICHI_WIN_DOUBLE_RIICHI;
    bool riichi = c->flags != 0;
    if (riichi && rnd(s, 6) == 0 && !(c->tsumo && kan))
        c->flags |= JONG_RIICHI_WIN_IPPATSU;
    if (c->tsumo && kan && !(c->flags & JONG_RIICHI_WIN_IPPATSU) && rnd(s, 4) == 0)
        c->flags |= JONG_RIICHI_WIN_RINSHAN;
    else if (rnd(s, 20) == 0)
        c->flags |= c->tsumo ? JONG_RIICHI_WIN_HAITEI : JONG_RIICHI_WIN_HOUTEI;
    c->ndora = 1 + rnd(s, 2);
    for (int i = 0; i < c->ndora; i++)
        c->dora[i] = (uint8_t)rnd(s, JONG_KINDS);
    if (riichi) {
        c->nura = c->ndora;
        for (int i = 0; i < c->nura; i++)
            c->ura[i] = (uint8_t)rnd(s, JONG_KINDS);
    }
    c->honba = rnd(s, 3);
    c->sticks = rnd(s, 2);
}

/* n winning hands; every one scores (a hand with no yaku is drawn again). */
static jong_riichi_context *make_hands(const jong_ruleset *rs, int n, uint64_t seed)
{
    jong_riichi_context *hands = malloc((size_t)n * sizeof *hands);
    if (!hands)
        return NULL;
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        jong_riichi_result r;
        do
            make_context(&s, &hands[i]);
        while (jong_riichi_score(rs, &hands[i], &r, NULL) != JONG_OK);
    }
    return hands;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001B3ull;
}

/* One pass: every hand scored; the checksum of all results. */
static uint64_t run_pass(const jong_ruleset *rs, const jong_riichi_context *hands, int n, int *failed)
{
    uint64_t sum = 0xcbf29ce484222325ull;
    *failed = 0;
    for (int i = 0; i < n; i++) {
        jong_riichi_result r;
        if (jong_riichi_score(rs, &hands[i], &r, NULL) != JONG_OK) {
            (*failed)++;
            sum = mix(sum, 0xffff);
            continue;
        }
        uint64_t v = (uint64_t)r.pay.total | (uint64_t)r.han << 24 | (uint64_t)r.fu << 32 | (uint64_t)r.yakuman << 40 |
                     (uint64_t)r.limit << 44 | (uint64_t)r.wait << 48 | (uint64_t)r.nyaku << 52;
        sum = mix(sum, v);
        for (int y = 0; y < r.nyaku; y++)
            sum = mix(sum, (uint64_t)r.yaku[y].yaku << 8 | (uint64_t)(uint16_t)r.yaku[y].han);
    }
    return sum;
}

int bench_score(int argc, char **argv)
{
    const char *cmd = spec.name;
    bench_opts opt = {0};
    int r = cli_parse(&spec, argc, argv, &opt);
    if (r != CLI_GO)
        return r;
    int n = opt.hands;
    uint64_t seed = opt.seed;
    bool json = opt.json;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    fprintf(stderr, "jong bench score: seed %llu, %d hands\n", (unsigned long long)seed, n);
    jong_riichi_context *hands = make_hands(&rs, n, seed);
    if (!hands)
        return cli_fail(cmd, "out of memory for %d hands", n);
    int failed;
    uint64_t checksum = run_pass(&rs, hands, n, &failed); /* also warms the caches */
    long passes = 0;
    double t0 = cli_now(), t1;
    do {
        int f2;
        if (run_pass(&rs, hands, n, &f2) != checksum) {
            free(hands);
            return cli_fail(cmd, "a repeat pass gave different results");
        }
        passes++;
        t1 = cli_now();
    } while (t1 - t0 < SCORE_MIN_SECONDS);
    free(hands);
    if (failed)
        return cli_fail(cmd, "%d of the generated hands did not score", failed);
    double seconds = t1 - t0, rate = (double)passes * n / seconds;
    char sig[24];
    snprintf(sig, sizeof sig, "%016llx", (unsigned long long)checksum);
    if (json) {
        json_t *o = json_object();
        char seedtext[24];
        snprintf(seedtext, sizeof seedtext, "%llu", (unsigned long long)seed);
        json_object_set_new(o, "bench", json_string("score"));
        json_object_set_new(o, "rules", json_string("riichi"));
        json_object_set_new(o, "seed", json_string(seedtext));
        json_object_set_new(o, "hands", json_integer(n));
        json_object_set_new(o, "passes", json_integer(passes));
        json_object_set_new(o, "seconds", json_real(seconds));
        json_object_set_new(o, "rate", json_real(rate));
        json_object_set_new(o, "checksum", json_string(sig));
        char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(8));
        printf("%s\n", text);
        free(text);
        json_decref(o);
    } else {
        printf("score riichi: %d hands x %ld passes in %.3f s = %.0f hands/s, checksum %s\n", n, passes, seconds,
               rate, sig);
    }
    return CLI_OK;
}
