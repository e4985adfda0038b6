/* The plain reference network and its files (see nn_ref.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/nn_ref.h"

#define P NN_REF_PLANES
#define K NN_REF_KINDS
#define A NN_REF_ACTIONS

static uint64_t next_u64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* uniform in [-1, 1) */
static double uniform(uint64_t *s) { return (double)(next_u64(s) >> 11) * 0x1.0p-52 - 1.0; }

/* Where each tensor starts in n->t. */
static size_t block_at(const nn_ref *n, int b)
{
    return (size_t)n->C * P * 3 + n->C + (size_t)b * 2 * ((size_t)n->C * n->C * 3 + n->C);
}
static size_t head_at(const nn_ref *n) { return block_at(n, n->B); }
static size_t fc_at(const nn_ref *n) { return head_at(n) + (size_t)n->H * n->C + n->H; }

float *nn_ref_stem_w(const nn_ref *n) { return n->t; }
float *nn_ref_fc_w(const nn_ref *n) { return n->t + fc_at(n); }

void nn_ref_random(nn_ref *n, int C, int B, int H, uint64_t seed)
{
    assert_true(B >= 0 && B <= 64);
    n->C = C, n->B = B, n->H = H;
    n->nt = fc_at(n) + (size_t)A * H * K + A;
    n->t = malloc(n->nt * sizeof *n->t);
    assert_non_null(n->t);
    uint64_t s = seed;
    /* each tensor's length and scale: weights by 1/sqrt(inputs), biases small */
    typedef struct {
        size_t len;
        double scale;
    } part;
    part parts[4 * 64 + 8];
    size_t at = 0;
    int np = 0;
    parts[np++] = (part){(size_t)C * P * 3, 1.0 / sqrt(P * 3 * 0.2)};
    parts[np++] = (part){(size_t)C, 0.1};
    for (int b = 0; b < 2 * B; b++) {
        parts[np++] = (part){(size_t)C * C * 3, 1.0 / sqrt(C * 3.0)};
        parts[np++] = (part){(size_t)C, 0.1};
    }
    parts[np++] = (part){(size_t)H * C, 1.0 / sqrt(C)};
    parts[np++] = (part){(size_t)H, 0.1};
    parts[np++] = (part){(size_t)A * H * K, 2.0 / sqrt(H * K)};
    parts[np++] = (part){(size_t)A, 0.5};
    for (int i = 0; i < np; i++)
        for (size_t j = 0; j < parts[i].len; j++)
            n->t[at++] = (float)(uniform(&s) * parts[i].scale * sqrt(3.0));
    assert_int_equal(at, n->nt);
}

void nn_ref_free(nn_ref *n)
{
    free(n->t);
    n->t = NULL;
}

/* out[cout][K] = b + w * in, w [cout][cin][taps] (taps 1 or 3, padding 1 for 3) */
static void conv(const double *in, int cin, const float *w, const float *b, int cout, int taps, double *out)
{
    for (int c = 0; c < cout; c++)
        for (int k = 0; k < K; k++) {
            double s = b[c];
            for (int i = 0; i < cin; i++)
                for (int t = 0; t < taps; t++) {
                    int kk = taps == 3 ? k + t - 1 : k;
                    if (kk >= 0 && kk < K)
                        s += (double)w[((size_t)c * cin + i) * taps + t] * in[i * K + kk];
                }
            out[c * K + k] = s;
        }
}

static void relu(double *a, int len)
{
    for (int i = 0; i < len; i++)
        if (a[i] < 0)
            a[i] = 0;
}

