/* `jong train waiting|wintile|score|policy|calls`: reads game records (mjlog XML, mjai, tenhou.net/6) from a
 * directory, builds the opponent model's samples, splits them by game into training and held-out
 * sets, trains with FOBOS and AdaGrad, prints the paper's measure on the held-out games and writes
 * the model file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_util.h"
#include "commands.h"
#include "models/learn.h"
#include "models/linmodel.h"
#include "players/mizukami/mizukami.h"
#include "jong/mjai.h"
#include "jong/rng.h"
#include "models/opptrain.h"
#include "train_records.h"

#define CMD "train"

static const char *model_name(int m)
{
    return m == JONG_TRAIN_POLICY ? "policy" : m == JONG_TRAIN_CALLS ? "calls" : jong_opp_model_name(m);
}

typedef struct {
    char **v;
    size_t n, cap;
} paths;

static void progress(void *ctx, int epoch, size_t done, size_t total, double loss)
{
    fprintf(stderr, "\rjong train %s epoch %d: %zu/%zu examples, mean loss %.4f   ", (const char *)ctx, epoch + 1, done, total, loss);
    if (done == total)
        fputc('\n', stderr);
}

typedef struct {
    int model;
    const char *model_text, *records, *out;
    int games;
    uint64_t seed;
    double test_share;
    int epochs;
    double eta, lambda;
    jong_train_opts o;
    bool json;
    int wpet_games;
    int decisions, sims; /* alpha */
    int max_record_mb, max_gzip_layers;
} train_args;

#define OPTS train_args
static const cli_option options[] = {
    {"--records", CLI_STRING(records), "DIR", "the game records", .flags = CLI_REQUIRED},
    {"--out", CLI_STRING(out), "FILE", "the model file to write", .flags = CLI_REQUIRED},
    {"--games", CLI_INT(games), "N", "use the first N games", .lo = 1, .hi = 100000000, .def_text = "all"},
    {"--seed", CLI_SEED(seed), "S", "the split, the order of examples, the observers", .def = "1"},
    {"--test-share", CLI_DOUBLE(test_share), "F", "share of games held out", .dlo = 0, .dhi = 1,
     .flags = CLI_ABOVE_LO | CLI_BELOW_HI, .def = "0.1"},
    {"--epochs", CLI_INT(epochs), "E", "FOBOS/AdaGrad passes over the training examples", .lo = 1, .hi = 1000,
     .def = "3"},
    {"--eta", CLI_DOUBLE(eta), "X", "FOBOS/AdaGrad learning rate", .dlo = 0, .flags = CLI_ABOVE_LO, .def = "0.01"},
    {"--lambda", CLI_DOUBLE(lambda), "X", "FOBOS/AdaGrad regularisation: L1 for wintile, L2 for the others",
     .dlo = 0, .def = "0.01"},
    {"--wpet-games", CLI_INT(wpet_games), "N", "policy: one-player self-play games for WPET (Eq. 11); the "
     "policy file also keeps FP by situation (Eq. 12) from the held-out games", .lo = 1, .hi = 10000000,
     .def = "20000"},
    {"--json", CLI_FLAG(json), NULL, "print the figures as one JSON object"},
    CLI_RECORD_LIMIT_OPTIONS,
    CLI_END,
};

static const cli_option alpha_options[] = {
    {"--records", CLI_STRING(records), "DIR", "the game records", .flags = CLI_REQUIRED},
    {"--games", CLI_INT(games), "N", "use the first N games", .lo = 1, .hi = 100000000, .def_text = "all"},
    {"--decisions", CLI_INT(decisions), "N", "held-out discard decisions", .lo = 1, .hi = 100000000,
     .def = "600"},
    {"--sims", CLI_INT(sims), "S", "simulations per candidate", .lo = 1, .hi = 100000000, .def = "60"},
    {"--seed", CLI_SEED(seed), "S", "the split (as in jong train MODEL) and the simulations", .def = "1"},
    {"--json", CLI_FLAG(json), NULL, "print the figures as one JSON object"},
    CLI_RECORD_LIMIT_OPTIONS,
    CLI_END,
};

