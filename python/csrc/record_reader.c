/* jong.RecordReader: many record files read into training samples, the files replayed on several
 * threads (a pool, pool.h) and the samples copied in C into the caller's numpy arrays
 * (read_into) or into arrays made at their final size (read): no concatenation in Python.
 *
 * The samples come out in file order whatever the number of threads: the files are replayed a
 * batch at a time, each into its own buffers (a file's samples depend on the file alone), and
 * handed out in order. A file that cannot be read stops a read before its place: the read
 * returns the samples before it, and the next read raises its jong.Error (or, with skip, the
 * file is passed over and listed in `skipped` at its place). So the same files give the same
 * samples, the same errors at the same places, and the same `skipped`, with 1 thread or 8. */
#include "pool.h"
#include "records.h"

#define NO_IMPORT_ARRAY
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <stdlib.h>
#include <string.h>

/* One replayed file: its samples, or why it could not be read. */
typedef struct {
    samples *s; /* NULL when it failed */
    char *err;  /* then its message; NULL with s NULL: out of memory */
    int file;   /* its index in the reader's files */
} rfile;

/* Part of one file's samples copied into the output arrays. */
typedef struct {
    const rfile *f;
    size_t from, count, to;
} rcopy;

/* The arrays a read fills, by name; a sample's row of each (after the first dimension). */
enum { F_FEATURES, F_MASK, F_ACTION, F_SEAT, F_SCORE, F_RANK, F_COMPLETE, F_GAME, F_FILE, NFIELDS };
static const struct {
    const char *name;
    int type, nd;
    npy_intp dims[2];
    size_t size; /* bytes of a row */
    const char *what;
} fields[NFIELDS] = {
    {"features", NPY_FLOAT32, 2, {JONG_PLANES, JONG_KINDS}, PLANE_FLOATS * sizeof(float), "float32 (N, PLANES, 34)"},
    {"mask", NPY_BOOL, 1, {JONG_ACTION_IDS, 0}, JONG_ACTION_IDS, "bool (N, ACTIONS)"},
    {"action", NPY_INT16, 0, {0, 0}, sizeof(int16_t), "int16 (N,)"},
    {"seat", NPY_INT8, 0, {0, 0}, sizeof(int8_t), "int8 (N,)"},
    {"score", NPY_INT32, 0, {0, 0}, sizeof(int32_t), "int32 (N,)"},
    {"rank", NPY_INT8, 0, {0, 0}, sizeof(int8_t), "int8 (N,)"},
    {"complete", NPY_BOOL, 0, {0, 0}, 1, "bool (N,)"},
    {"game", NPY_INT32, 0, {0, 0}, sizeof(int32_t), "int32 (N,)"},
    {"file", NPY_INT32, 0, {0, 0}, sizeof(int32_t), "int32 (N,)"},
};

typedef struct {
    PyObject_HEAD
    PyObject *files;   /* the list given (str) */
    char **paths;      /* the same, as the file system's bytes */
    int nfiles;
    int next;          /* the next file to replay */
    rfile *q;          /* files replayed and not yet handed out whole, in file order */
    int nq, qcap, head; /* q[head] is the next to hand out */
    size_t offset;     /* samples of q[head] handed out */
    int threads;
    bool skip;
    jong_record_limits lim;
    PyObject *skipped; /* [(file, message)] */
    bool busy;
    jongpy_pool pool;
    /* the work of one run of the pool */
    int replay_from;   /* replays: q[replay_from + item] */
    rcopy *plan;       /* copies: plan[item] */
    int nplan, plancap;
    char *out[NFIELDS]; /* the arrays' data (NULL: not filled) */
    PyObject *held[NFIELDS]; /* the arrays themselves, held while the GIL is released */
    bool grow;          /* read(): out are malloc'd buffers of cap rows, grown as the samples come */
    size_t cap;
} reader_obj;

static void rfile_free(rfile *f)
{
    jongpy_samples_free(f->s);
    free(f->err);
    f->s = NULL;
    f->err = NULL;
}

static void replay_item(void *ctx, int item)
{
    reader_obj *r = ctx;
    rfile *f = &r->q[r->replay_from + item];
    char msg[2048] = "";
    f->s = calloc(1, sizeof *f->s);
    int rc = f->s ? jongpy_replay_file(r->paths[f->file], &r->lim, f->s, msg, sizeof msg) : -2;
    if (rc) {
        jongpy_samples_free(f->s);
        f->s = NULL;
        f->err = rc == -1 ? strdup(msg) : NULL;
    }
}

