/*
 * check.h -- the few assertions the prof unit tests need.  A failed check
 * prints where and what, and the test goes on; check_finish() reports and
 * gives the exit status.
 */
#ifndef PROF_TEST_CHECK_H
#define PROF_TEST_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                            \
  do {                                                                         \
    check_count++;                                                             \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,        \
              #cond);                                                          \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

#define CHECK_I64(actual, expected, what)                                      \
  do {                                                                         \
    int64_t a_ = (int64_t)(actual), e_ = (int64_t)(expected);                  \
    check_count++;                                                             \
    if (a_ != e_) {                                                            \
      fprintf(stderr, "%s:%d: %s: got %" PRId64 ", expected %" PRId64 "\n",    \
              __FILE__, __LINE__, (what), a_, e_);                             \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

#define CHECK_STR(actual, expected, what)                                      \
  do {                                                                         \
    const char *a_ = (actual), *e_ = (expected);                               \
    check_count++;                                                             \
    if (!a_ || strcmp(a_, e_) != 0) {                                          \
      fprintf(stderr, "%s:%d: %s: got \"%s\", expected \"%s\"\n", __FILE__,    \
              __LINE__, (what), a_ ? a_ : "(null)", e_);                       \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

static inline int check_finish(const char *test) {
  if (check_failures) {
    fprintf(stderr, "%s: %d of %d checks failed\n", test, check_failures,
            check_count);
    return 1;
  }
  printf("%s: %d checks passed\n", test, check_count);
  return 0;
}

#endif
