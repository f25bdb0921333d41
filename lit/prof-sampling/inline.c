// Symbolization of inlined code.  mix is inlined into inner, inner into
// outer (always_inline, -O2); a sample whose PC lies in mix's inlined
// instructions is mix's, with the chain mix <- inner <- outer as frames,
// and outer's caller main found at the return address of its call.  The
// addresses are found with llvm-objdump and llvm-symbolizer, whose view is
// checked against this file's lines first (REF); ssprof must then agree
// with the same lines.
//
// RUN: %clang -O2 -g %s -o %t.exe
// RUN: %python %S/../tools/sample_at.py --gen %testbin/prof-synth-gen --out %t.usertime.m1 --exe %t.exe --source %s --sample "3 pc:exe:mix:@mix-body ret:exe:main:outer" --sample "1 pc:exe:outer:@after-inner ret:exe:main:outer" | FileCheck %s --check-prefix=REF
// RUN: %ssprof -nh -b -h %t.usertime.m1 > %t.out
// RUN: FileCheck %s --check-prefix=DECL < %t.out
// RUN: FileCheck %s --check-prefix=FUNCS < %t.out
// RUN: FileCheck %s --check-prefix=BOUTER < %t.out
// RUN: FileCheck %s --check-prefix=BINNER < %t.out
// RUN: FileCheck %s --check-prefix=BMIX < %t.out
// RUN: FileCheck %s --check-prefix=LINES < %t.out
// The same PC in a PC-sampling experiment: mix's time, mix's line.
// RUN: %python %S/../tools/sample_at.py --gen %testbin/prof-synth-gen --sampling fpcsamp --out %t.fpcsamp.m2 --exe %t.exe --source %s --sample "5 pc:exe:mix:@mix-body"
// RUN: %ssprof -nh -l %t.fpcsamp.m2 | FileCheck %s --check-prefix=PC
#include <stdlib.h>

// Functions are listed with the line of their definition.

static inline __attribute__((always_inline)) long mix(long acc, long i) {
  return acc * 31 + (i ^ (acc >> 3)); // mix-body
}
// DECL-DAG: mix ({{.*}}.exe: inline.c, [[# @LINE - 3]])
// PC: [1] 0.005 100.0% 100.0% 5 mix ({{.*}}.exe: inline.c, [[# @LINE - 4]])

static inline __attribute__((always_inline)) long inner(long n) {
  long acc = 1;
  for (long i = 0; i < n; i++)
    acc = mix(acc, i); // mix-call
  return acc;
}
// DECL-DAG: inner ({{.*}}.exe: inline.c, [[# @LINE - 6]])

__attribute__((noinline)) long outer(long n) {
  long r = inner(n); // inner-call
  return r + 1;      // after-inner
}
// DECL-DAG: outer ({{.*}}.exe: inline.c, [[# @LINE - 4]])

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  return (int)(outer(n) & 1); // outer-call
}
// DECL-DAG: main ({{.*}}.exe: inline.c, [[# @LINE - 4]])

// The reference: llvm-symbolizer agrees with the source.
// REF: frame 0: mix inline.c:[[# @LINE - 26]] <- inner inline.c:[[# @LINE - 18]] <- outer inline.c:[[# @LINE - 12]]
// REF: frame 1: main inline.c:[[# @LINE - 6]]
// REF: frame 2: outer inline.c:[[# @LINE - 13]]
// REF: frame 3: main inline.c:[[# @LINE - 8]]

// Function list: 4 samples of 30 ms.  Exclusive: mix 3 (in inlined code
// of outer, attributed to the innermost inlined function), outer 1.
// FUNCS: Summary of statistical callstack sampling data (usertime)--
// FUNCS: 4: Total Samples
// FUNCS: 0.120: Accumulated Time (secs.)
// FUNCS: Function list, in descending order by exclusive time
// FUNCS-DAG: {{\[[0-9]\]}} 0.090 75.0% 75.0% 0.090 75.0% 3 mix
// FUNCS-DAG: {{\[[0-9]\]}} 0.030 25.0% 100.0% 0.120 100.0% 4 outer
// FUNCS-DAG: {{\[[0-9]\]}} 0.000 0.0% 100.0% 0.090 75.0% 3 inner
// FUNCS-DAG: {{\[[0-9]\]}} 0.000 0.0% 100.0% 0.120 100.0% 4 main

// Butterfly: the inline chain as caller/callee edges at the lines where
// each function was inlined, main calling outer at its call's line.
// BOUTER: main (@0x{{[0-9a-f]+}}; {{.*}}.exe: inline.c, [[# @LINE - 23]]) {{\[[0-9]+\]}}
// BOUTER-NEXT: {{\[[0-9]+\]}} 100.0% 0.120 25.0% 0.030 outer {{\[[0-9]+\]}}
// BOUTER-NEXT: 75.0% 0.090 0.090 inner (@0x{{[0-9a-f]+}} inlined; {{.*}}.exe: inline.c, [[# @LINE - 32]]) {{\[[0-9]+\]}}
// BINNER: outer (@0x{{[0-9a-f]+}} inlined; {{.*}}.exe: inline.c, [[# @LINE - 33]]) {{\[[0-9]+\]}}
// BINNER-NEXT: {{\[[0-9]+\]}} 75.0% 0.090 0.0% 0.000 inner {{\[[0-9]+\]}}
// BINNER-NEXT: 75.0% 0.090 0.090 mix (@0x{{[0-9a-f]+}} inlined; {{.*}}.exe: inline.c, [[# @LINE - 41]]) {{\[[0-9]+\]}}
// BMIX: inner (@0x{{[0-9a-f]+}} inlined; {{.*}}.exe: inline.c, [[# @LINE - 42]]) {{\[[0-9]+\]}}
// BMIX-NEXT: {{\[[0-9]+\]}} 75.0% 0.090 75.0% 0.090 mix {{\[[0-9]+\]}}
// BMIX-NEXT: -----

// Lines: mix's body line for the inlined samples.
// LINES: Line list, in descending order by time
// LINES: 0.090 75.0 75.0 3 mix ({{.*}}.exe: inline.c, [[# @LINE - 56]])
// LINES-NEXT: 0.030 25.0 100.0 1 outer ({{.*}}.exe: inline.c, [[# @LINE - 42]])