static void copy_item(void *ctx, int item)
{
    reader_obj *r = ctx;
    const rcopy *c = &r->plan[item];
    const samples *s = c->f->s;
    for (int k = 0; k < NFIELDS; k++) {
        char *dst = r->out[k];
        if (!dst)
            continue;
        dst += c->to * fields[k].size;
        const void *src = NULL;
        switch (k) {
        case F_FEATURES: src = s->features + c->from * PLANE_FLOATS; break;
        case F_MASK: src = s->mask + c->from * JONG_ACTION_IDS; break;
        case F_ACTION: src = s->action + c->from; break;
        case F_SEAT: src = s->seat + c->from; break;
        case F_GAME: src = s->game + c->from; break;
        default: break;
        }
        if (src) {
            memcpy(dst, src, c->count * fields[k].size);
            continue;
        }
        for (size_t j = 0; j < c->count; j++) {
            int g = s->game[c->from + j], seat = s->seat[c->from + j];
            int8_t ranks[JONG_SEATS];
            if (k == F_SCORE) {
                ((int32_t *)dst)[j] = s->scores[g][seat];
            } else if (k == F_RANK) {
                jongpy_ranks(s->scores[g], ranks);
                ((int8_t *)dst)[j] = ranks[seat];
            } else if (k == F_COMPLETE) {
                ((npy_bool *)dst)[j] = s->complete[g];
            } else {
                ((int32_t *)dst)[j] = c->f->file;
            }
        }
    }
}

/* Room for `need` items of `size` bytes at *p (of *cap), doubling: 0, or -1 with MemoryError. */
static int reserve(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 0;
    int c = *cap * 2 > need ? *cap * 2 : need;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) {
        PyErr_NoMemory();
        return -1;
    }
    *p = q;
    *cap = c;
    return 0;
}

/* Replays the next k files (fewer when fewer are left) after the queue's unread ones, the files
 * handed out whole freed first; with the GIL held (released around the replays). -1 out of
 * memory. */
static int refill(reader_obj *r, int k)
{
    if (k > r->nfiles - r->next)
        k = r->nfiles - r->next;
    for (int i = 0; i < r->head; i++)
        rfile_free(&r->q[i]);
    if (r->nq > r->head)
        memmove(r->q, r->q + r->head, (size_t)(r->nq - r->head) * sizeof *r->q);
    r->nq -= r->head;
    r->head = 0;
    if (reserve((void **)&r->q, &r->qcap, r->nq + k, sizeof *r->q))
        return -1;
    for (int i = 0; i < k; i++)
        r->q[r->nq + i] = (rfile){.file = r->next + i};
    r->replay_from = r->nq;
    jongpy_pool_start(&r->pool, (r->threads < k ? r->threads : k) - 1);
    Py_BEGIN_ALLOW_THREADS
    jongpy_pool_run(&r->pool, k, replay_item, r);
    Py_END_ALLOW_THREADS
    r->nq += k;
    r->next += k;
    return 0;
}

static void run_copies(reader_obj *r)
{
    Py_BEGIN_ALLOW_THREADS
    jongpy_pool_run(&r->pool, r->nplan, copy_item, r);
    Py_END_ALLOW_THREADS
    r->nplan = 0;
}

/* The failed file at the queue's head: with skip, listed in skipped and passed over (0); else
 * passed over and raised (-1). */
static int head_failed(reader_obj *r)
{
    rfile *f = &r->q[r->head++];
    r->offset = 0;
    if (!f->err) {
        PyErr_NoMemory();
        return -1;
    }
    if (!r->skip) {
        PyErr_SetString(jongpy_error, f->err);
        return -1;
    }
    PyObject *pair = Py_BuildValue("(Os)", PyList_GET_ITEM(r->files, f->file), f->err);
    int rc = pair ? PyList_Append(r->skipped, pair) : -1;
    Py_XDECREF(pair);
    return rc;
}

/* read()'s buffers made room for at least `rows` rows: grown by half again at least, as the
 * files come (a large buffer grows in place: its pages are moved, not copied). -1 out of
 * memory (the buffers so far kept, freed by the caller). */
