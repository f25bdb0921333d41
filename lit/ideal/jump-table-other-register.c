// A switch whose index stays live in its cases: the code generator loads
// the table's entry into another register than the index,
// `movslq (%rB,%rI,4), %rD; addq %rB, %rD; jmpq *%rD` (SQLite's
// sqlite3_str_vappendf has this form).  ssprof reads that table too, so
// no block of classify() is an estimate and its instructions equal
// callgrind's exactly (lit/tools/ideal_callgrind.py); unread, the jump's
// unknown targets left every count of the function that flow gives to an
// estimate.
// REQUIRES: valgrind
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// The table jump has the form this test is about:
// RUN: llvm-objdump-14 -d --no-show-raw-insn %t/o2 | awk '/<classify>:/,/^$/' | grep -cP 'movslq\t\(%%\w+,%%(\w+),4\), %%(?!\1\b)\w+' | FileCheck %s --check-prefix=FORM
// FORM: {{^1$}}
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
#include <stdio.h>

static volatile long sink;
struct info {
  unsigned char kind, base;
};
static const struct info table[] = {{0, 10}, {1, 16}, {2, 8}, {3, 2}, {4, 10},
                                    {5, 16}, {6, 8},  {7, 2}, {8, 3}, {9, 5}};

__attribute__((noinline)) static long classify(const unsigned char *s, long n) {
  long acc = 0;
  for (long i = 0; i < n; i++) {
    unsigned long k = table[s[i] % 10].kind;
    switch (k) {
    case 0: acc += k * 3 + i; break;
    case 1: acc ^= k << i % 7; break;
    case 2: acc -= k + i; break;
    case 3: sink = k; acc += 5; break;
    case 4: acc = acc * 3 + k; break;
    case 5: acc += k * k; break;
    case 6: acc -= k * 7; break;
    case 7: sink = k * i; break;
    default: acc += k + 1; break;
    }
    acc += k * table[k].base; // k is live in every case
  }
  return acc;
}

int main(void) {
  unsigned char buf[3000];
  for (int i = 0; i < 3000; i++)
    buf[i] = (unsigned char)(i * 37 + i / 7);
  printf("%ld\n", classify(buf, 3000));
  return 0;
}
