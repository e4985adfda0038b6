/* jong.Env and jong.Observation: a game played step by step through the engine's session
 * (jong/session.h), learner seats answered from Python and the other seats by Jong's players;
 * each decision handed out as a self-contained Observation with its legal actions, a mask over
 * the fixed action space and the feature planes (docs/python.md). */
#include "jongpy.h"

#define NO_IMPORT_ARRAY
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <string.h>

#include "records/record_json.h"

/* ---- Observation ----------------------------------------------------------------------------- */

/* A tile's mjai name ("5m", "5mr", "E", "C"), as Jong's records write it. */
static const char *tile_name(int kind, bool red)
{
    return record_tile_name(jong_code_make(kind, red));
}

static int set_str(PyObject *d, const char *key, const char *s)
{
    PyObject *x = PyUnicode_FromString(s);
    int rc = x ? PyDict_SetItemString(d, key, x) : -1;
    Py_XDECREF(x);
    return rc;
}

static int set_int(PyObject *d, const char *key, long v)
{
    PyObject *x = PyLong_FromLong(v);
    int rc = x ? PyDict_SetItemString(d, key, x) : -1;
    Py_XDECREF(x);
    return rc;
}

/* The tiles a call takes from the hand, red fives named as such. */
static PyObject *consumed_list(const jongpy_obs *o, const jong_action *a)
{
    int kinds[4], n = 0, reds = (a->flags & JONG_ACT_FLAG_RED) ? 1 : 0;
    switch (a->type) {
    case JONG_ACT_CHI:
        for (int k = a->low; k < a->low + 3; k++)
            if (k != a->tile)
                kinds[n++] = k;
        break;
    case JONG_ACT_PON:
        n = 2;
        break;
    case JONG_ACT_KONG:
    case JONG_ACT_ADDED_KONG:
        n = 3;
        break;
    case JONG_ACT_CONCEALED_KONG:
        n = 4;
        /* all four copies: the red ones the hand holds among them */
        reds = jong_kind_is_five(a->tile) ? o->view.own.red[a->tile / 9] : 0;
        break;
    default:
        return NULL;
    }
    if (a->type != JONG_ACT_CHI)
        for (int i = 0; i < n; i++)
            kinds[i] = a->tile;
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        bool red = reds > 0 && jong_kind_is_five(kinds[i]);
        if (red)
            reds--;
        PyObject *s = PyUnicode_FromString(tile_name(kinds[i], red));
        if (!s)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, i, s);
    }
    return l;
}

static const char *mjai_type(const jong_action *a)
{
    switch (a->type) {
    case JONG_ACT_DISCARD: return a->flags & JONG_ACT_FLAG_RIICHI ? "reach" : "dahai";
    case JONG_ACT_SELF_DRAW_WIN: case JONG_ACT_WIN: return "hora";
    case JONG_ACT_CHI: return "chi";
    case JONG_ACT_PON: return "pon";
    case JONG_ACT_KONG: return "daiminkan";
    case JONG_ACT_CONCEALED_KONG: return "ankan";
    case JONG_ACT_ADDED_KONG: return "kakan";
    case JONG_ACT_PASS: return "none";
    default: return "ryukyoku";
    }
}

/* Was the tile on offer (the last discard) a red five? Read from the discarder's river. */
static bool offer_red(const jong_view *v)
{
    if (v->last_discarder < 0 || v->last_discarder >= JONG_SEATS)
        return false;
    const jong_seat_view *s = &v->seats[v->last_discarder];
    return s->ndiscards > 0 && (s->discard_red >> (s->ndiscards - 1) & 1);
}

