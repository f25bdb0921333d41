/*
 * test_samples.c -- the sample model and the sampling listings on
 * synthetic files, with a table symbolizer so that every address means a
 * known function and line.  Every expected number is worked out by hand
 * below from the samples, never taken from ssprof's output.
 *
 * Link-time addresses of /synth/prog (loaded at 0x200000000):
 *   0x1100-0x110f main  prog.c:21        (main defined at prog.c:20)
 *   0x1110-0x111f main  prog.c:22        (calls work; returns to 0x1115)
 *   0x1120-0x112f main  prog.c:23        (calls fib; returns to 0x1125)
 *   0x1200-0x121f work  prog.c:11        (work defined at prog.c:10)
 *   0x1220-0x123f work  prog.c:13        (calls memcpy; returns to 0x1225)
 *   0x1240-0x125f g     util.h:6, inlined into work at prog.c:12, the
 *                       inlined instance starting at 0x1240 (g defined
 *                       at util.h:5)
 *   0x1300-0x130f fib   prog.c:31        (fib defined at prog.c:30)
 *   0x1310-0x131f fib   prog.c:33        (calls fib; returns to 0x1315)
 * /lib/libc.so.6 (loaded at 0x7f0000000000): 0x2000-0x20ff memcpy, no
 * source.  /lib/changed.so: rebuilt since the run (build-id differs).
 *
 * The usertime file (30 ms interval; caliper points 0 begin, 1 phase,
 * 2 exit), stacks innermost first:
 *   S1 x4 c1  work:11 <- main:22
 *   S2 x2 c1  g:6 (in work:12) <- main:22
 *   S3 x1 c1  memcpy <- work:13 <- main:22
 *   S4 x3 c1  fib:31 <- fib:33 <- fib:33 <- main:23      (recursion)
 *   S5 x1 c1  work:13, incomplete (no caller)
 *   S6 x2 c2  fib:31 <- main:23                          (after point 1)
 * 13 samples, 0.390 s.
 *   exclusive: work S1+S5 = 5, fib S4+S6 = 5, g 2, memcpy 1, main 0;
 *   inclusive: main 4+2+1+3+2 = 12, work 4+2+1+1 = 8, fib 3+2 = 5, g 2,
 *              memcpy 1;
 *   [index] by inclusive: main 1, work 2, fib 3, g 4, memcpy 5;
 *   edges (once per pair per sample): main->work @0x1115 line 22: 7;
 *   work->g inlined @0x1240 line 12: 2; work->memcpy @0x1225 line 13: 1;
 *   fib->fib @0x1315 line 33: 3 (once per S4 sample, not twice);
 *   main->fib @0x1125 line 23: 3+2 = 5.
 */
#include "check.h"

#include "listing.h"
#include "samples.h"
#include "synth_experiment.h"
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#define PROG 0x200000000ull
#define LIBC 0x7f0000000000ull
#define CHANGED 0x7e0000000000ull

/* ---- the table symbolizer ---- */

struct row {
  const char *path;
  uint64_t lo, hi;
  size_t n;
  struct ss_sym_frame frames[2];
};

#define F(fn, df, dl, fl, l, e) {fn, df, dl, fl, l, e}
static const struct row rows[] = {
    {"/synth/prog", 0x1100, 0x1110, 1, {F("main", "prog.c", 20, "prog.c", 21, 0)}},
    {"/synth/prog", 0x1110, 0x1120, 1, {F("main", "prog.c", 20, "prog.c", 22, 0)}},
    {"/synth/prog", 0x1120, 0x1130, 1, {F("main", "prog.c", 20, "prog.c", 23, 0)}},
    {"/synth/prog", 0x1200, 0x1220, 1, {F("work", "prog.c", 10, "prog.c", 11, 0)}},
    {"/synth/prog", 0x1220, 0x1240, 1, {F("work", "prog.c", 10, "prog.c", 13, 0)}},
    {"/synth/prog", 0x1240, 0x1260, 2,
     {F("g", "util.h", 5, "util.h", 6, 0),
      F("work", "prog.c", 10, "prog.c", 12, 0x1240)}},
    {"/synth/prog", 0x1300, 0x1310, 1, {F("fib", "prog.c", 30, "prog.c", 31, 0)}},
    {"/synth/prog", 0x1310, 0x1320, 1, {F("fib", "prog.c", 30, "prog.c", 33, 0)}},
    {"/lib/libc.so.6", 0x2000, 0x2100, 1, {F("memcpy", "", 0, "", 0, 0)}},
};

