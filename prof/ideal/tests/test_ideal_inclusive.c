/*
 * test_ideal_inclusive.c -- inclusive ideal time (prof/ideal_inclusive.c)
 * on call graphs built by hand: shares in proportion to calls,
 * <spontaneous> callers, a cycle of two functions called from two places,
 * self recursion, cycle numbering, and graphs deep enough that a
 * recursive strongly-connected-components search would overflow the
 * stack.  Every expected number is worked out in the comments (the main
 * graph in ideal_fixture.h).
 */
#include "check.h"

#include "base.h"
#include "ideal.h"
#include "ideal_fixture.h"

#include <math.h>
#include <stdlib.h>

#define CHECK_NEAR(actual, expected, what)                                     \
  do {                                                                         \
    double a_ = (actual), e_ = (expected);                                     \
    check_count++;                                                             \
    if (!(fabs(a_ - e_) <= 1e-9 * (fabs(e_) > 1 ? fabs(e_) : 1))) {           \
      fprintf(stderr, "%s:%d: %s: got %.17g, expected %.17g\n", __FILE__,      \
              __LINE__, (what), a_, e_);                                       \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

static double *exclusive_of(const struct ideal_fixture *fx) {
  double *x = ss_xcalloc(FX_FUNCTIONS, sizeof *x);
  for (uint32_t i = 0; i < FX_FUNCTIONS; i++)
    x[i] = fx->ideal_functions[i].has_code ? fx->ideal_functions[i].cycles : 0;
  return x;
}

static const struct ss_model_arc *find_arc(const struct ss_model *m,
                                           uint32_t caller, uint32_t callee) {
  for (size_t i = 0; i < m->num_arcs; i++)
    if (m->arcs[i].caller == caller && m->arcs[i].callee == callee)
      return &m->arcs[i];
  fprintf(stderr, "no arc %u -> %u\n", caller, callee);
  check_failures++;
  return &m->arcs[0];
}

static void check_fixture_graph(void) {
  struct ideal_fixture fx;
  ideal_fixture_init(&fx);
  double *x = exclusive_of(&fx);
  struct ss_ideal_inclusive inc;
  ss_ideal_inclusive_build(&inc, &fx.model, x);
  const struct ss_model *m = &fx.model;

  CHECK_NEAR(inc.inclusive[5], 80e6, "helper inclusive");
  CHECK_NEAR(inc.inclusive[1], 460e6, "work inclusive");
  CHECK_NEAR(inc.inclusive[2], 120e6, "a inclusive (its cycle's)");
  CHECK_NEAR(inc.inclusive[3], 120e6, "b inclusive (its cycle's)");
  CHECK_NEAR(inc.inclusive[4], 90e6, "fact inclusive");
  CHECK_NEAR(inc.inclusive[6], 0, "nocode inclusive");
  CHECK_NEAR(inc.inclusive[7], 0, "unused inclusive");
  CHECK_NEAR(inc.inclusive[0], 638e6, "main inclusive");

  CHECK_I64(inc.num_cycles, 1, "cycles");
  CHECK_I64(inc.cycle[2], 1, "a in cycle 1");
  CHECK_I64(inc.cycle[3], 1, "b in cycle 1");
  for (uint32_t f = 0; f < FX_FUNCTIONS; f++)
    if (f != 2 && f != 3)
      CHECK_I64(inc.cycle[f], 0, fx.functions[f].name);
  CHECK_NEAR(inc.cycle_inclusive[1], 120e6, "cycle 1 inclusive");
  CHECK_NEAR(inc.cycle_self[1], 100e6, "cycle 1 self");
  CHECK_I64(inc.cycle_external_calls[1], 3, "cycle 1 calls from outside");
  CHECK_I64(inc.cycle_internal_calls[1], 4, "cycle 1 calls inside");
  CHECK_I64(inc.cycle_members[1], 2, "cycle 1 members");

  CHECK_I64(inc.external_calls[4], 1, "fact: external calls");
  CHECK_I64(inc.recursive_calls[4], 4, "fact: self calls");
  CHECK_I64(inc.external_calls[2], 2, "a: calls from outside its cycle");
  CHECK_I64(inc.recursive_calls[2], 1, "a: calls from b");
  CHECK_I64(inc.external_calls[3], 1, "b: calls from fact");
  CHECK_I64(inc.recursive_calls[3], 3, "b: calls from a");
  CHECK_I64(inc.external_calls[1], 5, "work: main 4 + spontaneous 1");
  CHECK_I64(inc.external_calls[5], 8, "helper: work 6 + a 2");

  /* What each arc carries to the caller. */
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, FX_NONE, 0)), 638e6,
             "<spontaneous> -> main");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 0, 1)), 368e6,
             "main -> work: 460 * 4/5");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, FX_NONE, 1)), 92e6,
             "<spontaneous> -> work: 460 * 1/5");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 0, 2)), 80e6,
             "main -> a: cycle 120 * 2/3");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 4, 3)), 40e6,
             "fact -> b: cycle 120 * 1/3");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 1, 5)), 60e6,
             "work -> helper: 80 * 6/8");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 2, 5)), 20e6,
             "a -> helper: 80 * 2/8");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 0, 4)), 90e6,
             "main -> fact");
  CHECK(ss_ideal_arc_propagates(&inc, find_arc(m, 0, 6)));
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 0, 6)), 0,
             "main -> nocode");
  CHECK(!ss_ideal_arc_propagates(&inc, find_arc(m, 2, 3)));
  CHECK(!ss_ideal_arc_propagates(&inc, find_arc(m, 3, 2)));
  CHECK(!ss_ideal_arc_propagates(&inc, find_arc(m, 4, 4)));
  CHECK(!ss_ideal_arc_propagates(&inc, find_arc(m, 0, FX_NONE)));
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 2, 3)), 0, "a -> b");
  CHECK_NEAR(ss_ideal_arc_cycles(&inc, find_arc(m, 4, 4)), 0,
             "fact -> fact");
  ss_ideal_inclusive_release(&inc);
  free(x);
}

