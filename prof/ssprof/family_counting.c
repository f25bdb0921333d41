/*
 * family_counting.c -- counting experiments (ideal, bbcounts): every count
 * derived from the counters (counts.h), turned into ideal time where the
 * machine code can be read (ideal.h), and listed.
 */
#include "families.h"

#include "symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int holds(const struct ss_expfile *f) {
  return !f->has_sampling && !f->has_trace;
}

static int reads(const struct ss_expfile *f) {
  return strcmp(f->process.experiment, "ideal") == 0 ||
         strcmp(f->process.experiment, "bbcounts") == 0;
}

/* Callees that were not instrumented are shown demangled, and
 * indirect-call targets outside instrumented code by the ELF symbol that
 * holds them. */
static char *demangled(void *self, const char *symbol) {
  (void)self;
  return ss_demangle(symbol);
}

static char *elf_symbol_name(void *self, const char *path, uint64_t addr) {
  const char *symbol = ss_elf_symbol_at(self, path, addr);
  return symbol ? ss_demangle(symbol) : NULL;
}

int ssprof_counting_build(struct ssprof_counting *c,
                          const struct ss_profile *profile,
                          const struct ss_options *opt) {
  c->symbols = ss_elf_cache_new();
  ss_model_build(&c->model, profile,
                 (struct ss_namer){demangled, elf_symbol_name, c->symbols});
  for (size_t i = 0; i < c->model.num_warnings; i++)
    fprintf(stderr, "ssprof: %s\n", c->model.warnings[i]);
  struct ss_err err;
  struct ss_progress progress = ssprof_progress_line();
  struct ss_ideal_request req = {opt->cpu, opt->clock_mhz,
                                 ssprof_cache_dir(opt), &progress};
  int built = ss_ideal_build(&c->ideal, &c->model, &req, &err);
  ssprof_progress_done();
  if (built != 0) {
    fprintf(stderr, "ssprof: %s\n", err.msg);
    return -1;
  }
  for (size_t i = 0; i < c->ideal.num_warnings; i++)
    fprintf(stderr, "ssprof: warning: %s\n", c->ideal.warnings[i]);
  return 0;
}

void ssprof_counting_release(struct ssprof_counting *c) {
  ss_ideal_release(&c->ideal);
  ss_model_release(&c->model);
  ss_elf_cache_free(c->symbols);
}

static void warn_calipers(const struct ss_profile *profile,
                          const struct ss_options *opt) {
  if (opt->calipers.given)
    fprintf(stderr, "ssprof: warning: -calipers selects samples; the "
            "counts of %s experiments cover the whole run\n",
            profile->experiment);
}

static struct ss_listing listing_of(struct ssprof_counting *c,
                                    const struct ss_profile *profile,
                                    const struct ss_options *opt) {
  return (struct ss_listing){.profile = profile, .model = &c->model,
                             .ideal = &c->ideal, .options = opt,
                             .out = stdout};
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  warn_calipers(profile, opt);
  struct ssprof_counting c;
  int status = ssprof_counting_build(&c, profile, opt) == 0 ? 0 : 1;
  struct ss_listing listing = listing_of(&c, profile, opt);
  if (status == 0 && ss_report_wants_exports(opt)) {
    status = ss_report_exports(&listing);
  } else if (status == 0) {
    ss_report_counting(&listing);
    status = ssprof_finish_output();
  }
  ssprof_counting_release(&c);
  return status;
}

static int diff(struct ss_profile *before, struct ss_profile *after,
                const struct ss_options *opt) {
  warn_calipers(before, opt);
  struct ssprof_counting b, a;
  int status = ssprof_counting_build(&b, before, opt) == 0 ? 0 : 1;
  int status_after = ssprof_counting_build(&a, after, opt) == 0 ? 0 : 1;
  if (status == 0 && status_after == 0) {
    struct ss_listing lb = listing_of(&b, before, opt);
    struct ss_listing la = listing_of(&a, after, opt);
    ss_report_diff(&lb, &la);
    status = ssprof_finish_output();
  } else {
    status = 1;
  }
  ssprof_counting_release(&a);
  ssprof_counting_release(&b);
  return status;
}

const struct ssprof_family ssprof_counting_family = {
    "counting", holds, reads, "ideal", report, diff};
