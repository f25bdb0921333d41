/*
 * test_cpi.c -- the join of ssprof -cpi on a program and ideal time built
 * by hand and a synthetic fpcsamp file whose samples land at chosen
 * addresses; every figure checked is worked out below from those, with
 * the clock at 1000 MHz and a sample a millisecond (1e6 cycles a sample).
 *
 * The program, /synth/prog loaded at PROG:
 *   function 0 "spin" (called 10 times), code 0x1000..0x1040:
 *     block 0 (entry), machine block k0 at 0x1000, 16 bytes, 4
 *       instructions (line 10), 2 cycles, ran 10 times;
 *     block 1 (a loop's body: its header, with a back edge to itself),
 *       machine block k1 at 0x1010, 32 bytes, 8 instructions (2 loads, 1
 *       store, line 11; the last a conditional branch that went its rarer
 *       way 30% of the time), 4 cycles, ran 1000 times;
 *     0x1030..0x1040: code the instrumentation alone runs (no block).
 *   function 1 "tail" (called once), machine block k2 at 0x2000, 4
 *     instructions (line 20), 10 cycles, ran once.
 *   A call from spin to "fakefn", not instrumented, 7 times.
 * The samples (58):
 *   40 at 0x1018 (k1, line 11)   5 at 0x1004 (k0, line 10)
 *    3 at 0x1034 (spin, no block) 2 at 0x2004 (k2)
 *    7 in /nonexistent/libfake.so (no symbol to read)
 *    1 outside every object
 */
#include "check.h"

#include "cpi.h"
#include "test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PROG 0x555500000000ull
#define LIBFAKE 0x7f0000000000ull

static struct ss_model model;
static struct ss_ideal ideal;
static struct ss_model_function functions[2];
static struct ss_model_block blocks[3];
static struct ss_model_edge edges[2];
static struct ss_model_loop loops[1];
static struct ss_model_call calls[1];
static struct ss_ideal_function ideal_functions[2];
static struct ss_ideal_block ideal_blocks[3];
static struct ss_ideal_line lines[3];
static struct ss_ideal_insn insns[16];

static void add_insn(size_t *n, uint64_t address, uint32_t block,
                     uint32_t line, uint32_t flags) {
  insns[*n] = (struct ss_ideal_insn){
      .address = address, .block = block, .line_index = line, .flags = flags};
  (*n)++;
}

