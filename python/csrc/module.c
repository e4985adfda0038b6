/* jong._jong: the module, jong.Error, arguments with ruleset options, the evaluator functions
 * (parse, shanten, analyze) and jong.Player. The Python-side package (python/jong/__init__.py)
 * re-exports these. */
#include "jongpy.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION /* the current API only */
#define PY_ARRAY_UNIQUE_SYMBOL jongpy_ARRAY_API
#include <numpy/arrayobject.h>

#include <jansson.h>
#include <string.h>
#include <strings.h>

/* `jong analyze --json` as a function: the program's own work and builder (src/cli), linked from
 * build/shared/libjongcli.a, so the two cannot drift apart. */
#include "cli/analyze_json.h"
#include "cli/analyze_sim_out.h"
#include "cli/cli_util.h"

PyObject *jongpy_error;

PyObject *jongpy_raise(const jong_error *err)
{
    if (err->msg[0])
        PyErr_SetString(jongpy_error, err->msg);
    else
        PyErr_SetString(jongpy_error, jong_errcode_name(err->code));
    return NULL;
}

int jongpy_variant(const char *name, jong_variant *v)
{
    if (!strcasecmp(name, "riichi"))
        *v = JONG_VARIANT_RIICHI;
    else if (!strcasecmp(name, "taiwan"))
        *v = JONG_VARIANT_TAIWAN;
    else {
        PyErr_Format(jongpy_error, "rules: unknown family '%s' (riichi or taiwan)", name);
        return -1;
    }
    return 0;
}

/* One option's value as the text jong_ruleset_set reads: bools as on/off (a bool is an int in
 * Python, so it is tested first), ints in decimal, strings as they are. */
static int option_text(PyObject *name, PyObject *value, char *buf, size_t n)
{
    if (PyBool_Check(value)) {
        snprintf(buf, n, "%s", value == Py_True ? "on" : "off");
    } else if (PyLong_Check(value)) {
        long long x = PyLong_AsLongLong(value);
        if (x == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "option %S: %R is out of range", name, value);
            return -1;
        }
        snprintf(buf, n, "%lld", x);
    } else if (PyUnicode_Check(value)) {
        const char *s = PyUnicode_AsUTF8(value);
        if (!s)
            return -1;
        snprintf(buf, n, "%s", s);
    } else {
        PyErr_Format(jongpy_error, "option %S: %R is not a string, an int or a bool", name, value);
        return -1;
    }
    return 0;
}

int jongpy_ruleset(const char *rules, PyObject *opts, jong_ruleset *rs)
{
    jong_variant v;
    if (jongpy_variant(rules, &v))
        return -1;
    jong_ruleset_default(rs, v);
    if (!opts)
        return 0;
    /* preset= names a rule preset (as --preset does): applied first, the other options over it */
    PyObject *preset = PyDict_GetItemString(opts, "preset");
    if (preset && preset != Py_None) {
        const char *pname = PyUnicode_Check(preset) ? PyUnicode_AsUTF8(preset) : NULL;
        if (!pname) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "preset: a rule preset's name as a string, not %R", preset);
            return -1;
        }
        jong_error err;
        jong_error_clear(&err);
        if (jong_ruleset_preset(rs, pname, &err)) {
            jongpy_raise(&err);
            return -1;
        }
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(opts, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!name) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "option names are strings, not %R", key);
            return -1;
        }
        if (!strcmp(name, "preset"))
            continue;
        char text[256];
        if (option_text(key, value, text, sizeof text))
            return -1;
        jong_error err;
        jong_error_clear(&err);
        if (jong_ruleset_set(rs, name, text, &err)) {
            jongpy_raise(&err);
            return -1;
        }
    }
    if (rs->three_player) {
        PyErr_SetString(jongpy_error, "three_player=on: three-player riichi is not in the Python package yet");
        return -1;
    }
    return 0;
}

