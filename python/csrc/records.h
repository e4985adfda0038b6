/* What the record readers share (records.c): one record file replayed through the engine into
 * training samples, and those samples handed to Python. read_record (records.c) reads one file;
 * RecordReader (record_reader.c) reads many, on several threads. */
#ifndef JONGPY_RECORDS_H
#define JONGPY_RECORDS_H

#include "jongpy.h"

#include "jong/record.h"

#define PLANE_FLOATS ((size_t)JONG_PLANES * JONG_KINDS)
#define MAX_GAMES 4096 /* games of one record file */

/* Every decision of every seat in one file, in the order the engine asked them. */
typedef struct {
    float *features;       /* [n][PLANES][34] */
    unsigned char *mask;   /* [n][ACTIONS] */
    int16_t *action;
    int8_t *seat;
    int32_t *game;
    size_t n, cap;
    int games;                    /* games ended (end_game seen), or cut short */
    int gcap;
    int32_t (*scores)[JONG_SEATS]; /* [gcap]: each game's scores at its end (or the last event) */
    bool *complete;                /* [gcap] */
    bool oom, too_many;
    bool timing;                  /* read_record(timing=True) */
    int64_t planes_ns;            /* then: the time of the views, planes and masks */
} samples;

/* Replays the file at path into s (zeroed, or freshly made): 0; -1 with jong.Error's text in msg
 * (naming the file and the line or event); -2 out of memory. Takes no Python lock. */
int jongpy_replay_file(const char *path, const jong_record_limits *lim, samples *s, char *msg, size_t msgsize);
void jongpy_samples_free(samples *s); /* s itself too; NULL is nothing */
/* Ranks 1..4 by score, ties to the seat nearer the first East (as Env.ranks). */
void jongpy_ranks(const int32_t scores[JONG_SEATS], int8_t ranks[JONG_SEATS]);
/* read_record's dict of s's samples (its planes and masks taken over by numpy, no copy); with
 * s->timing, its "timings" of total_ns of C work. NULL with an exception set. */
PyObject *jongpy_samples_dict(samples *s, int64_t total_ns);
/* A numpy array over *data itself (malloc'd, its unused end given back), which it then owns
 * (freed with the array): *data becomes NULL. A copy when there is nothing to hand over. NULL
 * with an exception set (*data then still the caller's). Needs numpy's API (NO_IMPORT_ARRAY). */
PyObject *jongpy_array_taking(int nd, Py_intptr_t *dims, int type, void **data, size_t bytes);
/* max_record_mb and max_gzip_layers into limits; ValueError and -1 when out of range. */
int jongpy_limits(int max_mb, int max_layers, jong_record_limits *lim);

#endif
