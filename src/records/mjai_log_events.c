/* A whole mjai log's growing event array: what every record reader (mjai_log.c's .mjson,
 * mjai_mjlog.c, mjai_tenhou6.c) fills. */
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"

void jong_mjai_log_init(jong_mjai_log *log)
{
    memset(log, 0, sizeof *log);
    log->players = 4;
    log->tenhou_type = -1;
    log->red_fives = true;
}

void jong_mjai_log_free(jong_mjai_log *log)
{
    free(log->ev);
    jong_mjai_log_init(log);
}

int jong_mjai_log_push(jong_mjai_log *log, const jong_mjai_event *ev, jong_error *err)
{
    if (log->n >= JONG_MJAI_MAX_EVENTS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "more than %d events (the limit on one game's record)",
                              JONG_MJAI_MAX_EVENTS);
    if (log->n == log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 256;
        jong_mjai_event *p = realloc(log->ev, cap * sizeof *p);
        if (!p)
            return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
        log->ev = p;
        log->cap = cap;
    }
    log->ev[log->n++] = *ev;
    return JONG_OK;
}