static int grow_out(reader_obj *r, size_t rows)
{
    size_t cap = r->cap + r->cap / 2;
    if (cap < rows)
        cap = rows;
    for (int k = 0; k < NFIELDS; k++) {
        char *p = realloc(r->out[k], cap * fields[k].size);
        if (!p) {
            PyErr_NoMemory();
            return -1;
        }
        r->out[k] = p;
    }
    r->cap = cap;
    return 0;
}

/* Fills rows 0..cap-1 of r->out with the next samples, replaying batches of files as needed:
 * the rows filled (fewer at the end, or before a file that cannot be read), or -1 with an
 * exception (that file's error when it comes first). */
static Py_ssize_t fill(reader_obj *r, size_t cap, int batch)
{
    size_t filled = 0;
    r->nplan = 0;
    for (;;) {
        while (r->head < r->nq && filled < cap) {
            rfile *f = &r->q[r->head];
            if (!f->s) {
                if (filled && !(r->skip && f->err))
                    goto done; /* its error is the next read's */
                if (head_failed(r))
                    return -1;
                continue;
            }
            size_t take = f->s->n - r->offset;
            if (take > cap - filled)
                take = cap - filled;
            if (r->grow && filled + take > r->cap && grow_out(r, filled + take))
                return -1;
            if (take) {
                if (reserve((void **)&r->plan, &r->plancap, r->nplan + 1, sizeof *r->plan))
                    return -1;
                r->plan[r->nplan++] = (rcopy){f, r->offset, take, filled};
            }
            filled += take;
            r->offset += take;
            if (r->offset == f->s->n) {
                r->head++;
                r->offset = 0;
            }
        }
        if (filled == cap || r->next == r->nfiles)
            break;
        run_copies(r); /* the refill frees the files handed out */
        if (refill(r, batch))
            return -1;
    }
done:
    run_copies(r);
    return (Py_ssize_t)filled;
}

static int reader_enter(reader_obj *r)
{
    if (r->busy) {
        PyErr_SetString(jongpy_error, "the RecordReader is in use in another thread");
        return -1;
    }
    if (!r->paths) {
        PyErr_SetString(jongpy_error, "the RecordReader was not made");
        return -1;
    }
    r->busy = true;
    return 0;
}

static void release_arrays(reader_obj *r)
{
    for (int k = 0; k < NFIELDS; k++)
        Py_CLEAR(r->held[k]);
    memset(r->out, 0, sizeof r->out);
}

/* Checks the caller's arrays (a dict {name: array}) into r->out, each held (another thread may
 * change the dict while the GIL is released; release_arrays lets go); their common length, or
 * -1 with jong.Error naming what is wrong. */
static Py_ssize_t take_arrays(reader_obj *r, PyObject *out)
{
    release_arrays(r);
    if (!PyDict_Check(out) || PyDict_Size(out) == 0) {
        PyErr_SetString(jongpy_error, "read_into: a dict {name: numpy array} with at least one of features, mask, "
                                      "action, seat, score, rank, complete, game, file");
        return -1;
    }
    Py_ssize_t len = -1, pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(out, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        int k = 0;
        while (name && k < NFIELDS && strcmp(fields[k].name, name))
            k++;
        if (!name || k == NFIELDS) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "read_into: %R is not a sample's array (features, mask, action, seat, score, "
                                       "rank, complete, game, file)", key);
            return -1;
        }
        PyArrayObject *a = PyArray_Check(value) ? (PyArrayObject *)value : NULL;
        bool ok = a && PyArray_TYPE(a) == fields[k].type && PyArray_NDIM(a) == fields[k].nd + 1 &&
                  PyArray_IS_C_CONTIGUOUS(a) && PyArray_ISWRITEABLE(a) && PyArray_ISALIGNED(a);
        for (int d = 0; ok && d < fields[k].nd; d++)
            ok = PyArray_DIM(a, d + 1) == fields[k].dims[d];
        if (!ok) {
            PyErr_Format(jongpy_error, "read_into: %s: a writable C-contiguous numpy array, %s, not %R", name,
                         fields[k].what, a ? (PyObject *)PyArray_DESCR(a) : (PyObject *)Py_TYPE(value));
            return -1;
        }
        if (len >= 0 && PyArray_DIM(a, 0) != len) {
            PyErr_Format(jongpy_error, "read_into: %s has %zd rows, another array %zd: they must be as long", name,
                         (Py_ssize_t)PyArray_DIM(a, 0), len);
            return -1;
        }
        len = PyArray_DIM(a, 0);
        r->out[k] = PyArray_DATA(a);
        Py_INCREF(value);
        Py_XSETREF(r->held[k], value); /* a name given twice: the last array */
    }
    return len;
}

