/* libmerge.c -- a small shared library that two programs of
 * lit/counts/lib-merge.c use.  lm_twice calls the static lm_step twice a
 * call; lm_apply calls the program's callback n times.  With -DLM_OTHER
 * it is another build of the library (one more function). */
#define NOINLINE __attribute__((noinline))

static NOINLINE int lm_step(int x) { return x * 3 + 1; }

NOINLINE int lm_add(int a, int b) { return a + b; }

NOINLINE int lm_twice(int x) { return lm_step(x) + lm_step(x + 1); }

NOINLINE int lm_apply(int (*f)(int), int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += f(i);
  return s;
}

NOINLINE int lm_unused(int x) { return x - 1; }

#ifdef LM_OTHER
NOINLINE int lm_other(int x) { return x + 7; }
#endif
