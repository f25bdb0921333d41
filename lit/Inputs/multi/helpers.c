/* Second translation unit of lit/counts/multi-tu.c */
#include "tally.h"

NOINLINE int helper_a(int x) {
  ENTER();
  if (x & 1) {
    HIT();
    return x * 3;
  }
  return x / 2;
}

static NOINLINE int helper_local(int x) {
  ENTER();
  HIT();
  return x + 1;
}

NOINLINE int helper_b(int x) {
  ENTER();
  int s = 0;
  for (int i = 0; i < x % 5; i++) {
    HIT();
    s += helper_local(i);
  }
  return s;
}
