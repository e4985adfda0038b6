/* jong._jong.read_record(path): one record file (Jong's own, or an imported mjai .mjson, Tenhou
 * mjlog or tenhou.net/6 game, gzipped where the reader unpacks it) replayed through the engine
 * (jong_replay_observe_stream, jong_mjai_replay_observe); at each decision of each seat the
 * seat's view and legal actions give the same features, mask and action id as an Observation
 * (features.c). jong.read_records (python/jong/__init__.py) walks files and directories. */
#include "records.h"

#define NO_IMPORT_ARRAY
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <stdlib.h>
#include <string.h>

#include <errno.h>

#include "jong/mjai.h"
#include "records.h"

static bool grow(samples *s)
{
    if (s->n < s->cap)
        return true;
    size_t cap = s->cap ? s->cap * 2 : 256;
    float *f = realloc(s->features, cap * PLANE_FLOATS * sizeof *f);
    if (f)
        s->features = f;
    unsigned char *m = realloc(s->mask, cap * JONG_ACTION_IDS);
    if (m)
        s->mask = m;
    int16_t *a = realloc(s->action, cap * sizeof *a);
    if (a)
        s->action = a;
    int8_t *st = realloc(s->seat, cap * sizeof *st);
    if (st)
        s->seat = st;
    int32_t *g = realloc(s->game, cap * sizeof *g);
    if (g)
        s->game = g;
    if (!f || !m || !a || !st || !g)
        return false;
    s->cap = cap;
    return true;
}

static void on_decision(void *ctx, const jong_game *g, int seat, const jong_action *chosen)
{
    samples *s = ctx;
    if (s->oom || s->too_many)
        return;
    if (s->games >= MAX_GAMES) {
        s->too_many = true;
        return;
    }
    if (!grow(s)) {
        s->oom = true;
        return;
    }
    int64_t t0 = s->timing ? jongpy_now_ns() : 0;
    jong_view v;
    jong_game_view(g, seat, &v);
    jong_action legal[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, seat, legal);
    size_t i = s->n++;
    jong_planes(&v, jong_game_ruleset(g), seat, s->features + i * PLANE_FLOATS);
    jong_action_mask(legal, n, s->mask + i * JONG_ACTION_IDS);
    s->action[i] = (int16_t)jong_action_id(chosen);
    s->seat[i] = (int8_t)seat;
    s->game[i] = s->games;
    if (s->timing)
        s->planes_ns += jongpy_now_ns() - t0;
}

/* Room for game number s->games' result (the scores of each game as it goes). */
static bool grow_games(samples *s)
{
    if (s->games < s->gcap)
        return true;
    int cap = s->gcap ? s->gcap * 2 : 4;
    int32_t(*sc)[JONG_SEATS] = realloc(s->scores, (size_t)cap * sizeof *sc);
    if (sc)
        s->scores = sc;
    bool *c = realloc(s->complete, (size_t)cap * sizeof *c);
    if (c)
        s->complete = c;
    if (!sc || !c)
        return false;
    memset(s->complete + s->gcap, 0, (size_t)(cap - s->gcap) * sizeof *c);
    s->gcap = cap;
    return true;
}

static void on_event(void *ctx, const jong_game *g, const jong_event *ev)
{
    samples *s = ctx;
    if (s->games >= MAX_GAMES || s->oom)
        return;
    if (!grow_games(s)) {
        s->oom = true;
        return;
    }
    jong_game_scores(g, s->scores[s->games]);
    if (ev->type == JONG_EV_END_GAME) {
        s->complete[s->games] = true;
        s->games++;
    }
}

void jongpy_samples_free(samples *s)
{
    if (!s)
        return;
    free(s->scores);
    free(s->complete);
    free(s->features);
    free(s->mask);
    free(s->action);
    free(s->seat);
    free(s->game);
    free(s);
}

/* A Jong record's error: "line N: ..." becomes "PATH:N: ..." as jong replay prints it. */
static int replay_error(const char *path, const jong_replay_stats *st, const jong_error *err, char *msg,
                        size_t msgsize)
{
    char prefix[32];
    int k = snprintf(prefix, sizeof prefix, "line %d: ", st->error_line);
    if (st->error_line > 0 && k > 0 && !strncmp(err->msg, prefix, (size_t)k))
        snprintf(msg, msgsize, "%s:%d: %s", path, st->error_line, err->msg + k);
    else
        snprintf(msg, msgsize, "%s: %s", path, err->msg);
    return -1;
}

/* A plain Jong record is replayed from the file as it is read (any length in little memory);
 * anything else is read whole within the limits, gzip unpacked as it streams in (the library's
 * jong_record_load, as every jong command reads records). */
