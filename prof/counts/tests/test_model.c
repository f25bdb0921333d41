/*
 * test_model.c -- the program model of one LONGJMP run: function ranks and
 * totals, the MAX rule for source lines, call-site counts, the call graph
 * with <spontaneous>, loops, and naming indirect-call targets (an
 * instrumented function, a function of a mapped module named by the
 * model's namer, an unmapped address).  Expected values are worked out in synth_experiment.h and
 * test_flow_solver.c.
 */
#define _GNU_SOURCE
#include "check.h"

#include "counts.h"
#include "profile.h"
#include "test_support.h"

#include <dlfcn.h>

/* The model's namer here is independent of ssprof's symbolizer: the C
 * library's dladdr on the run-time address (this binary exports its
 * symbols), given the link-time address the model passes. */
static char *name_by_dladdr(void *self, const char *path, uint64_t addr) {
  (void)self;
  uint64_t bias = synth_load_bias();
  Dl_info info;
  if (!path || !path[0] || !dladdr((void *)(uintptr_t)(addr + bias), &info) ||
      !info.dli_sname)
    return NULL;
  return ss_xstrdup(info.dli_sname);
}

static struct ss_expfile *file;
static struct ss_profile profile;
static struct ss_model model;

static int build(const struct synth_options *o) {
  struct ss_err err;
  const char *bad;
  file = parse_synth(o, "model");
  if (!file)
    return -1;
  if (ss_profile_merge(&profile, &file, 1, &err, &bad) != 0) {
    fprintf(stderr, "merge: %s\n", err.msg);
    return -1;
  }
  ss_model_build(&model, &profile,
                 (struct ss_namer){NULL, name_by_dladdr, NULL});
  return 0;
}

static void teardown(void) {
  ss_model_release(&model);
  ss_profile_release(&profile);
  ss_expfile_free(file);
}

static int64_t line_count(const char *file_name, uint32_t line) {
  for (size_t i = 0; i < model.num_lines; i++)
    if (strcmp(model.lines[i].file, file_name) == 0 &&
        model.lines[i].line == line)
      return model.lines[i].known ? model.lines[i].count : -999;
  return -1;
}

static const struct ss_model_call *call_at(uint32_t line) {
  for (size_t i = 0; i < model.num_calls; i++)
    if (model.calls[i].line == line)
      return &model.calls[i];
  return NULL;
}

static int64_t arc(const char *caller, const char *callee) {
  for (size_t i = 0; i < model.num_arcs; i++) {
    const struct ss_model_arc *a = &model.arcs[i];
    const char *from = a->caller == SS_MODEL_NONE
                           ? "<spontaneous>"
                           : model.functions[a->caller].name;
    if (strcmp(from, caller) == 0 && strcmp(a->callee_name, callee) == 0)
      return a->count;
  }
  return 0;
}

