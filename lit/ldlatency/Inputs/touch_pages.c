/* Touches PAGES fresh pages per thread (argv[1] threads, 1 or 2; thread k
 * touches PAGES * (k + 1)), one write per page, in touch(): each write is
 * one page fault.  madvise(MADV_NOHUGEPAGE) keeps one fault per page. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGES 300

__attribute__((noinline)) static void touch(char *p, long n, long page) {
  for (long i = 0; i < n; i++)
    p[i * page] = 1;
}

static void *run(void *arg) {
  long n = PAGES * (long)(size_t)arg;
  long page = sysconf(_SC_PAGESIZE);
  char *p = mmap(NULL, (size_t)(n * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || madvise(p, (size_t)(n * page), MADV_NOHUGEPAGE) != 0)
    abort();
  touch(p, n, page);
  return NULL;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 1;
  if (threads == 1) {
    run((void *)1);
    return 0;
  }
  pthread_t t[2];
  for (long k = 0; k < 2; k++)
    pthread_create(&t[k], NULL, run, (void *)(k + 1));
  for (int k = 0; k < 2; k++)
    pthread_join(t[k], NULL);
  return 0;
}
