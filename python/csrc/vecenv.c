/* jong.VecEnv: N tables stepped together in C, one learner seat each (Jong's players in the
 * other three), observations as stacked numpy arrays, each game followed at once by the next.
 * Table i's k-th game is game number k*N + i of the seed (jong_game_new's game_number), so it
 * is the game jong.Env(seed=seed, game=k*N+i) plays, whatever the number of threads: the
 * threads only share out the tables, each table's work is the same.
 *
 * The threads are a pool that lives as long as the VecEnv (started at its first reset or step,
 * stopped when it is freed or made again): each step wakes them, they and the calling thread
 * take the tables one at a time from a shared counter, and the step returns when every table is
 * done. A worker that wakes late (the machine busy) finds nothing left and holds nothing up: the
 * step waits for the tables, not for the workers. */
#include "jongpy.h"

#define NO_IMPORT_ARRAY
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VEC_MAX_THREADS 256

typedef struct {
    jong_session *s;
    jong_player *players[JONG_SEATS];
    int index;                /* i, the table's place */
    int games;                /* games started */
    int32_t scores[JONG_SEATS]; /* after the last event that carried scores */
    jong_action legal[JONG_MAX_ACTIONS];
    int nlegal;
    int chosen;               /* this step's answer: an index into legal */
    /* this step's results */
    bool done;
    int32_t final[JONG_SEATS]; /* the last finished game's scores */
    int finished;             /* games finished */
    int rc;
    jong_error err;
    int64_t engine_ns, planes_ns; /* with timing: the time of each part, since reset() */
} vtable;

/* The worker threads of one VecEnv (the calling thread works beside them). */
typedef struct {
    pthread_t tid[VEC_MAX_THREADS];
    int workers;              /* threads started (threads - 1 unless one could not be) */
    bool ready;               /* mutex and conditions made */
    pid_t pid;                /* the process that started them (a fork's child has none) */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    bool quit;
    /* the step's number (bumped to start one) << 32 | the next table to take: a worker still
     * about to take a table of a step that has ended cannot take one of the next step's early */
    _Atomic uint64_t work;
    atomic_int finished;      /* tables done in this step */
} vec_pool;