static int train_alpha_command(int argc, char **argv);

static const char *const model_names[] = {"waiting", "wintile", "score", "policy", "calls", "alpha", "kurita", "guard", NULL};

static const cli_sub subs[] = {
    {"alpha", "Eq. 13's threshold from the held-out games (the paper's Fig. 4)", train_alpha_command},
    {"kurita", "the kurita player's record-made parameters", cmd_train_kurita},
    {"guard", "the guard player's danger and win models, from Taiwanese self-play", cmd_train_guard},
    CLI_END,
};

static const cli_command spec = {
    .name = "train",
    .usage = "jong train waiting|wintile|score|policy|calls --records DIR --out FILE [options]\n"
             "       jong train alpha --records DIR [--games N] [--decisions N] [--sims S] [--seed S] [--json]\n"
             "       jong train kurita --records DIR --out FILE [options]\n"
             "       jong train guard --out FILE [options]",
    .about = "Trains one of the opponent models of Mizukami and Tsuruoka on the game records under DIR\n"
             "(every .xml mjlog, .mjson or tenhou.net/6 .json file, also gzipped, in path order; three-\n"
             "player and unreadable games are skipped with a warning), holding out whole games:\n"
             "  waiting  P(a seat is tenpai) after each discard; held-out AUC without riichi seats\n"
             "  wintile  P(kind k is a winning tile) of waiting seats, 34 models; held-out Eq. 5 value\n"
             "  score    ln(points) of each win, ron and tsumo models; held-out mean square error\n"
             "  policy   one-player discards (pairs: the expert's against each other candidate);\n"
             "           held-out top-1 and top-3 agreement with the experts' discards\n"
             "  calls    P(call) of each pon or chi a discard offers; held-out agreement with the\n"
             "           experts' calls (called when P > 0.5), and the AUC\n"
             "Progress on stderr. The shipped models: see docs/experiments/mizukami.md.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(model_text), .metavar = "MODEL", .min = 1,
            .help = "waiting, wintile, score, policy or calls (above)",
            .missing = "which model: waiting, wintile, score, policy, calls, alpha, kurita or guard",
            .names = model_names},
    .subs = subs,
};

static const cli_command alpha_spec = {
    .name = "train alpha",
    .about = "Eq. 13's threshold (the paper's Fig. 4): on the discards of the held-out games (the same\n"
             "split as jong train MODEL), the shipped models' Monte Carlo and one-player rankings, and\n"
             "for each alpha the top-1 and top-3 agreement with the experts' discards of the switched\n"
             "player.\n",
    .options = alpha_options,
};
#undef OPTS

/* The held-out figures. */
typedef struct {
    double measure, measure2, baseline; /* waiting: AUC; wintile: Eq. 5, pooled AUC, random; score: MSE ron, tsumo */
    size_t n, n2;
    size_t nonzero;
    /* calls: agreement on pon and chi offers apart, their counts, and how many were called */
    double agree[2];
    size_t offers[2], called[2];
} figures;

static int train_rows(const jong_opp_trainset *t, const size_t *rows, size_t n, const jong_train_opts *o,
                      double *w, const char *label)
{
    jong_error err;
    jong_train_opts oo = *o;
    oo.progress_ctx = (void *)label;
    if (n == 0)
        return cli_fail(CMD, "%s: no training rows", label);
    if (jong_train(&t->d, rows, n, &oo, w, &err))
        return cli_fail(CMD, "%s: %s", label, err.msg);
    return CLI_OK;
}

