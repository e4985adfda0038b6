/* The tile pictures' text buffer (see web_svg_out.h). */
#include <stdarg.h>
#include <stdio.h>

#include "web_svg_out.h"

void svg_put(svg_out *o, const char *fmt, ...)
{
    if (o->len >= o->n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    o->len += w > 0 ? (size_t)w : 0;
    if (o->len >= o->n)
        o->len = o->n - 1;
}
