/* jong.score: one win scored from Python, riichi (yaku, fu, points) or Taiwanese (tai,
 * payments), as the dict of the object `jong score --json` prints. The inputs go to the
 * command's own function (score_json, linked from the CLI's objects), so the two cannot drift
 * apart; this file only reads Python's arguments into its inputs. */
#include "jongpy.h"

#include <stddef.h>
#include <string.h>

#include "cli/score_json.h"

const char jongpy_score_doc[] =
    "score(hand, win, rules='riichi', *, tsumo=False, discarder=None, seat=0, round='E', dora=None, ura=None, "
    "melds=None, honba=0, sticks=0, dealer=0, streak=0, <flags>=False, **options) -> dict\n\n"
    "One win scored as `jong score HAND --win TILE --json` does (docs/python.md): riichi's yaku, han, fu and "
    "payments, or the Taiwanese tai patterns and payments. Seats and winds are 0-3 or 'E' 'S' 'W' 'N' (riichi: "
    "seat is the winner's seat wind, E the dealer). The flags are the command's (riichi, double_riichi, "
    "ippatsu, ...; robbing_kong, replacement, ...) as True; every other keyword is a ruleset option by name.";

/* The inputs of `jong score` but the hand and the win tile, each of one family or of both. */
enum { IN_STR, IN_BOOL, IN_WIND, IN_INT };
typedef struct {
    const char *name;
    int kind;
    size_t at;   /* offsetof the value in score_input */
    int family;  /* a jong_variant, or -1: both */
} score_arg;

#define ARG(name, kind, field, family) {name, kind, offsetof(score_input, field), family}
static const score_arg inputs[] = {
    ARG("tsumo", IN_BOOL, self_draw, -1),
    ARG("self_draw", IN_BOOL, self_draw, -1),
    ARG("discarder", IN_WIND, discarder, -1),
    ARG("seat", IN_WIND, seat, -1),
    ARG("round", IN_WIND, round, -1),
    ARG("dora", IN_STR, dora, JONG_VARIANT_RIICHI),
    ARG("ura", IN_STR, ura, JONG_VARIANT_RIICHI),
    ARG("melds", IN_STR, melds, JONG_VARIANT_RIICHI),
    ARG("honba", IN_INT, honba, JONG_VARIANT_RIICHI),
    ARG("sticks", IN_INT, sticks, JONG_VARIANT_RIICHI),
    ARG("dealer", IN_WIND, dealer, JONG_VARIANT_TAIWAN),
    ARG("streak", IN_INT, streak, JONG_VARIANT_TAIWAN),
};
#define NINPUTS ((int)(sizeof inputs / sizeof inputs[0]))

static int read_input(const score_arg *a, PyObject *value, jong_variant v, score_input *in)
{
    if (value == Py_None)
        return 0;
    if (a->family >= 0 && a->family != (int)v) {
        PyErr_Format(jongpy_error, "%s: an input of %s scoring only", a->name,
                     a->family == JONG_VARIANT_RIICHI ? "riichi" : "Taiwanese");
        return -1;
    }
    char *field = (char *)in + a->at;
    long x;
    switch (a->kind) {
    case IN_STR:
        return jongpy_str_arg(value, a->name, (const char **)(void *)field);
    case IN_BOOL:
        return jongpy_bool_arg(value, a->name, (bool *)(void *)field);
    case IN_WIND:
        return jongpy_wind_arg(value, a->name, (int *)(void *)field);
    default:
        if (jongpy_int_arg(value, a->name, 0, 1000, &x))
            return -1;
        *(int *)(void *)field = (int)x;
        return 0;
    }
}

/* The family's flags among the options (riichi=True, robbing_kong=True: the command's flag
 * options, '_' for '-') into in->flags; the other keywords stay options, in *rest (a new dict). */
static int read_flags(PyObject *options, jong_variant v, score_input *in, PyObject **rest)
{
    *rest = PyDict_New();
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (*rest && PyDict_Next(options, &pos, &key, &value)) {
        const char *k = PyUnicode_AsUTF8(key);
        char name[64];
        unsigned bit = 0;
        if (k && strlen(k) < sizeof name) {
            for (size_t i = 0; i <= strlen(k); i++)
                name[i] = k[i] == '_' ? '-' : k[i];
            bit = score_flag(v, name);
        }
        bool on = false;
        if (!k || (bit ? jongpy_bool_arg(value, k, &on) : PyDict_SetItem(*rest, key, value)))
            Py_CLEAR(*rest);
        if (on)
            in->flags |= bit;
    }
    return *rest ? 0 : -1;
}

PyObject *jongpy_score(PyObject *module, PyObject *args, PyObject *kw)
{
    (void)module;
    enum { HAND, WIN, RULES, FIRST_INPUT, N = FIRST_INPUT + NINPUTS };
    const char *names[N + 1] = {"hand", "win", "rules"};
    for (int i = 0; i < NINPUTS; i++)
        names[FIRST_INPUT + i] = inputs[i].name;
    names[N] = NULL;
    PyObject *v[N], *options, *rest = NULL;
    if (jongpy_split_args(args, kw, "score", names, 3, v, &options))
        return NULL;
    score_input in;
    score_input_init(&in);
    in.api = true;
    const char *rules;
    jong_ruleset rs;
    int bad = jongpy_required_str(v[HAND], "score", "hand", &in.hand) ||
              jongpy_required_str(v[WIN], "score", "win", &in.win) || jongpy_rules_arg(v[RULES], &rules) ||
              jongpy_variant(rules, &rs.variant) || read_flags(options, rs.variant, &in, &rest) ||
              jongpy_ruleset(rules, rest, &rs);
    for (int i = 0; !bad && i < NINPUTS; i++)
        bad = v[FIRST_INPUT + i] && read_input(&inputs[i], v[FIRST_INPUT + i], rs.variant, &in);
    Py_DECREF(options);
    Py_XDECREF(rest);
    if (bad)
        return NULL;
    char why[512] = "";
    json_t *root;
    Py_BEGIN_ALLOW_THREADS
    root = score_json(&rs, &in, why, sizeof why);
    Py_END_ALLOW_THREADS
    return jongpy_json_result(root, why);
}
