/* The Python extension `jong._jong`: what its files share. module.c holds the module, its error
 * type, the evaluator functions and jong.Player; env.c holds jong.Env and jong.Observation;
 * vecenv.c holds jong.VecEnv (its threads: pool.c); records.c reads game records into training
 * samples (docs/python.md describes all of them). */
#ifndef JONGPY_H
#define JONGPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <time.h>

#include "jong/jong.h"
/* the fixed action space, masks and feature planes: the library's, shared with the neural player */
#include "models/planes.h"

/* jong.Error, a ValueError: every bad input becomes one, with Jong's one-line message. */
extern PyObject *jongpy_error;

/* Raise jong.Error from a library error; returns NULL (for `return jongpy_raise(&err);`). */
PyObject *jongpy_raise(const jong_error *err);
/* "riichi" or "taiwan" (any case) into *v; otherwise raises jong.Error and returns -1. */
int jongpy_variant(const char *name, jong_variant *v);
/* A ruleset of a family with options from a dict {name: value} (values as text, ints or bools);
 * raises jong.Error naming a bad option and returns -1. opts may be NULL. */
int jongpy_ruleset(const char *rules, PyObject *opts, jong_ruleset *rs);

/* The arguments of a function that takes ruleset options as keywords (jong.score, jong.analyze,
 * Env): positional arguments (at most npos) fill names[0..] in order, keywords fill the names
 * they match, and every other keyword goes into *options, a new dict (name: value). values[i]
 * are borrowed, NULL when absent. Raises TypeError (too many positional arguments, a name
 * given twice) and returns -1. */
int jongpy_split_args(PyObject *args, PyObject *kw, const char *fname, const char *const names[], int npos,
                      PyObject *values[], PyObject **options);
/* Argument values (absent when NULL or None, out untouched), each raising jong.Error naming the
 * argument and returning -1 when it is bad: `rules` ("riichi" when absent), a seat or wind (an
 * int 0-3 or 'E' 'S' 'W' 'N'; never absent), a str, a bool. A required str raises TypeError. */
int jongpy_rules_arg(PyObject *value, const char **name);
int jongpy_wind_arg(PyObject *value, const char *name, int *out);
int jongpy_str_arg(PyObject *value, const char *name, const char **out);
int jongpy_bool_arg(PyObject *value, const char *name, bool *out);
int jongpy_required_str(PyObject *value, const char *fname, const char *name, const char **out);

/* A jansson value as the Python value json.loads would make of its text (module.c); and a
 * function's JSON result (taken) so, or jong.Error with why when it is NULL. */
struct json_t;
PyObject *jongpy_from_json(const struct json_t *j);
PyObject *jongpy_json_result(struct json_t *root, const char *why);

/* Jong's players from Env's `opponents`: None (every seat a learner's: players stay NULL), a
 * list of 3 specs (seats 1-3, the learner at seat 0), or of 4 with None at each learner seat.
 * Raises jong.Error and returns -1 on a bad spec, a player of the other family, or no learner
 * seat left (the players made so far stay in players[] for the caller to free). */
int jongpy_players(const jong_ruleset *rs, PyObject *opponents, jong_player *players[JONG_SEATS]);

/* The keywords of Env and VecEnv: rules, seed, opponents (borrowed; NULL when absent), and a
 * ruleset option for every other keyword but the caller's own (own[], NULL-terminated, whose
 * values go to own_values[i], borrowed, NULL when absent). Raises jong.Error and returns -1. */
typedef struct {
    jong_ruleset rules;
    uint64_t seed;
    PyObject *opponents;
} jongpy_table_args;
int jongpy_table_kwargs(PyObject *kw, const char *const own[], PyObject *own_values[], jongpy_table_args *out);
/* A list of the ints xs[0..n-1] (Env.learners, VecEnv.learners). */
PyObject *jongpy_int_list(const int *xs, int n);
/* An int keyword in lo..hi into *out; else jong.Error naming it and -1. */
int jongpy_int_arg(PyObject *value, const char *name, long lo, long hi, long *out);
/* A session's event sink keeping the scores after each event that carries them. */
void jongpy_track_scores(int32_t scores[JONG_SEATS], const jong_event *ev);
/* Deal the next hands until a seat answered from outside must act or the game is over (hands
 * may pass with no such decision, e.g. another seat's win before one's first turn). Called
 * without the GIL. */
int jongpy_deal_on(jong_session *s, jong_error *err);

/* The record an Env keeps of its game (env_record.c): the library's record writer into memory. */
typedef struct {
    FILE *f; /* open_memstream over text and len */
    char *text;
    size_t len;
    jong_record_writer *w;
} jongpy_record;
/* Start the record of a new game (any earlier one freed): the header line at once. players[s]
 * NULL: a learner seat, named "learner". */
int jongpy_record_start(jongpy_record *r, const jong_ruleset *rs, uint64_t seed, int game,
                        jong_player *const players[JONG_SEATS], jong_error *err);
/* An event of the game (from the Env's sink, without the GIL). */
void jongpy_record_event(jongpy_record *r, const jong_event *ev);
/* Env.record(format): "jong", the record's text; "mjai" (riichi), a list of dicts. */
PyObject *jongpy_record_get(jongpy_record *r, const jong_ruleset *rs, const char *format);
void jongpy_record_free(jongpy_record *r);

/* The monotonic clock in nanoseconds (VecEnv's and read_record's timing=True). */
static inline int64_t jongpy_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

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
extern PyTypeObject jongpy_vecenv_type;
extern PyTypeObject jongpy_reader_type; /* jong._jong.RecordReader (record_reader.c) */

/* Add the Env, Observation, VecEnv (vecenv.c) and RecordReader (record_reader.c) types to the
 * module (env.c); -1 on failure. */
int jongpy_env_init(PyObject *module);

/* jong.score(hand, win, rules, **inputs and options) (score.c): `jong score --json`'s object. */
PyObject *jongpy_score(PyObject *module, PyObject *args, PyObject *kw);
extern const char jongpy_score_doc[];

/* jong._jong.read_record(path) (records.c): every decision of every game of one record file. */
PyObject *jongpy_read_record(PyObject *module, PyObject *args, PyObject *kw);
extern const char jongpy_read_record_doc[];

#endif