static int opens;

static void *table_open(void *self, const char *path, const uint8_t *id,
                        uint32_t id_len, enum ss_module_status *status,
                        char *why, size_t why_size) {
  (void)self, (void)id, (void)id_len;
  opens++;
  if (strcmp(path, "/lib/changed.so") == 0) {
    *status = SS_MODULE_CHANGED;
    snprintf(why, why_size, "build-id differs");
    return NULL;
  }
  if (strcmp(path, "/synth/prog") && strcmp(path, "/lib/libc.so.6")) {
    *status = SS_MODULE_MISSING;
    snprintf(why, why_size, "No such file or directory");
    return NULL;
  }
  *status = SS_MODULE_OK;
  return (void *)path;
}

static int lookups;

static size_t table_lookup(void *self, void *module, uint64_t vaddr,
                           const struct ss_sym_frame **frames) {
  (void)self;
  lookups++;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    if (strcmp(rows[i].path, module) == 0 && vaddr >= rows[i].lo &&
        vaddr < rows[i].hi) {
      *frames = rows[i].frames;
      return rows[i].n;
    }
  return 0;
}

static void table_destroy(void *self) { (void)self; }

static const struct ss_symbolizer_ops table_ops = {table_open, table_lookup,
                                                   table_destroy, NULL};
static struct ss_symbolizer table = {&table_ops, NULL};

/* ---- the files ---- */

static const struct synth_module extra_modules[] = {
    {"/lib/libc.so.6", LIBC, LIBC + 0x1000, LIBC + 0x100000, {0}, 0, 0},
    {"/lib/changed.so", CHANGED, CHANGED + 0x1000, CHANGED + 0x2000, {0}, 0,
     0},
};

static const struct synth_sample user_samples[] = {
    {4, 1, 0, 0, 2, {PROG + 0x1210, PROG + 0x1115}},
    {2, 1, 0, 0, 2, {PROG + 0x1250, PROG + 0x1115}},
    {1, 1, 0, 0, 3, {LIBC + 0x2010, PROG + 0x1225, PROG + 0x1115}},
    {3, 1, 0, 0, 4,
     {PROG + 0x1305, PROG + 0x1315, PROG + 0x1315, PROG + 0x1125}},
    {1, 1, 0, SS_SAMPLE_INCOMPLETE, 1, {PROG + 0x1230}},
    {2, 2, 0, 0, 2, {PROG + 0x1305, PROG + 0x1125}},
};

static const uint64_t usage_values[11] = {1500000000, 1250000000, 125000000,
                                          1, 2, 0, 3, 4, 5, 6, 7};

static struct ss_expfile *usertime_file(uint64_t base_shift, const char *name) {
  static struct synth_sample shifted[6];
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "usertime");
  o.base = PROG + base_shift;
  o.extra_calipers = 1;
  o.modules = extra_modules;
  o.num_modules = 2;
  o.usage = usage_values;
  memcpy(shifted, user_samples, sizeof shifted);
  for (int i = 0; i < 6; i++)
    for (int k = 0; k < shifted[i].depth; k++)
      if (shifted[i].addrs[k] < LIBC)
        shifted[i].addrs[k] += base_shift;
  o.samples = shifted;
  o.num_samples = 6;
  return parse_synth(&o, name);
}

/* ---- helpers ---- */

