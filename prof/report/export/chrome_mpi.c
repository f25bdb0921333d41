/*
 * chrome_mpi.c -- the mpi trace's timeline in Chrome's trace event format
 * (ssprof -chrome): one process per rank ("rank 2 (host)"), one thread
 * per traced thread of it, and each MPI call a complete event ("ph": "X")
 * named after its routine, at its start and for its elapsed time, with
 * its peer or root, bytes and communicator size.  Times are microseconds
 * of each file's CLOCK_MONOTONIC from the earliest trace start of the
 * files read: ranks on one host line up exactly; the clocks of different
 * hosts are not synchronized, and their ranks are laid out each on its
 * own host's clock.  Only the events in the -calipers window count.
 */
#include "export.h"

#include "base.h"
#include "json_writer.h"
#include "traces.h"

#include <stdio.h>

static void call_event(struct ss_json *j, const struct ss_event_view *e,
                       uint32_t pid, uint32_t tid, uint64_t at_ns) {
  ss_json_begin_object(j, NULL);
  ss_json_string(j, "name", ss_mpi_call_name(e->kind));
  ss_json_string(j, "cat", "mpi");
  ss_json_string(j, "ph", "X");
  ss_json_double(j, "ts", (double)at_ns / 1e3);
  ss_json_double(j, "dur", (double)e->duration_ns / 1e3);
  ss_json_uint(j, "pid", pid);
  ss_json_uint(j, "tid", tid);
  ss_json_begin_object(j, "args");
  ss_json_int(j, "peer", e->value[0]);
  ss_json_int(j, "bytes", e->value[1]);
  ss_json_int(j, "comm_size", e->value[2]);
  ss_json_end_object(j);
  ss_json_end_object(j);
}

int ss_export_chrome_mpi(FILE *out, const struct ss_listing *l) {
  const struct ss_profile *p = l->profile;
  const struct ss_trace_model *m = l->traces;
  uint64_t base = UINT64_MAX;
  for (size_t i = 0; i < p->num_files; i++)
    if (p->files[i]->trace.start_ns < base)
      base = p->files[i]->trace.start_ns;
  struct ss_json j;
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  ss_json_begin_array(&j, "traceEvents");
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    /* A rank's files (a fork) share its process; outside MPI, the pid. */
    uint32_t pid = f->has_rank ? (uint32_t)f->rank.rank : f->process.pid;
    char name[320];
    if (f->has_rank)
      snprintf(name, sizeof name, "rank %d (%s)", f->rank.rank,
               f->process.host);
    else
      snprintf(name, sizeof name, "%s [%u]", ss_basename(f->process.target),
               f->process.pid);
    ss_chrome_metadata(&j, "process_name", pid, 0, name);
    uint64_t offset = f->trace.start_ns - base;
    for (size_t bi = 0; bi < f->num_event_blocks; bi++) {
      const struct ss_event_block *blk = &f->event_blocks[bi];
      char thread[64];
      snprintf(thread, sizeof thread, "thread %u (tid %u)", blk->thread_index,
               blk->tid);
      if (blk->num_events)
        ss_chrome_metadata(&j, "thread_name", pid, blk->tid, thread);
      const uint8_t *cur = blk->data;
      for (uint64_t k = 0; k < blk->num_events; k++) {
        struct ss_event_view e;
        ss_event_next(&cur, &e);
        if (ss_caliper_selects(&m->windows[i], e.caliper))
          call_event(&j, &e, pid, blk->tid, offset + e.time_ns);
      }
    }
  }
  ss_json_end_array(&j);
  ss_json_string(&j, "displayTimeUnit", "ms");
  ss_json_end_object(&j);
  fputc('\n', out);
  return ferror(out) ? -1 : 0;
}
