/*
 * test_machine_counts.c -- machine block counts (mcode.h) on
 * hand-built machine flow graphs, every expected count derived by hand
 * from the graph and the counts its markers report.
 */
#include "check.h"

#include "base.h"
#include "mcode.h"

#include <stdlib.h>

#define MAX_SUCC 2

/* One machine block: the counted block whose marker starts it (or NONE)
 * and its successors. */
struct spec {
  uint32_t marker;
  uint32_t num_succ;
  uint32_t succ[MAX_SUCC];
};

static int no_edge(const void *ctx, uint32_t from, uint32_t to,
                   int64_t *count) {
  (void)ctx, (void)from, (void)to, (void)count;
  return 0;
}

/* Builds the blocks of `specs`, counts them with the counted blocks'
 * `counts` (all known) and `calls`, and compares with `expected`; a block
 * must come out exact unless `estimated` (NULL: none) says otherwise. */
static void check_blocks(const char *what, const struct spec *specs,
                         uint32_t nb, const int64_t *counts,
                         uint32_t num_counted, int64_t calls,
                         const int64_t *expected, const int *estimated) {
  struct ss_mcode_function mf = {0};
  mf.num_blocks = nb;
  mf.blocks = ss_xcalloc(nb, sizeof *mf.blocks);
  uint32_t owner = SS_MB_NONE;
  for (uint32_t b = 0; b < nb; b++) {
    struct ss_mcode_block *blk = &mf.blocks[b];
    blk->start = 0x1000 + 16 * b;
    blk->end = blk->start + 16;
    blk->marker = blk->entry_marker = specs[b].marker;
    if (specs[b].marker != SS_MB_NONE)
      owner = specs[b].marker;
    blk->owner = owner;
    blk->num_succ = specs[b].num_succ;
    blk->succ = ss_xcalloc(MAX_SUCC, sizeof *blk->succ);
    for (uint32_t k = 0; k < specs[b].num_succ; k++)
      blk->succ[k] = specs[b].succ[k];
  }
  int *known = ss_xcalloc(num_counted, sizeof *known);
  for (uint32_t i = 0; i < num_counted; i++)
    known[i] = 1;
  struct ss_counted_function cf = {
      .num_blocks = num_counted,
      .marks = {.num_ids = num_counted, .flags = NULL},
      .count = counts,
      .known = known,
      .calls = calls,
      .edge = no_edge,
  };
  ss_mcode_count(&mf, &cf);
  for (uint32_t b = 0; b < nb; b++) {
    char label[96];
    snprintf(label, sizeof label, "%s: block %u", what, b);
    CHECK_I64(mf.blocks[b].count, expected[b], label);
    snprintf(label, sizeof label, "%s: block %u exact", what, b);
    CHECK_I64(mf.blocks[b].exact, estimated ? !estimated[b] : 1, label);
  }
  free(known);
  ss_mcode_release(&mf);
}

static void check_counts(const char *what, const struct spec *specs,
                         uint32_t nb, const int64_t *counts,
                         uint32_t num_counted, int64_t calls,
                         const int64_t *expected) {
  check_blocks(what, specs, nb, counts, num_counted, calls, expected, NULL);
}

#define NONE SS_MB_NONE

/* The code after an `if` (counted block 2) merged into a tail other code
 * shares: the code generator copied it into the else path (block 3, no
 * marker) and left the marker with the copy after the then-branch (counted
 * block 1), which never runs.  Counted block 2 ran 10 times, all of them
 * in block 3's copy: flow into block 2 is block 1's 0, so block 2 ran 0
 * times, block 3 10, the shared tail (block 4, which returns) 10. */
static void copied_without_marker(void) {
  static const struct spec specs[] = {
      {0, 2, {1, 3}},    /* entry: if (...) */
      {1, 1, {2}},       /* then: counted block 1 */
      {2, 1, {4}},       /* counted block 2's marker, its copy on this path */
      {NONE, 1, {4}},    /* else, with block 2's code copied in */
      {NONE, 0, {0}},    /* shared tail, returns */
  };
  static const int64_t counts[] = {10, 0, 10};
  static const int64_t expected[] = {10, 0, 0, 10, 10};
  check_counts("copied without marker", specs, 5, counts, 3, 10, expected);
}

/* A marker that says less than flows in is no copy: the call that ends
 * block 0 did not return 3 of 10 times (exit), so block 1 keeps its
 * marker's 7. */
static void call_that_exited(void) {
  static const struct spec specs[] = {
      {0, 1, {1}},    /* ends in a call */
      {1, 1, {2}},    /* after the call */
      {NONE, 0, {0}}, /* returns */
  };
  static const int64_t counts[] = {10, 7};
  static const int64_t expected[] = {10, 7, 7};
  check_counts("call that exited", specs, 3, counts, 2, 10, expected);
}

/* A loop: markers and flow agree, nothing changes.  Block 1 (the header,
 * counted block 1) runs 4 times per entry through block 0 and back edges
 * from block 2 (counted block 2, 30 of them); block 3 leaves. */
static void consistent_loop(void) {
  static const struct spec specs[] = {
      {0, 1, {1}},
      {1, 2, {2, 3}},
      {2, 1, {1}},
      {3, 0, {0}},
  };
  static const int64_t counts[] = {10, 40, 30, 10};
  static const int64_t expected[] = {10, 40, 30, 10};
  check_counts("consistent loop", specs, 4, counts, 4, 10, expected);
}

/* Two paths into a body that ran as often as both together, each also
 * able to skip it to the shared return (SQLite's minmaxStep). */
static const struct spec two_paths[] = {
    {0, 2, {1, 2}},    /* entry */
    {1, 2, {3, 4}},    /* first path: into the body or to the jump */
    {2, 2, {3, 5}},    /* second path: into the body or to the return */
    {3, 1, {5}},       /* the body */
    {NONE, 1, {5}},    /* the first path's jump to the return */
    {NONE, 0, {0}},    /* the shared return */
};

/* Conservation leaves two unknowns at every block, but the first path (20
 * runs) gives the body at most 20 and the second at most 19,980, and the
 * body ran 20,000 times, so each gave all it had: the jump (block 4) ran
 * 0 times and the return (block 5) once per call. */
static void pinned_by_bounds(void) {
  static const int64_t counts[] = {20000, 20, 19980, 20000};
  static const int64_t expected[] = {20000, 20, 19980, 20000, 0, 20000};
  check_counts("pinned by bounds", two_paths, 6, counts, 4, 20000, expected);
}

/* The same graph with a body that ran 19,990 times: the first path gave
 * it 10 to 20, the second 19,970 to 19,980; the jump and the return stay
 * estimates, at the least flow allows (the jump 0; the return at least
 * the body's 19,990). */
static void bounds_that_do_not_meet(void) {
  static const int64_t counts[] = {20000, 20, 19980, 19990};
  static const int64_t expected[] = {20000, 20, 19980, 19990, 0, 19990};
  static const int estimated[] = {0, 0, 0, 0, 1, 1};
  check_blocks("bounds that do not meet", two_paths, 6, counts, 4, 20000,
               expected, estimated);
}

int main(void) {
  pinned_by_bounds();
  bounds_that_do_not_meet();
  copied_without_marker();
  call_that_exited();
  consistent_loop();
  return check_finish("prof-machine-counts-test");
}
