/*
 * bump_alloc.c -- an allocator of the test's own, in a shared library the
 * program links (as jemalloc or tcmalloc would be): malloc, calloc,
 * realloc and free over one static region, blocks never reused.  free
 * forgives what the C library's would abort on (a block released twice, a
 * pointer it never gave), so the program lives on to report.  It counts
 * the calls that reached it (bump_counts), the test's independent figure
 * of what the heap trace must have seen.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define REGION (64u << 20)
static unsigned char region[REGION] __attribute__((aligned(64)));
static size_t used;
static long allocations, releases;

struct header {
  size_t size;
  size_t live;
};

void bump_counts(long *allocs, long *frees) {
  *allocs = __atomic_load_n(&allocations, __ATOMIC_SEQ_CST);
  *frees = __atomic_load_n(&releases, __ATOMIC_SEQ_CST);
}

static void *take(size_t size) {
  size_t need = (sizeof(struct header) + size + 15) & ~(size_t)15;
  size_t at = __atomic_fetch_add(&used, need, __ATOMIC_SEQ_CST);
  if (at + need > REGION)
    return NULL;
  struct header *h = (struct header *)(region + at);
  h->size = size;
  h->live = 1;
  return h + 1;
}

static struct header *header_of(void *p) {
  unsigned char *c = p;
  if (c < region + sizeof(struct header) || c >= region + REGION)
    return NULL;
  return (struct header *)p - 1;
}

void *malloc(size_t size) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_SEQ_CST);
  return take(size);
}

void *calloc(size_t n, size_t m) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_SEQ_CST);
  return take(n * m); /* the region is zeroed and never reused */
}

void *realloc(void *p, size_t size) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_SEQ_CST);
  void *q = take(size);
  struct header *h = p ? header_of(p) : NULL;
  if (q && h) {
    memcpy(q, p, h->size < size ? h->size : size);
    h->live = 0;
    __atomic_fetch_add(&releases, 1, __ATOMIC_SEQ_CST);
  }
  return q;
}

void free(void *p) {
  if (!p)
    return;
  __atomic_fetch_add(&releases, 1, __ATOMIC_SEQ_CST);
  struct header *h = header_of(p);
  if (h && h->live)
    h->live = 0;
}
