/* utf8_prefix (src/io/utf8.c), what quotes a peer's text in JSON: whole characters up to the
 * room given, every malformed byte as '?', checked on hand-made strings of each form RFC 3629
 * allows and refuses. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#include "io/utf8.h"

/* utf8_prefix of s into n bytes gives want and takes `took` bytes of s. */
static void check(const char *s, size_t len, size_t n, const char *want, size_t took)
{
    char out[64];
    assert_true(n <= sizeof out);
    assert_int_equal(utf8_prefix(s, len, out, n), took);
    assert_string_equal(out, want);
}

static void test_whole_characters(void **state)
{
    (void)state;
    check("abc", 3, 64, "abc", 3);
    check("abc", 3, 3, "ab", 2);
    /* é (2 bytes), € (3), 𝄞 (4): never cut */
    check("a\xc3\xa9", 3, 3, "a", 1);
    check("a\xc3\xa9", 3, 4, "a\xc3\xa9", 3);
    check("\xe2\x82\xac!", 4, 3, "", 0);
    check("\xe2\x82\xac!", 4, 4, "\xe2\x82\xac", 3);
    check("\xf0\x9d\x84\x9e", 4, 4, "", 0);
    check("\xf0\x9d\x84\x9e", 4, 5, "\xf0\x9d\x84\x9e", 4);
    check("", 0, 1, "", 0);
}

static void test_malformed_bytes(void **state)
{
    (void)state;
    check("a\xffz", 3, 64, "a?z", 3);           /* never a UTF-8 byte */
    check("\x80x", 2, 64, "?x", 2);             /* a stray continuation */
    check("\xc3", 1, 64, "?", 1);               /* a sequence cut short by the end */
    check("\xc3z", 2, 64, "?z", 2);             /* ... and by another character */
    check("\xc0\xaf", 2, 64, "??", 2);          /* an overlong '/' */
    check("\xe0\x80\xaf", 3, 64, "???", 3);     /* another */
    check("\xed\xa0\x80", 3, 64, "???", 3);     /* a surrogate */
    check("\xf4\x90\x80\x80", 4, 64, "????", 4); /* past U+10FFFF */
    check("a\0b", 3, 64, "a?b", 3);             /* a NUL would end the text */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_whole_characters),
        cmocka_unit_test(test_malformed_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