static int run(const train_args *a, jong_opp_trainset *t, size_t *ntrain_out, size_t *ntest_out,
               jong_linmodel *m, figures *f)
{
    jong_dataset *d = &t->d;
    size_t *tr = malloc(sizeof *tr * (d->n + 1)), *te = malloc(sizeof *te * (d->n + 1));
    if (!tr || !te) {
        free(tr);
        free(te);
        return cli_fail(CMD, "out of memory");
    }
    size_t ntr, nte;
    jong_dataset_split(d, a->test_share, a->seed, tr, &ntr, te, &nte);
    *ntrain_out = ntr;
    *ntest_out = nte;
    int rc = CLI_OK;
    jong_error err;
    uint32_t nm = a->model == JONG_OPP_WINTILE ? JONG_KINDS : a->model == JONG_OPP_SCORE || a->model == JONG_TRAIN_POLICY ? 2 : 1;
    uint32_t version = a->model == JONG_TRAIN_POLICY ? JONG_OP_FEATURES_VERSION
                       : a->model == JONG_TRAIN_CALLS  ? JONG_CALL_FEATURES_VERSION
                                                       : JONG_OPP_FEATURES_VERSION;
    if (jong_linmodel_alloc(m, model_name(a->model), version, nm, d->dim, &err)) {
        free(tr);
        free(te);
        return cli_fail(CMD, "%s", err.msg);
    }
    memset(f, 0, sizeof *f);
    if (a->model == JONG_OPP_WAITING) {
        rc = train_rows(t, tr, ntr, &a->o, m->w, "waiting");
        double *s = malloc(sizeof *s * (nte + 1));
        float *y = malloc(sizeof *y * (nte + 1));
        size_t k = 0;
        for (size_t i = 0; s && y && i < nte; i++)
            if (!t->flag[te[i]]) { /* the paper leaves riichi seats out */
                s[k] = jong_dataset_dot(d, te[i], m->w);
                y[k++] = d->label[te[i]];
            }
        f->measure = s && y ? jong_auc(s, y, k) : -1;
        f->n = k;
        /* the same from the seat's 7th discard on, where the easy early states are gone */
        size_t late = 0;
        for (size_t i = 0; s && y && i < nte; i++)
            if (!t->flag[te[i]] && t->own[te[i]] >= 7) {
                s[late] = jong_dataset_dot(d, te[i], m->w);
                y[late++] = d->label[te[i]];
            }
        f->measure2 = s && y ? jong_auc(s, y, late) : -1;
        f->n2 = late;
        free(s);
        free(y);
    } else if (a->model == JONG_TRAIN_CALLS) {
        rc = train_rows(t, tr, ntr, &a->o, m->w, "calls");
        double *s = malloc(sizeof *s * (nte + 1));
        float *y = malloc(sizeof *y * (nte + 1));
        size_t agree = 0, pass = 0;
        for (size_t i = 0; s && y && i < nte; i++) {
            int type = t->flag[te[i]];
            s[i] = jong_dataset_dot(d, te[i], m->w);
            y[i] = d->label[te[i]];
            bool ok = (s[i] > 0) == (y[i] > 0.5f); /* P > 0.5 */
            agree += ok;
            pass += y[i] < 0.5f;
            f->offers[type]++;
            f->called[type] += y[i] > 0.5f;
            f->agree[type] += ok;
        }
        for (int type = 0; type < 2; type++)
            f->agree[type] = f->offers[type] ? f->agree[type] / (double)f->offers[type] : -1;
        f->measure = nte ? (double)agree / (double)nte : -1;
        f->baseline = nte ? (double)pass / (double)nte : -1;
        f->measure2 = s && y ? jong_auc(s, y, nte) : -1;
        f->n = nte;
        free(s);
        free(y);
    } else if (a->model == JONG_TRAIN_POLICY) {
        rc = train_rows(t, tr, ntr, &a->o, m->w, "policy");
        /* a held-out decision's rows are consecutive: the expert's rank is 1 + the candidates
         * that score at least as high */
        size_t decisions = 0, top1 = 0, top3 = 0;
        long count[JONG_OP_SITUATIONS] = {0}, differ[JONG_OP_SITUATIONS] = {0};
        for (size_t i = 0; i < nte;) {
            size_t j = i;
            int above = 0;
            while (j < nte && t->waits[te[j]] == t->waits[te[i]])
                above += jong_dataset_dot(d, te[j++], m->w) <= 0;
            decisions++;
            top1 += above == 0;
            top3 += above <= 2;
            /* Eq. 12: the expert's move outside the policy's top three, by situation */
            count[t->flag[te[i]]]++;
            differ[t->flag[te[i]]] += above > 2;
            i = j;
        }
        double *tables = m->w + d->dim;
        for (int s = 0; s < JONG_OP_SITUATIONS; s++) {
            tables[JONG_OP_FP_AT + s] = count[s] ? (double)differ[s] / (double)count[s] : 0;
            fprintf(stderr, "FP situation %d (waiting %d, %d others called or in riichi): %ld of %ld = %.4f\n", s,
                    s / 4, s % 4, differ[s], count[s], tables[JONG_OP_FP_AT + s]);
        }
        /* Eq. 11: WPET by one-player self-play of the trained policy */
        double wpet[JONG_OP_TURNS];
        long bw[JONG_OP_TURNS], reach[JONG_OP_TURNS];
        jong_op_wpet(m, a->wpet_games, a->seed, wpet, bw, reach);
        for (int i = 0; i < JONG_OP_TURNS; i++) {
            tables[JONG_OP_WPET_AT + i] = wpet[i];
            fprintf(stderr, "WPET turn %d: %ld of %ld = %.4f\n", i + 1, bw[i], reach[i], wpet[i]);
        }
        f->measure = decisions ? (double)top1 / (double)decisions : -1;
        f->measure2 = decisions ? (double)top3 / (double)decisions : -1;
        f->n = decisions;
    } else if (a->model == JONG_OPP_WINTILE) {
        float *labels = malloc(sizeof *labels * (d->n + 1));
        float *keep = d->label;
        for (int kind = 0; !rc && labels && kind < JONG_KINDS; kind++) {
            for (size_t i = 0; i < d->n; i++)
                labels[i] = (float)(t->waits[i] >> kind & 1);
            d->label = labels;
            char name[32];
            snprintf(name, sizeof name, "wintile %d/34", kind + 1);
            rc = train_rows(t, tr, ntr, &a->o, m->w + (size_t)kind * d->dim, name);
        }
        d->label = keep;
        free(labels);
        double sum = 0, rnd = 0;
        size_t cnt = 0, npool = nte * JONG_KINDS;
        double *s = malloc(sizeof *s * (npool + 1));
        float *y = malloc(sizeof *y * (npool + 1));
        for (size_t i = 0; !rc && s && y && i < nte; i++) {
            double p[JONG_KINDS];
            for (int kind = 0; kind < JONG_KINDS; kind++) {
                p[kind] = jong_dataset_dot(d, te[i], m->w + (size_t)kind * d->dim);
                s[i * JONG_KINDS + (size_t)kind] = p[kind];
                y[i * JONG_KINDS + (size_t)kind] = (float)(t->waits[te[i]] >> kind & 1);
            }
            double v;
            if (jong_opp_eq5(p, t->waits[te[i]], t->own[te[i]], &v)) {
                sum += v;
                cnt++;
                rnd += 1.0 / (1.0 + (double)__builtin_popcountll(t->waits[te[i]] & t->own[te[i]]));
            }
        }
        f->measure = cnt ? sum / (double)cnt : -1;
        f->baseline = cnt ? rnd / (double)cnt : -1;
        f->n = cnt;
        f->measure2 = s && y && !rc ? jong_auc(s, y, npool) : -1;
        f->n2 = nte;
        free(s);
        free(y);
    } else {
        for (int tsumo = 0; !rc && tsumo < 2; tsumo++) {
            size_t a_n = 0, b_n = 0;
            for (size_t i = 0; i < ntr; i++)
                if (t->flag[tr[i]] == tsumo)
                    tr[a_n++] = tr[i];
            /* the bias starts at the mean target, so that the small steps need not climb to ln(8000) */
            double mean = 0;
            for (size_t i = 0; i < a_n; i++)
                mean += d->label[tr[i]];
            mean = a_n ? mean / (double)a_n : 0;
            m->w[(size_t)tsumo * d->dim] = mean;
            rc = train_rows(t, tr, a_n, &a->o, m->w + (size_t)tsumo * d->dim, tsumo ? "score tsumo" : "score ron");
            double se = 0, se0 = 0;
            for (size_t i = 0; i < nte; i++)
                if (t->flag[te[i]] == tsumo) {
                    double e = jong_dataset_dot(d, te[i], m->w + (size_t)tsumo * d->dim) - d->label[te[i]];
                    se += e * e;
                    se0 += (mean - d->label[te[i]]) * (mean - d->label[te[i]]);
                    b_n++;
                }
            if (tsumo) {
                f->measure2 = b_n ? se / (double)b_n : -1;
                f->n2 = b_n;
            } else {
                f->measure = b_n ? se / (double)b_n : -1;
                f->baseline = b_n ? se0 / (double)b_n : -1;
                f->n = b_n;
            }
            jong_dataset_split(d, a->test_share, a->seed, tr, &ntr, te, &nte); /* restore */
        }
    }
    for (size_t i = 0; i < (size_t)m->nmodels * m->dim; i++)
        f->nonzero += (float)m->w[i] != 0.0f;
    free(tr);
    free(te);
    return rc;
}