int jongpy_split_args(PyObject *args, PyObject *kw, const char *fname, const char *const names[], int npos,
                      PyObject *values[], PyObject **options)
{
    int n = 0;
    while (names[n])
        n++;
    for (int i = 0; i < n; i++)
        values[i] = NULL;
    Py_ssize_t nargs = args ? PyTuple_GET_SIZE(args) : 0;
    if (nargs > npos) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional arguments (%zd given)", fname, npos, nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++)
        values[i] = PyTuple_GET_ITEM(args, i);
    *options = PyDict_New();
    if (!*options)
        return -1;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (kw && PyDict_Next(kw, &pos, &key, &value)) {
        const char *k = PyUnicode_AsUTF8(key);
        if (!k)
            goto fail;
        int i = 0;
        while (i < n && strcmp(k, names[i]))
            i++;
        if (i == n) {
            if (PyDict_SetItem(*options, key, value))
                goto fail;
        } else if (values[i]) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fname, k);
            goto fail;
        } else {
            values[i] = value;
        }
    }
    return 0;
fail:
    Py_CLEAR(*options);
    return -1;
}

int jongpy_rules_arg(PyObject *value, const char **name)
{
    if (!value || value == Py_None) {
        *name = "riichi";
        return 0;
    }
    if (!PyUnicode_Check(value) || !(*name = PyUnicode_AsUTF8(value))) {
        PyErr_Clear();
        PyErr_Format(jongpy_error, "rules: 'riichi' or 'taiwan', not %R", value);
        return -1;
    }
    return 0;
}

int jongpy_wind_arg(PyObject *value, const char *name, int *out)
{
    long w = -1;
    if (PyLong_Check(value) && !PyBool_Check(value)) {
        w = PyLong_AsLong(value);
        if (w == -1 && PyErr_Occurred())
            PyErr_Clear();
    } else if (PyUnicode_Check(value)) {
        const char *s = PyUnicode_AsUTF8(value);
        w = s ? cli_parse_wind(s) : -1;
        PyErr_Clear();
    }
    if (w < 0 || w > 3) {
        PyErr_Format(jongpy_error, "%s: a seat or wind, 0-3 or 'E' 'S' 'W' 'N', not %R", name, value);
        return -1;
    }
    *out = (int)w;
    return 0;
}

int jongpy_required_str(PyObject *value, const char *fname, const char *name, const char **out)
{
    if (!value)
        PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fname, name);
    else if (!PyUnicode_Check(value))
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a str, not %s", fname, name, Py_TYPE(value)->tp_name);
    else
        return (*out = PyUnicode_AsUTF8(value)) ? 0 : -1;
    return -1;
}

int jongpy_str_arg(PyObject *value, const char *name, const char **out)
{
    if (!value || value == Py_None)
        return 0;
    if (!PyUnicode_Check(value) || !(*out = PyUnicode_AsUTF8(value))) {
        PyErr_Clear();
        PyErr_Format(jongpy_error, "%s: a string, not %R", name, value);
        return -1;
    }
    return 0;
}

int jongpy_bool_arg(PyObject *value, const char *name, bool *out)
{
    if (!value || value == Py_None)
        return 0;
    if (!PyBool_Check(value)) {
        PyErr_Format(jongpy_error, "%s: True or False, not %R", name, value);
        return -1;
    }
    *out = value == Py_True;
    return 0;
}

PyObject *jongpy_json_result(json_t *root, const char *why)
{
    if (!root) {
        PyErr_SetString(jongpy_error, why);
        return NULL;
    }
    PyObject *out = jongpy_from_json(root);
    json_decref(root);
    return out;
}

/* ---- the evaluator ------------------------------------------------------------------------ */

static const char *const meld_names[] = {"chi", "pon", "kan", "ankan"};

static PyObject *kind_str(int kind)
{
    return PyUnicode_FromString(jong_kind_name(kind, JONG_STYLE_COMPACT));
}

/* Parse a hand (and check its size for a family when rules is given). */
static int read_hand(const char *text, const char *rules, jong_hand *h)
{
    jong_error err;
    jong_error_clear(&err);
    if (jong_parse_hand(text, h, &err)) {
        jongpy_raise(&err);
        return -1;
    }
    if (rules) {
        jong_variant v;
        if (jongpy_variant(rules, &v))
            return -1;
        if (jong_hand_check(h, v, &err)) {
            jongpy_raise(&err);
            return -1;
        }
    }
    return 0;
}