static PyObject *action_dict(const jongpy_obs *o, const jong_action *a)
{
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    bool claim = a->type == JONG_ACT_CHI || a->type == JONG_ACT_PON || a->type == JONG_ACT_KONG ||
                 a->type == JONG_ACT_WIN;
    bool ok = !set_str(d, "type", mjai_type(a)) && !set_int(d, "actor", o->seat) &&
              !set_int(d, "id", jong_action_id(a));
    if (ok && a->tile < JONG_KINDS && a->type != JONG_ACT_PASS && a->type != JONG_ACT_NINE_TERMINALS) {
        bool red = a->type == JONG_ACT_DISCARD || a->type == JONG_ACT_ADDED_KONG
                       ? (a->flags & JONG_ACT_FLAG_RED) != 0
                       : claim && offer_red(&o->view);
        ok = !set_str(d, "tile", tile_name(a->tile, red));
    }
    if (ok && claim && o->view.last_discarder >= 0)
        ok = !set_int(d, "target", o->view.last_discarder);
    if (ok && (a->type == JONG_ACT_WIN || a->type == JONG_ACT_SELF_DRAW_WIN))
        ok = !PyDict_SetItemString(d, "tsumo", a->type == JONG_ACT_SELF_DRAW_WIN ? Py_True : Py_False);
    if (ok && a->type == JONG_ACT_NINE_TERMINALS)
        ok = !set_str(d, "reason", "kyushukyuhai");
    if (ok) {
        PyObject *c = consumed_list(o, a);
        if (c) {
            ok = !PyDict_SetItemString(d, "consumed", c);
            Py_DECREF(c);
        } else if (PyErr_Occurred()) {
            ok = false;
        }
    }
    if (!ok)
        Py_CLEAR(d);
    return d;
}

static PyObject *obs_legal_actions(PyObject *self, void *closure)
{
    (void)closure;
    jongpy_obs *o = (jongpy_obs *)self;
    if (!o->legal_list) {
        PyObject *l = PyList_New(o->nlegal);
        for (int i = 0; l && i < o->nlegal; i++) {
            PyObject *d = action_dict(o, &o->legal[i]);
            if (!d)
                Py_CLEAR(l);
            else
                PyList_SET_ITEM(l, i, d);
        }
        if (!l)
            return NULL;
        o->legal_list = l;
    }
    /* a copy: the caller may change the list without changing what the next caller sees */
    return PyList_GetSlice(o->legal_list, 0, o->nlegal);
}

static PyObject *obs_action_ids(PyObject *self, void *closure)
{
    (void)closure;
    jongpy_obs *o = (jongpy_obs *)self;
    PyObject *l = PyList_New(o->nlegal);
    for (int i = 0; l && i < o->nlegal; i++) {
        PyObject *x = PyLong_FromLong(jong_action_id(&o->legal[i]));
        if (!x)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, i, x);
    }
    return l;
}

static PyObject *obs_mask(PyObject *self, void *closure)
{
    (void)closure;
    jongpy_obs *o = (jongpy_obs *)self;
    npy_intp dims[1] = {JONG_ACTION_IDS};
    PyObject *arr = PyArray_ZEROS(1, dims, NPY_BOOL, 0);
    if (!arr)
        return NULL;
    jong_action_mask(o->legal, o->nlegal, PyArray_DATA((PyArrayObject *)arr));
    return arr;
}

static PyObject *obs_index_of(PyObject *self, PyObject *arg)
{
    jongpy_obs *o = (jongpy_obs *)self;
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred())
        return NULL;
    for (int i = 0; i < o->nlegal; i++)
        if (jong_action_id(&o->legal[i]) == id)
            return PyLong_FromLong(i);
    return PyErr_Format(jongpy_error, "action id %ld is not legal for seat %d now", id, o->seat);
}

static PyObject *obs_features(PyObject *self, PyObject *unused)
{
    (void)unused;
    jongpy_obs *o = (jongpy_obs *)self;
    npy_intp dims[2] = {JONG_PLANES, JONG_KINDS};
    PyObject *arr = PyArray_SimpleNew(2, dims, NPY_FLOAT32);
    if (!arr)
        return NULL;
    jong_planes(&o->view, &o->rules, o->seat, PyArray_DATA((PyArrayObject *)arr));
    return arr;
}

