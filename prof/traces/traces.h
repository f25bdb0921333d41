/*
 * traces.h -- the trace-model layer of ssprof: the events of a merged
 * trace experiment (fpe, io; heap and mpi are meant to join) selected by
 * the caliper window, weighed by what the kind of trace counts,
 * symbolized and summed per function (exclusive and inclusive), line,
 * caller -> callee edge, and object (io: file).  Depends on callstacks,
 * profile, symbols and the layers below them.
 */
#ifndef SSPROF_TRACES_H
#define SSPROF_TRACES_H

#include "callstacks.h"
#include "profile.h"
#include "symbols.h"

#include <stddef.h>
#include <stdint.h>

/*
 * trace_kinds.c -- what each kind of trace counts: a vector of weights per
 * event.  A new trace adds its kind here: its weights' names and how an
 * event weighs.
 *
 *  fpe: one event is one instruction that raised exceptions (or one
 *       feraiseexcept): total 1, and 1 for each type it raised.
 *  io:  one event is one call: calls 1, bytes moved (the result of a
 *       successful read, write or sendfile, and their relatives), its
 *       elapsed time; and the same per kind of call.
 *  mpi: one event is one MPI call: calls 1, its bytes (ss/format.h says
 *       which), its elapsed time; and the same per routine.
 */
enum {
  SS_FPE_W_TOTAL,
  SS_FPE_W_INVALID,
  SS_FPE_W_DIVBYZERO,
  SS_FPE_W_OVERFLOW,
  SS_FPE_W_UNDERFLOW,
  SS_FPE_W_INEXACT,
  SS_FPE_W_COUNT
};

enum { SS_IO_W_CALLS, SS_IO_W_BYTES, SS_IO_W_NS, SS_IO_W_PER_CALL };
#define SS_IO_W_COUNT (SS_IO_W_PER_CALL + 3 * SS_IO_CALL_LAST)
/* The calls, bytes and time weights of io call `call` (enum ss_io_call). */
static inline uint32_t ss_io_w_calls(uint32_t call) {
  return SS_IO_W_PER_CALL + 3 * (call - 1);
}
static inline uint32_t ss_io_w_bytes(uint32_t call) {
  return ss_io_w_calls(call) + 1;
}
static inline uint32_t ss_io_w_ns(uint32_t call) {
  return ss_io_w_calls(call) + 2;
}

enum { SS_MPI_W_CALLS, SS_MPI_W_BYTES, SS_MPI_W_NS, SS_MPI_W_PER_CALL };
#define SS_MPI_W_COUNT (SS_MPI_W_PER_CALL + 3 * SS_MPI_CALL_LAST)
/* The calls, bytes and time weights of MPI routine `call`. */
static inline uint32_t ss_mpi_w_calls(uint32_t call) {
  return SS_MPI_W_PER_CALL + 3 * (call - 1);
}
static inline uint32_t ss_mpi_w_bytes(uint32_t call) {
  return ss_mpi_w_calls(call) + 1;
}
static inline uint32_t ss_mpi_w_ns(uint32_t call) {
  return ss_mpi_w_calls(call) + 2;
}
/* "MPI_Send", ... for an enum ss_mpi_call. */
const char *ss_mpi_call_name(uint32_t call);
/* Whether the routine sends a point-to-point message (its peer is the
 * destination), and whether it starts or ends the MPI part of a rank's
 * run (MPI_Init, MPI_Init_thread, MPI_Finalize). */
int ss_mpi_call_sends(uint32_t call);
int ss_mpi_call_brackets(uint32_t call);

/* "read", "pwritev", ... for an enum ss_io_call. */
const char *ss_io_call_name(uint32_t call);
/* Whether a successful `call` returns bytes moved; read or written. */
int ss_io_call_moves_bytes(uint32_t call);
int ss_io_call_writes(uint32_t call);

struct ss_event_view;

