/* UTF-8 text from peers (see utf8.h). The forms allowed are those of RFC 3629, section 4. */
#include "utf8.h"

/* The length of the well-formed character at s (left bytes there), or 0 when there is none. */
static size_t char_len(const unsigned char *s, size_t left)
{
    unsigned c = s[0];
    size_t len = c == 0 ? 0 : c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (len == 0 || len > left)
        return 0;
    /* the second byte's range is narrower after E0, ED, F0 and F4 (no overlong forms, no
     * surrogates, nothing past U+10FFFF) */
    unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80, hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    for (size_t i = 1; i < len; i++) {
        unsigned b = s[i];
        if (b < (i == 1 ? lo : 0x80) || b > (i == 1 ? hi : 0xbf))
            return 0;
    }
    return len;
}

size_t utf8_prefix(const char *s, size_t len, char *out, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, o = 0;
    while (i < len) {
        size_t k = char_len(u + i, len - i);
        size_t take = k ? k : 1;
        if (o + take > n - 1)
            break;
        if (k)
            for (size_t j = 0; j < k; j++)
                out[o++] = s[i + j];
        else
            out[o++] = '?';
        i += take;
    }
    out[o] = 0;
    return i;
}
