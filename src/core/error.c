/* Error reporting: fill a caller-owned jong_error, never print. */
#include "jong/error.h"

#include <stdarg.h>
#include <stdio.h>

int jong_error_set(jong_error *err, jong_errcode code, int pos, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        err->pos = pos;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return (int)code;
}

void jong_error_clear(jong_error *err)
{
    if (err) {
        err->code = JONG_OK;
        err->pos = -1;
        err->msg[0] = '\0';
    }
}

const char *jong_errcode_name(jong_errcode code)
{
    switch (code) {
    case JONG_OK: return "ok";
    case JONG_ERR_SYNTAX: return "syntax error";
    case JONG_ERR_FIFTH_COPY: return "too many copies";
    case JONG_ERR_TILE_COUNT: return "wrong tile count";
    case JONG_ERR_MELD: return "bad meld";
    case JONG_ERR_ARG: return "bad argument";
    case JONG_ERR_IO: return "i/o error";
    case JONG_ERR_STOPPED: return "stopped";
    }
    return "unknown error";
}