static PyObject *reader_read_into(PyObject *self, PyObject *out)
{
    reader_obj *r = (reader_obj *)self;
    if (reader_enter(r))
        return NULL;
    Py_ssize_t len = take_arrays(r, out), n = -1;
    if (len >= 0)
        n = fill(r, (size_t)len, r->threads);
    release_arrays(r);
    r->busy = false;
    return n < 0 ? NULL : PyLong_FromSsize_t(n);
}

/* read(n): the samples filled into buffers grown as they come (the files replayed a batch at a
 * time into buffers that are then reused), handed to numpy without a copy. */
static PyObject *reader_read(PyObject *self, PyObject *args, PyObject *kw)
{
    reader_obj *r = (reader_obj *)self;
    static char *names[] = {"n", NULL};
    PyObject *n_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:read", names, &n_obj))
        return NULL;
    long want = -1;
    if (n_obj != Py_None && jongpy_int_arg(n_obj, "read: n", 0, PY_SSIZE_T_MAX / 2, &want))
        return NULL;
    if (reader_enter(r))
        return NULL;
    release_arrays(r);
    r->grow = true;
    r->cap = 0;
    Py_ssize_t n = fill(r, want < 0 ? (size_t)PY_SSIZE_T_MAX : (size_t)want, r->threads);
    PyObject *d = n < 0 ? NULL : PyDict_New();
    for (int k = 0; d && k < NFIELDS; k++) {
        npy_intp dims[3] = {(npy_intp)n, fields[k].dims[0], fields[k].dims[1]};
        PyObject *a = jongpy_array_taking(fields[k].nd + 1, dims, fields[k].type, (void **)&r->out[k],
                                          (size_t)n * fields[k].size);
        if (!a || PyDict_SetItemString(d, fields[k].name, a))
            Py_CLEAR(d);
        Py_XDECREF(a);
    }
    for (int k = 0; k < NFIELDS; k++)
        free(r->out[k]); /* what was not handed over */
    memset(r->out, 0, sizeof r->out);
    r->grow = false;
    r->busy = false;
    return d;
}

/* The next file's samples whole, as read_record's dict: (index into files, dict), or None
 * after the last. For read_records' iterator (a file at a time, replayed a batch ahead). */
static PyObject *reader_read_file(PyObject *self, PyObject *unused)
{
    (void)unused;
    reader_obj *r = (reader_obj *)self;
    if (reader_enter(r))
        return NULL;
    PyObject *out = NULL;
    if (r->offset) {
        PyErr_SetString(jongpy_error, "read_file: the file at hand was partly read by read or read_into");
        goto done;
    }
    for (;;) {
        if (r->head == r->nq) {
            if (r->next == r->nfiles) {
                out = Py_NewRef(Py_None);
                goto done;
            }
            if (refill(r, r->threads))
                goto done;
            continue;
        }
        rfile *f = &r->q[r->head];
        if (f->s)
            break;
        if (head_failed(r))
            goto done;
    }
    rfile *f = &r->q[r->head++];
    PyObject *dict = jongpy_samples_dict(f->s, 0);
    rfile_free(f);
    out = dict ? Py_BuildValue("(iN)", f->file, dict) : NULL;
done:
    r->busy = false;
    return out;
}

static void reader_clear(reader_obj *r)
{
    jongpy_pool_stop(&r->pool);
    release_arrays(r);
    for (int i = 0; i < r->nq; i++)
        rfile_free(&r->q[i]);
    free(r->q);
    for (int i = 0; r->paths && i < r->nfiles; i++)
        free(r->paths[i]);
    free(r->paths);
    free(r->plan);
    Py_CLEAR(r->files);
    Py_CLEAR(r->skipped);
    r->q = NULL;
    r->paths = NULL;
    r->plan = NULL;
    r->nq = r->qcap = r->head = r->nplan = r->plancap = r->nfiles = r->next = 0;
    r->offset = 0;
}

static void reader_dealloc(PyObject *self)
{
    reader_clear((reader_obj *)self);
    Py_TYPE(self)->tp_free(self);
}

