/*
 * test_merge.c -- summing experiment files: two runs at different load
 * addresses, one file holding a module loaded twice, and the mixes that
 * must be refused (other experiment, other program, a rebuilt module).
 */
#include "check.h"

#include "counts.h"
#include "profile.h"
#include "test_support.h"

#include <stdlib.h>

static const struct ss_model_function *function_named(const struct ss_model *m,
                                                      const char *name) {
  for (uint32_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].name, name) == 0)
      return &m->functions[i];
  return NULL;
}

static int64_t arc_count(const struct ss_model *m, const char *caller,
                         const char *callee) {
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    const char *from = a->caller == SS_MODEL_NONE
                           ? "<spontaneous>"
                           : m->functions[a->caller].name;
    if (strcmp(from, caller) == 0 && strcmp(a->callee_name, callee) == 0)
      return a->count;
  }
  return 0;
}

/* Files of runs a and b (the second at another load bias), merged into
 * p; returns 0, or -1 (counted as a failure) if either step failed. */
static int merge_runs(const struct synth_options *a, struct synth_options b,
                      struct ss_expfile **files, struct ss_profile *p) {
  b.base = 0x300000000ull;
  b.pid = 4343;
  files[0] = parse_synth(a, "run1");
  files[1] = parse_synth(&b, "run2");
  CHECK(files[0] && files[1]);
  if (!files[0] || !files[1])
    return -1;
  struct ss_err err;
  const char *bad = NULL;
  int rc = ss_profile_merge(p, files, 2, &err, &bad);
  CHECK(rc == 0);
  return rc;
}

/* Two runs (LONGJMP, NORMAL) at different load biases. */
static void check_two_runs(void) {
  struct synth_options a, b;
  synth_default_options(&a);
  synth_default_options(&b);
  b.scenario = SYNTH_NORMAL;
  struct ss_expfile *files[2] = {NULL, NULL};
  struct ss_profile p;
  if (merge_runs(&a, b, files, &p) != 0)
    return;
  CHECK_I64(p.num_modules, 1, "merged modules");
  const struct ss_merged_module *m = &p.modules[0];
  /* LONGJMP {3,2,9,15,1,1,1,1,1,0} + NORMAL {3,3,9,16,1,1,0,1,1,1} */
  static const int64_t sum[10] = {6, 5, 18, 31, 2, 2, 1, 2, 2, 1};
  for (int i = 0; i < 10; i++)
    CHECK_I64(m->counters[i], sum[i], "summed counter");
  CHECK_I64(m->num_records, 2, "records summed");
  /* The target of the indirect call: work, at 0x1200 in both runs. */
  CHECK_I64(m->sites[0].num, 1, "distinct targets");
  CHECK_STR(m->sites[0].targets[0].loc.path, "/synth/prog", "target module");
  CHECK_I64(m->sites[0].targets[0].loc.addr, 0x1200, "target offset");
  CHECK_I64(m->sites[0].targets[0].count, 2, "target calls");

  struct ss_model model;
  ss_model_build(&model, &p, (struct ss_namer){NULL, NULL, NULL});
  const struct ss_model_function *work = function_named(&model, "work");
  const struct ss_model_function *mainf = function_named(&model, "main");
  CHECK(work && mainf);
  if (work && mainf) {
    CHECK_I64(work->calls, 6, "work calls");
    CHECK_I64(mainf->calls, 2, "main calls");
    /* block executions: 76 (LONGJMP) + 80 (NORMAL); main 9 + 7 */
    CHECK_I64(work->blocks, 76 + 80, "work block executions");
    CHECK_I64(mainf->blocks, 9 + 7, "main block executions");
  }
  CHECK_I64(arc_count(&model, "main", "work"), 6, "main -> work");
  CHECK_I64(arc_count(&model, "work", "helper"), 14, "work -> helper");
  CHECK_I64(arc_count(&model, "<spontaneous>", "main"), 2, "spontaneous");
  CHECK_I64(arc_count(&model, "<spontaneous>", "work"), 0, "work explained");
  CHECK_I64(model.num_warnings, 0, "warnings");
  ss_model_release(&model);
  ss_profile_release(&p);
  ss_expfile_free(files[0]);
  ss_expfile_free(files[1]);
}

