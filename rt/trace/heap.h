/*
 * heap.h -- the heap trace: every allocation and release the program
 * makes through the C allocator or C++'s operator new and delete, with its
 * call stack, the block, the size asked for and the call's time.
 *
 * How:
 *  - libssrt.so defines malloc, calloc, realloc, free, reallocarray,
 *    posix_memalign, aligned_alloc, memalign, valloc and pvalloc
 *    (heap_calls.c) and every form of operator new and delete by its
 *    mangled name (heap_cxx.c: plain, array, nothrow, sized, aligned) in
 *    front of the next definition (dlsym RTLD_NEXT): the C library's, or
 *    the allocator a program links (jemalloc, tcmalloc, its own shared
 *    library).  An allocator defined in the executable itself comes first
 *    in symbol lookup and is not seen; the TRACE record's text says so.
 *  - One event per call (ss/format.h, enum ss_heap_call): value[0] the
 *    block returned, value[1] the block released (free, delete, realloc's
 *    old one), value[2] the bytes asked for; the time is taken after an
 *    allocation and before a release, so a block's events are in order
 *    across threads.  free(NULL) and delete of NULL do nothing and are not
 *    recorded.  Leaks, the peak and the errors (double free, release of a
 *    block never allocated) are worked out by ssprof from the events.
 *  - Our own calls do not recurse: while a thread records (its call stack,
 *    a new tracer), or inside a wrapper (operator new calls malloc), a
 *    nested call only forwards.  dlsym, which may itself call calloc
 *    before the next malloc is known, is served from a static arena
 *    (heap_early.c) whose blocks are never given to the real free.
 *  - Blocks allocated before the trace started (other libraries'
 *    constructors run before the runtime's) are remembered by address;
 *    releasing one is recorded with SS_EVENT_HEAP_UNTRACED, so that it is
 *    neither an error nor a release of a traced block.
 *  - A forked child writes its own file (the trace part); its TRACE
 *    record has SS_TRACE_HEAP_FORKED: it releases blocks its parent
 *    allocated, which are not errors there.
 *  - Throwing operator new: the nothrow form is called while the thread
 *    is marked busy (an exception must not leave the mark set); when it
 *    returns NULL (its new-handler loop has run, as the throwing form's
 *    would), the failed call is recorded (no block) and std::bad_alloc is
 *    thrown unmarked, as the throwing form would (the C++ library's
 *    std::__throw_bad_alloc).
 *
 * Without the trace every wrapper forwards unchanged, and where the trace
 * cannot run in the image (another experiment selected, or none) after one
 * branch on a plain global (ssrt_heap_forwarding).  libssrt.so only.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_HEAP_H
#define SSRT_HEAP_H

#include <stddef.h>
#include <stdint.h>

#define SSRT_EXPORT __attribute__((visibility("default")))
#define HEAP_CALLER ((uint64_t)(uintptr_t)__builtin_return_address(0))
#define HEAP_FRAME ((uint64_t)(uintptr_t)__builtin_frame_address(0))

/* Whether the wrappers only forward: set once, at load, when the real
 * functions are known and the trace cannot run in this image (heap_calls.c
 * says when); read with acquire, which orders those functions' pointers
 * before it.  One load and one predictable branch. */
extern int ssrt_heap_forward_only __attribute__((visibility("hidden")));
static inline int ssrt_heap_forwarding(void) {
  return __builtin_expect(
      __atomic_load_n(&ssrt_heap_forward_only, __ATOMIC_ACQUIRE), 1);
}

/* A wrapper's full path, in a function of its own where the compiler would
 * otherwise save registers before the forwarding test: the exported
 * function tests, then jumps either to the real function or to this one
 * (both tail calls), so this one sees the program's return address and
 * frame as the exported one would (HEAP_CALLER, HEAP_FRAME). */
#define SSRT_HEAP_FULL_PATH __attribute__((noinline))

/* Whether heap runs in this image (acquire). */
int ssrt_heap_running(void);
/* Whether the calling thread's calls are to be recorded now: heap runs,
 * records (the file is not being written) and the thread is not already
 * inside a wrapper or recording. */
int ssrt_heap_traced(void);
/* The thread's mark: set while a wrapper calls the real function or
 * records, so that nested calls only forward. */
int ssrt_heap_enter(void);
void ssrt_heap_leave(void);

/* One call, after it (allocations) or before it (releases): `kind` enum
 * ss_heap_call, `block` value[0], `released` value[1], `size` value[2],
 * `align` the alignment asked for (0: none), `flags` SS_EVENT_HEAP_*,
 * `start_ns` when the call
 * began (ssrt_tracer_now), `ret`/`frame` the wrapper's.  Preserves
 * errno. */
void ssrt_heap_record(uint32_t kind, uint64_t block, uint64_t released,
                      uint64_t size, uint64_t align, uint16_t flags,
                      uint64_t start_ns, uint64_t ret, uint64_t frame);
uint64_t ssrt_heap_now(void);

/* An allocation the wrapper did not record: remembered while the trace
 * may still start (heap_early.c). */
void *ssrt_heap_untraced(void *p);

/* In a wrapper: the allocation `call` of `size` bytes (alignment `align`,
 * 0 if none), recorded as `kind` with its time, returned. */
#define SSRT_HEAP_ALLOCATION(kind, size, align, call)                          \
  do {                                                                         \
    if (ssrt_heap_forwarding())                                                \
      return call;                                                             \
    if (!ssrt_heap_traced())                                                   \
      return ssrt_heap_untraced(call);                                         \
    ssrt_heap_enter();                                                         \
    uint64_t t0_ = ssrt_heap_now();                                            \
    void *p_ = call;                                                           \
    ssrt_heap_record(kind, (uintptr_t)p_, 0, size, align, 0, t0_, HEAP_CALLER, \
                     HEAP_FRAME);                                              \
    ssrt_heap_leave();                                                         \
    return p_;                                                                 \
  } while (0)

/* -- before the next malloc is known, or before the trace starts -------------
 * (heap_early.c) */

/* A block of the static arena for dlsym's calls while the real allocator
 * is being looked up (NULL when it is full); whether `p` is one. */
void *ssrt_heap_arena_alloc(size_t size, size_t align);
#define SSRT_HEAP_ARENA_BYTES 65536
extern unsigned char ssrt_heap_arena[SSRT_HEAP_ARENA_BYTES]
    __attribute__((visibility("hidden")));
static inline int ssrt_heap_in_arena(const void *p) {
  return (uintptr_t)p - (uintptr_t)ssrt_heap_arena < SSRT_HEAP_ARENA_BYTES;
}
/* A block of the arena moved to `alloc`'s (realloc of one of dlsym's
 * blocks): the smaller of its size and `size` bytes are copied. */
void *ssrt_heap_arena_move(void *p, size_t size, void *(*alloc)(size_t));
/* Whether the heap experiment may run in this process (it was selected,
 * or the environment cannot be read yet): blocks are then remembered
 * until the trace starts. */
int ssrt_heap_may_run(void);
/* The trace has started: nothing more to remember. */
void ssrt_heap_early_done(void);
/* A block allocated before the trace started. */
void ssrt_heap_early_add(const void *p);
/* Whether `p` was one (still unreleased); forgets it. */
int ssrt_heap_early_take(const void *p);

/* The allocator's functions that heap_calls.c found (for heap_cxx.c's
 * fallbacks and the arena's copies), resolved on first use. */
void *ssrt_heap_real_malloc(size_t size);
void ssrt_heap_real_free(void *p);

#endif
