/* jong.VecEnv: N tables stepped together in C, observations as stacked numpy arrays, each game
 * followed at once by the next. A table has L learner seats (the seats `opponents` leaves to the
 * caller: 1 to 4) and Jong's players in the others. Each step hands out one row per (table,
 * learner seat) asked to act now, in table order and, within a table, in seat order (as Env
 * lists the seats it asks): with one learner, one row per table; with several, a discard that
 * two learners may claim gives two rows of that table.
 *
 * Table i's k-th game is game number k*N + i of the seed (jong_game_new's game_number), so it is
 * the game jong.Env(seed=seed, game=k*N+i) plays with the same answers, whatever the number of
 * threads: the threads (a pool, pool.h) only share out the tables, each table's work is the
 * same, and the rows are put in order after every table is done. */
#include "jongpy.h"
#include "pool.h"

#define NO_IMPORT_ARRAY
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <stdlib.h>
#include <string.h>

#define ROW_FLOATS ((size_t)JONG_PLANES * JONG_KINDS)

typedef struct {
    jong_session *s;
    jong_player *players[JONG_SEATS];
    int index;                /* i, the table's place */
    int games;                /* games started */
    int32_t scores[JONG_SEATS]; /* after the last event that carried scores */
    unsigned asked;           /* the learner seats asked now (bits) */
    jong_action legal[JONG_SEATS][JONG_MAX_ACTIONS]; /* each asked seat's legal actions */
    int nlegal[JONG_SEATS];
    int chosen[JONG_SEATS];   /* this step's answers: indexes into legal[seat] */
    /* this step's results */
    int32_t final[JONG_SEATS]; /* the last finished game's scores */
    int finished;             /* games finished */
    int rc;
    jong_error err;
    int64_t engine_ns, planes_ns; /* with timing: the time of each part, since reset() */
} vtable;

typedef struct {
    PyObject_HEAD
    jong_ruleset rules;
    uint64_t seed;
    int n, threads;
    int nl;                   /* L, the learner seats of a table */
    int learners[JONG_SEATS]; /* their seats, ascending: agent slot i*L + k is table i's learners[k] */
    int slot_of[JONG_SEATS];  /* a seat's k, or -1 for an opponent's seat */
    bool timing;          /* VecEnv(timing=True): each table's parts timed (vec.timings) */
    vtable *t;
    bool busy;
    bool started;
    int32_t *rows;        /* the agent slot of each row handed out last (n*L places) */
    int nrows;
    /* where the tables write this step's arrays: features and mask at their agent slots' rows
     * (put in order afterwards), rewards and dones at the slots */
    float *features, *rewards;
    npy_bool *mask, *dones;
    bool acting; /* step (act, then play on) or reset (start a game) */
    jongpy_pool pool;
} vecenv_obj;

static void vt_sink(void *ctx, const jong_event *ev)
{
    vtable *t = ctx;
    jongpy_track_scores(t->scores, ev);
}

static int vt_start(const vecenv_obj *v, vtable *t)
{
    jong_session_free(t->s);
    t->s = NULL;
    for (int i = 0; i < JONG_SEATS; i++)
        t->scores[i] = v->rules.start_score;
    jong_session_config cfg = {.rules = &v->rules, .seed = v->seed,
                               .game_number = t->games * v->n + t->index, .sink = vt_sink, .sink_ctx = t};
    memcpy(cfg.players, t->players, sizeof cfg.players);
    t->games++;
    int rc = jong_session_new(&cfg, &t->s, &t->err);
    return rc ? rc : jongpy_deal_on(t->s, &t->err);
}

static bool vt_over(const vtable *t) { return jong_session_state_now(t->s) == JONG_SESSION_GAME_OVER; }

/* The asked seats' answers in seat order (as Env plays a dict of answers given in seat order:
 * the engine gathers a claim's answers before it settles the claim, so the order changes
 * nothing), then the other seats play on to the next stop. */
static int vt_act(const vecenv_obj *v, vtable *t)
{
    for (int k = 0; k < v->nl; k++) {
        int seat = v->learners[k];
        if (!(t->asked >> seat & 1))
            continue;
        int rc = jong_session_act(t->s, seat, &t->legal[seat][t->chosen[seat]], &t->err);
        if (rc)
            return rc;
    }
    return jongpy_deal_on(t->s, &t->err);
}

