// virtual.h -- an inline function that calls through a virtual function,
// used by both translation units of lit/counts/inline-virtual-call.cpp:
// each object has a copy in a COMDAT group and the linker keeps one.
// noinline so that -O2 keeps the copies too (-O0 inlines nothing anyway).
#pragma once
#include "tally.h"

struct B {
  virtual int f() const = 0;
  virtual ~B() {}
};

NOINLINE inline int callit(const B &b) {
  ENTER();
  return b.f() + 1;
}

// Calls callit on an object of a class of the other unit `rounds` times;
// *d1_calls counts the calls of that class's f, as the program sees them.
int from_other_unit(int rounds, long *d1_calls);
