/* libFuzzer target for the Tenhou mjlog reader: any bytes are read or refused with one error
 * line; a game that is read writes to .mjson that reads back to the same events, and (four
 * players) goes through the replay, which may call it different but must not crash. Broken
 * invariants abort(). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jong_mjai_log log, back;
    jong_mjai_log_init(&log);
    jong_mjai_log_init(&back);
    jong_error err;
    int rc = jong_mjai_read_mjlog((const char *)data, size, &log, &err);
    if (rc != JONG_OK) {
        if (err.code != (jong_errcode)rc || !err.msg[0] || strchr(err.msg, '\n'))
            abort();
        jong_mjai_log_free(&log);
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort();
    if (jong_mjai_write(f, &log, false, &err) != JONG_OK)
        abort();
    fclose(f);
    if (jong_mjai_read_mjson(text, len, &back, &err) != JONG_OK || back.n != log.n)
        abort();
    for (size_t i = 0; i < log.n; i++)
        if (!jong_mjai_event_same(&log.ev[i], &back.ev[i], NULL, 0))
            abort();
    free(text);
    if (log.players == 4) {
        jong_mjai_replay_stats st;
        jong_mjai_replay(&log, &st, &err);
    }
    jong_mjai_log_free(&log);
    jong_mjai_log_free(&back);
    return 0;
}