/* One table's share of a step (or reset), then its asked seats' observations written at their
 * agent slots' rows. */
static void vt_work(void *ctx, int item)
{
    vecenv_obj *v = ctx;
    vtable *t = &v->t[item];
    int64_t t0 = v->timing ? jongpy_now_ns() : 0;
    size_t slot0 = (size_t)item * (size_t)v->nl;
    bool done = false;
    for (int k = 0; k < v->nl; k++)
        v->rewards[slot0 + k] = 0;
    t->rc = v->acting ? vt_act(v, t) : vt_start(v, t);
    /* a finished game: its result, then the next game at once (auto-reset) */
    while (!t->rc && vt_over(t)) {
        done = true;
        t->finished++;
        memcpy(t->final, t->scores, sizeof t->final);
        for (int k = 0; k < v->nl; k++)
            v->rewards[slot0 + k] = (float)(t->scores[v->learners[k]] - v->rules.start_score);
        t->rc = vt_start(v, t);
    }
    for (int k = 0; k < v->nl; k++)
        v->dones[slot0 + k] = done;
    t->asked = 0;
    if (t->rc)
        return;
    t->asked = jong_session_waiting(t->s);
    for (int seat = 0; seat < JONG_SEATS; seat++)
        if (t->asked >> seat & 1)
            t->nlegal[seat] = jong_session_legal(t->s, seat, t->legal[seat]);
    int64_t t1 = v->timing ? jongpy_now_ns() : 0;
    for (int k = 0; k < v->nl; k++) {
        int seat = v->learners[k];
        if (!(t->asked >> seat & 1))
            continue;
        jong_planes(jong_session_view(t->s, seat), &v->rules, seat, v->features + (slot0 + k) * ROW_FLOATS);
        jong_action_mask(t->legal[seat], t->nlegal[seat], v->mask + (slot0 + k) * JONG_ACTION_IDS);
    }
    if (v->timing) {
        int64_t t2 = jongpy_now_ns();
        t->engine_ns += t1 - t0;
        t->planes_ns += t2 - t1;
    }
}

/* The asked agents' rows moved up in order (table, then seat) over the slots of the agents not
 * asked; the rows' slots kept in v->rows. Rows only move up, so each move reads a row not yet
 * overwritten. */
static void pack_rows(vecenv_obj *v)
{
    int r = 0;
    for (int i = 0; i < v->n; i++)
        for (int k = 0; k < v->nl; k++) {
            if (!(v->t[i].asked >> v->learners[k] & 1))
                continue;
            int slot = i * v->nl + k;
            if (slot != r) {
                memcpy(v->features + (size_t)r * ROW_FLOATS, v->features + (size_t)slot * ROW_FLOATS,
                       ROW_FLOATS * sizeof(float));
                memcpy(v->mask + (size_t)r * JONG_ACTION_IDS, v->mask + (size_t)slot * JONG_ACTION_IDS,
                       JONG_ACTION_IDS);
            }
            v->rows[r++] = slot;
        }
    v->nrows = r;
}

static void vec_free_tables(vecenv_obj *v)
{
    for (int i = 0; v->t && i < v->n; i++) {
        jong_session_free(v->t[i].s);
        for (int s = 0; s < JONG_SEATS; s++)
            jong_player_free(v->t[i].players[s]);
    }
    free(v->t);
    v->t = NULL;
    free(v->rows);
    v->rows = NULL;
    v->nrows = 0;
}

static void vec_dealloc(PyObject *self)
{
    jongpy_pool_stop(&((vecenv_obj *)self)->pool);
    vec_free_tables((vecenv_obj *)self);
    Py_TYPE(self)->tp_free(self);
}

/* The learner seats (those `opponents` leaves to the caller), the same at every table. */
static void vec_learners(vecenv_obj *v)
{
    v->nl = 0;
    for (int s = 0; s < JONG_SEATS; s++) {
        v->slot_of[s] = v->t[0].players[s] ? -1 : v->nl;
        if (!v->t[0].players[s])
            v->learners[v->nl++] = s;
    }
}