struct fixture {
  struct ss_expfile *files[2];
  struct ss_profile profile;
  struct ss_sample_model model;
  struct ss_options options;
  int ok;
};

static int build(struct fixture *fx, size_t nfiles,
                 const struct ss_calipers *calipers, struct ss_err *err) {
  const char *bad = NULL;
  struct ss_calipers none = {0, 0, 0};
  memset(&fx->options, 0, sizeof fx->options);
  fx->ok = 0;
  if (ss_profile_merge(&fx->profile, fx->files, nfiles, err, &bad) != 0) {
    fprintf(stderr, "merge: %s\n", err->msg);
    return -1;
  }
  if (ss_sample_model_build(&fx->model, &fx->profile,
                            calipers ? calipers : &none, &table, err,
                            &bad) != 0)
    return -1;
  fx->ok = 1;
  return 0;
}

static void release(struct fixture *fx) {
  if (fx->ok)
    ss_sample_model_release(&fx->model);
  ss_profile_release(&fx->profile);
}

static const struct ss_sfunction *fn(const struct ss_sample_model *m,
                                     const char *name) {
  for (uint32_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].name, name) == 0)
      return &m->functions[i];
  fprintf(stderr, "no function %s\n", name);
  check_failures++;
  static const struct ss_sfunction none;
  return &none;
}

static const struct ss_sedge *edge(const struct ss_sample_model *m,
                                   const char *caller, const char *callee,
                                   uint64_t callsite) {
  for (size_t i = 0; i < m->num_edges; i++) {
    const struct ss_sedge *e = &m->edges[i];
    if (strcmp(m->functions[e->caller].name, caller) == 0 &&
        strcmp(m->functions[e->callee].name, callee) == 0 &&
        e->callsite == callsite)
      return e;
  }
  fprintf(stderr, "no edge %s -> %s at %#llx\n", caller, callee,
          (unsigned long long)callsite);
  check_failures++;
  static const struct ss_sedge none;
  return &none;
}

/* Run one listing part into a string. */
static char *render(struct fixture *fx,
                    void (*part)(const struct ss_listing *)) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  struct ss_listing l = {.profile = &fx->profile, .samples = &fx->model,
                         .options = &fx->options, .out = out};
  part(&l);
  fclose(out);
  return buf;
}

static void check_text(struct fixture *fx,
                       void (*part)(const struct ss_listing *),
                       const char *expected, const char *what) {
  char *text = render(fx, part);
  check_count++;
  if (strcmp(text, expected) != 0) {
    fprintf(stderr, "%s: got\n%s--- expected\n%s---\n", what, text, expected);
    check_failures++;
  }
  free(text);
}

/* ---- usertime ---- */