static int parse(int argc, char **argv, train_args *a)
{
    memset(a, 0, sizeof *a);
    a->model = -1;
    int rc = cli_parse(&spec, argc, argv, a);
    if (rc != CLI_GO)
        return rc;
    for (int m = 0; m <= JONG_TRAIN_CALLS; m++)
        if (!strcmp(a->model_text, model_name(m)))
            a->model = m;
    if (a->model < 0) /* alpha or kurita after an option */
        return cli_usage_error(CMD, "give %s first: jong train %s [options]", a->model_text, a->model_text);
    return CLI_GO;
}

static int cmp_score(const void *a, const void *b)
{
    double x = ((const jong_mz_candidate *)a)->score, y = ((const jong_mz_candidate *)b)->score;
    return (x < y) - (x > y);
}

#define NALPHA 9
static const double alphas[NALPHA] = {0, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 1e300};

/* Rank (0 best) of kind among the first n candidates of c. */
static int rank_of(const jong_mz_candidate *c, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (c[i].kind == kind)
            return i;
    return n;
}

static int train_alpha(const train_args *a, const paths *p, long limit, int sims)
{
    jong_oppmodel om;
    jong_linmodel policy;
    jong_error err;
    if (jong_mizukami_models_load(&om, &policy, &err))
        return cli_fail(CMD, "%s", err.msg);
    jong_mz_config cfg = {.opp = &om, .policy = &policy, .steal_share = 0.35, .alpha = 0, .sims = sims, .odev = true};
    long n = 0, top1[NALPHA] = {0}, top3[NALPHA] = {0}, mc[NALPHA] = {0};
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    long used = 0;
    for (size_t f = 0; f < p->n && n < limit && (a->games == 0 || used < a->games); f++) {
        jong_record_limits lim = cli_record_limits(a->max_record_mb, a->max_gzip_layers);
        if (jong_mjai_read_file_limited(p->v[f], &lim, &lg, &err) || lg.players != 4)
            continue;
        uint32_t group = (uint32_t)used++;
        if ((double)(jong_seed_mix(a->seed, group) >> 11) * 0x1.0p-53 >= a->test_share)
            continue; /* a training game */
        jong_opp_obs o;
        bool ok = false;
        for (size_t i = 0; i < lg.n && n < limit; i++) {
            const jong_mjai_event *ev = &lg.ev[i];
            if (ev->type == JONG_MJAI_START_KYOKU)
                ok = true;
            if (ok && ev->type == JONG_MJAI_DAHAI && !o.seats[ev->actor].riichi && o.seats[ev->actor].known) {
                jong_mz_result r;
                cfg.seed = jong_seed_mix(a->seed, (uint64_t)n);
                if (jong_mz_evaluate(&cfg, &o, ev->actor, 0, NULL, &r, &err) == JONG_OK && r.n > 1) {
                    int expert = jong_code_kind(ev->pai);
                    int rp = rank_of(r.c, r.n, expert);
                    jong_mz_candidate sorted[JONG_KINDS];
                    memcpy(sorted, r.c, sizeof sorted);
                    qsort(sorted, (size_t)r.n, sizeof *sorted, cmp_score);
                    int rm = rank_of(sorted, r.n, expert);
                    for (int k = 0; k < NALPHA; k++) {
                        bool use_mc = r.ratio > alphas[k];
                        int rank = use_mc ? rm : rp;
                        top1[k] += rank == 0;
                        top3[k] += rank < 3;
                        mc[k] += use_mc;
                    }
                    n++;
                    if (n % 50 == 0)
                        fprintf(stderr, "\rjong %s alpha: %ld decisions   ", CMD, n);
                }
            }
            if (ok && jong_opp_obs_mjai(&o, ev, &err))
                ok = false;
            if (ev->type == JONG_MJAI_END_KYOKU)
                ok = false;
        }
    }
    fprintf(stderr, "\n");
    jong_mjai_log_free(&lg);
    jong_oppmodel_free(&om);
    jong_linmodel_free(&policy);
    if (n == 0)
        return cli_fail(CMD, "no held-out discard decisions under %s", a->records);
    if (a->json) {
        printf("{\"decisions\":%ld,\"sims\":%d,\"seed\":%llu,\"alpha\":[", n, sims, (unsigned long long)a->seed);
        for (int k = 0; k < NALPHA; k++) {
            char al[32];
            snprintf(al, sizeof al, k == NALPHA - 1 ? "\"inf\"" : "%g", alphas[k]);
            printf("%s{\"alpha\":%s,\"top1\":%.6f,\"top3\":%.6f,\"monte_carlo\":%.6f}", k ? "," : "", al,
                   (double)top1[k] / (double)n, (double)top3[k] / (double)n, (double)mc[k] / (double)n);
        }
        printf("]}\n");
    } else {
        printf("%ld held-out discard decisions, %d simulations per candidate, seed %llu\n", n, sims,
               (unsigned long long)a->seed);
        printf("alpha     top-1   top-3   Monte Carlo moves\n");
        for (int k = 0; k < NALPHA; k++) {
            char al[16];
            if (k == NALPHA - 1)
                snprintf(al, sizeof al, "inf");
            else
                snprintf(al, sizeof al, "%g", alphas[k]);
            printf("%-8s  %.4f  %.4f  %.4f\n", al, (double)top1[k] / (double)n, (double)top3[k] / (double)n,
                   (double)mc[k] / (double)n);
        }
    }
    return CLI_OK;
}

