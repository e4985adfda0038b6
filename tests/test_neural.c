/* The neural policy (issue 26): the network's forward pass against a plain double-precision
 * reference (tests/support/nn_ref.c) on many random inputs and shapes, the avx2 level against the
 * scalar one (the same logits and moves), the check inputs that make a file prove itself, every
 * fault of a file named in one line (missing, not a network, another version, cut short at
 * several places, damaged, wrong shape, kind, rules, sizes that do not add up), the choice from
 * logits, and the `neural` player: the shipped network, its options, and whole riichi games legal
 * and reproducible. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/cpu.h"
#include "jong/jong.h"
#include "models/neuralnet.h"
#include "models/planes.h"
#include "players/neural/neural.h"
#include "support/nn_ref.h"
#include "support/play_hands.h"
#include "support/sanitized.h"

#define X_LEN (JONG_PLANES * JONG_KINDS)

/* A file of a random network with n checks made by the reference; its bytes in *len. */
static unsigned char *network_file(const nn_ref *net, int nchecks, size_t *len)
{
    float *x = malloc(sizeof(float) * X_LEN * (nchecks ? nchecks : 1));
    float *y = malloc(sizeof(float) * JONG_ACTION_IDS * (nchecks ? nchecks : 1));
    assert_true(x && y);
    nn_ref_checks(net, nchecks, 99, x, y);
    nn_ref_file f;
    nn_ref_file_default(&f);
    f.nchecks = nchecks, f.check_x = x, f.check_y = y;
    unsigned char *buf = nn_ref_encode(net, &f, len);
    free(x), free(y);
    return buf;
}

static bool close_enough(double got, double want)
{
    return fabs(got - want) <= JONG_NN_TOLERANCE * (fabs(want) > 1 ? fabs(want) : 1);
}

/* The highest logit among the ids of random legal masks, the first on ties. */
static int best_of(const float *logits, const unsigned char *mask)
{
    int best = -1;
    for (int a = 0; a < JONG_ACTION_IDS; a++)
        if (mask[a] && (best < 0 || logits[a] > logits[best]))
            best = a;
    return best;
}

/* ---- the forward pass ----------------------------------------------------------------------- */

/* Shapes with and without blocks, channels and heads on and off the multiples of 8 and of the
 * avx2 kernel's 64-wide chunks: the fast levels within the tolerance of the reference, and the
 * scalar and avx2 levels equal float for float (so the same move on every mask). */
static void test_forward_equals_reference(void **state)
{
    (void)state;
    static const int shapes[][3] = {{1, 0, 1}, {8, 1, 4}, {13, 2, 5}, {64, 3, 32}, {72, 1, 9}, {100, 2, 17}};
    int inputs = SANITIZED ? 20 : 200;
    double worst = 0;
    int avx2 = jong_cpu_supported() >= JONG_CPU_AVX2;
    long moves = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        nn_ref ref;
        nn_ref_random(&ref, shapes[s][0], shapes[s][1], shapes[s][2], 1000 + s);
        size_t len;
        unsigned char *buf = network_file(&ref, 2, &len);
        jong_nn net;
        jong_error err;
        if (jong_nn_decode(buf, len, "mem", &net, &err))
            fail_msg("shape %zu: %s", s, err.msg);
        assert_int_equal(net.channels, shapes[s][0]);
        assert_string_equal(net.info, "test network");
        for (int i = 0; i < inputs; i++) {
            float x[X_LEN], scalar[JONG_ACTION_IDS], fast[JONG_ACTION_IDS];
            double want[JONG_ACTION_IDS];
            nn_ref_random_planes(x, (uint64_t)s << 32 | (uint64_t)i);
            if (i % 10 == 0) /* dense inputs too: the lists are then full */
                for (int k = 0; k < X_LEN; k++)
                    x[k] = (float)((k * 7 + i) % 11) / 10.0f;
            nn_ref_forward(&ref, x, want);
            jong_nn_forward_at(&net, x, scalar, JONG_CPU_SCALAR);
            jong_nn_forward_at(&net, x, fast, JONG_CPU_AVX2);
            for (int a = 0; a < JONG_ACTION_IDS; a++) {
                if (!close_enough(scalar[a], want[a]))
                    fail_msg("shape %zu input %d logit %d: %.9g, reference %.9g", s, i, a, scalar[a], want[a]);
                double d = fabs(scalar[a] - want[a]);
                worst = d > worst ? d : worst;
            }
            assert_memory_equal(scalar, fast, sizeof scalar);
            for (int m = 0; m < 8; m++, moves++) {
                unsigned char mask[JONG_ACTION_IDS];
                for (int a = 0; a < JONG_ACTION_IDS; a++)
                    mask[a] = (a * 31 + m * 17 + i) % (m + 2) == 0;
                mask[(i + m) % JONG_ACTION_IDS] = 1;
                assert_int_equal(best_of(scalar, mask), best_of(fast, mask));
            }
        }
        jong_nn_free(&net);
        free(buf);
        nn_ref_free(&ref);
    }
    fprintf(stderr, "forward: %zu shapes x %d inputs, scalar %s avx2 (%s here), %ld moves equal; worst |diff| from "
            "the reference %.3g\n",
            sizeof shapes / sizeof shapes[0], inputs, avx2 ? "==" : "only, no", avx2 ? "run" : "not run", moves,
            worst);
}