static void check_usertime_model(void) {
  struct fixture fx;
  struct ss_err err;
  fx.files[0] = usertime_file(0, "prog.usertime.m1");
  if (!fx.files[0] || build(&fx, 1, NULL, &err) != 0) {
    fprintf(stderr, "usertime: %s\n", err.msg);
    check_failures++;
    return;
  }
  const struct ss_sample_model *m = &fx.model;
  CHECK_I64(m->samples, 13, "total samples");
  CHECK_I64(m->ns, 13 * 30000000ull, "total time");
  CHECK_I64(m->incomplete, 1, "incomplete samples");
  CHECK(m->callstacks);
  CHECK_I64(m->num_functions, 5, "functions");
  struct {
    const char *name;
    uint64_t excl, incl;
    uint32_t rank;
  } want[] = {{"main", 0, 12, 1}, {"work", 5, 8, 2}, {"fib", 5, 5, 3},
              {"g", 2, 2, 4},     {"memcpy", 1, 1, 5}};
  for (size_t i = 0; i < 5; i++) {
    const struct ss_sfunction *f = fn(m, want[i].name);
    CHECK_I64(f->excl_samples, want[i].excl, want[i].name);
    CHECK_I64(f->incl_samples, want[i].incl, want[i].name);
    CHECK_I64(f->excl_ns, want[i].excl * 30000000, want[i].name);
    CHECK_I64(f->incl_ns, want[i].incl * 30000000, want[i].name);
    CHECK_I64(f->rank, want[i].rank, want[i].name);
  }
  CHECK_STR(fn(m, "g")->file, "util.h", "g's definition file");
  CHECK_I64(fn(m, "g")->line, 5, "g's definition line");
  CHECK_STR(fn(m, "memcpy")->dso, "libc.so.6", "memcpy's dso");
  CHECK_I64(m->num_edges, 5, "edges");
  CHECK_I64(edge(m, "main", "work", 0x1115)->samples, 7, "main->work");
  CHECK_I64(edge(m, "main", "work", 0x1115)->line, 22, "main->work line");
  CHECK_I64(edge(m, "work", "g", 0x1240)->samples, 2, "work->g");
  CHECK(edge(m, "work", "g", 0x1240)->inlined);
  CHECK_I64(edge(m, "work", "g", 0x1240)->line, 12, "work->g line");
  CHECK_I64(edge(m, "work", "memcpy", 0x1225)->samples, 1, "work->memcpy");
  CHECK(!edge(m, "work", "memcpy", 0x1225)->inlined);
  CHECK_I64(edge(m, "fib", "fib", 0x1315)->samples, 3, "fib->fib once");
  CHECK_I64(edge(m, "main", "fib", 0x1125)->samples, 5, "main->fib");
  CHECK_I64(m->num_lines, 5, "lines");
  /* Each distinct address was looked up once: 0x1210, 0x1115 (as a
   * return address), 0x1250, 0x2010 in libc, 0x1225, 0x1305, 0x1315,
   * 0x1125, 0x1230. */
  CHECK_I64(lookups, 9, "one lookup per distinct address");
  CHECK_I64(opens, 2, "each module opened once");
  CHECK_I64(m->num_warnings, 0, "no warnings");

  check_text(&fx, ss_list_sample_summary,
             "-------------------------------------------------------------------------\n"
             "Summary of statistical callstack sampling data (usertime)--\n"
             "              13: Total Samples\n"
             "               1: Samples with incomplete traceback\n"
             "           0.390: Accumulated Time (secs.)\n"
             "            30.0: Sample interval (msecs.)\n"
             " synthetic timer: Sampling clock\n",
             "usertime summary");
  /* excl%: 5/13 = 38.5, cum 10/13 = 76.9, 2/13 = 15.4, cum 92.3,
   * 1/13 = 7.7; incl%: 12/13 = 92.3, 8/13 = 61.5, 5/13 = 38.5. */
  check_text(&fx, ss_list_usertime_functions,
             "-------------------------------------------------------------------------\n"
             "Function list, in descending order by exclusive time\n"
             "-------------------------------------------------------------------------\n"
             "[index]  excl.secs  excl.%   cum.%  incl.secs  incl.%    samples  procedure (dso: file, line)\n"
             "    [2]      0.150   38.5%   38.5%      0.240   61.5%          8  work (prog: prog.c, 10)\n"
             "    [3]      0.150   38.5%   76.9%      0.150   38.5%          5  fib (prog: prog.c, 30)\n"
             "    [4]      0.060   15.4%   92.3%      0.060   15.4%          2  g (prog: util.h, 5)\n"
             "    [5]      0.030    7.7%  100.0%      0.030    7.7%          1  memcpy (libc.so.6)\n"
             "    [1]      0.000    0.0%  100.0%      0.360   92.3%         12  main (prog: prog.c, 20)\n",
             "usertime function list");
  /* attrib.%: 7/13 = 53.8, 2/13 = 15.4, 1/13 = 7.7, 3/13 = 23.1,
   * 5/13 = 38.5.  Callers ascending (largest next to the function). */
  check_text(&fx, ss_list_sample_butterfly,
             "-------------------------------------------------------------------------\n"
             "Butterfly function list, in descending order by inclusive time\n"
             "-------------------------------------------------------------------------\n"
             "        attrib.% attrib.time   incl.time  caller (callsite) [index]\n"
             "[index]   incl.%   incl.time    self%   self-time  procedure [index]\n"
             "        attrib.% attrib.time   incl.time  callee (callsite) [index]\n"
             "-------------------------------------------------------------------------\n"
             "    [1]    92.3%       0.360     0.0%       0.000  main [1]\n"
             "           53.8%       0.210       0.240  work (@0x00001115; prog: prog.c, 22) [2]\n"
             "           38.5%       0.150       0.150  fib (@0x00001125; prog: prog.c, 23) [3]\n"
             "-------------------------------------------------------------------------\n"
             "           53.8%       0.210       0.360  main (@0x00001115; prog: prog.c, 22) [1]\n"
             "    [2]    61.5%       0.240    38.5%       0.150  work [2]\n"
             "           15.4%       0.060       0.060  g (@0x00001240 inlined; prog: prog.c, 12) [4]\n"
             "            7.7%       0.030       0.030  memcpy (@0x00001225; prog: prog.c, 13) [5]\n"
             "-------------------------------------------------------------------------\n"
             "           23.1%       0.090       0.150  fib (@0x00001315; prog: prog.c, 33) [3]\n"
             "           38.5%       0.150       0.360  main (@0x00001125; prog: prog.c, 23) [1]\n"
             "    [3]    38.5%       0.150    38.5%       0.150  fib [3]\n"
             "           23.1%       0.090       0.150  fib (@0x00001315; prog: prog.c, 33) [3]\n"
             "-------------------------------------------------------------------------\n"
             "           15.4%       0.060       0.240  work (@0x00001240 inlined; prog: prog.c, 12) [2]\n"
             "    [4]    15.4%       0.060    15.4%       0.060  g [4]\n"
             "-------------------------------------------------------------------------\n"
             "            7.7%       0.030       0.240  work (@0x00001225; prog: prog.c, 13) [2]\n"
             "    [5]     7.7%       0.030     7.7%       0.030  memcpy [5]\n"
             "-------------------------------------------------------------------------\n",
             "usertime butterfly");
  /* Leaf lines: fib:31 5 (38.5), work:11 4 (30.8, cum 9/13 = 69.2),
   * g util.h:6 2 (15.4, cum 84.6), then the two 1-sample lines in
   * function-list order: work:13 (cum 92.3), memcpy (100.0). */
  check_text(&fx, ss_list_sample_heavy_lines,
             "-------------------------------------------------------------------------\n"
             "Line list, in descending order by time\n"
             "-------------------------------------------------------------------------\n"
             "      secs      %  cum.%    samples  function (dso: file, line)\n"
             "     0.150   38.5   38.5          5  fib (prog: prog.c, 31)\n"
             "     0.120   30.8   69.2          4  work (prog: prog.c, 11)\n"
             "     0.060   15.4   84.6          2  g (prog: util.h, 6)\n"
             "     0.030    7.7   92.3          1  work (prog: prog.c, 13)\n"
             "     0.030    7.7  100.0          1  memcpy (libc.so.6)\n",
             "usertime -h");
  /* -q 2 stops each part after two lines; -q 50% after the first line
   * under 50% of the whole. */
  fx.options.quit.kind = SS_QUIT_LINES;
  fx.options.quit.value = 2;
  char *text = render(&fx, ss_list_sample_butterfly);
  CHECK(strstr(text, "work [2]\n") && !strstr(text, "fib [3]\n"));
  free(text);
  fx.options.quit.kind = SS_QUIT_PERCENT;
  fx.options.quit.value = 50;
  text = render(&fx, ss_list_usertime_functions);
  CHECK(strstr(text, "[2]") && !strstr(text, "[3]"));
  free(text);
  release(&fx);
  ss_expfile_free(fx.files[0]);
}

