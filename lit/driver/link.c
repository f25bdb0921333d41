// Real compiles and links (needs build/lib/libssrt.so, and for -fss-ideal
// build/lib/libSSPass.so).  The runtime is added to every link in
// --as-needed form: a program with no instrumented code does not even record
// it as needed; an instrumented one does, runs and leaves its experiment file.
// RUN: rm -rf %t && mkdir -p %t/plain %t/ideal %t/split
//
// A plain compile+link: clang's behaviour, nothing on stderr, no runtime.
// RUN: %sscc -O2 %s -o %t/plain/prog 2> %t/plain/err
// RUN: count 0 < %t/plain/err
// RUN: cd %t/plain && ./prog | FileCheck %s --check-prefix=OUT
// RUN: llvm-readelf -d %t/plain/prog | FileCheck %s --check-prefix=PLAIN --implicit-check-not=libssrt
// PLAIN: (NEEDED) Shared library: [libc.so
// RUN: cd %t/plain && ls | FileCheck %s --check-prefix=NOFILE --implicit-check-not=.ideal.
// NOFILE: prog
//
// A user's -x c before the inputs does not swallow our additions.
// RUN: %sscc -x c %s -o %t/plain/xc 2> %t/plain/xc.err
// RUN: count 0 < %t/plain/xc.err
// RUN: %t/plain/xc | FileCheck %s --check-prefix=OUT
//
// -fss-ideal, compile and link in one step.
// RUN: %sscc -O2 -fss-ideal %s -o %t/ideal/prog 2> %t/ideal/err
// RUN: count 0 < %t/ideal/err
// RUN: llvm-readelf -d %t/ideal/prog | FileCheck %s --check-prefix=NEEDED
// NEEDED-DAG: (NEEDED) Shared library: [libssrt.so
// NEEDED-DAG: Library {{runpath|rpath}}: [{{.*}}/lib]
// RUN: cd %t/ideal && ./prog | FileCheck %s --check-prefix=OUT
// RUN: cd %t/ideal && ls prog.ideal.m* | count 1
//
// -fss-ideal objects linked by a command without the flag (as build systems
// do when the link line does not use CFLAGS), -x c included.
// RUN: %sscc -O2 -fss-ideal -x c -c %s -o %t/split/prog.o
// RUN: %sscc %t/split/prog.o -o %t/split/prog 2> %t/split/err
// RUN: count 0 < %t/split/err
// RUN: cd %t/split && ./prog | FileCheck %s --check-prefix=OUT
// RUN: cd %t/split && ls prog.ideal.m* | count 1
//
// OUT: sum of squares 1..1000 = 333833500
#include <stdio.h>

static long sum_of_squares(int n) {
  long s = 0;
  for (int i = 1; i <= n; i++)
    s += (long)i * i;
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  // argc keeps the bound opaque to the optimizer: the loop really runs.
  printf("sum of squares 1..1000 = %ld\n", sum_of_squares(999 + argc));
  return 0;
}