/* Real planes from riichi self-play, through the shipped network at both levels. */
typedef struct {
    jong_nn *net;
    long n;
} planes_ctx;

static void compare_levels(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)legal, (void)n, (void)chosen;
    planes_ctx *c = vctx;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    float x[X_LEN], a[JONG_ACTION_IDS], b[JONG_ACTION_IDS];
    jong_planes(v, &rs, seat, x);
    jong_nn_forward_at(c->net, x, a, JONG_CPU_SCALAR);
    jong_nn_forward_at(c->net, x, b, JONG_CPU_AVX2);
    assert_memory_equal(a, b, sizeof a);
    assert_int_equal(jong_neural_pick(a, legal, n, 0, 0), jong_neural_pick(b, legal, n, 0, 0));
    c->n++;
}

static void test_shipped_network_levels(void **state)
{
    (void)state;
    jong_nn net;
    jong_error err;
    if (jong_neural_net(NULL, &net, &err))
        fail_msg("%s", err.msg);
    assert_true(net.nchecks >= 1);
    assert_true(net.worst_check <= JONG_NN_TOLERANCE);
    planes_ctx c = {&net, 0};
    const char *specs[4] = {"greedy", "greedy", "greedy", "greedy"};
    play_hands(JONG_VARIANT_RIICHI, specs, SANITIZED ? 2 : 20, 5, compare_levels, &c);
    fprintf(stderr, "shipped network (%d channels, %d blocks, head %d; checks within %.3g): %ld self-play "
            "decisions equal at both levels\n",
            net.channels, net.blocks, net.head, net.worst_check, c.n);
    jong_nn_free(&net);
}

/* ---- the file ------------------------------------------------------------------------------- */

/* decode fails with code, and its one line names the file and holds `what` */
static void refused(const unsigned char *buf, size_t len, int code, const char *what)
{
    jong_nn net;
    jong_error err;
    int rc = jong_nn_decode(buf, len, "f.jnn", &net, &err);
    if (rc != code || !strstr(err.msg, what) || strncmp(err.msg, "model f.jnn: ", 13) || strchr(err.msg, '\n'))
        fail_msg("%zu bytes: code %d '%s', expected %d '%s'", len, rc, rc ? err.msg : "", code, what);
}

/* f's file with two checks of the reference (when f has none of its own) */
static unsigned char *spoiled(const nn_ref *net, const nn_ref_file *f, size_t *len)
{
    float x[X_LEN * 2], y[JONG_ACTION_IDS * 2];
    nn_ref_checks(net, 2, 99, x, y);
    nn_ref_file g = *f;
    if (!g.check_x)
        g.check_x = x, g.check_y = y;
    return nn_ref_encode(net, &g, len);
}

