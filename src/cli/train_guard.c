/* `jong train guard`: the guard player's two models (src/models/guard_model.h) from seeded
 * Taiwanese self-play. Every seat plays P (greedy by default); at a sampled share of the discard
 * decisions each held kind is a danger example against each opponent (labelled by the opponent's
 * real hand: ready, and the kind among its winning tiles), and every discard is a win example
 * (labelled when the hand ends: did this seat win it). Whole games are held out; the held-out AUC
 * and mean log loss of both models are printed, and the file records the command. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_players.h"
#include "cli_util.h"
#include "jong/jong.h"
#include "models/guard_model.h"
#include "models/learn.h"
#include "models/linmodel.h"
#include "train_records.h"

#define CMD "train guard"

typedef struct {
    int games;
    uint64_t seed;
    const char *players;
    const char *out;
    double sample;
    double test;
    int epochs;
} guard_args;

#define OPTS guard_args
static const cli_option options[] = {
    {"--games", CLI_INT(games), "N", "one-hand Taiwanese games of self-play", .lo = 1, .hi = 10000000,
     .def = "20000"},
    {"--seed", CLI_SEED(seed), "S", "the games' seed, the held-out split and the training order", .def = "1"},
    {"--players", CLI_STRING(players), "P", "the player in every seat", .def = "greedy"},
    {"--out", CLI_STRING(out), "FILE", "where to write the model", .short_name = 'o', .flags = CLI_REQUIRED},
    {"--sample", CLI_DOUBLE(sample), "P", "share of discard decisions that give danger examples", .dlo = 0,
     .dhi = 1, .flags = CLI_ABOVE_LO, .def = "0.25"},
    {"--test", CLI_DOUBLE(test), "P", "share of games held out", .dlo = 0, .dhi = 1,
     .flags = CLI_ABOVE_LO | CLI_BELOW_HI, .def = "0.1"},
    {"--epochs", CLI_INT(epochs), "E", "passes over the training examples", .lo = 1, .hi = 100, .def = "2"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .usage = "jong train guard --out FILE [--games N] [--seed S] [--players P] [--sample P] [--test P] [--epochs E]",
    .about = "Trains the guard player's models from seeded one-hand Taiwanese self-play: danger (P(a\n"
             "discard lets a given opponent win)) and win (P(the seat wins the hand) from the shanten and\n"
             "effective draws after a discard). Prints the held-out AUC and log loss of both. Progress on\n"
             "stderr. The shipped models/guard.jlm: see docs/players.md.\n",
    .options = options,
};

/* A win example waits for the end of its hand for its label. */
typedef struct {
    uint32_t idx[JONG_GUARD_MAXF];
    int n, seat;
} pending_win;

typedef struct {
    jong_dataset danger, win;
    pending_win *pend;
    size_t npend, cap;
} collect;

/* The kinds an opponent's real hand wins on (0 when it is not ready). */
static uint64_t waits_of(const jong_view *ov)
{
    int dist;
    uint64_t w = jong_lowering_draws(ov->own.counts, jong_hand_sets_needed(&ov->own, JONG_VARIANT_TAIWAN),
                                     (1ull << JONG_KINDS) - 1, &dist);
    return dist == 1 ? w : 0;
}

static int add_discard_examples(collect *c, const jong_game *game, const jong_view *v, int kind, bool danger,
                                uint32_t group, jong_error *err)
{
    uint32_t idx[JONG_GUARD_MAXF];
    if (danger) {
        for (int o = 0; o < JONG_SEATS; o++) {
            if (o == v->seat)
                continue;
            jong_view ov;
            jong_game_view(game, o, &ov);
            uint64_t waits = waits_of(&ov);
            for (int k = 0; k < JONG_KINDS; k++)
                if (v->own.counts[k]) {
                    int n = jong_guard_danger_features(v, o, k, idx);
                    if (jong_dataset_add(&c->danger, idx, NULL, n, (float)(waits >> k & 1), group, err))
                        return 1;
                }
        }
    }
    /* the win example of the discard made */
    uint8_t after[JONG_KINDS];
    memcpy(after, v->own.counts, sizeof after);
    after[kind]--;
    int sets = jong_hand_sets_needed(&v->own, JONG_VARIANT_TAIWAN);
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    int dist;
    uint64_t lower = jong_lowering_draws(after, sets, (1ull << JONG_KINDS) - 1, &dist);
    int eff = 0;
    for (uint64_t m = lower; m; m &= m - 1)
        eff += unseen[__builtin_ctzll(m)];
    if (c->npend == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 256;
        pending_win *p = realloc(c->pend, cap * sizeof *p);
        if (!p)
            return jong_error_set(err, JONG_ERR_IO, -1, "out of memory"), 1;
        c->pend = p;
        c->cap = cap;
    }
    pending_win *pw = &c->pend[c->npend++];
    pw->n = jong_guard_win_features(v, dist - 1, eff, pw->idx);
    pw->seat = v->seat;
    return 0;
}

