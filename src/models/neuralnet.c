/* Network files (format in neuralnet.h): decoding with a check of every part, the weights laid
 * out for the forward pass (nn_forward.c), and the check inputs run before a file is accepted. */
#include "neuralnet.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "jong/tile.h"
#include "model_file.h"
#include "planes.h"

static const char magic[8] = {'J', 'O', 'N', 'G', 'N', 'N', 'E', 'T'};

#define HEADER 72 /* magic, format, kind, rules, six sizes, the info length */

static int pad8(int x) { return (x + 7) / 8 * 8; }

/* The sizes a header gives, and where each part starts. */
typedef struct {
    uint32_t planes, kinds, actions, C, B, H, info;
    uint64_t tensors;   /* f32 values of the weights */
    uint64_t checks_at; /* offset of nchecks */
} nn_header;

static void read_header(const unsigned char *p, nn_header *h)
{
    h->planes = jong_model_get32(p + 44), h->kinds = jong_model_get32(p + 48), h->actions = jong_model_get32(p + 52);
    h->C = jong_model_get32(p + 56), h->B = jong_model_get32(p + 60), h->H = jong_model_get32(p + 64);
    h->info = jong_model_get32(p + 68);
    uint64_t C = h->C, P = h->planes, A = h->actions;
    h->tensors = C * P * 3 + C + (uint64_t)h->B * 2 * (C * C * 3 + C) + (uint64_t)h->H * C + h->H +
                 A * h->H * h->kinds + A;
    h->checks_at = HEADER + (uint64_t)h->info + 4 * h->tensors;
}

/* Bytes a file of these sizes has with nchecks checks. */
static uint64_t file_size(const nn_header *h, uint64_t nchecks)
{
    return h->checks_at + 4 + nchecks * 4 * ((uint64_t)h->planes * h->kinds + h->actions) + 8;
}

/* Sizes small enough that the products above cannot overflow, so that the length a damaged or
 * cut header asks for can be trusted to say "cut short". */
static bool sane(const nn_header *h)
{
    return h->planes <= 4096 && h->kinds <= 4096 && h->actions <= 4096 && h->C <= 1u << 16 && h->B <= 1u << 16 &&
           h->H <= 1u << 16;
}