struct ss_trace_desc {
  uint32_t kind;          /* enum ss_trace_kind */
  const char *what;       /* "FPEs", "I/O calls": the listing's noun */
  uint32_t num_weights;
  const char *const *weight_names; /* [num_weights], for -json */
  void (*weigh)(const struct ss_event_view *e, uint64_t *w);
};

/* The kind of trace `kind`, or NULL. */
const struct ss_trace_desc *ss_trace_desc_of(uint32_t kind);

/*
 * trace_model.c -- the model.  Rules (docs/ssprof.md repeats them):
 *  - Only events inside the -calipers window count (profile.h).
 *  - Stacks are summed by callstacks.h's rules; an event whose first
 *    address is its call into the C library (io, feraiseexcept:
 *    SS_EVENT_LEAF_IS_CALL) counts for the function that made the call.
 *  - Objects (io: files) are merged by name over every file of the
 *    profile; events with no known file count for "(unknown)".
 *  - [index] ranks by the first weight (FPEs, I/O calls), inclusive then
 *    exclusive; objects rank by their first weight, then name.
 */

struct ss_trace_object {
  const char *name;
  uint32_t how;       /* enum ss_name_how, 0 for "(unknown)" */
  uint64_t *w;        /* [num_weights] */
  uint64_t max_ns;    /* the longest event (io: call) */
};

/* The events of one MPI rank (every file of that rank), or of the whole
 * run outside MPI (rank -1). */
struct ss_trace_rank {
  int32_t rank;
  const char *host;
  uint32_t files;
  uint64_t *w;      /* [num_weights] */
  uint64_t max_ns;
  /* mpi: the rank's run between the end of MPI_Init and the start of
   * MPI_Finalize (without them, its first and last MPI call), and the
   * time in its other MPI calls in that span: the rest is computing. */
  uint64_t span_ns, in_mpi_ns;
};

/* mpi: point-to-point messages sent from one rank to another (the
 * sending routines' events: MPI_Send, Ssend, Bsend, Rsend, Isend, Issend,
 * Sendrecv's send). */
struct ss_mpi_pair {
  int32_t from, to;
  uint64_t messages, bytes;
};

struct ss_trace_model {
  const struct ss_profile *profile;
  const struct ss_trace_desc *kind;
  uint32_t flags; /* SS_TRACE_* of every file, or'ed */
  const char *how;
  /* selected events (inside the caliper window) */
  uint64_t events, incomplete;
  uint64_t *totals; /* [num_weights] */
  uint64_t max_ns;
  /* as the runtime counted them, whole run, all files */
  uint64_t recorded, lost;
  uint32_t threads;
  int calipers_given;
  struct ss_caliper_window *windows; /* [profile->num_files] */
  struct ss_callstacks stacks;
  struct ss_trace_object *objects; /* by rank */
  size_t num_objects;
  /* by MPI rank, ascending; one row (rank -1) outside MPI */
  struct ss_trace_rank *ranks;
  size_t num_ranks;
  int mpi_job; /* the files are ranks of an MPI job */
  struct ss_mpi_pair *pairs; /* by (from, to) */
  size_t num_pairs;
  char **warnings; /* whole lines after "ssprof: " */
  size_t num_warnings;
};

/* Is this file a trace experiment (it has a TRACE record)? */
static inline int ss_is_trace_file(const struct ss_expfile *f) {
  return f->has_trace;
}

/* Build the model of a merged profile of trace files; `symbolizer` must
 * outlive it.  Returns -1 with `err` set and *bad_file naming the file
 * when the files cannot be used together (another kind of trace) or the
 * caliper window is empty; the model is then empty (releasing it is
 * harmless). */
int ss_trace_model_build(struct ss_trace_model *m, const struct ss_profile *p,
                         const struct ss_calipers *calipers,
                         struct ss_symbolizer *symbolizer, struct ss_err *err,
                         const char **bad_file);

void ss_trace_model_release(struct ss_trace_model *m);

#endif
