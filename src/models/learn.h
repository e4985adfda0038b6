/* Sparse linear models trained online with FOBOS and AdaGrad (Mizukami and Tsuruoka, Eqs. 2-7):
 * logistic regression with an L2 or L1 regulariser, and linear regression (squared loss) with L2.
 *
 * A data set holds examples as sparse rows (feature index, value; binary features store no
 * value), a label and a group (the game an example comes from, so that train and test sets are
 * split by game, never by state). Training walks the chosen rows in a seeded order each epoch:
 *   g = dloss/dw on one example,  G_i += g_i^2,  w_i -= eta g_i / sqrt(1 + G_i)   (Eq. 3)
 * then the regulariser's proximal step (FOBOS) with the same per-coordinate step eta/sqrt(1+G_i)
 * and weight lambda/N per example (N = training rows): its share of lambda R(w) over an epoch.
 *   L2 (R = |w|^2):  w_i /= 1 + 2 step lambda/N        L1 (R = |w|_1): w_i shrinks to 0 by step lambda/N
 * Untouched coordinates get their proximal steps lazily, all at once when next touched (their step
 * does not change meanwhile), which is exactly the dense update. */
#ifndef JONG_LEARN_H
#define JONG_LEARN_H

#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"

typedef enum { JONG_LOSS_LOGISTIC = 0, JONG_LOSS_SQUARED = 1 } jong_loss;
typedef enum { JONG_REG_NONE = 0, JONG_REG_L1 = 1, JONG_REG_L2 = 2 } jong_reg;

typedef struct {
    uint32_t dim;     /* features per example: indices are below dim */
    size_t n;         /* examples */
    size_t nnz;       /* stored features over all examples */
    size_t *start;    /* example i's features are idx[start[i] .. start[i+1]) (n+1 entries) */
    uint32_t *idx;    /* ascending within an example, no repeats */
    float *val;       /* NULL while every value is 1 (binary features) */
    float *label;     /* 0/1 for logistic, the target for squared loss */
    uint32_t *group;  /* the game the example comes from */
    size_t cap, nnz_cap;
} jong_dataset;

void jong_dataset_init(jong_dataset *d, uint32_t dim);
void jong_dataset_free(jong_dataset *d);
/* Add one example; idx/val in any order (val NULL = all 1), repeats are summed. An index not
 * below dim is a JONG_ERR_ARG; allocation failure a JONG_ERR_IO. */
int jong_dataset_add(jong_dataset *d, const uint32_t *idx, const float *val, int n, float label,
                     uint32_t group, jong_error *err);
/* Feature j of example i (val or 1). */
static inline float jong_dataset_value(const jong_dataset *d, size_t j)
{
    return d->val ? d->val[j] : 1.0f;
}

/* Split by group: a group goes to the test side when a seeded hash of (seed, group) falls below
 * test_share. Writes example indices into train/test (each at least d->n long) and their counts. */
void jong_dataset_split(const jong_dataset *d, double test_share, uint64_t seed, size_t *train,
                        size_t *ntrain, size_t *test, size_t *ntest);

typedef struct {
    jong_loss loss;
    jong_reg reg;
    double eta;      /* learning rate (paper: 0.01) */
    double lambda;   /* regularisation (paper: 0.01) */
    int epochs;
    uint64_t seed;   /* order of the examples in each epoch */
    /* Progress, called every report_every examples and at each epoch's end (may be NULL). */
    void (*progress)(void *ctx, int epoch, size_t done, size_t total, double mean_loss);
    void *progress_ctx;
    size_t report_every;
} jong_train_opts;

/* The paper's settings: eta 0.01, lambda 0.01, 1 epoch, no progress. */
jong_train_opts jong_train_defaults(jong_loss loss, jong_reg reg);

/* The order of the rows in epoch e: a seeded Fisher-Yates shuffle of 0..n-1 (so that a slow
 * reference can walk the same order). */
void jong_train_order(uint64_t seed, int epoch, size_t n, size_t *out);

/* Train w (d->dim weights, in/out: start from zeros or a previous model) on the given rows. */
int jong_train(const jong_dataset *d, const size_t *rows, size_t nrows, const jong_train_opts *o,
               double *w, jong_error *err);

/* w . x of example i. */
double jong_dataset_dot(const jong_dataset *d, size_t i, const double *w);
/* w . x for a bare sparse vector (val NULL = binary). */
double jong_sparse_dot(const double *w, const uint32_t *idx, const float *val, int n);
double jong_sigmoid(double z);

/* One example's loss at margin z (logistic: -log P(label); squared: (z - label)^2). */
double jong_example_loss(jong_loss loss, double z, double label);

/* Area under the ROC curve of scores against 0/1 labels (ties count half); -1 when one class is
 * missing. O(n log n). */
double jong_auc(const double *score, const float *label, size_t n);

#endif