static PyObject *seat_dict(const jongpy_obs *o, int seat)
{
    const jong_seat_view *sv = &o->view.seats[seat];
    PyObject *d = PyDict_New();
    PyObject *river = PyList_New(0);
    bool ok = d && river;
    for (int i = 0; ok && i < sv->ndiscards && i < JONG_RIVER_MAX; i++) {
        PyObject *t = Py_BuildValue("{s:s,s:O,s:O}", "tile",
                                    tile_name(sv->discards[i], i < 64 && (sv->discard_red >> i & 1)),
                                    "tsumogiri", i < 64 && (sv->discard_tsumogiri >> i & 1) ? Py_True : Py_False,
                                    "claimed", sv->discard_claimed[i] ? Py_True : Py_False);
        ok = t && !PyList_Append(river, t);
        Py_XDECREF(t);
    }
    ok = ok && !PyDict_SetItemString(d, "river", river);
    Py_XDECREF(river);
    /* melds: the same shape as jong.parse's */
    PyObject *melds = ok ? PyList_New(0) : NULL;
    static const char *const names[] = {"chi", "pon", "kan", "ankan"};
    for (int i = 0; melds && i < sv->nmelds; i++) {
        const jong_meld *m = &sv->melds[i];
        PyObject *t = Py_BuildValue("{s:s,s:s,s:i}", "type", m->type < 4 ? names[m->type] : "?", "tile",
                                    m->tile < JONG_KINDS ? tile_name(m->tile, false) : "?", "red", m->red);
        if (!t || PyList_Append(melds, t))
            Py_CLEAR(melds);
        Py_XDECREF(t);
    }
    ok = melds && !PyDict_SetItemString(d, "melds", melds);
    Py_XDECREF(melds);
    ok = ok && !set_int(d, "concealed", sv->concealed) && !set_int(d, "flowers", __builtin_popcount(sv->flowers)) &&
         !set_int(d, "riichi_at", sv->riichi_at) && !set_int(d, "score", o->view.scores[seat]) &&
         !PyDict_SetItemString(d, "riichi", o->view.riichi[seat] ? Py_True : Py_False) &&
         !set_int(d, "wind", o->view.seat_winds[seat]);
    if (!ok)
        Py_CLEAR(d);
    return d;
}

static PyObject *obs_view(PyObject *self, void *closure)
{
    (void)closure;
    jongpy_obs *o = (jongpy_obs *)self;
    if (o->view_dict) {
        Py_INCREF(o->view_dict);
        return o->view_dict;
    }
    const jong_view *v = &o->view;
    char hand[512];
    jong_format_hand(&v->own, JONG_STYLE_COMPACT, hand, sizeof hand);
    PyObject *seats = PyList_New(JONG_SEATS);
    for (int s = 0; seats && s < JONG_SEATS; s++) {
        PyObject *sd = seat_dict(o, s);
        if (!sd)
            Py_CLEAR(seats);
        else
            PyList_SET_ITEM(seats, s, sd);
    }
    PyObject *dora = PyList_New(0);
    for (int i = 0; dora && i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++) {
        int k = jong_code_kind(v->dora_markers[i]);
        PyObject *s = PyUnicode_FromString(k == JONG_NO_TILE ? "?" : tile_name(k, jong_code_is_red(v->dora_markers[i])));
        if (!s || PyList_Append(dora, s))
            Py_CLEAR(dora);
        Py_XDECREF(s);
    }
    PyObject *counts = PyList_New(JONG_KINDS);
    for (int k = 0; counts && k < JONG_KINDS; k++)
        PyList_SET_ITEM(counts, k, PyLong_FromLong(v->own.counts[k]));
    PyObject *d = NULL;
    if (seats && dora && counts)
        d = Py_BuildValue("{s:i,s:s,s:i,s:i,s:i,s:i,s:i,s:s,s:O,s:z,s:O,s:O,s:i,s:i,s:i,s:i,s:z,s:i}",
                          "seat", o->seat, "rules", v->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi",
                          "game", v->game, "hand_number", v->hand, "dealer", v->dealer, "round_wind",
                          v->round_wind, "streak", v->streak, "hand", hand, "counts", counts, "last_draw",
                          v->last_draw < JONG_KINDS ? tile_name(v->last_draw, false) : NULL, "seats", seats,
                          "dora_indicators", dora, "kyotaku", v->kyotaku, "wall_left", v->wall_left, "turn",
                          v->turn, "last_discarder", v->last_discarder, "last_discard",
                          v->last_discard < JONG_KINDS ? tile_name(v->last_discard, offer_red(v)) : NULL,
                          "furiten", (int)o->furiten);
    Py_XDECREF(seats);
    Py_XDECREF(dora);
    Py_XDECREF(counts);
    if (!d)
        return NULL;
    o->view_dict = d;
    Py_INCREF(d);
    return d;
}

