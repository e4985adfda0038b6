/* SANITIZED is 1 in an AddressSanitizer build (gcc or clang), where tests run fewer cases. */
#ifndef JONG_TEST_SANITIZED_H
#define JONG_TEST_SANITIZED_H

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#endif
