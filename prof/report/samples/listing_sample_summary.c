/*
 * listing_sample_summary.c -- the summary block of a sampling experiment,
 * in the seeds' words: "statistical callstack sampling data" for usertime
 * and totaltime, "statistical PC sampling data" for [f]pcsamp[x].  Lines
 * the seeds do not have (lost samples, threads, merged files, the caliper
 * window, the clock) come after theirs, and only when they say something.
 */
#include "listing.h"

#include <inttypes.h>
#include <string.h>

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
  if (m->clock && m->clock[0] && !m->hwc) /* hwc: the counter, above */
    fprintf(out, "%16s: Sampling clock\n", m->clock);
  /* The runtime's task clock names the case (hwc/perf_counter.c): the
   * kernel let the run count user mode only.  Said once, here. */
  if (m->clock && !m->hwc && strstr(m->clock, "user mode only"))
    fprintf(out, "%16s: Kernel time not sampled: the kernel let the run "
            "count user mode only (perf_event_paranoid 2 or more, no "
            "CAP_PERFMON); time in system calls and page faults is "
            "missing\n", "-");
}

void ss_print_sample_value(FILE *out, const struct ss_sample_model *m,
                           int width, uint64_t value) {
  if (m->hwc)
    fprintf(out, "%*" PRIu64, width, value);
  else
    fprintf(out, "%*.3f", width, ss_secs(value));
}

const char *ss_sample_unit(const struct ss_sample_model *m) {
  return m->hwc ? "counts" : "secs";
}

/* The counters' exact totals against what the samples hold: the samples
 * weigh what the counter counted up to each thread's last sample, so the
 * sampled total falls short of the counted one by what was counted after
 * it (under an overflow value a thread). */
static void counted_lines(FILE *out, const struct ss_sample_model *m) {
  if (!m->counted)
    return;
  if (m->profiled)
    fprintf(out, "%16" PRIu64 ": Total counts of the sampled counter "
            "(counted)\n", m->sampled_counter_total);
  fprintf(out, "%16" PRIu64 ": Total counts%s (counted, every thread)\n",
          m->counted_total, m->profiled ? " of the profiled counter" : "");
  if (m->counted_total > 0)
    fprintf(out, "%15.1f%%: Of them in the samples\n",
            100.0 * (double)m->ns / (double)m->counted_total);
}

/* The hwc experiments, in the words of the seeds' chapter: overflows of
 * a counter; each sample weighs the events its counter counted since the
 * thread's previous one (older files: the overflow value). */
static void hwc_summary(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  fprintf(out, "Summary of statistical %s sampling data on counter "
          "overflows (%s)--\n", m->callstacks ? "callstack" : "PC",
          l->profile->experiment);
  fprintf(out, "%16" PRIu64 ": Total samples (counter overflows)\n",
          m->samples);
  if (m->callstacks)
    fprintf(out, "%16" PRIu64 ": Samples with incomplete traceback\n",
            m->incomplete);
  if (m->counted)
    fprintf(out, "%16" PRIu64 ": Total counts%s (sampled: the samples' "
            "counts)\n", m->ns, m->profiled ? " of the profiled counter" : "");
  else
    fprintf(out, "%16" PRIu64 ": Total counts (overflows x overflow value)\n",
            m->ns);
  counted_lines(out, m);
  fprintf(out, "%16" PRIu64 ": Counter overflow value\n", m->interval_ns);
  fprintf(out, "%16s: Counter%s\n", m->clock,
          m->profiled ? " sampled (its overflows)" : "");
  if (m->profiled)
    fprintf(out, "%16s: Counter profiled (the counts)\n", m->profiled);
  print_extras(l);
}

void ss_list_sample_summary(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  FILE *out = l->out;
  const char *experiment = l->profile->experiment;
  ss_print_rule(out);
  if (m->hwc) {
    hwc_summary(l);
    return;
  }
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
  /* On the task clock, the samples weigh the nanoseconds it counted: the
   * threads' exact CPU time beside them. */
  if (m->counted)
    fprintf(out, "%16.3f: CPU time counted by the task clock (secs.)\n",
            ss_secs(m->counted_total));
  print_extras(l);
}
