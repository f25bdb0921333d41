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

/* A profile's sample model, built for a listing. */
struct sampling {
  struct ss_symbolizer symbolizer;
  struct ss_sample_model samples;
  struct ss_listing listing;
};

/* Returns 0, or 1 after a one-line message. */
static int build(struct sampling *s, struct ss_profile *profile,
                 const struct ss_options *opt) {
  s->symbolizer = ss_dwarf_symbolizer_new();
  struct ss_err err;
  const char *bad_file = NULL;
  if (ss_sample_model_build(&s->samples, profile, &opt->calipers,
                            &s->symbolizer, &err, &bad_file) != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    return 1;
  }
  for (size_t i = 0; i < s->samples.num_warnings; i++)
    fprintf(stderr, "ssprof: %s\n", s->samples.warnings[i]);
  s->listing = (struct ss_listing){.profile = profile,
                                   .samples = &s->samples, .options = opt,
                                   .out = stdout};
  return 0;
}

static void release(struct sampling *s) {
  ss_sample_model_release(&s->samples);
  ss_symbolizer_destroy(&s->symbolizer);
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  struct sampling s;
  int status = build(&s, profile, opt);
  if (status == 0 && ss_report_wants_exports(opt)) {
    status = ss_report_exports(&s.listing);
  } else if (status == 0) {
    ss_report_sampling(&s.listing);
    status = ssprof_finish_output();
  }
  release(&s);
  return status;
}

static int diff(struct ss_profile *before, struct ss_profile *after,
                const struct ss_options *opt) {
  struct sampling b, a;
  int status = build(&b, before, opt);
  int status_after = build(&a, after, opt);
  if (status == 0 && status_after == 0) {
    ss_report_diff(&b.listing, &a.listing);
    status = ssprof_finish_output();
  } else {
    status = 1;
  }
  release(&a);
  release(&b);
  return status;
}

const struct ssprof_family ssprof_sampling_family = {
    "sampling", holds, reads,
    "usertime, totaltime and [f]pcsamp[x] files with a SAMPLING record",
    report, diff};
