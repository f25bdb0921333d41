/* pages.c -- runtime-owned memory from mmap (see pages.h; rules:
 * rt/README.md). */
#include "pages.h"

#include <sys/mman.h>

void *ssrt_pages_alloc(size_t size) {
  if (size == 0)
    size = 1;
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void ssrt_pages_free(void *p, size_t size) {
  if (p)
    munmap(p, size ? size : 1);
}
