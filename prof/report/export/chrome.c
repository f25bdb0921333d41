/*
 * chrome.c -- Chrome's trace event format (the JSON object form, which
 * Perfetto's UI and chrome://tracing load): complete events ("ph": "X",
 * times in microseconds) nested per thread, and metadata events naming
 * the process and its threads.
 *
 * Sampling: each thread's samples in the order they were taken, one
 * interval apart on the thread's sampled time (CPU time for usertime and
 * PC sampling, wall-clock time for totaltime; samples carry no time
 * stamps): a function stays open while consecutive samples have it at
 * the same depth of their stacks, so the trace is a flame chart of the
 * thread.  Ideal time: the call tree of ideal.h laid out as one flame
 * chart, each call's duration its inclusive cycles at the clock, callees
 * one after the other from their caller's start.
 */
#include "export.h"

#include "base.h"
#include "json_writer.h"

#include <stdlib.h>
#include <string.h>

static void event(struct ss_json *j, const struct ss_xprofile *x,
                  uint32_t frame, uint32_t pid, uint32_t tid, double ts,
                  double dur, const double *value) {
  const struct ss_xframe *fr = &x->frames[frame];
  ss_json_begin_object(j, NULL);
  ss_json_string(j, "name", fr->name);
  ss_json_string(j, "cat", x->experiment);
  ss_json_string(j, "ph", "X");
  ss_json_double(j, "ts", ts);
  ss_json_double(j, "dur", dur);
  ss_json_uint(j, "pid", pid);
  ss_json_uint(j, "tid", tid);
  ss_json_begin_object(j, "args");
  if (fr->file[0]) {
    ss_json_string(j, "file", fr->file);
    ss_json_uint(j, "line", fr->line);
  }
  if (fr->dso[0])
    ss_json_string(j, "dso", fr->dso);
  if (value)
    for (int k = 0; k < SS_XVALUES; k++)
      ss_json_double(j, x->value_type[k], value[k]);
  ss_json_end_object(j);
  ss_json_end_object(j);
}

void ss_chrome_metadata(struct ss_json *j, const char *what, uint32_t pid,
                        uint32_t tid, const char *name) {
  ss_json_begin_object(j, NULL);
  ss_json_string(j, "name", what);
  ss_json_string(j, "ph", "M");
  ss_json_uint(j, "pid", pid);
  ss_json_uint(j, "tid", tid);
  ss_json_begin_object(j, "args");
  ss_json_string(j, "name", name);
  ss_json_end_object(j);
  ss_json_end_object(j);
}

/* One thread: frames open and close as consecutive stacks change. */
static void thread_events(struct ss_json *j, const struct ss_xprofile *x,
                          const struct ss_xthread *t) {
  struct open {
    uint32_t frame;
    double ts;
    uint64_t samples, ns;
  } *open = NULL;
  size_t depth = 0, cap = 0;
  /* A sample lasts its weight: the time line is the weights' sum. */
  uint64_t elapsed_ns = 0;
  for (size_t i = 0; i <= t->num; i++) {
    const struct ss_xstack *st =
        i < t->num ? &x->stacks[x->sequence[t->first + i]] : NULL;
    size_t keep = 0;
    while (st && keep < depth && keep < st->depth &&
           open[keep].frame == x->locs[st->first + keep].frame)
      keep++;
    double now = (double)elapsed_ns / 1000.0;
    while (depth > keep) {
      depth--;
      double v[SS_XVALUES] = {(double)open[depth].samples,
                              (double)open[depth].ns};
      event(j, x, open[depth].frame, t->pid, t->tid, open[depth].ts,
            now - open[depth].ts, v);
    }
    if (!st)
      break;
    for (; depth < st->depth; depth++) {
      SS_GROW(open, cap, depth);
      open[depth] = (struct open){x->locs[st->first + depth].frame, now, 0, 0};
    }
    uint64_t ns = x->sequence_ns[t->first + i];
    for (size_t d = 0; d < depth; d++) {
      open[d].samples++;
      open[d].ns += ns;
    }
    elapsed_ns += ns;
  }
  free(open);
}

/* Ideal time: the merged call tree, children from their parent's start. */
static void tree_events(struct ss_json *j, const struct ss_xprofile *x,
                        uint32_t pid) {
  struct ss_xtree t;
  ss_xtree_build(&t, x, 1);
  double *start = ss_xcalloc(t.num_nodes, sizeof *start);
  double us_per_cycle = x->clock_mhz > 0 ? 1.0 / x->clock_mhz : 1e-3;
  /* Nodes are numbered parents first, so one pass places them all. */
  for (uint32_t p = 0; p < t.num_nodes; p++) {
    double at = start[p];
    for (uint32_t c = t.nodes[p].first_child; c != UINT32_MAX;
         c = t.nodes[c].next_sibling) {
      start[c] = at;
      at += t.nodes[c].value[1] * us_per_cycle;
    }
  }
  for (uint32_t n = 1; n < t.num_nodes; n++)
    event(j, x, t.nodes[n].frame, pid, 1, start[n],
          t.nodes[n].value[1] * us_per_cycle, t.nodes[n].value);
  free(start);
  ss_xtree_release(&t);
}

int ss_export_chrome(FILE *out, const struct ss_xprofile *x,
                     uint32_t pid) {
  struct ss_json j;
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  ss_json_begin_array(&j, "traceEvents");
  char name[512];
  snprintf(name, sizeof name, "%s (%s)", ss_basename(x->target),
           x->experiment);
  if (x->sampling) {
    uint32_t last_pid = 0;
    for (size_t i = 0; i < x->num_threads; i++) {
      const struct ss_xthread *t = &x->threads[i];
      if (i == 0 || t->pid != last_pid)
        ss_chrome_metadata(&j, "process_name", t->pid, t->tid, name);
      last_pid = t->pid;
      char thread[64];
      snprintf(thread, sizeof thread, "thread %u (sampled time)", t->tid);
      ss_chrome_metadata(&j, "thread_name", t->pid, t->tid, thread);
      thread_events(&j, x, t);
    }
  } else {
    ss_chrome_metadata(&j, "process_name", pid, 1, name);
    ss_chrome_metadata(&j, "thread_name", pid, 1, "ideal time (call tree)");
    tree_events(&j, x, pid);
  }
  ss_json_end_array(&j);
  ss_json_string(&j, "displayTimeUnit", "ms");
  ss_json_begin_object(&j, "otherData");
  ss_json_string(&j, "target", x->target);
  ss_json_string(&j, "experiment", x->experiment);
  ss_json_string(&j, "exporter", "ssprof (sscc)");
  ss_json_end_object(&j);
  ss_json_end_object(&j);
  fputc('\n', out);
  return 0;
}