/* `jong train alpha` */
static int train_alpha_command(int argc, char **argv)
{
    train_args a = {.test_share = 0.1};
    int rc = cli_parse(&alpha_spec, argc, argv, &a);
    if (rc != CLI_GO)
        return rc;
    paths p = {0};
    rc = train_record_paths(a.records, &p.v, &p.n);
    if (!rc) {
        fprintf(stderr, "jong %s alpha: %zu record files under %s; seed %llu\n", CMD, p.n, a.records,
                (unsigned long long)a.seed);
        rc = train_alpha(&a, &p, a.decisions, a.sims);
    }
    for (size_t i = 0; i < p.n; i++)
        free(p.v[i]);
    free(p.v);
    return rc;
}

int cmd_train(int argc, char **argv)
{
    int rc;
    if (cli_dispatch(&spec, argc, argv, &rc))
        return rc;
    train_args a;
    if ((rc = parse(argc, argv, &a)) != CLI_GO)
        return rc;
    jong_train_opts defaults = jong_train_defaults(a.model == JONG_OPP_SCORE ? JONG_LOSS_SQUARED : JONG_LOSS_LOGISTIC,
                                                   a.model == JONG_OPP_WINTILE ? JONG_REG_L1 : JONG_REG_L2);
    defaults.epochs = a.epochs;
    defaults.eta = a.eta;
    defaults.lambda = a.lambda;
    defaults.seed = a.seed;
    defaults.progress = progress;
    defaults.report_every = 200000;
    a.o = defaults;
    paths p = {0};
    if ((rc = train_record_paths(a.records, &p.v, &p.n)))
        return rc;
    fprintf(stderr, "jong %s %s: %zu record files under %s; seed %llu\n", CMD, model_name(a.model), p.n,
            a.records, (unsigned long long)a.seed);
    jong_opp_trainset t;
    jong_opp_trainset_init(&t, a.model, a.seed);
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    size_t skipped = 0, used = 0;
    for (size_t i = 0; i < p.n && (a.games == 0 || (long)used < a.games); i++) {
        jong_error err;
        jong_record_limits lim = cli_record_limits(a.max_record_mb, a.max_gzip_layers);
        if (jong_mjai_read_file_limited(p.v[i], &lim, &lg, &err)) {
            if (skipped++ < 3)
                fprintf(stderr, "jong %s: skipped: %s%s\n", CMD, err.msg, skipped == 3 ? " (further skips are only counted)" : "");
            continue;
        }
        if (lg.players != 4) {
            skipped++;
            continue;
        }
        size_t before = t.d.n;
        if (jong_opp_trainset_add_log(&t, &lg, (uint32_t)used, &err)) {
            if (skipped++ < 3)
                fprintf(stderr, "jong %s: skipped %s: %s\n", CMD, p.v[i], err.msg);
            /* drop the partial game's rows */
            t.d.n = before;
            t.d.nnz = t.d.start[before];
            continue;
        }
        used++;
        if (used % 500 == 0)
            fprintf(stderr, "\rjong %s: %zu games read, %zu samples   ", CMD, used, t.d.n);
    }
    fprintf(stderr, "\rjong %s: %zu games read (%zu skipped: three-player or unreadable), %zu samples\n", CMD, used,
            skipped, t.d.n);
    jong_mjai_log_free(&lg);
    jong_linmodel m;
    figures f;
    size_t ntr = 0, nte = 0;
    rc = used ? run(&a, &t, &ntr, &nte, &m, &f) : cli_fail(CMD, "no usable games under %s", a.records);
    if (rc == CLI_OK) {
        char cmdline[512];
        snprintf(cmdline, sizeof cmdline, "jong train %s --games %zu --seed %llu --test-share %g --epochs %d --eta %g --lambda %g",
                 model_name(a.model), used, (unsigned long long)a.seed, a.test_share, a.o.epochs, a.o.eta,
                 a.o.lambda);
        snprintf(m.info, sizeof m.info,
                 "%s; %zu train / %zu held-out samples; held-out %s %.4f (n %zu)%s", cmdline, ntr, nte,
                 a.model == JONG_OPP_WAITING ? "AUC" : a.model == JONG_OPP_WINTILE ? "Eq. 5 value"
                 : a.model == JONG_TRAIN_POLICY ? "top-1 agreement"
                 : a.model == JONG_TRAIN_CALLS ? "agreement with the experts' calls" : "MSE ron",
                 f.measure, f.n, a.model == JONG_OPP_SCORE ? "" : "");
        jong_error err;
        if (jong_linmodel_save(&m, a.out, &err))
            rc = cli_fail(CMD, "%s", err.msg);
    }
    if (rc == CLI_OK) {
        const char *name = model_name(a.model);
        if (a.json) {
            printf("{\"model\":\"%s\",\"games\":%zu,\"skipped\":%zu,\"seed\":%llu,\"train_samples\":%zu,"
                   "\"test_samples\":%zu,\"nonzero_weights\":%zu,",
                   name, used, skipped, (unsigned long long)a.seed, ntr, nte, f.nonzero);
            if (a.model == JONG_OPP_WAITING)
                printf("\"auc\":%.6f,\"auc_samples\":%zu,\"auc_from_7th_discard\":%.6f,\"late_samples\":%zu}\n",
                       f.measure, f.n, f.measure2, f.n2);
            else if (a.model == JONG_TRAIN_POLICY)
                printf("\"top1\":%.6f,\"top3\":%.6f,\"decisions\":%zu}\n", f.measure, f.measure2, f.n);
            else if (a.model == JONG_TRAIN_CALLS)
                printf("\"agreement\":%.6f,\"always_pass\":%.6f,\"auc\":%.6f,\"offers\":%zu,\"pon_offers\":%zu,"
                       "\"pon_called\":%zu,\"pon_agreement\":%.6f,\"chi_offers\":%zu,\"chi_called\":%zu,"
                       "\"chi_agreement\":%.6f}\n",
                       f.measure, f.baseline, f.measure2, f.n, f.offers[0], f.called[0], f.agree[0], f.offers[1],
                       f.called[1], f.agree[1]);
            else if (a.model == JONG_OPP_WINTILE)
                printf("\"eq5\":%.6f,\"eq5_random\":%.6f,\"eq5_samples\":%zu,\"auc_pooled\":%.6f}\n", f.measure,
                       f.baseline, f.n, f.measure2);
            else
                printf("\"mse_ron\":%.6f,\"mse_ron_mean_only\":%.6f,\"ron_samples\":%zu,\"mse_tsumo\":%.6f,\"tsumo_samples\":%zu}\n",
                       f.measure, f.baseline, f.n, f.measure2, f.n2);
        } else {
            printf("%s: %zu games (%zu skipped), %zu training and %zu held-out samples, seed %llu\n", name, used,
                   skipped, ntr, nte, (unsigned long long)a.seed);
            if (a.model == JONG_TRAIN_POLICY)
                printf("held-out agreement with the experts' discards over %zu decisions: top-1 %.4f, top-3 %.4f\n",
                       f.n, f.measure, f.measure2);
            else if (a.model == JONG_TRAIN_CALLS)
                printf("held-out agreement with the experts' calls over %zu offers: %.4f (always passing: %.4f), "
                       "AUC %.4f\npon: %zu offers, %zu called, agreement %.4f; chi: %zu offers, %zu called, agreement %.4f\n",
                       f.n, f.measure, f.baseline, f.measure2, f.offers[0], f.called[0], f.agree[0], f.offers[1],
                       f.called[1], f.agree[1]);
            else if (a.model == JONG_OPP_WAITING)
                printf("held-out AUC %.4f over %zu non-riichi samples (paper: 0.777); from the seat's 7th discard on: "
                       "%.4f over %zu\nstealing share: %zu of %zu seats that became waiting had called (%.4f; paper: 0.35)\n",
                       f.measure, f.n, f.measure2, f.n2, t.became_waiting_open, t.became_waiting,
                       t.became_waiting ? (double)t.became_waiting_open / (double)t.became_waiting : 0);
            else if (a.model == JONG_OPP_WINTILE)
                printf("held-out Eq. 5 value %.4f over %zu samples (random order: %.4f; paper: 0.676, random 0.502); "
                       "pooled AUC over 34 kinds %.4f\n", f.measure, f.n, f.baseline, f.measure2);
            else
                printf("held-out mean square error of ln(points): ron %.4f over %zu wins (the training mean alone: %.4f), "
                       "tsumo %.4f over %zu (paper: 0.37)\n", f.measure, f.n, f.baseline, f.measure2, f.n2);
            printf("wrote %s: %zu non-zero weights\n", a.out, f.nonzero);
        }
    }
    if (used)
        jong_linmodel_free(&m);
    jong_opp_trainset_free(&t);
    for (size_t i = 0; i < p.n; i++)
        free(p.v[i]);
    free(p.v);
    return rc;
}