static int replay_any(const char *path, const jong_record_limits *lim, samples *s, char *msg, size_t msgsize)
{
    jong_replay_hooks hooks = {on_decision, on_event, s};
    jong_error err;
    jong_error_clear(&err);
    FILE *plain = fopen(path, "rb");
    if (!plain) {
        snprintf(msg, msgsize, "%s: cannot read the file: %s", path, strerror(errno));
        return -1;
    }
    char first[256] = "";
    size_t got = fread(first, 1, sizeof first - 1, plain);
    first[got] = 0;
    bool gz = got >= 2 && (unsigned char)first[0] == 0x1f && (unsigned char)first[1] == 0x8b;
    if (!gz && strstr(first, "\"jong_record\"")) {
        rewind(plain);
        jong_replay_stats st;
        int rc = jong_replay_observe_stream(plain, &hooks, &st, &err);
        fclose(plain);
        return rc ? replay_error(path, &st, &err, msg, msgsize) : 0;
    }
    fclose(plain);
    size_t len = 0;
    char *text = NULL;
    if (jong_record_load(path, lim, &text, &len, &err)) {
        snprintf(msg, msgsize, "%s", err.msg); /* it names the path */
        return -1;
    }
    /* A Jong record starts with a header naming "jong_record" (as `jong replay` tells them);
     * the rest go to the importers. */
    char head[256] = "";
    memcpy(head, text, len < sizeof head - 1 ? len : sizeof head - 1);
    if (strstr(head, "\"jong_record\"")) {
        FILE *f = len ? fmemopen(text, len, "rb") : NULL;
        if (!f) {
            free(text);
            snprintf(msg, msgsize, "%s: cannot read the file", path);
            return -1;
        }
        jong_replay_stats st;
        int rc = jong_replay_observe_stream(f, &hooks, &st, &err);
        fclose(f);
        free(text);
        return rc ? replay_error(path, &st, &err, msg, msgsize) : 0;
    }
    jong_mjai_log log;
    jong_mjai_log_init(&log);
    int rc = jong_mjai_read_limited(text, len, lim, &log, &err);
    free(text);
    if (rc) {
        snprintf(msg, msgsize, "%s: %s", path, err.msg);
        jong_mjai_log_free(&log);
        return -1;
    }
    if (log.players != 4) {
        snprintf(msg, msgsize, "%s: a %d-player game (Jong plays four)", path, log.players);
        jong_mjai_log_free(&log);
        return -1;
    }
    jong_mjai_replay_stats st;
    memset(&st, 0, sizeof st);
    rc = jong_mjai_replay_observe(&log, &hooks, &st, &err);
    jong_mjai_log_free(&log);
    if (rc) {
        snprintf(msg, msgsize, "%s: %s", path, err.msg); /* "event N: what differs" */
        return -1;
    }
    if (st.cut && s->games < MAX_GAMES && s->n && s->game[s->n - 1] == s->games)
        s->games++; /* cut short: its decisions count, its result is the scores at the cut */
    return 0;
}

static PyObject *array_of(int nd, npy_intp *dims, int type, const void *data, size_t bytes)
{
    PyObject *a = PyArray_SimpleNew(nd, dims, type);
    if (a && bytes)
        memcpy(PyArray_DATA((PyArrayObject *)a), data, bytes);
    return a;
}

static void free_capsule(PyObject *capsule)
{
    free(PyCapsule_GetPointer(capsule, NULL));
}

/* The array over *data itself (the planes and masks: no copy of the largest arrays, no second
 * fresh memory to fault in), which then owns it (freed with the array): *data becomes NULL.
 * A copy when there is nothing to hand over. */
