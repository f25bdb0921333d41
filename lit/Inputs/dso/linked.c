/* An instrumented shared library the program links against. */
#include "tally.h"

NOINLINE int linked_square(int x) {
  ENTER();
  if (x > 10) {
    HIT();
    return x * x;
  }
  return x;
}
