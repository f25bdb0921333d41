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

static int holds(const struct ss_expfile *f) { return !f->has_sampling; }

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

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  if (opt->calipers.given)
    fprintf(stderr, "ssprof: warning: -calipers selects samples; the "
            "counts of %s experiments cover the whole run\n",
            profile->experiment);
  struct ssprof_counting counting;
  int status = 1;
  if (ssprof_counting_build(&counting, profile, opt) == 0) {
    struct ss_listing listing = {profile, &counting.model, NULL,
                                 &counting.ideal, opt, stdout, NULL, NULL};
    ss_report_counting(&listing);
    status = ssprof_finish_output();
  }
  ssprof_counting_release(&counting);
  return status;
}

const struct ssprof_family ssprof_counting_family = {
    "counting", holds, reads, "ideal", report};