static PyObject *obs_seat(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(((jongpy_obs *)self)->seat);
}

static PyObject *obs_seed(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(((jongpy_obs *)self)->seed);
}

static PyObject *obs_repr(PyObject *self)
{
    jongpy_obs *o = (jongpy_obs *)self;
    char hand[512];
    jong_format_hand(&o->view.own, JONG_STYLE_COMPACT, hand, sizeof hand);
    return PyUnicode_FromFormat("<jong.Observation seat %d, hand %s, %d legal actions>", o->seat, hand, o->nlegal);
}

static void obs_dealloc(PyObject *self)
{
    jongpy_obs *o = (jongpy_obs *)self;
    Py_XDECREF(o->legal_list);
    Py_XDECREF(o->view_dict);
    Py_TYPE(self)->tp_free(self);
}

static PyMethodDef obs_methods[] = {
    {"features", obs_features, METH_NOARGS,
     "features() -> numpy float32 array (PLANES, 34): the planes of docs/python.md."},
    {"index_of", obs_index_of, METH_O,
     "index_of(action_id) -> int: the index into legal_actions of the legal action with this id; "
     "jong.Error when none has it."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef obs_getset[] = {
    {"seat", obs_seat, NULL, "the seat that decides (0..3; seat 0 is the first dealer)", NULL},
    {"legal_actions", obs_legal_actions, NULL, "the legal actions as mjai-style dicts (with their 'id')", NULL},
    {"action_ids", obs_action_ids, NULL, "the action id of each legal action, in the same order", NULL},
    {"mask", obs_mask, NULL, "numpy bool array (ACTIONS,): True at the id of each legal action", NULL},
    {"view", obs_view, NULL, "what the seat may know, as a dict", NULL},
    {"decision_seed", obs_seed, NULL, "the seed a Jong table gives this decision's player", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject jongpy_obs_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong.Observation",
    .tp_basicsize = sizeof(jongpy_obs),
    .tp_dealloc = obs_dealloc,
    .tp_repr = obs_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One seat's decision: its view, legal actions, mask and features (made by jong.Env).",
    .tp_methods = obs_methods,
    .tp_getset = obs_getset,
};

/* ---- Env ------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    jong_ruleset rules;
    uint64_t seed;
    int game_number;
    jong_player *players[JONG_SEATS]; /* NULL: a learner seat, answered through step() */
    jong_session *s;
    bool busy;                        /* the engine is working with the GIL released */
    int32_t scores[JONG_SEATS];       /* after the last event that carried scores */
    int64_t events;                   /* events of this game so far */
    jongpy_record record;             /* the game's record so far (Env.record()) */
    bool keep_record;                 /* Env(record=True), the default */
} env_obj;

void jongpy_track_scores(int32_t scores[JONG_SEATS], const jong_event *ev)
{
    if (ev->type == JONG_EV_WIN || ev->type == JONG_EV_EXHAUSTED || ev->type == JONG_EV_END_HAND ||
        ev->type == JONG_EV_END_GAME)
        memcpy(scores, ev->scores, sizeof(int32_t) * JONG_SEATS);
}

static void env_sink(void *ctx, const jong_event *ev)
{
    env_obj *e = ctx;
    e->events++;
    jongpy_track_scores(e->scores, ev);
    jongpy_record_event(&e->record, ev);
}

static void env_free_game(env_obj *e)
{
    jong_session_free(e->s);
    e->s = NULL;
    jongpy_record_free(&e->record);
}

static void env_dealloc(PyObject *self)
{
    env_obj *e = (env_obj *)self;
    env_free_game(e);
    for (int i = 0; i < JONG_SEATS; i++)
        jong_player_free(e->players[i]);
    Py_TYPE(self)->tp_free(self);
}

int jongpy_players(const jong_ruleset *rs, PyObject *opponents, jong_player *players[JONG_SEATS])
{
    if (!opponents || opponents == Py_None)
        return 0;
    PyObject *seq = PySequence_Fast(opponents, "opponents: a list of player specs");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    int rc = 0, first = n == 3 ? 1 : 0, learners = 0;
    if (n != 3 && n != 4) {
        PyErr_Format(jongpy_error, "opponents: 3 specs (seats 1-3) or 4 with None at the learner seats, not %zd", n);
        rc = -1;
    }
    for (Py_ssize_t i = 0; !rc && i < n; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        int seat = first + (int)i;
        if (x == Py_None)
            continue;
        const char *spec = PyUnicode_Check(x) ? PyUnicode_AsUTF8(x) : NULL;
        if (!spec) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "opponents: seat %d: a player spec or None, not %R", seat, x);
            rc = -1;
            break;
        }
        jong_error err;
        jong_error_clear(&err);
        if (jong_player_check_variant(spec, rs->variant, &err) ||
            jong_player_create(spec, &players[seat], &err)) {
            jongpy_raise(&err);
            rc = -1;
        }
    }
    Py_DECREF(seq);
    for (int s = 0; s < JONG_SEATS; s++)
        learners += !players[s];
    if (!rc && !learners) {
        PyErr_SetString(jongpy_error, "opponents: every seat is a player; leave at least one seat to the learner");
        rc = -1;
    }
    return rc;
}

