/*
 * heap_early.c -- what the heap trace does before it can record (see
 * heap.h; rules: rt/README.md): a static arena for dlsym's allocations
 * while the next malloc is looked up, and the addresses of the blocks
 * allocated before the trace started, so that their release later is not
 * taken for an error.
 */
#define _GNU_SOURCE
#include "heap.h"

#include "experiments.h"
#include "safe_string.h"

#include <stdlib.h>
#include <string.h>

/* -- the arena ---------------------------------------------------------------
 * Each block is preceded by its size (for realloc); blocks are never
 * given back.  dlsym asks for a few dozen bytes. */
#define ARENA_BYTES SSRT_HEAP_ARENA_BYTES
unsigned char ssrt_heap_arena[ARENA_BYTES] __attribute__((aligned(64)));
static size_t arena_used;

void *ssrt_heap_arena_alloc(size_t size, size_t align) {
  if (align < 16)
    align = 16;
  for (;;) {
    size_t used = __atomic_load_n(&arena_used, __ATOMIC_ACQUIRE);
    size_t at = (used + 16 + align - 1) & ~(align - 1);
    if (size > ARENA_BYTES || at > ARENA_BYTES - size)
      return NULL;
    if (__atomic_compare_exchange_n(&arena_used, &used, at + size, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      memcpy(ssrt_heap_arena + at - sizeof(size_t), &size, sizeof size);
      return ssrt_heap_arena + at;
    }
  }
}

void *ssrt_heap_arena_move(void *p, size_t size, void *(*alloc)(size_t)) {
  void *q = alloc(size);
  if (q && p) {
    size_t old;
    memcpy(&old, (unsigned char *)p - sizeof(size_t), sizeof old);
    memcpy(q, p, old < size ? old : size);
  }
  return q;
}

/* -- whether the trace may start ---------------------------------------------
 * 0: not known yet, 1: heap selected and not started, 2: no (another
 * experiment, or heap has started and records from now on). */
static int may_run_state;

void *ssrt_heap_untraced(void *p) {
  if (p && ssrt_heap_may_run())
    ssrt_heap_early_add(p);
  return p;
}

int ssrt_heap_may_run(void) {
  int s = __atomic_load_n(&may_run_state, __ATOMIC_ACQUIRE);
  if (s)
    return s == 1;
  extern char **environ;
  if (!environ)
    return 1; /* the C library is not set up yet: remember, to be safe */
  const char *x = getenv(SS_ENV_EXPERIMENT);
  s = x && ssrt_streq(x, "heap") ? 1 : 2;
  __atomic_store_n(&may_run_state, s, __ATOMIC_RELEASE);
  return s == 1;
}

void ssrt_heap_early_done(void) {
  __atomic_store_n(&may_run_state, 2, __ATOMIC_RELEASE);
}

/* -- blocks allocated before the trace started -------------------------------
 * An open-addressing set of addresses: 0 empty, 1 released.  A full set
 * forgets the rest (their release is then a release of a block the trace
 * never saw; ssprof counts it apart from errors: heap.h). */
#define EARLY_SLOTS 8192
static uintptr_t early[EARLY_SLOTS];
static unsigned early_count;

static unsigned slot_of(uintptr_t p) {
  return (unsigned)((p >> 4) * 2654435761u) & (EARLY_SLOTS - 1);
}

void ssrt_heap_early_add(const void *p) {
  uintptr_t key = (uintptr_t)p;
  if (__atomic_load_n(&early_count, __ATOMIC_RELAXED) >= EARLY_SLOTS / 2)
    return;
  unsigned i = slot_of(key);
  for (unsigned n = 0; n < EARLY_SLOTS; n++, i = (i + 1) & (EARLY_SLOTS - 1)) {
    uintptr_t cur = __atomic_load_n(&early[i], __ATOMIC_ACQUIRE);
    if (cur == key)
      return;
    if ((cur == 0 || cur == 1) &&
        __atomic_compare_exchange_n(&early[i], &cur, key, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      __atomic_fetch_add(&early_count, 1, __ATOMIC_RELAXED);
      return;
    }
  }
}

int ssrt_heap_early_take(const void *p) {
  if (!__atomic_load_n(&early_count, __ATOMIC_ACQUIRE))
    return 0;
  uintptr_t key = (uintptr_t)p;
  unsigned i = slot_of(key);
  for (unsigned n = 0; n < EARLY_SLOTS; n++, i = (i + 1) & (EARLY_SLOTS - 1)) {
    uintptr_t cur = __atomic_load_n(&early[i], __ATOMIC_ACQUIRE);
    if (cur == 0)
      return 0;
    if (cur == key)
      return __atomic_compare_exchange_n(&early[i], &cur, 1, 0,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  }
  return 0;
}
