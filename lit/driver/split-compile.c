// A compile sscc splits in two processes (driver/split_compile.h: clang -S,
// then clang's assembler) makes the object the one-step compile makes: the
// same code and symbols, the same line table but for where its last sequence
// ends, a dependency file that names the object; so the program's counts are
// exact (its own tallies) and its ideal listing is the one-step program's.
// A compile error ends it with clang's message and status, and no file is left.
// RUN: rm -rf %t && mkdir -p %t/one/sub %t/split/sub %t/tmp
// RUN: cd %t/one && env SSCC_SPLIT_BYTES=off %sscc -O2 -fss-ideal -Wall -Werror -Wa,--noexecstack -I%inputs -MD -c %s -o sub/prog.o
// RUN: cd %t/split && env TMPDIR=%t/tmp SSCC_SPLIT_BYTES=0 %sscc -O2 -fss-ideal -Wall -Werror -Wa,--noexecstack -I%inputs -MD -c %s -o sub/prog.o -v 2> verbose
// RUN: grep -c -- '-cc1as' verbose | FileCheck %s --check-prefix=TWO
// TWO: {{^1$}}
// RUN: ls %t/tmp | count 0
// RUN: llvm-objcopy --dump-section=.text=%t/one/text %t/one/sub/prog.o %t/one/scratch.o
// RUN: llvm-objcopy --dump-section=.text=%t/split/text %t/split/sub/prog.o %t/split/scratch.o
// RUN: cmp %t/one/text %t/split/text
// The padding too where the code is tuned for a CPU of -march's.
// RUN: cd %t/one && env SSCC_SPLIT_BYTES=off %sscc -O2 -march=haswell -fss-ideal -I%inputs -c %s -o haswell.o
// RUN: cd %t/split && env SSCC_SPLIT_BYTES=0 %sscc -O2 -march=haswell -fss-ideal -I%inputs -c %s -o haswell.o
// RUN: llvm-objcopy --dump-section=.text=%t/one/text-haswell %t/one/haswell.o %t/one/scratch.o
// RUN: llvm-objcopy --dump-section=.text=%t/split/text-haswell %t/split/haswell.o %t/split/scratch.o
// RUN: cmp %t/one/text-haswell %t/split/text-haswell
// RUN: llvm-nm %t/one/sub/prog.o > %t/one/nm && llvm-nm %t/split/sub/prog.o > %t/split/nm && diff %t/one/nm %t/split/nm
// RUN: llvm-dwarfdump --debug-line %t/one/sub/prog.o | grep -v 'file format' | grep -v end_sequence > %t/one/lines
// RUN: llvm-dwarfdump --debug-line %t/split/sub/prog.o | grep -v 'file format' | grep -v end_sequence > %t/split/lines
// RUN: diff %t/one/lines %t/split/lines
// Both objects have one name: clang wraps a dependency line by its length.
// RUN: diff %t/one/sub/prog.d %t/split/sub/prog.d
// RUN: cd %t/one && %sscc -O2 -fss-ideal sub/prog.o -o prog && ./prog > out
// RUN: cd %t/split && %sscc -O2 -fss-ideal sub/prog.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: %ssprof %t/one/prog.ideal.m* | grep -v -e 'ssprof ' -e 'From file' -e PID -e '/prog$' -e "run's user time" -e generated > %t/one/listing
// RUN: %ssprof %t/split/prog.ideal.m* | grep -v -e 'ssprof ' -e 'From file' -e PID -e '/prog$' -e "run's user time" -e generated > %t/split/listing
// RUN: diff %t/one/listing %t/split/listing
// RUN: FileCheck %s --check-prefix=LISTING < %t/split/listing
// LISTING: Function list, in descending order by exclusive ideal time
// LISTING: classify (prog: split-compile.c,
//
// RUN: printf 'int broken(void) { return }\n' > %t/broken.c
// RUN: cd %t && env TMPDIR=%t/tmp SSCC_SPLIT_BYTES=0 %python %S/Inputs/status.py 1 %sscc -O2 -fss-ideal -c broken.c -o broken.o 2> err
// RUN: FileCheck %s --check-prefix=ERROR < %t/err
// ERROR: broken.c:1:27: error: expected expression
// RUN: not ls %t/broken.o
// RUN: ls %t/tmp | count 0
#include <stdio.h>
#define TALLY_MAIN
#include "tally.h"

NOINLINE static int classify(int v) {
  ENTER();
  if (v % 3 == 0) {
    HIT();
    return 0;
  }
  if (v % 5 == 0) {
    HIT();
    return 1;
  }
  return 2;
}

int main(void) {
  int kinds[3] = {0, 0, 0};
  for (int i = 0; i < 1000; i++)
    kinds[classify(i)]++;
  printf("%d %d %d\n", kinds[0], kinds[1], kinds[2]);
  tally_report();
  return 0;
}