/* One file, the module's counts written twice (dlopen, dlclose, dlopen
 * at another address): one merged module with doubled counts. */
static void check_loaded_twice(void) {
  struct synth_options o;
  synth_default_options(&o);
  o.counts_twice = 1;
  struct ss_expfile *f = parse_synth(&o, "twice");
  CHECK(f != NULL);
  if (!f)
    return;
  CHECK_I64(f->num_counts, 2, "COUNTS records in the file");
  struct ss_profile p;
  struct ss_err err;
  const char *bad = NULL;
  CHECK(ss_profile_merge(&p, &f, 1, &err, &bad) == 0);
  CHECK_I64(p.num_modules, 1, "merged modules");
  static const int64_t twice[10] = {6, 4, 18, 30, 2, 2, 2, 2, 2, 0};
  for (int i = 0; i < 10; i++)
    CHECK_I64(p.modules[0].counters[i], twice[i], "doubled counter");
  CHECK_I64(p.modules[0].sites[0].num, 1, "one target for both loads");
  CHECK_I64(p.modules[0].sites[0].targets[0].count, 2, "target calls");
  CHECK_I64(p.num_dsos, 2, "both map entries listed");
  ss_profile_release(&p);
  ss_expfile_free(f);
}

/* Targets beyond the site's slots (INDIRECT_TARGETS), in two runs at
 * different load biases: each becomes a target of the site with its calls
 * summed by module offset, and `other` keeps none of them. */
static void check_extra_targets(void) {
  struct synth_options a, b;
  synth_default_options(&a);
  a.extra_targets = 3; /* 1, 2 and 3 calls at 0x1300, 0x1310, 0x1320 */
  b = a;
  b.extra_targets = 2;
  struct ss_expfile *files[2] = {NULL, NULL};
  struct ss_profile p;
  if (merge_runs(&a, b, files, &p) != 0)
    return;
  const struct ss_site_targets *s = &p.modules[0].sites[0];
  CHECK_I64(s->num, 4, "work and three more targets");
  CHECK_I64(s->other, 0, "nothing left unrecorded");
  static const uint64_t offset[3] = {0x1300, 0x1310, 0x1320};
  static const int64_t calls[3] = {1 + 1, 2 + 2, 3};
  for (int k = 0; k < 3; k++)
    for (size_t i = 0; i < s->num; i++)
      if (s->targets[i].loc.addr == offset[k])
        CHECK_I64(s->targets[i].count, calls[k], "extra target's calls");
  ss_profile_release(&p);
  ss_expfile_free(files[0]);
  ss_expfile_free(files[1]);
}

static void check_refused(const struct synth_options *second,
                          const char *expect_in_message, const char *what) {
  struct synth_options a;
  synth_default_options(&a);
  struct ss_expfile *files[2] = {parse_synth(&a, "first"),
                                 parse_synth(second, "second")};
  CHECK(files[0] && files[1]);
  if (!files[0] || !files[1])
    return;
  struct ss_profile p;
  struct ss_err err;
  const char *bad = NULL;
  int rc = ss_profile_merge(&p, files, 2, &err, &bad);
  CHECK(rc != 0);
  if (rc != 0) {
    CHECK_STR(bad, "second", what);
    if (!strstr(err.msg, expect_in_message)) {
      fprintf(stderr, "%s: message \"%s\" lacks \"%s\"\n", what, err.msg,
              expect_in_message);
      check_failures++;
    }
    CHECK(strchr(err.msg, '\n') == NULL);
  }
  ss_profile_release(&p);
  ss_expfile_free(files[0]);
  ss_expfile_free(files[1]);
}

int main(void) {
  check_two_runs();
  check_loaded_twice();
  check_extra_targets();
  struct synth_options o;
  synth_default_options(&o);
  o.experiment = "usertime";
  check_refused(&o, "experiment", "other experiment");
  synth_default_options(&o);
  o.target_path = "/synth/other";
  check_refused(&o, "target program", "other program");
  synth_default_options(&o);
  o.rebuilt = 1;
  check_refused(&o, "rebuilt", "rebuilt module");
  return check_finish("prof-merge-test");
}