/* Raises jong.Error when another thread is inside the engine with this Env (the GIL released):
 * its state must not be read or changed meanwhile. */
static int env_idle(const env_obj *e)
{
    if (e->busy) {
        PyErr_SetString(jongpy_error, "the Env is in use in another thread");
        return -1;
    }
    return 0;
}

int jongpy_int_arg(PyObject *value, const char *name, long lo, long hi, long *out)
{
    long x = value && PyLong_Check(value) && !PyBool_Check(value) ? PyLong_AsLong(value) : lo - 1;
    if (x == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        x = lo - 1;
    }
    if (x < lo || x > hi) {
        PyErr_Format(jongpy_error, "%s: an int from %ld to %ld, not %R", name, lo, hi, value ? value : Py_None);
        return -1;
    }
    *out = x;
    return 0;
}

int jongpy_table_kwargs(PyObject *kw, const char *const own[], PyObject *own_values[], jongpy_table_args *out)
{
    enum { RULES, SEED, OPPONENTS, OWN, MAX = 16 };
    const char *names[MAX + 1] = {"rules", "seed", "opponents"};
    int n = OWN;
    for (int i = 0; own[i] && n < MAX; i++)
        names[n++] = own[i];
    names[n] = NULL;
    PyObject *values[MAX], *options;
    if (jongpy_split_args(NULL, kw, "Env", names, 0, values, &options))
        return -1;
    const char *rules;
    int rc = jongpy_rules_arg(values[RULES], &rules) || jongpy_ruleset(rules, options, &out->rules) ? -1 : 0;
    Py_DECREF(options);
    out->seed = 1;
    if (!rc && values[SEED]) {
        out->seed = PyLong_AsUnsignedLongLongMask(values[SEED]);
        rc = PyErr_Occurred() ? -1 : 0;
    }
    out->opponents = values[OPPONENTS];
    for (int i = OWN; i < n; i++)
        own_values[i - OWN] = values[i];
    return rc;
}