/* ---- caliper windows: n1 < caliper <= n2 ---- */

static void check_calipers(void) {
  struct {
    long long from, to;
    uint64_t samples, fib_excl, main_incl;
  } cases[] = {
      {1, 2, 2, 2, 2},     /* only S6 (caliper 2) */
      {0, 1, 11, 3, 10},   /* all but S6: main lacks S5 and S6 */
      {-5, 9, 13, 5, 12},  /* n1 < 0: the beginning; n2 > 2: the last */
      {0, 2, 13, 5, 12},   /* the whole run */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct fixture fx;
    struct ss_err err;
    struct ss_calipers c = {1, cases[i].from, cases[i].to};
    fx.files[0] = usertime_file(0, "prog.usertime.m1");
    if (!fx.files[0] || build(&fx, 1, &c, &err) != 0) {
      fprintf(stderr, "calipers %lld,%lld: %s\n", c.from, c.to, err.msg);
      check_failures++;
    } else {
      CHECK_I64(fx.model.samples, cases[i].samples, "window samples");
      CHECK_I64(fn(&fx.model, "fib")->excl_samples, cases[i].fib_excl,
                "window fib");
      CHECK_I64(fn(&fx.model, "main")->incl_samples, cases[i].main_incl,
                "window main");
    }
    release(&fx);
    ss_expfile_free(fx.files[0]);
  }
  /* 2,5: n2 becomes the last point, 2, leaving nothing after point 2. */
  struct fixture fx;
  struct ss_err err = {{0}};
  struct ss_calipers c = {1, 2, 5};
  fx.files[0] = usertime_file(0, "prog.usertime.m1");
  CHECK(build(&fx, 1, &c, &err) != 0);
  CHECK(strstr(err.msg, "caliper points 0 to 2") != NULL);
  release(&fx);
  ss_expfile_free(fx.files[0]);

  /* The summary names the window. */
  c.from = 1;
  c.to = 2;
  fx.files[0] = usertime_file(0, "prog.usertime.m1");
  if (build(&fx, 1, &c, &err) == 0) {
    char *text = render(&fx, ss_list_sample_summary);
    CHECK(strstr(text, "          1 to 2: Caliper points (samples between "
                       "them)\n") != NULL);
    free(text);
  }
  release(&fx);
  ss_expfile_free(fx.files[0]);
}

