/* The worker-thread pool of VecEnv and RecordReader (pool.h). A run waits for its items, not for
 * the workers: a worker that wakes late on a busy machine finds the items taken and holds
 * nothing up. */
#include "pool.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

/* Takes items of run `round` (whose work is fn, ctx, n) until none is left or that run is over;
 * whoever finishes the run's last item wakes the calling thread. */
static void take_items(jongpy_pool *pl, uint32_t round, jongpy_pool_work fn, void *ctx, int n)
{
    uint64_t w = atomic_load(&pl->work);
    while ((uint32_t)(w >> 32) == round && (uint32_t)w < (uint32_t)n) {
        if (!atomic_compare_exchange_weak(&pl->work, &w, w + 1))
            continue; /* w is the counter now */
        fn(ctx, (int)(uint32_t)w);
        if (atomic_fetch_add(&pl->finished, 1) + 1 == n) {
            pthread_mutex_lock(&pl->mu);
            pthread_cond_signal(&pl->done);
            pthread_mutex_unlock(&pl->mu);
        }
        w = atomic_load(&pl->work);
    }
}

static uint32_t round_of(jongpy_pool *pl) { return (uint32_t)(atomic_load(&pl->work) >> 32); }

static void *pool_worker(void *p)
{
    jongpy_pool *pl = p;
    uint32_t seen = 0; /* the run a new pool starts at: a run may begin before this thread runs */
    pthread_mutex_lock(&pl->mu);
    for (;;) {
        while (!pl->quit && round_of(pl) == seen)
            pthread_cond_wait(&pl->go, &pl->mu);
        if (pl->quit)
            break;
        seen = round_of(pl);
        /* this run's work, read under the lock it was written under */
        jongpy_pool_work fn = pl->fn;
        void *ctx = pl->ctx;
        int n = pl->n;
        pthread_mutex_unlock(&pl->mu);
        take_items(pl, seen, fn, ctx, n);
        pthread_mutex_lock(&pl->mu);
    }
    pthread_mutex_unlock(&pl->mu);
    return NULL;
}

void jongpy_pool_stop(jongpy_pool *pl)
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

void jongpy_pool_start(jongpy_pool *pl, int workers)
{
    if (pl->ready && pl->pid != getpid())
        jongpy_pool_stop(pl); /* a fork's child: start its own */
    if (pl->ready || workers <= 0)
        return;
    if (workers > JONGPY_POOL_MAX - 1)
        workers = JONGPY_POOL_MAX - 1;
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
    while (pl->workers < workers && !pthread_create(&pl->tid[pl->workers], NULL, pool_worker, pl))
        pl->workers++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void jongpy_pool_run(jongpy_pool *pl, int n, jongpy_pool_work fn, void *ctx)
{
    if (!pl->ready || pl->workers == 0 || pl->pid != getpid() || n <= 1) {
        for (int i = 0; i < n; i++)
            fn(ctx, i);
        return;
    }
    pthread_mutex_lock(&pl->mu);
    uint32_t round = round_of(pl) + 1;
    pl->fn = fn;
    pl->ctx = ctx;
    pl->n = n;
    atomic_store(&pl->finished, 0);
    atomic_store(&pl->work, (uint64_t)round << 32);
    pthread_cond_broadcast(&pl->go);
    pthread_mutex_unlock(&pl->mu);
    take_items(pl, round, fn, ctx, n);
    pthread_mutex_lock(&pl->mu);
    while (atomic_load(&pl->finished) < n)
        pthread_cond_wait(&pl->done, &pl->mu);
    pthread_mutex_unlock(&pl->mu);
}