static int env_init(PyObject *self, PyObject *args, PyObject *kw)
{
    env_obj *e = (env_obj *)self;
    if (env_idle(e))
        return -1;
    if (PyTuple_GET_SIZE(args) > 0) {
        PyErr_SetString(PyExc_TypeError,
                        "Env() takes keyword arguments only (rules=, seed=, opponents=, game=, record=, options)");
        return -1;
    }
    static const char *const own[] = {"game", "record", NULL};
    PyObject *vals[2];
    jongpy_table_args ta;
    long g = 0;
    bool keep = true;
    if (jongpy_table_kwargs(kw, own, vals, &ta) || (vals[0] && jongpy_int_arg(vals[0], "game", 0, INT32_MAX, &g)) ||
        jongpy_bool_arg(vals[1], "record", &keep))
        return -1;
    env_free_game(e);
    for (int i = 0; i < JONG_SEATS; i++) {
        jong_player_free(e->players[i]);
        e->players[i] = NULL;
    }
    e->rules = ta.rules;
    e->seed = ta.seed;
    e->game_number = (int)g;
    e->keep_record = keep;
    return jongpy_players(&e->rules, ta.opponents, e->players);
}

static bool env_done(const env_obj *e)
{
    return !e->s || jong_session_state_now(e->s) == JONG_SESSION_GAME_OVER;
}

/* {seat: Observation} of the learner seats that must answer now. */
static PyObject *env_observations(env_obj *e)
{
    PyObject *d = PyDict_New();
    unsigned waiting = env_done(e) ? 0 : jong_session_waiting(e->s);
    for (int seat = 0; d && seat < JONG_SEATS; seat++) {
        if (!(waiting >> seat & 1))
            continue;
        jongpy_obs *o = PyObject_New(jongpy_obs, &jongpy_obs_type);
        if (!o) {
            Py_CLEAR(d);
            break;
        }
        o->legal_list = o->view_dict = NULL;
        o->seat = seat;
        o->rules = e->rules;
        o->view = *jong_session_view(e->s, seat);
        o->nlegal = jong_session_legal(e->s, seat, o->legal);
        o->seed = jong_session_decision_seed(e->s, seat);
        o->furiten = jong_session_furiten(e->s, seat);
        PyObject *key = PyLong_FromLong(seat);
        if (!key || PyDict_SetItem(d, key, (PyObject *)o))
            Py_CLEAR(d);
        Py_XDECREF(key);
        Py_DECREF(o);
    }
    return d;
}

int jongpy_deal_on(jong_session *s, jong_error *err)
{
    while (jong_session_state_now(s) == JONG_SESSION_HAND_OVER) {
        int rc = jong_session_next_hand(s, err);
        if (rc)
            return rc;
    }
    return JONG_OK;
}

static PyObject *env_reset(PyObject *self, PyObject *args, PyObject *kw)
{
    env_obj *e = (env_obj *)self;
    static char *names[] = {"seed", NULL};
    PyObject *seed_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:reset", names, &seed_obj))
        return NULL;
    if (seed_obj && seed_obj != Py_None) {
        unsigned long long seed = PyLong_AsUnsignedLongLongMask(seed_obj);
        if (PyErr_Occurred())
            return NULL;
        e->seed = seed;
    }
    if (env_idle(e))
        return NULL;
    e->busy = true;
    env_free_game(e);
    for (int i = 0; i < JONG_SEATS; i++)
        e->scores[i] = e->rules.start_score;
    e->events = 0;
    jong_session_config cfg = {.rules = &e->rules, .seed = e->seed, .game_number = e->game_number,
                               .sink = env_sink, .sink_ctx = e};
    memcpy(cfg.players, e->players, sizeof cfg.players);
    jong_error err;
    jong_error_clear(&err);
    int rc = JONG_OK;
    Py_BEGIN_ALLOW_THREADS
    if (e->keep_record)
        rc = jongpy_record_start(&e->record, &e->rules, e->seed, e->game_number, e->players, &err);
    if (!rc)
        rc = jong_session_new(&cfg, &e->s, &err);
    if (!rc)
        rc = jongpy_deal_on(e->s, &err);
    Py_END_ALLOW_THREADS
    e->busy = false;
    if (rc) {
        env_free_game(e);
        return jongpy_raise(&err);
    }
    return env_observations(e);
}

