// Direct recursion (fib) and mutual recursion (is_even/is_odd); call counts
// come from the recurrence, computed here independently of the run.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2 %t/O3
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O3 && %sscc -O3 -fss-ideal -I%inputs %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#define TALLY_MAIN
#include "tally.h"

NOINLINE long fib(int n) {
  ENTER();
  if (n < 2) {
    HIT();
    return n;
  }
  long r = fib(n - 1) + fib(n - 2);
  /* Keeps both calls real calls: no tail-recursion elimination. */
  __asm__ volatile("" : "+r"(r));
  return r;
}

NOINLINE int is_odd(unsigned n);
NOINLINE int is_even(unsigned n) {
  ENTER();
  if (n == 0) {
    HIT();
    return 1;
  }
  return is_odd(n - 1);
}
NOINLINE int is_odd(unsigned n) {
  ENTER();
  if (n == 0) {
    HIT();
    return 0;
  }
  return is_even(n - 1);
}

/* calls(fib(n)) = 1 + calls(fib(n-1)) + calls(fib(n-2)), calls(0)=calls(1)=1 */
static long fib_calls(int n) {
  long a = 1, b = 1; /* calls for n-2, n-1 */
  if (n < 2)
    return 1;
  for (int k = 2; k <= n; k++) {
    long c = 1 + a + b;
    a = b;
    b = c;
  }
  return b;
}

int main(void) {
  long f = fib(20);
  int e = 0;
  for (unsigned n = 0; n < 50; n++)
    e += is_even(n);
  printf("fib %ld even %d\n", f, e);
  tally_report();
  /* Arithmetic, not tallies: the same numbers from the recurrences. */
  printf("SSCHECK calls fib %ld\n", fib_calls(20));
  /* is_even(n) runs n+1 calls alternating even/odd starting with even. */
  long even_calls = 0, odd_calls = 0;
  for (unsigned n = 0; n < 50; n++) {
    even_calls += n / 2 + 1;
    odd_calls += (n + 1) / 2;
  }
  printf("SSCHECK calls is_even %ld\nSSCHECK calls is_odd %ld\n", even_calls,
         odd_calls);
  printf("SSCHECK pair main fib 1\nSSCHECK pair fib fib %ld\n",
         fib_calls(20) - 1);
  return 0;
}