/* A small model of n functions (names f0, f1, ...), ranks in id order. */
struct small {
  struct ss_model m;
  struct ss_model_function *f;
  struct ss_model_arc *arcs;
  double *excl;
};

static void small_init(struct small *s, uint32_t n, size_t max_arcs) {
  memset(s, 0, sizeof *s);
  s->f = ss_xcalloc(n, sizeof *s->f);
  s->arcs = ss_xcalloc(max_arcs, sizeof *s->arcs);
  s->excl = ss_xcalloc(n, sizeof *s->excl);
  s->m.functions = s->f;
  s->m.num_functions = n;
  s->m.arcs = s->arcs;
  for (uint32_t i = 0; i < n; i++) {
    s->f[i].name = "f";
    s->f[i].rank = i + 1;
  }
}

static void small_arc(struct small *s, uint32_t caller, uint32_t callee,
                      int64_t count) {
  struct ss_model_arc *a = &s->arcs[s->m.num_arcs++];
  a->caller = caller;
  a->callee = callee;
  a->callee_name = "f";
  a->count = count;
}

static void small_release(struct small *s) {
  free(s->f);
  free(s->arcs);
  free(s->excl);
}

/* Self recursion is not a cycle: r (excl 10) called once from outside
 * calls itself 9 times and g (excl 6, called 3 times by r and once by
 * the never-called h, excl 2) ->  g = 6; r = 10 + 6 * 3/4 = 14.5;
 * h = 2 + 6 * 1/4 = 3.5 (h has no callers: a root). */