static PyObject *env_step(PyObject *self, PyObject *arg)
{
    env_obj *e = (env_obj *)self;
    if (env_idle(e))
        return NULL;
    if (!PyDict_Check(arg))
        return PyErr_Format(jongpy_error, "step() takes a dict {seat: index into its legal actions}, not %s",
                            Py_TYPE(arg)->tp_name);
    if (!e->s)
        return PyErr_Format(jongpy_error, "call reset() before step()");
    if (env_done(e))
        return PyErr_Format(jongpy_error, "the game is over; call reset()");
    /* check every answer before playing any, so that a bad one changes nothing */
    unsigned waiting = jong_session_waiting(e->s);
    int seats[JONG_SEATS], n = 0;
    jong_action chosen[JONG_SEATS];
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(arg, &pos, &key, &value)) {
        long seat = PyLong_Check(key) ? PyLong_AsLong(key) : -1;
        if (seat == -1 && PyErr_Occurred())
            PyErr_Clear();
        if (seat < 0 || seat >= JONG_SEATS || !(waiting >> seat & 1))
            return PyErr_Format(jongpy_error, "step: seat %R is not asked to act now", key);
        if (!PyLong_Check(value) || PyBool_Check(value))
            return PyErr_Format(jongpy_error, "step: seat %ld: an int index into its legal actions, not %R", seat,
                                value);
        long index = PyLong_AsLong(value);
        if (index == -1 && PyErr_Occurred())
            PyErr_Clear();
        jong_action legal[JONG_MAX_ACTIONS];
        int nlegal = jong_session_legal(e->s, (int)seat, legal);
        if (index < 0 || index >= nlegal)
            return PyErr_Format(jongpy_error, "step: seat %ld: action %R out of range (%d legal actions)", seat,
                                value, nlegal);
        seats[n] = (int)seat;
        chosen[n++] = legal[index];
    }
    if (n == 0)
        return PyErr_Format(jongpy_error, "step: no answer for the seats asked");
    e->busy = true; /* checked above, with the GIL held since */
    jong_error err;
    jong_error_clear(&err);
    int rc = JONG_OK;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < n && !rc; i++)
        rc = jong_session_act(e->s, seats[i], &chosen[i], &err);
    if (!rc)
        rc = jongpy_deal_on(e->s, &err);
    Py_END_ALLOW_THREADS
    e->busy = false;
    if (rc)
        return jongpy_raise(&err);
    return env_observations(e);
}

static PyObject *env_get_done(PyObject *self, void *closure)
{
    (void)closure;
    if (env_idle((env_obj *)self))
        return NULL;
    return PyBool_FromLong(env_done((env_obj *)self));
}

static PyObject *env_get_scores(PyObject *self, void *closure)
{
    (void)closure;
    env_obj *e = (env_obj *)self;
    return Py_BuildValue("[iiii]", e->scores[0], e->scores[1], e->scores[2], e->scores[3]);
}

/* Ranks 1..4 by score, ties to the seat nearer the first East (seat 0), as the arena counts
 * them (arena.h, JONG_M_RANK); None until the game is over. */
static PyObject *env_get_ranks(PyObject *self, void *closure)
{
    (void)closure;
    env_obj *e = (env_obj *)self;
    if (env_idle(e))
        return NULL;
    if (!e->s || !env_done(e))
        Py_RETURN_NONE;
    int rank[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++) {
        rank[s] = 1;
        for (int t = 0; t < JONG_SEATS; t++)
            if (e->scores[t] > e->scores[s] || (e->scores[t] == e->scores[s] && t < s))
                rank[s]++;
    }
    return Py_BuildValue("[iiii]", rank[0], rank[1], rank[2], rank[3]);
}

static PyObject *env_get_hands(PyObject *self, void *closure)
{
    (void)closure;
    env_obj *e = (env_obj *)self;
    if (env_idle(e))
        return NULL;
    return PyLong_FromLong(e->s ? jong_session_hands(e->s) : 0);
}

