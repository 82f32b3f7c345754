/* test.h - the project's test harness, in the spirit of Redis's testhelp.h.
 *
 * A test file defines functions `static void test_xxx(void)` and lists them in main() with
 * RUN(test_xxx). CHECK failures print file:line and the expression, and the test binary
 * exits 1 when any check failed. A randomized test takes its seed from test_seed(), which is
 * --seed N on the command line or a fixed default, and is printed so a failure can be rerun. */
#ifndef SLOTCAB_TEST_H
#define SLOTCAB_TEST_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int test_failures_;
static int test_checks_;
static const char *test_current_ = "";
static uint64_t test_seed_ = 20261121;

#define CHECK(cond)                                                                         \
    do {                                                                                    \
        test_checks_++;                                                                     \
        if (!(cond)) {                                                                      \
            test_failures_++;                                                               \
            fprintf(stderr, "%s:%d: %s: CHECK(%s) failed\n", __FILE__, __LINE__,            \
                    test_current_, #cond);                                                  \
        }                                                                                   \
    } while (0)

#define CHECK_EQ_INT(a, b)                                                                  \
    do {                                                                                    \
        long long a_ = (long long)(a), b_ = (long long)(b);                                 \
        test_checks_++;                                                                     \
        if (a_ != b_) {                                                                     \
            test_failures_++;                                                               \
            fprintf(stderr, "%s:%d: %s: %s == %lld, expected %s == %lld\n", __FILE__,       \
                    __LINE__, test_current_, #a, a_, #b, b_);                               \
        }                                                                                   \
    } while (0)

#define CHECK_EQ_STR(a, b)                                                                  \
    do {                                                                                    \
        const char *a_ = (a), *b_ = (b);                                                    \
        test_checks_++;                                                                     \
        if (!a_ || strcmp(a_, b_)) {                                                        \
            test_failures_++;                                                               \
            fprintf(stderr, "%s:%d: %s: %s == \"%s\", expected \"%s\"\n", __FILE__,         \
                    __LINE__, test_current_, #a, a_ ? a_ : "(null)", b_);                   \
        }                                                                                   \
    } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                     \
    do {                                                                                    \
        const char *h_ = (hay), *n_ = (needle);                                             \
        test_checks_++;                                                                     \
        if (!h_ || !strstr(h_, n_)) {                                                       \
            test_failures_++;                                                               \
            fprintf(stderr, "%s:%d: %s: \"%s\" does not contain \"%s\"\n", __FILE__,        \
                    __LINE__, test_current_, h_ ? h_ : "(null)", n_);                       \
        }                                                                                   \
    } while (0)

#define RUN(fn)                                                                             \
    do {                                                                                    \
        int before_ = test_failures_;                                                       \
        test_current_ = #fn;                                                                \
        fn();                                                                               \
        printf("%s %s\n", test_failures_ == before_ ? "ok  " : "FAIL", #fn);               \
    } while (0)

static inline void test_init(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--seed") == 0)
            test_seed_ = strtoull(argv[i + 1], NULL, 10);
}

static inline uint64_t test_seed(void)
{
    printf("seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", test_seed_, test_seed_);
    return test_seed_;
}

static inline int test_done(void)
{
    printf("%d checks, %d failed\n", test_checks_, test_failures_);
    return test_failures_ ? 1 : 0;
}

#endif
