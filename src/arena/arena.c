/* Playing an arena run's games with worker threads (a watchdog thread raises the stop flag of a
 * decision that runs past its time); the modes and seatings are in arena_config.c. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jong/arena.h"

typedef struct arena_run arena_run;

typedef struct {
    arena_run *run;
    jong_player *players[JONG_ARENA_MAX_SEATINGS][4];
    jong_move_watch watch;
    pthread_t thread;
    pthread_t self;           /* the thread as it knows itself, set before its first decision */
    bool started;
} worker;

struct arena_run {
    jong_arena_results *r;
    const jong_arena_run_opts *opts;
    int seat_player[JONG_ARENA_MAX_SEATINGS][4];
    int64_t stop_ms, late_ms;
    pthread_mutex_t lock;
    int next;                 /* the next game to hand out */
    bool failed, finished;
    jong_error err;
    worker *workers;
    int nworkers;
};

static void fail(arena_run *run, const jong_error *e)
{
    pthread_mutex_lock(&run->lock);
    if (!run->failed)
        run->err = *e;
    run->failed = true;
    pthread_mutex_unlock(&run->lock);
}

/* The next game not yet done (or the one opts->take hands worker w), or -1 when none is left or
 * the run must stop. */
static int take_game(arena_run *run, int w)
{
    int g = -1;
    pthread_mutex_lock(&run->lock);
    bool stop = run->failed || (run->opts->interrupt && atomic_load(run->opts->interrupt));
    if (run->opts->take) {
        pthread_mutex_unlock(&run->lock);
        return stop ? -1 : run->opts->take(run->opts->ctx, w); /* it may wait for another process */
    }
    while (!stop && run->next < run->r->cfg.games && run->r->done[run->next])
        run->next++;
    if (!stop && run->next < run->r->cfg.games)
        g = run->next++;
    pthread_mutex_unlock(&run->lock);
    return g;
}

static void keep_seat(jong_arena_seat *out, const jong_game_result *res, int s)
{
    const jong_seat_stats *st = &res->seats[s];
    out->score = res->scores[s];
    out->hands = st->hands;
    out->wins = st->wins;
    out->self_draws = st->self_draws;
    out->deal_ins = st->deal_ins;
    out->draws = st->draws;
    out->tai = (int32_t)st->tai;
    out->decisions = (int32_t)st->decisions;
    for (int k = 0; k < JONG_FAULT_KINDS; k++)
        out->faults[k] = st->faults[k];
}

/* Plays every seating of game g into a private buffer, then publishes it under the lock. */
static int play_game(worker *w, int g, jong_error *err)
{
    arena_run *run = w->run;
    jong_arena_results *r = run->r;
    jong_arena_seat buf[JONG_ARENA_MAX_SEATINGS][4];
    /* a time per move is a budget on the clock the players see; without one, the hang limit
       counts CPU time when the caller can read it */
    jong_fault_policy policy = {.now_ms = run->opts->now_ms, .stop_ms = run->stop_ms,
                                .late_ms = run->late_ms, .watch = &w->watch,
                                .thread_cpu_ms = r->cfg.time_ms > 0 ? NULL : run->opts->thread_cpu_ms};
    for (int k = 0; k < r->nseatings; k++) {
        jong_table t = {.rules = &r->cfg.rules, .seed = r->cfg.seed, .game_number = g,
                        .time_ms = r->cfg.time_ms, .faults = &policy, .abandon = run->opts->interrupt};
        memcpy(t.players, w->players[k], sizeof t.players);
        jong_game_result res;
        jong_error e;
        int rc = jong_table_play(&t, &res, &e);
        if (rc == JONG_ERR_STOPPED)
            return rc; /* interrupted: nothing of game g is kept */
        if (rc)
            return jong_error_set(err, e.code, -1, "game %d, seating %d: %s", g, k, e.msg);
        for (int s = 0; s < 4; s++)
            keep_seat(&buf[k][s], &res, s);
    }
    int rc = JONG_OK;
    pthread_mutex_lock(&run->lock);
    memcpy(jong_arena_results_at(r, g, 0), buf, sizeof(jong_arena_seat) * 4 * (size_t)r->nseatings);
    r->done[g] = 1;
    r->ndone++;
    if (run->opts->results)
        rc = jong_arena_write_game(run->opts->results, r, g, err);
    if (!rc && run->opts->give)
        rc = run->opts->give(run->opts->ctx, r, g, err);
    if (!rc && run->opts->on_game)
        run->opts->on_game(run->opts->ctx, r->ndone, r->cfg.games);
    pthread_mutex_unlock(&run->lock);
    return rc;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    w->self = pthread_self(); /* read by the watchdog only after a CPU deadline (atomic) is set */
    int g, index = (int)(w - w->run->workers);
    while ((g = take_game(w->run, index)) >= 0) {
        jong_error e;
        int rc = play_game(w, g, &e);
        if (rc == JONG_ERR_STOPPED)
            break;
        if (rc) {
            fail(w->run, &e);
            break;
        }
    }
    return NULL;
}

