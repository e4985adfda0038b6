/* The Python extension `jong._jong`: what its files share. module.c holds the module, its error
 * type, the evaluator functions and jong.Player; env.c holds jong.Env and jong.Observation;
 * features.c the fixed action space, masks and feature planes; vecenv.c holds jong.VecEnv;
 * records.c reads game records into training samples (docs/python.md
 * describes all of them). */
#ifndef JONGPY_H
#define JONGPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <time.h>

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
/* features.c: the id of a legal action; the mask (mask[JONGPY_ACTIONS], 1 at each legal id). */
int jongpy_action_id(const jong_action *a);
void jongpy_mask(const jong_action *legal, int n, unsigned char *mask);
static inline bool jongpy_is_five(int kind) { return kind < JONG_NUMBER_KINDS && kind % 9 == 4; }

/* The feature planes of Observation.features() (features.c) (docs/python.md, "The feature planes"):
 * out[JONGPY_PLANES][JONG_KINDS] from a seat's view. */
#define JONGPY_PLANES 52
/* The river's order in planes 40-51: a place i (from 0) is (i + 1) / 24, at most 1 (the longest
 * rivers of self-play games were 20 discards in riichi, 15 in Taiwanese). */
#define JONGPY_RIVER_SCALE 24
void jongpy_features(const jong_view *v, const jong_ruleset *rs, int seat, float *out);

/* Add the Env, Observation and VecEnv (vecenv.c) types to the module (env.c); -1 on failure. */
int jongpy_env_init(PyObject *module);

/* jong.score(hand, win, rules, **inputs and options) (score.c): `jong score --json`'s object. */
PyObject *jongpy_score(PyObject *module, PyObject *args, PyObject *kw);
extern const char jongpy_score_doc[];

/* jong._jong.read_record(path) (records.c): every decision of every game of one record file. */
PyObject *jongpy_read_record(PyObject *module, PyObject *args, PyObject *kw);
extern const char jongpy_read_record_doc[];

#endif
