/* stack_walk.c -- frame-pointer walking (see stack_walk.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#include "stack_walk.h"

#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

enum ssrt_walk_end ssrt_fp_walk(uint64_t fp, uint64_t sp, uint64_t *pcs,
                                int *n, int max, ssrt_frame_reader read,
                                void *ctx) {
  uint64_t floor = sp; /* each frame record lies above the last one */
  for (;;) {
    if (fp == 0)
      return SSRT_WALK_COMPLETE;
    if ((fp & 7) != 0 || fp < floor || fp > UINT64_MAX - 16)
      return SSRT_WALK_INCOMPLETE;
    uint64_t record[2];
    if (!read(fp, record, ctx))
      return SSRT_WALK_INCOMPLETE;
    uint64_t caller_fp = record[0], ret = record[1];
    if (ret == 0)
      return SSRT_WALK_COMPLETE;
    if (*n >= max)
      return SSRT_WALK_TRUNCATED;
    pcs[(*n)++] = ret;
    /* The record just read occupies [fp, fp + 16): the caller's must be
     * strictly above it, or the chain loops or runs down the stack. */
    if (caller_fp != 0 && caller_fp < fp + 16)
      return SSRT_WALK_INCOMPLETE;
    floor = fp + 16;
    fp = caller_fp;
  }
}

static pid_t self_pid;
static int vm_read_works;

static int vm_read(uint64_t addr, void *out, uint64_t len) {
  struct iovec local = {out, len};
  struct iovec remote = {(void *)(uintptr_t)addr, len};
  return syscall(SYS_process_vm_readv, self_pid, &local, 1UL, &remote, 1UL, 0UL) ==
         (long)len;
}

void ssrt_safe_read_init(void) {
  self_pid = getpid();
  uint64_t probe = 0x5353, copy = 0;
  vm_read_works = vm_read((uint64_t)(uintptr_t)&probe, &copy, sizeof copy) &&
                  copy == probe;
}

int ssrt_read_frame(uint64_t addr, uint64_t out[2], void *range) {
  const struct ssrt_stack_range *r = range;
  if (r && r->hi && addr >= r->lo && addr <= r->hi - 16) {
    const volatile uint64_t *p = (const volatile uint64_t *)(uintptr_t)addr;
    out[0] = p[0];
    out[1] = p[1];
    return 1;
  }
  return vm_read_works && vm_read(addr, out, 16);
}
