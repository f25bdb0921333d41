// The exports of a sampling experiment, read by their consumers, agree
// with ssprof's own -json of the same file; the sampled stacks are kept
// whole, so the folded stacks have main -> outer -> kernel -> spin, and
// each thread's samples in order become a nested timeline (Chrome trace)
// and one speedscope profile per thread.
// REQUIRES: callgrind_annotate, go, speedscope-schema
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O1 -g -fss-sampling %s -o %t/work
// RUN: %ssrun -usertime %t/work > %t/work.out
// RUN: %ssprof -json %t/work.usertime.m* > %t/doc.json
// RUN: %ssprof -callgrind %t/work.cg -pprof %t/work.pb.gz -folded %t/work.folded -speedscope %t/work.speedscope.json -chrome %t/work.trace.json %t/work.usertime.m*
// RUN: %export_check callgrind %t/work.cg %t/doc.json | FileCheck %s --check-prefix=CG
// CG: export_check: callgrind ok
// RUN: %export_check pprof %t/work.pb.gz %t/doc.json | FileCheck %s --check-prefix=PPROF
// PPROF: export_check: pprof ok
// RUN: %export_check folded %t/work.folded %t/doc.json | FileCheck %s --check-prefix=FOLDED
// FOLDED: export_check: folded ok
// RUN: %export_check speedscope %t/work.speedscope.json %speedscope_schema %t/doc.json | FileCheck %s --check-prefix=SPEEDSCOPE
// SPEEDSCOPE: export_check: speedscope ok (1 profiles
// RUN: %export_check chrome %t/work.trace.json %S/Inputs/trace-event-schema.json %t/doc.json | FileCheck %s --check-prefix=CHROME
// CHROME: export_check: chrome ok (1 threads
// RUN: FileCheck %s --check-prefix=STACKS < %t/work.folded
// STACKS: main;outer;kernel;spin
// The -json document keeps the stacks too.
// RUN: %python -c "import json,sys; d=json.load(open('%t/doc.json')); st=d['stacks']; assert sum(s['samples'] for s in st)==d['sampling']['samples']; assert any([f['name'] for f in s['frames']][-3:]==['outer','kernel','spin'][::-1] or [f['name'] for f in s['frames']][:3]==['spin','kernel','outer'] for s in st), st; print('stacks ok')" | FileCheck %s --check-prefix=JSON
// JSON: stacks ok
#include "../sampling/Inputs/spin.h"
#include <stdio.h>

// Something after each call keeps it from being a tail call (LLVM 19
// makes them jumps at -O1), so each caller's frame stays on the stack.
#define NOT_A_TAIL_CALL() __asm__ volatile("" ::: "memory")
NOINLINE static void kernel(double seconds) {
  spin(seconds);
  NOT_A_TAIL_CALL();
}
NOINLINE static void outer(double seconds) {
  kernel(seconds);
  NOT_A_TAIL_CALL();
}
NOINLINE static void other(double seconds) { spin(seconds); }

int main(void) {
  outer(0.30);
  other(0.10);
  puts("done");
  return 0;
}
