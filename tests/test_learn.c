/* The learners: one FOBOS/AdaGrad step worked by hand, the lazy sparse trainer against a slow
 * dense one that regularises every weight at every step, a separable toy problem, recovery of a
 * known model (logistic against batch gradient descent, squared loss against the closed-form ridge
 * solution), the AUC against a pairwise count, the split by game, and model file round trips with
 * every kind of damaged file. */
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

#include "models/learn.h"
#include "models/linmodel.h"
#include "jong/rng.h"
#include "support/sanitized.h"

static void add(jong_dataset *d, const uint32_t *idx, const float *val, int n, float y, uint32_t g)
{
    jong_error err;
    assert_int_equal(jong_dataset_add(d, idx, val, n, y, g, &err), JONG_OK);
}

static void test_dataset_rows(void **state)
{
    (void)state;
    jong_dataset d;
    jong_dataset_init(&d, 10);
    uint32_t a[] = {7, 2, 5};
    add(&d, a, NULL, 3, 1, 0);
    assert_null(d.val); /* binary so far */
    uint32_t b[] = {3, 9, 3};
    add(&d, b, NULL, 3, 0, 1); /* a repeat sums to 2: values stored from now on */
    assert_non_null(d.val);
    assert_int_equal(d.n, 2);
    assert_int_equal(d.start[1], 3);
    assert_int_equal(d.idx[0], 2);
    assert_int_equal(d.idx[1], 5);
    assert_int_equal(d.idx[2], 7);
    assert_int_equal(d.idx[3], 3);
    assert_true(d.val[3] == 2.0f && d.val[0] == 1.0f);
    assert_int_equal(d.idx[4], 9);
    jong_error err;
    uint32_t bad[] = {10};
    assert_int_equal(jong_dataset_add(&d, bad, NULL, 1, 0, 0, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "10"));
    assert_int_equal(d.n, 2);
    jong_dataset_free(&d);
}

/* One example, two binary features, from zero weights: the numbers of Eq. 3 and the proximal
 * steps worked out by hand (step = 0.01 / sqrt(1 + g^2)). */
static void test_one_step_by_hand(void **state)
{
    (void)state;
    jong_dataset d;
    jong_dataset_init(&d, 3);
    uint32_t x[] = {0, 2};
    add(&d, x, NULL, 2, 1, 0);
    size_t rows[] = {0};
    jong_error err;
    struct { jong_loss loss; jong_reg reg; float y; double want; } cases[] = {
        {JONG_LOSS_LOGISTIC, JONG_REG_NONE, 1, 0.004472135954999579}, /* g = -0.5 */
        {JONG_LOSS_LOGISTIC, JONG_REG_L2, 1, 0.004471336098082334},   /* / (1 + 2 step 0.01) */
        {JONG_LOSS_LOGISTIC, JONG_REG_L1, 1, 0.004382693235899587},   /* - step 0.01 */
        {JONG_LOSS_SQUARED, JONG_REG_L2, 2, 0.0097009544360438},      /* g = 2 (0 - 2) = -4 */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        d.label[0] = cases[c].y;
        double w[3] = {0, 0, 0};
        jong_train_opts o = jong_train_defaults(cases[c].loss, cases[c].reg);
        assert_int_equal(jong_train(&d, rows, 1, &o, w, &err), JONG_OK);
        assert_true(fabs(w[0] - cases[c].want) < 1e-15);
        assert_true(fabs(w[2] - cases[c].want) < 1e-15);
        assert_true(w[1] == 0.0);
    }
    jong_dataset_free(&d);
}