static void test_file_errors(void **state)
{
    (void)state;
    nn_ref ref;
    nn_ref_random(&ref, 16, 1, 8, 7);
    size_t len;
    unsigned char *buf = network_file(&ref, 2, &len);
    jong_nn net;
    jong_error err;
    assert_int_equal(jong_nn_decode(buf, len, "f.jnn", &net, &err), JONG_OK);
    jong_nn_free(&net);

    /* cut short: in the header, the info, the weights, at nchecks, in the checks, one byte */
    size_t weights = 72 + strlen("test network");
    size_t at_checks = weights + 4 * ref.nt;
    size_t cuts[] = {0, 5, 10, 40, 71, 72, weights - 3, weights + 1, weights + 4 * 100, at_checks, at_checks + 2,
                     at_checks + 4, at_checks + 4 + 4 * 500, len - 9, len - 1};
    refused(buf, 0, JONG_ERR_IO, "not a Jong network file");
    refused(buf, 5, JONG_ERR_IO, "not a Jong network file");
    for (size_t i = 2; i < sizeof cuts / sizeof cuts[0]; i++)
        refused(buf, cuts[i], JONG_ERR_IO, "cut short");

    /* a damaged byte anywhere past the magic and version: the checksum */
    for (size_t at = 12; at < len; at += len / 17) {
        buf[at] ^= 0x10;
        refused(buf, len, JONG_ERR_IO, at < 72 ? "" : "checksum mismatch");
        buf[at] ^= 0x10;
    }
    buf[len - 200] ^= 1;
    refused(buf, len, JONG_ERR_IO, "checksum mismatch (the file is damaged)");
    buf[len - 200] ^= 1;

    nn_ref_file f;
    unsigned char *bad;
    size_t blen;
#define SPOIL(change, code, what)                                                                  \
    do {                                                                                           \
        nn_ref_file_default(&f);                                                                   \
        f.nchecks = 2;                                                                             \
        change;                                                                                    \
        bad = spoiled(&ref, &f, &blen);                                                            \
        refused(bad, blen, code, what);                                                            \
        free(bad);                                                                                 \
    } while (0)
    SPOIL(memcpy(f.magic, "JONGLMDL", 8), JONG_ERR_IO, "a linear model file (.jlm), not a network");
    SPOIL(memcpy(f.magic, "XONGNNET", 8), JONG_ERR_IO, "not a Jong network file (no JONGNNET at its start)");
    SPOIL(f.format = 2, JONG_ERR_IO, "format version 2, this Jong reads version 1");
    SPOIL(f.format = 0, JONG_ERR_IO, "format version 0");
    SPOIL(f.planes = 51, JONG_ERR_ARG, "wrong shape: 51 planes, 34 kinds, 155 actions (Jong's: 52, 34, 155)");
    SPOIL(f.kinds = 35, JONG_ERR_ARG, "wrong shape: 52 planes, 35 kinds");
    SPOIL(f.actions = 154, JONG_ERR_ARG, "wrong shape: 52 planes, 34 kinds, 154 actions");
    SPOIL(strcpy(f.kind, "value"), JONG_ERR_ARG, "holds a 'value' network, not 'policy'");
    SPOIL(strcpy(f.rules, "taiwan"), JONG_ERR_ARG, "made for 'taiwan' rules, not 'riichi'");
    SPOIL(memset(f.rules, 'r', 16), JONG_ERR_IO, "its kind or rules field is not text");
    SPOIL(f.extra = 4, JONG_ERR_IO, "sizes do not add up");
    SPOIL(f.nchecks = 0, JONG_ERR_IO, "holds no check inputs");
#undef SPOIL
    /* channels, blocks, head out of range, with the file's sizes (and hash) consistent */
    nn_ref big;
    nn_ref_random(&big, 1, 33, 1, 3);
    nn_ref_file_default(&f);
    f.nchecks = 2;
    bad = spoiled(&big, &f, &blen);
    refused(bad, blen, JONG_ERR_ARG, "wrong shape: 1 channels, 33 blocks, head 1 (Jong reads 1-512, 0-32, 1-256)");
    free(bad);
    nn_ref_free(&big);
    /* a weight that is not a number */
    float keep = nn_ref_fc_w(&ref)[5];
    nn_ref_fc_w(&ref)[5] = NAN;
    bad = spoiled(&ref, &f, &blen);
    refused(bad, blen, JONG_ERR_IO, "a weight is not a finite number");
    free(bad);
    nn_ref_fc_w(&ref)[5] = keep;

    /* the file through a path: missing, and then one that loads */
    char path[] = "/tmp/jong_test_network_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    assert_int_equal(jong_nn_load(path, &net, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "cannot open: No such file"));
    assert_non_null(strstr(err.msg, path));
    nn_ref_write(path, buf, len);
    assert_int_equal(jong_nn_load(path, &net, &err), JONG_OK);
    jong_nn_free(&net);
    unlink(path);
    free(buf);
    nn_ref_free(&ref);
}

