/*
 * test.h: the unit-test harness (libuv's habit: one list of tests, each
 * runnable alone, run in its own process by the runner).
 *
 *   TEST(name) { ASSERT_EQ(1 + 1, 2); }
 */
#ifndef SIMT_TEST_H
#define SIMT_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn);

#define TEST(name)                                                            \
    static void test_##name(void);                                            \
    __attribute__((constructor)) static void test_reg_##name(void)            \
    {                                                                         \
        test_register(#name, test_##name);                                    \
    }                                                                         \
    static void test_##name(void)

#define TEST_FAIL(...)                                                        \
    do {                                                                      \
        fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                       \
        fprintf(stderr, __VA_ARGS__);                                         \
        fputc('\n', stderr);                                                  \
        exit(1);                                                              \
    } while (0)

#define ASSERT(c)                                                             \
    do {                                                                      \
        if (!(c))                                                             \
            TEST_FAIL("assertion failed: %s", #c);                            \
    } while (0)

#define ASSERT_EQ(a, b)                                                       \
    do {                                                                      \
        long long a_ = (long long)(a), b_ = (long long)(b);                   \
        if (a_ != b_)                                                         \
            TEST_FAIL("%s == %s: %lld != %lld", #a, #b, a_, b_);              \
    } while (0)

#define ASSERT_NE(a, b)                                                       \
    do {                                                                      \
        long long a_ = (long long)(a), b_ = (long long)(b);                   \
        if (a_ == b_)                                                         \
            TEST_FAIL("%s != %s: both %lld", #a, #b, a_);                     \
    } while (0)

#define ASSERT_STR_CONTAINS(hay, needle)                                      \
    do {                                                                      \
        const char *h_ = (hay), *n_ = (needle);                               \
        if (!h_ || !strstr(h_, n_))                                           \
            TEST_FAIL("\"%s\" does not contain \"%s\"", h_ ? h_ : "(null)", n_); \
    } while (0)

/* Captures what fn writes to stderr (diagnostic tests). */
char *test_capture_stderr(void (*fn)(void *), void *arg);

#endif