/* Random sparse examples with real values; labels from a hidden model. */
static void random_data(jong_dataset *d, uint32_t dim, size_t n, int per_row, jong_loss loss,
                        uint64_t seed, const double *truth)
{
    jong_rng r;
    jong_rng_seed(&r, seed);
    jong_dataset_init(d, dim);
    for (size_t i = 0; i < n; i++) {
        uint32_t idx[64];
        float val[64];
        int m = 1 + (int)jong_rng_below(&r, (uint32_t)per_row);
        idx[0] = 0; /* bias */
        val[0] = 1;
        for (int j = 1; j < m; j++) {
            idx[j] = 1 + jong_rng_below(&r, dim - 1);
            val[j] = jong_rng_below(&r, 3) ? 1.0f : (float)(jong_rng_double(&r) * 2 - 1);
        }
        double z = jong_sparse_dot(truth, idx, val, m);
        float y;
        if (loss == JONG_LOSS_LOGISTIC)
            y = jong_rng_double(&r) < jong_sigmoid(z) ? 1.0f : 0.0f;
        else
            y = (float)(z + (jong_rng_double(&r) - 0.5) * 0.2);
        jong_error err;
        assert_int_equal(jong_dataset_add(d, idx, val, m, y, (uint32_t)(i / 10), &err), JONG_OK);
    }
}

/* The obvious trainer: dense vectors, every weight regularised at every step. */
static void dense_train(const jong_dataset *d, const size_t *rows, size_t n, const jong_train_opts *o, double *w)
{
    uint32_t dim = d->dim;
    double *G = calloc(dim, sizeof *G), *x = calloc(dim, sizeof *x);
    size_t *order = malloc(sizeof *order * n);
    double strength = o->lambda / (double)n;
    for (int e = 0; e < o->epochs; e++) {
        jong_train_order(o->seed, e, n, order);
        for (size_t s = 0; s < n; s++) {
            size_t i = rows[order[s]];
            memset(x, 0, sizeof *x * dim);
            for (size_t j = d->start[i]; j < d->start[i + 1]; j++)
                x[d->idx[j]] = jong_dataset_value(d, j);
            double z = 0;
            for (uint32_t k = 0; k < dim; k++)
                z += w[k] * x[k];
            double dz = o->loss == JONG_LOSS_SQUARED ? 2 * (z - d->label[i]) : jong_sigmoid(z) - d->label[i];
            for (uint32_t k = 0; k < dim; k++) {
                double g = dz * x[k];
                G[k] += g * g;
                double step = o->eta / sqrt(1 + G[k]);
                double v = w[k] - step * g;
                if (o->reg == JONG_REG_L2)
                    v /= 1 + 2 * step * strength;
                else if (o->reg == JONG_REG_L1)
                    v = v > step * strength ? v - step * strength : v < -step * strength ? v + step * strength : 0;
                w[k] = v;
            }
        }
    }
    free(G);
    free(x);
    free(order);
}

static void test_lazy_equals_dense(void **state)
{
    (void)state;
    uint32_t dim = 40;
    double truth[40];
    for (uint32_t k = 0; k < dim; k++)
        truth[k] = sin(k * 1.7) * 2;
    for (int loss = 0; loss < 2; loss++)
        for (int reg = 0; reg < 3; reg++) {
            jong_dataset d;
            random_data(&d, dim, SANITIZED ? 100 : 400, 8, (jong_loss)loss, 11 + (uint64_t)reg, truth);
            size_t *rows = malloc(sizeof *rows * d.n);
            for (size_t i = 0; i < d.n; i++)
                rows[i] = i;
            jong_train_opts o = jong_train_defaults((jong_loss)loss, (jong_reg)reg);
            o.epochs = 3;
            o.seed = 5;
            o.eta = 0.3;
            o.lambda = 5.0 * (double)d.n; /* strong, so that L1 zeroes some weights */
            double a[40] = {0}, b[40] = {0};
            jong_error err;
            assert_int_equal(jong_train(&d, rows, d.n, &o, a, &err), JONG_OK);
            dense_train(&d, rows, d.n, &o, b);
            int zeros = 0;
            for (uint32_t k = 0; k < dim; k++) {
                assert_true(fabs(a[k] - b[k]) < 1e-9 * (1 + fabs(b[k])));
                zeros += a[k] == 0;
            }
            if (reg == JONG_REG_L1)
                assert_true(zeros > 0);
            free(rows);
            jong_dataset_free(&d);
        }
}

