/*
 * test_core_bounds.c -- the real cores' limits on hand-made blocks
 * (core_bounds.h): what a block counts (fused micro-ops, loads, stores)
 * and the least cycles each core's limits leave it.  The counts are the
 * blocks' own, by hand: an instruction is one fused micro-op, a compare
 * and the conditional jump after it one, a vector move renaming
 * eliminates one as well; the limits are the table's, from the vendors'
 * manuals (Skylake's core: 4 fused micro-ops renamed a cycle, 2 loads, 1
 * store, 3 memory operations; Zen 3's: 6, 3, 2, 3).  And llvm-mca's
 * cycles of a block of independent adds, loads and stores with the
 * bound applied never come under N / width.
 */
#include "check.h"

#include "core_bounds.h"
#include "cpu_model.h"

#include <stdlib.h>
#include <string.h>

static struct ss_region_uops count(const char *const *insns, size_t n) {
  struct ss_region_uops u;
  ss_region_uops(insns, n, &u);
  return u;
}

static void test_table(void) {
  const struct ss_ideal_core *c = ss_core_of("cascadelake");
  CHECK(c != NULL && strcmp(c->name, "Skylake") == 0);
  CHECK(c && c->rename_width == 4 && c->loads == 2 && c->stores == 1 &&
        c->memory == 3);
  c = ss_core_of("znver3");
  CHECK(c && strcmp(c->name, "Zen 3") == 0 && c->rename_width == 6 &&
        c->loads == 3 && c->stores == 2 && c->memory == 3);
  CHECK(ss_core_of("sapphirerapids") &&
        ss_core_of("sapphirerapids")->loads == 3);
  CHECK(ss_core_of("sandybridge") && ss_core_of("sandybridge")->memory == 2);
  CHECK(ss_core_of("bonnell") == NULL); /* not in the table */
  CHECK(ss_core_of("skylake-avx") == NULL); /* whole names only */
}

static void test_counts(void) {
  static const char *const adds[] = {
      "addq $1, %rax", "addq $1, %rbx", "addq $1, %rcx", "addq $1, %rdx",
      "addq $1, %rsi", "addq $1, %rdi", "addq $1, %r8",  "addq $1, %r9"};
  struct ss_region_uops u = count(adds, 8);
  CHECK(u.fused == 8 && u.loads == 0 && u.stores == 0);

  static const char *const fused[] = {"addq $1, %rax", "cmpq %rbx, %rax",
                                      "jne ss_target"};
  u = count(fused, 3);
  CHECK_I64(u.fused, 2, "cmp and jne: one micro-op");

  static const char *const memory[] = {
      "movq (%rax), %rbx",  "movq 8(%rax), %rcx", "movq %rdx, 16(%rax)",
      "addq $1, 24(%rax)",  "pushq %rbp",         "popq %rbp",
      "leaq 8(%rax), %rsi", "nopw (%rax,%rax)"};
  u = count(memory, 8);
  /* loads: the two moves, the add's read, the pop; stores: the move, the
   * add's write, the push; lea and nop touch no memory */
  CHECK_I64(u.loads, 4, "loads");
  CHECK_I64(u.stores, 3, "stores");
  CHECK_I64(u.fused, 8, "fused");

  static const char *const moved[] = {"movdqa %xmm1, %xmm7",
                                      "paddq %xmm5, %xmm7"};
  u = count(moved, 2);
  CHECK_I64(u.fused, 2, "an eliminated move takes its rename slot");
}

static void test_bounds(void) {
  const struct ss_ideal_core *skl = ss_core_of("skylake");
  const struct ss_ideal_core *zen3 = ss_core_of("znver3");
  int limit;
  /* N independent adds: N / 4 on Skylake, N / 6 on Zen 3 */
  for (double n = 1; n <= 64; n *= 2) {
    struct ss_region_uops u = {n, 0, 0};
    CHECK(ss_core_bound(skl, &u, &limit) == n / 4 &&
          limit == SS_BOUND_RENAME);
    CHECK(ss_core_bound(zen3, &u, &limit) == n / 6);
  }
  struct ss_region_uops loads = {6, 6, 0};
  CHECK(ss_core_bound(skl, &loads, &limit) == 3 && limit == SS_BOUND_LOADS);
  struct ss_region_uops stores = {3, 0, 3};
  CHECK(ss_core_bound(skl, &stores, &limit) == 3 &&
        limit == SS_BOUND_STORES);
  /* 3 loads and 2 stores on Zen 3: 1 cycle each alone, 5/3 together */
  struct ss_region_uops both = {5, 3, 2};
  CHECK(ss_core_bound(zen3, &both, &limit) == 5.0 / 3 &&
        limit == SS_BOUND_MEMORY);
  /* a core with only a width (a CPU not in the table) */
  struct ss_ideal_core width_only = {NULL, "x", 6, 0, 0, 0, ""};
  CHECK(ss_core_bound(&width_only, &both, &limit) == 5.0 / 6 &&
        limit == SS_BOUND_RENAME);
}

