/*
 * stack_walk.h -- frame-pointer stack walking that cannot fault.
 *
 * On x86-64 and AArch64 a function built with frame pointers keeps, at the
 * address in its frame-pointer register, the caller's frame pointer and
 * just above it the return address: a linked list up the stack.  Walking
 * it from a signal handler must never touch unmapped memory, so every
 * frame record is read either directly, when it lies in the part of the
 * thread's stack known to be mapped, or through process_vm_readv(2), which
 * reports a bad address instead of faulting.
 *
 * The walk stops, and says why, at:
 *   - a frame pointer of 0 or a return address of 0: the outermost frame
 *     (_start and the thread start clear the frame pointer) -- complete;
 *   - a frame pointer below the previous one (frames must move up the
 *     stack), misaligned, below the stack pointer, or unreadable -- the
 *     chain is broken (code without frame pointers) -- incomplete;
 *   - the depth limit -- truncated.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_STACK_WALK_H
#define SSRT_STACK_WALK_H

#include <stdint.h>

enum ssrt_walk_end {
  SSRT_WALK_COMPLETE = 0,
  SSRT_WALK_INCOMPLETE = 1,
  SSRT_WALK_TRUNCATED = 2
};

/* Reads the 16-byte frame record at addr into out[0] (saved frame
 * pointer) and out[1] (return address); 0 if it cannot be read. */
typedef int (*ssrt_frame_reader)(uint64_t addr, uint64_t out[2], void *ctx);

/* Walks from frame pointer `fp` (the stack pointer `sp` bounds it below),
 * appending return addresses to pcs[*n .. max).  The reader decides what
 * memory may be touched. */
enum ssrt_walk_end ssrt_fp_walk(uint64_t fp, uint64_t sp, uint64_t *pcs,
                                int *n, int max, ssrt_frame_reader read,
                                void *ctx);

/* The runtime's reader: direct loads inside [lo, hi) (the mapped part of
 * the thread's stack; hi = 0 when unknown), process_vm_readv elsewhere. */
struct ssrt_stack_range {
  uint64_t lo, hi;
};
int ssrt_read_frame(uint64_t addr, uint64_t out[2], void *range);

/* Checks once whether process_vm_readv works on this process (a seccomp
 * filter may forbid it); without it, only the known stack is read.  Call
 * at start-up and in a forked child (the pid changes). */
void ssrt_safe_read_init(void);

#endif