static void check_self_recursion(void) {
  struct small s;
  small_init(&s, 3, 8);
  s.excl[0] = 10; /* r */
  s.excl[1] = 6;  /* g */
  s.excl[2] = 2;  /* h */
  small_arc(&s, FX_NONE, 0, 1);
  small_arc(&s, 0, 0, 9);
  small_arc(&s, 0, 1, 3);
  small_arc(&s, 2, 1, 1);
  struct ss_ideal_inclusive inc;
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  CHECK_NEAR(inc.inclusive[1], 6, "g");
  CHECK_NEAR(inc.inclusive[0], 14.5, "r");
  CHECK_NEAR(inc.inclusive[2], 3.5, "h");
  CHECK_I64(inc.num_cycles, 0, "self recursion makes no cycle");
  CHECK_I64(inc.cycle[0], 0, "r in no cycle");
  CHECK_I64(inc.external_calls[0], 1, "r: external");
  CHECK_I64(inc.recursive_calls[0], 9, "r: self calls");
  CHECK_I64(inc.external_calls[2], 0, "h: never called");
  ss_ideal_inclusive_release(&inc);
  small_release(&s);
}

/* Two cycles, numbered by inclusive cycles: main (0) calls p (1) twice;
 * p -> q -> r -> p (ids 1, 2, 3; excl 1 each) and r -> x 1; main calls
 * x (4) once; x <-> y (4, 5; excl 20, 30), y -> z (6, excl 8) 2 times,
 * z also called once from main.
 *   z = 8; cycle {x, y}: 50 + 8 * 2/3 = 55.333...; its outside calls:
 *   main 1 + r 1 = 2;  cycle {p, q, r}: 3 + 55.333 * 1/2 = 30.666...;
 *   main = 0 + 30.666 * 2/2 + 55.333 * 1/2 + 8 * 1/3
 *        = 30.666 + 27.666 + 2.666 = 61.
 * Cycle 1 is {x, y} (55.3 > 30.7), cycle 2 {p, q, r}. */
static void check_two_cycles(void) {
  struct small s;
  small_init(&s, 7, 16);
  s.excl[1] = s.excl[2] = s.excl[3] = 1;
  s.excl[4] = 20;
  s.excl[5] = 30;
  s.excl[6] = 8;
  small_arc(&s, 0, 1, 2);
  small_arc(&s, 3, 1, 5);
  small_arc(&s, 1, 2, 6);
  small_arc(&s, 2, 3, 6);
  small_arc(&s, 0, 4, 1);
  small_arc(&s, 3, 4, 1);
  small_arc(&s, 5, 4, 7);
  small_arc(&s, 4, 5, 8);
  small_arc(&s, 0, 6, 1);
  small_arc(&s, 5, 6, 2);
  struct ss_ideal_inclusive inc;
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  double xy = 50 + 8.0 * 2 / 3, pqr = 3 + xy / 2;
  CHECK_NEAR(inc.inclusive[6], 8, "z");
  CHECK_NEAR(inc.inclusive[4], xy, "x");
  CHECK_NEAR(inc.inclusive[5], xy, "y");
  CHECK_NEAR(inc.inclusive[1], pqr, "p");
  CHECK_NEAR(inc.inclusive[3], pqr, "r");
  CHECK_NEAR(inc.inclusive[0], 61, "main");
  CHECK_I64(inc.num_cycles, 2, "cycles");
  CHECK_I64(inc.cycle[4], 1, "x in cycle 1");
  CHECK_I64(inc.cycle[5], 1, "y in cycle 1");
  CHECK_I64(inc.cycle[1], 2, "p in cycle 2");
  CHECK_I64(inc.cycle[2], 2, "q in cycle 2");
  CHECK_I64(inc.cycle[3], 2, "r in cycle 2");
  CHECK_I64(inc.cycle[6], 0, "z in none");
  CHECK_I64(inc.cycle_members[2], 3, "cycle 2 members");
  CHECK_I64(inc.cycle_external_calls[1], 2, "cycle 1: main 1 + r 1");
  CHECK_I64(inc.cycle_internal_calls[1], 15, "cycle 1: 7 + 8");
  CHECK_I64(inc.cycle_external_calls[2], 2, "cycle 2: main 2");
  CHECK_I64(inc.cycle_internal_calls[2], 17, "cycle 2: 5 + 6 + 6");
  CHECK_NEAR(inc.cycle_self[2], 3, "cycle 2 self");
  ss_ideal_inclusive_release(&inc);
  small_release(&s);
}