/* llvm-mca on a block of 16 independent instructions, 8 adds and 6 loads
 * and 2 stores: with the bound applied the block takes 16 / 4 cycles at
 * least on Cascade Lake, whatever llvm-mca's model says alone. */
static void test_model_and_bound(void) {
  static const char *insns[] = {
      "addq $1, %rax",      "addq $1, %rbx",      "addq $1, %rcx",
      "addq $1, %rdx",      "addq $1, %rsi",      "addq $1, %rdi",
      "addq $1, %r8",       "addq $1, %r9",       "movq 8(%rsp), %xmm0",
      "movq 16(%rsp), %xmm1", "movq 24(%rsp), %xmm2", "movq 32(%rsp), %xmm3",
      "movq 40(%rsp), %xmm4", "movq 48(%rsp), %xmm5", "movq %xmm6, 56(%rsp)",
      "movq %xmm7, 64(%rsp)"};
  struct ss_cpu_block b = {insns, 16, 0, 0, 0};
  struct ss_err err;
  int rc = ss_cpu_model_run("x86_64-unknown-linux-gnu", "cascadelake", &b, 1,
                            NULL, &err);
  CHECK_I64(rc, 0, "llvm-mca runs");
  if (rc != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return;
  }
  CHECK(b.modelled && b.cycles > 0);
  struct ss_region_uops u;
  ss_region_uops(insns, 16, &u);
  int limit;
  double least = ss_core_bound(ss_core_of("cascadelake"), &u, &limit);
  double cycles = b.cycles > least ? b.cycles : least;
  CHECK(u.fused == 16 && u.loads == 6 && u.stores == 2);
  CHECK(cycles >= 16.0 / 4);
}

/* Several blocks in one llvm-mca run (each simulated alone and doubled,
 * cpu_model.c): each gets its own steady-state cycles, from the
 * instructions' latencies on Cascade Lake (Intel's optimization manual:
 * add 1 cycle, imul 3), and its own count of instructions llvm-mca
 * cannot read. */
static void test_blocks_apart(void) {
  static const char *adds[] = {"addq %rax, %rax", "addq %rax, %rax",
                               "addq %rax, %rax", "addq %rax, %rax"};
  static const char *bad[] = {"addq %rbx, %rbx", "notaninstruction %rbx"};
  static const char *muls[] = {"imulq %rcx, %rcx", "imulq %rcx, %rcx"};
  struct ss_cpu_block b[3] = {{adds, 4, 0, 0, 0}, {bad, 2, 0, 0, 0},
                              {muls, 2, 0, 0, 0}};
  struct ss_err err;
  int rc = ss_cpu_model_run("x86_64-unknown-linux-gnu", "cascadelake", b, 3,
                            NULL, &err);
  CHECK_I64(rc, 0, "llvm-mca runs three blocks");
  if (rc != 0) {
    fprintf(stderr, "%s\n", err.msg);
    return;
  }
  /* A chain of 4 dependent adds: 4 cycles an execution. */
  CHECK(b[0].modelled && b[0].cycles == 4.0 && b[0].rejected == 0);
  /* One add on its own register: 1 cycle; the line llvm-mca rejects is
   * counted once, for this block alone. */
  CHECK(b[1].modelled && b[1].cycles == 1.0 && b[1].rejected == 1);
  /* A chain of 2 dependent imuls: 6 cycles. */
  CHECK(b[2].modelled && b[2].cycles == 6.0 && b[2].rejected == 0);
}

int main(void) {
  test_table();
  test_counts();
  test_bounds();
  test_model_and_bound();
  test_blocks_apart();
  return check_finish("prof-core-bounds-test");
}