static float get_f32(const unsigned char *p)
{
    uint32_t bits = jong_model_get32(p);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* One allocation, every array 32-byte aligned: the weights in the forward pass's layout and its
 * scratch. */
static int alloc_net(jong_nn *n, jong_error *err, const char *name)
{
    int C = n->channels, H = n->head, B = n->blocks;
    n->cp = pad8(C), n->hp = pad8(H), n->ap = pad8(JONG_ACTION_IDS);
    n->list_ld = C > JONG_PLANES ? C : JONG_PLANES;
    size_t list = (size_t)3 * n->list_ld > (size_t)JONG_KINDS * H ? (size_t)3 * n->list_ld : (size_t)JONG_KINDS * H;
    size_t sizes[] = {
        (size_t)3 * JONG_PLANES * n->cp, (size_t)n->cp,                   /* stem */
        (size_t)2 * B * 3 * C * n->cp, (size_t)2 * B * n->cp,             /* blocks */
        (size_t)C * n->hp, (size_t)n->hp,                                 /* head */
        (size_t)JONG_KINDS * H * n->ap, (size_t)n->ap,                    /* fc */
        (size_t)JONG_KINDS * n->cp, (size_t)JONG_KINDS * n->cp,           /* act, mid */
        (size_t)JONG_KINDS * n->hp, (size_t)n->ap,                        /* hid, out */
        (size_t)JONG_KINDS * n->list_ld, list,                            /* val, vals */
        (size_t)JONG_KINDS, (size_t)JONG_KINDS * n->list_ld, list,        /* nnz, idx, rows (ints) */
    };
    enum { NARRAYS = sizeof sizes / sizeof sizes[0] };
    size_t total = 0, at[NARRAYS];
    for (int i = 0; i < NARRAYS; i++) {
        at[i] = total;
        total += (sizes[i] + 7) / 8 * 8; /* floats and ints are both 4 bytes */
    }
    n->mem = aligned_alloc(32, total * 4);
    if (!n->mem)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: out of memory for %zu bytes", name, total * 4);
    memset(n->mem, 0, total * 4); /* the padding of every row stays zero */
    float *f = n->mem;
    float **fl[] = {&n->stem_w, &n->stem_b, &n->conv_w, &n->conv_b, &n->head_w, &n->head_b, &n->fc_w, &n->fc_b,
                    &n->act, &n->mid, &n->hid, &n->out, &n->val, &n->vals};
    int nf = (int)(sizeof fl / sizeof fl[0]);
    for (int i = 0; i < nf; i++)
        *fl[i] = f + at[i];
    n->nnz = (int *)(f + at[nf]), n->idx = (int *)(f + at[nf + 1]), n->rows = (int *)(f + at[nf + 2]);
    return JONG_OK;
}

/* The reader of the tensors: the next value, and whether all were finite. */
typedef struct {
    const unsigned char *p;
    bool finite;
} reader;

static float next(reader *r)
{
    float f = get_f32(r->p);
    r->p += 4;
    r->finite &= isfinite(f) != 0;
    return f;
}

/* A convolution's weights [cout][cin][taps] into rows t * cin + i of ld floats, and its bias. */
static void read_conv(reader *r, int cout, int cin, int taps, float *w, float *b, int ld)
{
    for (int c = 0; c < cout; c++)
        for (int i = 0; i < cin; i++)
            for (int t = 0; t < taps; t++)
                w[(size_t)(t * cin + i) * ld + c] = next(r);
    for (int c = 0; c < cout; c++)
        b[c] = next(r);
}

static void read_weights(jong_nn *n, reader *r)
{
    int C = n->channels, H = n->head;
    read_conv(r, C, JONG_PLANES, 3, n->stem_w, n->stem_b, n->cp);
    for (int b = 0; b < 2 * n->blocks; b++)
        read_conv(r, C, C, 3, n->conv_w + (size_t)b * 3 * C * n->cp, n->conv_b + (size_t)b * n->cp, n->cp);
    read_conv(r, H, C, 1, n->head_w, n->head_b, n->hp);
    for (int a = 0; a < JONG_ACTION_IDS; a++) /* fc.w[a][j * 34 + k] into row k * H + j */
        for (int j = 0; j < H; j++)
            for (int k = 0; k < JONG_KINDS; k++)
                n->fc_w[(size_t)(k * H + j) * n->ap + a] = next(r);
    for (int a = 0; a < JONG_ACTION_IDS; a++)
        n->fc_b[a] = next(r);
}

/* Every check input through the network at the level in use; each logit within the tolerance. */
static int run_checks(jong_nn *n, const unsigned char *p, const char *name, jong_error *err)
{
    float x[JONG_PLANES * JONG_KINDS], y[JONG_ACTION_IDS];
    n->worst_check = 0;
    for (int c = 0; c < n->nchecks; c++) {
        reader r = {p, true};
        for (int i = 0; i < JONG_PLANES * JONG_KINDS; i++)
            x[i] = next(&r);
        jong_nn_forward(n, x, y);
        for (int a = 0; a < JONG_ACTION_IDS; a++) {
            float want = next(&r);
            double diff = fabs((double)y[a] - want), scale = fabs(want) > 1 ? fabs(want) : 1;
            if (!r.finite)
                return jong_error_set(err, JONG_ERR_IO, -1, "model %s: check %d holds a value that is not a number",
                                      name, c + 1);
            if (!(diff <= JONG_NN_TOLERANCE * scale))
                return jong_error_set(err, JONG_ERR_IO, -1,
                                      "model %s: check %d: logit %d is %.6g here, %.6g in the file (over %g apart)",
                                      name, c + 1, a, y[a], want, JONG_NN_TOLERANCE);
            if (diff > n->worst_check)
                n->worst_check = diff;
        }
        p = r.p;
    }
    return JONG_OK;
}

/* The header's fields against what Jong's planes and player need (the file is known intact). */
static int check_fields(const unsigned char *p, const nn_header *h, size_t len, const char *name, jong_error *err)
{
    char kind[16], rules[16];
    memcpy(kind, p + 12, 16);
    memcpy(rules, p + 28, 16);
    if (kind[15] || rules[15])
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: its kind or rules field is not text", name);
    if (strcmp(kind, "policy"))
        return jong_error_set(err, JONG_ERR_ARG, -1, "model %s: holds a '%s' network, not 'policy'", name, kind);
    if (strcmp(rules, "riichi"))
        return jong_error_set(err, JONG_ERR_ARG, -1, "model %s: made for '%s' rules, not 'riichi'", name, rules);
    if (h->planes != JONG_PLANES || h->kinds != JONG_KINDS || h->actions != JONG_ACTION_IDS)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "model %s: wrong shape: %u planes, %u kinds, %u actions (Jong's: %d, %d, %d)",
                              name, h->planes, h->kinds, h->actions, JONG_PLANES, JONG_KINDS, JONG_ACTION_IDS);
    if (h->C < 1 || h->C > JONG_NN_MAX_CHANNELS || h->B > JONG_NN_MAX_BLOCKS || h->H < 1 || h->H > JONG_NN_MAX_HEAD)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "model %s: wrong shape: %u channels, %u blocks, head %u (Jong reads 1-%d, 0-%d, 1-%d)",
                              name, h->C, h->B, h->H, JONG_NN_MAX_CHANNELS, JONG_NN_MAX_BLOCKS, JONG_NN_MAX_HEAD);
    uint64_t want = h->checks_at + 4 + 8;
    if (want <= len)
        want = file_size(h, jong_model_get32(p + h->checks_at));
    if (want != len)
        return jong_error_set(err, JONG_ERR_IO, -1,
                              "model %s: sizes do not add up: they make %llu bytes, the file has %zu",
                              name, (unsigned long long)want, len);
    uint32_t nchecks = jong_model_get32(p + h->checks_at);
    if (nchecks == 0)
        return jong_error_set(err, JONG_ERR_IO, -1,
                              "model %s: holds no check inputs, so nothing shows it computes what its trainer did",
                              name);
    if (memchr(p + HEADER, 0, h->info))
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: its info text holds a NUL byte", name);
    return JONG_OK;
}

