/*
 * listing_sample_summary.c -- the summary block of a sampling experiment,
 * in the seeds' words: "statistical callstack sampling data" for usertime
 * and totaltime, "statistical PC sampling data" for [f]pcsamp[x].  Lines
 * the seeds do not have (lost samples, threads, merged files, the caliper
 * window, the clock) come after theirs, and only when they say something.
 */
#include "listing.h"

#include <inttypes.h>

static void print_extras(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  if (m->lost)
    fprintf(out, "%16" PRIu64 ": Samples lost (sample buffer full)\n",
            m->lost);
  if (m->threads > 1)
    fprintf(out, "%16u: Threads sampled\n", m->threads);
  if (l->profile->num_files > 1)
    fprintf(out, "%16zu: Experiment files merged\n", l->profile->num_files);
  if (m->calipers_given)
    ss_print_caliper_window(out, &m->windows[0], "samples");
  if (m->clock && m->clock[0])
    fprintf(out, "%16s: Sampling clock\n", m->clock);
}

void ss_list_sample_summary(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  const char *experiment = l->profile->experiment;
  ss_print_rule(out);
  if (m->callstacks) {
    fprintf(out, "Summary of statistical callstack sampling data (%s)--\n",
            experiment);
    fprintf(out, "%16" PRIu64 ": Total Samples\n", m->samples);
    fprintf(out, "%16" PRIu64 ": Samples with incomplete traceback\n",
            m->incomplete);
    fprintf(out, "%16.3f: Accumulated Time (secs.)\n", ss_secs(m->ns));
    fprintf(out, "%16.1f: Sample interval (msecs.)\n",
            (double)m->interval_ns / 1e6);
  } else {
    fprintf(out, "Summary of statistical PC sampling data (%s)--\n",
            experiment);
    fprintf(out, "%16" PRIu64 ": Total samples\n", m->samples);
    fprintf(out, "%16.3f: Accumulated time (secs.)\n", ss_secs(m->ns));
    fprintf(out, "%16.1f: Time per sample (msecs.)\n",
            (double)m->interval_ns / 1e6);
    fprintf(out, "%16u: Sample bin width (bytes)\n", m->bin_bytes);
  }
  print_extras(l);
}
