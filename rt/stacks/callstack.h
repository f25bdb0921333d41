/*
 * callstack.h -- the call stack of an interrupted thread, from inside a
 * signal handler (the sampler's, today).
 *
 * Strategy: DWARF unwinding with libunwind from the signal's context (it
 * handles code without frame pointers: libc, -O2 builds), and where
 * libunwind cannot go on, the frame-pointer chain from the registers it
 * reached (stack_walk.h).  Without libunwind, frame pointers alone.
 *
 * libunwind is loaded with dlopen, privately (RTLD_LOCAL), only when a
 * call-stack experiment starts, so the program's symbol lookup is
 * unchanged and runs without one never load it.  Its caching is turned off
 * (UNW_CACHE_NONE): no locks and no thread-local storage in the handler.
 *
 * A stack walk that faults (a corrupt stack, wrong unwind tables) is caught
 * by the runtime's SIGSEGV/SIGBUS handler when it owns those signals
 * (ssrt_callstack_recover); the stack keeps what was walked, flagged
 * INCOMPLETE, and that thread uses frame pointers only from then on.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_CALLSTACK_H
#define SSRT_CALLSTACK_H

#include "ss/format.h"

#include <setjmp.h>
#include <stdint.h>

/* A thread's walks: what they may read and what a fault leaves behind.
 * One per thread, kept by the caller (the sampler embeds it); zero it
 * first. */
struct ssrt_walk_state {
  /* The part of the thread's stack that is known to be mapped: between
   * the interrupted stack pointer and stack_hi, when the stack pointer is
   * at or above stack_lo.  0 when unknown. */
  uint64_t stack_lo, stack_hi;
  int walking;        /* inside a stack walk that may fault */
  int unwind_broken;  /* a walk faulted: frame pointers only from now on */
  sigjmp_buf recover; /* where a fault in the stack walk returns to */
};

enum ssrt_walker {
  SSRT_WALK_LIBUNWIND, /* libunwind, frame pointers where it stops */
  SSRT_WALK_FRAME_POINTERS
};

/* Once, at start-up (not async-signal-safe).  Returns the walker in use:
 * frame pointers if asked ($_SSRT_STACK_WALK=fp, for tests) or if
 * libunwind cannot be loaded. */
enum ssrt_walker ssrt_callstack_init(enum ssrt_walker want);

/* The interrupted PC and return addresses, outward, into pcs[0..max);
 * returns the depth (>= 1) and sets SS_SAMPLE_* in *flags.  `s` is the
 * interrupted thread's. */
int ssrt_callstack_collect(const void *ucontext, struct ssrt_walk_state *s,
                           uint64_t *pcs, int max, uint16_t *flags);

/* The interrupted PC, SP and frame pointer of a signal context. */
void ssrt_context_regs(const void *ucontext, uint64_t *pc, uint64_t *sp,
                       uint64_t *fp);

/* From a SIGSEGV/SIGBUS handler, with the faulting thread's state: if it
 * faulted inside a stack walk, resumes the walk's caller (does not return);
 * else returns. */
void ssrt_callstack_recover(struct ssrt_walk_state *s);

#endif
