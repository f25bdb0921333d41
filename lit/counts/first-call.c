// The first call into an instrumented module on a new thread takes the cold
// path (the runtime hands the thread its counters) and then starts the
// function over.  Arguments of every kind must arrive intact the second
// time: a large struct by value (byval), a large struct returned (sret),
// floating-point arguments, varargs, many integer arguments.  Each thread
// makes these calls first; the program checks the results itself and the
// counts are arithmetic.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define THREADS 6

struct big {
  long v[12];
};

NOINLINE static long sum_big(struct big b, double scale) {
  long s = 0;
  for (int i = 0; i < 12; i++)
    s += b.v[i];
  return (long)(s * scale);
}

NOINLINE static struct big make_big(long seed, float step) {
  struct big b;
  for (int i = 0; i < 12; i++)
    b.v[i] = seed + (long)(i * step);
  return b;
}

NOINLINE static long sum_varargs(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, long);
  va_end(ap);
  return s;
}

NOINLINE static long many(long a, long b, long c, long d, long e, long f,
                          long g, long h, double x, double y) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h +
         (long)(x * y);
}

static void expect(long got, long want, const char *what) {
  if (got != want) {
    fprintf(stderr, "%s: got %ld, want %ld\n", what, got, want);
    exit(1);
  }
}

NOINLINE static void *first_calls(void *arg) {
  long k = (long)arg;
  // Each is the thread's first call of that function.
  struct big b = make_big(k, 2.0f); // v[i] = k + 2i: sum 12k + 132
  expect(sum_big(b, 2.0), 2 * (12 * k + 132), "sum_big");
  expect(sum_varargs(3, k, 10L, 100L), k + 110, "sum_varargs");
  expect(many(k, 1, 1, 1, 1, 1, 1, 1, 1.5, 4.0), k + 35 + 6, "many");
  return NULL;
}

int main(void) {
  pthread_t t[THREADS];
  for (long k = 0; k < THREADS; k++)
    pthread_create(&t[k], NULL, first_calls, (void *)k);
  for (int k = 0; k < THREADS; k++)
    pthread_join(t[k], NULL);
  first_calls((void *)100);
  printf("SSCHECK calls first_calls %d\n", THREADS + 1);
  printf("SSCHECK calls make_big %d\nSSCHECK calls sum_big %d\n", THREADS + 1,
         THREADS + 1);
  printf("SSCHECK calls sum_varargs %d\nSSCHECK calls many %d\n", THREADS + 1,
         THREADS + 1);
  return 0;
}