/* ---- merging: two runs loaded at different addresses add up ---- */

static void check_merge(void) {
  struct fixture fx;
  struct ss_err err;
  fx.files[0] = usertime_file(0, "prog.usertime.m1");
  fx.files[1] = usertime_file(0x1000000, "prog.usertime.m2");
  if (fx.files[0] && fx.files[1] && build(&fx, 2, NULL, &err) == 0) {
    CHECK_I64(fx.model.samples, 26, "merged samples");
    CHECK_I64(fx.model.num_functions, 5, "same functions");
    CHECK_I64(fn(&fx.model, "main")->incl_samples, 24, "merged main");
    CHECK_I64(edge(&fx.model, "fib", "fib", 0x1315)->samples, 6,
              "merged fib->fib");
    char *text = render(&fx, ss_list_sample_summary);
    CHECK(strstr(text, "               2: Experiment files merged\n"));
    free(text);
  } else {
    fprintf(stderr, "merge: %s\n", err.msg);
    check_failures++;
  }
  release(&fx);
  ss_expfile_free(fx.files[0]);
  ss_expfile_free(fx.files[1]);
}

/* ---- modules that cannot be used: named by address, warned once ---- */

static void check_by_address(void) {
  static const struct synth_sample s[] = {
      {2, 1, 0, 0, 1, {CHANGED + 0x1010}},
      {1, 1, 0, 0, 2, {CHANGED + 0x1020, CHANGED + 0x1011}},
      {1, 1, 0, 0, 1, {0x1000}}, /* outside every module */
  };
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "usertime");
  o.modules = extra_modules;
  o.num_modules = 2;
  o.samples = s;
  o.num_samples = 3;
  struct fixture fx;
  struct ss_err err;
  fx.files[0] = parse_synth(&o, "prog.usertime.m3");
  if (!fx.files[0] || build(&fx, 1, NULL, &err) != 0) {
    check_failures++;
    return;
  }
  const struct ss_sample_model *m = &fx.model;
  CHECK_I64(m->num_warnings, 1, "one warning for the changed module");
  if (m->num_warnings)
    CHECK_STR(m->warnings[0],
              "warning: /lib/changed.so changed since the experiment "
              "(build-id differs); its samples are shown by address",
              "changed warning");
  CHECK_I64(fn(m, "changed.so+0x1010")->excl_samples, 2, "by address");
  CHECK(fn(m, "changed.so+0x1010")->by_address);
  /* The return address is named as it is (not address - 1). */
  CHECK_I64(fn(m, "changed.so+0x1011")->incl_samples, 1, "return address");
  CHECK_STR(fn(m, "0x1000")->dso, "?", "outside every module");
  release(&fx);
  ss_expfile_free(fx.files[0]);
}