static void build_program(void) {
  functions[0] = (struct ss_model_function){.name = "spin", .symbol = "spin",
                                            .file = "s.c", .line = 9,
                                            .dso = "prog", .calls_known = 1,
                                            .calls = 10, .first_block = 0,
                                            .num_blocks = 2, .rank = 1};
  functions[1] = (struct ss_model_function){.name = "tail", .symbol = "tail",
                                            .file = "s.c", .line = 19,
                                            .dso = "prog", .calls_known = 1,
                                            .calls = 1, .first_block = 2,
                                            .num_blocks = 1, .rank = 2};
  blocks[0] = (struct ss_model_block){0, 0, "s.c", 10, 1, 10};
  blocks[1] = (struct ss_model_block){0, 1, "s.c", 11, 1, 1000};
  blocks[2] = (struct ss_model_block){1, 0, "s.c", 20, 1, 1};
  edges[0] = (struct ss_model_edge){0, 0, 1, SS_EDGE_BRANCH, 0, 1, 10};
  edges[1] = (struct ss_model_edge){0, 1, 1, SS_EDGE_BRANCH,
                                    SS_EDGEF_BACKEDGE, 1, 990};
  loops[0] = (struct ss_model_loop){0, "s.c", 11, 1, 1, SS_MODEL_NONE};
  calls[0] = (struct ss_model_call){.caller = 0, .block = 1,
                                    .callee = "fakefn",
                                    .callee_function = SS_MODEL_NONE,
                                    .known = 1, .count = 7};
  model.functions = functions;
  model.num_functions = 2;
  model.blocks = blocks;
  model.num_blocks = 3;
  model.edges = edges;
  model.num_edges = 2;
  model.loops = loops;
  model.num_loops = 1;
  model.calls = calls;
  model.num_calls = 1;

  ideal.available = 1;
  ideal.cpu = "skylake";
  ideal.clock_mhz = 1000;
  ideal.functions = ideal_functions;
  ideal_functions[0] = (struct ss_ideal_function){1, "/synth/prog", 0x1000,
                                                  0x1040, 0, 0};
  ideal_functions[1] = (struct ss_ideal_function){1, "/synth/prog", 0x2000,
                                                  0x2010, 0, 0};
  size_t n = 0;
  /* k0: 4 instructions of line 10 (line index 0) */
  for (int i = 0; i < 4; i++)
    add_insn(&n, 0x1000 + 4 * i, 0, 0, 0);
  /* k1: 8 of line 11 (index 1): loads at 0x1010 and 0x1018, a store at
   * 0x1020, the branch last */
  for (int i = 0; i < 8; i++)
    add_insn(&n, 0x1010 + 4 * i, 1, 1,
             i == 0 || i == 2   ? SS_IDEAL_INSN_LOAD
             : i == 4           ? SS_IDEAL_INSN_STORE
             : i == 7           ? SS_IDEAL_INSN_BRANCH
                                : 0);
  /* k2: 4 of line 20 (index 2) */
  for (int i = 0; i < 4; i++)
    add_insn(&n, 0x2000 + 4 * i, 2, 2, 0);
  ideal.insns = insns;
  ideal.num_insns = n;
  ideal_blocks[0] = (struct ss_ideal_block){
      .function = 0, .model_block = 0, .address = 0x1000, .size = 16,
      .instructions = 4, .cycles = 2, .bound = SS_BOUND_MODEL,
      .simulated = 1, .count = 10, .exact = 1, .file = "s.c", .line = 10,
      .minority = -1, .first_insn = 0, .num_insns = 4};
  ideal_blocks[1] = (struct ss_ideal_block){
      .function = 0, .model_block = 1, .address = 0x1010, .size = 32,
      .instructions = 8, .cycles = 4, .bound = SS_BOUND_RENAME,
      .simulated = 1, .count = 1000, .exact = 1, .file = "s.c", .line = 11,
      .loads = 2, .stores = 1, .minority = 0.3, .first_insn = 4,
      .num_insns = 8};
  ideal_blocks[2] = (struct ss_ideal_block){
      .function = 1, .model_block = 2, .address = 0x2000, .size = 16,
      .instructions = 4, .cycles = 10, .bound = SS_BOUND_MODEL,
      .simulated = 1, .count = 1, .exact = 1, .file = "s.c", .line = 20,
      .minority = -1, .first_insn = 12, .num_insns = 4};
  ideal.blocks = ideal_blocks;
  ideal.num_blocks = 3;
  lines[0] = (struct ss_ideal_line){0, "s.c", 10, 20, 40};
  lines[1] = (struct ss_ideal_line){0, "s.c", 11, 4000, 8000};
  lines[2] = (struct ss_ideal_line){1, "s.c", 20, 10, 4};
  ideal.lines = lines;
  ideal.num_lines = 3;
  ideal.total_instructions = 8044;
  ideal.total_cycles = 4030;
}

/* `samples` (with `weights`, or NULL), of fpcsamp, or of a counter
 * experiment (`event` non-NULL: prof_hwc of that event, overflow value
 * 10000). */
static struct ss_expfile *file_of(const char *event,
                                  const struct synth_sample *samples,
                                  size_t num_samples,
                                  const uint64_t *weights) {
  static const struct synth_module main_module = {
      "/synth/prog", PROG, PROG + 0x1000, PROG + 0x3000, {0}, 0,
      SS_MAP_MAIN};
  static const struct synth_module fake = {
      "/nonexistent/libfake.so", LIBFAKE, LIBFAKE + 0x1000, LIBFAKE + 0x9000,
      {0}, 0, 0};
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "fpcsamp");
  if (event) {
    o.experiment = "prof_hwc";
    o.marching_orders = "hwc,0,10000,0:cu";
    o.sampling_kind = SS_SAMPLING_HWC;
    o.interval_ns = 10000;
    o.clock = event;
  }
  o.base = PROG;
  o.main_module = &main_module;
  o.modules = &fake;
  o.num_modules = 1;
  o.samples = samples;
  o.num_samples = num_samples;
  o.weights = weights;
  return parse_synth(&o, event ? "prog.prof_hwc.m1" : "prog.fpcsamp.m1");
}