PyObject *jongpy_array_taking(int nd, npy_intp *dims, int type, void **data, size_t bytes)
{
    if (!bytes || !*data)
        return array_of(nd, dims, type, *data, bytes);
    void *own = realloc(*data, bytes); /* the unused end of the buffer given back */
    if (own)
        *data = own;
    PyObject *a = PyArray_SimpleNewFromData(nd, dims, type, *data);
    if (!a)
        return NULL;
    PyObject *base = PyCapsule_New(*data, NULL, free_capsule);
    if (!base) {
        Py_DECREF(a);
        return NULL; /* *data is still the caller's to free */
    }
    *data = NULL; /* the capsule's now */
    if (PyArray_SetBaseObject((PyArrayObject *)a, base)) { /* steals base, failing too (freed then) */
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

const char jongpy_read_record_doc[] =
    "read_record(path, max_record_mb=16, max_gzip_layers=2, *, timing=False) -> dict: every decision of every seat in one record file, replayed through\n"
    "the engine: features (N, PLANES, 34) float32, mask (N, ACTIONS) bool, action (N,) int16,\n"
    "seat (N,) int8, game (N,) int32 (the game's index in the file), scores (G, 4) int32 and\n"
    "ranks (G, 4) int8 (each game's final result), complete (G,) bool (False: the record stops\n"
    "before the game's end; scores are then those at the cut). A record other than a plain Jong record\n"
    "(which is streamed) may hold at most max_record_mb MiB of text after unpacking at most\n"
    "max_gzip_layers layers of gzip (a guard against gzip bombs). With timing=True also timings, the\n"
    "seconds of the C work: {'replay': reading, parsing and replaying the file, 'planes': the\n"
    "views, features and masks}. jong.read_records is the usual way in.";

int jongpy_replay_file(const char *path, const jong_record_limits *lim, samples *s, char *msg, size_t msgsize)
{
    int rc = replay_any(path, lim, s, msg, msgsize);
    if (!rc && s->oom)
        rc = -2;
    if (!rc && s->too_many) {
        snprintf(msg, msgsize, "%s: more than %d games in one file", path, MAX_GAMES);
        rc = -1;
    }
    return rc;
}

void jongpy_ranks(const int32_t scores[JONG_SEATS], int8_t ranks[JONG_SEATS])
{
    for (int a = 0; a < JONG_SEATS; a++) {
        int r = 1;
        for (int b = 0; b < JONG_SEATS; b++)
            if (scores[b] > scores[a] || (scores[b] == scores[a] && b < a))
                r++;
        ranks[a] = (int8_t)r;
    }
}

int jongpy_limits(int max_mb, int max_layers, jong_record_limits *lim)
{
    if (max_mb < 1 || max_mb > 1048576 || max_layers < 0 || max_layers > 1000) {
        PyErr_SetString(PyExc_ValueError, "max_record_mb: 1 to 1048576; max_gzip_layers: 0 to 1000");
        return -1;
    }
    *lim = (jong_record_limits){.max_bytes = (size_t)max_mb << 20, .max_layers = max_layers};
    return 0;
}

PyObject *jongpy_samples_dict(samples *s, int64_t total_ns)
{
    int8_t(*ranks)[JONG_SEATS] = malloc((size_t)(s->games ? s->games : 1) * sizeof *ranks);
    if (!ranks)
        return PyErr_NoMemory();
    for (int g = 0; g < s->games; g++)
        jongpy_ranks(s->scores[g], ranks[g]);
    npy_intp n = (npy_intp)s->n, games = s->games;
    npy_intp fd[3] = {n, JONG_PLANES, JONG_KINDS}, md[2] = {n, JONG_ACTION_IDS}, gd[2] = {games, JONG_SEATS};
    PyObject *d = PyDict_New();
    struct {
        const char *key;
        PyObject *value;
    } items[] = {
        {"features", jongpy_array_taking(3, fd, NPY_FLOAT32, (void **)&s->features, s->n * PLANE_FLOATS * sizeof(float))},
        {"mask", jongpy_array_taking(2, md, NPY_BOOL, (void **)&s->mask, s->n * JONG_ACTION_IDS)},
        {"action", array_of(1, &n, NPY_INT16, s->action, s->n * sizeof(int16_t))},
        {"seat", array_of(1, &n, NPY_INT8, s->seat, s->n)},
        {"game", array_of(1, &n, NPY_INT32, s->game, s->n * sizeof(int32_t))},
        {"scores", array_of(2, gd, NPY_INT32, s->scores, (size_t)games * JONG_SEATS * sizeof(int32_t))},
        {"ranks", array_of(2, gd, NPY_INT8, ranks, (size_t)games * JONG_SEATS)},
        {"complete", array_of(1, &games, NPY_BOOL, s->complete, (size_t)games)},
        {"timings", s->timing ? Py_BuildValue("{s:d,s:d}", "replay", (double)(total_ns - s->planes_ns) * 1e-9,
                                              "planes", (double)s->planes_ns * 1e-9)
                              : NULL},
    };
    free(ranks);
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        if (!s->timing && !strcmp(items[i].key, "timings"))
            continue;
        if (d && (!items[i].value || PyDict_SetItemString(d, items[i].key, items[i].value)))
            Py_CLEAR(d);
        Py_XDECREF(items[i].value);
    }
    return d;
}

PyObject *jongpy_read_record(PyObject *module, PyObject *args, PyObject *kw)
{
    (void)module;
    static char *names[] = {"path", "max_record_mb", "max_gzip_layers", "timing", NULL};
    PyObject *path_obj = NULL;
    int max_mb = JONG_RECORD_MAX_MB, max_layers = JONG_RECORD_MAX_GZIP_LAYERS, timing = 0;
    jong_record_limits lim;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|ii$p:read_record", names, PyUnicode_FSConverter, &path_obj,
                                     &max_mb, &max_layers, &timing))
        return NULL;
    if (jongpy_limits(max_mb, max_layers, &lim)) {
        Py_DECREF(path_obj);
        return NULL;
    }
    const char *path = PyBytes_AS_STRING(path_obj);
    samples *s = calloc(1, sizeof *s);
    if (!s) {
        Py_DECREF(path_obj);
        return PyErr_NoMemory();
    }
    char msg[2048] = "";
    int rc;
    s->timing = timing;
    int64_t start = timing ? jongpy_now_ns() : 0;
    Py_BEGIN_ALLOW_THREADS
    rc = jongpy_replay_file(path, &lim, s, msg, sizeof msg);
    Py_END_ALLOW_THREADS
    int64_t total = timing ? jongpy_now_ns() - start : 0;
    Py_DECREF(path_obj);
    PyObject *d = NULL;
    if (rc == -2)
        PyErr_NoMemory();
    else if (rc)
        PyErr_SetString(jongpy_error, msg);
    else
        d = jongpy_samples_dict(s, total);
    jongpy_samples_free(s);
    return d;
}
