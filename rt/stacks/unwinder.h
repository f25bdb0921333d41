/*
 * unwinder.h -- the compiler's own unwinder (libgcc_s: _Unwind_Backtrace),
 * for the traces, which take a call stack at every event.  Since glibc
 * 2.35 it finds each frame's unwind table with _dl_find_object, without a
 * lock or a system call, so a stack costs a few hundred nanoseconds where
 * libunwind without its caches (as sampling must use it) costs tens of
 * microseconds.  It walks the calling thread's stack from where it is
 * called, through signal frames (the kernel's restorer is recognized by
 * its code), and reports for each frame its return address, or the exact
 * PC of a frame a signal interrupted.
 *
 * libgcc_s.so.1 is loaded with dlopen, privately, when a trace starts.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_UNWINDER_H
#define SSRT_UNWINDER_H

#include <stdint.h>

/* Once, at start-up (not async-signal-safe).  Returns whether it loaded. */
int ssrt_unwinder_load(void);

/* From now on, walks outside signal handlers only (the heap trace, whose
 * events come from wrappers): libunwind's unw_backtrace with its
 * per-thread caches (loaded here, privately), which after a frame's first
 * walk follows it from a cached description, some fifty times faster than
 * the compiler's unwinder reading the unwind tables at every frame.
 * Its caches are memory of libunwind's own (mmap, thread-local storage),
 * and their first use in a thread may take a lock: never in a signal
 * handler.  Returns whether it loaded; if not, walks stay libgcc's.  Not
 * async-signal-safe. */
int ssrt_unwinder_use_cache(void);

/* The frames of the calling thread, innermost (this function's own)
 * first, into pcs[0..max); returns how many.  *complete is set
 * when the walk reached the outermost frame. */
int ssrt_unwinder_walk(uint64_t *pcs, int max, int *complete);

#endif