static int vec_init(PyObject *self, PyObject *args, PyObject *kw)
{
    vecenv_obj *v = (vecenv_obj *)self;
    if (v->busy) {
        PyErr_SetString(jongpy_error, "the VecEnv is in use in another thread");
        return -1;
    }
    static const char *const own[] = {"n", "threads", "timing", NULL};
    PyObject *vals[3];
    jongpy_table_args ta;
    long n = 0, threads = 1;
    if (PyTuple_GET_SIZE(args) > 1) {
        PyErr_SetString(PyExc_TypeError, "VecEnv(n, rules=, seed=, opponents=, threads=, timing=, **options)");
        return -1;
    }
    if (jongpy_table_kwargs(kw, own, vals, &ta))
        return -1;
    PyObject *n_obj = PyTuple_GET_SIZE(args) == 1 ? PyTuple_GET_ITEM(args, 0) : vals[0];
    if (jongpy_int_arg(n_obj, "VecEnv: n (the tables)", 1, 1000000, &n) ||
        (vals[1] && jongpy_int_arg(vals[1], "VecEnv: threads", 1, JONGPY_POOL_MAX, &threads)))
        return -1;
    if (vals[2] && !PyBool_Check(vals[2])) {
        PyErr_Format(jongpy_error, "VecEnv: timing: True or False, not %R", vals[2]);
        return -1;
    }
    int rc = -1;
    jongpy_pool_stop(&v->pool);
    vec_free_tables(v);
    v->started = false;
    v->rules = ta.rules;
    v->t = calloc((size_t)n, sizeof *v->t);
    if (!v->t) {
        PyErr_NoMemory();
        goto done;
    }
    v->n = (int)n;
    v->threads = (int)threads;
    v->timing = vals[2] == Py_True;
    v->seed = ta.seed;
    for (int i = 0; i < v->n; i++) {
        v->t[i].index = i;
        /* each table its own players: an engine keeps state between decisions */
        if (jongpy_players(&v->rules, ta.opponents, v->t[i].players))
            goto done;
    }
    vec_learners(v);
    v->rows = malloc((size_t)v->n * (size_t)v->nl * sizeof *v->rows);
    if (!v->rows) {
        PyErr_NoMemory();
        goto done;
    }
    rc = 0;
done:
    if (rc)
        vec_free_tables(v);
    return rc;
}

/* Runs the tables (reset when acting is false) into new arrays; returns (features, mask,
 * rewards, dones), or NULL with jong.Error naming the first table that failed. The arrays of
 * rows are made for every agent slot and cut to the rows handed out. */
static PyObject *vec_run(vecenv_obj *v, bool acting)
{
    npy_intp slots = (npy_intp)v->n * v->nl;
    npy_intp fd[3] = {slots, JONG_PLANES, JONG_KINDS}, md[2] = {slots, JONG_ACTION_IDS}, vd[1] = {slots};
    PyObject *f = PyArray_SimpleNew(3, fd, NPY_FLOAT32);
    PyObject *m = PyArray_SimpleNew(2, md, NPY_BOOL);
    PyObject *r = PyArray_SimpleNew(1, vd, NPY_FLOAT32);
    PyObject *d = PyArray_SimpleNew(1, vd, NPY_BOOL);
    if (!f || !m || !r || !d)
        goto fail;
    v->features = PyArray_DATA((PyArrayObject *)f);
    v->mask = PyArray_DATA((PyArrayObject *)m);
    v->rewards = PyArray_DATA((PyArrayObject *)r);
    v->dones = PyArray_DATA((PyArrayObject *)d);
    v->acting = acting;
    v->busy = true;
    v->nrows = 0;
    int workers = (v->threads < v->n ? v->threads : v->n) - 1;
    jongpy_pool_start(&v->pool, workers); /* once (again in a fork's child); the threads take no Python lock */
    Py_BEGIN_ALLOW_THREADS
    jongpy_pool_run(&v->pool, v->n, vt_work, v);
    pack_rows(v);
    Py_END_ALLOW_THREADS
    v->busy = false;
    for (int i = 0; i < v->n; i++) {
        if (v->t[i].rc) {
            /* the table cannot go on: the VecEnv must be reset */
            v->started = false;
            v->nrows = 0;
            PyErr_Format(jongpy_error, "table %d: %s", i, v->t[i].err.msg);
            goto fail;
        }
    }
    if (v->nrows < slots) {
        /* only where several learner seats sit at a table: fewer rows than slots */
        npy_intp fr[3] = {v->nrows, JONG_PLANES, JONG_KINDS}, mr[2] = {v->nrows, JONG_ACTION_IDS};
        PyArray_Dims fdims = {fr, 3}, mdims = {mr, 2};
        PyObject *x = PyArray_Resize((PyArrayObject *)f, &fdims, 1, NPY_CORDER);
        PyObject *y = x ? PyArray_Resize((PyArrayObject *)m, &mdims, 1, NPY_CORDER) : NULL;
        Py_XDECREF(x);
        Py_XDECREF(y);
        if (!x || !y)
            goto fail;
    }
    v->started = true;
    return Py_BuildValue("(NNNN)", f, m, r, d);
fail:
    Py_XDECREF(f);
    Py_XDECREF(m);
    Py_XDECREF(r);
    Py_XDECREF(d);
    return NULL;
}

