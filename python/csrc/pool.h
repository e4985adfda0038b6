/* A pool of worker threads that lives as long as its owner (a VecEnv, a RecordReader): each run
 * hands out items 0..n-1 one at a time from a shared counter to the workers and the calling
 * thread, and returns when every item is done. The items' work must not touch Python (the runs
 * are made with the GIL released). Which thread does an item changes from run to run, so an
 * item's work must depend on the item alone: that is what makes the owners' results the same
 * whatever the number of threads. */
#ifndef JONGPY_POOL_H
#define JONGPY_POOL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define JONGPY_POOL_MAX 256 /* threads of one pool, the calling thread included */

typedef void (*jongpy_pool_work)(void *ctx, int item);

typedef struct {
    pthread_t tid[JONGPY_POOL_MAX];
    int workers;   /* threads started (fewer than asked when the system refused one) */
    bool ready;    /* mutex and conditions made */
    pid_t pid;     /* the process that started them (a fork's child has none) */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    bool quit;
    /* the run's work, set under mu before its number is bumped; a worker copies them under mu */
    jongpy_pool_work fn;
    void *ctx;
    int n;
    /* the run's number << 32 | the next item to take: a worker still about to take an item of a
     * run that has ended cannot take one of the next run by mistake */
    _Atomic uint64_t work;
    atomic_int finished; /* items done in this run */
} jongpy_pool;

/* Starts `workers` threads (none when 0; kept when already started in this process; started anew
 * in a fork's child). They block every signal, which stay the interpreter's main thread's. A
 * zeroed jongpy_pool is a stopped one. */
void jongpy_pool_start(jongpy_pool *pl, int workers);
/* fn(ctx, i) for every i in 0..n-1, shared out over the pool and the calling thread (all on the
 * calling thread when the pool has no workers in this process). */
void jongpy_pool_run(jongpy_pool *pl, int n, jongpy_pool_work fn, void *ctx);
/* Stops and joins the workers (idle between runs); a fork's child only forgets them. */
void jongpy_pool_stop(jongpy_pool *pl);

#endif
