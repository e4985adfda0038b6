/* `jong bench loh-local`: Loh's local search (jong_loh_local_distance) against the exact target
 * distances (jong_hand_target) on seeded random concealed hands of each size: riichi 13 and 14
 * tiles, Taiwanese 16 and 17, each the first tiles of a freshly shuffled 136-tile wall. For each
 * size and target: how often the search finds the exact distance (after its first climb alone,
 * and with R reshuffles), how often it claims less, the mean and largest excess, the time per
 * call of both, and the swaps and reshuffles per call. The signature covers every distance both
 * calls gave (not the times), so it changes only when a result does. */
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
#include "jong/rng.h"

typedef struct {
    int hands, restarts;
    uint64_t seed;
    bool json;
} bench_opts;

#define OPTS bench_opts
static const cli_option options[] = {
    {"--hands", CLI_INT(hands), "N", "hands of each size", .lo = 1, .hi = 1000000, .def = "2000"},
    {"--seed", CLI_SEED(seed), "S", "the hands' seed (and, mixed with each hand's number, the search's)",
     .def = "1"},
    {"--restarts", CLI_INT(restarts), "R", "the search stops after R reshuffles in a row without a rise "
     "(the paper's 5)", .lo = 0, .hi = 100000, .def = "5"},
    {"--json", CLI_FLAG(json), NULL, "one JSON object"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "bench loh-local",
    .about = "Loh's local search (the paper's histogram method with an imaginary tile and R random\n"
             "reshuffles, jong_loh_local_distance) against the exact distance (jong_hand_target) on N\n"
             "seeded random concealed hands of each size (riichi 13, 14; Taiwanese 16, 17 tiles) for\n"
             "each target of standard shape, on one thread. Per size and target: the share of hands\n"
             "where the search finds the exact distance with R reshuffles and after its first climb\n"
             "(no reshuffle), the hands where it claims less than the exact distance, the mean and\n"
             "largest excess (local - exact), nanoseconds per call of each, swaps tried and\n"
             "reshuffles per call; then a signature of every distance.\n",
    .options = options,
};

static const struct {
    jong_variant v;
    int tiles;
} sizes[] = {{JONG_VARIANT_RIICHI, 13}, {JONG_VARIANT_RIICHI, 14}, {JONG_VARIANT_TAIWAN, 16}, {JONG_VARIANT_TAIWAN, 17}};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static const int targets[] = {JONG_TARGET_STANDARD, JONG_TARGET_ALL_PONGS, JONG_TARGET_ALL_CHOWS, JONG_TARGET_FULL_FLUSH,
                              JONG_TARGET_HALF_FLUSH};
#define NTARGETS ((int)(sizeof targets / sizeof targets[0]))

typedef struct {
    long equal, first_equal, below, excess_sum;
    int excess_max;
    uint64_t swaps, reshuffles;
    double local_s, exact_s;
} row;

/* Hand i of a size: the first `tiles` tiles of a wall shuffled by its own generator. */
static void make_hand(uint64_t seed, int size, int i, int tiles, jong_hand *h)
{
    jong_rng rng;
    jong_rng_seed(&rng, jong_seed_mix(jong_seed_mix(seed, (uint64_t)size), (uint64_t)i));
    uint8_t wall[136];
    for (int j = 0; j < 136; j++)
        wall[j] = (uint8_t)(j / 4);
    jong_hand_clear(h);
    for (int j = 0; j < tiles; j++) {
        int k = j + (int)jong_rng_below(&rng, (uint32_t)(136 - j));
        uint8_t t = wall[j];
        wall[j] = wall[k];
        wall[k] = t;
        h->counts[wall[j]]++;
    }
}

static uint64_t mix(uint64_t sig, int v)
{
    return (sig ^ (uint64_t)(v & 0xff)) * 0x100000001b3ull;
}

/* One size and target over all its hands: the exact calls, then the local ones, each timed as a
 * whole (a clock read per call would weigh on the exact call's few hundred nanoseconds). */
static int run_row(const bench_opts *o, int si, int t, const jong_hand *hands, int *exact, int *local, row *r,
                   uint64_t *sig)
{
    jong_variant v = sizes[si].v;
    double t0 = cli_now();
    for (int i = 0; i < o->hands; i++)
        exact[i] = jong_hand_target(&hands[i], v, JONG_FORMS_STANDARD, t);
    double t1 = cli_now();
    jong_loh_stats st;
    for (int i = 0; i < o->hands; i++) {
        local[i] = jong_loh_local_distance(&hands[i], v, t, o->restarts, jong_seed_mix(o->seed, (uint64_t)i), &st);
        r->swaps += st.swaps_tried;
        r->reshuffles += (uint64_t)st.reshuffles;
        r->first_equal += st.first_distance == exact[i];
    }
    double t2 = cli_now();
    r->exact_s = t1 - t0;
    r->local_s = t2 - t1;
    for (int i = 0; i < o->hands; i++) {
        if (exact[i] == JONG_UNDEFINED || local[i] == JONG_UNDEFINED)
            return cli_fail(spec.name, "%d tiles, %s: hand %d has no distance", sizes[si].tiles,
                            jong_target_name(t), i);
        int d = local[i] - exact[i];
        r->equal += d == 0;
        r->below += d < 0;
        r->excess_sum += d;
        if (d > r->excess_max)
            r->excess_max = d;
        *sig = mix(mix(*sig, exact[i]), local[i]);
    }
    return CLI_OK;
}

static void print_row(const bench_opts *o, int si, int t, const row *r)
{
    double n = o->hands;
    printf("%5d  %-11s  %6.2f%%  %6.2f%%  %5ld  %6.3f  %3d  %9.0f  %8.0f  %7.0f  %6.2f\n", sizes[si].tiles,
           jong_target_name(t), 100.0 * (double)r->equal / n, 100.0 * (double)r->first_equal / n, r->below,
           (double)r->excess_sum / n, r->excess_max, 1e9 * r->local_s / n, 1e9 * r->exact_s / n,
           (double)r->swaps / n, (double)r->reshuffles / n);
}

static json_t *json_row(const bench_opts *o, int si, int t, const row *r)
{
    double n = o->hands;
    return json_pack("{s:i, s:s, s:s, s:f, s:f, s:I, s:f, s:i, s:f, s:f, s:f, s:f}", "tiles", sizes[si].tiles,
                     "rules", sizes[si].v == JONG_VARIANT_RIICHI ? "riichi" : "taiwan", "target", jong_target_name(t),
                     "found", (double)r->equal / n, "found_first_climb", (double)r->first_equal / n, "below",
                     (json_int_t)r->below, "mean_excess", (double)r->excess_sum / n, "max_excess", r->excess_max,
                     "local_ns", 1e9 * r->local_s / n, "exact_ns", 1e9 * r->exact_s / n, "swaps_per_call",
                     (double)r->swaps / n, "reshuffles_per_call", (double)r->reshuffles / n);
}

int bench_loh_local(int argc, char **argv)
{
    bench_opts o = {0};
    int status = cli_parse(&spec, argc, argv, &o);
    if (status != CLI_GO)
        return status;
    fprintf(stderr, "jong bench loh-local: seed %llu, %d hands of each size, %d reshuffles\n",
            (unsigned long long)o.seed, o.hands, o.restarts);
    jong_hand *hands = malloc(sizeof *hands * (size_t)o.hands);
    int *exact = malloc(sizeof *exact * (size_t)o.hands), *local = malloc(sizeof *local * (size_t)o.hands);
    if (!hands || !exact || !local) {
        free(hands), free(exact), free(local);
        return cli_fail(spec.name, "out of memory for %d hands", o.hands);
    }
    uint64_t sig = 0xcbf29ce484222325ull;
    json_t *rows = json_array();
    if (!o.json) {
        printf("seed %llu, %d hands of each size (concealed, uniform from a shuffled wall), R = %d reshuffles\n",
               (unsigned long long)o.seed, o.hands, o.restarts);
        printf("found: local = exact with R reshuffles; first: after the first climb alone; below: local < exact\n");
        printf("%5s  %-11s  %7s  %7s  %5s  %6s  %3s  %9s  %8s  %7s  %6s\n", "tiles", "target", "found", "first",
               "below", "excess", "max", "local ns", "exact ns", "swaps", "shuf");
    }
    status = CLI_OK;
    for (int si = 0; si < NSIZES && status == CLI_OK; si++) {
        for (int i = 0; i < o.hands; i++)
            make_hand(o.seed, si, i, sizes[si].tiles, &hands[i]);
        for (int ti = 0; ti < NTARGETS && status == CLI_OK; ti++) {
            row r;
            memset(&r, 0, sizeof r);
            status = run_row(&o, si, targets[ti], hands, exact, local, &r, &sig);
            if (status != CLI_OK)
                break;
            if (o.json)
                json_array_append_new(rows, json_row(&o, si, targets[ti], &r));
            else
                print_row(&o, si, targets[ti], &r);
        }
    }
    free(hands), free(exact), free(local);
    if (status == CLI_OK) {
        char text[17];
        snprintf(text, sizeof text, "%016llx", (unsigned long long)sig);
        if (o.json) {
            json_t *root = json_pack("{s:I, s:i, s:i, s:o, s:s}", "seed", (json_int_t)o.seed, "hands", o.hands,
                                     "restarts", o.restarts, "rows", rows, "signature", text);
            rows = NULL;
            status = cli_print_json(spec.name, root);
        } else {
            printf("signature %s\n", text);
        }
    }
    json_decref(rows);
    return status;
}
