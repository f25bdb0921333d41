/*
 * heap_calls.c -- the C allocator's functions, in front of the next
 * definition (see heap.h; rules: rt/README.md).  Each forwards unchanged
 * without the trace; with it, records one event for the program's call.
 *
 * Free when the trace cannot run: at load, once the real functions are
 * known, the library decides whether the heap trace may run in this image
 * (the environment selected it: ssrun -heap; heap_early.c).  If not --
 * another experiment, or none -- ssrt_heap_forward_only is set and every
 * wrapper (operator new and delete too: heap_cxx.c)
 * forwards after one load and one predictable branch, with a range check
 * for the blocks of the arena where a release may get one.  Until then
 * (dlsym's own calls during the lookup, the constructors of libraries that
 * run before this one, threads they started) and whenever the trace may
 * run, the wrappers take the full path below, as exact as before.  The
 * flag never goes back to 0 in the image: the experiment is chosen once,
 * by the constructors, from the environment; a forked child keeps it; an
 * exec'ed image decides again.
 */
#define _GNU_SOURCE
#include "heap.h"

#include "ss/format.h"

#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static void *(*real_reallocarray)(void *, size_t, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static void *(*real_valloc)(size_t);
static void *(*real_pvalloc)(size_t);

int ssrt_heap_forward_only;

/* Set while dlsym looks the functions up: it may call calloc or malloc,
 * which the static arena then serves. */
static int resolving;

static void resolve(void) {
  if (__atomic_exchange_n(&resolving, 1, __ATOMIC_ACQ_REL))
    return;
  *(void **)&real_calloc = dlsym(RTLD_NEXT, "calloc");
  *(void **)&real_realloc = dlsym(RTLD_NEXT, "realloc");
  *(void **)&real_free = dlsym(RTLD_NEXT, "free");
  *(void **)&real_reallocarray = dlsym(RTLD_NEXT, "reallocarray");
  *(void **)&real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
  *(void **)&real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
  *(void **)&real_memalign = dlsym(RTLD_NEXT, "memalign");
  *(void **)&real_valloc = dlsym(RTLD_NEXT, "valloc");
  *(void **)&real_pvalloc = dlsym(RTLD_NEXT, "pvalloc");
  void *m = dlsym(RTLD_NEXT, "malloc");
  __atomic_store_n((void **)&real_malloc, m, __ATOMIC_RELEASE);
  __atomic_store_n(&resolving, 0, __ATOMIC_RELEASE);
}

/* The real functions are known (after the first call), or the caller is
 * dlsym's own allocation, served from the arena. */
static int ready(void) {
  if (__atomic_load_n((void **)&real_malloc, __ATOMIC_ACQUIRE))
    return 1;
  if (__atomic_load_n(&resolving, __ATOMIC_ACQUIRE))
    return 0;
  resolve();
  return real_malloc != NULL;
}

/* The heap part's start (heap_part.c) runs in the runtime's constructor,
 * before or after this one: either the trace runs or the environment
 * says it will not, and both are settled now. */
__attribute__((constructor)) static void resolve_at_load(void) {
  if (ready() && real_calloc && real_realloc && real_free &&
      real_reallocarray && !ssrt_heap_running() && !ssrt_heap_may_run())
    __atomic_store_n(&ssrt_heap_forward_only, 1, __ATOMIC_RELEASE);
}

void *ssrt_heap_real_malloc(size_t size) {
  return ready() ? real_malloc(size) : ssrt_heap_arena_alloc(size, 16);
}

void ssrt_heap_real_free(void *p) {
  if (p && !ssrt_heap_in_arena(p) && ready())
    real_free(p);
}

/* A release of `p` while the trace runs: whether it was allocated before
 * the trace started (SS_EVENT_HEAP_UNTRACED). */
static uint16_t release_flags(void *p) {
  return p && ssrt_heap_early_take(p) ? SS_EVENT_HEAP_UNTRACED : 0;
}

static size_t product(size_t n, size_t m) {
  size_t r;
  return __builtin_mul_overflow(n, m, &r) ? SIZE_MAX : r;
}

SSRT_EXPORT void *malloc(size_t size) {
  if (ssrt_heap_forwarding())
    return real_malloc(size);
  if (!ready())
    return ssrt_heap_arena_alloc(size, 16);
  SSRT_HEAP_ALLOCATION(SS_HEAP_MALLOC, size, 0, real_malloc(size));
}

SSRT_EXPORT void *calloc(size_t n, size_t m) {
  if (ssrt_heap_forwarding())
    return real_calloc(n, m);
  if (!ready() || !real_calloc)
    return ssrt_heap_arena_alloc(product(n, m), 16); /* zeroed: static */
  SSRT_HEAP_ALLOCATION(SS_HEAP_CALLOC, product(n, m), 0, real_calloc(n, m));
}

/* free, realloc and reallocarray keep registers on their full path, and
 * the compiler then saves them before the test: the full path is a
 * function of its own (SSRT_HEAP_FULL_PATH in heap.h). */