static int play_one(const jong_ruleset *rs, const guard_args *a, int g, jong_player *pl[JONG_SEATS], collect *c)
{
    jong_game *game;
    jong_error err;
    if (jong_game_new(rs, a->seed, g, NULL, NULL, &game, &err) || jong_game_start_hand(game, &err))
        return cli_fail(CMD, "%s", err.msg);
    jong_rng rng;
    jong_rng_seed(&rng, jong_seed_mix(a->seed ^ 0x6775617264ull, (uint64_t)g));
    uint64_t decision = 0;
    c->npend = 0;
    int rc = 0;
    while (!rc && !jong_game_hand_over(game)) {
        unsigned pending = jong_game_pending(game);
        if (!pending)
            break;
        for (int s = 0; s < JONG_SEATS; s++) {
            if (!(pending >> s & 1))
                continue;
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(game, s, legal);
            jong_view v;
            jong_game_view(game, s, &v);
            jong_decision d = {.view = &v, .rules = rs, .legal = legal, .nlegal = n,
                               .seed = jong_seed_mix(jong_seed_mix(a->seed, (uint64_t)g), decision++)};
            int i = pl[s]->ops->choose(pl[s], &d);
            if (i < 0 || i >= n)
                i = 0;
            jong_action act = legal[i];
            if (act.type == JONG_ACT_DISCARD) {
                bool danger = jong_rng_double(&rng) < a->sample;
                if (add_discard_examples(c, game, &v, act.tile, danger, (uint32_t)g, &err)) {
                    rc = cli_fail(CMD, "%s", err.msg);
                    break;
                }
            }
            if (jong_game_act(game, s, &act, &err)) {
                rc = cli_fail(CMD, "%s", err.msg);
                break;
            }
            if (!(jong_game_pending(game) >> s & 1) && jong_game_pending(game) != pending)
                break; /* the engine moved on: ask afresh */
        }
    }
    if (!rc) {
        /* the winners: the seats whose score rose in the hand */
        int32_t sc[JONG_SEATS];
        jong_game_scores(game, sc);
        for (size_t i = 0; i < c->npend && !rc; i++) {
            const pending_win *pw = &c->pend[i];
            if (jong_dataset_add(&c->win, pw->idx, NULL, pw->n, sc[pw->seat] > 0, (uint32_t)g, &err))
                rc = cli_fail(CMD, "%s", err.msg);
        }
    }
    jong_game_free(game);
    return rc;
}

static void progress(void *ctx, int epoch, size_t done, size_t total, double loss)
{
    fprintf(stderr, "\rjong train guard: %s epoch %d: %zu/%zu examples, mean loss %.4f   ", (const char *)ctx,
            epoch + 1, done, total, loss);
}

