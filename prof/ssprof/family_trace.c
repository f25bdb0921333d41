/*
 * family_trace.c -- trace experiments (fpe, io): the events symbolized
 * through DWARF and summed (traces.h), and listed.
 */
#include "families.h"

#include <stdio.h>

static int holds(const struct ss_expfile *f) { return ss_is_trace_file(f); }

static int reads(const struct ss_expfile *f) {
  return ss_trace_desc_of(f->trace.kind) != NULL;
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  struct ss_symbolizer symbolizer = ss_dwarf_symbolizer_new();
  struct ss_trace_model traces;
  struct ss_err err;
  const char *bad_file = NULL;
  int status = 0;
  if (ss_trace_model_build(&traces, profile, &opt->calipers, &symbolizer, &err,
                           &bad_file) != 0) {
    fprintf(stderr, "ssprof: %s: %s\n", bad_file ? bad_file : "?", err.msg);
    status = 1;
  } else {
    for (size_t i = 0; i < traces.num_warnings; i++)
      fprintf(stderr, "ssprof: %s\n", traces.warnings[i]);
    struct ss_listing listing = {profile, NULL, NULL, NULL, opt, stdout,
                                 &traces};
    ss_report_trace(&listing);
    status = ssprof_finish_output();
  }
  ss_trace_model_release(&traces);
  ss_symbolizer_destroy(&symbolizer);
  return status;
}

const struct ssprof_family ssprof_trace_family = {
    "trace", holds, reads, "fpe and io files with a TRACE record", report};