static void check_longjmp_model(void) {
  struct synth_options o;
  synth_default_options(&o);
  if (build(&o) != 0) {
    CHECK(0);
    return;
  }
  CHECK_I64(model.num_functions, 2, "functions");
  const struct ss_model_function *first = &model.functions[model.by_rank[0]];
  const struct ss_model_function *second = &model.functions[model.by_rank[1]];
  CHECK_STR(first->name, "work", "rank 1");
  CHECK_STR(second->name, "main", "rank 2");
  CHECK_I64(first->rank, 1, "work's index");
  CHECK_I64(first->blocks, 3 + 18 + 16 + 7 + 6 + 9 + 15 + 2, "work blocks");
  CHECK_I64(second->blocks, 1 + 2 + 2 + 1 + 1 + 1 + 0 + 1, "main blocks");
  CHECK_STR(first->dso, "prog", "dso");
  CHECK_I64(model.total_block_executions, 76 + 9, "total block executions");
  CHECK_I64(model.total_calls, 4, "total calls");
  CHECK_I64(model.functions_executed, 2, "functions executed");
  /* Lines: MAX over the blocks holding them. */
  CHECK_I64(line_count("synth.c", 11), 3, "line 11 (entry block)");
  CHECK_I64(line_count("synth.c", 12), 18, "line 12 (entry 3, header 18, latch 15)");
  CHECK_I64(line_count("synth.c", 13), 16, "line 13");
  CHECK_I64(line_count("synth.c", 14), 7, "line 14 (call 7, after it 6)");
  CHECK_I64(line_count("synth.c", 15), 9, "line 15");
  CHECK_I64(line_count("synth.c", 17), 2, "line 17");
  CHECK_I64(line_count("synth.c", 21), 2, "line 21 (setjmp returned twice)");
  CHECK_I64(line_count("synth.c", 22), 1, "line 22");
  CHECK_I64(line_count("synth.c", 26), 0, "line 26");
  /* Call sites count their block. */
  const struct ss_model_call *c14 = call_at(14), *c24 = call_at(24);
  CHECK(c14 && c24);
  if (c14) {
    CHECK_STR(c14->callee, "helper", "callee at 14");
    CHECK_I64(c14->count, 7, "helper calls");
    CHECK(c14->callee_function == SS_MODEL_NONE);
  }
  if (c24) {
    CHECK(c24->indirect);
    CHECK_I64(c24->count, 1, "indirect call");
    CHECK_I64(c24->num_targets, 1, "targets");
    if (c24->num_targets)
      CHECK_STR(c24->targets[0].name, "work", "target by address");
  }
  CHECK_I64(arc("main", "work"), 3, "main -> work (2 direct + 1 indirect)");
  CHECK_I64(arc("main", "_setjmp"), 1, "main -> _setjmp");
  CHECK_I64(arc("work", "helper"), 7, "work -> helper");
  CHECK_I64(arc("<spontaneous>", "main"), 1, "<spontaneous> -> main");
  CHECK_I64(arc("<spontaneous>", "work"), 0, "nothing unexplained");
  CHECK_I64(model.num_loops, 1, "loops");
  if (model.num_loops) {
    CHECK_I64(model.loops[0].line, 12, "loop line");
    CHECK_I64(model.loops[0].header_block, first->first_block + 1,
              "loop header block");
  }
  /* Only BRANCH and FALLTHROUGH edges between blocks: work's 13 edges
   * less FUNC_ENTRY, NORETURN, RETURN and CLOSE; main's 15 less FUNC_ENTRY,
   * REENTRY, 3 NORETURN, 2 RETURN and CLOSE. */
  CHECK_I64(model.num_edges, 9 + 7, "shown edges");
  CHECK_I64(model.num_warnings, 0, "warnings");
  teardown();
}

static void check_target(enum synth_indirect_target t, const char *expected) {
  struct synth_options o;
  synth_default_options(&o);
  o.target = t;
  if (build(&o) != 0) {
    CHECK(0);
    return;
  }
  const struct ss_model_call *c = call_at(24);
  CHECK(c && c->num_targets == 1);
  if (c && c->num_targets == 1)
    CHECK_STR(c->targets[0].name, expected, "target name");
  /* Not instrumented: main -> work has only its two direct calls, the
   * third call of work is <spontaneous>. */
  CHECK_I64(arc("main", "work"), 2, "direct calls of work");
  CHECK_I64(arc("<spontaneous>", "work"), 1, "unexplained call of work");
  CHECK_I64(arc("main", expected), 1, "arc to the named target");
  teardown();
}

static void check_inconsistent_warning(void) {
  struct synth_options o;
  synth_default_options(&o);
  o.scenario = SYNTH_INCONSISTENT;
  if (build(&o) != 0) {
    CHECK(0);
    return;
  }
  CHECK_I64(model.num_warnings, 1, "one warning");
  if (model.num_warnings)
    CHECK_STR(model.warnings[0], "model: inconsistent counts in work",
              "warning text");
  teardown();
}

int main(void) {
  check_longjmp_model();
  check_target(SYNTH_TARGET_ELF_SYMBOL, "synth_marker_function");
  check_target(SYNTH_TARGET_UNMAPPED, "0x1000");
  check_inconsistent_warning();
  return check_finish("prof-model-test");
}
