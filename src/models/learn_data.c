/* The learners' data set: sparse rows grown in place, sorted and merged per example, and the
 * split of examples into train and test sides by game. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "learn.h"
#include "jong/rng.h"

void jong_dataset_init(jong_dataset *d, uint32_t dim)
{
    memset(d, 0, sizeof *d);
    d->dim = dim;
}

void jong_dataset_free(jong_dataset *d)
{
    free(d->start);
    free(d->idx);
    free(d->val);
    free(d->label);
    free(d->group);
    uint32_t dim = d->dim;
    jong_dataset_init(d, dim);
}

static int grow(void **p, size_t elem, size_t want, jong_error *err)
{
    void *q = realloc(*p, elem * want);
    if (!q)
        return jong_error_set(err, JONG_ERR_IO, -1, "data set: out of memory for %zu entries", want);
    *p = q;
    return JONG_OK;
}

static int reserve(jong_dataset *d, int n, jong_error *err)
{
    if (d->n + 2 > d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 1024;
        int rc = grow((void **)&d->start, sizeof *d->start, cap + 1, err);
        if (!rc)
            rc = grow((void **)&d->label, sizeof *d->label, cap, err);
        if (!rc)
            rc = grow((void **)&d->group, sizeof *d->group, cap, err);
        if (rc)
            return rc;
        if (d->cap == 0)
            d->start[0] = 0;
        d->cap = cap;
    }
    if (d->nnz + (size_t)n > d->nnz_cap) {
        size_t cap = d->nnz_cap ? d->nnz_cap * 2 : 16384;
        while (cap < d->nnz + (size_t)n)
            cap *= 2;
        int rc = grow((void **)&d->idx, sizeof *d->idx, cap, err);
        if (!rc && d->val)
            rc = grow((void **)&d->val, sizeof *d->val, cap, err);
        if (rc)
            return rc;
        d->nnz_cap = cap;
    }
    return JONG_OK;
}

/* Switch from binary to stored values: every value so far is 1. */
static int make_values(jong_dataset *d, jong_error *err)
{
    float *v = malloc(sizeof *v * (d->nnz_cap ? d->nnz_cap : 1));
    if (!v)
        return jong_error_set(err, JONG_ERR_IO, -1, "data set: out of memory for values");
    for (size_t j = 0; j < d->nnz; j++)
        v[j] = 1.0f;
    d->val = v;
    return JONG_OK;
}

int jong_dataset_add(jong_dataset *d, const uint32_t *idx, const float *val, int n, float label,
                     uint32_t group, jong_error *err)
{
    if (n < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "data set: negative feature count %d", n);
    for (int i = 0; i < n; i++)
        if (idx[i] >= d->dim)
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "data set: feature index %u is not below the dimension %u",
                                  idx[i], d->dim);
    int rc = reserve(d, n, err);
    if (rc)
        return rc;
    /* values are stored once one is not 1, or a repeated index sums to more than 1 */
    bool need_values = false;
    for (int i = 0; i < n && !need_values; i++) {
        need_values = val && val[i] != 1.0f;
        for (int j = i + 1; j < n && !need_values; j++)
            need_values = idx[i] == idx[j];
    }
    if (need_values && !d->val && (rc = make_values(d, err)))
        return rc;
    /* insertion sort by index (rows are short), merging repeats */
    size_t base = d->nnz;
    int m = 0;
    for (int i = 0; i < n; i++) {
        uint32_t k = idx[i];
        float v = val ? val[i] : 1.0f;
        int p = m;
        while (p > 0 && d->idx[base + (size_t)p - 1] > k)
            p--;
        if (p > 0 && d->idx[base + (size_t)p - 1] == k) {
            d->val[base + (size_t)p - 1] += v;
            continue;
        }
        memmove(&d->idx[base + (size_t)p + 1], &d->idx[base + (size_t)p], sizeof *d->idx * (size_t)(m - p));
        if (d->val)
            memmove(&d->val[base + (size_t)p + 1], &d->val[base + (size_t)p], sizeof *d->val * (size_t)(m - p));
        d->idx[base + (size_t)p] = k;
        if (d->val)
            d->val[base + (size_t)p] = v;
        m++;
    }
    d->nnz = base + (size_t)m;
    d->label[d->n] = label;
    d->group[d->n] = group;
    d->n++;
    d->start[d->n] = d->nnz;
    return JONG_OK;
}

void jong_dataset_split(const jong_dataset *d, double test_share, uint64_t seed, size_t *train,
                        size_t *ntrain, size_t *test, size_t *ntest)
{
    size_t a = 0, b = 0;
    for (size_t i = 0; i < d->n; i++) {
        double u = (double)(jong_seed_mix(seed, d->group[i]) >> 11) * 0x1.0p-53;
        if (u < test_share)
            test[b++] = i;
        else
            train[a++] = i;
    }
    *ntrain = a;
    *ntest = b;
}
