/* Two procedures with loads on known lines, for the ldlatency listing
 * tests: synthetic samples are placed on their load instructions. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long walk(const int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += p[i]; // WALK-LOAD
  return s;
}

__attribute__((noinline)) int chase(int *const *q) {
  return **q; // CHASE-LOAD
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 64 + argc;
  int *a = calloc((size_t)n, sizeof *a);
  int *ap = a;
  printf("%ld %d\n", walk(a, n), chase(&ap));
  free(a);
  return 0;
}
