/*
 * export.h -- private to the report layer: the formats of other tools,
 * written from one neutral model of the profile (struct ss_xprofile) that
 * either family of experiment fills in (export_model.c):
 *   callgrind.c   KCachegrind / callgrind_annotate ("callgrind format")
 *   pprof.c       profile.proto, gzipped (go tool pprof), over
 *                 protobuf_writer.c
 *   folded.c      FlameGraph's folded stacks
 *   speedscope.c  speedscope's file format
 *   chrome.c      Chrome's trace event format (Perfetto, chrome://tracing)
 * exports.c writes each file the options ask for (report.h's
 * ss_report_exports).
 */
#ifndef SSPROF_EXPORT_H
#define SSPROF_EXPORT_H

#include "report.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SS_XVALUES 2

/* A function. */
struct ss_xframe {
  const char *name;
  const char *file; /* definition, "" if unknown */
  uint32_t line;
  const char *dso;  /* basename of its module, "" if unknown */
  const char *path; /* its module's path, "" if unknown */
};

/* A frame of a stack: the function and the source line in it. */
struct ss_xloc {
  uint32_t frame;
  uint32_t line;
};

/* A stack (locations root first in `locs`) and its own values. */
struct ss_xstack {
  uint32_t first, depth;
  double value[SS_XVALUES];
};

/* The values of one source line of a function (its own, exclusive). */
struct ss_xline {
  uint32_t frame;
  const char *file;
  uint32_t line;
  double value[SS_XVALUES];
};

/* A call site (or a caller-callee pair at a line), with the callee's
 * inclusive values spent through it. */
struct ss_xcall {
  uint32_t caller, callee;
  const char *file; /* of the call */
  uint32_t line;
  uint64_t calls;   /* executions (ideal); samples (sampling) */
  double value[SS_XVALUES];
};

/* A sampled thread: its stacks in time order, `interval_ns` apart. */
struct ss_xthread {
  uint32_t pid, tid;
  uint64_t interval_ns;
  size_t first, num; /* stack ids in `sequence` */
};

struct ss_xprofile {
  const char *target, *experiment, *command;
  /* what the values are: ideal {"instructions", "count"}, {"cycles",
   * "count"}; sampling {"samples", "count"}, {"cpu"|"wall",
   * "nanoseconds"} */
  const char *value_type[SS_XVALUES], *value_unit[SS_XVALUES];
  double total[SS_XVALUES];
  int sampling;        /* stacks are real; else ideal's call tree */
  double clock_mhz;    /* ideal: for time (Chrome trace) */
  uint64_t interval_ns; /* sampling: the period */
  struct ss_xframe *frames;
  size_t num_frames;
  struct ss_xloc *locs;
  size_t num_locs;
  struct ss_xstack *stacks;
  size_t num_stacks;
  struct ss_xline *lines;
  size_t num_lines;
  struct ss_xcall *calls;
  size_t num_calls;
  struct ss_xthread *threads;
  size_t num_threads;
  uint32_t *sequence;
  uint64_t *sequence_ns; /* sampling: each entry's weight (ns or events) */
  size_t num_sequence;
  /* ideal: the call tree's nodes as stacks: node i is stack node_stack[i] */
  char **strings; /* owned */
  size_t num_strings;
};

/* Fill `x` from a listing (ideal time, or samples).  Returns 0, or -1
 * when the listing has nothing to export (counts without machine code, a
 * trace: the trace model does not give its stacks to the exports yet):
 * `why` says so. */
int ss_xprofile_build(struct ss_xprofile *x, const struct ss_listing *l,
                      char *why, size_t why_size);
void ss_xprofile_release(struct ss_xprofile *x);

/* Integer values of a sequence of doubles whose sums stay the rounded
 * sums: each value is round(running sum after) - round(running sum
 * before). */
struct ss_xround {
  double sum;
  int64_t emitted;
};
int64_t ss_xround_next(struct ss_xround *r, double value);

/* A frame's name for formats that separate frames by ';' or lines:
 * ';' and control characters replaced, into `buf`. */
const char *ss_xframe_plain_name(const char *name, char *buf, size_t size);

/* The stacks merged into a tree (flame graphs, the Chrome trace of ideal
 * time): node 0 is the root (no frame), a node per distinct path from it;
 * each node's values are inclusive (its stacks' and its subtree's),
 * `self` its own stacks'.  Children are linked heaviest first (by value
 * `order`). */
struct ss_xnode {
  uint32_t frame;  /* UINT32_MAX for the root */
  uint32_t parent, first_child, next_sibling; /* UINT32_MAX: none */
  uint32_t depth;
  double value[SS_XVALUES], self[SS_XVALUES];
};

struct ss_xtree {
  struct ss_xnode *nodes;
  size_t num_nodes;
};

void ss_xtree_build(struct ss_xtree *t, const struct ss_xprofile *x,
                    int order);
void ss_xtree_release(struct ss_xtree *t);

/* The writers; each returns 0, or -1 with `why` set. */
int ss_export_callgrind(FILE *out, const struct ss_xprofile *x);
int ss_export_pprof(FILE *out, const struct ss_xprofile *x, char *why,
                    size_t why_size);
int ss_export_folded(FILE *out, const struct ss_xprofile *x);
int ss_export_speedscope(FILE *out, const struct ss_xprofile *x);
int ss_export_chrome(FILE *out, const struct ss_xprofile *x, uint32_t pid);
struct ss_json;
/* A metadata event ("ph": "M") naming process `pid` or its thread `tid`
 * ("process_name", "thread_name"). */
void ss_chrome_metadata(struct ss_json *j, const char *what, uint32_t pid,
                        uint32_t tid, const char *name);
/* The mpi trace's timeline per rank (chrome_mpi.c): its own writer, from
 * the events of the files (the exports' model is of stacks). */
int ss_export_chrome_mpi(FILE *out, const struct ss_listing *l);

#endif