/* 300000 functions in a chain f0 -> f1 -> ... (one cycle each), then
 * the same closed into one ring by f(n-1) -> f0, entered from a root:
 * a recursive search would need 300000 frames. */
static void check_deep_graphs(void) {
  const uint32_t n = 300000;
  struct small s;
  small_init(&s, n + 1, n + 2);
  for (uint32_t i = 0; i + 1 < n; i++)
    small_arc(&s, i, i + 1, 1);
  for (uint32_t i = 0; i < n; i++)
    s.excl[i] = 1;
  struct ss_ideal_inclusive inc;
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  CHECK_NEAR(inc.inclusive[0], n, "chain head");
  CHECK_NEAR(inc.inclusive[n / 2], n - n / 2, "chain middle");
  CHECK_I64(inc.num_cycles, 0, "a chain has no cycle");
  ss_ideal_inclusive_release(&inc);

  small_arc(&s, n - 1, 0, 1); /* the ring */
  small_arc(&s, n, 0, 1);     /* root -> f0 */
  s.excl[n] = 5;
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  CHECK_I64(inc.num_cycles, 1, "one ring");
  CHECK_I64(inc.cycle_members[1], n, "ring members");
  CHECK_NEAR(inc.inclusive[n / 3], n, "a ring member's inclusive");
  CHECK_NEAR(inc.inclusive[n], n + 5, "root");
  ss_ideal_inclusive_release(&inc);
  small_release(&s);
}

/* Exact inclusive time per caller (ss_ideal_inclusive_exact).  main (0)
 * calls big (1) and small (2) once each; work (3) was inlined into big
 * (5 calls, its copy ran 900 cycles) and into small (1000 calls, 90
 * cycles), and its own code ran 60 cycles for 3 calls: 2 from main and 1
 * from outside (<spontaneous>); leaf (4, 40 cycles, no copies) is called
 * by big once and by small 3 times.  Exclusive: main 1, big 2, small 3,
 * work 900 + 90 + 60 = 1050, leaf 40.
 *   work calls nothing: its inlined arcs carry their copies' cycles,
 *     exactly: big 900, small 90; its own code's 60 go to its callers
 *     by calls (main 2/3: 40, <spontaneous> 20), not exact;
 *   leaf: by calls, big 10, small 30, not exact;
 *   big = 2 + 900 + 10 = 912, small = 3 + 90 + 30 = 123; both callers
 *     of theirs are sole callers: main -> big carries 912, main -> small
 *     123, neither exact (leaf's shares are not);
 *   main = 1 + 912 + 123 + 40 = 1076; work's inclusive = 1050, exact
 *     (nothing leaves it). */