/* Build a dict from (key, new reference) pairs; NULL (with every value released) if one is NULL. */
static PyObject *dict_of(int n, const char *const keys[], PyObject *values[])
{
    PyObject *d = PyDict_New();
    bool ok = d != NULL;
    for (int i = 0; i < n; i++) {
        if (ok && (!values[i] || PyDict_SetItemString(d, keys[i], values[i])))
            ok = false;
        Py_XDECREF(values[i]);
    }
    if (!ok)
        Py_CLEAR(d);
    return d;
}

static PyObject *int_list(const uint8_t *v, int n)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) {
            Py_CLEAR(l);
            break;
        }
        PyList_SET_ITEM(l, i, x);
    }
    return l;
}

static PyObject *melds_list(const jong_meld *melds, int n)
{
    PyObject *l = PyList_New(0);
    for (int i = 0; l && i < n; i++) {
        const jong_meld *m = &melds[i];
        static const char *const keys[] = {"type", "tile", "red"};
        PyObject *vals[] = {PyUnicode_FromString(m->type < 4 ? meld_names[m->type] : "?"),
                            m->tile == JONG_HIDDEN ? PyUnicode_FromString("?") : kind_str(m->tile),
                            PyLong_FromLong(m->red)};
        PyObject *d = dict_of(3, keys, vals);
        if (!d || PyList_Append(l, d))
            Py_CLEAR(l);
        Py_XDECREF(d);
    }
    return l;
}

static PyObject *flower_list(unsigned flowers)
{
    PyObject *l = PyList_New(0);
    for (int f = 0; l && f < JONG_FLOWERS; f++) {
        if (!(flowers >> f & 1))
            continue;
        PyObject *s = PyUnicode_FromString(jong_flower_name(f));
        if (!s || PyList_Append(l, s))
            Py_CLEAR(l);
        Py_XDECREF(s);
    }
    return l;
}

PyDoc_STRVAR(parse_doc, "parse(hand, rules=None) -> dict\n\n"
             "A hand in any of Jong's notations as a dict: text (compact notation), counts (34 ints), "
             "red (red fives per suit m p s), flowers, melds (type, tile, red), tiles (melds count 3). "
             "With rules, the hand's size must fit that family (13/14 riichi, 16/17 taiwan).");

static PyObject *py_parse(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"hand", "rules", NULL};
    const char *text, *rules = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|z:parse", names, &text, &rules))
        return NULL;
    jong_hand h;
    if (read_hand(text, rules, &h))
        return NULL;
    char buf[512];
    jong_format_hand(&h, JONG_STYLE_COMPACT, buf, sizeof buf);
    int tiles = jong_hand_concealed_count(&h) + 3 * h.nmelds;
    static const char *const keys[] = {"text", "counts", "red", "flowers", "melds", "tiles"};
    PyObject *vals[] = {PyUnicode_FromString(buf), int_list(h.counts, JONG_KINDS), int_list(h.red, 3),
                        flower_list(h.flowers), melds_list(h.melds, h.nmelds), PyLong_FromLong(tiles)};
    return dict_of(6, keys, vals);
}

PyDoc_STRVAR(shanten_doc, "shanten(hand, rules='riichi') -> int\n\n"
             "The hand's shanten over the forms its family allows (-1: complete, 0: ready). "
             "jong.analyze gives each form apart.");

static PyObject *py_shanten(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"hand", "rules", NULL};
    const char *text, *rules = "riichi";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|s:shanten", names, &text, &rules))
        return NULL;
    jong_hand h;
    if (read_hand(text, rules, &h))
        return NULL;
    jong_variant v;
    jongpy_variant(rules, &v); /* checked by read_hand */
    jong_shanten3 s;
    jong_hand_shanten(&h, v, jong_variant_forms(v), &s);
    return PyLong_FromLong(s.best);
}

