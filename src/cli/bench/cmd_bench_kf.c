/* `jong bench kf`: KF-TREE decision time by waiting number, like the paper's Table 3. Hands come
 * from seeded deals played forward with discards of least WN (so they look like hands of a real
 * game), bucketed by the WN of the 17-tile hand; each is one decision with the search forced on
 * (search = 5) and the early-game tables. Prints per WN the mean, median, 95th percentile and
 * largest time, the share within 2.5 s and 3 s, the mean nodes, and a signature of the choices. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_players.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "jong/jong.h"
#include "players/kf/kf.h"

#define KB_MAX_WN 5

typedef struct {
    int hands, hands_high, nodes;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "hands for each of WN 1-3", .lo = 1, .hi = 100000, .def = "200"},
    {"--hands-high", CLI_INT(hands_high), "M", "hands for each of WN 4-5", .lo = 0, .hi = 100000, .def = "20"},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed", .def = "20261123"},
    {"--nodes", CLI_INT(nodes), "N", "the search's node budget", .lo = 1, .hi = 2000000000, .def = "20000000"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench kf",
    .about = "KF-TREE decision time on one thread by waiting number (WN 1-5, as the paper's Table 3).\n"
             "Hands: a seeded 16-tile deal, then draws each followed by a discard of least WN, the\n"
             "other seats' tiles seen as discards; a hand joins bucket WN (the WN of its 17 tiles)\n"
             "until the bucket is full: N hands for WN 1-3, M for WN 4-5. Each hand is one decision\n"
             "with the search forced (search=5, node budget --nodes; a decision over budget is counted\n"
             "and falls back to KF-RULE). Prints mean/median/p95/max seconds, the share within 2.5 s\n"
             "and 3 s, mean nodes and a signature of the chosen discards and node counts.\n",
    .options = options,
};

typedef struct {
    jong_kf_hand kh;
    jong_kf_tables t;
} kb_hand;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Fill the buckets from seeded games of one seat. */
static int make_hands(uint64_t seed, int want[KB_MAX_WN + 1], kb_hand *out[KB_MAX_WN + 1],
                      const jong_ruleset *rs)
{
    int have[KB_MAX_WN + 1] = {0};
    for (uint64_t g = 0; g < 2000000; g++) {
        bool full = true;
        for (int w = 1; w <= KB_MAX_WN; w++)
            full &= have[w] >= want[w];
        if (full)
            return 0;
        uint8_t wall[136];
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            for (int c = 0; c < 4; c++)
                wall[n++] = (uint8_t)k;
        jong_rng rng;
        jong_rng_seed(&rng, jong_seed_mix(seed, g));
        for (int j = n - 1; j > 0; j--) {
            int r = (int)jong_rng_below(&rng, (uint32_t)(j + 1));
            uint8_t t = wall[j];
            wall[j] = wall[r];
            wall[r] = t;
        }
        uint8_t c[JONG_KINDS] = {0}, seen[JONG_KINDS] = {0};
        int next = 0;
        for (; next < 16; next++)
            c[wall[next]]++;
        int turns = (int)jong_rng_below(&rng, 20);
        for (int t = 0; t <= turns; t++) {
            c[wall[next++]]++;
            if (t == turns)
                break;
            int sh[JONG_KINDS];
            uint64_t tied;
            jong_discard_shanten(c, 5, sh, &tied);
            int k = __builtin_ctzll(tied);
            c[k]--;
            seen[k]++;
            for (int o = 0; o < 3 && next < n; o++)
                seen[wall[next++]]++;
        }
        int w = jong_distance_standard(c, 5);
        if (w < 1 || w > KB_MAX_WN || have[w] >= want[w])
            continue;
        kb_hand *h = &out[w][have[w]++];
        memset(h, 0, sizeof *h);
        jong_hand_clear(&h->kh.hand);
        memcpy(h->kh.hand.counts, c, sizeof c);
        h->kh.rules = rs;
        h->kh.seat = 1;
        h->kh.dealer = 0;
        int total = 0;
        for (int k = 0; k < JONG_KINDS; k++) {
            h->t.unseen[k] = (uint8_t)(4 - c[k] - seen[k]);
            total += h->t.unseen[k];
        }
        for (int k = 0; k < JONG_KINDS; k++)
            h->t.self_mo[k] = (double)h->t.unseen[k] / total;
        h->t.wall = total - 48 > 16 ? total - 48 : 16;
    }
    fprintf(stderr, "jong bench kf: could not fill the buckets\n");
    return 1;
}

