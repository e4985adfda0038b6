/* Writing a game record: the header line at once, then one compact JSON line per event. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "jong/record.h"
#include "record_json.h"

struct jong_record_writer {
    FILE *f;
    char names[JONG_SEATS][128]; /* the players' specs, for start_game */
    const char *name_ptrs[JONG_SEATS];
    int failed;                  /* errno of the first failed write, or -1 when unknown */
    bool has_failed;
};

/* Write one line of text (NULL: it could not be made), remembering the first failure; frees
 * text unless it is the caller's stack buffer. */
static void write_line(jong_record_writer *w, char *text, size_t len, const char *stack_buf)
{
    if (!text) {
        w->has_failed = true;
        w->failed = ENOMEM;
        return;
    }
    errno = 0;
    if (fwrite(text, 1, len, w->f) != len || putc('\n', w->f) == EOF) {
        w->has_failed = true;
        w->failed = errno ? errno : -1;
    }
    if (text != stack_buf)
        free(text);
}

static void write_json(jong_record_writer *w, const json_t *j)
{
    char buf[4096];
    size_t len = 0;
    if (w->has_failed)
        return;
    char *text = j ? record_dump(j, buf, sizeof buf, &len) : NULL;  /* sets len */
    write_line(w, text, len, buf);
}

int jong_record_writer_new(FILE *f, const jong_ruleset *rs, uint64_t seed, int game_number,
                           const char *const players[JONG_SEATS], jong_record_writer **out,
                           jong_error *err)
{
    *out = NULL;
    if (!f || !rs)
        return jong_error_set(err, JONG_ERR_ARG, -1, "record writer: no stream or no rules");
    if (game_number < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "record writer: game number %d is negative", game_number);
    jong_record_writer *w = calloc(1, sizeof *w);
    if (!w)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    w->f = f;
    for (int s = 0; s < JONG_SEATS; s++) {
        snprintf(w->names[s], sizeof w->names[s], "%s", players && players[s] ? players[s] : "?");
        w->name_ptrs[s] = w->names[s];
    }
    json_t *h = record_header_json(rs, seed, game_number, w->name_ptrs);
    write_json(w, h);
    json_decref(h);
    if (w->has_failed) {
        int e = w->failed;
        free(w);
        return jong_error_set(err, JONG_ERR_IO, -1, "writing the record header failed: %s",
                              e > 0 ? strerror(e) : "write error");
    }
    *out = w;
    return JONG_OK;
}

void jong_record_writer_event(void *writer, const jong_event *ev)
{
    jong_record_writer *w = writer;
    if (!w || w->has_failed)
        return;
    char buf[4096];
    size_t len = 0;
    char *text = record_event_text(ev, w->name_ptrs, buf, sizeof buf, &len);  /* sets len */
    write_line(w, text, len, buf);
}

int jong_record_writer_finish(jong_record_writer *w, jong_error *err)
{
    if (!w)
        return JONG_OK;
    if (!w->has_failed && fflush(w->f) == EOF) {
        w->has_failed = true;
        w->failed = errno ? errno : -1;
    }
    int rc = JONG_OK;
    if (w->has_failed)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "writing the record failed: %s",
                            w->failed > 0 ? strerror(w->failed) : "write error");
    free(w);
    return rc;
}