PyObject *jongpy_from_json(const json_t *j)
{
    switch (json_typeof(j)) {
    case JSON_OBJECT: {
        PyObject *d = PyDict_New();
        const char *k;
        json_t *v;
        json_object_foreach((json_t *)j, k, v) {
            PyObject *x = d ? jongpy_from_json(v) : NULL;
            if (!x || PyDict_SetItemString(d, k, x))
                Py_CLEAR(d);
            Py_XDECREF(x);
            if (!d)
                break;
        }
        return d;
    }
    case JSON_ARRAY: {
        PyObject *l = PyList_New((Py_ssize_t)json_array_size(j));
        for (size_t i = 0; l && i < json_array_size(j); i++) {
            PyObject *x = jongpy_from_json(json_array_get(j, i));
            if (!x)
                Py_CLEAR(l);
            else
                PyList_SET_ITEM(l, (Py_ssize_t)i, x);
        }
        return l;
    }
    case JSON_STRING:
        return PyUnicode_FromStringAndSize(json_string_value(j), (Py_ssize_t)json_string_length(j));
    case JSON_INTEGER:
        return PyLong_FromLongLong(json_integer_value(j));
    case JSON_REAL:
        return PyFloat_FromDouble(json_real_value(j));
    case JSON_TRUE:
        Py_RETURN_TRUE;
    case JSON_FALSE:
        Py_RETURN_FALSE;
    default:
        Py_RETURN_NONE;
    }
}

PyDoc_STRVAR(analyze_doc, "analyze(hand, rules='riichi', seen=None, *, sims=0, dora=None, player=None, turn=1, "
             "draws=None, seat=None, round='E', dealer=False, seed=1, search='exact', restarts=5, policy='lower', "
             "method='auto', exchanges='forward', **options) -> dict\n\n"
             "The object `jong analyze HAND --json` prints with the same inputs: shanten per form, blocks, MTW, "
             "waits or effective tiles, readings, the discard table and the targets; with sims > 0 the chances "
             "of each discard ('simulation': exact where the method reaches, else sims simulations; policy "
             "'lower', 'win' or 'points'; method 'auto' or 'simulate'; exchanges 'forward', a number or 'all', as "
             "--exchanges), and with player an engine's own values "
             "of each discard ('player'). Every other keyword is a ruleset option by name.");