static PyObject *env_get_events(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(((env_obj *)self)->events);
}

PyObject *jongpy_int_list(const int *xs, int n)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *x = PyLong_FromLong(xs[i]);
        if (!x)
            Py_CLEAR(l);
        else
            PyList_SET_ITEM(l, i, x);
    }
    return l;
}

static PyObject *env_get_learners(PyObject *self, void *closure)
{
    (void)closure;
    env_obj *e = (env_obj *)self;
    int seats[JONG_SEATS], n = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        if (!e->players[s])
            seats[n++] = s;
    return jongpy_int_list(seats, n);
}

static PyObject *env_get_options(PyObject *self, void *closure)
{
    (void)closure;
    env_obj *e = (env_obj *)self;
    PyObject *d = PyDict_New();
    for (int i = 0; d && i < jong_ruleset_option_count(&e->rules); i++) {
        char buf[256];
        const char *name = jong_ruleset_option(&e->rules, i, buf, sizeof buf);
        if (name && set_str(d, name, buf))
            Py_CLEAR(d);
    }
    return d;
}

static PyObject *env_record(PyObject *self, PyObject *args, PyObject *kw)
{
    env_obj *e = (env_obj *)self;
    static char *names[] = {"format", NULL};
    const char *format = "jong";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|s:record", names, &format) || env_idle(e))
        return NULL;
    if (!e->keep_record)
        return PyErr_Format(jongpy_error, "record: this Env keeps no record (Env(record=False))");
    return jongpy_record_get(&e->record, &e->rules, format);
}

static PyMethodDef env_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))env_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(seed=None) -> {seat: Observation}: start a new game (with a new seed when given)."},
    {"step", env_step, METH_O,
     "step({seat: index}) -> {seat: Observation}: each asked seat's answer as an index into its "
     "obs.legal_actions (obs.index_of(id) turns an action id into one); {} once the game is over."},
    {"record", (PyCFunction)(void (*)(void))env_record, METH_VARARGS | METH_KEYWORDS,
     "record(format='jong') -> str or list: the game so far (or finished): 'jong', Jong's record as "
     "`jong play --log` writes it (JSON lines); 'mjai' (riichi), its events as mjai messages (dicts)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef env_getset[] = {
    {"done", env_get_done, NULL, "True once the game is over", NULL},
    {"scores", env_get_scores, NULL, "the seats' scores now (final once done)", NULL},
    {"ranks", env_get_ranks, NULL, "ranks 1..4 once done (ties: seat order from the first East), else None", NULL},
    {"hands", env_get_hands, NULL, "hands started in this game", NULL},
    {"events", env_get_events, NULL, "engine events of this game so far", NULL},
    {"learners", env_get_learners, NULL, "the seats answered through step()", NULL},
    {"options", env_get_options, NULL, "every ruleset option of the table, by name, as text", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject jongpy_env_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong.Env",
    .tp_basicsize = sizeof(env_obj),
    .tp_dealloc = env_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Env(rules='riichi', seed=1, opponents=None, game=0, record=True, **options): one game of four "
              "seats; reset() and step() hand out the decisions of the learner seats, record() the game so far "
              "(docs/python.md).",
    .tp_methods = env_methods,
    .tp_getset = env_getset,
    .tp_init = env_init,
    .tp_new = PyType_GenericNew,
};

int jongpy_env_init(PyObject *module)
{
    if (PyType_Ready(&jongpy_obs_type) || PyType_Ready(&jongpy_env_type) || PyType_Ready(&jongpy_vecenv_type) ||
        PyType_Ready(&jongpy_reader_type))
        return -1;
    if (PyModule_AddObjectRef(module, "Observation", (PyObject *)&jongpy_obs_type) ||
        PyModule_AddObjectRef(module, "Env", (PyObject *)&jongpy_env_type) ||
        PyModule_AddObjectRef(module, "VecEnv", (PyObject *)&jongpy_vecenv_type) ||
        PyModule_AddObjectRef(module, "RecordReader", (PyObject *)&jongpy_reader_type))
        return -1;
    return 0;
}