/* ---- fpcsamp: PC only, innermost function, line lists ---- */

static void check_pcsamp(void) {
  /* 18 samples of 1 ms: work:11 x7, work:13 x2, g:6 (inlined in work)
   * x3, fib:31 x5, memcpy x1.  Exclusive: work 9, fib 5, g 3 (not work:
   * PC sampling names the innermost function), memcpy 1. */
  static const struct synth_sample s[] = {
      {7, 1, 0, 0, 1, {PROG + 0x1210}}, {2, 1, 0, 0, 1, {PROG + 0x1230}},
      {3, 1, 0, 0, 1, {PROG + 0x1250}}, {5, 1, 0, 0, 1, {PROG + 0x1305}},
      {1, 1, 0, 0, 1, {LIBC + 0x2010}},
  };
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "fpcsamp");
  o.modules = extra_modules;
  o.num_modules = 2;
  o.samples = s;
  o.num_samples = 5;
  o.usage = usage_values;
  struct fixture fx;
  struct ss_err err;
  fx.files[0] = parse_synth(&o, "prog.fpcsamp.m4");
  if (!fx.files[0] || build(&fx, 1, NULL, &err) != 0) {
    check_failures++;
    return;
  }
  CHECK(!fx.model.callstacks);
  CHECK_I64(fx.model.num_edges, 0, "no edges without stacks");
  check_text(&fx, ss_list_sample_summary,
             "-------------------------------------------------------------------------\n"
             "Summary of statistical PC sampling data (fpcsamp)--\n"
             "              18: Total samples\n"
             "           0.018: Accumulated time (secs.)\n"
             "             1.0: Time per sample (msecs.)\n"
             "               2: Sample bin width (bytes)\n"
             " synthetic timer: Sampling clock\n",
             "fpcsamp summary");
  /* 9/18 = 50.0; 5/18 = 27.8, cum 14/18 = 77.8; 3/18 = 16.7, cum 17/18
   * = 94.4; 1/18 = 5.6. */
  check_text(&fx, ss_list_pcsamp_functions,
             "-------------------------------------------------------------------------\n"
             "Function list, in descending order by time\n"
             "-------------------------------------------------------------------------\n"
             "[index]       secs       %   cum.%    samples  function (dso: file, line)\n"
             "    [1]      0.009   50.0%   50.0%          9  work (prog: prog.c, 10)\n"
             "    [2]      0.005   27.8%   77.8%          5  fib (prog: prog.c, 30)\n"
             "    [3]      0.003   16.7%   94.4%          3  g (prog: util.h, 5)\n"
             "    [4]      0.001    5.6%  100.0%          1  memcpy (libc.so.6)\n"
             "             0.018  100.0%  100.0%         18  TOTAL\n",
             "fpcsamp function list");
  /* 7/18 = 38.9; cum 12/18 = 66.7; 15/18 = 83.3; 2/18 = 11.1, cum 94.4. */
  check_text(&fx, ss_list_sample_heavy_lines,
             "-------------------------------------------------------------------------\n"
             "Line list, in descending order by time\n"
             "-------------------------------------------------------------------------\n"
             "      secs      %  cum.%    samples  function (dso: file, line)\n"
             "     0.007   38.9   38.9          7  work (prog: prog.c, 11)\n"
             "     0.005   27.8   66.7          5  fib (prog: prog.c, 31)\n"
             "     0.003   16.7   83.3          3  g (prog: util.h, 6)\n"
             "     0.002   11.1   94.4          2  work (prog: prog.c, 13)\n"
             "     0.001    5.6  100.0          1  memcpy (libc.so.6)\n",
             "fpcsamp -h");
  /* Functions in function-list order, lines in source order: work 11
   * (38.9), work 13 (cum 9/18 = 50.0), fib 31 (77.8), g (94.4). */
  check_text(&fx, ss_list_sample_lines_by_function,
             "-------------------------------------------------------------------------\n"
             "Line list, in descending order by function-time and then line number\n"
             "-------------------------------------------------------------------------\n"
             "      secs      %  cum.%    samples  function (dso: file, line)\n"
             "     0.007   38.9   38.9          7  work (prog: prog.c, 11)\n"
             "     0.002   11.1   50.0          2  work (prog: prog.c, 13)\n"
             "     0.005   27.8   77.8          5  fib (prog: prog.c, 31)\n"
             "     0.003   16.7   94.4          3  g (prog: util.h, 6)\n"
             "     0.001    5.6  100.0          1  memcpy (libc.so.6)\n",
             "fpcsamp -l");
  /* -u: 1.5 s real, 1.25 user, 0.125 sys, then the counts. */
  check_text(&fx, ss_list_usage,
             "-------------------------------------------------------------------------\n"
             "Summary of resource usage (ssusage)--\n"
             "From file prog.fpcsamp.m4:\n"
             "1.500 real, 1.250 user, 0.125 sys, 1 majf, 2 minf, 0 sw, 3 rb, 4 wb, 5 vcx, 6 icx, 7 mxrss\n"
             "           1.500: Elapsed (real) time (secs.)\n"
             "           1.250: User CPU time (secs.)\n"
             "           0.125: System CPU time (secs.)\n"
             "               1: Major page faults (majf)\n"
             "               2: Minor page faults (minf)\n"
             "               0: Swaps (sw)\n"
             "               3: Block input operations (rb)\n"
             "               4: Block output operations (wb)\n"
             "               5: Voluntary context switches (vcx)\n"
             "               6: Involuntary context switches (icx)\n"
             "               7: Maximum resident set size, KiB (mxrss)\n",
             "usage");
  release(&fx);
  ss_expfile_free(fx.files[0]);
}

/* ---- a file of another sampling kind does not merge ---- */

static void check_kind_mix(void) {
  struct synth_options o;
  synth_default_options(&o);
  synth_set_sampling(&o, "fpcsamp");
  o.experiment = "usertime"; /* same name, so the merge itself accepts */
  static const struct synth_sample s[] = {{1, 1, 0, 0, 1, {PROG + 0x1210}}};
  o.samples = s;
  o.num_samples = 1;
  struct fixture fx;
  struct ss_err err = {{0}};
  fx.files[0] = usertime_file(0, "a.usertime.m1");
  fx.files[1] = parse_synth(&o, "b.usertime.m2");
  CHECK(build(&fx, 2, NULL, &err) != 0);
  CHECK(strstr(err.msg, "sampling kind 3 differs from 1") != NULL);
  release(&fx);
  ss_expfile_free(fx.files[0]);
  ss_expfile_free(fx.files[1]);
}

int main(void) {
  check_usertime_model();
  check_calipers();
  check_merge();
  check_by_address();
  check_pcsamp();
  check_kind_mix();
  return check_finish("prof-samples-test");
}
