// A thread's first call into an instrumented module compiled as for a
// shared library (-fPIC) takes the cold path (the runtime hands the thread
// its counters) and then starts the function over.  Arguments of every
// kind must arrive intact: a large struct returned (sret), floating-point
// arguments, many integer arguments after the restart; a large struct by
// value (byval) and varargs, which a restart cannot pass on, after the
// cold path rejoins the function (LLVM 14 once overwrote the return
// address restarting with a byval argument).  The callees are a module of
// their own, and each thread's first call into it is a different one of
// them; the program checks the results itself and the counts are
// arithmetic.
// RUN: rm -rf %t && mkdir -p %t/O0 %t/O2
// RUN: cd %t/O0 && %sscc -O0 -fss-ideal -fPIC -DCALLEES -c %s -o callees.o && %sscc -O0 -fss-ideal -pthread %s callees.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
// RUN: cd %t/O2 && %sscc -O2 -fss-ideal -fPIC -DCALLEES -c %s -o callees.o && %sscc -O2 -fss-ideal -pthread %s callees.o -o prog && ./prog > out && %sscheck out prog.ideal.m*
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define KINDS 4
#define PER_KIND 2

struct big {
  long v[12];
};

#ifdef CALLEES
NOINLINE long sum_big(struct big b, double scale) {
  long s = 0;
  for (int i = 0; i < 12; i++)
    s += b.v[i];
  return (long)(s * scale);
}

NOINLINE struct big make_big(long seed, float step) {
  struct big b;
  for (int i = 0; i < 12; i++)
    b.v[i] = seed + (long)(i * step);
  return b;
}

NOINLINE long sum_varargs(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++)
    s += va_arg(ap, long);
  va_end(ap);
  return s;
}

NOINLINE long many(long a, long b, long c, long d, long e, long f, long g,
                   long h, double x, double y) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h +
         (long)(x * y);
}

#else
struct big make_big(long seed, float step);
long sum_big(struct big b, double scale);
long sum_varargs(int n, ...);
long many(long a, long b, long c, long d, long e, long f, long g, long h,
          double x, double y);

static void expect(long got, long want, const char *what) {
  if (got != want) {
    fprintf(stderr, "%s: got %ld, want %ld\n", what, got, want);
    exit(1);
  }
}

static void call_one(int kind, long k) {
  struct big b;
  switch (kind) {
  case 0:
    b = make_big(k, 2.0f); // v[i] = k + 2i: sum 12k + 132
    expect(b.v[11], k + 22, "make_big");
    break;
  case 1:
    for (int i = 0; i < 12; i++)
      b.v[i] = k + 2 * i;
    expect(sum_big(b, 2.0), 2 * (12 * k + 132), "sum_big");
    break;
  case 2:
    expect(sum_varargs(3, k, 10L, 100L), k + 110, "sum_varargs");
    break;
  default:
    expect(many(k, 1, 1, 1, 1, 1, 1, 1, 1.5, 4.0), k + 35 + 6, "many");
  }
}

// Thread k's first call into the callees is one of kind k % KINDS.
__attribute__((noinline)) static void *first_calls(void *arg) {
  long k = (long)arg;
  for (int i = 0; i < KINDS; i++)
    call_one((int)((k + i) % KINDS), k);
  return NULL;
}

int main(void) {
  enum { THREADS = KINDS * PER_KIND };
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
#endif
