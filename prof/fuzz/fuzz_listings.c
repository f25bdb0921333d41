/*
 * fuzz_listings.c -- libFuzzer harness over everything after the reader:
 * a file that reads is merged, its model built (the counting model, or
 * the sample model, or the trace model) and every listing printed, as ssprof prints them --
 * each part of the text listing, with -q limits and -calls, and -json --
 * into /dev/null.
 *
 * What comes from outside the file is made up here, so that a run costs
 * microseconds and does not depend on the machine: samples are symbolized
 * by a symbolizer that names every address by its bits (several functions,
 * files, lines and inline chains per module; some modules "missing" or
 * "changed"), and names outside the descriptors come from no binary.  The
 * ideal-time listings need the target's machine code and llvm-mca (a
 * process per input), so they are left to the corpus run of the sanitized
 * ssprof (lit/fuzz/corpus.test); here a counting file gets the count
 * listings, as ssprof prints them when the machine code cannot be read.
 */
#include "fuzz_input.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a symbolizer of made-up names ---- */

static const char *const functions[] = {"main", "work", "helper", "a::b(int)",
                                        "inlined", "loop_body"};
static const char *const files[] = {"prog.c", "util.h", "lib/other.c", ""};

static void *made_up_open(void *self, const char *path, const uint8_t *id,
                          uint32_t id_len, enum ss_module_status *status,
                          char *why, size_t why_size) {
  (void)self, (void)id;
  size_t n = strlen(path);
  if (n == 0 || path[n - 1] == 'x') {
    *status = SS_MODULE_MISSING;
    snprintf(why, why_size, "No such file or directory");
    return NULL;
  }
  if (id_len == 3) {
    *status = SS_MODULE_CHANGED;
    snprintf(why, why_size, "build-id differs");
    return NULL;
  }
  *status = SS_MODULE_OK;
  return (void *)path;
}

static size_t made_up_lookup(void *self, void *module, uint64_t vaddr,
                             const struct ss_sym_frame **frames) {
  (void)self, (void)module;
  static struct ss_sym_frame f[3];
  if ((vaddr & 0xff) == 0xff)
    return 0; /* nothing known here */
  size_t depth = 1 + (vaddr >> 8) % 3;
  for (size_t i = 0; i < depth; i++) {
    uint64_t bits = vaddr >> (4 * i);
    f[i].function = functions[(bits >> 4) % 6];
    f[i].decl_file = files[(bits >> 2) % 4];
    f[i].decl_line = (uint32_t)(bits % 50);
    f[i].file = files[bits % 4];
    f[i].line = (uint32_t)(bits % 97);
    f[i].inline_entry = i ? vaddr & ~(uint64_t)0xf : 0;
  }
  *frames = f;
  return depth;
}

static void made_up_destroy(void *self) { (void)self; }

static const struct ss_symbolizer_ops made_up_ops = {
    made_up_open, made_up_lookup, made_up_destroy, NULL};

/* ---- the listings ---- */

static FILE *sink;

/* The option sets the listings are printed with: everything, -q n, -q n%,
 * -q ncum% with -calls, -nh, and -json. */
static void option_sets(struct ss_options *sets, size_t *n) {
  static const char *none[1];
  struct ss_options all;
  memset(&all, 0, sizeof all);
  all.butterfly = all.heavy = all.lines = all.basicblocks = all.dsolist = 1;
  all.usage = all.gprof = all.archinfo = all.branches = all.loops = 1;
  all.remarks = 1;
  all.files = none;
  all.command_line = "ssprof (fuzz)";
  size_t k = 0;
  sets[k++] = all;
  sets[k] = all, sets[k].quit = (struct ss_quit){SS_QUIT_LINES, 2}, k++;
  sets[k] = all, sets[k].quit = (struct ss_quit){SS_QUIT_PERCENT, 10}, k++;
  sets[k] = all, sets[k].quit = (struct ss_quit){SS_QUIT_CUM_PERCENT, 50};
  sets[k].by_calls = 1, k++;
  sets[k] = all, sets[k].no_header = 1, k++;
  sets[k] = all, sets[k].json = 1, k++;
  *n = k;
}

