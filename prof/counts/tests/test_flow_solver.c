/*
 * test_flow_solver.c -- every edge and block count of the synthetic
 * program, derived by hand from the scenario (synth_experiment.h) and
 * compared with the solver's.  Also graphs the solver cannot finish
 * (parallel uncounted edges), self-loops and an inconsistent file.
 */
#include "check.h"

#include "flow_solver.h"
#include "test_support.h"

struct expected {
  int64_t work_edges[13], work_blocks[8];
  int64_t main_edges[15], main_blocks[8];
  int64_t work_calls, main_calls;
};

/* LONGJMP: work(4), work(5) return; in work(7) helper(6) longjmps to main.
 * work: body runs 4+5+7 = 16 times, the header 5+6+7 = 18; i%3==0 for
 * i = 0,3 | 0,3 | 0,3,6 = 7 calls of helper, one of which never returns
 * (NORETURN 1); the latch runs 4+5+6 = 15 times; 2 returns.
 * main: setjmp returns twice (REENTRY 1), work(7) never returns (NORETURN
 * at block 5), then "return 0". */
static const struct expected longjmp_run = {
    {3, 3, 16, 2, 7, 9, 6, 1, 6, 9, 15, 2, 3},
    {3, 18, 16, 7, 6, 9, 15, 2},
    {1, 1, 1, 2, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 2},
    {1, 2, 2, 1, 1, 1, 0, 1},
    3, 1};

/* NORMAL: everything returns; work(7) completes: header 5+6+8 = 19, body
 * 16, helper 2+2+3 = 7 calls all returning, latch 16, 3 returns. */
static const struct expected normal_run = {
    {3, 3, 16, 3, 7, 9, 7, 0, 7, 9, 16, 3, 3},
    {3, 19, 16, 7, 7, 9, 16, 3},
    {1, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1},
    {1, 1, 1, 1, 1, 1, 1, 0},
    3, 1};

/* FORKED_CHILD: the child starts inside helper(3) of work(5): it finishes
 * that call (helper returns once without having been called: work's
 * NORETURN -1), loops i = 4 (else) and exits the loop, returns to main's
 * block 4 (entered before the fork: main's NORETURN there -1), then runs
 * work(7) completely (header 8, 3 helper calls, 4 elses) and returns 1.
 * work: FUNC_ENTRY 1, header 2+8 = 10, body 1+7 = 8, helper 0+3 = 3 calls
 * and 1+3 = 4 returns, else 1+4 = 5, latch 2+7 = 9, 2 returns. */
static const struct expected forked_run = {
    {1, 1, 8, 2, 3, 5, 4, -1, 4, 5, 9, 2, 1},
    {1, 10, 8, 3, 4, 5, 9, 2},
    {0, 0, 0, 0, 0, 0, 0, 0, -1, 1, 0, 1, 1, 0, 0},
    {0, 0, 0, 0, 0, 1, 1, 0},
    1, 0};

static void check_function(const struct ss_descriptor *d, const uint64_t *ctr,
                           uint32_t fi, const int64_t *edges,
                           const int64_t *blocks, int64_t calls,
                           const char *what) {
  const struct ss_desc_function *f = &d->functions[fi];
  struct ss_flow_result r;
  char label[96];
  ss_flow_solve(f->num_blocks, &d->edges[f->first_edge], f->num_edges, ctr,
                d->header.num_counters, &r);
  for (uint32_t e = 0; e < f->num_edges; e++) {
    snprintf(label, sizeof label, "%s edge %u", what, e);
    CHECK(r.edge_known[e]);
    CHECK_I64(r.edge_value[e], edges[e], label);
  }
  for (uint32_t b = 0; b < f->num_blocks; b++) {
    snprintf(label, sizeof label, "%s block %u", what, b);
    CHECK(r.block_known[b]);
    CHECK_I64(r.block_count[b], blocks[b], label);
  }
  snprintf(label, sizeof label, "%s calls", what);
  CHECK(r.calls_known);
  CHECK_I64(r.calls, calls, label);
  CHECK_I64(r.unknown_edges, 0, "unknown edges");
  CHECK_I64(r.unknown_blocks, 0, "unknown blocks");
  snprintf(label, sizeof label, "%s inconsistent", what);
  CHECK_I64(r.inconsistent, 0, label);
  ss_flow_result_release(&r);
}

static void check_scenario(enum synth_scenario s, const struct expected *x,
                           const char *name) {
  struct synth_options o;
  synth_default_options(&o);
  o.scenario = s;
  struct ss_expfile *f = parse_synth(&o, name);
  CHECK(f != NULL);
  if (!f)
    return;
  CHECK_I64(f->num_counts, 1, "COUNTS records");
  const struct ss_counts *k = &f->counts[0];
  char what[64];
  snprintf(what, sizeof what, "%s work", name);
  check_function(&k->desc, k->counters, 0, x->work_edges, x->work_blocks,
                 x->work_calls, what);
  snprintf(what, sizeof what, "%s main", name);
  check_function(&k->desc, k->counters, 1, x->main_edges, x->main_blocks,
                 x->main_calls, what);
  ss_expfile_free(f);
}

