/* xalloc.c -- allocation wrappers that exit on exhaustion. */
#include "base.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size) {
  fprintf(stderr, "ssprof: out of memory (allocating %zu bytes)\n", size);
  exit(1);
}

void *ss_xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *ss_xcalloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    out_of_memory(SIZE_MAX);
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory(count * size);
  return p;
}

void *ss_xrealloc_array(void *ptr, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    out_of_memory(SIZE_MAX);
  size_t bytes = count * size;
  void *p = realloc(ptr, bytes ? bytes : 1);
  if (!p)
    out_of_memory(bytes);
  return p;
}

char *ss_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = ss_xmalloc(n);
  memcpy(p, s, n);
  return p;
}

char *ss_xasprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    n = 0;
  char *p = ss_xmalloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void ss_grow(void **ptr, size_t *cap, size_t need, size_t size) {
  if (need < *cap)
    return;
  size_t n = *cap ? *cap : 8;
  while (n <= need) {
    if (n > SIZE_MAX / 2)
      out_of_memory(SIZE_MAX);
    n *= 2;
  }
  *ptr = ss_xrealloc_array(*ptr, n, size);
  *cap = n;
}