static void counting(const struct ss_profile *p, const struct ss_options *sets,
                     size_t n) {
  struct ss_model model;
  ss_model_build(&model, p, (struct ss_namer){NULL, NULL, NULL});
  for (size_t i = 0; i < n; i++) {
    struct ss_listing l = {
        .profile = p, .model = &model, .options = &sets[i], .out = sink};
    ss_report_counting(&l);
  }
  ss_model_release(&model);
}

static void sampling(const struct ss_profile *p, struct ss_options *sets,
                     size_t n) {
  /* All samples, then those between caliper points 1 and 2. */
  static const struct ss_calipers windows[] = {{0, 0, 0}, {1, 1, 2}};
  for (size_t w = 0; w < 2; w++) {
    struct ss_symbolizer sym = {&made_up_ops, NULL};
    struct ss_sample_model samples;
    struct ss_err err;
    const char *bad = NULL;
    if (ss_sample_model_build(&samples, p, &windows[w], &sym, &err, &bad) == 0)
      for (size_t i = 0; i < n; i++) {
        sets[i].calipers = windows[w];
        struct ss_listing l = {.profile = p, .samples = &samples,
                               .options = &sets[i], .out = sink};
        ss_report_sampling(&l);
      }
    ss_sample_model_release(&samples);
  }
}

static void tracing(const struct ss_profile *p, struct ss_options *sets,
                    size_t n) {
  static const struct ss_calipers windows[] = {{0, 0, 0}, {1, 1, 2}};
  for (size_t w = 0; w < 2; w++) {
    struct ss_symbolizer sym = {&made_up_ops, NULL};
    struct ss_trace_model traces;
    struct ss_err err;
    const char *bad = NULL;
    if (ss_trace_model_build(&traces, p, &windows[w], &sym, &err, &bad) == 0)
      for (size_t i = 0; i < n; i++) {
        sets[i].calipers = windows[w];
        struct ss_listing l = {.profile = p, .options = &sets[i],
                               .out = sink, .traces = &traces};
        ss_report_trace(&l);
      }
    ss_trace_model_release(&traces);
  }
}

static void ldlatency(const struct ss_profile *p, struct ss_options *sets,
                      size_t n) {
  static const struct ss_calipers windows[] = {{0, 0, 0}, {1, 1, 2}};
  for (size_t w = 0; w < 2; w++) {
    struct ss_symbolizer sym = {&made_up_ops, NULL};
    struct ss_ldlat_model model;
    struct ss_err err;
    const char *bad = NULL;
    if (ss_ldlat_model_build(&model, p, &windows[w], &sym, NULL, NULL, &err,
                             &bad) == 0)
      for (size_t i = 0; i < n; i++) {
        sets[i].calipers = windows[w];
        struct ss_listing l = {.profile = p, .options = &sets[i],
                               .out = sink, .ldlatency = &model};
        ss_report_ldlatency(&l);
      }
    ss_ldlat_model_release(&model);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!sink && !(sink = fopen("/dev/null", "w")))
    abort();
  struct ss_expfile *f = fuzz_read(data, size);
  if (!f)
    return 0;
  struct ss_profile p;
  struct ss_err err;
  const char *bad = NULL;
  if (ss_profile_merge(&p, &f, 1, &err, &bad) == 0) {
    struct ss_options sets[8];
    size_t n;
    option_sets(sets, &n);
    if (ss_is_ldlatency_file(f))
      ldlatency(&p, sets, n);
    else if (f->has_trace)
      tracing(&p, sets, n);
    else if (f->has_sampling)
      sampling(&p, sets, n);
    else
      counting(&p, sets, n);
  }
  ss_profile_release(&p);
  ss_expfile_free(f);
  return 0;
}