static SSRT_HEAP_FULL_PATH void free_full(void *p) {
  if (!p || ssrt_heap_in_arena(p))
    return;
  if (!ready())
    return; /* cannot happen: p came from somewhere */
  if (!ssrt_heap_traced()) {
    if (ssrt_heap_may_run())
      ssrt_heap_early_take(p);
    real_free(p);
    return;
  }
  ssrt_heap_enter();
  /* Recorded before the real free: a double free the allocator aborts on
   * is in the file (written from the fatal-signal handler). */
  ssrt_heap_record(SS_HEAP_FREE, 0, (uintptr_t)p, 0, 0, release_flags(p),
                   ssrt_heap_now(), HEAP_CALLER, HEAP_FRAME);
  real_free(p);
  ssrt_heap_leave();
}

SSRT_EXPORT void free(void *p) {
  if (ssrt_heap_forwarding() && !ssrt_heap_in_arena(p)) {
    real_free(p);
    return;
  }
  free_full(p);
}

/* realloc and reallocarray: the old block is released when a new one
 * comes back, or when the size is 0 and NULL comes back (glibc frees it). */
#define REALLOCATION(kind, p, size, call)                                      \
  do {                                                                         \
    if (!ssrt_heap_traced()) {                                                 \
      int early_ = p && ssrt_heap_may_run() && ssrt_heap_early_take(p);        \
      void *q_ = call;                                                         \
      if (early_ && !q_ && size)                                               \
        ssrt_heap_early_add(p);                                                \
      return ssrt_heap_untraced(q_);                                                     \
    }                                                                          \
    ssrt_heap_enter();                                                         \
    uint16_t flags_ = release_flags(p);                                        \
    uint64_t t0_ = ssrt_heap_now();                                            \
    void *q_ = call;                                                           \
    if (flags_ && !q_ && size)                                                 \
      ssrt_heap_early_add(p); /* failed: p is still the old block */          \
    ssrt_heap_record(kind, (uintptr_t)q_, (uintptr_t)p, size, 0, flags_, t0_,  \
                     HEAP_CALLER, HEAP_FRAME);                                 \
    ssrt_heap_leave();                                                         \
    return q_;                                                                 \
  } while (0)

static SSRT_HEAP_FULL_PATH void *realloc_full(void *p, size_t size) {
  if (!ready() || !real_realloc) {
    if (p && !ssrt_heap_in_arena(p))
      return NULL; /* cannot happen before the lookup */
    return ssrt_heap_arena_move(p, size, ssrt_heap_real_malloc);
  }
  if (p && ssrt_heap_in_arena(p))
    return ssrt_heap_arena_move(p, size, malloc);
  REALLOCATION(SS_HEAP_REALLOC, p, size, real_realloc(p, size));
}

SSRT_EXPORT void *realloc(void *p, size_t size) {
  if (ssrt_heap_forwarding() && !ssrt_heap_in_arena(p))
    return real_realloc(p, size);
  return realloc_full(p, size);
}

static SSRT_HEAP_FULL_PATH void *reallocarray_full(void *p, size_t n,
                                                   size_t m) {
  if (!ready() || !real_reallocarray || (p && ssrt_heap_in_arena(p)))
    return realloc(p, product(n, m)); /* overflow: asks for SIZE_MAX, fails */
  REALLOCATION(SS_HEAP_REALLOCARRAY, p, product(n, m),
               real_reallocarray(p, n, m));
}

SSRT_EXPORT void *reallocarray(void *p, size_t n, size_t m) {
  if (ssrt_heap_forwarding() && !ssrt_heap_in_arena(p))
    return real_reallocarray(p, n, m);
  return reallocarray_full(p, n, m);
}

SSRT_EXPORT int posix_memalign(void **out, size_t align, size_t size) {
  if (!ready() || !real_posix_memalign)
    return ENOMEM;
  if (!ssrt_heap_traced()) {
    int r = real_posix_memalign(out, align, size);
    if (r == 0)
      ssrt_heap_untraced(*out);
    return r;
  }
  ssrt_heap_enter();
  uint64_t t0 = ssrt_heap_now();
  int r = real_posix_memalign(out, align, size);
  /* On failure *out is left as it was: no block. */
  ssrt_heap_record(SS_HEAP_POSIX_MEMALIGN, r == 0 ? (uintptr_t)*out : 0, 0,
                   size, align, 0, t0, HEAP_CALLER, HEAP_FRAME);
  ssrt_heap_leave();
  return r;
}

#define ALIGNED(kind, real, align, size, call)                                 \
  do {                                                                         \
    if (!ready() || !real) {                                                   \
      errno = ENOMEM;                                                          \
      return NULL;                                                             \
    }                                                                          \
    SSRT_HEAP_ALLOCATION(kind, size, align, call);                                       \
  } while (0)

SSRT_EXPORT void *aligned_alloc(size_t align, size_t size) {
  ALIGNED(SS_HEAP_ALIGNED_ALLOC, real_aligned_alloc, align, size,
          real_aligned_alloc(align, size));
}

SSRT_EXPORT void *memalign(size_t align, size_t size) {
  ALIGNED(SS_HEAP_MEMALIGN, real_memalign, align, size,
          real_memalign(align, size));
}

SSRT_EXPORT void *valloc(size_t size) {
  ALIGNED(SS_HEAP_VALLOC, real_valloc, 0, size, real_valloc(size));
}

SSRT_EXPORT void *pvalloc(size_t size) {
  ALIGNED(SS_HEAP_PVALLOC, real_pvalloc, 0, size, real_pvalloc(size));
}