static void check_exact_arcs(void) {
  struct small s;
  small_init(&s, 5, 16);
  double excl[] = {1, 2, 3, 1050, 40};
  memcpy(s.excl, excl, sizeof excl);
  small_arc(&s, FX_NONE, 0, 1);
  small_arc(&s, 0, 1, 1);
  small_arc(&s, 0, 2, 1);
  small_arc(&s, 1, 3, 5);
  s.arcs[s.m.num_arcs - 1].kind = SS_ARC_INLINED;
  small_arc(&s, 2, 3, 1000);
  s.arcs[s.m.num_arcs - 1].kind = SS_ARC_INLINED;
  small_arc(&s, 0, 3, 2);
  small_arc(&s, FX_NONE, 3, 1);
  small_arc(&s, 1, 4, 1);
  small_arc(&s, 2, 4, 3);
  struct ss_model_copy copies[] = {{3, FX_NONE, 1, 3}, {3, 1, 1, 5},
                                   {3, 2, 1, 1000}};
  s.m.copies = copies;
  s.m.num_copies = 3;
  s.f[3].first_copy = 0;
  s.f[3].num_copies = 3;
  s.f[3].entry_calls_known = 1;
  s.f[3].entry_calls = 3;
  struct ss_ideal_function fns[5] = {{0}};
  for (int i = 0; i < 5; i++)
    fns[i].has_code = 1;
  struct ss_ideal_copy copy_code[] = {{1, 20, 60}, {1, 300, 900},
                                      {1, 30, 90}};
  struct ss_ideal ideal = {0};
  ideal.functions = fns;
  ideal.copies = copy_code;
  struct ss_ideal_inclusive inc;
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  ss_ideal_inclusive_exact(&inc, &s.m, s.excl, &ideal);
  size_t big_work = 3, small_work = 4, main_work = 5, out_work = 6;
  size_t big_leaf = 7, small_leaf = 8;
  CHECK_NEAR(inc.arc_cycles[big_work], 900, "big -> work");
  CHECK(inc.arc_exact[big_work]);
  CHECK_NEAR(inc.arc_cycles[small_work], 90, "small -> work");
  CHECK(inc.arc_exact[small_work]);
  CHECK_NEAR(inc.arc_cycles[main_work], 40, "main -> work (own code)");
  CHECK(!inc.arc_exact[main_work]);
  CHECK_NEAR(inc.arc_cycles[out_work], 20, "<spontaneous> -> work");
  CHECK_NEAR(inc.arc_cycles[big_leaf], 10, "big -> leaf");
  CHECK(!inc.arc_exact[big_leaf]);
  CHECK_NEAR(inc.arc_cycles[small_leaf], 30, "small -> leaf");
  CHECK_NEAR(inc.exact_inclusive[1], 912, "big");
  CHECK_NEAR(inc.exact_inclusive[2], 123, "small");
  CHECK_NEAR(inc.arc_cycles[1], 912, "main -> big");
  CHECK(!inc.arc_exact[1]);
  CHECK_NEAR(inc.exact_inclusive[0], 1076, "main");
  CHECK_NEAR(inc.exact_inclusive[3], 1050, "work");
  CHECK(inc.exact_whole[3]);
  CHECK(inc.exact_whole[4]);
  CHECK(!inc.exact_whole[1]);
  /* gprof's figure for big, unchanged: 2 + 1050 * 5/1008 + 40/4 */
  CHECK_NEAR(inc.inclusive[1], 2 + 1050.0 * 5 / 1008 + 10, "big, gprof's");

  /* With leaf called by big alone, big's arc into it is exact (a sole
   * caller) and so is big, and main -> big with it. */
  s.arcs[small_leaf].count = 0;
  s.arcs[small_leaf].callee = FX_NONE;
  ss_ideal_inclusive_release(&inc);
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  ss_ideal_inclusive_exact(&inc, &s.m, s.excl, &ideal);
  CHECK_NEAR(inc.arc_cycles[big_leaf], 40, "big -> leaf, alone");
  CHECK(inc.arc_exact[big_leaf]);
  CHECK(inc.exact_whole[1]);
  CHECK_NEAR(inc.arc_cycles[1], 942, "main -> big, exact");
  CHECK(inc.arc_exact[1]);
  /* A function without machine code is never exact. */
  fns[4].has_code = 0;
  ss_ideal_inclusive_release(&inc);
  ss_ideal_inclusive_build(&inc, &s.m, s.excl);
  ss_ideal_inclusive_exact(&inc, &s.m, s.excl, &ideal);
  CHECK(!inc.exact_whole[4]);
  CHECK(!inc.arc_exact[big_leaf]);
  ss_ideal_inclusive_release(&inc);
  small_release(&s);
}

int main(void) {
  check_exact_arcs();
  check_fixture_graph();
  check_self_recursion();
  check_two_cycles();
  check_deep_graphs();
  return check_finish("prof-ideal-inclusive-test");
}
