/*
 * listing_header.c -- the listing header (as the seeds' prof prints it:
 * date, command, target, experiment, marching orders, machine, then the
 * notes of every file) and the summary of the counting data.
 */
#include "listing.h"

#include "profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Now, or SOURCE_DATE_EPOCH for reproducible listings. */
static void print_date(FILE *out) {
  time_t now = time(NULL);
  const char *epoch = getenv("SOURCE_DATE_EPOCH");
  if (epoch && *epoch) {
    char *end;
    long long v = strtoll(epoch, &end, 10);
    if (*end == 0)
      now = (time_t)v;
  }
  char buf[64];
  const char *s = ctime_r(&now, buf);
  if (!s) {
    fputs("?\n", out);
    return;
  }
  size_t n = strlen(s);
  while (n > 0 && s[n - 1] == '\n')
    n--;
  fprintf(out, "%.*s\n", (int)n, s);
}

static const char *or_unknown(const char *s) {
  return s && s[0] ? s : "unknown";
}

static void print_text_block(FILE *out, const char *text) {
  size_t n = strlen(text);
  fputs(text, out);
  if (n == 0 || text[n - 1] != '\n')
    fputc('\n', out);
}

/* A file's notes; without NOTE records, the seeds' three caliper lines
 * made from its PROCESS record. */
static void print_notes(FILE *out, const struct ss_expfile *f) {
  const struct ss_process_info *pi = &f->process;
  fprintf(out, "From file %s:\n", f->name);
  if (f->num_notes > 0) {
    for (size_t i = 0; i < f->num_notes; i++)
      print_text_block(out, f->notes[i].text);
    return;
  }
  fprintf(out, "Caliper point 0 at target begin, PID %u\n", pi->pid);
  fprintf(out, "%s\n", or_unknown(pi->target));
  if (pi->term_signal)
    fprintf(out, "Caliper point 1 at signal %d\n", pi->term_signal);
  else if (pi->exit_status >= 0)
    fprintf(out, "Caliper point 1 at exit(%d)\n", pi->exit_status);
  else
    fprintf(out, "Caliper point 1 at target end\n");
}

static double secs(uint64_t ns) { return (double)ns / 1e9; }

/* Under MPI: each file's rank, host and the CPU time it used, in rank
 * order (files in the order given among equals). */
static void print_ranks(FILE *out, const struct ss_profile *p) {
  if (!p->files[0]->has_rank)
    return;
  const struct ss_rank_info *r0 = &p->files[0]->rank;
  fprintf(out, "MPI job %s, %u ranks; files read--\n",
          r0->job[0] ? r0->job : "(unknown)", r0->size);
  fprintf(out, "%6s %8s %10s %10s %10s  %-16s %s\n", "rank", "pid",
          "user secs", "sys secs", "real secs", "host", "file");
  int32_t last = -1;
  for (;;) {
    /* The next rank above `last`. */
    int32_t next = -1;
    for (size_t i = 0; i < p->num_files; i++) {
      int32_t r = p->files[i]->rank.rank;
      if (r > last && (next < 0 || r < next))
        next = r;
    }
    if (next < 0)
      break;
    for (size_t i = 0; i < p->num_files; i++) {
      const struct ss_expfile *f = p->files[i];
      if (f->rank.rank != next)
        continue;
      fprintf(out, "%6d %8u %10.3f %10.3f %10.3f  %-16s %s\n", next,
              f->process.pid, secs(f->usage.user_ns), secs(f->usage.sys_ns),
              secs(f->usage.real_ns), f->process.host, f->name);
    }
    last = next;
  }
}

void ss_list_header(const struct ss_listing *l) {
  const struct ss_profile *p = l->profile;
  const struct ss_process_info *pi = &p->files[0]->process;
  FILE *out = l->out;
  ss_print_rule(out);
  fputs("SpeedShop profile listing generated ", out);
  print_date(out);
  fprintf(out, "%s\n", l->options->command_line);
  /* -lib: the first program that loads the library */
  const char *target = p->library ? p->target : pi->target;
  fprintf(out, "%s (%s): Target program\n", ss_basename(or_unknown(target)),
          or_unknown(pi->abi));
  if (p->library) { /* ssprof -lib */
    fprintf(out, "%s: Library, its counts summed over %zu program%s:",
            p->library, p->num_programs, p->num_programs == 1 ? "" : "s");
    for (size_t i = 0; i < p->num_programs; i++)
      fprintf(out, " %s", p->programs[i]);
    fputc('\n', out);
  }
  fprintf(out, "%s: Experiment name\n", or_unknown(pi->experiment));
  fprintf(out, "%s: Marching orders\n", or_unknown(pi->marching_orders));
  fprintf(out, "%s: CPU / FPU\n", or_unknown(pi->cpu_model));
  fprintf(out, "%u: Number of CPUs\n", pi->num_cpus);
  fprintf(out, "%u: Clock frequency (MHz.)\n", pi->clock_mhz);
  fputs("Experiment notes--\n", out);
  for (size_t i = 0; i < p->num_files; i++)
    print_notes(out, p->files[i]);
  print_ranks(out, p);
  if (!l->sampling) /* ssprof -cpi: the sampling run joined */
    return;
  const struct ss_process_info *si = &l->sampling->files[0]->process;
  fprintf(out, "%s: Joined with experiment\n", or_unknown(si->experiment));
  fprintf(out, "%s: Marching orders\n", or_unknown(si->marching_orders));
  for (size_t i = 0; i < l->sampling->num_files; i++)
    print_notes(out, l->sampling->files[i]);
}

void ss_list_summary(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  char ratio[64];
  ss_print_rule(out);
  fprintf(out, "Summary of basic block counting data (%s)--\n",
          or_unknown(m->profile->experiment));
  fprintf(out, "%16" PRId64 ": Total basic block executions\n",
          m->total_block_executions);
  fprintf(out, "%16" PRId64 ": Total function calls\n", m->total_calls);
  snprintf(ratio, sizeof ratio, "%u / %u", m->functions_executed,
           m->num_functions);
  fprintf(out, "%16s: Instrumented functions executed / total\n", ratio);
  fprintf(out, "%16zu: Instrumented modules\n", m->profile->num_modules);
  if (m->profile->num_files > 1)
    fprintf(out, "%16zu: Experiment files merged\n", m->profile->num_files);
  if (m->unknown_blocks)
    fprintf(out, "%16u: Blocks whose counts could not be derived\n",
            m->unknown_blocks);
  if (m->unknown_edges)
    fprintf(out, "%16u: Edges whose counts could not be derived\n",
            m->unknown_edges);
}