int bench_kf(int argc, char **argv)
{
    bench_opts opt = {0};
    int status = cli_parse(&spec, argc, argv, &opt);
    if (status != CLI_GO)
        return status;
    long nlow = opt.hands, nhigh = opt.hands_high, nodes = opt.nodes;
    uint64_t seed = opt.seed;
    bool json = opt.json;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    int want[KB_MAX_WN + 1] = {0, (int)nlow, (int)nlow, (int)nlow, (int)nhigh, (int)nhigh};
    kb_hand *hands[KB_MAX_WN + 1] = {NULL};
    double *times = malloc(sizeof(double) * (size_t)(nlow > nhigh ? nlow : nhigh));
    int rc = times ? 0 : 1;
    for (int w = 1; w <= KB_MAX_WN && !rc; w++)
        if (!(hands[w] = calloc((size_t)want[w] + 1, sizeof(kb_hand))))
            rc = 1;
    fprintf(stderr, "jong bench kf: seed %llu, %ld hands for WN 1-3, %ld for WN 4-5\n",
            (unsigned long long)seed, nlow, nhigh);
    if (!rc)
        rc = make_hands(seed, want, hands, &rs);
    jong_kf_opts o;
    jong_kf_opts_default(&o);
    o.search_wn = KB_MAX_WN;
    o.max_nodes = nodes;
    json_t *jo = json_object(), *rows = json_array();
    uint64_t sig = 1469598103934665603ull;
    if (!rc && !json)
        printf("seed %llu\n WN  hands   mean s  median s    p95 s    max s  <=2.5s   <=3s  over budget  mean nodes\n",
               (unsigned long long)seed);
    for (int w = 1; w <= KB_MAX_WN && !rc; w++) {
        double nodes_sum = 0;
        int over = 0, n = want[w];
        for (int i = 0; i < n; i++) {
            fprintf(stderr, "\rjong bench kf: WN %d hand %d/%d", w, i + 1, n);
            jong_kf_result r;
            double t0 = cli_now();
            jong_kf_decide(&hands[w][i].kh, &hands[w][i].t, &o, NULL, &r);
            times[i] = cli_now() - t0;
            nodes_sum += (double)r.nodes;
            over += !r.searched;
            sig = (sig ^ (uint64_t)(r.best + 1)) * 1099511628211ull;
            sig = (sig ^ (uint64_t)r.nodes) * 1099511628211ull;
        }
        if (!n)
            continue;
        double sum = 0;
        int in25 = 0, in3 = 0;
        for (int i = 0; i < n; i++) {
            sum += times[i];
            in25 += times[i] <= 2.5;
            in3 += times[i] <= 3.0;
        }
        qsort(times, (size_t)n, sizeof *times, cmp_double);
        double med = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
        double p95 = times[(int)(0.95 * (n - 1))];
        if (json) {
            json_t *row = json_object();
            json_object_set_new(row, "wn", json_integer(w));
            json_object_set_new(row, "hands", json_integer(n));
            json_object_set_new(row, "mean_s", json_real(sum / n));
            json_object_set_new(row, "median_s", json_real(med));
            json_object_set_new(row, "p95_s", json_real(p95));
            json_object_set_new(row, "max_s", json_real(times[n - 1]));
            json_object_set_new(row, "within_2_5s", json_real((double)in25 / n));
            json_object_set_new(row, "within_3s", json_real((double)in3 / n));
            json_object_set_new(row, "over_budget", json_integer(over));
            json_object_set_new(row, "mean_nodes", json_real(nodes_sum / n));
            json_array_append_new(rows, row);
        } else {
            printf("%3d %6d %9.5f %9.5f %8.5f %8.5f %7.4f %6.4f %12d %11.0f\n", w, n, sum / n, med, p95,
                   times[n - 1], (double)in25 / n, (double)in3 / n, over, nodes_sum / n);
        }
    }
    fprintf(stderr, "\n");
    if (!rc) {
        char sigs[32];
        snprintf(sigs, sizeof sigs, "%016llx", (unsigned long long)sig);
        if (json) {
            json_object_set_new(jo, "seed", json_integer((json_int_t)seed));
            json_object_set_new(jo, "rows", rows);
            rows = NULL;
            json_object_set_new(jo, "signature", json_string(sigs));
            char *s = json_dumps(jo, JSON_INDENT(2));
            if (s)
                puts(s);
            free(s);
        } else {
            printf("signature %s\n", sigs);
        }
    }
    json_decref(rows);
    json_decref(jo);
    for (int w = 1; w <= KB_MAX_WN; w++)
        free(hands[w]);
    free(times);
    return rc;
}