static void sleep_ms(int64_t ms)
{
    struct timespec ts = {.tv_sec = (time_t)(ms / 1000), .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Raises the stop flag of every decision past its deadline (of every decision, once the run is
 * interrupted), until the workers are done. */
static void *watchdog_main(void *arg)
{
    arena_run *run = arg;
    int64_t period = run->stop_ms / 8 < 1 ? 1 : run->stop_ms / 8 > 20 ? 20 : run->stop_ms / 8;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        bool finished = run->finished;
        pthread_mutex_unlock(&run->lock);
        if (finished)
            break;
        int64_t now = run->opts->now_ms();
        bool interrupted = run->opts->interrupt && atomic_load(run->opts->interrupt);
        for (int i = 0; i < run->nworkers; i++) {
            worker *w = &run->workers[i];
            int64_t dl = atomic_load(&w->watch.deadline_ms), cdl = atomic_load(&w->watch.cpu_deadline_ms);
            bool cpu_past = cdl && run->opts->thread_cpu_ms && run->opts->thread_cpu_ms(w->self) >= cdl;
            if (interrupted || (dl && now >= dl) || cpu_past)
                atomic_store(&w->watch.stop, true);
        }
        sleep_ms(period);
    }
    return NULL;
}

static void free_players(worker *w)
{
    for (int k = 0; k < JONG_ARENA_MAX_SEATINGS; k++)
        for (int s = 0; s < 4; s++) {
            jong_player_free(w->players[k][s]);
            w->players[k][s] = NULL;
        }
}

/* Each worker has its own players for every seat of every seating (players keep state). */
static int make_players(arena_run *run, worker *w, jong_error *err)
{
    const jong_arena_config *cfg = &run->r->cfg;
    for (int k = 0; k < run->r->nseatings; k++)
        for (int s = 0; s < 4; s++) {
            const char *spec = cfg->players[run->seat_player[k][s]];
            jong_error e;
            if (jong_player_create(spec, &w->players[k][s], &e)) {
                free_players(w);
                return jong_error_set(err, e.code, -1, "player '%s': %s", spec, e.msg);
            }
        }
    return JONG_OK;
}

/* The engine's own refusals (rules it cannot play yet) come before any game is played. */
static int probe_engine(const jong_ruleset *rs, uint64_t seed, jong_error *err)
{
    jong_game *g;
    int rc = jong_game_new(rs, seed, 0, NULL, NULL, &g, err);
    if (!rc)
        jong_game_free(g);
    return rc;
}

int jong_arena_run(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err)
{
    int rc = jong_arena_config_check(&r->cfg, err);
    if (rc || (rc = probe_engine(&r->cfg.rules, r->cfg.seed, err)))
        return rc;
    arena_run run = {.r = r, .opts = opts};
    jong_arena_seatings(r->cfg.mode, r->cfg.nplayers, run.seat_player);
    jong_arena_time_limits(r->cfg.time_ms, &run.stop_ms, &run.late_ms);
    run.nworkers = opts->jobs < 1 ? 1 : opts->jobs;
    run.workers = calloc((size_t)run.nworkers, sizeof *run.workers);
    if (!run.workers)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    pthread_mutex_init(&run.lock, NULL);
    jong_error e;
    for (int i = 0; i < run.nworkers && !rc; i++) {
        run.workers[i].run = &run;
        rc = make_players(&run, &run.workers[i], &e);
    }
    pthread_t dog;
    bool dog_started = false;
    if (!rc && opts->now_ms)
        dog_started = !pthread_create(&dog, NULL, watchdog_main, &run);
    for (int i = 0; i < run.nworkers && !rc; i++) {
        worker *w = &run.workers[i];
        w->started = !pthread_create(&w->thread, NULL, worker_main, w);
        if (!w->started)
            rc = jong_error_set(&e, JONG_ERR_IO, -1, "cannot start worker thread %d", i);
    }
    if (rc)
        fail(&run, &e);
    for (int i = 0; i < run.nworkers; i++)
        if (run.workers[i].started)
            pthread_join(run.workers[i].thread, NULL);
    pthread_mutex_lock(&run.lock);
    run.finished = true;
    pthread_mutex_unlock(&run.lock);
    if (dog_started)
        pthread_join(dog, NULL);
    for (int i = 0; i < run.nworkers; i++)
        free_players(&run.workers[i]);
    free(run.workers);
    pthread_mutex_destroy(&run.lock);
    if (!run.failed)
        return JONG_OK;
    if (err)
        *err = run.err;
    return run.err.code ? (int)run.err.code : JONG_ERR_ARG;
}