/* Train one model on the training rows; print its held-out AUC and mean log loss. */
static int train_one(const jong_dataset *d, const char *name, const guard_args *a, double *w, char *info,
                     size_t infolen)
{
    size_t *tr = malloc(sizeof *tr * (d->n ? d->n : 1)), *te = malloc(sizeof *te * (d->n ? d->n : 1));
    double *score = NULL;
    float *label = NULL;
    int rc = 0;
    if (!tr || !te) {
        rc = cli_fail(CMD, "out of memory");
        goto done;
    }
    size_t ntr, nte;
    jong_dataset_split(d, a->test, a->seed, tr, &ntr, te, &nte);
    if (!ntr || !nte) {
        rc = cli_fail(CMD, "%s: %zu training and %zu held-out examples: play more games", name, ntr, nte);
        goto done;
    }
    jong_train_opts o = jong_train_defaults(JONG_LOSS_LOGISTIC, JONG_REG_L2);
    o.eta = 0.05;
    o.lambda = 1e-4;
    o.epochs = a->epochs;
    o.seed = a->seed;
    o.progress = progress;
    o.progress_ctx = (void *)name;
    o.report_every = 1000000;
    jong_error err;
    if (jong_train(d, tr, ntr, &o, w, &err)) {
        rc = cli_fail(CMD, "%s", err.msg);
        goto done;
    }
    fprintf(stderr, "\n");
    score = malloc(sizeof *score * nte);
    label = malloc(sizeof *label * nte);
    if (!score || !label) {
        rc = cli_fail(CMD, "out of memory");
        goto done;
    }
    double loss = 0, pos = 0;
    for (size_t i = 0; i < nte; i++) {
        double z = jong_dataset_dot(d, te[i], w);
        score[i] = z;
        label[i] = d->label[te[i]];
        pos += label[i];
        loss += jong_example_loss(JONG_LOSS_LOGISTIC, z, label[i]);
    }
    double auc = jong_auc(score, label, nte);
    printf("%-6s %zu training and %zu held-out examples (%.2f%% positive): held-out AUC %.4f, log loss %.4f\n",
           name, ntr, nte, 100 * pos / (double)nte, auc, loss / (double)nte);
    size_t used = strlen(info);
    snprintf(info + used, infolen - used, "; %s: held-out AUC %.4f, log loss %.4f on %zu examples", name, auc,
             loss / (double)nte, nte);
done:
    free(tr);
    free(te);
    free(score);
    free(label);
    return rc;
}

int cmd_train_guard(int argc, char **argv)
{
    guard_args a = {0};
    int rc = cli_parse(&spec, argc, argv, &a);
    if (rc != CLI_GO)
        return rc;
    jong_player *pl[JONG_SEATS];
    if ((rc = cli_make_players(CMD, a.players, JONG_VARIANT_TAIWAN, pl)))
        return rc;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    collect c = {0};
    jong_dataset_init(&c.danger, JONG_GUARD_DIM);
    jong_dataset_init(&c.win, JONG_GUARD_DIM);
    fprintf(stderr, "jong train guard: seed %llu, %d games of %s\n", (unsigned long long)a.seed, a.games, a.players);
    for (int g = 0; g < a.games && !rc; g++) {
        rc = play_one(&rs, &a, g, pl, &c);
        if (g % 200 == 199 || g == a.games - 1)
            fprintf(stderr, "\rjong train guard: %d/%d games, %zu danger and %zu win examples", g + 1, a.games,
                    c.danger.n, c.win.n);
    }
    fprintf(stderr, "\n");
    cli_free_players(pl);
    free(c.pend);
    jong_linmodel m;
    jong_error err;
    bool have_model = false;
    if (!rc && jong_linmodel_alloc(&m, "guard", JONG_GUARD_VERSION, JONG_GUARD_MODELS, JONG_GUARD_DIM, &err))
        rc = cli_fail(CMD, "%s", err.msg);
    else if (!rc)
        have_model = true;
    if (!rc) {
        snprintf(m.info, sizeof m.info,
                 "jong train guard --games %d --seed %llu --players %s --sample %g --test %g --epochs %d", a.games,
                 (unsigned long long)a.seed, a.players, a.sample, a.test, a.epochs);
        rc = train_one(&c.danger, "danger", &a, m.w + (size_t)JONG_GUARD_DANGER * m.dim, m.info, sizeof m.info);
    }
    if (!rc)
        rc = train_one(&c.win, "win", &a, m.w + (size_t)JONG_GUARD_WIN * m.dim, m.info, sizeof m.info);
    if (!rc && jong_linmodel_save(&m, a.out, &err))
        rc = cli_fail(CMD, "%s", err.msg);
    if (!rc)
        printf("wrote %s (%s)\n", a.out, m.info);
    if (have_model)
        jong_linmodel_free(&m);
    jong_dataset_free(&c.danger);
    jong_dataset_free(&c.win);
    return rc;
}
