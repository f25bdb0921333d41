// The second translation unit of lit/ideal/cxx-comdat.cpp.
#include "dot.h"

static double u[100], v[100];

double from_other_unit(int rounds) {
  for (int i = 0; i < 100; i++) {
    u[i] = i * 0.25;
    v[i] = 100 - i;
  }
  double total = 0;
  for (int r = 0; r < rounds; r++)
    total += dot(u, v, 100 - r % 7);
  return total;
}
