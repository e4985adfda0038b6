/* The faulty player, for testing the arena's fault handling: it plays like `random` except on
 * about one decision in `every`, chosen by the decision's seed (so a run repeats exactly),
 * where it answers out of range (illegal), answers -1 (crash), or sleeps `ms` milliseconds,
 * ignoring the stop flag, before answering (hang). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jong/player.h"
#include "jong/rng.h"

enum { FAULT_ILLEGAL, FAULT_CRASH, FAULT_HANG };

typedef struct {
    int mode;
    long every, ms;
} faulty;

static int faulty_choose(jong_player *p, const jong_decision *d)
{
    const faulty *f = p->state;
    jong_rng rng;
    jong_rng_seed(&rng, d->seed);
    int choice = (int)jong_rng_below(&rng, (uint32_t)d->nlegal);
    /* a different stream from the choice, so that faults do not follow the actions chosen */
    if (jong_seed_mix(d->seed, 0xfa017) % (uint64_t)f->every)
        return choice;
    switch (f->mode) {
    case FAULT_ILLEGAL:
        return d->nlegal;
    case FAULT_CRASH:
        return -1;
    default: {
        struct timespec ts = {.tv_sec = f->ms / 1000, .tv_nsec = f->ms % 1000 * 1000000L};
        nanosleep(&ts, NULL);
        return choice;
    }
    }
}

static void faulty_destroy(jong_player *p) { free(p->state); }

static const jong_player_ops faulty_ops = {faulty_choose, NULL, faulty_destroy};

static int parse_long(const char *val, long lo, long hi, long *out)
{
    char *end;
    long x = strtol(val, &end, 10);
    if (!*val || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

static int faulty_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    faulty *f = ctx;
    if (!strcmp(key, "mode")) {
        if (!strcmp(val, "illegal"))
            f->mode = FAULT_ILLEGAL;
        else if (!strcmp(val, "crash"))
            f->mode = FAULT_CRASH;
        else if (!strcmp(val, "hang"))
            f->mode = FAULT_HANG;
        else
            return jong_error_set(err, JONG_ERR_ARG, -1, "faulty: mode must be illegal, crash or hang, not '%s'", val);
    } else if (!strcmp(key, "every")) {
        if (parse_long(val, 1, 1000000000, &f->every))
            return jong_error_set(err, JONG_ERR_ARG, -1, "faulty: every must be 1..1000000000, not '%s'", val);
    } else if (!strcmp(key, "ms")) {
        if (parse_long(val, 0, 3600000, &f->ms))
            return jong_error_set(err, JONG_ERR_ARG, -1, "faulty: ms must be 0..3600000, not '%s'", val);
    } else {
        return jong_error_set(err, JONG_ERR_ARG, -1, "faulty: unknown option '%s' (mode, every, ms)", key);
    }
    return JONG_OK;
}

int jong_player_faulty_create(const char *opts, jong_player *p, jong_error *err)
{
    faulty *f = calloc(1, sizeof *f);
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    *f = (faulty){.mode = FAULT_ILLEGAL, .every = 10, .ms = 200};
    int rc = jong_options_parse(opts, faulty_option, f, "faulty", err);
    if (rc) {
        free(f);
        return rc;
    }
    p->ops = &faulty_ops;
    p->state = f;
    return JONG_OK;
}
