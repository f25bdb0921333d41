/*
 * listing_mpi.c -- the mpi trace's own listings (docs/ssprof.md):
 *   - its summary: MPI calls, bytes, time in MPI, the ranks merged;
 *   - the MPI routines by time: calls, bytes, seconds, and the share of
 *     the time in MPI;
 *   - the call sites: each routine at each source line that called it;
 *   - the ranks: each one's calls, bytes, time in MPI, its span between
 *     MPI_Init and MPI_Finalize and the computing in it, then the load
 *     imbalance: the slowest rank (the most computing) and the fastest;
 *   - point-to-point messages by (sender, receiver).
 */
#include "trace_listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void ss_list_mpi_summary(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  fprintf(out, "Summary of MPI callstack tracing data (%s)--\n",
          l->profile->experiment);
  fprintf(out, "%16" PRIu64 ": Total MPI calls\n", m->events);
  fprintf(out, "%16" PRIu64 ": Calls with incomplete traceback\n",
          m->incomplete);
  fprintf(out, "%16" PRIu64 ": Bytes in MPI calls\n", m->totals[SS_MPI_W_BYTES]);
  fprintf(out, "%16.6f: Time in MPI calls (secs.)\n",
          ss_secs(m->totals[SS_MPI_W_NS]));
  fprintf(out, "%16.6f: Longest call (secs.)\n", ss_secs(m->max_ns));
  if (m->mpi_job) {
    const struct ss_rank_info *r = &l->profile->files[0]->rank;
    fprintf(out, "%16zu: Ranks merged (MPI job %s, %u ranks)\n", m->num_ranks,
            r->job[0] ? r->job : "unknown", r->size);
  }
}

/* Routine ids with calls, by time then calls then id; returns how many. */
static uint32_t routines_by_time(const uint64_t *w, uint32_t *order) {
  uint32_t n = 0;
  for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++)
    if (w[ss_mpi_w_calls(c)])
      order[n++] = c;
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t k = i; k > 0; k--) {
      uint32_t a = order[k - 1], b = order[k];
      uint64_t ta = w[ss_mpi_w_ns(a)], tb = w[ss_mpi_w_ns(b)];
      uint64_t ca = w[ss_mpi_w_calls(a)], cb = w[ss_mpi_w_calls(b)];
      if (tb > ta || (tb == ta && cb > ca)) {
        order[k - 1] = b;
        order[k] = a;
      }
    }
  return n;
}

void ss_list_mpi_routines(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  if (!m->events)
    return;
  ss_print_title(out, "MPI routines, in descending order by time");
  fprintf(out, "%12s %16s %12s %7s  %s\n", "calls", "bytes", "secs", "%time",
          "routine");
  uint32_t order[SS_MPI_CALL_LAST];
  uint32_t n = routines_by_time(m->totals, order);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t c = order[i];
    fprintf(out, "%12" PRIu64 " %16" PRIu64 " %12.6f %6.1f%%  %s\n",
            m->totals[ss_mpi_w_calls(c)], m->totals[ss_mpi_w_bytes(c)],
            ss_secs(m->totals[ss_mpi_w_ns(c)]),
            ss_percent((int64_t)m->totals[ss_mpi_w_ns(c)],
                       (int64_t)m->totals[SS_MPI_W_NS]),
            ss_mpi_call_name(c));
  }
}

/* -- call sites ------------------------------------------------------------- */

struct site {
  const struct ss_cs_line *line;
  uint32_t call;
};

static int site_order(const void *x, const void *y) {
  const struct site *a = x, *b = y;
  uint64_t ta = a->line->w[ss_mpi_w_ns(a->call)];
  uint64_t tb = b->line->w[ss_mpi_w_ns(b->call)];
  if (ta != tb)
    return ta > tb ? -1 : 1;
  int c = strcmp(a->line->file, b->line->file);
  if (c)
    return c;
  if (a->line->line != b->line->line)
    return a->line->line < b->line->line ? -1 : 1;
  return a->call < b->call ? -1 : a->call > b->call;
}