static int reader_init(PyObject *self, PyObject *args, PyObject *kw)
{
    reader_obj *r = (reader_obj *)self;
    static char *names[] = {"files", "threads", "skip", "max_record_mb", "max_gzip_layers", NULL};
    PyObject *files, *threads_obj = NULL;
    int skip = 0, max_mb = JONG_RECORD_MAX_MB, max_layers = JONG_RECORD_MAX_GZIP_LAYERS;
    long threads = 1;
    jong_record_limits lim;
    if (r->busy) {
        PyErr_SetString(jongpy_error, "the RecordReader is in use in another thread");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|Opii:RecordReader", names, &files, &threads_obj, &skip, &max_mb,
                                     &max_layers))
        return -1;
    if ((threads_obj && jongpy_int_arg(threads_obj, "threads", 1, JONGPY_POOL_MAX, &threads)) ||
        jongpy_limits(max_mb, max_layers, &lim))
        return -1;
    PyObject *list = PySequence_List(files);
    if (!list)
        return -1;
    Py_ssize_t n = PyList_GET_SIZE(list);
    char **paths = calloc((size_t)(n ? n : 1), sizeof *paths);
    int rc = paths ? 0 : -1;
    if (!paths)
        PyErr_NoMemory();
    for (Py_ssize_t i = 0; !rc && i < n; i++) {
        PyObject *bytes = NULL;
        if (!PyUnicode_FSConverter(PyList_GET_ITEM(list, i), &bytes)) {
            rc = -1;
            break;
        }
        paths[i] = strdup(PyBytes_AS_STRING(bytes));
        Py_DECREF(bytes);
        if (!paths[i]) {
            PyErr_NoMemory();
            rc = -1;
        }
    }
    PyObject *skipped = rc ? NULL : PyList_New(0);
    if (rc || !skipped || n > INT32_MAX) {
        if (!rc && n > INT32_MAX)
            PyErr_SetString(jongpy_error, "RecordReader: too many files");
        for (Py_ssize_t i = 0; paths && i < n; i++)
            free(paths[i]);
        free(paths);
        Py_DECREF(list);
        Py_XDECREF(skipped);
        return -1;
    }
    reader_clear(r);
    r->files = list;
    r->paths = paths;
    r->nfiles = (int)n;
    r->threads = (int)threads;
    r->skip = skip;
    r->lim = lim;
    r->skipped = skipped;
    return 0;
}

static PyObject *reader_get(PyObject *self, void *closure)
{
    reader_obj *r = (reader_obj *)self;
    PyObject *x = closure ? r->skipped : r->files;
    if (!x)
        Py_RETURN_NONE;
    return Py_NewRef(x);
}

static PyMethodDef reader_methods[] = {
    {"read_into", reader_read_into, METH_O,
     "read_into(arrays) -> int: the next samples written into the first rows of the caller's arrays, a dict "
     "{name: numpy array} of any of features (N, PLANES, 34) float32, mask (N, ACTIONS) bool, action int16, "
     "seat int8, score int32, rank int8, complete bool, game int32, file int32 (all N long, C-contiguous); "
     "the rows filled: N but at the end (0 once every sample is read) or before a file that cannot be "
     "read (the next call raises its jong.Error)."},
    {"read", (PyCFunction)(void (*)(void))reader_read, METH_VARARGS | METH_KEYWORDS,
     "read(n=None) -> dict: the next n samples (every one left when None) in new arrays of their size, "
     "keyed as read_into's; fewer at the end or before a file that cannot be read (the next read raises)."},
    {"read_file", reader_read_file, METH_NOARGS,
     "read_file() -> (index into files, dict as read_record's) for the next file, or None after the last."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef reader_getset[] = {
    {"files", reader_get, NULL, "the files read, in order", NULL},
    {"skipped", reader_get, NULL, "with skip: the (file, message) of each file passed over so far", (void *)1},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject jongpy_reader_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong._jong.RecordReader",
    .tp_basicsize = sizeof(reader_obj),
    .tp_dealloc = reader_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "RecordReader(files, threads=1, skip=False, max_record_mb=16, max_gzip_layers=2): the samples of "
              "many record files, replayed on several threads, in file order (jong.RecordReader takes a path).",
    .tp_methods = reader_methods,
    .tp_getset = reader_getset,
    .tp_init = reader_init,
    .tp_new = PyType_GenericNew,
};
