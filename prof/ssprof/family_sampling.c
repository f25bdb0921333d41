/*
 * family_sampling.c -- sampling experiments (usertime, totaltime,
 * [f]pcsamp[x]): the samples symbolized through DWARF (samples.h) and
 * listed.
 */
#include "families.h"

#include <stdio.h>

static int holds(const struct ss_expfile *f) { return f->has_sampling; }

static int reads(const struct ss_expfile *f) {
  (void)f;
  return 1;
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  struct ss_symbolizer symbolizer = ss_dwarf_symbolizer_new();
  struct ss_sample_model samples;
  struct ss_err err;
  const char *bad_file = NULL;
  int status = 0;
  if (ss_sample_model_build(&samples, profile, &opt->calipers, &symbolizer,
                            &err, &bad_file) != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else {
    for (size_t i = 0; i < samples.num_warnings; i++)
      fprintf(stderr, "ssprof: %s\n", samples.warnings[i]);
    struct ss_listing listing = {profile, NULL,   &samples, NULL,
                                 opt,     stdout, NULL,     NULL};
    ss_report_sampling(&listing);
    status = ssprof_finish_output();
  }
  ss_sample_model_release(&samples);
  ss_symbolizer_destroy(&symbolizer);
  return status;
}

const struct ssprof_family ssprof_sampling_family = {
    "sampling", holds, reads,
    "usertime, totaltime and [f]pcsamp[x] files with a SAMPLING record",
    report};
