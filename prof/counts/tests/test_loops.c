/*
 * test_loops.c -- natural loops (counts.h) and conditional branches
 * (counts.h) on hand-built models: a nest whose inner loop has two back
 * edges (a `continue`), an irreducible cycle the descriptor wrongly calls a
 * loop, a self-loop the descriptor leaves out, a loop headed by the entry
 * block, a descriptor depth that is wrong, and a switch, a two-way branch
 * and an invoke-like block with an unwind edge.  Counts are made up but
 * consistent, and the expected values are worked out in the comments.
 */
#include "counts.h"

#include "check.h"

#include <stdlib.h>

#define MAX 32 /* blocks, edges */

static struct ss_model_function functions[8];
static struct ss_model_block blocks[MAX];
static struct ss_model_edge edges[MAX];
static struct ss_model_loop loops[8];
static struct ss_model model;

static uint32_t add_function(const char *name, uint32_t num_blocks,
                             int64_t calls) {
  uint32_t id = model.num_functions++;
  struct ss_model_function *f = &functions[id];
  f->name = name;
  f->dso = "prog";
  f->first_block = model.num_blocks;
  f->num_blocks = num_blocks;
  f->calls_known = f->entry_calls_known = 1;
  f->calls = f->entry_calls = calls; /* nothing inlined */
  f->rank = id + 1;
  for (uint32_t b = 0; b < num_blocks; b++) {
    struct ss_model_block *mb = &blocks[model.num_blocks++];
    mb->function = id;
    mb->index = b;
    mb->file = "t.c";
    mb->line = 10 * (id + 1) + b;
    mb->known = 1;
  }
  return id;
}

static void count(uint32_t f, uint32_t b, int64_t n) {
  blocks[functions[f].first_block + b].count = n;
}

static void edge(uint32_t f, uint32_t from, uint32_t to, int64_t n,
                 uint16_t flags) {
  struct ss_model_edge *e = &edges[model.num_edges++];
  e->function = f;
  e->from = functions[f].first_block + from;
  e->to = functions[f].first_block + to;
  e->kind = SS_EDGE_BRANCH;
  e->flags = flags;
  e->known = 1;
  e->count = n;
}

static uint32_t loop(uint32_t f, uint32_t header, uint32_t depth,
                     uint32_t parent) {
  uint32_t id = (uint32_t)model.num_loops++;
  struct ss_model_loop *l = &loops[id];
  l->function = f;
  l->file = "t.c";
  l->line = 100 + id;
  l->depth = depth;
  l->header_block = functions[f].first_block + header;
  l->parent = parent;
  return id;
}

#define BACK SS_EDGEF_BACKEDGE

