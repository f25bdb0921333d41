/*
 * listing_io_files.c -- the io experiment's view per file: for each file
 * (a path as opened, a pipe, a descriptor the program inherited), its
 * calls, bytes read and written, time in calls and the longest call, and
 * how many calls of each kind, in descending order of calls.  Files are
 * merged by name over the experiment files.
 */
#include "trace_listing.h"

#include <inttypes.h>

static uint64_t bytes(const struct ss_trace_object *o, int writes) {
  uint64_t sum = 0;
  for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
    if (ss_io_call_moves_bytes(c) && ss_io_call_writes(c) == writes)
      sum += o->w[ss_io_w_bytes(c)];
  return sum;
}

void ss_list_io_files(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  ss_print_title(out, "I/O by file, in descending order by calls");
  fprintf(out, "%10s %14s %14s %10s %10s  %s\n", "calls", "bytes read",
          "bytes written", "secs", "max.secs", "file: calls by kind");
  for (size_t i = 0; i < m->num_objects; i++) {
    const struct ss_trace_object *o = &m->objects[i];
    fprintf(out, "%10" PRIu64 " %14" PRIu64 " %14" PRIu64 " %10.6f %10.6f  %s:",
            o->w[SS_IO_W_CALLS], bytes(o, 0), bytes(o, 1),
            ss_secs(o->w[SS_IO_W_NS]), ss_secs(o->max_ns), o->name);
    for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
      if (o->w[ss_io_w_calls(c)])
        fprintf(out, " %s %" PRIu64, ss_io_call_name(c), o->w[ss_io_w_calls(c)]);
    fputc('\n', out);
  }
}