static PyObject *vec_reset(PyObject *self, PyObject *unused)
{
    (void)unused;
    vecenv_obj *v = (vecenv_obj *)self;
    if (v->busy)
        return PyErr_Format(jongpy_error, "the VecEnv is in use in another thread");
    if (!v->t)
        return PyErr_Format(jongpy_error, "the VecEnv was not made");
    for (int i = 0; i < v->n; i++) {
        v->t[i].games = v->t[i].finished = 0;
        v->t[i].engine_ns = v->t[i].planes_ns = 0;
        memset(v->t[i].final, 0, sizeof v->t[i].final);
    }
    PyObject *out = vec_run(v, false);
    if (!out)
        return NULL;
    /* reset gives (features, mask): rewards and dones mean nothing yet */
    PyObject *pair = PyTuple_GetSlice(out, 0, 2);
    Py_DECREF(out);
    return pair;
}

static PyObject *vec_step(PyObject *self, PyObject *arg)
{
    vecenv_obj *v = (vecenv_obj *)self;
    if (v->busy)
        return PyErr_Format(jongpy_error, "the VecEnv is in use in another thread");
    if (!v->t || !v->started)
        return PyErr_Format(jongpy_error, "call reset() before step()");
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(arg, NPY_INT64, 1, 1, NPY_ARRAY_CARRAY);
    if (!a) {
        PyErr_Clear();
        return PyErr_Format(jongpy_error, "step: a sequence of %d action ids (ints), one per row", v->nrows);
    }
    npy_intp given = PyArray_DIM(a, 0);
    if (given != v->nrows) {
        Py_DECREF(a);
        return PyErr_Format(jongpy_error, "step: %d action ids for %d rows (the seats asked now: vec.tables, vec.seats)",
                            (int)given, v->nrows);
    }
    const int64_t *ids = PyArray_DATA(a);
    /* every answer checked before any is played: a bad one changes nothing */
    for (int r = 0; r < v->nrows; r++) {
        vtable *t = &v->t[v->rows[r] / v->nl];
        int seat = v->learners[v->rows[r] % v->nl];
        t->chosen[seat] = -1;
        for (int k = 0; k < t->nlegal[seat] && t->chosen[seat] < 0; k++)
            if (jong_action_id(&t->legal[seat][k]) == ids[r])
                t->chosen[seat] = k;
        if (t->chosen[seat] < 0) {
            PyErr_Format(jongpy_error, "step: row %d (table %d, seat %d): action id %lld is not legal now", r,
                         t->index, seat, (long long)ids[r]);
            Py_DECREF(a);
            return NULL;
        }
    }
    Py_DECREF(a);
    return vec_run(v, true);
}

static PyObject *vec_last_scores(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    npy_intp dims[2] = {v->n, JONG_SEATS};
    PyObject *arr = PyArray_SimpleNew(2, dims, NPY_INT32);
    if (!arr)
        return NULL;
    int32_t *out = PyArray_DATA((PyArrayObject *)arr);
    for (int i = 0; i < v->n; i++)
        memcpy(out + (size_t)i * JONG_SEATS, v->t[i].final, sizeof v->t[i].final);
    return arr;
}