/* Whole, as written: the magic, the version, then the length the header asks for and the hash. */
static int check_integrity(const unsigned char *p, size_t len, const char *name, nn_header *h, jong_error *err)
{
    if (len >= 8 && !memcmp(p, "JONGLMDL", 8))
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: a linear model file (.jlm), not a network (.jnn)", name);
    if (len < 8 || memcmp(p, magic, 8))
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: not a Jong network file (no JONGNNET at its start)",
                              name);
    if (len < 12)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: cut short (%zu bytes)", name, len);
    uint32_t format = jong_model_get32(p + 8);
    if (format != JONG_NN_FORMAT)
        return jong_error_set(err, JONG_ERR_IO, -1,
                              "model %s: format version %u, this Jong reads version %d (remake it with this Jong's "
                              "trainer)",
                              name, format, JONG_NN_FORMAT);
    if (len < HEADER + 8)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: cut short in its header (%zu bytes)", name, len);
    read_header(p, h);
    bool intact = jong_model_hash(p, len - 8) == jong_model_get64(p + len - 8);
    if (intact)
        return JONG_OK;
    if (sane(h)) { /* say "cut short" when the header asks for more than there is */
        uint64_t need = h->checks_at + 4 + 8;
        if (len >= need)
            need = file_size(h, jong_model_get32(p + h->checks_at));
        if (len < need)
            return jong_error_set(err, JONG_ERR_IO, -1,
                                  "model %s: cut short: %zu bytes, its header needs at least %llu",
                                  name, len, (unsigned long long)need);
    }
    return jong_error_set(err, JONG_ERR_IO, -1, "model %s: checksum mismatch (the file is damaged)", name);
}

int jong_nn_decode(const void *buf, size_t len, const char *name, jong_nn *n, jong_error *err)
{
    const unsigned char *p = buf;
    memset(n, 0, sizeof *n);
    nn_header h = {0};
    int rc = check_integrity(p, len, name, &h, err);
    if (!rc)
        rc = check_fields(p, &h, len, name, err);
    if (rc)
        return rc;
    memcpy(n->kind, p + 12, 16);
    memcpy(n->rules, p + 28, 16);
    n->channels = (int)h.C, n->blocks = (int)h.B, n->head = (int)h.H;
    n->nchecks = (int)jong_model_get32(p + h.checks_at);
    n->info = malloc(h.info + 1);
    rc = n->info ? alloc_net(n, err, name) : jong_error_set(err, JONG_ERR_IO, -1, "model %s: out of memory", name);
    if (rc) {
        jong_nn_free(n);
        return rc;
    }
    memcpy(n->info, p + HEADER, h.info);
    n->info[h.info] = 0;
    reader r = {p + HEADER + h.info, true};
    read_weights(n, &r);
    if (!r.finite)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "model %s: a weight is not a finite number", name);
    if (!rc)
        rc = run_checks(n, p + h.checks_at + 4, name, err);
    if (rc)
        jong_nn_free(n);
    return rc;
}

int jong_nn_load(const char *path, jong_nn *n, jong_error *err)
{
    memset(n, 0, sizeof *n);
    unsigned char *buf;
    size_t len;
    int rc = jong_model_read(path, &buf, &len, err);
    if (rc)
        return rc;
    rc = jong_nn_decode(buf, len, path, n, err);
    free(buf);
    return rc;
}

void jong_nn_free(jong_nn *n)
{
    free(n->info);
    free(n->mem);
    memset(n, 0, sizeof *n);
}
