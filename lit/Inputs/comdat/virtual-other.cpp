// The second translation unit of lit/counts/inline-virtual-call.cpp.
#include "virtual.h"

static long d1_count;

struct D1 : B {
  NOINLINE int f() const override {
    ENTER();
    d1_count++;
    return 1;
  }
};

int from_other_unit(int rounds, long *d1_calls) {
  D1 d;
  int s = 0;
  for (int i = 0; i < rounds; i++)
    s += callit(d);
  *d1_calls = d1_count;
  return s;
}
