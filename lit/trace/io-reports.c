// A trace experiment with ssprof's other reports: -json is its document
// (the program's own tally, TRACECHECK lines, is what it must say); -html
// and the exports (made of sampled stacks or ideal time) and -diff refuse
// it with one line and exit status 1 (expect_exit checks both), leaving
// no file; -source and -disasm are ignored with a warning, the listing
// printed.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -g -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -io ./prog > prog.out && %tracecheck prog.out prog.io.m* | FileCheck %s
// CHECK: tracecheck: 2 figures match
// RUN: cd %t && %expect_exit 1 %ssprof -html out prog.io.m* >> refused.txt
// RUN: cd %t && %expect_exit 1 %ssprof -callgrind out prog.io.m* >> refused.txt
// RUN: cd %t && %expect_exit 1 %ssprof -pprof out prog.io.m* >> refused.txt
// RUN: cd %t && %expect_exit 1 %ssprof -folded out prog.io.m* >> refused.txt
// RUN: cd %t && %expect_exit 1 %ssprof -speedscope out prog.io.m* >> refused.txt
// RUN: cd %t && %expect_exit 1 %ssprof -chrome out prog.io.m* >> refused.txt
// RUN: FileCheck %s --check-prefix=EXPORT < %t/refused.txt
// EXPORT-COUNT-6: ssprof: -html and the exports show counting and sampling experiments, not io traces: see the listing or -json
// EXPORT-NOT: {{.}}
// RUN: cd %t && not ls out
// RUN: cd %t && %expect_exit 1 %ssprof -diff prog.io.m* prog.io.m* 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: ssprof: {{.*}}prog.io.m{{[0-9]+}}: -diff compares counting and sampling experiments, not io traces
// RUN: cd %t && %ssprof -source -disasm prog.io.m* > listing.txt 2> warning.txt
// RUN: FileCheck %s --check-prefix=WARN < %t/warning.txt
// WARN: ssprof: warning: -source and -disasm annotate counting and sampling experiments; ignored for the io trace (its line lists are -h and -l)
// WARN-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=LISTING < %t/listing.txt
// LISTING: writes_a_little
#include "io_tally.h"

#include <unistd.h>

static struct io_tally t = {"writes_a_little"};

NOINLINE static void writes_a_little(void) {
  long r;
  for (int i = 0; i < 3; i++)
    IO_CALL(t, "write", 1, r, write(2, "", 0));
}

int main(void) {
  writes_a_little();
  io_report(&t);
  return 0;
}
