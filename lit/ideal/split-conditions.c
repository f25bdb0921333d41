// Branches on conditions joined by && and ||, which the code generator
// tests with a chain of jumps, one per condition: the pass makes the same
// chain in the IR before counting (pass/SplitConditions.h), so every test
// is a counted block and ssprof's instructions equal callgrind's exactly,
// per function, with no estimate.  The forms: a loop-invariant flag and a
// compare (the flag's compare is hoisted out of the loop), three
// conditions, an && under an || (the && is one value there), a negated
// ||, floating-point compares, and two flags (x != 0 || y != 0, which the
// code generator tests as one value).  At -O0 the front end already emits
// one branch per condition.
// REQUIRES: valgrind, split-conditions
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -gdwarf-4 -fss-ideal %s -o %t/o2
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o2.cg %t/o2 > %t/o2.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o2 %t/o2.cg %t/o2.ideal.m* %s
// RUN: rm -f %t/*.ideal.*
// RUN: %sscc -O0 -gdwarf-4 -fss-ideal %s -o %t/o0
// RUN: valgrind --tool=callgrind --dump-instr=yes --skip-plt=no --callgrind-out-file=%t/o0.cg %t/o0 > %t/o0.out 2>/dev/null
// RUN: env SSPROF=%ssprof %python %S/../tools/ideal_callgrind.py %t/o0 %t/o0.cg %t/o0.ideal.m* %s
#include <stdio.h>

#define N 1000

volatile int sink;

// Each value is loaded before the test, so the optimizer joins the
// conditions into one (select/and) and the code generator splits them.
__attribute__((noinline)) static void flag_and(const int *v, int n, int flag) {
  for (int i = 0; i < n; i++) {
    int a = v[i];
    if (flag && a == 1)
      sink++;
  }
}

__attribute__((noinline)) static void three(const int *v, const int *w,
                                            const int *u, int n) {
  for (int i = 0; i < n; i++) {
    int a = v[i], b = w[i], c = u[i];
    if (a > 10 && (b & 1) && c < 90)
      sink++;
  }
}

__attribute__((noinline)) static void and_under_or(const int *v,
                                                   const int *w,
                                                   const int *u, int n) {
  for (int i = 0; i < n; i++) {
    int a = v[i], b = w[i], c = u[i];
    if ((a > 10 && b < 5) || c == 3)
      sink++;
  }
}

__attribute__((noinline)) static void negated_or(const int *v, const int *w,
                                                 int n, int flag) {
  for (int i = 0; i < n; i++) {
    int a = v[i], b = w[i];
    if (!(a > 50 || b > 6) && flag)
      sink++;
  }
}

__attribute__((noinline)) static void floats(const double *d, int n) {
  for (int i = 0; i < n; i++)
    if (d[i] > 0.5 && d[i] < 2.0)
      sink++;
}

__attribute__((noinline)) static void two_flags(const int *v, const int *w,
                                                int n) {
  for (int i = 0; i < n; i++) {
    int a = v[i], b = w[i];
    if (a != 0 || b != 0)
      sink++;
  }
}

int main(int argc, char **argv) {
  (void)argv;
  static int v[N], w[N], u[N];
  static double d[N];
  for (int i = 0; i < N; i++) {
    v[i] = (i * 7) % 100;
    w[i] = i % 9;
    u[i] = (i * 13) % 97;
    d[i] = (i % 40) * 0.1;
  }
  for (int r = 0; r < 5; r++) {
    flag_and(v, N, argc > r); // the flag is false from the second round on
    three(v, w, u, N);
    and_under_or(v, w, u, N);
    negated_or(v, w, N, argc + r > 3);
    floats(d, N);
    two_flags(v, w, N);
  }
  printf("%d\n", sink);
  return 0;
}
