/* The Python extension `jong._jong`: what its two files share. module.c holds the module, its
 * error type, the evaluator functions and jong.Player; env.c holds jong.Env, jong.Observation,
 * the fixed action space and the feature planes (docs/python.md describes all of them). */
#ifndef JONGPY_H
#define JONGPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "jong/jong.h"

/* jong.Error, a ValueError: every bad input becomes one, with Jong's one-line message. */
extern PyObject *jongpy_error;

/* Raise jong.Error from a library error; returns NULL (for `return jongpy_raise(&err);`). */
PyObject *jongpy_raise(const jong_error *err);
/* "riichi" or "taiwan" (any case) into *v; otherwise raises jong.Error and returns -1. */
int jongpy_variant(const char *name, jong_variant *v);
/* A ruleset of a family with options from a dict {name: value} (values as text, ints or bools);
 * raises jong.Error naming a bad option and returns -1. opts may be NULL. */
int jongpy_ruleset(const char *rules, PyObject *opts, jong_ruleset *rs);

/* The Observation type (env.c): one seat's decision, self-contained (its view, rules, legal
 * actions and decision seed are copies, so it outlives the Env step that made it). */
typedef struct {
    PyObject_HEAD
    int seat;
    jong_ruleset rules;
    jong_view view;
    jong_action legal[JONG_MAX_ACTIONS];
    int nlegal;
    uint64_t seed;      /* the seed a table would give this decision (jong_session_decision_seed) */
    unsigned furiten;   /* jong_session_furiten's bits at the decision */
    PyObject *legal_list; /* built on first use */
    PyObject *view_dict;  /* built on first use */
} jongpy_obs;

extern PyTypeObject jongpy_obs_type;
extern PyTypeObject jongpy_env_type;

/* The fixed action space (docs/python.md, "The action space"). */
enum {
    JONGPY_A_DISCARD = 0,       /* 34: discard a plain tile of each kind */
    JONGPY_A_DISCARD_RED = 34,  /* 3: discard the red 5m, 5p, 5s */
    JONGPY_A_RIICHI = 37,       /* 34: declare riichi with the discard of each kind */
    JONGPY_A_RIICHI_RED = 71,   /* 3: declare riichi discarding a red five */
    JONGPY_A_CHI = 74,          /* 3: chi with the claimed tile lowest, middle, highest */
    JONGPY_A_CHI_RED = 77,      /* 3: the same, using a red five from the hand */
    JONGPY_A_PON = 80,
    JONGPY_A_PON_RED = 81,      /* pon using a red five from the hand */
    JONGPY_A_KONG = 82,         /* exposed kong on a discard (daiminkan) */
    JONGPY_A_ANKAN = 83,        /* 34: concealed kong of each kind */
    JONGPY_A_KAKAN = 117,       /* 34: added kong of each kind */
    JONGPY_A_TSUMO = 151,       /* win on one's own draw */
    JONGPY_A_RON = 152,         /* win on another's tile */
    JONGPY_A_PASS = 153,
    JONGPY_A_NINE_TERMINALS = 154,
    JONGPY_ACTIONS = 155
};
int jongpy_action_id(const jong_action *a);

/* The feature planes of Observation.features() (docs/python.md, "The feature planes"). */
#define JONGPY_PLANES 40

/* Add the Env and Observation types to the module (env.c); -1 on failure. */
int jongpy_env_init(PyObject *module);

#endif