static PyObject *py_analyze(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    enum { HAND, RULES, SEEN, SIMS, DORA, PLAYER, TURN, DRAWS, SEAT, ROUND, DEALER, SEED, SEARCH, RESTARTS, POLICY,
           METHOD, EXCHANGES, N };
    static const char *const names[] = {"hand", "rules", "seen", "sims", "dora", "player", "turn", "draws", "seat",
                                        "round", "dealer", "seed", "search", "restarts", "policy", "method", "exchanges", NULL};
    PyObject *v[N], *options;
    if (jongpy_split_args(args, kw, "analyze", names, 3, v, &options))
        return NULL;
    const char *rules, *search = "exact", *policy = "lower", *method = "auto";
    jong_ruleset rs;
    analyze_input in;
    analyze_input_init(&in, NULL, &rs);
    in.api = true;
    long sims = 0, turn = 1, draws = -1, restarts = 5;
    int bad = jongpy_required_str(v[HAND], "analyze", "hand", &in.hand) || jongpy_rules_arg(v[RULES], &rules) ||
          jongpy_ruleset(rules, options, &rs) || jongpy_str_arg(v[SEEN], "seen", &in.seen) ||
          jongpy_str_arg(v[DORA], "dora", &in.dora) || jongpy_str_arg(v[PLAYER], "player", &in.player) ||
          jongpy_str_arg(v[SEARCH], "search", &search) || jongpy_bool_arg(v[DEALER], "dealer", &in.dealer) ||
          jongpy_str_arg(v[POLICY], "policy", &policy) || jongpy_str_arg(v[METHOD], "method", &method) ||
          (v[SIMS] && jongpy_int_arg(v[SIMS], "sims", 0, JONG_ANALYSIS_MAX_SIMS, &sims)) ||
          (v[TURN] && jongpy_int_arg(v[TURN], "turn", 1, 30, &turn)) ||
          (v[DRAWS] && v[DRAWS] != Py_None && jongpy_int_arg(v[DRAWS], "draws", 0, JONG_ANALYSIS_MAX_DRAWS, &draws)) ||
          (v[RESTARTS] && jongpy_int_arg(v[RESTARTS], "restarts", 0, 100000, &restarts)) ||
          (v[SEAT] && v[SEAT] != Py_None && jongpy_wind_arg(v[SEAT], "seat", &in.seat_wind)) ||
          (v[ROUND] && jongpy_wind_arg(v[ROUND], "round", &in.round_wind));
    if (!bad && v[SEED]) {
        in.seed = PyLong_AsUnsignedLongLongMask(v[SEED]);
        bad = PyErr_Occurred() != NULL;
    }
    if (!bad && strcmp(search, "exact") && strcmp(search, "local")) {
        PyErr_Format(jongpy_error, "search: 'exact' or 'local', not %R", v[SEARCH]);
        bad = 1;
    }
    static const char *const policies[] = {"lower", "win", "points"};
    in.policy = -1;
    for (int i = 0; i < 3 && !bad; i++)
        if (!strcmp(policy, policies[i]))
            in.policy = i;
    if (!bad && in.policy < 0) {
        PyErr_Format(jongpy_error, "policy: 'lower', 'win' or 'points', not %R", v[POLICY]);
        bad = 1;
    }
    in.method = !bad && !strcmp(method, "simulate");
    if (!bad && !in.method && strcmp(method, "auto")) {
        PyErr_Format(jongpy_error, "method: 'auto' or 'simulate', not %R", v[METHOD]);
        bad = 1;
    }
    /* exchanges: a number, or its words as the command takes them */
    if (!bad && v[EXCHANGES]) {
        const char *ex = NULL;
        char num[24];
        if (PyLong_Check(v[EXCHANGES])) {
            snprintf(num, sizeof num, "%ld", PyLong_AsLong(v[EXCHANGES]));
            ex = PyErr_Occurred() ? NULL : num;
        } else {
            ex = PyUnicode_Check(v[EXCHANGES]) ? PyUnicode_AsUTF8(v[EXCHANGES]) : NULL;
        }
        in.exchanges = ex ? analyze_exchanges_parse(ex) : -1;
        if (in.exchanges < 0) {
            PyErr_Clear();
            PyErr_Format(jongpy_error, "exchanges: 'forward', a number 1 to %d or 'all', not %R",
                         JONG_ANALYSIS_EXCHANGES_ALL - 1, v[EXCHANGES]);
            bad = 1;
        }
    }
    Py_DECREF(options);
    if (bad)
        return NULL;
    in.sims = (int)sims;
    in.turn = (int)turn;
    in.draws = (int)draws;
    in.restarts = (int)restarts;
    in.local = !strcmp(search, "local");
    char why[512] = "";
    json_t *root;
    /* the target table, the discard table and the simulations take a while: let other threads run */
    Py_BEGIN_ALLOW_THREADS
    root = analyze_json(&in, why, sizeof why);
    Py_END_ALLOW_THREADS
    return jongpy_json_result(root, why);
}

/* ---- jong.Player ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    jong_player *p;
    bool busy; /* a decision is under way in another thread (the engine's state is not shared) */
} player_obj;

static int player_init(PyObject *self, PyObject *args, PyObject *kw)
{
    player_obj *po = (player_obj *)self;
    static char *names[] = {"spec", NULL};
    const char *spec;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s:Player", names, &spec))
        return -1;
    if (po->p) {
        jong_player_free(po->p);
        po->p = NULL;
    }
    jong_error err;
    jong_error_clear(&err);
    if (jong_player_create(spec, &po->p, &err)) {
        jongpy_raise(&err);
        return -1;
    }
    return 0;
}