void nn_ref_forward(const nn_ref *n, const float *x, double *logits)
{
    int C = n->C, H = n->H;
    double *in = malloc(sizeof(double) * P * K), *a = malloc(sizeof(double) * C * K);
    double *t = malloc(sizeof(double) * C * K), *y = malloc(sizeof(double) * C * K);
    double *h = malloc(sizeof(double) * H * K);
    assert_true(in && a && t && y && h);
    for (int i = 0; i < P * K; i++)
        in[i] = x[i];
    const float *w = n->t;
    conv(in, P, w, w + (size_t)C * P * 3, C, 3, a);
    relu(a, C * K);
    for (int b = 0; b < n->B; b++) {
        const float *c1w = n->t + block_at(n, b), *c1b = c1w + (size_t)C * C * 3;
        const float *c2w = c1b + C, *c2b = c2w + (size_t)C * C * 3;
        conv(a, C, c1w, c1b, C, 3, t);
        relu(t, C * K);
        conv(t, C, c2w, c2b, C, 3, y);
        for (int i = 0; i < C * K; i++)
            a[i] += y[i];
        relu(a, C * K);
    }
    const float *hw = n->t + head_at(n), *hb = hw + (size_t)H * C;
    conv(a, C, hw, hb, H, 1, h);
    relu(h, H * K);
    const float *fw = n->t + fc_at(n), *fb = fw + (size_t)A * H * K;
    for (int o = 0; o < A; o++) {
        double s = fb[o];
        for (int i = 0; i < H * K; i++) /* flatten: h[j][k] at j * 34 + k */
            s += (double)fw[(size_t)o * H * K + i] * h[i];
        logits[o] = s;
    }
    free(in), free(a), free(t), free(y), free(h);
}

void nn_ref_random_planes(float *x, uint64_t seed)
{
    uint64_t s = seed;
    for (int i = 0; i < P * K; i++) {
        uint64_t r = next_u64(&s);
        x[i] = r % 100 < 15 ? (float)(1 + r / 100 % 4) * 0.25f : 0.0f;
    }
}

void nn_ref_file_default(nn_ref_file *f)
{
    memset(f, 0, sizeof *f);
    memcpy(f->magic, "JONGNNET", 8);
    f->format = 1;
    strcpy(f->kind, "policy");
    strcpy(f->rules, "riichi");
    f->planes = P, f->kinds = K, f->actions = A;
    f->info = "test network";
}

typedef struct {
    unsigned char *p;
    size_t len, cap;
} sink;

static void put(sink *s, const void *data, size_t n)
{
    if (s->len + n > s->cap) {
        s->cap = (s->len + n) * 2;
        s->p = realloc(s->p, s->cap);
        assert_non_null(s->p);
    }
    memcpy(s->p + s->len, data, n);
    s->len += n;
}

static void put_u32(sink *s, uint32_t v)
{
    unsigned char b[4];
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    put(s, b, 4);
}

static void put_f32(sink *s, const float *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t bits;
        memcpy(&bits, &v[i], 4);
        put_u32(s, bits);
    }
}

unsigned char *nn_ref_encode(const nn_ref *n, const nn_ref_file *f, size_t *len)
{
    sink s = {0};
    put(&s, f->magic, 8);
    put_u32(&s, f->format);
    put(&s, f->kind, 16);
    put(&s, f->rules, 16);
    uint32_t head[] = {f->planes, f->kinds, f->actions, (uint32_t)n->C, (uint32_t)n->B, (uint32_t)n->H};
    for (int i = 0; i < 6; i++)
        put_u32(&s, head[i]);
    put_u32(&s, (uint32_t)strlen(f->info));
    put(&s, f->info, strlen(f->info));
    put_f32(&s, n->t, n->nt);
    put_u32(&s, (uint32_t)f->nchecks);
    for (int c = 0; c < f->nchecks; c++) {
        put_f32(&s, f->check_x + (size_t)c * P * K, P * K);
        put_f32(&s, f->check_y + (size_t)c * A, A);
    }
    for (size_t i = 0; i < f->extra; i++)
        put(&s, "", 1);
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a, written again here: the test must not trust the library's */
    for (size_t i = 0; i < s.len; i++)
        h = (h ^ s.p[i]) * 0x100000001b3ull;
    put_u32(&s, (uint32_t)h);
    put_u32(&s, (uint32_t)(h >> 32));
    *len = s.len;
    return s.p;
}

void nn_ref_checks(const nn_ref *n, int nchecks, uint64_t seed, float *x, float *y)
{
    double logits[A];
    for (int c = 0; c < nchecks; c++) {
        nn_ref_random_planes(x + (size_t)c * P * K, seed + (uint64_t)c);
        nn_ref_forward(n, x + (size_t)c * P * K, logits);
        for (int a = 0; a < A; a++)
            y[(size_t)c * A + a] = (float)logits[a];
    }
}

void nn_ref_write(const char *path, const unsigned char *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, len, f) != len || fclose(f) != 0)
        fail_msg("cannot write %s", path);
}
