// dot.h -- an inline template both translation units of
// lit/ideal/cxx-comdat.cpp instantiate: each object has a copy in a COMDAT
// group, and the linker keeps one.
#pragma once

template <class T>
__attribute__((noinline)) T dot(const T *x, const T *y, int n) {
  T s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i] - y[i];
  return s;
}

double from_other_unit(int rounds);
