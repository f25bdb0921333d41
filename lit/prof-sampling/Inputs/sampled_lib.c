/* A shared library for lit/prof-sampling/shared-lib.c. */
long lib_work(long n) { // lib-work
  long s = 0;
  for (long i = 0; i < n; i++)
    s += i * i; // lib-loop
  return s;
}
