/* Errors reported by libjong: a code, a position in the input (or -1), and one readable line. */
#ifndef JONG_ERROR_H
#define JONG_ERROR_H

#include <stddef.h>

typedef enum {
    JONG_OK = 0,
    JONG_ERR_SYNTAX,      /* unknown letter, digit without suit, unbalanced bracket ... */
    JONG_ERR_FIFTH_COPY,  /* more than four copies of one kind (or two red fives of a suit) */
    JONG_ERR_TILE_COUNT,  /* wrong number of tiles for the rules or for the operation */
    JONG_ERR_MELD,        /* a bracketed meld that is not a chow, pung or kong */
    JONG_ERR_ARG,         /* an argument out of range */
    JONG_ERR_IO,          /* reading or writing failed */
    JONG_ERR_STOPPED,     /* stopped from outside before the end (a run interrupted by a signal) */
} jong_errcode;

typedef struct {
    jong_errcode code;
    int pos;        /* 0-based offset into the input text, -1 when not about text */
    char msg[192];  /* one line, no trailing newline, names what and where */
} jong_error;

/* Fill *err (if not NULL) and return code. printf-style message. */
int jong_error_set(jong_error *err, jong_errcode code, int pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void jong_error_clear(jong_error *err);
const char *jong_errcode_name(jong_errcode code);

#endif