/* Feature 1 always means label 1, feature 2 label 0: the model must separate them. */
static void test_separable_toy(void **state)
{
    (void)state;
    jong_dataset d;
    jong_dataset_init(&d, 3);
    for (int i = 0; i < 2000; i++) {
        uint32_t x[] = {0, (uint32_t)(1 + i % 2)};
        add(&d, x, NULL, 2, i % 2 == 0 ? 1.0f : 0.0f, (uint32_t)i);
    }
    size_t rows[2000];
    for (int i = 0; i < 2000; i++)
        rows[i] = (size_t)i;
    double w[3] = {0};
    jong_train_opts o = jong_train_defaults(JONG_LOSS_LOGISTIC, JONG_REG_L2);
    o.eta = 1;
    o.epochs = 5;
    jong_error err;
    assert_int_equal(jong_train(&d, rows, 2000, &o, w, &err), JONG_OK);
    assert_true(jong_sigmoid(w[0] + w[1]) > 0.95);
    assert_true(jong_sigmoid(w[0] + w[2]) < 0.05);
    double score[2000];
    for (size_t i = 0; i < 2000; i++)
        score[i] = jong_dataset_dot(&d, i, w);
    assert_true(jong_auc(score, d.label, 2000) == 1.0);
    jong_dataset_free(&d);
}

/* Solve A x = b (n x n, row-major) by Gaussian elimination with partial pivoting. */
static void solve(double *A, double *b, int n)
{
    for (int c = 0; c < n; c++) {
        int p = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(A[r * n + c]) > fabs(A[p * n + c]))
                p = r;
        for (int k = 0; k < n; k++) {
            double t = A[c * n + k];
            A[c * n + k] = A[p * n + k];
            A[p * n + k] = t;
        }
        double t = b[c];
        b[c] = b[p];
        b[p] = t;
        for (int r = 0; r < n; r++)
            if (r != c) {
                double f = A[r * n + c] / A[c * n + c];
                for (int k = 0; k < n; k++)
                    A[r * n + k] -= f * A[c * n + k];
                b[r] -= f * b[c];
            }
    }
    for (int c = 0; c < n; c++)
        b[c] /= A[c * n + c];
}

/* Linear regression: many epochs of FOBOS/AdaGrad land on the ridge solution
 * (X'X + lambda I) w = X'y, which is also near the true model. */
static void test_squared_loss_reaches_ridge(void **state)
{
    (void)state;
    enum { DIM = 12 };
    double truth[DIM];
    for (int k = 0; k < DIM; k++)
        truth[k] = (k % 3 - 1) * 0.7 + 0.1 * k;
    jong_dataset d;
    random_data(&d, DIM, 3000, 6, JONG_LOSS_SQUARED, 3, truth);
    double A[DIM * DIM] = {0}, b[DIM] = {0};
    double lambda = 3;
    for (size_t i = 0; i < d.n; i++) {
        double x[DIM] = {0};
        for (size_t j = d.start[i]; j < d.start[i + 1]; j++)
            x[d.idx[j]] = jong_dataset_value(&d, j);
        for (int r = 0; r < DIM; r++) {
            b[r] += x[r] * d.label[i];
            for (int c = 0; c < DIM; c++)
                A[r * DIM + c] += x[r] * x[c];
        }
    }
    for (int r = 0; r < DIM; r++)
        A[r * DIM + r] += lambda;
    solve(A, b, DIM);
    size_t *rows = malloc(sizeof *rows * d.n);
    for (size_t i = 0; i < d.n; i++)
        rows[i] = i;
    jong_train_opts o = jong_train_defaults(JONG_LOSS_SQUARED, JONG_REG_L2);
    o.eta = 0.05;
    o.lambda = lambda;
    o.epochs = SANITIZED ? 40 : 80;
    o.seed = 9;
    double w[DIM] = {0};
    jong_error err;
    assert_int_equal(jong_train(&d, rows, d.n, &o, w, &err), JONG_OK);
    for (int k = 0; k < DIM; k++) {
        assert_true(fabs(w[k] - b[k]) < 0.01);
        assert_true(fabs(w[k] - truth[k]) < 0.05);
    }
    free(rows);
    jong_dataset_free(&d);
}

