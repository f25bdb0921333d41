/*
 * family_trace.c -- trace experiments (fpe, io, heap): the events symbolized
 * through DWARF and summed (traces.h), and listed.  -html and the exports
 * refuse them (report.h), -diff too (no `diff`); -source and -disasm are
 * ignored with a warning.
 */
#include "families.h"

#include <stdio.h>

/* ldlatency's TRACE record is family_ldlatency.c's. */
static int holds(const struct ss_expfile *f) {
  return ss_is_trace_file(f) && !ss_is_ldlatency_file(f);
}

static int reads(const struct ss_expfile *f) {
  return ss_trace_desc_of(f->trace.kind) != NULL;
}

static void warn_annotation(const struct ss_profile *profile,
                            const struct ss_options *opt) {
  if (opt->source || opt->disasm)
    fprintf(stderr, "ssprof: warning: -source and -disasm annotate counting "
            "and sampling experiments; ignored for the %s trace (its line "
            "lists are -h and -l)\n", profile->experiment);
}

static int report(struct ss_profile *profile, const struct ss_options *opt) {
  warn_annotation(profile, opt);
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
    struct ss_listing listing = {.profile = profile, .options = opt,
                                 .out = stdout, .traces = &traces};
    if (ss_report_wants_exports(opt)) {
      status = ss_report_exports(&listing);
    } else {
      ss_report_trace(&listing);
      status = ssprof_finish_output();
    }
  }
  ss_trace_model_release(&traces);
  ss_symbolizer_destroy(&symbolizer);
  return status;
}

const struct ssprof_family ssprof_trace_family = {
    "trace", holds, reads, "fpe, io and heap files with a TRACE record", report,
    NULL};