void ss_list_mpi_call_sites(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_callstacks *cs = &m->stacks;
  FILE *out = l->out;
  if (!m->events)
    return;
  size_t n = 0, cap = 0;
  struct site *v = NULL;
  for (size_t i = 0; i < cs->num_lines; i++)
    for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++)
      if (cs->lines[i].w[ss_mpi_w_calls(c)]) {
        SS_GROW(v, cap, n);
        v[n++] = (struct site){&cs->lines[i], c};
      }
  if (n)
    ss_sort(v, n, sizeof *v, site_order);
  ss_print_title(out, "MPI calls by call site, in descending order by time");
  fprintf(out, "%12s %16s %12s  %-18s %s\n", "calls", "bytes", "secs",
          "routine", "function (file:line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const struct ss_cs_line *ln = v[i].line;
    uint32_t c = v[i].call;
    int64_t ns = (int64_t)ln->w[ss_mpi_w_ns(c)];
    fprintf(out, "%12" PRIu64 " %16" PRIu64 " %12.6f  %-18s %s (%s:%u)\n",
            ln->w[ss_mpi_w_calls(c)], ln->w[ss_mpi_w_bytes(c)],
            ss_secs((uint64_t)ns), ss_mpi_call_name(c),
            cs->functions[ln->function].name,
            ln->file[0] ? ss_basename(ln->file) : "?", ln->line);
    ss_quit_account(&q, ss_percent(ns, (int64_t)m->totals[SS_MPI_W_NS]));
  }
  free(v);
}

/* -- ranks ------------------------------------------------------------------ */

static uint64_t computing(const struct ss_trace_rank *r) {
  return r->span_ns > r->in_mpi_ns ? r->span_ns - r->in_mpi_ns : 0;
}

/* The ranks with the most and the least computing (first of equals). */
void ss_mpi_slowest_fastest(const struct ss_trace_model *m, size_t *slowest,
                            size_t *fastest) {
  *slowest = *fastest = 0;
  for (size_t i = 1; i < m->num_ranks; i++) {
    if (computing(&m->ranks[i]) > computing(&m->ranks[*slowest]))
      *slowest = i;
    if (computing(&m->ranks[i]) < computing(&m->ranks[*fastest]))
      *fastest = i;
  }
}

void ss_list_mpi_ranks(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  if (!m->mpi_job || !m->num_ranks)
    return;
  ss_print_title(out, "MPI time per rank (computing: the rank's run from "
                 "MPI_Init to MPI_Finalize, less its time in MPI)");
  fprintf(out, "%6s %12s %16s %12s %12s %12s %7s  %s\n", "rank", "calls",
          "bytes", "mpi secs", "run secs", "compute", "%mpi", "host");
  uint64_t sum_compute = 0;
  for (size_t i = 0; i < m->num_ranks; i++) {
    const struct ss_trace_rank *r = &m->ranks[i];
    sum_compute += computing(r);
    fprintf(out, "%6d %12" PRIu64 " %16" PRIu64 " %12.6f %12.6f %12.6f "
            "%6.1f%%  %s\n", r->rank, r->w[SS_MPI_W_CALLS],
            r->w[SS_MPI_W_BYTES], ss_secs(r->in_mpi_ns), ss_secs(r->span_ns),
            ss_secs(computing(r)),
            ss_percent((int64_t)r->in_mpi_ns, (int64_t)r->span_ns), r->host);
  }
  if (m->num_ranks < 2)
    return;
  size_t slow, fast;
  ss_mpi_slowest_fastest(m, &slow, &fast);
  const struct ss_trace_rank *s = &m->ranks[slow], *f = &m->ranks[fast];
  double mean = (double)sum_compute / (double)m->num_ranks;
  fprintf(out, "Load imbalance--\n");
  fprintf(out, "%16d: Slowest rank (most computing: %.6f secs., %.6f in MPI)\n",
          s->rank, ss_secs(computing(s)), ss_secs(s->in_mpi_ns));
  fprintf(out, "%16d: Fastest rank (least computing: %.6f secs., %.6f in "
          "MPI)\n", f->rank, ss_secs(computing(f)), ss_secs(f->in_mpi_ns));
  if (mean > 0)
    fprintf(out, "%16.2f: Imbalance (slowest rank's computing / the mean "
            "rank's)\n", (double)computing(s) / mean);
}

void ss_list_mpi_pairs(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  if (!m->num_pairs)
    return;
  ss_print_title(out, "Point-to-point messages by sender and receiver");
  fprintf(out, "%6s %6s %12s %16s\n", "from", "to", "messages", "bytes");
  for (size_t i = 0; i < m->num_pairs; i++)
    fprintf(out, "%6d %6d %12" PRIu64 " %16" PRIu64 "\n", m->pairs[i].from,
            m->pairs[i].to, m->pairs[i].messages, m->pairs[i].bytes);
}
