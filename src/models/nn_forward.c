/* The network's forward pass (neuralnet.h). Activations are kept kind-major (act[k][cp]), and
 * each layer is, per output kind, one call of the kernel (nn_kernel.h) over the list of the
 * non-zero inputs it reads: for a kernel-3 convolution the inputs of kinds k-1, k and k+1, each
 * pointing at the weight row of its (tap, channel). Only the kernel differs between levels, so
 * everything here is shared. */
#include <string.h>

#include "jong/tile.h"
#include "planes.h"
#include "neuralnet.h"
#include "nn_kernel.h"

typedef void (*nn_kernel)(float *out, const float *b, const float *w, size_t ld, const int *rows,
                          const float *vals, int n);

/* The lists of kind k: idx/val[k * list_ld + e] for e < nnz[k]. Written without a branch on the
 * value: the test of a value against zero is as unpredictable as the data. */
static void lists_of_planes(jong_nn *n, const float *x)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int *idx = n->idx + k * n->list_ld, m = 0;
        float *val = n->val + k * n->list_ld;
        for (int i = 0; i < JONG_PLANES; i++) {
            float v = x[i * JONG_KINDS + k];
            idx[m] = i;
            val[m] = v;
            m += v != 0;
        }
        n->nnz[k] = m;
    }
}

static void lists_of(jong_nn *n, const float *a, int ch, int ld)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int *idx = n->idx + k * n->list_ld, m = 0;
        float *val = n->val + k * n->list_ld;
        const float *row = a + k * ld;
        for (int i = 0; i < ch; i++) {
            idx[m] = i;
            val[m] = row[i];
            m += row[i] != 0;
        }
        n->nnz[k] = m;
    }
}

static void relu(float *a, int len)
{
    for (int i = 0; i < len; i++)
        a[i] = a[i] > 0 ? a[i] : 0;
}

/* out[k][cp] = conv3 of the current lists (inputs of cin channels); weight row t * cin + i. */
static void conv3(jong_nn *n, nn_kernel kernel, int cin, const float *w, const float *b, float *out)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int m = 0;
        for (int t = 0; t < 3; t++) {
            int kk = k + t - 1;
            if (kk < 0 || kk >= JONG_KINDS)
                continue; /* the padding: zeros outside the 34 kinds */
            const int *idx = n->idx + kk * n->list_ld;
            const float *val = n->val + kk * n->list_ld;
            for (int e = 0; e < n->nnz[kk]; e++) {
                n->rows[m] = t * cin + idx[e];
                n->vals[m++] = val[e];
            }
        }
        kernel(out + k * n->cp, b, w, (size_t)n->cp, n->rows, n->vals, m);
    }
}

static void forward(jong_nn *n, nn_kernel kernel, const float *x, float *logits)
{
    int cp = n->cp, C = n->channels, H = n->head, len = JONG_KINDS * cp;
    lists_of_planes(n, x);
    conv3(n, kernel, JONG_PLANES, n->stem_w, n->stem_b, n->act);
    relu(n->act, len);
    for (int b = 0; b < n->blocks; b++) {
        const float *w1 = n->conv_w + (size_t)(2 * b) * 3 * C * cp, *w2 = w1 + (size_t)3 * C * cp;
        const float *b1 = n->conv_b + (size_t)(2 * b) * cp, *b2 = b1 + cp;
        lists_of(n, n->act, C, cp);
        conv3(n, kernel, C, w1, b1, n->mid);
        relu(n->mid, len);
        lists_of(n, n->mid, C, cp);
        conv3(n, kernel, C, w2, b2, n->mid); /* the lists hold mid's values: it may be overwritten */
        for (int i = 0; i < len; i++) {
            float s = n->act[i] + n->mid[i];
            n->act[i] = s > 0 ? s : 0;
        }
    }
    lists_of(n, n->act, C, cp);
    for (int k = 0; k < JONG_KINDS; k++) /* the kernel-1 head: weight row = channel */
        kernel(n->hid + k * n->hp, n->head_b, n->head_w, (size_t)n->hp, n->idx + k * n->list_ld,
               n->val + k * n->list_ld, n->nnz[k]);
    relu(n->hid, JONG_KINDS * n->hp);
    int m = 0; /* fc's inputs: h[j][k] at weight row k * H + j */
    for (int k = 0; k < JONG_KINDS; k++)
        for (int j = 0; j < H; j++) {
            float v = n->hid[k * n->hp + j];
            n->rows[m] = k * H + j;
            n->vals[m] = v;
            m += v != 0;
        }
    kernel(n->out, n->fc_b, n->fc_w, (size_t)n->ap, n->rows, n->vals, m);
    memcpy(logits, n->out, sizeof(float) * JONG_ACTION_IDS);
}

void jong_nn_forward_at(jong_nn *n, const float *x, float *logits, int level)
{
#if JONG_CPU_DISPATCH
    if (level >= JONG_CPU_AVX2 && jong_cpu_supported() >= JONG_CPU_AVX2) {
        forward(n, jong_nn_kernel_avx2, x, logits);
        return;
    }
#endif
    (void)level;
    forward(n, jong_nn_kernel_scalar, x, logits);
}

void jong_nn_forward(jong_nn *n, const float *x, float *logits)
{
    jong_nn_forward_at(n, x, logits, jong_cpu_level());
}