/* A file whose stored logits are not what its weights compute is refused, naming the check and
 * the logit; one within the tolerance is taken. */
static void test_check_vectors(void **state)
{
    (void)state;
    nn_ref ref;
    nn_ref_random(&ref, 24, 2, 6, 11);
    float x[X_LEN * 3], y[JONG_ACTION_IDS * 3];
    nn_ref_checks(&ref, 3, 5, x, y);
    nn_ref_file f;
    nn_ref_file_default(&f);
    f.nchecks = 3, f.check_x = x, f.check_y = y;
    size_t len;
    jong_nn net;
    jong_error err;
    struct {
        int check, logit;
        double by;
        bool ok;
    } cases[] = {{0, 0, 0, true}, {2, 154, 3e-5, true}, {1, 40, 3e-4, false}, {2, 7, -0.01, false}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        float *yy = &y[cases[c].check * JONG_ACTION_IDS + cases[c].logit], was = *yy;
        float scale = fabsf(was) > 1 ? fabsf(was) : 1;
        *yy = was + (float)cases[c].by * scale;
        unsigned char *buf = nn_ref_encode(&ref, &f, &len);
        int rc = jong_nn_decode(buf, len, "c.jnn", &net, &err);
        if (cases[c].ok) {
            if (rc)
                fail_msg("case %zu: %s", c, err.msg);
            assert_true(net.worst_check <= JONG_NN_TOLERANCE * scale);
            jong_nn_free(&net);
        } else {
            char want[64];
            snprintf(want, sizeof want, "model c.jnn: check %d: logit %d is ", cases[c].check + 1, cases[c].logit);
            assert_int_equal(rc, JONG_ERR_IO);
            if (strncmp(err.msg, want, strlen(want)) || !strstr(err.msg, "(over 0.0001 apart)"))
                fail_msg("case %zu: '%s'", c, err.msg);
        }
        *yy = was;
        free(buf);
    }
    nn_ref_free(&ref);
}

/* ---- the choice ----------------------------------------------------------------------------- */

static jong_action discard(int kind, bool red)
{
    return (jong_action){.type = JONG_ACT_DISCARD, .tile = (uint8_t)kind, .flags = red ? JONG_ACT_FLAG_RED : 0};
}

static void test_pick(void **state)
{
    (void)state;
    float logits[JONG_ACTION_IDS];
    for (int a = 0; a < JONG_ACTION_IDS; a++)
        logits[a] = 100.0f; /* illegal ids rate highest: never chosen */
    jong_action legal[4] = {discard(3, false), discard(4, false), discard(4, false), discard(31, false)};
    logits[3] = 1, logits[4] = 2, logits[31] = 2;
    /* argmax among the legal ones; on equal logits the first legal action; a shared id counts once */
    assert_int_equal(jong_neural_pick(logits, legal, 4, 0, 9), 1);
    logits[31] = 2.5f;
    assert_int_equal(jong_neural_pick(logits, legal, 4, 0, 9), 3);
    /* ids: a red five is its own id */
    legal[2] = discard(4, true);
    logits[JONG_ID_DISCARD_RED] = 3;
    assert_int_equal(jong_action_id(&legal[2]), JONG_ID_DISCARD_RED);
    assert_int_equal(jong_neural_pick(logits, legal, 4, 0, 9), 2);

    /* temp > 0: softmax(logit / temp) over the legal ids; the shared id once */
    jong_action two[3] = {discard(0, false), discard(1, false), discard(1, false)};
    logits[0] = 0, logits[1] = (float)log(3.0);
    int n = SANITIZED ? 2000 : 20000, ones = 0, twos = 0;
    for (int s = 0; s < n; s++) {
        int i = jong_neural_pick(logits, two, 3, 1.0, (uint64_t)s);
        assert_true(i == 0 || i == 1);
        ones += i == 1;
        twos += i == 2;
        assert_int_equal(i, jong_neural_pick(logits, two, 3, 1.0, (uint64_t)s)); /* the seed decides */
    }
    assert_int_equal(twos, 0);
    double share = (double)ones / n, sd = sqrt(0.75 * 0.25 / n);
    if (fabs(share - 0.75) > 5 * sd)
        fail_msg("P(second) %.4f, softmax says 0.75", share);
    /* temp 2: 3^(1/2) : 1 */
    ones = 0;
    for (int s = 0; s < n; s++)
        ones += jong_neural_pick(logits, two, 3, 2.0, (uint64_t)s) == 1;
    double want = sqrt(3.0) / (1 + sqrt(3.0));
    if (fabs((double)ones / n - want) > 5 * sqrt(want * (1 - want) / n))
        fail_msg("temp 2: P(second) %.4f, softmax says %.4f", (double)ones / n, want);
}

