// Code the code generator adds for the program, with the line of one of
// the instrumentation's instructions: after search()'s inner loop, whose
// counter is kept in a register and added to memory at the loop's exit,
// `back`'s value after the loop is recomputed (+1 of what the loop left in
// its induction register) right at that exit, and takes the row of the
// counter update it lands before.  The program then computes with it
// (len = 2 - back), so it is the program's: ssprof gives an instruction on
// the instrumentation's row whose register the program reads, on some
// path before it is set again, to the program (prof/mcode/instrumentation_code.c), and
// so does the line-table reading of lit/tools/ideal_callgrind.py, written
// on its own (bench/lib/linetable.py): their counts agree exactly, and the
// reading finds such instructions executed here (--released).
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %llvm14_patterns --released %t/o2 %t/o2.cg %t/o2.ideal.m* %s
#include <stdio.h>
#include <string.h>
#define N 4096
static unsigned char text[N];
static int cands[64];
__attribute__((noinline)) static int search(const unsigned char *ip, const unsigned char *base,
                                            int nc, const unsigned char *iMin) {
  int best = 0, where = 0;
  for (int c = 0; c < nc; c++) {
    const unsigned char *match = base + cands[c];
    if (match[0] != ip[0] || match[1] != ip[1])
      continue;
    int back = 0;
    int min = (int)(iMin - ip > base - match ? iMin - ip : base - match);
    while (back > min && ip[back - 1] == match[back - 1])
      back--;
    int len = 2 - back;
    if (len > best) { best = len; where = c; }
  }
  return best * 64 + where;
}
int main(void) {
  unsigned s = 1;
  for (int i = 0; i < N; i++) { s = s * 1103515245 + 12345; text[i] = "ab"[(s >> 16) & 1]; }
  for (int i = 0; i < 64; i++) cands[i] = i * 37 % 2000;
  long total = 0;
  for (int p = 2100; p < N; p++) total += search(text + p, text, 64, text);
  printf("%ld\n", total);
  return 0;
}
