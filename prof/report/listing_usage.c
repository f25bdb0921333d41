/*
 * listing_usage.c -- -u: what each process used, from its USAGE record
 * (getrusage at the end of the run, and the elapsed time).  First the
 * one-line form of SpeedShop's ssusage(1),
 *
 *   1.420 real, 1.350 user, 0.040 sys, 0 majf, 39 minf, 0 sw, 1 rb, 0 wb,
 *   37 vcx, 0 icx, 5696 mxrss
 *
 * (one line; times in seconds, mxrss in KiB), then the same values one
 * per line with their names, in the layout of the summary blocks.
 */
#include "listing.h"

#include <inttypes.h>

static void print_usage(FILE *out, const struct ss_rec_usage *u) {
  double real = (double)u->real_ns / 1e9, user = (double)u->user_ns / 1e9,
         sys = (double)u->sys_ns / 1e9;
  fprintf(out, "%.3f real, %.3f user, %.3f sys, %" PRIu64 " majf, %" PRIu64
          " minf, %" PRIu64 " sw, %" PRIu64 " rb, %" PRIu64 " wb, %" PRIu64
          " vcx, %" PRIu64 " icx, %" PRIu64 " mxrss\n", real, user, sys,
          u->majflt, u->minflt, u->nswap, u->inblock, u->oublock, u->nvcsw,
          u->nivcsw, u->maxrss_kb);
  fprintf(out, "%16.3f: Elapsed (real) time (secs.)\n", real);
  fprintf(out, "%16.3f: User CPU time (secs.)\n", user);
  fprintf(out, "%16.3f: System CPU time (secs.)\n", sys);
  const struct {
    uint64_t value;
    const char *label;
  } counts[] = {
      {u->majflt, "Major page faults (majf)"},
      {u->minflt, "Minor page faults (minf)"},
      {u->nswap, "Swaps (sw)"},
      {u->inblock, "Block input operations (rb)"},
      {u->oublock, "Block output operations (wb)"},
      {u->nvcsw, "Voluntary context switches (vcx)"},
      {u->nivcsw, "Involuntary context switches (icx)"},
      {u->maxrss_kb, "Maximum resident set size, KiB (mxrss)"},
  };
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
    fprintf(out, "%16" PRIu64 ": %s\n", counts[i].value, counts[i].label);
}

void ss_list_usage(const struct ss_listing *l) {
  const struct ss_profile *p = l->profile;
  FILE *out = l->out;
  ss_print_rule(out);
  fputs("Summary of resource usage (ssusage)--\n", out);
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    if (!f->has_usage) {
      fprintf(out, "From file %s: no usage recorded\n", f->name);
      continue;
    }
    fprintf(out, "From file %s:\n", f->name);
    print_usage(out, &f->usage);
  }
}