/* ---- the player ----------------------------------------------------------------------------- */

typedef struct {
    jong_nn net;
    long decisions;
} greedy_check;

/* temp=0: the answer is the legal action of the highest logit, computed here again */
static void check_argmax(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    greedy_check *c = vctx;
    if (seat != 0)
        return;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    float x[X_LEN], logits[JONG_ACTION_IDS];
    jong_planes(v, &rs, seat, x);
    jong_nn_forward(&c->net, x, logits);
    for (int i = 0; i < n; i++) {
        float li = logits[jong_action_id(&legal[i])], lc = logits[jong_action_id(&legal[chosen])];
        assert_true(li <= lc);
        if (i < chosen)
            assert_true(li < lc);
    }
    c->decisions++;
}

typedef struct {
    uint64_t hash;
    long events;
} event_hash;

static void hash_event(void *ctx, const jong_event *ev)
{
    event_hash *h = ctx;
    uint64_t parts[] = {(uint64_t)ev->type, (uint64_t)ev->actor, ev->tile, (uint64_t)(uint32_t)ev->scores[0]};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        h->hash = (h->hash ^ parts[i]) * 0x100000001b3ull;
    h->events++;
}

/* One whole riichi game at a table in checking mode; its events' hash. */
static uint64_t whole_game(const char *const specs[4], uint64_t seed, int32_t scores[4])
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_table tb = {.rules = &rs, .seed = seed, .check = true, .sink = hash_event};
    event_hash h = {0xcbf29ce484222325ull, 0};
    tb.sink_ctx = &h;
    jong_error err;
    for (int s = 0; s < 4; s++)
        if (jong_player_create(specs[s], &tb.players[s], &err))
            fail_msg("%s: %s", specs[s], err.msg);
    jong_game_result res;
    if (jong_table_play(&tb, &res, &err))
        fail_msg("%s", err.msg);
    memcpy(scores, res.scores, sizeof res.scores);
    for (int s = 0; s < 4; s++)
        jong_player_free(tb.players[s]);
    assert_true(h.events > 100);
    return h.hash;
}

static void test_player_games(void **state)
{
    (void)state;
    const char *specs[4] = {"neural", "greedy", "neural:temp=1", "neural:temp=0.5"};
    int32_t a[4], b[4];
    uint64_t h1 = whole_game(specs, 26, a), h2 = whole_game(specs, 26, b);
    assert_true(h1 == h2);
    assert_memory_equal(a, b, sizeof a);
    const char *all[4] = {"neural", "neural", "neural", "neural"};
    whole_game(all, 27, a);
    /* the search: legal and the same game from the same seed */
    const char *mc[4] = {"neural:search=mc,sims=8", "greedy", "neural:search=mc,sims=8,mass=1,top=5", "neural"};
    h1 = whole_game(mc, 28, a);
    h2 = whole_game(mc, 28, b);
    assert_true(h1 == h2);
    assert_memory_equal(a, b, sizeof a);

    greedy_check c = {.decisions = 0};
    jong_error err;
    assert_int_equal(jong_neural_net(NULL, &c.net, &err), JONG_OK);
    const char *hands[4] = {"neural", "greedy", "oneplayer", "neural:temp=2"};
    uint64_t x = play_hands(JONG_VARIANT_RIICHI, hands, SANITIZED ? 2 : 12, 3, check_argmax, &c);
    assert_true(x == play_hands(JONG_VARIANT_RIICHI, hands, SANITIZED ? 2 : 12, 3, NULL, NULL));
    assert_true(c.decisions > 20);
    jong_nn_free(&c.net);
}

static void create_fails(const char *spec, int code, const char *msg)
{
    jong_player *p = NULL;
    jong_error err;
    int rc = jong_player_create(spec, &p, &err);
    if (rc != code || strcmp(err.msg, msg))
        fail_msg("%s: code %d '%s', expected '%s'", spec, rc, rc ? err.msg : "", msg);
}

