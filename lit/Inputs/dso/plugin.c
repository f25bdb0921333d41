/* An instrumented shared library the program dlopen()s and dlclose()s. */
#include "tally.h"

NOINLINE int plugin_work(int n) {
  ENTER();
  int s = 0;
  for (int i = 0; i < n; i++) {
    HIT();
    s += i;
  }
  return s;
}
