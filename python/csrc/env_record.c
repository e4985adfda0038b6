/* Env.record(): the record an Env keeps of its game. The library's record writer (what
 * `jong play --log` writes, jong/record.h) writes the header and every event into memory as
 * the game goes; record() hands that text out, or (riichi) each event read as an mjai message
 * (jong/mjai.h) and printed as mjai writes it. */
#include "jongpy.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

void jongpy_record_free(jongpy_record *r)
{
    if (r->w)
        jong_record_writer_finish(r->w, NULL);
    if (r->f)
        fclose(r->f);
    free(r->text);
    memset(r, 0, sizeof *r);
}

int jongpy_record_start(jongpy_record *r, const jong_ruleset *rs, uint64_t seed, int game,
                        jong_player *const players[JONG_SEATS], jong_error *err)
{
    jongpy_record_free(r);
    r->f = open_memstream(&r->text, &r->len);
    if (!r->f)
        return jong_error_set(err, JONG_ERR_IO, -1, "the record: out of memory");
    const char *specs[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        specs[s] = players[s] ? players[s]->spec : "learner";
    int rc = jong_record_writer_new(r->f, rs, seed, game, specs, &r->w, err);
    if (rc)
        jongpy_record_free(r);
    return rc;
}

void jongpy_record_event(jongpy_record *r, const jong_event *ev)
{
    jong_record_writer_event(r->w, ev);
}

/* The record's lines but the header, each read as an mjai message and printed as mjai's own;
 * start_game says the game's length and whether red fives are in play, as mjai can. */
static PyObject *mjai_events(const char *text, size_t len, const jong_ruleset *rs)
{
    PyObject *l = PyList_New(0);
    const char *end = text + len, *line = memchr(text, '\n', len); /* after the header */
    line = line ? line + 1 : end;
    while (l && line < end) {
        const char *eol = memchr(line, '\n', (size_t)(end - line));
        size_t n = (size_t)((eol ? eol : end) - line);
        jong_mjai_event ev;
        jong_error err;
        jong_error_clear(&err);
        char buf[4096];
        size_t flen = 0;
        bool ok = !jong_mjai_parse(line, n, &ev, &err);
        if (ok && ev.type == JONG_MJAI_START_GAME) {
            ev.kyoku_first = rs->tonpuu ? 4 : 0;
            ev.aka_flag = rs->red_fives > 0;
        }
        char *mjai = ok ? jong_mjai_format(&ev, buf, sizeof buf, &flen) : NULL;
        json_t *j = mjai ? json_loadb(mjai, flen, 0, NULL) : NULL;
        PyObject *d = j ? jongpy_from_json(j) : NULL;
        if (!mjai)
            PyErr_Format(jongpy_error, "the record's event \"%.*s\" is no mjai message: %s", (int)(n < 200 ? n : 200),
                         line, err.msg[0] ? err.msg : "out of memory");
        else if (!j)
            PyErr_NoMemory();
        if (!d || PyList_Append(l, d))
            Py_CLEAR(l);
        Py_XDECREF(d);
        json_decref(j);
        if (mjai && mjai != buf)
            free(mjai);
        line += n + 1;
    }
    return l;
}

PyObject *jongpy_record_get(jongpy_record *r, const jong_ruleset *rs, const char *format)
{
    bool mjai = !strcmp(format, "mjai");
    if (!mjai && strcmp(format, "jong"))
        return PyErr_Format(jongpy_error, "record: format 'jong' (Jong's record) or 'mjai' (mjai events), not '%s'",
                            format);
    if (!r->f)
        return PyErr_Format(jongpy_error, "record: no game yet; call reset()");
    if (fflush(r->f) || !r->text)
        return PyErr_NoMemory();
    if (!mjai)
        return PyUnicode_FromStringAndSize(r->text, (Py_ssize_t)r->len);
    if (rs->variant != JONG_VARIANT_RIICHI)
        return PyErr_Format(jongpy_error, "record: mjai events are riichi's; a Taiwanese game's record is format='jong'");
    return mjai_events(r->text, r->len, rs);
}