/* Logistic regression with L2: the online result is near the optimum that plain batch gradient
 * descent finds on the same objective, and that optimum near the model the labels came from. */
static void test_logistic_reaches_batch_optimum(void **state)
{
    (void)state;
    enum { DIM = 8 };
    double truth[DIM] = {-0.5, 1.5, -1.0, 0.8, 2.0, -2.0, 0.3, 0.0};
    jong_dataset d;
    random_data(&d, DIM, 20000, 5, JONG_LOSS_LOGISTIC, 4, truth);
    double lambda = 10;
    /* batch gradient descent on sum of log losses + lambda |w|^2, scaled by 1/n */
    double opt[DIM] = {0};
    for (int it = 0; it < (SANITIZED ? 1500 : 3000); it++) {
        double g[DIM] = {0};
        for (size_t i = 0; i < d.n; i++) {
            double dz = jong_sigmoid(jong_dataset_dot(&d, i, opt)) - d.label[i];
            for (size_t j = d.start[i]; j < d.start[i + 1]; j++)
                g[d.idx[j]] += dz * jong_dataset_value(&d, j);
        }
        for (int k = 0; k < DIM; k++)
            opt[k] -= 1.0 * (g[k] + 2 * lambda * opt[k]) / (double)d.n;
    }
    size_t *rows = malloc(sizeof *rows * d.n);
    for (size_t i = 0; i < d.n; i++)
        rows[i] = i;
    jong_train_opts o = jong_train_defaults(JONG_LOSS_LOGISTIC, JONG_REG_L2);
    o.eta = 0.2;
    o.lambda = lambda;
    o.epochs = 10;
    o.seed = 1;
    double w[DIM] = {0};
    jong_error err;
    assert_int_equal(jong_train(&d, rows, d.n, &o, w, &err), JONG_OK);
    for (int k = 0; k < DIM; k++) {
        assert_true(fabs(w[k] - opt[k]) < 0.05);
        assert_true(fabs(opt[k] - truth[k]) < 0.2);
    }
    free(rows);
    jong_dataset_free(&d);
}

static void test_auc_against_pairs(void **state)
{
    (void)state;
    jong_rng r;
    jong_rng_seed(&r, 77);
    for (int t = 0; t < 50; t++) {
        size_t n = 2 + jong_rng_below(&r, 60);
        double s[64];
        float y[64];
        for (size_t i = 0; i < n; i++) {
            s[i] = jong_rng_below(&r, 6); /* many ties */
            y[i] = (float)jong_rng_below(&r, 2);
        }
        double num = 0, den = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                if (y[i] > 0.5f && y[j] < 0.5f) {
                    den += 1;
                    num += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0;
                }
        double auc = jong_auc(s, y, n);
        if (den == 0)
            assert_true(auc == -1);
        else
            assert_true(fabs(auc - num / den) < 1e-12);
    }
}

static void test_split_by_group(void **state)
{
    (void)state;
    jong_dataset d;
    jong_dataset_init(&d, 1);
    uint32_t x[] = {0};
    for (int i = 0; i < 5000; i++)
        add(&d, x, NULL, 1, 0, (uint32_t)(i / 7));
    size_t tr[5000], te[5000], ntr, nte, tr2[5000], te2[5000], ntr2, nte2;
    jong_dataset_split(&d, 0.2, 3, tr, &ntr, te, &nte);
    jong_dataset_split(&d, 0.2, 3, tr2, &ntr2, te2, &nte2);
    assert_int_equal(ntr + nte, 5000);
    assert_int_equal(ntr, ntr2);
    assert_memory_equal(te, te2, nte * sizeof *te);
    assert_true(nte > 700 && nte < 1300);
    char side[5000 / 7 + 1];
    memset(side, 0, sizeof side);
    for (size_t i = 0; i < ntr; i++)
        side[d.group[tr[i]]] |= 1;
    for (size_t i = 0; i < nte; i++)
        side[d.group[te[i]]] |= 2;
    for (size_t g = 0; g < sizeof side; g++)
        assert_true(side[g] == 1 || side[g] == 2); /* no game on both sides */
    jong_dataset_free(&d);
}

