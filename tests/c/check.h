/*
 * The check macros shared by the C99 test programs: CHECK and CHECK_EQ count passes and
 * failures and print file:line on a failure; each program ends by printing
 * "N passed, M failed" and exiting non-zero when anything failed.
 *
 * Include it from exactly one translation unit per program (the state is file-static).
 */
#ifndef MUS_TESTS_CHECK_H
#define MUS_TESTS_CHECK_H

#include <stdio.h>

static int g_passed = 0;
static int g_failed = 0;

static int check_impl(int ok, const char* expr, const char* file, int line) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    printf("%s:%d: CHECK failed: %s\n", file, line, expr);
  }
  return ok;
}

static int check_eq_impl(long long actual, long long expected, const char* expr, const char* file,
                         int line) {
  if (actual == expected) {
    ++g_passed;
    return 1;
  }
  ++g_failed;
  printf("%s:%d: CHECK failed: %s (got %lld, expected %lld)\n", file, line, expr, actual, expected);
  return 0;
}

/* CHECK(cond): counts a pass or a failure; evaluates to the truth of cond. */
#define CHECK(cond) check_impl((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
/* CHECK_EQ(actual, expected): integers; prints both on failure. */
#define CHECK_EQ(actual, expected)                                                              \
  check_eq_impl((long long)(actual), (long long)(expected), #actual " == " #expected, __FILE__, \
                __LINE__)

/* Prints the closing "N passed, M failed" line; returns the program's exit status. */
static int check_summary(void) {
  printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}

#endif /* MUS_TESTS_CHECK_H */
