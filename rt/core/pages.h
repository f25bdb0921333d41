/*
 * pages.h -- runtime-owned memory.
 *
 * Everything the runtime keeps (retired modules, module-map snapshots, the
 * alternate signal stack, the command line) lives in anonymous mappings,
 * never in the malloc heap: the heap may be corrupt when a fatal signal
 * arrives, the program may replace malloc, and a forked child or an
 * instrumented malloc must not see the runtime's allocations.
 */
#ifndef SSRT_PAGES_H
#define SSRT_PAGES_H

#include <stddef.h>

/* Zero-filled, readable and writable; NULL on failure. */
void *ssrt_pages_alloc(size_t size);
void ssrt_pages_free(void *p, size_t size);

#endif
