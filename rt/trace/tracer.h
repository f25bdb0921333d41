/*
 * tracer.h -- what every trace experiment shares (fpe and io today; heap
 * and mpi are meant to join): a per-thread buffer of events, their call
 * stacks, pausing while the file is written, fork, and the TRACE, EVENTS
 * and TRACE_NAMES records (layouts in ss/format.h).
 *
 * An event is a struct ss_event -- kind, object, time, duration and three
 * values, whose meaning is the trace's -- and its call stack.  A thread
 * records into its own tracer (a slot of one fixed table, found through a
 * thread-local pointer, made on first use) from a wrapper in front of a C
 * library function or from a signal handler: no locks, no malloc, so
 * recording is async-signal-safe.  Threads that ended keep their tracer:
 * their events go to the file.
 *
 * Recording and writing take turns the way sampling does: a recorder marks
 * its tracer busy, then checks that the trace is not paused; the writer
 * pauses, then waits for every busy tracer (a bounded wait), so no event
 * is half-written when the records are.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_TRACER_H
#define SSRT_TRACER_H

#include "callstack.h"
#include "module_map.h"
#include "record_chain.h"
#include "record_writer.h"
#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SSRT_TRACE_DEPTH 128 /* frames kept per event; deeper is TRUNCATED */
#define SSRT_MAX_TRACERS 16384

enum ssrt_tracer_state {
  SSRT_TRACER_LIVE = 1,   /* its thread runs and is traced */
  SSRT_TRACER_ENDED = 2,  /* its thread ended; events kept */
  SSRT_TRACER_DROPPED = 3 /* a thread of the parent, in a forked child */
};

struct ssrt_tracer {
  int state;
  pid_t tid;
  uint32_t index; /* order of first event; 0 is the main thread */
  int busy;       /* recording (see above) */
  struct ssrt_walk_state walk;
  struct ssrt_chain events;
  uint64_t taken, lost, incomplete;
};

/* What a trace tells the writer about itself. */
struct ssrt_trace_info {
  uint32_t kind;  /* enum ss_trace_kind */
  uint32_t flags; /* SS_TRACE_* */
  const char *how; /* the TRACE record's string */
  /* Writes the TRACE_NAMES record, or NULL. */
  void (*write_names)(struct ssrt_writer *w);
};

/* Once, when a trace starts (not async-signal-safe): the event arena, the
 * tracer table, call stacks (libunwind unless $_SSRT_STACK_WALK=fp), the
 * calling thread's tracer.  `info` must stay valid.  Returns 0, or -1 (with
 * a message) when there is no memory for events. */
int ssrt_tracer_start(const struct ssrt_trace_info *info);
/* After ssrt_tracer_start, for a trace none of whose events is recorded
 * in a signal handler (heap: malloc is not async-signal-safe; mpi: nor
 * is any MPI routine): call stacks through libunwind's cached walks
 * (unwinder.h: some fifty times faster), unless $_SSRT_STACK_WALK=fp. */
void ssrt_tracer_use_cached_walks(void);
/* Whether a trace runs in this image (acquire), and records now (not
 * while the file is written: the runtime's own calls are not the
 * program's). */
int ssrt_tracing(void);
int ssrt_tracer_recording(void);

/* The calling thread's tracer, made on first use (async-signal-safe);
 * NULL when no trace runs or the table is full. */
struct ssrt_tracer *ssrt_tracer_self(void);

/* Around recording: enter returns 0 (and records nothing) while the trace
 * is paused or the thread ended. */
int ssrt_tracer_enter(struct ssrt_tracer *t);
void ssrt_tracer_leave(struct ssrt_tracer *t);

/* Nanoseconds since the trace started (CLOCK_MONOTONIC). */
uint64_t ssrt_tracer_now(void);
/* Records `e` with its e->depth addresses `pcs`; the caliper count is
 * filled in.  Between enter and leave. */
void ssrt_tracer_record(struct ssrt_tracer *t, struct ss_event *e,
                        const uint64_t *pcs);

/* One call a wrapper saw, made in the calling thread's tracer: kind,
 * object, its start (ssrt_tracer_now) and now its end, three values and
 * the stack; nothing while the trace is paused. */
void ssrt_tracer_record_call(uint32_t kind, uint32_t object,
                             uint64_t start_ns, const int64_t values[3],
                             const uint64_t *pcs, int depth, uint16_t flags);

/* What the trace part (part.h) does for every trace: a new thread (its
 * stack range), the file about to be written (pause), a failed exec
 * (resume), a forked child, a fault in a stack walk, and the records.
 * Each does nothing unless a trace runs. */
void ssrt_tracer_thread_begin(uint64_t stack_hi, uint64_t stack_size);
void ssrt_tracer_pause(void);
void ssrt_tracer_resume(void);
void ssrt_tracer_after_fork_in_child(int traced);
void ssrt_tracer_recover_fault(const void *context);
void ssrt_tracer_write_records(struct ssrt_writer *w,
                               const struct ssrt_map_snapshot *map);

#endif
