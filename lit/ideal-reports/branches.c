// -branches: executions of every conditional branch and how they split,
// from the program's arithmetic.  main calls classify(100) R = 2 times and
// pick(v) for v = 0..999; rare() never runs.
//
//   mod3:   i % 3 == 0 for i = 0..99: 34 times per call, so of 200
//           executions 68 go to on_a and 132 to on_b.
//   and:    i > 10 && (i & 1): at -O0 two branches on that line: i > 10
//           (200 executions, true 2*89 = 178) and i & 1 (178 executions,
//           true for the 45 odd i in 11..99, 90 in all).  At -O2 too
//           with LLVM before 18: the optimizer makes the two tests one
//           condition, and the pass splits it back into two branches as
//           the code generator would (pass/SplitConditions.h).  From 18
//           on one branch: 200 executions, true 90 (JOINED).
//   switch: v % 5 for v = 0..999, 200 of each value; cases 1 and 2 share
//           a block (one edge, 400); the default takes v % 5 == 4.
//   rare:   never executed.
//
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal %s -o prog && ./prog
// RUN: cd %t/O0 && %ssprof -json prog.ideal.m* > doc.json && %python %S/../tools/ideal_reports.py %s doc.json | FileCheck %s --check-prefixes=CHECK,SPLIT
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal %s -o prog && ./prog
// RUN: cd %t/O2 && %ssprof -json prog.ideal.m* > doc.json && %python %S/../tools/ideal_reports.py %s doc.json | FileCheck %s --check-prefixes=CHECK,%split_or_joined
// The text listing at -O0 (the same with or without ideal time).
// RUN: cd %t/O0 && %ssprof -nh -branches prog.ideal.m* | FileCheck %s --check-prefix=TEXT
// RUN: cd %t/O0 && %ssprof -nh -branches -q 2 prog.ideal.m* | FileCheck %s --check-prefix=QUIT

volatile int sink;

__attribute__((noinline)) void on_a(int v) { sink += v; }
__attribute__((noinline)) void on_b(int v) { sink -= v; }
__attribute__((noinline)) void on_c(int v) { sink ^= v; }

__attribute__((noinline)) void classify(int n) {
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0)                 // mod3
      on_a(i);                      // mod3-then
    else
      on_b(i);                      // mod3-else
    if (i > 10 && (i & 1))          // and
      on_c(i);                      // and-then
  }
}

__attribute__((noinline)) void pick(int v) {
  switch (v % 5) {                  // switch
  case 0:
    on_a(0);                        // case0
    break;
  case 1:
  case 2:
    on_b(1);                        // case12
    break;
  case 3:
    on_c(3);                        // case3
    break;
  default:
    on_a(4);                        // default
    break;
  }
}

__attribute__((noinline)) void rare(int v) {
  if (v == 42)                      // rare
    on_c(v);
}

int main(int argc, char **argv) {
  (void)argv;
  for (int r = 0; r < 1 + argc; r++)
    classify(99 + argc);
  for (int v = 0; v < 1000 * argc; v++)
    pick(v);
  if (argc > 5)
    rare(argc);
  return 0;
}

// SPLIT:   branch and
// SPLIT-SAME:   executions=200 counts=178,22 bias=89.0%
// SPLIT:      branch and executions=178 counts=90,88 bias=50.6%
// SPLIT-NEXT: to and and-then 90
// JOINED:      branch and executions=200 counts=110,90 bias=55.0%
// JOINED-NEXT: to and and-then 90
// CHECK:   branch mod3 executions=200 counts=132,68 bias=66.0%
// CHECK-DAG: to mod3 mod3-then 68
// CHECK-DAG: to mod3 mod3-else 132
// CHECK:   branch rare executions=0 counts=0,0 bias=-
// CHECK:   branch switch executions=1000 counts=400,200,200,200 bias=40.0%
// CHECK-DAG: to switch case0 200
// CHECK-DAG: to switch case12 400
// CHECK-DAG: to switch case3 200
// CHECK-DAG: to switch default 200
// CHECK:   loops 3 mismatches=0

// Branch executions: main's loops 3 + 1001, its `if` 1, classify's loop
// 2*101 = 202, mod3 200, and 200 + 178, the switch 1000: 2785.  More than
// 90% biased: main's v loop (1000 of 1001), classify's loop (200 of 202),
// main's `if` (1 of 1).
// TEXT:      Conditional branch list, in descending order by executions
// TEXT:            8 / 9: Branches executed / total
// TEXT-NEXT:       3 / 8: Executed branches more than 90% biased
// TEXT-NEXT:        2785: Branch executions
// TEXT:      executions  exec.%    bias  function (dso: file, line) of the branch
// TEXT-NEXT:      taken           share    -> successor: its first line (block)
// TEXT-NEXT:       1001   35.9%   99.9%  main (prog: branches.c, [[#MAINLOOP:]])
// TEXT-NEXT:       1000           99.9%    -> line [[#MAINLOOP+1]] (block [[#]])
// TEXT-NEXT:          1            0.1%    -> line [[#MAINLOOP+2]] (block [[#]])
// TEXT-NEXT:       1000   35.9%   40.0%  pick (prog: branches.c, [[#SWITCH:]])
// TEXT-NEXT:        200           20.0%    -> line [[#SWITCH+12]] (block [[#]])
// TEXT-NEXT:        200           20.0%    -> line [[#SWITCH+2]] (block [[#]])
// TEXT-NEXT:        400           40.0%    -> line [[#SWITCH+6]] (block [[#]])
// TEXT-NEXT:        200           20.0%    -> line [[#SWITCH+9]] (block [[#]])
// TEXT-NEXT:        202    7.3%   99.0%  classify (prog: branches.c, [[#]])
// TEXT:               0    0.0%       -  rare (prog: branches.c, [[#]]), never executed
// TEXT-NOT:  {{.}}

// QUIT:      Conditional branch list
// QUIT:      1001   35.9%
// QUIT:      1000   35.9%
// QUIT-NOT:  {{^ +202 }}
// QUIT-NOT:  never executed
