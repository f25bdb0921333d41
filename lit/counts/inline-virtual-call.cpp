// An inline function that calls through a virtual function, used in two
// translation units (lit/Inputs/comdat/virtual.h): each object has a copy
// of it in a COMDAT group, and the linker keeps one and discards the
// other.  The indirect call's out-of-line slow path must go with its
// function's copy: in a plain .text.unlikely it would jump back into a
// discarded section, which GNU ld, gold and lld all refuse.  Linked with
// each of them that is installed (%use_gold, %use_lld), at -O0 and -O2
// (with -ffunction-sections, and once with --gc-sections); the counts are
// the program's own tallies.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %ssxx -O0 -fss-ideal -I%inputs -I%inputs/comdat -c %s -o main.o && %ssxx -O0 -fss-ideal -I%inputs -I%inputs/comdat -c %inputs/comdat/virtual-other.cpp -o other.o
// RUN: cd %t/O0 && %ssxx main.o other.o -o bfd && ./bfd > bfd.out && %sscheck bfd.out bfd.ideal.m*
// RUN: cd %t/O2 && %ssxx -O2 -ffunction-sections -fss-ideal -I%inputs -I%inputs/comdat -c %s -o main.o && %ssxx -O2 -ffunction-sections -fss-ideal -I%inputs -I%inputs/comdat -c %inputs/comdat/virtual-other.cpp -o other.o
// RUN: cd %t/O2 && %ssxx other.o main.o -o bfd && ./bfd > bfd.out && %sscheck bfd.out bfd.ideal.m*
// RUN: cd %t/O2 && %ssxx main.o other.o -Wl,--gc-sections -o gc && ./gc > gc.out && %sscheck gc.out gc.ideal.m*
// RUN: cd %t/O0 && %ssxx %use_gold main.o other.o -o gold && ./gold > gold.out && %sscheck gold.out gold.ideal.m*
// RUN: cd %t/O2 && %ssxx %use_gold main.o other.o -o gold && ./gold > gold.out && %sscheck gold.out gold.ideal.m*
// RUN: cd %t/O0 && %ssxx %use_lld main.o other.o -o lld && ./lld > lld.out && %sscheck lld.out lld.ideal.m*
// RUN: cd %t/O2 && %ssxx %use_lld main.o other.o -o lld && ./lld > lld.out && %sscheck lld.out lld.ideal.m*
#define TALLY_MAIN
#include "virtual.h"

static long d2_count;

struct D2 : B {
  NOINLINE int f() const override {
    ENTER();
    d2_count++;
    return 2;
  }
};

int main() {
  D2 d;
  int s = 0;
  long d1_calls = 0;
  for (int i = 0; i < 13; i++)
    s += callit(d);
  s += from_other_unit(7, &d1_calls);
  printf("%d\n", s);
  tally_report();
  printf("SSCHECK indirect callit D1::f %ld\n", d1_calls);
  printf("SSCHECK indirect callit D2::f %ld\n", d2_count);
  return 0;
}
