/*
 * xalloc.h -- allocation that cannot fail: on exhaustion ssprof prints one
 * line and exits with status 1 (the only sensible thing a report tool can
 * do).  Sizes are checked for multiplication overflow.
 */
#ifndef SSPROF_XALLOC_H
#define SSPROF_XALLOC_H

#include <stddef.h>

void *ss_xmalloc(size_t size);
void *ss_xcalloc(size_t count, size_t size);
void *ss_xrealloc_array(void *ptr, size_t count, size_t size);
char *ss_xstrdup(const char *s);
char *ss_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *ptr (holding *cap elements of `size`) so that index `need` fits. */
void ss_grow(void **ptr, size_t *cap, size_t need, size_t size);

#define SS_GROW(ptr, cap, need)                                                \
  ss_grow((void **)&(ptr), &(cap), (need), sizeof *(ptr))

#endif
