/* libFuzzer target for the notation layer. Any input must parse or fail cleanly; whatever parses
 * must print in every style to text that parses back to the identical value. Broken invariants
 * abort() so both libFuzzer and the plain replay driver stop on them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jong/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const jong_style styles[] = {JONG_STYLE_COMPACT, JONG_STYLE_TAIWAN, JONG_STYLE_MJAI};
#define NSTYLES (sizeof styles / sizeof styles[0])

/* A failed parse must name a position inside the text and say so first in its message. */
static void check_error(int rc, const jong_error *err, size_t len)
{
    if (rc == JONG_OK)
        return;
    if (err->code != (jong_errcode)rc || err->pos < 0 || (size_t)err->pos > len ||
        strncmp(err->msg, "position ", 9) != 0)
        abort();
}

/* Printing into a short buffer keeps a NUL-terminated prefix of the full text. */
static void check_truncation(const jong_hand *h, jong_style style, const char *full, size_t len)
{
    char small[8];
    for (size_t n = 0; n <= sizeof small; n++) {
        memset(small, 'X', sizeof small);
        if (jong_format_hand(h, style, n ? small : NULL, n) != len)
            abort();
        if (n == 0)
            continue;
        size_t kept = n - 1 < len ? n - 1 : len;
        if (small[kept] != '\0' || memcmp(small, full, kept) != 0)
            abort();
    }
}

static void check_hand(const char *text, size_t len)
{
    jong_hand h, back;
    jong_error err;
    int rc = jong_parse_hand(text, &h, &err);
    check_error(rc, &err, len);
    if (rc != JONG_OK)
        return;
    for (size_t s = 0; s < NSTYLES; s++) {
        size_t need = jong_format_hand(&h, styles[s], NULL, 0);
        char *buf = malloc(need + 1);
        if (!buf)
            abort();
        if (jong_format_hand(&h, styles[s], buf, need + 1) != need || strlen(buf) != need)
            abort();
        if (jong_parse_hand(buf, &back, &err) != JONG_OK || memcmp(&h, &back, sizeof h) != 0)
            abort();
        check_truncation(&h, styles[s], buf, need);
        free(buf);
    }
}

static void check_tiles(const char *text, size_t len)
{
    uint8_t counts[JONG_KINDS], back[JONG_KINDS];
    jong_error err;
    int rc = jong_parse_tiles(text, counts, &err);
    check_error(rc, &err, len);
    if (rc != JONG_OK)
        return;
    for (size_t s = 0; s < NSTYLES; s++) {
        size_t need = jong_format_counts(counts, styles[s], NULL, 0);
        char *buf = malloc(need + 1);
        if (!buf)
            abort();
        jong_format_counts(counts, styles[s], buf, need + 1);
        if (jong_parse_tiles(buf, back, &err) != JONG_OK || memcmp(counts, back, sizeof back) != 0)
            abort();
        free(buf);
    }
}

static void check_tile(const char *text, size_t len)
{
    jong_tile t, back;
    jong_error err;
    int rc = jong_parse_tile(text, &t, &err);
    check_error(rc, &err, len);
    if (rc != JONG_OK)
        return;
    for (size_t s = 0; s < NSTYLES; s++) {
        const char *name = t.kind == JONG_NO_TILE ? jong_flower_name(t.flower)
                                                  : jong_kind_name(t.kind, styles[s]);
        if (jong_parse_tile(name, &back, &err) != JONG_OK || back.kind != t.kind ||
            back.flower != t.flower)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The parsers take C strings: an embedded NUL simply ends the text early. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);
    text[size] = '\0';
    size_t len = strlen(text);
    check_hand(text, len);
    check_tiles(text, len);
    check_tile(text, len);
    free(text);
    return 0;
}