/* The samples below, of fpcsamp or of a counter experiment. */
static struct ss_expfile *sampling_file_of(const char *event) {
  static const struct synth_sample samples[] = {
      {40, 1, 0, 0, 1, {PROG + 0x1018}}, {5, 1, 0, 0, 1, {PROG + 0x1004}},
      {3, 1, 0, 0, 1, {PROG + 0x1034}},  {2, 1, 0, 0, 1, {PROG + 0x2004}},
      {7, 1, 0, 0, 1, {LIBFAKE + 0x2000}}, {1, 1, 0, 0, 1, {0x1000}}};
  return file_of(event, samples, sizeof samples / sizeof samples[0], NULL);
}

static struct ss_expfile *sampling_file(void) {
  return sampling_file_of(NULL);
}

static int near(double a, double b) {
  return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b) + 1);
}

#define CHECK_NEAR(actual, expected, what)                                     \
  do {                                                                         \
    double a_ = (actual), e_ = (expected);                                     \
    check_count++;                                                             \
    if (!near(a_, e_)) {                                                       \
      fprintf(stderr, "%s:%d: %s: got %.12g, expected %.12g\n", __FILE__,     \
              __LINE__, (what), a_, e_);                                       \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

/* `f` merged into `p` and joined with the program into `c`: 0, or -1
 * (reported). */
static int join_file(struct ss_expfile *f, struct ss_profile *p,
                     struct ss_cpi *c) {
  struct ss_err err;
  const char *bad;
  CHECK(ss_profile_merge(p, &f, 1, &err, &bad) == 0);
  int rc = ss_cpi_build(c, &model, &ideal, p, NULL, &err);
  CHECK_I64(rc, 0, "join");
  if (rc != 0)
    fprintf(stderr, "%s\n", err.msg);
  return rc;
}

static void test_join(void) {
  struct ss_expfile *f = sampling_file();
  CHECK(f != NULL);
  if (!f)
    return;
  struct ss_profile p;
  struct ss_cpi c;
  if (join_file(f, &p, &c) != 0) {
    return;
  }
  CHECK_I64(c.samples, 58, "samples");
  CHECK_I64(c.instrumented_samples, 50, "in instrumented code");
  CHECK_I64(c.counting_samples, 3, "on the instrumentation's code");
  CHECK_I64(c.outside_samples, 8, "outside");
  CHECK_I64(c.interval_ns, 1000000, "interval");

  /* k1: 40 samples, 40e6 cycles, against 4 x 1000 ideal cycles */
  const struct ss_cpi_row *k1 = &c.blocks[1];
  CHECK_I64(k1->samples, 40, "k1 samples");
  CHECK_NEAR(k1->sampled_cycles, 40e6, "k1 measured cycles");
  CHECK_NEAR(k1->ideal_cycles, 4000, "k1 ideal cycles");
  CHECK_I64(k1->instructions, 8000, "k1 instructions");
  CHECK_NEAR(ss_cpi_ideal_cpi(k1), 0.5, "k1 ideal CPI");
  CHECK_NEAR(ss_cpi_sampled_cpi(k1), 5000, "k1 measured CPI");
  CHECK_NEAR(ss_cpi_ratio(k1), 1e4, "k1 measured/ideal");
  CHECK_NEAR(ss_cpi_lost(k1), 40e6 - 4000, "k1 cycles lost");
  CHECK_NEAR(ss_cpi_error(k1), 1.96 / sqrt(40), "k1 95% interval");
  CHECK_NEAR(ss_cpi_seconds(&c, k1->sampled_cycles), 0.04, "k1 seconds");
  CHECK_NEAR(k1->loads, 2000, "k1 loads");
  CHECK_NEAR(k1->stores, 1000, "k1 stores");
  CHECK_NEAR(k1->unsure_branches, 1000, "k1 unsure branch executions");
  CHECK_I64(k1->bound, SS_BOUND_RENAME, "k1 bound");
  /* far above ideal; mispredictions could explain 1000 x 30 cycles, under
   * half the loss: memory */
  CHECK_I64(k1->cause, SS_CAUSE_MEMORY, "k1 cause");

  /* k0: 5 samples, too few; k2: 2 */
  CHECK_I64(c.blocks[0].samples, 5, "k0 samples");
  CHECK_I64(c.blocks[0].cause, SS_CAUSE_FEW_SAMPLES, "k0 cause");
  CHECK_I64(c.blocks[2].samples, 2, "k2 samples");

  /* spin: its blocks' 45 samples and the 3 on the instrumentation's code;
   * ideal 2 x 10 + 4 x 1000; 10 calls */
  const struct ss_cpi_row *spin = &c.functions[0];
  CHECK_I64(spin->samples, 48, "spin samples");
  CHECK_NEAR(spin->ideal_cycles, 4020, "spin ideal cycles");
  CHECK_I64(spin->executions, 10, "spin executions");
  CHECK_I64(spin->instructions, 8040, "spin instructions");
  CHECK_NEAR(spin->sampled_cycles, 48e6, "spin measured cycles");
  CHECK_I64(c.functions[1].samples, 2, "tail samples");

  /* the loop: block 1 only, 1000 iterations */
  const struct ss_cpi_row *loop = &c.loops[0];
  CHECK_I64(loop->samples, 40, "loop samples");
  CHECK_NEAR(loop->ideal_cycles, 4000, "loop ideal cycles");
  CHECK_I64(loop->executions, 1000, "loop iterations");

  /* lines: 10 gets k0's 5, 11 k1's 40; executions: the most its
   * instructions ran */
  CHECK_I64(c.lines[0].samples, 5, "line 10 samples");
  CHECK_I64(c.lines[1].samples, 40, "line 11 samples");
  CHECK_I64(c.lines[1].executions, 1000, "line 11 executions");
  CHECK_NEAR(c.lines[1].ideal_cycles, 4000, "line 11 ideal cycles");
  CHECK_NEAR(c.lines[1].loads, 2000, "line 11 loads");

  /* counted blocks: block 1 holds k1 */
  CHECK_I64(c.model_blocks[1].samples, 40, "counted block 1 samples");
  CHECK_I64(c.model_blocks[1].executions, 1000, "counted block 1 count");

  /* the instrumented code: all functions */
  CHECK_I64(c.total.samples, 50, "instrumented samples");
  CHECK_NEAR(c.total.ideal_cycles, 4030, "instrumented ideal cycles");

  /* outside: fakefn's 7 calls (its object unknown: no samples joined to
   * it), libfake.so's 7 samples without a symbol, 1 outside every object */
  int fakefn = 0, libfake = 0, nowhere = 0;
  for (size_t i = 0; i < c.num_outside; i++) {
    const struct ss_cpi_outside *o = &c.outside[i];
    if (strcmp(o->name, "fakefn") == 0) {
      fakefn++;
      CHECK_I64(o->calls, 7, "fakefn calls");
      CHECK_I64(o->samples, 0, "fakefn samples");
    } else if (strcmp(o->dso, "libfake.so") == 0) {
      libfake++;
      CHECK_I64(o->samples, 7, "libfake samples");
      CHECK_I64(o->calls, -1, "libfake calls");
    } else if (strcmp(o->name, "?") == 0) {
      nowhere++;
      CHECK_I64(o->samples, 1, "samples outside every object");
    }
  }
  CHECK(fakefn == 1 && libfake == 1 && nowhere == 1);
  CHECK_I64(c.num_outside, 3, "outside entries");
  /* by samples, descending */
  CHECK(c.num_outside == 3 && c.outside[0].samples == 7);

  ss_cpi_release(&c);
  ss_profile_release(&p);
  ss_expfile_free(f);
}

/* The same samples as overflows of a counter every 10000 events: k1's
 * 40 are 400,000 events, 400 an iteration of the loop (1000); cycles
 * then measure 400,000 cycles, task-clock 400,000 ns (at the model's
 * 1000 MHz: 400,000 cycles), a cache-miss event no time. */
static void test_hwc_join(void) {
  static const struct {
    const char *event;
    int timed;
  } events[] = {{"perf::PERF_COUNT_HW_CPU_CYCLES", 1},
                {"perf::PERF_COUNT_SW_TASK_CLOCK", 1},
                {"perf::PERF_COUNT_HW_CACHE_LL:READ:MISS", 0}};
  CHECK_STR(ss_cpi_event_short("perf::PERF_COUNT_SW_TASK_CLOCK"),
            "TASK_CLOCK", "short name of task-clock");
  CHECK_STR(ss_cpi_event_short("perf::PERF_COUNT_HW_CACHE_LL:READ:MISS"),
            "LL:READ:MISS", "short name of a cache event");
  CHECK_STR(ss_cpi_event_short("MEM_INST_RETIRED:ALL_LOADS"),
            "MEM_INST_RETIRED:ALL_LOADS", "a native event's name");
  CHECK_I64(ss_cpi_event_unit_of("perf::PERF_COUNT_HW_REF_CPU_CYCLES"),
            SS_CPI_EVENT_OTHER, "reference cycles are not the core's");
  for (size_t e = 0; e < sizeof events / sizeof events[0]; e++) {
    struct ss_expfile *f = sampling_file_of(events[e].event);
    CHECK(f != NULL);
    if (!f)
      continue;
    struct ss_profile p;
    struct ss_cpi c;
    if (join_file(f, &p, &c) == 0) {
      CHECK_I64(c.hwc, 1, "a counter experiment");
      CHECK_STR(c.event, events[e].event, "its event");
      CHECK_I64(c.timed, events[e].timed, "whether its events are time");
      const struct ss_cpi_row *k1 = &c.blocks[1], *loop = &c.loops[0];
      CHECK_NEAR(k1->events, 400000, "k1 events");
      CHECK_NEAR(loop->events, 400000, "loop events");
      CHECK_NEAR(ss_cpi_events_per_execution(loop), 400,
                 "loop events an iteration");
      CHECK_NEAR(ss_cpi_error(loop), 1.96 / sqrt(40), "their 95% interval");
      CHECK_NEAR(k1->sampled_cycles, events[e].timed ? 400000 : 0,
                 "k1 measured cycles");
      CHECK_I64(k1->cause, events[e].timed ? SS_CAUSE_MEMORY
                                           : SS_CAUSE_NOT_TIMED,
                "k1 cause");
      CHECK_NEAR(c.sample_seconds, events[e].timed ? 1e-5 : 0,
                 "the time a sample weighs");
      /* the row of a function without executions known: none per
       * execution */
      struct ss_cpi_row none = *loop;
      none.executions_known = 0;
      CHECK_NEAR(ss_cpi_events_per_execution(&none), -1,
                 "executions not known");
      ss_cpi_release(&c);
    }
    ss_profile_release(&p);
    ss_expfile_free(f);
  }
}

/* Samples that carry their weights (what the counter counted since the
 * thread's previous sample): k1's 40 are 30 of 10000 ns and 10 of
 * 25000 ns (late timers), 550,000 ns; the other 18 weigh 10000 each.  The
 * rows' events are the weights' sums, and the measured cycles (task
 * clock at the model's 1000 MHz) follow them, not samples x overflow. */
static void test_weighted_hwc_join(void) {
  const uint16_t w = SS_SAMPLE_WEIGHT;
  const struct synth_sample samples[] = {
      {30, 1, 0, w, 1, {PROG + 0x1018}},   {10, 1, 0, w, 1, {PROG + 0x1018}},
      {5, 1, 0, w, 1, {PROG + 0x1004}},    {3, 1, 0, w, 1, {PROG + 0x1034}},
      {2, 1, 0, w, 1, {PROG + 0x2004}},    {7, 1, 0, w, 1, {LIBFAKE + 0x2000}},
      {1, 1, 0, w, 1, {0x1000}}};
  static const uint64_t weights[] = {10000, 25000, 10000, 10000,
                                     10000, 10000, 10000};
  struct ss_expfile *f = file_of("perf::PERF_COUNT_SW_TASK_CLOCK", samples,
                                 sizeof samples / sizeof samples[0], weights);
  CHECK(f != NULL);
  if (!f)
    return;
  struct ss_profile p;
  struct ss_cpi c;
  if (join_file(f, &p, &c) == 0) {
    CHECK_I64(c.samples, 58, "samples");
    CHECK_I64(c.events, 550000 + 18 * 10000, "the run's events: the weights");
    CHECK_I64(c.sampled_ns, 730000, "their nanoseconds");
    CHECK_NEAR(c.blocks[1].events, 550000, "k1 events");
    CHECK_NEAR(c.loops[0].events, 550000, "loop events");
    CHECK_NEAR(ss_cpi_events_per_execution(&c.loops[0]), 550,
               "loop events an iteration");
    CHECK_NEAR(c.blocks[1].sampled_cycles, 550000, "k1 measured cycles");
    ss_cpi_release(&c);
  }
  ss_profile_release(&p);
  ss_expfile_free(f);
}

/* A row's cause from its samples, ratio, accesses and branches. */
static enum ss_cpi_cause cause(uint64_t samples, double ideal, double ratio,
                               double loads, double unsure) {
  struct ss_cpi_row r;
  memset(&r, 0, sizeof r);
  r.executions_known = 1;
  r.executions = 1000;
  r.instructions = 10000;
  r.samples = samples;
  r.ideal_cycles = ideal;
  r.sampled_cycles = ideal * ratio;
  r.loads = loads;
  r.unsure_branches = unsure;
  r.unsure_minority = unsure > 0 ? 0.3 : 0;
  return ss_cpi_cause_of(&r);
}

static void test_causes(void) {
  struct ss_cpi_row idle;
  memset(&idle, 0, sizeof idle);
  idle.executions_known = 1;
  CHECK_I64(ss_cpi_cause_of(&idle), SS_CAUSE_NOT_RUN, "not run");
  CHECK_I64(cause(0, 100, 0, 0, 0), SS_CAUSE_NO_SAMPLES, "no samples");
  CHECK_I64(cause(9, 100, 3, 0, 0), SS_CAUSE_FEW_SAMPLES, "9 samples");
  CHECK_I64(cause(10, 0, 0, 0, 0), SS_CAUSE_NO_IDEAL, "no ideal cycles");
  /* 100 samples: noise 3/sqrt(100) = 0.3; above needs ratio x 0.7 > 1.5
   * (ratio > 2.14), below ratio x 1.3 < 0.5 (ratio < 0.385) */
  CHECK_I64(cause(100, 1e9, 1.0, 5e3, 0), SS_CAUSE_AT_IDEAL, "at ideal");
  CHECK_I64(cause(100, 1e9, 2.1, 5e3, 0), SS_CAUSE_AT_IDEAL,
            "2.1: within the noise and the clock");
  CHECK_I64(cause(100, 1e9, 2.2, 5e3, 0), SS_CAUSE_MEMORY, "2.2: memory");
  CHECK_I64(cause(100, 1e9, 0.38, 5e3, 0), SS_CAUSE_BELOW_IDEAL, "below");
  CHECK_I64(cause(100, 1e9, 0.39, 5e3, 0), SS_CAUSE_AT_IDEAL, "0.39");
  /* 3x ideal: 2e9 cycles lost.  Branches alone: */
  CHECK_I64(cause(100, 1e9, 3, 0, 1e6), SS_CAUSE_BRANCHES, "branches");
  /* both: 1e6 unsure executions x 30 cycles = 3e7, under half of 2e9:
   * memory; 1e8 of them could explain 3e9: memory or branches */
  CHECK_I64(cause(100, 1e9, 3, 5e3, 1e6), SS_CAUSE_MEMORY, "memory, few");
  CHECK_I64(cause(100, 1e9, 3, 5e3, 1e8), SS_CAUSE_MEMORY_OR_BRANCHES,
            "memory or branches");
  CHECK_I64(cause(100, 1e9, 3, 0, 0), SS_CAUSE_UNEXPLAINED, "unexplained");
}

int main(void) {
  build_program();
  test_join();
  test_causes();
  test_hwc_join();
  test_weighted_hwc_join();
  return check_finish("prof-cpi-test");
}