int main(void) {
  model.functions = functions;
  model.blocks = blocks;
  model.edges = edges;
  model.loops = loops;

  /* nest, called twice: 0 -> 1 (outer header) -> 2 (inner header) -> 3;
   * 3 -> 2 (back), 3 -> 4; 4 -> 2 (back: continue), 4 -> 5; 5 -> 1 (back);
   * 1 -> 6 (exit).  Outer: entered 2 times, header 8 times (6 bodies + 2
   * exits).  Inner: entered 6 times, header 6 + 10 + 4 = 20 times. */
  uint32_t nest = add_function("nest", 7, 2);
  count(nest, 0, 2); count(nest, 1, 8); count(nest, 2, 20);
  count(nest, 3, 20); count(nest, 4, 10); count(nest, 5, 6);
  count(nest, 6, 2);
  edge(nest, 0, 1, 2, 0);
  edge(nest, 1, 2, 6, 0);
  edge(nest, 1, 6, 2, 0);
  edge(nest, 2, 3, 20, 0);
  edge(nest, 3, 2, 10, BACK);
  edge(nest, 3, 4, 10, 0);
  edge(nest, 4, 2, 4, BACK);
  edge(nest, 4, 5, 6, 0);
  edge(nest, 5, 1, 6, BACK);
  uint32_t outer = loop(nest, 1, 1, SS_MODEL_NONE);
  uint32_t inner = loop(nest, 2, 2, outer);

  /* irreducible: 0 -> 1, 0 -> 2, 1 <-> 2, 2 -> 3: no block dominates the
   * other, so there is no natural loop, and the descriptor's loop at 1 does
   * not match.  Its "entries" are then all the edges into 1. */
  uint32_t irr = add_function("irreducible", 4, 1);
  count(irr, 0, 1); count(irr, 1, 3); count(irr, 2, 3); count(irr, 3, 1);
  edge(irr, 0, 1, 1, 0);
  edge(irr, 0, 2, 0, 0);
  edge(irr, 1, 2, 3, 0);
  edge(irr, 2, 1, 2, 0);
  edge(irr, 2, 3, 1, 0);
  uint32_t fake = loop(irr, 1, 1, SS_MODEL_NONE);

  /* selfloop: 0 -> 1, 1 -> 1 (49 times), 1 -> 2; no descriptor loop.  And
   * a second function, entryloop: block 0 loops on itself (the header is
   * the entry block: entries are its 5 calls), 0 -> 1; the descriptor says
   * depth 2 without a parent, which does not match. */
  uint32_t self = add_function("selfloop", 3, 1);
  count(self, 0, 1); count(self, 1, 50); count(self, 2, 1);
  edge(self, 0, 1, 1, 0);
  edge(self, 1, 1, 49, 0);
  edge(self, 1, 2, 1, 0);
  uint32_t entry = add_function("entryloop", 2, 5);
  count(entry, 0, 35); count(entry, 1, 5);
  edge(entry, 0, 0, 30, BACK);
  edge(entry, 0, 1, 5, 0);
  uint32_t wrong_depth = loop(entry, 0, 2, SS_MODEL_NONE);

  struct ss_loop_nest n;
  ss_loop_nest_build(&n, &model);
  CHECK_I64(n.num_loops, 4, "loops");

  const struct ss_loop_facts *lo = &n.loops[outer], *li = &n.loops[inner];
  CHECK_I64(lo->num_blocks, 5, "outer blocks");
  for (uint32_t b = 1; b <= 5; b++)
    CHECK(ss_loop_contains(&n, outer, functions[nest].first_block + b));
  CHECK(!ss_loop_contains(&n, outer, functions[nest].first_block + 6));
  CHECK_I64(lo->back_edges, 1, "outer back edges");
  CHECK_I64(lo->entries, 2, "outer entries");
  CHECK_I64(lo->iterations, 8, "outer iterations");
  CHECK(lo->entries_known && lo->iterations_known);
  CHECK(lo->matches_descriptor);
  CHECK_I64(li->num_blocks, 3, "inner blocks");
  CHECK_I64(li->blocks[0], functions[nest].first_block + 2, "inner header");
  CHECK_I64(li->back_edges, 2, "inner back edges");
  CHECK_I64(li->entries, 6, "inner entries");
  CHECK_I64(li->iterations, 20, "inner iterations");
  CHECK(li->matches_descriptor);
  CHECK(ss_loop_average_trip(li) > 3.33 && ss_loop_average_trip(li) < 3.34);
  CHECK_I64(n.innermost[functions[nest].first_block + 3], inner, "innermost 3");
  CHECK_I64(n.innermost[functions[nest].first_block + 5], outer, "innermost 5");
  CHECK_I64(n.innermost[functions[nest].first_block + 0], SS_MODEL_NONE,
            "innermost 0");
  double per_block[MAX];
  for (uint32_t b = 0; b < MAX; b++)
    per_block[b] = b < 7 ? (double)(1u << b) : 0; /* block b: 2^b */
  CHECK_I64((int64_t)ss_loop_sum(&n, inner, per_block), 4 + 8 + 16,
            "inner sum");
  CHECK_I64((int64_t)ss_loop_sum(&n, outer, per_block), 2 + 4 + 8 + 16 + 32,
            "outer sum");

  const struct ss_loop_facts *lf = &n.loops[fake];
  CHECK_I64(lf->num_blocks, 0, "irreducible: no blocks");
  CHECK(!lf->matches_descriptor);
  CHECK_I64(lf->entries, 3, "irreducible: every edge into 1");
  CHECK_I64(lf->iterations, 3, "irreducible header");

  const struct ss_loop_facts *le = &n.loops[wrong_depth];
  CHECK_I64(le->num_blocks, 1, "entry loop blocks");
  CHECK_I64(le->entries, 5, "entry loop: the calls");
  CHECK_I64(le->iterations, 35, "entry loop iterations");
  CHECK(!le->matches_descriptor);

  CHECK_I64(n.mismatches, 2, "mismatches");
  CHECK_I64(n.unlisted_loops, 1, "selfloop is not listed");
  ss_loop_nest_release(&n);

  /* Branches: nest's 1, 3 and 4 (two-way), irreducible's 0 and 2,
   * selfloop's 1 and entryloop's 0; a switch in a fifth function (0 -> 1,
   * 2, 3; 3 never taken), and an invoke-like block (4 -> 1 normal, 4 -> 5
   * unwind) that is no branch. */
  uint32_t sw = add_function("sw", 6, 10);
  count(sw, 0, 10); count(sw, 1, 7); count(sw, 2, 3); count(sw, 3, 0);
  count(sw, 4, 0); count(sw, 5, 0);
  edge(sw, 0, 1, 7, 0);
  edge(sw, 0, 2, 3, 0);
  edge(sw, 0, 3, 0, 0);
  edge(sw, 4, 5, 0, SS_EDGEF_EH);
  edge(sw, 4, 1, 0, 0);
  struct ss_branches br;
  ss_branches_build(&br, &model);
  CHECK_I64(br.n, 8, "branches");
  const struct ss_branch *last = &br.v[br.n - 1];
  CHECK_I64(last->block, functions[sw].first_block, "the switch");
  CHECK_I64(last->num_edges, 3, "switch successors");
  CHECK_I64(last->executions, 10, "switch executions");
  CHECK_I64(last->top, 7, "switch top");
  CHECK(ss_branch_bias(last) > 0.69 && ss_branch_bias(last) < 0.71);
  /* More than 90% biased: irreducible 0 (1 of 1), selfloop 1 (49 of
   * 50); not entryloop 0 (30 of 35) nor the others. */
  CHECK_I64(br.executed, 8, "executed");
  CHECK_I64(br.biased, 2, "biased over 90%");
  CHECK_I64(br.total_executions, 8 + 20 + 10 + 1 + 3 + 50 + 35 + 10,
            "branch executions");
  ss_branches_release(&br);
  return check_finish("prof-loops-test");
}