static void check_inconsistent(void) {
  struct synth_options o;
  synth_default_options(&o);
  o.scenario = SYNTH_INCONSISTENT; /* 20 elses out of 16 loop bodies */
  struct ss_expfile *f = parse_synth(&o, "inconsistent");
  CHECK(f != NULL);
  if (!f)
    return;
  const struct ss_descriptor *d = &f->counts[0].desc;
  const struct ss_desc_function *w = &d->functions[0];
  struct ss_flow_result r;
  ss_flow_solve(w->num_blocks, &d->edges[w->first_edge], w->num_edges,
                f->counts[0].counters, d->header.num_counters, &r);
  CHECK_I64(r.inconsistent, 1, "inconsistent flag");
  CHECK_I64(r.edge_value[4], 16 - 20, "if -> call edge");
  ss_flow_result_release(&r);
  ss_expfile_free(f);
}

#define E(f, t, c, k) {(f), (t), (c), (k), 0}

/* ENTRY->0 counted 5, two parallel uncounted edges 0->1, 1->EXIT, CLOSE:
 * CLOSE and RETURN follow (5), the parallel pair cannot be split.  Block 0
 * is known from its incoming edge, block 1 from its outgoing one. */
static void check_unsolvable(void) {
  const struct ss_desc_edge edges[] = {
      E(SS_NODE_ENTRY, 0, 0, SS_EDGE_FUNC_ENTRY), E(0, 1, SS_NONE, SS_EDGE_BRANCH),
      E(0, 1, SS_NONE, SS_EDGE_BRANCH), E(1, SS_NODE_EXIT, SS_NONE, SS_EDGE_RETURN),
      E(SS_NODE_EXIT, SS_NODE_ENTRY, SS_NONE, SS_EDGE_CLOSE)};
  const uint64_t counters[] = {5};
  struct ss_flow_result r;
  ss_flow_solve(2, edges, 5, counters, 1, &r);
  CHECK(r.edge_known[0] && r.edge_known[3] && r.edge_known[4]);
  CHECK(!r.edge_known[1] && !r.edge_known[2]);
  CHECK_I64(r.edge_value[3], 5, "return");
  CHECK_I64(r.edge_value[4], 5, "close");
  CHECK_I64(r.unknown_edges, 2, "unknown edges");
  CHECK(r.block_known[0] && r.block_known[1]);
  CHECK_I64(r.block_count[0], 5, "block 0 (incoming)");
  CHECK_I64(r.block_count[1], 5, "block 1 (outgoing)");
  CHECK_I64(r.inconsistent, 0, "consistent");
  ss_flow_result_release(&r);
}

/* A single-block loop: ENTRY->0 (2 calls), 0->0 (10 extra iterations),
 * 0->EXIT.  The self-loop cancels out of conservation at block 0, the
 * block runs 12 times. */
static void check_self_loop(void) {
  const struct ss_desc_edge edges[] = {
      E(SS_NODE_ENTRY, 0, 0, SS_EDGE_FUNC_ENTRY), E(0, 0, 1, SS_EDGE_BRANCH),
      E(0, SS_NODE_EXIT, SS_NONE, SS_EDGE_RETURN),
      E(SS_NODE_EXIT, SS_NODE_ENTRY, SS_NONE, SS_EDGE_CLOSE)};
  const uint64_t counters[] = {2, 10};
  struct ss_flow_result r;
  ss_flow_solve(1, edges, 4, counters, 2, &r);
  CHECK(r.edge_known[2] && r.edge_known[3]);
  CHECK_I64(r.edge_value[2], 2, "return");
  CHECK_I64(r.block_count[0], 12, "block with a self-loop");
  CHECK_I64(r.calls, 2, "calls");
  ss_flow_result_release(&r);
}

/* Counters too large to add must not overflow (undefined behaviour) but
 * mark the function inconsistent. */
static void check_overflow(void) {
  const struct ss_desc_edge edges[] = {
      E(SS_NODE_ENTRY, 0, 0, SS_EDGE_FUNC_ENTRY), E(0, 1, 1, SS_EDGE_BRANCH),
      E(1, 1, SS_NONE, SS_EDGE_BRANCH), E(1, SS_NODE_EXIT, SS_NONE, SS_EDGE_RETURN),
      E(SS_NODE_EXIT, SS_NODE_ENTRY, SS_NONE, SS_EDGE_CLOSE),
      E(0, SS_NODE_EXIT, 2, SS_EDGE_RETURN)};
  const uint64_t counters[] = {INT64_MAX, INT64_MAX, UINT64_MAX};
  struct ss_flow_result r;
  ss_flow_solve(2, edges, 6, counters, 3, &r);
  CHECK_I64(r.inconsistent, 1, "overflow is inconsistent");
  ss_flow_result_release(&r);
}

int main(void) {
  check_scenario(SYNTH_LONGJMP, &longjmp_run, "longjmp");
  check_scenario(SYNTH_NORMAL, &normal_run, "normal");
  check_scenario(SYNTH_FORKED_CHILD, &forked_run, "forked");
  check_inconsistent();
  check_unsolvable();
  check_self_loop();
  check_overflow();
  return check_finish("prof-flow-solver-test");
}
