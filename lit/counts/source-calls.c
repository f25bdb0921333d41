// Calls as the source makes them, whatever the optimizer did: recursion as
// people write it (fib, a tree walk, gcd, accumulate-to-n: tail-recursion
// elimination turns them into loops at -O2), static and inline helpers
// called from loops (inlined), a function inlined into two callers.  Every
// count comes from the program's own tallies (tally.h: each function says
// ENTER(), the callers count their calls of scale themselves), compared
// with ssprof -json (calls per function, call graph pairs, inlined ones
// included) by sscheck.py; -json marks the inlined functions and edges.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssprof -json prog.ideal.m* | %python %S/../tools/inlinedcheck.py sq clamp scale
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %ssprof -json prog.ideal.m* | %python %S/../tools/inlinedcheck.py sq clamp scale
#define TALLY_MAIN
#include "tally.h"

#include <stdlib.h>

struct node {
  struct node *left, *right;
  int value;
};

static long fib(int n) {
  ENTER();
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

static unsigned gcd(unsigned a, unsigned b) {
  ENTER();
  if (b == 0)
    return a;
  return gcd(b, a % b);
}

static long sum_to(long n, long acc) {
  ENTER();
  if (n == 0)
    return acc;
  return sum_to(n - 1, acc + n);
}

static struct node *build(int depth, int *next) {
  ENTER();
  if (depth == 0)
    return NULL;
  struct node *t = malloc(sizeof *t);
  t->value = (*next)++;
  t->left = build(depth - 1, next);
  t->right = build(depth - 2 > 0 ? depth - 2 : 0, next);
  return t;
}

static long walk(const struct node *t) {
  ENTER();
  if (!t)
    return 0;
  return t->value + walk(t->left) + walk(t->right);
}

static int sq(int x) {
  ENTER();
  return x * x;
}

static inline int clamp(int v, int lo, int hi) {
  ENTER();
  return v < lo ? lo : v > hi ? hi : v;
}

static long left_scale, right_scale; /* the callers' own tallies */

static int scale(int x) {
  ENTER();
  return 3 * x + 1;
}

NOINLINE int left(int x) {
  ENTER();
  left_scale++;
  return scale(x) + 1;
}

NOINLINE int right(int x) {
  ENTER();
  int s = 0;
  for (int i = 0; i < x % 4; i++, right_scale++)
    s += scale(i);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  long s = fib(n / 20 + 3);
  for (unsigned i = 1; i <= (unsigned)n; i++)
    s += gcd(i * 7, 91);
  s += sum_to(n, 0);
  int next = 0;
  struct node *t = build(n / 30, &next);
  s += walk(t);
  for (int i = 0; i < n; i++)
    s += sq(i % 13) + clamp(i - 40, 0, 200);
  for (int i = 0; i < n; i++)
    s += i % 3 ? left(i) : right(i);
  printf("result %ld\n", s);
  printf("SSCHECK pair left scale %ld\n", left_scale);
  printf("SSCHECK pair right scale %ld\n", right_scale);
  tally_report();
  return 0;
}
