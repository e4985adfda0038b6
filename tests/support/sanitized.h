/* SANITIZED is 1 in an AddressSanitizer build (gcc or clang), where tests run fewer cases; in
 * other builds it is 1 when the environment has JONG_TEST_REDUCED set (to anything but "" or
 * "0"): tests/run_all.sh sets it for the clang build, which rechecks under another compiler what
 * the release build runs in full (see run_all.sh). Otherwise 0. */
#ifndef JONG_TEST_SANITIZED_H
#define JONG_TEST_SANITIZED_H

#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED jong_test_reduced()
#endif

/* whether JONG_TEST_REDUCED asks for the fewer cases */
static inline int jong_test_reduced(void)
{
    const char *e = getenv("JONG_TEST_REDUCED");
    return e && e[0] && !(e[0] == '0' && e[1] == '\0');
}

#endif
