// C++ exceptions through sscc++: throws caught one and three frames up,
// rethrow, catch(...), and destructors run while unwinding.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %ssxx -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %ssxx -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %ssxx -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <stdexcept>
#define TALLY_MAIN
#include "tally.h"

struct Guard {
  int *n;
  NOINLINE explicit Guard(int *n) : n(n) {}
  NOINLINE ~Guard() { ENTER(); ++*n; }
};

extern "C" NOINLINE int maybe_throw(int i) {
  ENTER();
  if (i % 4 == 1) {
    HIT();
    throw std::runtime_error("odd");
  }
  if (i % 4 == 2) {
    HIT();
    throw 42;
  }
  HIT();
  return i;
}

extern "C" NOINLINE int middle(int i, int *destroyed) {
  ENTER();
  Guard g(destroyed);
  int v = maybe_throw(i);
  HIT();
  return v;
}

extern "C" NOINLINE int top(int i, int *destroyed) {
  ENTER();
  try {
    int v = middle(i, destroyed);
    HIT();
    return v;
  } catch (const std::runtime_error &) {
    HIT();
    return -1;
  } catch (...) {
    HIT();
    try {
      throw;
    } catch (int) {
      HIT();
    }
    return -2;
  }
}

int main() {
  int destroyed = 0, s = 0;
  for (int i = 0; i < 200; i++)
    s += top(i, &destroyed);
  printf("%d %d\n", s, destroyed);
  tally_report();
  return 0;
}