/* A new (n,) int32 array, its data in *out. */
static PyObject *int32_array(npy_intp n, int32_t **out)
{
    PyObject *arr = PyArray_SimpleNew(1, &n, NPY_INT32);
    if (arr)
        *out = PyArray_DATA((PyArrayObject *)arr);
    return arr;
}

static PyObject *vec_games(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    int32_t *out;
    PyObject *arr = int32_array(v->n, &out);
    for (int i = 0; arr && i < v->n; i++)
        out[i] = v->t[i].finished;
    return arr;
}

static PyObject *vec_timings(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    if (!v->timing || !v->t)
        Py_RETURN_NONE;
    int64_t engine = 0, planes = 0;
    for (int i = 0; i < v->n; i++) {
        engine += v->t[i].engine_ns;
        planes += v->t[i].planes_ns;
    }
    return Py_BuildValue("{s:d,s:d}", "engine", (double)engine * 1e-9, "planes", (double)planes * 1e-9);
}

static PyObject *vec_n(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(((vecenv_obj *)self)->n);
}

/* The one learner seat; None when a table has several (vec.learners lists them). */
static PyObject *vec_learner(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    if (v->nl != 1)
        Py_RETURN_NONE;
    return PyLong_FromLong(v->learners[0]);
}

static PyObject *vec_learner_list(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    return jongpy_int_list(v->learners, v->nl);
}

/* What each row handed out last is: its agent slot (closure 0), table (1) or seat (2). */
static PyObject *vec_rows(PyObject *self, void *closure)
{
    vecenv_obj *v = (vecenv_obj *)self;
    int what = (int)(intptr_t)closure;
    int32_t *out;
    PyObject *arr = int32_array(v->nrows, &out);
    for (int r = 0; arr && r < v->nrows; r++)
        out[r] = what == 0 ? v->rows[r] : what == 1 ? v->rows[r] / v->nl : v->learners[v->rows[r] % v->nl];
    return arr;
}

static PyMethodDef vec_methods[] = {
    {"reset", vec_reset, METH_NOARGS,
     "reset() -> (features (B, PLANES, 34) float32, mask (B, ACTIONS) bool): every table's first game; "
     "one row per (table, learner seat) asked to act (vec.tables, vec.seats, vec.agents)."},
    {"step", vec_step, METH_O,
     "step(action_ids) -> (features, mask, rewards (n*L,) float32, dones (n*L,) bool): one action id per "
     "row of the last observations; rewards and dones per agent slot (table i's k-th learner seat at "
     "i*L + k): a table whose game ended gives its learners' points won and starts the next game."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef vec_getset[] = {
    {"n", vec_n, NULL, "the number of tables", NULL},
    {"learner", vec_learner, NULL, "the learner's seat when a table has one (None when several)", NULL},
    {"learners", vec_learner_list, NULL,
     "the learner seats of every table, ascending (agent slot i*L + k is table i's learners[k])", NULL},
    {"agents", vec_rows, NULL, "(B,) int32: the agent slot (i*L + k) of each row handed out last", (void *)0},
    {"tables", vec_rows, NULL, "(B,) int32: the table of each row handed out last", (void *)1},
    {"seats", vec_rows, NULL, "(B,) int32: the seat of each row handed out last", (void *)2},
    {"last_scores", vec_last_scores, NULL, "(n, 4) int32: each table's last finished game's scores", NULL},
    {"games", vec_games, NULL, "(n,) int32: games finished at each table since reset()", NULL},
    {"timings", vec_timings, NULL,
     "with VecEnv(timing=True): seconds since reset() summed over the tables, {'engine': the "
     "learners' answers played, the opponents and the next hands and games, 'planes': the "
     "features and masks}; else None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject jongpy_vecenv_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong.VecEnv",
    .tp_basicsize = sizeof(vecenv_obj),
    .tp_dealloc = vec_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VecEnv(n, rules='riichi', seed=1, opponents=None, threads=1, timing=False, **options): n tables "
              "stepped together in C, a row of stacked arrays per (table, learner seat) asked to act "
              "(docs/python.md).",
    .tp_methods = vec_methods,
    .tp_getset = vec_getset,
    .tp_init = vec_init,
    .tp_new = PyType_GenericNew,
};
