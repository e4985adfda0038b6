/* libFuzzer target for every record format, as `jong replay` reads it: the bytes are unpacked
 * within small limits (gzip layers streamed, the text capped), then a Jong record is verified
 * through the engine and anything else is read as an mjai .mjson, Tenhou mjlog or tenhou.net/6
 * game and, with four players, replayed through the riichi engine. Each refusal must be one
 * line whose code is the one returned. Broken invariants abort(). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/mjai.h"
#include "jong/record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small limits keep each input quick; the bomb and layer checks bite all the same. */
static const jong_record_limits limits = {.max_bytes = 1 << 20, .max_layers = 2};

static void check_refusal(int rc, const jong_error *err)
{
    if (rc == JONG_OK)
        return;
    if (err->code != (jong_errcode)rc || !err->msg[0] || strchr(err->msg, '\n'))
        abort();
}

/* A Jong record says so in its first line (`jong replay` tells them apart so too). */
static bool is_jong_record(const char *text, size_t len)
{
    char head[256];
    size_t n = len < sizeof head - 1 ? len : sizeof head - 1;
    memcpy(head, text, n);
    head[n] = 0;
    return strstr(head, "\"jong_record\"") != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = NULL;
    size_t len = 0;
    jong_error err;
    int rc = jong_record_unpack(data, size, &limits, &text, &len, &err);
    check_refusal(rc, &err);
    if (rc)
        return 0;
    if (text[len] != 0)
        abort(); /* the NUL promised after the text */
    if (len > 0 && is_jong_record(text, len)) {
        FILE *f = fmemopen(text, len, "rb");
        if (!f)
            abort();
        jong_replay_stats st;
        check_refusal(jong_replay_verify_stream(f, &st, &err), &err);
        fclose(f);
    } else {
        jong_mjai_log log;
        jong_mjai_log_init(&log);
        rc = jong_mjai_read_limited(data, size, &limits, &log, &err);
        check_refusal(rc, &err);
        if (!rc && log.players == 4) {
            jong_mjai_replay_stats st;
            check_refusal(jong_mjai_replay(&log, &st, &err), &err);
        }
        jong_mjai_log_free(&log);
    }
    free(text);
    return 0;
}
