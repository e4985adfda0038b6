/* UTF-8 text from peers, made safe to quote back: JSON (jansson) refuses a string that is not
 * well-formed UTF-8, so a message that quotes what a client sent must never cut a character in
 * two nor carry its stray bytes. */
#ifndef JONG_UTF8_H
#define JONG_UTF8_H

#include <stddef.h>

/* The longest prefix of s[0..len) that fits in n - 1 bytes (n > 0) without cutting a character,
 * into out with a NUL; each byte that does not begin a well-formed character (a stray
 * continuation, a sequence cut short, an overlong or surrogate form) is copied as '?', and so
 * is a NUL, which would end the text. Returns how many bytes of s it took (len when all). */
size_t utf8_prefix(const char *s, size_t len, char *out, size_t n);

#endif