static void make_model(jong_linmodel *m)
{
    jong_error err;
    assert_int_equal(jong_linmodel_alloc(m, "wintile", 3, 34, 100, &err), JONG_OK);
    for (int i = 0; i < 34 * 100; i += 7)
        m->w[i] = sin(i) * 0.3;
    snprintf(m->info, sizeof m->info, "made by a test, seed 1");
}

static void test_model_round_trip(void **state)
{
    (void)state;
    jong_linmodel m, back;
    make_model(&m);
    unsigned char *buf, *buf2;
    size_t len, len2;
    jong_error err;
    assert_int_equal(jong_linmodel_encode(&m, &buf, &len, &err), JONG_OK);
    assert_int_equal(jong_linmodel_decode(buf, len, "mem", "wintile", 3, &back, &err), JONG_OK);
    assert_string_equal(back.info, m.info);
    assert_int_equal(back.nmodels, 34);
    for (int i = 0; i < 34 * 100; i++)
        assert_true(back.w[i] == (double)(float)m.w[i]);
    assert_int_equal(jong_linmodel_encode(&back, &buf2, &len2, &err), JONG_OK);
    assert_int_equal(len, len2);
    assert_memory_equal(buf, buf2, len); /* byte for byte */
    free(buf2);
    jong_linmodel_free(&back);

    /* through a file */
    char path[] = "/tmp/jong_test_model_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(jong_linmodel_save(&m, path, &err), JONG_OK);
    assert_int_equal(jong_linmodel_load(path, "wintile", 3, &back, &err), JONG_OK);
    assert_true(back.w[7] == (double)(float)m.w[7]);
    jong_linmodel_free(&back);
    unlink(path);
    assert_int_equal(jong_linmodel_load(path, "wintile", 3, &back, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "cannot open"));

    /* every kind of damage is named */
    assert_int_equal(jong_linmodel_decode(buf, len, "mem", "waiting", 3, &back, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "not 'waiting'"));
    assert_int_equal(jong_linmodel_decode(buf, len, "mem", "wintile", 4, &back, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "feature set"));
    assert_int_equal(jong_linmodel_decode(buf, len - 1, "mem", NULL, 0, &back, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "checksum"));
    assert_int_equal(jong_linmodel_decode(buf, 10, "mem", NULL, 0, &back, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "cut short"));
    for (size_t at = 12; at < len; at += len / 13) {
        buf[at] ^= 0x40;
        assert_int_equal(jong_linmodel_decode(buf, len, "mem", NULL, 0, &back, &err), JONG_ERR_IO);
        assert_non_null(strstr(err.msg, "checksum"));
        buf[at] ^= 0x40;
    }
    buf[8] = 9;
    assert_int_equal(jong_linmodel_decode(buf, len, "mem", NULL, 0, &back, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "format version 9"));
    buf[0] = 'X';
    assert_int_equal(jong_linmodel_decode(buf, len, "mem", NULL, 0, &back, &err), JONG_ERR_IO);
    assert_non_null(strstr(err.msg, "not a Jong model"));
    free(buf);
    jong_linmodel_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dataset_rows),
        cmocka_unit_test(test_one_step_by_hand),
        cmocka_unit_test(test_lazy_equals_dense),
        cmocka_unit_test(test_separable_toy),
        cmocka_unit_test(test_squared_loss_reaches_ridge),
        cmocka_unit_test(test_logistic_reaches_batch_optimum),
        cmocka_unit_test(test_auc_against_pairs),
        cmocka_unit_test(test_split_by_group),
        cmocka_unit_test(test_model_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
