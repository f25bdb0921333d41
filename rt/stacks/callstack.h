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
 * Wrappers in front of C library functions (the traces) take the stack of
 * the code that called them, outside any signal handler
 * (ssrt_callstack_caller); the heap trace, whose every event is a
 * wrapper's, has them walked by libunwind's cached backtrace
 * (unwinder.h: ssrt_unwinder_use_cache).
 *
 * In libssrt.a (SSRT_STATIC) there is no libunwind: frame pointers only.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_CALLSTACK_H
#define SSRT_CALLSTACK_H

#include "ss/format.h"

#include <setjmp.h>
#include <signal.h>
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
  sigset_t fault_mask; /* the signal mask when it faulted */
};

/* The deepest stack a caller asks for. */
#define SSRT_STACK_DEPTH_MAX 128

/* The known stack range of the main thread (from the process's first
 * stack pointer), or of a thread whose start routine runs below
 * `stack_hi` on a stack of `stack_size` bytes.  Only the upper half of
 * that size is taken as surely mapped below stack_hi: the stack's top holds
 * the thread's TLS and descriptor above stack_hi, and a guard page sits at
 * its bottom.  Call from the thread itself. */
void ssrt_walk_state_main(struct ssrt_walk_state *s);
void ssrt_walk_state_thread(struct ssrt_walk_state *s, uint64_t stack_hi,
                            uint64_t stack_size);

enum ssrt_walker {
  SSRT_WALK_LIBUNWIND, /* libunwind, frame pointers where it stops */
  SSRT_WALK_FRAME_POINTERS,
  /* The compiler's unwinder (unwinder.h), libunwind where it is not: for
   * a stack at every event of a trace.  A signal context's stack is walked
   * from inside its handler, through the signal frame. */
  SSRT_WALK_UNWINDER
};

/* Once, at start-up (not async-signal-safe).  Returns the walker in use:
 * frame pointers if asked ($_SSRT_STACK_WALK=fp, for tests) or if neither
 * unwinder can be loaded. */
enum ssrt_walker ssrt_callstack_init(enum ssrt_walker want);

/* The interrupted PC and return addresses, outward, into pcs[0..max);
 * returns the depth (>= 1) and sets SS_SAMPLE_* in *flags.  `s` is the
 * interrupted thread's. */
int ssrt_callstack_collect(const void *ucontext, struct ssrt_walk_state *s,
                           uint64_t *pcs, int max, uint16_t *flags);

/* The stack of the code that called a wrapper, as return addresses
 * outward into pcs[0..max), from inside the wrapper (or anything it
 * calls): `ret` and `frame` are the wrapper's __builtin_return_address(0)
 * and __builtin_frame_address(0).  pcs[0] is `ret`.  Returns the depth
 * (>= 1) and sets SS_SAMPLE_* in *flags.  Also from a signal handler
 * that interrupted the wrapper's callee (`s` is then that thread's). */
int ssrt_callstack_caller(struct ssrt_walk_state *s, uint64_t ret,
                          uint64_t frame, uint64_t *pcs, int max,
                          uint16_t *flags);

/* The same from a signal context that interrupted code the wrapper
 * called (a system call inside the C library): the frames down to the
 * wrapper's caller are left out. */
int ssrt_callstack_caller_from(const void *ucontext, struct ssrt_walk_state *s,
                               uint64_t ret, uint64_t frame, uint64_t *pcs,
                               int max, uint16_t *flags);

/* The interrupted PC, SP and frame pointer of a signal context. */
void ssrt_context_regs(const void *ucontext, uint64_t *pc, uint64_t *sp,
                       uint64_t *fp);

/* From a SIGSEGV/SIGBUS handler, with the faulting thread's state and the
 * fault's signal context: if it faulted inside a stack walk, resumes the
 * walk's caller with the signal mask it had (does not return); else
 * returns. */
void ssrt_callstack_recover(struct ssrt_walk_state *s, const void *context);

#endif