static void test_player_options(void **state)
{
    (void)state;
    create_fails("neural:temp=-1", JONG_ERR_ARG, "neural: temp must be a number in 0..100, not '-1'");
    create_fails("neural:temp=x", JONG_ERR_ARG, "neural: temp must be a number in 0..100, not 'x'");
    create_fails("neural:depth=2", JONG_ERR_ARG,
                 "neural: unknown option 'depth' (options: temp, model, search, mass, top, sims)");
    create_fails("neural:search=deep", JONG_ERR_ARG, "neural: search must be off or mc, not 'deep'");
    create_fails("neural:mass=0", JONG_ERR_ARG, "neural: mass must be a number in (0, 1], not '0'");
    create_fails("neural:top=0", JONG_ERR_ARG, "neural: top must be a whole number in 1..34, not '0'");
    create_fails("neural:sims=x", JONG_ERR_ARG, "neural: sims must be a whole number in 1..1000000, not 'x'");
    create_fails("neural:model=", JONG_ERR_ARG, "neural: model must be a file path (under 256 characters)");
    create_fails("neural:model=/nonexistent/n.jnn", JONG_ERR_IO,
                 "model /nonexistent/n.jnn: cannot open: No such file or directory");
    jong_error err;
    assert_int_equal(jong_player_check_variant("neural", JONG_VARIANT_TAIWAN, &err), JONG_ERR_ARG);
    assert_string_equal(err.msg, "neural plays riichi rules only, not a Taiwanese game");

    /* model=FILE: a file of the reference plays, and its bad copy is refused in one line */
    nn_ref ref;
    nn_ref_random(&ref, 8, 1, 4, 5);
    size_t len;
    unsigned char *buf = network_file(&ref, 1, &len);
    char path[] = "/tmp/jong_test_neural_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    nn_ref_write(path, buf, len);
    char spec[128], msg[192];
    snprintf(spec, sizeof spec, "neural:model=%s", path);
    const char *specs[4] = {spec, spec, "greedy", "greedy"};
    play_hands(JONG_VARIANT_RIICHI, specs, 2, 8, NULL, NULL);
    nn_ref_write(path, buf, len - 100);
    snprintf(msg, sizeof msg, "model %s: cut short: %zu bytes, its header needs at least %zu", path, len - 100, len);
    create_fails(spec, JONG_ERR_IO, msg);
    unlink(path);
    free(buf);
    nn_ref_free(&ref);
}

/* ---- the action ids ------------------------------------------------------------------------- */

/* The mask marks exactly the legal actions' ids, each legal action of self-play has an id in
 * range, and the planes are finite (the Python tests check their values against the view). */
static void check_ids(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)chosen;
    long *count = vctx;
    unsigned char mask[JONG_ACTION_IDS];
    jong_action_mask(legal, n, mask);
    int marked = 0;
    for (int a = 0; a < JONG_ACTION_IDS; a++)
        marked += mask[a];
    unsigned char seen[JONG_ACTION_IDS] = {0};
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        int id = jong_action_id(&legal[i]);
        assert_true(id >= 0 && id < JONG_ACTION_IDS && mask[id]);
        distinct += !seen[id];
        seen[id] = 1;
    }
    assert_int_equal(marked, distinct);
    jong_ruleset rs;
    jong_ruleset_default(&rs, v->variant);
    float x[X_LEN];
    jong_planes(v, &rs, seat, x);
    for (int i = 0; i < X_LEN; i++)
        assert_true(isfinite(x[i]));
    (*count)++;
}

static void test_action_ids(void **state)
{
    (void)state;
    long count = 0;
    const char *specs[4] = {"random", "greedy", "random", "greedy"};
    play_hands(JONG_VARIANT_RIICHI, specs, SANITIZED ? 3 : 30, 17, check_ids, &count);
    play_hands(JONG_VARIANT_TAIWAN, specs, SANITIZED ? 3 : 30, 17, check_ids, &count);
    assert_true(count > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forward_equals_reference),
        cmocka_unit_test(test_shipped_network_levels),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_check_vectors),
        cmocka_unit_test(test_pick),
        cmocka_unit_test(test_player_games),
        cmocka_unit_test(test_player_options),
        cmocka_unit_test(test_action_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
