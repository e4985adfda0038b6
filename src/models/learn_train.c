/* FOBOS with AdaGrad steps over sparse examples (see jong/learn.h for the update), the loss of
 * one example, and the AUC of a scored test set. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "learn.h"
#include "jong/rng.h"

jong_train_opts jong_train_defaults(jong_loss loss, jong_reg reg)
{
    jong_train_opts o;
    memset(&o, 0, sizeof o);
    o.loss = loss;
    o.reg = reg;
    o.eta = 0.01;
    o.lambda = 0.01;
    o.epochs = 1;
    o.report_every = 100000;
    return o;
}

void jong_train_order(uint64_t seed, int epoch, size_t n, size_t *out)
{
    jong_rng r;
    jong_rng_seed(&r, jong_seed_mix(seed, (uint64_t)epoch));
    for (size_t i = 0; i < n; i++)
        out[i] = i;
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(jong_rng_next(&r) % i);
        size_t t = out[i - 1];
        out[i - 1] = out[j];
        out[j] = t;
    }
}

double jong_sigmoid(double z)
{
    if (z >= 0)
        return 1.0 / (1.0 + exp(-z));
    double e = exp(z);
    return e / (1.0 + e);
}

double jong_example_loss(jong_loss loss, double z, double label)
{
    if (loss == JONG_LOSS_SQUARED)
        return (z - label) * (z - label);
    /* -log sigmoid(+-z), computed without overflow */
    double s = label > 0.5 ? -z : z;
    return s > 0 ? s + log1p(exp(-s)) : log1p(exp(s));
}

double jong_sparse_dot(const double *w, const uint32_t *idx, const float *val, int n)
{
    double z = 0;
    for (int i = 0; i < n; i++)
        z += w[idx[i]] * (val ? val[i] : 1.0f);
    return z;
}

double jong_dataset_dot(const jong_dataset *d, size_t i, const double *w)
{
    size_t a = d->start[i], b = d->start[i + 1];
    return jong_sparse_dot(w, d->idx + a, d->val ? d->val + a : NULL, (int)(b - a));
}

/* k proximal steps of the regulariser on one weight with a fixed step. */
static double prox(jong_reg reg, double w, double step, double strength, double k)
{
    if (k <= 0 || reg == JONG_REG_NONE)
        return w;
    if (reg == JONG_REG_L2)
        return w * pow(1.0 + 2.0 * step * strength, -k);
    double cut = k * step * strength; /* soft thresholds compose into one */
    if (w > cut)
        return w - cut;
    if (w < -cut)
        return w + cut;
    return 0;
}

int jong_train(const jong_dataset *d, const size_t *rows, size_t nrows, const jong_train_opts *o,
               double *w, jong_error *err)
{
    if (!(o->eta > 0) || o->lambda < 0 || o->epochs < 1)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "train: eta must be > 0, lambda >= 0 and epochs >= 1 (got %g, %g, %d)",
                              o->eta, o->lambda, o->epochs);
    if (nrows == 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "train: no training examples");
    double *G = calloc(d->dim, sizeof *G);
    uint64_t *last = calloc(d->dim, sizeof *last); /* proximal steps applied up to (exclusive) */
    size_t *order = malloc(sizeof *order * nrows);
    if (!G || !last || !order) {
        free(G);
        free(last);
        free(order);
        return jong_error_set(err, JONG_ERR_IO, -1, "train: out of memory for %u weights", d->dim);
    }
    double strength = o->lambda / (double)nrows;
    uint64_t t = 0;
    for (int e = 0; e < o->epochs; e++) {
        jong_train_order(o->seed, e, nrows, order);
        double loss_sum = 0;
        for (size_t s = 0; s < nrows; s++, t++) {
            size_t i = rows[order[s]];
            size_t a = d->start[i], b = d->start[i + 1];
            for (size_t j = a; j < b; j++) {
                uint32_t k = d->idx[j];
                w[k] = prox(o->reg, w[k], o->eta / sqrt(1.0 + G[k]), strength, (double)(t - last[k]));
                last[k] = t;
            }
            double z = jong_dataset_dot(d, i, w);
            double y = d->label[i];
            loss_sum += jong_example_loss(o->loss, z, y);
            double dz = o->loss == JONG_LOSS_SQUARED ? 2.0 * (z - y) : jong_sigmoid(z) - y;
            for (size_t j = a; j < b; j++) {
                uint32_t k = d->idx[j];
                double g = dz * jong_dataset_value(d, j);
                G[k] += g * g;
                double step = o->eta / sqrt(1.0 + G[k]);
                w[k] = prox(o->reg, w[k] - step * g, step, strength, 1.0);
                last[k] = t + 1;
            }
            if (o->progress && o->report_every && (s + 1) % o->report_every == 0 && s + 1 < nrows)
                o->progress(o->progress_ctx, e, s + 1, nrows, loss_sum / (double)(s + 1));
        }
        if (o->progress)
            o->progress(o->progress_ctx, e, nrows, nrows, loss_sum / (double)nrows);
    }
    for (uint32_t k = 0; k < d->dim; k++)
        w[k] = prox(o->reg, w[k], o->eta / sqrt(1.0 + G[k]), strength, (double)(t - last[k]));
    free(G);
    free(last);
    free(order);
    return JONG_OK;
}

typedef struct {
    double s;
    float y;
} scored;

static int by_score(const void *a, const void *b)
{
    double x = ((const scored *)a)->s, y = ((const scored *)b)->s;
    return (x > y) - (x < y);
}

double jong_auc(const double *score, const float *label, size_t n)
{
    scored *v = malloc(sizeof *v * (n ? n : 1));
    if (!v)
        return -1;
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        v[i].s = score[i];
        v[i].y = label[i];
        pos += label[i] > 0.5f;
    }
    size_t neg = n - pos;
    if (!pos || !neg) {
        free(v);
        return -1;
    }
    qsort(v, n, sizeof *v, by_score);
    /* sum of positive ranks, ties given their mean rank */
    double rank_sum = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        size_t p = 0;
        while (j < n && v[j].s == v[i].s)
            p += v[j++].y > 0.5f;
        rank_sum += (double)p * ((double)(i + 1) + (double)j) / 2.0;
        i = j;
    }
    free(v);
    return (rank_sum - (double)pos * ((double)pos + 1) / 2.0) / ((double)pos * (double)neg);
}
