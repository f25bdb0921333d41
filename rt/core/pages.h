/*
 * pages.h -- runtime-owned memory: anonymous mappings, never the malloc
 * heap (rt/README.md says why), for what the runtime keeps: retired
 * modules, unloaded objects, module-map snapshots, counter sets, the
 * alternate signal stack, the command line.
 */
#ifndef SSRT_PAGES_H
#define SSRT_PAGES_H

#include <stddef.h>

/* Zero-filled, readable and writable; NULL on failure. */
void *ssrt_pages_alloc(size_t size);
void ssrt_pages_free(void *p, size_t size);

#endif
