/*
 * test_stack_walk.c -- the frame-pointer walker (rt/stacks/stack_walk.c):
 * chains built by hand in an array, with every way a chain can end
 * (outermost frame, broken link, misalignment, loop, unreadable memory,
 * depth limit), the bounded reader, and one walk of this program's own
 * real frames.
 * Prints one line per failed check; exit status 1 if any failed.
 */
#define _GNU_SOURCE
#include "stack_walk.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                        \
  do {                                                                         \
    if (!(cond)) {                                                             \
      failures++;                                                              \
      fprintf(stderr, "test_stack_walk: FAIL line %d: ", __LINE__);            \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
    }                                                                          \
  } while (0)

/* A fake stack and a reader that only knows it. */
static uint64_t stack[64] __attribute__((aligned(16)));

static uint64_t addr(int slot) { return (uint64_t)(uintptr_t)&stack[slot]; }

static int array_reader(uint64_t a, uint64_t out[2], void *ctx) {
  (void)ctx;
  if (a < addr(0) || a + 16 > addr(64))
    return 0;
  memcpy(out, (const void *)(uintptr_t)a, 16);
  return 1;
}

/* A frame record at `slot`: caller's frame pointer, return address. */
static void frame(int slot, uint64_t caller_fp, uint64_t ret) {
  stack[slot] = caller_fp;
  stack[slot + 1] = ret;
}

static enum ssrt_walk_end walk(uint64_t fp, uint64_t sp, uint64_t *pcs, int *n,
                               int max) {
  *n = 0;
  return ssrt_fp_walk(fp, sp, pcs, n, max, array_reader, NULL);
}

static void test_chains(void) {
  uint64_t pcs[16];
  int n;

  memset(stack, 0, sizeof stack);
  frame(4, addr(10), 0x1001);
  frame(10, addr(20), 0x2002);
  frame(20, 0, 0x3003);
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_COMPLETE,
        "chain ending in a null frame pointer is complete");
  CHECK(n == 3 && pcs[0] == 0x1001 && pcs[1] == 0x2002 && pcs[2] == 0x3003,
        "three return addresses in order, got %d", n);

  frame(20, addr(30), 0x3003);
  frame(30, addr(40), 0);
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_COMPLETE && n == 3,
        "a null return address ends the chain, complete, got %d", n);

  CHECK(walk(addr(4), addr(0), pcs, &n, 2) == SSRT_WALK_TRUNCATED && n == 2,
        "depth limit truncates, got %d", n);

  frame(20, addr(10), 0x3003); /* points back down: a loop */
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_INCOMPLETE && n == 3,
        "a caller frame below the current one stops the walk, got %d", n);

  frame(20, addr(20), 0x3003); /* points at itself */
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_INCOMPLETE && n == 3,
        "a frame pointing at itself stops the walk, got %d", n);

  frame(20, addr(21), 0x3003); /* overlaps its own record */
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_INCOMPLETE,
        "a caller record overlapping this one stops the walk");

  frame(20, addr(30) + 4, 0x3003); /* misaligned */
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_INCOMPLETE && n == 3,
        "a misaligned frame pointer stops the walk, got %d", n);

  frame(20, addr(62) + 4096, 0x3003); /* beyond what the reader knows */
  CHECK(walk(addr(4), addr(0), pcs, &n, 16) == SSRT_WALK_INCOMPLETE && n == 3,
        "an unreadable frame stops the walk, got %d", n);

  CHECK(walk(addr(4), addr(6), pcs, &n, 16) == SSRT_WALK_INCOMPLETE && n == 0,
        "a frame pointer below the stack pointer is not followed");
  CHECK(walk(0, addr(0), pcs, &n, 16) == SSRT_WALK_COMPLETE && n == 0,
        "no frame pointer at all: nothing to walk");
}

static void test_reader(void) {
  ssrt_safe_read_init();
  uint64_t out[2];
  memset(stack, 0, sizeof stack);
  frame(8, 0x1234, 0x5678);
  struct ssrt_stack_range range = {addr(0), addr(64)};
  CHECK(ssrt_read_frame(addr(8), out, &range) && out[0] == 0x1234 && out[1] == 0x5678,
        "direct read inside the known range");
  struct ssrt_stack_range none = {0, 0};
  CHECK(ssrt_read_frame(addr(8), out, &none) && out[1] == 0x5678,
        "checked read of mapped memory outside the known range");
  CHECK(!ssrt_read_frame(16, out, &none), "checked read of page 0 fails");
  CHECK(!ssrt_read_frame(UINT64_MAX - 4095, out, &none),
        "checked read of kernel addresses fails");
}

/* A real chain: this file is built with frame pointers. */
static uint64_t expect[3];
static uint64_t got[16];
static int got_n;
static enum ssrt_walk_end got_end;

__attribute__((noinline)) static void level3(void) {
  expect[0] = (uint64_t)(uintptr_t)__builtin_return_address(0);
  uint64_t fp = (uint64_t)(uintptr_t)__builtin_frame_address(0);
  struct ssrt_stack_range none = {0, 0};
  got_n = 0;
  got_end = ssrt_fp_walk(fp, fp, got, &got_n, 16, ssrt_read_frame, &none);
  __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) static void level2(void) {
  expect[1] = (uint64_t)(uintptr_t)__builtin_return_address(0);
  level3();
  __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) static void level1(void) {
  expect[2] = (uint64_t)(uintptr_t)__builtin_return_address(0);
  level2();
  __asm__ volatile("" ::: "memory");
}

static void test_real_frames(void) {
  level1();
  CHECK(got_n >= 3, "walked %d real frames, expected at least 3", got_n);
  for (int i = 0; i < 3 && i < got_n; i++)
    CHECK(got[i] == expect[i], "real frame %d: 0x%llx, expected 0x%llx", i,
          (unsigned long long)got[i], (unsigned long long)expect[i]);
  CHECK(got_end != SSRT_WALK_TRUNCATED, "real walk not truncated");
}

int main(void) {
  test_chains();
  test_reader();
  test_real_frames();
  if (failures)
    return 1;
  printf("test_stack_walk: all checks passed\n");
  return 0;
}