typedef struct {
    PyObject_HEAD
    jong_ruleset rules;
    uint64_t seed;
    int n, threads, learner;
    bool timing;          /* VecEnv(timing=True): each table's parts timed (vec.timings) */
    vtable *t;
    bool busy;
    bool started;
    /* where the workers write this step's arrays */
    float *features, *rewards;
    npy_bool *mask, *dones;
    bool acting; /* step (act, then play on) or reset (start a game) */
    vec_pool pool;
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

/* One table's share of a step (or reset), then its observation written into the arrays. */
static void vt_work(vecenv_obj *v, vtable *t)
{
    int64_t t0 = v->timing ? jongpy_now_ns() : 0;
    int i = t->index;
    t->done = false;
    v->rewards[i] = 0;
    if (!v->acting) {
        t->rc = vt_start(v, t);
    } else {
        t->rc = jong_session_act(t->s, v->learner, &t->legal[t->chosen], &t->err);
        if (!t->rc)
            t->rc = jongpy_deal_on(t->s, &t->err);
    }
    /* a finished game: its result, then the next game at once (auto-reset) */
    while (!t->rc && vt_over(t)) {
        t->done = true;
        t->finished++;
        memcpy(t->final, t->scores, sizeof t->final);
        v->rewards[i] = (float)(t->scores[v->learner] - v->rules.start_score);
        t->rc = vt_start(v, t);
    }
    v->dones[i] = t->done;
    if (t->rc)
        return;
    t->nlegal = jong_session_legal(t->s, v->learner, t->legal);
    int64_t t1 = v->timing ? jongpy_now_ns() : 0;
    jong_planes(jong_session_view(t->s, v->learner), &v->rules, v->learner,
                v->features + (size_t)i * JONG_PLANES * JONG_KINDS);
    jong_action_mask(t->legal, t->nlegal, v->mask + (size_t)i * JONG_ACTION_IDS);
    if (v->timing) {
        t->engine_ns += t1 - t0;
        t->planes_ns += jongpy_now_ns() - t1;
    }
}

/* Takes tables of step `round` from the shared counter until none is left (or that step is
 * over); whoever finishes the step's last table wakes the calling thread. */
static void take_tables(vecenv_obj *v, uint32_t round)
{
    vec_pool *pl = &v->pool;
    uint64_t w = atomic_load(&pl->work);
    while ((uint32_t)(w >> 32) == round && (uint32_t)w < (uint32_t)v->n) {
        if (!atomic_compare_exchange_weak(&pl->work, &w, w + 1))
            continue; /* w is the counter now */
        vt_work(v, &v->t[(uint32_t)w]);
        if (atomic_fetch_add(&pl->finished, 1) + 1 == v->n) {
            pthread_mutex_lock(&pl->mu);
            pthread_cond_signal(&pl->done);
            pthread_mutex_unlock(&pl->mu);
        }
        w = atomic_load(&pl->work);
    }
}

static uint32_t step_of(vec_pool *pl) { return (uint32_t)(atomic_load(&pl->work) >> 32); }

static void *pool_worker(void *p)
{
    vecenv_obj *v = p;
    vec_pool *pl = &v->pool;
    uint32_t seen = 0; /* the step a new pool starts at: a step may begin before this runs */
    pthread_mutex_lock(&pl->mu);
    for (;;) {
        while (!pl->quit && step_of(pl) == seen)
            pthread_cond_wait(&pl->go, &pl->mu);
        if (pl->quit)
            break;
        seen = step_of(pl);
        pthread_mutex_unlock(&pl->mu);
        take_tables(v, seen);
        pthread_mutex_lock(&pl->mu);
    }
    pthread_mutex_unlock(&pl->mu);
    return NULL;
}

/* Stops and joins the workers (idle between steps: a step holds a reference to the VecEnv, so
 * it is never freed or made again during one). A fork's child has the memory but not the
 * threads: it only forgets them. */
static void pool_stop(vec_pool *pl)
{
    if (!pl->ready)
        return;
    if (pl->pid == getpid()) {
        pthread_mutex_lock(&pl->mu);
        pl->quit = true;
        pthread_cond_broadcast(&pl->go);
        pthread_mutex_unlock(&pl->mu);
        for (int k = 0; k < pl->workers; k++)
            pthread_join(pl->tid[k], NULL);
        pthread_mutex_destroy(&pl->mu);
        pthread_cond_destroy(&pl->go);
        pthread_cond_destroy(&pl->done);
    }
    memset(pl, 0, sizeof *pl);
}

/* Starts want workers (fewer when the system refuses one: the others and the calling thread
 * then take more tables). They block every signal, which stay the interpreter's main thread's. */
static void pool_start(vecenv_obj *v, int want)
{
    vec_pool *pl = &v->pool;
    if (pl->ready && pl->pid != getpid())
        pool_stop(pl); /* a fork's child: start its own */
    if (pl->ready)
        return;
    memset(pl, 0, sizeof *pl);
    if (pthread_mutex_init(&pl->mu, NULL))
        return;
    if (pthread_cond_init(&pl->go, NULL)) {
        pthread_mutex_destroy(&pl->mu);
        return;
    }
    if (pthread_cond_init(&pl->done, NULL)) {
        pthread_cond_destroy(&pl->go);
        pthread_mutex_destroy(&pl->mu);
        return;
    }
    pl->ready = true;
    pl->pid = getpid();
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    while (pl->workers < want && !pthread_create(&pl->tid[pl->workers], NULL, pool_worker, v))
        pl->workers++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Every table's work, shared out over the pool and this thread. Called without the GIL. */
static void run_tables(vecenv_obj *v)
{
    vec_pool *pl = &v->pool;
    if (!pl->ready || pl->workers == 0 || pl->pid != getpid()) {
        for (int i = 0; i < v->n; i++)
            vt_work(v, &v->t[i]);
        return;
    }
    pthread_mutex_lock(&pl->mu);
    uint32_t round = step_of(pl) + 1;
    atomic_store(&pl->finished, 0);
    atomic_store(&pl->work, (uint64_t)round << 32);
    pthread_cond_broadcast(&pl->go);
    pthread_mutex_unlock(&pl->mu);
    take_tables(v, round);
    pthread_mutex_lock(&pl->mu);
    while (atomic_load(&pl->finished) < v->n)
        pthread_cond_wait(&pl->done, &pl->mu);
    pthread_mutex_unlock(&pl->mu);
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
}

static void vec_dealloc(PyObject *self)
{
    pool_stop(&((vecenv_obj *)self)->pool);
    vec_free_tables((vecenv_obj *)self);
    Py_TYPE(self)->tp_free(self);
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
        (vals[1] && jongpy_int_arg(vals[1], "VecEnv: threads", 1, VEC_MAX_THREADS, &threads)))
        return -1;
    if (vals[2] && !PyBool_Check(vals[2])) {
        PyErr_Format(jongpy_error, "VecEnv: timing: True or False, not %R", vals[2]);
        return -1;
    }
    if (!ta.opponents || ta.opponents == Py_None) {
        PyErr_SetString(jongpy_error, "VecEnv: opponents: Jong's players for three seats (one learner seat per table)");
        return -1;
    }
    int rc = -1;
    pool_stop(&v->pool);
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
    int learners = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        if (!v->t[0].players[s]) {
            learners++;
            v->learner = s;
        }
    if (learners != 1) {
        PyErr_SetString(jongpy_error, "VecEnv: opponents: exactly one learner seat per table (3 specs, or 4 with one None)");
        goto done;
    }
    rc = 0;
done:
    if (rc)
        vec_free_tables(v);
    return rc;
}

/* Runs the tables (reset when acting is false) into new arrays; returns (features, mask,
 * rewards, dones), or NULL with jong.Error naming the first table that failed. */
static PyObject *vec_run(vecenv_obj *v, bool acting)
{
    npy_intp fd[3] = {v->n, JONG_PLANES, JONG_KINDS}, md[2] = {v->n, JONG_ACTION_IDS}, vd[1] = {v->n};
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
    int workers = (v->threads < v->n ? v->threads : v->n) - 1;
    if (workers > 0)
        pool_start(v, workers); /* once (again in a fork's child); the threads take no Python lock */
    Py_BEGIN_ALLOW_THREADS
    run_tables(v);
    Py_END_ALLOW_THREADS
    v->busy = false;
    for (int i = 0; i < v->n; i++) {
        if (v->t[i].rc) {
            /* the table cannot go on: the VecEnv must be reset */
            v->started = false;
            PyErr_Format(jongpy_error, "table %d: %s", i, v->t[i].err.msg);
            goto fail;
        }
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
        return PyErr_Format(jongpy_error, "step: a sequence of %d action ids (ints)", v->n);
    }
    npy_intp given = PyArray_DIM(a, 0);
    if (given != v->n) {
        Py_DECREF(a);
        return PyErr_Format(jongpy_error, "step: %d action ids for %d tables", (int)given, v->n);
    }
    const int64_t *ids = PyArray_DATA(a);
    /* every answer checked before any is played: a bad one changes nothing */
    for (int i = 0; i < v->n; i++) {
        vtable *t = &v->t[i];
        t->chosen = -1;
        for (int k = 0; k < t->nlegal && t->chosen < 0; k++)
            if (jong_action_id(&t->legal[k]) == ids[i])
                t->chosen = k;
        if (t->chosen < 0) {
            PyErr_Format(jongpy_error, "step: table %d: action id %lld is not legal now", i, (long long)ids[i]);
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

static PyObject *vec_games(PyObject *self, void *closure)
{
    (void)closure;
    vecenv_obj *v = (vecenv_obj *)self;
    npy_intp dims[1] = {v->n};
    PyObject *arr = PyArray_SimpleNew(1, dims, NPY_INT32);
    if (!arr)
        return NULL;
    int32_t *out = PyArray_DATA((PyArrayObject *)arr);
    for (int i = 0; i < v->n; i++)
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

static PyObject *vec_int(PyObject *self, void *closure)
{
    vecenv_obj *v = (vecenv_obj *)self;
    return PyLong_FromLong(closure ? v->learner : v->n);
}

static PyMethodDef vec_methods[] = {
    {"reset", vec_reset, METH_NOARGS,
     "reset() -> (features (n, PLANES, 34) float32, mask (n, ACTIONS) bool): every table's first game."},
    {"step", vec_step, METH_O,
     "step(action_ids) -> (features, mask, rewards (n,) float32, dones (n,) bool): one action id per "
     "table; a table whose game ended gives its reward (the learner's points won) and starts the next."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef vec_getset[] = {
    {"n", vec_int, NULL, "the number of tables", NULL},
    {"learner", vec_int, NULL, "the learner's seat (the same at every table)", (void *)1},
    {"last_scores", vec_last_scores, NULL, "(n, 4) int32: each table's last finished game's scores", NULL},
    {"games", vec_games, NULL, "(n,) int32: games finished at each table since reset()", NULL},
    {"timings", vec_timings, NULL,
     "with VecEnv(timing=True): seconds since reset() summed over the tables, {'engine': the "
     "learner's answers played, the opponents and the next hands and games, 'planes': the "
     "features and masks}; else None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject jongpy_vecenv_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong.VecEnv",
    .tp_basicsize = sizeof(vecenv_obj),
    .tp_dealloc = vec_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VecEnv(n, rules='riichi', seed=1, opponents=[3 specs], threads=1, timing=False, **options): n tables, "
              "one learner seat each, stepped together in C (docs/python.md).",
    .tp_methods = vec_methods,
    .tp_getset = vec_getset,
    .tp_init = vec_init,
    .tp_new = PyType_GenericNew,
};
