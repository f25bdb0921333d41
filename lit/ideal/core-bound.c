// Ideal time is bounded by the real core's limits (docs/ideal-time.md,
// section 4): a loop whose body is 16 independent instructions (8 adds, 6
// loads, 2 stores) and a compare and jump that fuse into one micro-op,
// 17 fused micro-ops an iteration, cannot run faster than 17 / 4 cycles
// an iteration on Cascade Lake, which renames 4 fused micro-ops a cycle
// (LLVM 14's model dispatches 6), nor than 17 / 6 on Zen 3.  Its loads
// alone need 6 / 2 cycles on Cascade Lake, its stores 2 / 1.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -g -fss-ideal %s -o prog
// RUN: ./prog 100000
// RUN: %ssprof -cpu cascadelake -json prog.ideal.m* > skl.json
// RUN: %python %S/../tools/json_expect.py skl.json %s "[b['count'] for b in blocks('kernel') if b['count'] == 100000] == [100000]" "all(b['cycles_per_execution'] >= 17 / 4 for b in blocks('kernel') if b['count'] == 100000)" "d['ideal']['core']['name'] == 'Skylake' and d['ideal']['core']['rename_width'] == 4" "d['ideal']['core']['loads_per_cycle'] == 2 and d['ideal']['core']['stores_per_cycle'] == 1" | FileCheck %s
// RUN: %ssprof -cpu znver3 -json prog.ideal.m* > zen3.json
// RUN: %python %S/../tools/json_expect.py zen3.json %s "all(b['cycles_per_execution'] >= 17 / 6 for b in blocks('kernel') if b['count'] == 100000)" "d['ideal']['core']['name'] == 'Zen 3'" | FileCheck %s --check-prefix=ZEN3
// CHECK: json_expect: 4 checks passed
// ZEN3: json_expect: 2 checks passed
//
// The summary names the core and its limits.
// RUN: %ssprof -cpu cascadelake prog.ideal.m* | FileCheck %s --check-prefix=TEXT
// TEXT: Skylake: Core whose limits bound the cycles (prof/ideal/core_bounds.c)
// TEXT-NEXT: 4 / 2 / 1 / 3: Fused micro-ops renamed / loads / stores / memory operations a cycle, at most
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static uint64_t kernel(uint64_t *buf, long n) {
  uint64_t a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
  for (long i = 0; i < n; i++)
    __asm__ volatile("addq $1, %0\n\taddq $1, %1\n\taddq $1, %2\n\t"
                     "addq $1, %3\n\taddq $1, %4\n\taddq $1, %5\n\t"
                     "addq $1, %6\n\taddq $1, %7\n\t"
                     "movq 0(%8), %%xmm0\n\tmovq 8(%8), %%xmm1\n\t"
                     "movq 16(%8), %%xmm2\n\tmovq 24(%8), %%xmm3\n\t"
                     "movq 32(%8), %%xmm4\n\tmovq 40(%8), %%xmm5\n\t"
                     "movq %%xmm6, 48(%8)\n\tmovq %%xmm7, 56(%8)"
                     : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f),
                       "+r"(g), "+r"(h)
                     : "r"(buf)
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                       "memory");
  return a + b + c + d + e + f + g + h;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 100000;
  uint64_t buf[8] = {0};
  printf("%llu\n", (unsigned long long)kernel(buf, n));
  return 0;
}
