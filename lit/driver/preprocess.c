// -E, -M, -MM (and -dM -E, which configure scripts use) must give clang's
// output byte for byte, with and without -fss-ideal, for sscc and sscc++.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -E %s > %t/clang.i
// RUN: %sscc -E %s > %t/sscc.i
// RUN: diff %t/clang.i %t/sscc.i
// RUN: %sscc -E -fss-ideal %s > %t/sscc-ideal.i
// RUN: diff %t/clang.i %t/sscc-ideal.i
// RUN: %clang -E -DGREETING=\"hi\" -O2 %s > %t/clang-o2.i
// RUN: %sscc -fss-ideal -O2 -E -DGREETING=\"hi\" %s > %t/sscc-o2.i
// RUN: diff %t/clang-o2.i %t/sscc-o2.i
// RUN: %clang -dM -E %s > %t/clang.dm
// RUN: %sscc -fss-ideal -dM -E %s > %t/sscc.dm
// RUN: diff %t/clang.dm %t/sscc.dm
// RUN: %clang -M %s > %t/clang.M
// RUN: %sscc -M %s > %t/sscc.M
// RUN: diff %t/clang.M %t/sscc.M
// RUN: %sscc -M -fss-ideal %s > %t/sscc-ideal.M
// RUN: diff %t/clang.M %t/sscc-ideal.M
// RUN: %clang -MM %s > %t/clang.MM
// RUN: %sscc -MM %s > %t/sscc.MM
// RUN: diff %t/clang.MM %t/sscc.MM
// RUN: %sscc -fss-ideal -MM %s > %t/sscc-ideal.MM
// RUN: diff %t/clang.MM %t/sscc-ideal.MM
// RUN: %clangxx -x c++ -E %s > %t/clangxx.ii
// RUN: %ssxx -x c++ -E -fss-ideal %s > %t/ssxx.ii
// RUN: diff %t/clangxx.ii %t/ssxx.ii
// RUN: %clangxx -x c++ -MM %s > %t/clangxx.MM
// RUN: %ssxx -x c++ -MM -fss-ideal %s > %t/ssxx.MM
// RUN: diff %t/clangxx.MM %t/ssxx.MM
// Nothing of sscc's own on stderr.
// RUN: %sscc -E -fss-ideal %s -o %t/quiet.i 2> %t/err
// RUN: count 0 < %t/err
#include <stdio.h>
#include <limits.h>

#ifndef GREETING
#define GREETING "hello"
#endif

#ifdef __cplusplus
#define LANGUAGE "C++"
#else
#define LANGUAGE "C"
#endif

int main(void) {
  printf("%s from %s, INT_MAX=%d\n", GREETING, LANGUAGE, INT_MAX);
  return 0;
}
