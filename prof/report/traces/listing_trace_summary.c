/*
 * listing_trace_summary.c -- the summary block of a trace experiment, in
 * the seeds' words ("Summary of FPE callstack tracing data", "Total FPEs",
 * "Samples with incomplete traceback"; the io experiment's: "I/O system
 * calls executed", "calls with an incomplete traceback"), then the
 * exceptions by type (fpe) or the bytes and time (io), then what the seeds
 * do not have, only when it says something.  io adds its calls by kind.
 */
#include "trace_listing.h"

#include <inttypes.h>

static void print_fpe(FILE *out, const struct ss_trace_model *m) {
  static const char *const type[SS_FPE_W_COUNT] = {
      "", "Invalid operation", "Division by zero", "Overflow", "Underflow",
      "Inexact"};
  for (int i = SS_FPE_W_INVALID; i < SS_FPE_W_COUNT; i++) {
    if (i == SS_FPE_W_INEXACT && !(m->flags & SS_TRACE_FPE_INEXACT)) {
      fprintf(out, "%16s: Inexact (not traced; ssrun -fpe_inexact traces it)\n",
              "-");
      continue;
    }
    fprintf(out, "%16" PRIu64 ": %s\n", m->totals[i], type[i]);
  }
}

static uint64_t bytes_moved(const struct ss_trace_model *m, int writes) {
  uint64_t sum = 0;
  for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
    if (ss_io_call_moves_bytes(c) && ss_io_call_writes(c) == writes)
      sum += m->totals[ss_io_w_bytes(c)];
  return sum;
}

static void print_io(FILE *out, const struct ss_trace_model *m) {
  fprintf(out, "%16" PRIu64 ": Bytes read\n", bytes_moved(m, 0));
  fprintf(out, "%16" PRIu64 ": Bytes written\n", bytes_moved(m, 1));
  fprintf(out, "%16.6f: Time in I/O calls (secs.)\n",
          ss_secs(m->totals[SS_IO_W_NS]));
  fprintf(out, "%16.6f: Longest call (secs.)\n", ss_secs(m->max_ns));
  if (!(m->flags & SS_TRACE_IO_STDIO))
    fprintf(out, "%16s: The C library's own calls for stdio were not traced "
            "(no syscall user dispatch)\n", "-");
}

static void print_extras(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  if (m->lost)
    fprintf(out, "%16" PRIu64 ": Events lost (event buffer full)\n", m->lost);
  if (m->threads > 1)
    fprintf(out, "%16u: Threads traced\n", m->threads);
  if (l->profile->num_files > 1)
    fprintf(out, "%16zu: Experiment files merged\n", l->profile->num_files);
  if (m->calipers_given)
    ss_print_caliper_window(out, &m->windows[0], "events");
}

/* io: each kind of call with its calls, bytes and time. */
static void print_calls_by_kind(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  ss_print_title(out, "I/O calls by kind, in descending order by calls");
  fprintf(out, "%12s %7s %16s %12s  %s\n", "calls", "%", "bytes", "secs",
          "call");
  int printed[SS_IO_CALL_LAST + 1] = {0};
  for (;;) {
    uint32_t best = 0;
    for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
      if (!printed[c] && m->totals[ss_io_w_calls(c)] &&
          (!best || m->totals[ss_io_w_calls(c)] > m->totals[ss_io_w_calls(best)]))
        best = c;
    if (!best)
      break;
    printed[best] = 1;
    uint64_t calls = m->totals[ss_io_w_calls(best)];
    fprintf(out, "%12" PRIu64 " %6.1f%% ", calls,
            ss_percent((int64_t)calls, (int64_t)m->totals[SS_IO_W_CALLS]));
    if (ss_io_call_moves_bytes(best))
      fprintf(out, "%16" PRIu64, m->totals[ss_io_w_bytes(best)]);
    else
      fprintf(out, "%16s", "-");
    fprintf(out, " %12.6f  %s\n", ss_secs(m->totals[ss_io_w_ns(best)]),
            ss_io_call_name(best));
  }
}

void ss_list_trace_summary(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  const char *experiment = l->profile->experiment;
  if (ss_trace_is_heap(m)) {
    ss_list_heap_summary(l);
    print_extras(l);
    if (m->events)
      ss_list_heap_calls(l);
    return;
  }
  ss_print_rule(out);
  if (ss_trace_is_mpi(m)) {
    ss_list_mpi_summary(l);
  } else if (ss_trace_is_io(m)) {
    fprintf(out, "Summary of I/O callstack tracing data (%s)--\n", experiment);
    fprintf(out, "%16" PRIu64 ": Total I/O calls\n", m->events);
    fprintf(out, "%16" PRIu64 ": Calls with incomplete traceback\n",
            m->incomplete);
    print_io(out, m);
  } else {
    fprintf(out, "Summary of FPE callstack tracing data (%s)--\n", experiment);
    fprintf(out, "%16" PRIu64 ": Total FPEs\n", m->events);
    fprintf(out, "%16" PRIu64 ": Samples with incomplete traceback\n",
            m->incomplete);
    print_fpe(out, m);
  }
  print_extras(l);
  if (ss_trace_is_io(m) && m->events)
    print_calls_by_kind(l);
}
