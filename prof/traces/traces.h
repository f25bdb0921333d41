/*
 * traces.h -- the trace-model layer of ssprof: the events of a merged
 * trace experiment (fpe, io, heap; mpi is meant to join) selected by
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

/*  heap: one event is one call of the allocator: its base weights are
 *       the allocation calls and the bytes of the blocks they returned,
 *       the releases (free, delete, a realloc that released its old block),
 *       the time in the calls, the large allocations (SS_HEAP_LARGE bytes
 *       or more); the replay of the events (heap_replay.c) adds the bytes
 *       released, the blocks and bytes an allocation left live at exit
 *       (leaks) and at the peak, the short-lived allocations (released
 *       before the thread allocated again) and the erroneous releases.
 *       Then the calls by kind (enum ss_heap_call). */
enum {
  SS_HEAP_W_ALLOCS,
  SS_HEAP_W_BYTES,
  SS_HEAP_W_FREES,
  SS_HEAP_W_FREED_BYTES,
  SS_HEAP_W_NS,
  SS_HEAP_W_LARGE,
  SS_HEAP_W_LEAKED_BLOCKS,
  SS_HEAP_W_LEAKED_BYTES,
  SS_HEAP_W_PEAK_BLOCKS,
  SS_HEAP_W_PEAK_BYTES,
  SS_HEAP_W_SHORT,
  SS_HEAP_W_ERRORS,
  SS_HEAP_W_PER_CALL
};
#define SS_HEAP_W_COUNT (SS_HEAP_W_PER_CALL + SS_HEAP_CALL_LAST)
/* glibc's default mmap threshold: a block this large has pages of its own. */
#define SS_HEAP_LARGE ((uint64_t)128 << 10)

/* "malloc", "_ZdlPv"-less names: "new", "delete[]", ... */
const char *ss_heap_call_name(uint32_t call);
/* Whether the event allocates (returns a block or was asked to) and
 * whether it releases value[1] (heap event semantics: ss/format.h). */
struct ss_event_view;
int ss_heap_event_allocates(const struct ss_event_view *e);
int ss_heap_event_releases(const struct ss_event_view *e);
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

struct ss_trace_desc {
  uint32_t kind;          /* enum ss_trace_kind */
  const char *what;       /* "FPEs", "I/O calls": the listing's noun */
  const char *noun;       /* "FPEs", "calls", "allocs": its columns' */
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
  struct ss_heap_result *heap; /* heap: the replay's findings, else NULL */
  /* by MPI rank, ascending; one row (rank -1) outside MPI */
  struct ss_trace_rank *ranks;
  size_t num_ranks;
  int mpi_job; /* the files are ranks of an MPI job */
  struct ss_mpi_pair *pairs; /* by (from, to) */
  size_t num_pairs;
  char **warnings; /* whole lines after "ssprof: " */
  size_t num_warnings;
};

/*
 * heap_replay.c -- the heap trace's events replayed in time order, each
 * process (file) on its own: every block from its allocation to its
 * release.  What it finds (docs/ssprof.md repeats the rules):
 *  - A release of a live block ends it.  A release of an address that is
 *    not live is a double free when the address was released since its
 *    last allocation, else a release of a block never allocated -- except
 *    a block allocated before the trace started (SS_EVENT_HEAP_UNTRACED)
 *    and, in a forked child's file, a block of its parent: counted apart,
 *    not errors; nor, in a file that lost events (its buffer was full),
 *    the release of an unknown block (its allocation may be lost).  An allocation at a live address ends the block there
 *    (its release was missed: the race heap.h describes).
 *  - Leaks: the blocks live when the file was written.
 *  - The peak: the largest sum of live bytes of one process, at the first
 *    moment it was reached, and the blocks live then.  Of several files,
 *    the largest; the stacks at the peak are each file's at its own.
 *  - Short-lived: an allocation released (by free or delete, not by
 *    realloc, which keeps its contents) by its thread before that thread's
 *    next allocation.
 * The whole run counts, whatever the caliper window selects.
 */
enum ss_heap_error_type {
  SS_HEAP_DOUBLE_FREE = 1,
  SS_HEAP_UNKNOWN_BLOCK = 2 /* a release of a block never allocated */
};

struct ss_heap_error {
  uint32_t type;   /* enum ss_heap_error_type */
  uint32_t call;   /* the releasing call, enum ss_heap_call */
  uint64_t address;
  uint32_t file;   /* profile file index */
  /* logical stacks (SS_CS_STACKS ids) of the release, of the block's
   * allocation and of its first release; UINT32_MAX: none or outside the
   * caliper window */
  uint32_t stack, alloc_stack, first_release_stack;
  uint64_t size; /* the block's (double free), 0 if unknown */
  uint64_t ordinal[3]; /* internal: the three events, UINT64_MAX: none */
};

struct ss_heap_result {
  uint64_t peak_bytes, peak_blocks;
  uint64_t live_bytes_at_exit, live_blocks_at_exit;
  uint64_t failed;    /* allocation calls that returned no block */
  uint64_t untraced;  /* releases of blocks allocated before the trace */
  uint64_t inherited; /* releases of a forked child's parent's blocks */
  uint64_t missed;    /* blocks ended by an allocation at their address */
  uint64_t unseen;    /* releases of unknown blocks in a file that lost
                         events: their allocation may be among them */
  struct ss_heap_error *errors;
  size_t num_errors;
  /* internal: per event of the replay, in the model's order */
  struct ss_heap_event_extra *extra;
  uint64_t num_events;
};

/* The replay of every event of `p` (heap files), in the order the model
 * walks them (file, EVENTS record, event). */
struct ss_heap_result *ss_heap_replay(const struct ss_profile *p);
/* Adds event `ordinal`'s replayed weights to `w`. */
void ss_heap_weigh(const struct ss_heap_result *h, uint64_t ordinal,
                   uint64_t *w);
/* The errors' raw event ordinals become logical stack ids: `stack_of`
 * gives each ordinal's (UINT32_MAX: not added). */
void ss_heap_resolve_errors(struct ss_heap_result *h,
                            const uint32_t *stack_of);
void ss_heap_result_free(struct ss_heap_result *h);

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