static void player_dealloc(PyObject *self)
{
    player_obj *po = (player_obj *)self;
    jong_player_free(po->p);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *player_act(PyObject *self, PyObject *arg)
{
    player_obj *po = (player_obj *)self;
    if (!PyObject_TypeCheck(arg, &jongpy_obs_type))
        return PyErr_Format(PyExc_TypeError, "act() takes a jong.Observation, not %s", Py_TYPE(arg)->tp_name);
    if (!po->p)
        return PyErr_Format(jongpy_error, "the player was not made");
    jongpy_obs *o = (jongpy_obs *)arg;
    jong_error err;
    jong_error_clear(&err);
    if (jong_player_check_variant(po->p->spec, o->rules.variant, &err))
        return jongpy_raise(&err);
    if (po->busy)
        return PyErr_Format(jongpy_error, "player %s is deciding in another thread", po->p->spec);
    po->busy = true;
    Py_INCREF(arg); /* the observation's arrays are read while the GIL is released */
    jong_decision d = {.view = &o->view, .rules = &o->rules, .legal = o->legal, .nlegal = o->nlegal,
                       .seed = o->seed};
    int choice;
    Py_BEGIN_ALLOW_THREADS
    choice = po->p->ops->choose(po->p, &d);
    Py_END_ALLOW_THREADS
    Py_DECREF(arg);
    po->busy = false;
    if (choice < 0 || choice >= o->nlegal)
        return PyErr_Format(jongpy_error, "player %s chose %d of %d legal actions", po->p->spec, choice,
                            o->nlegal);
    return PyLong_FromLong(choice);
}

static PyObject *player_spec(PyObject *self, void *closure)
{
    (void)closure;
    player_obj *po = (player_obj *)self;
    return PyUnicode_FromString(po->p ? po->p->spec : "");
}

static PyMethodDef player_methods[] = {
    {"act", player_act, METH_O,
     "act(obs) -> int: the index into obs.legal_actions of the action this engine chooses."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef player_getset[] = {
    {"spec", player_spec, NULL, "the player's name and options, canonical", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject player_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jong.Player",
    .tp_basicsize = sizeof(player_obj),
    .tp_dealloc = player_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Player(spec): one of Jong's engines by its registry spec ('greedy', 'kurita', "
              "'simcat:sims=1000'); act(obs) chooses among the observation's legal actions.",
    .tp_methods = player_methods,
    .tp_getset = player_getset,
    .tp_init = player_init,
    .tp_new = PyType_GenericNew,
};

PyDoc_STRVAR(players_doc, "players() -> list of (name, summary, options, families)\n\n"
             "The registry of player engines.");

static PyObject *py_players(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *l = PyList_New(0);
    for (int i = 0; l && i < jong_player_count(); i++) {
        const jong_player_info *pi = jong_player_info_at(i);
        PyObject *fam = Py_BuildValue("[ss]", pi->variants & JONG_PLAYS(JONG_VARIANT_RIICHI) ? "riichi" : "",
                                      pi->variants & JONG_PLAYS(JONG_VARIANT_TAIWAN) ? "taiwan" : "");
        PyObject *t = fam ? Py_BuildValue("(sssN)", pi->name, pi->summary, pi->options ? pi->options : "", fam)
                          : NULL;
        if (!t || PyList_Append(l, t))
            Py_CLEAR(l);
        Py_XDECREF(t);
    }
    return l;
}

static PyMethodDef module_methods[] = {
    {"parse", (PyCFunction)(void (*)(void))py_parse, METH_VARARGS | METH_KEYWORDS, parse_doc},
    {"shanten", (PyCFunction)(void (*)(void))py_shanten, METH_VARARGS | METH_KEYWORDS, shanten_doc},
    {"analyze", (PyCFunction)(void (*)(void))py_analyze, METH_VARARGS | METH_KEYWORDS, analyze_doc},
    {"score", (PyCFunction)(void (*)(void))jongpy_score, METH_VARARGS | METH_KEYWORDS, jongpy_score_doc},
    {"players", py_players, METH_NOARGS, players_doc},
    {"read_record", (PyCFunction)(void (*)(void))jongpy_read_record, METH_VARARGS | METH_KEYWORDS,
     jongpy_read_record_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, .m_name = "jong._jong",
    .m_doc = "The C engine of the jong package (see the package's own docstring).",
    .m_size = -1, .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__jong(void)
{
    import_array();
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    jongpy_error = PyErr_NewExceptionWithDoc("jong.Error", "An error of the Jong engine (bad hand, option or action).",
                                             PyExc_ValueError, NULL);
    if (!jongpy_error || PyModule_AddObjectRef(m, "Error", jongpy_error) || PyType_Ready(&player_type) ||
        PyModule_AddObjectRef(m, "Player", (PyObject *)&player_type) || jongpy_env_init(m) ||
        PyModule_AddIntConstant(m, "ACTIONS", JONG_ACTION_IDS) ||
        PyModule_AddIntConstant(m, "PLANES", JONG_PLANES) ||
        PyModule_AddStringConstant(m, "ENGINE_VERSION", jong_version())) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
