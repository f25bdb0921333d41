// Counts-only line listings (-h, -l) of code inlined from a header: the
// lines of weigh.h's static inline helper are weigh's, at its own file
// and lines, wherever its code was inlined (never main's).  With n = 1000
// iterations of main's loop, weigh.h's test (line 10) runs 1000 times and
// its call of note() (line 11) once per i = 2 (mod 7) (3i + 1 divisible
// by 7), i = 2, 9, ..., 996: 143 times; the program counts both itself
// (TALLY lines).  The binary is moved away after the run, so that ssprof
// lists counts (without the machine code there is no ideal time).
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs/inline %s -o prog && ./prog > out && mv prog prog.away && FileCheck %s --check-prefix=TALLY < out
// RUN: cd %t/O0 && %ssprof -h prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=HEAVY
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs/inline %s -o prog && ./prog > out && mv prog prog.away && FileCheck %s --check-prefix=TALLY < out
// RUN: cd %t/O2 && %ssprof -h prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=HEAVY
// RUN: cd %t/O2 && %ssprof -l prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=LINES
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs/inline %s -o prog && ./prog > out && mv prog prog.away && FileCheck %s --check-prefix=TALLY < out
// RUN: cd %t/O3 && %ssprof -h prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=HEAVY
// RUN: cd %t/O3 && %ssprof -l prog.ideal.m* 2>/dev/null | FileCheck %s --check-prefix=LINES
// TALLY: weighs 1000 notes 143
// HEAVY: Line list, in descending order by execution count
// HEAVY-NOT: main (prog: weigh.h
// HEAVY-DAG: {{^ *}}1000 {{ *[0-9.]+ +[0-9.]+}}  weigh (prog: weigh.h, 10)
// HEAVY-DAG: {{^ *}}143 {{ *[0-9.]+ +[0-9.]+}}  weigh (prog: weigh.h, 11)
// HEAVY-NOT: main (prog: weigh.h
// LINES: Line list, in descending order by function and then line number
// LINES-NOT: main (prog: weigh.h
// LINES-DAG: {{^ *}}1000 {{ *[0-9.]+ +[0-9.]+}}  weigh (prog: weigh.h, 10)
// LINES-DAG: {{^ *}}143 {{ *[0-9.]+ +[0-9.]+}}  weigh (prog: weigh.h, 11)
// LINES-NOT: main (prog: weigh.h
#include "weigh.h"

#include <stdio.h>
#include <stdlib.h>

static long notes; /* the program's own tally of note() */

__attribute__((noinline)) long note(long w) {
  notes++;
  return w / 7;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000, s = 0, weighs = 0;
  for (long i = 0; i < n; i++, weighs++)
    s += weigh(i);
  printf("result %ld\n", s);
  printf("weighs %ld notes %ld\n", weighs, notes);
  return 0;
}
