/*
 * mpi_part.c -- the mpi trace as a part of the runtime: it starts the
 * tracer when ssrun -mpi selected the experiment, and records the events
 * the MPI interposer (rt/mpi, libssmpi.so, preloaded by ssrun -mpi with
 * libssrt.so) hands it: one per MPI call of the program, with the call
 * stack of the routine's caller.  The interposer is a library of its own
 * because it links the MPI library; it reaches the tracer only through
 * the entry points below (exported, __ssrt_*).  libssrt.so only.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "callstack.h"
#include "experiment.h"
#include "part.h"
#include "tracer.h"

#include <errno.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

static int running;

static struct ssrt_trace_info info = {
    SS_TRACE_MPI, 0, "PMPI interposition (libssmpi.so)", NULL};

static int runs_mpi(const struct ss_experiment *x) {
  return x->trace_kind == SS_TRACE_MPI;
}

static int start_mpi(const struct ss_experiment *x) {
  (void)x;
  if (ssrt_tracer_start(&info) != 0)
    return 0;
  /* MPI routines are not async-signal-safe: no event comes from a signal
   * handler. */
  ssrt_tracer_use_cached_walks();
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  return 1;
}

/* Whether MPI calls are recorded now; the interposer forwards unchanged
 * otherwise. */
SSRT_EXPORT int __ssrt_mpi_tracing(void) {
  return __atomic_load_n(&running, __ATOMIC_ACQUIRE) &&
         ssrt_tracer_recording();
}

/* The tracer's clock (nanoseconds since the trace started). */
SSRT_EXPORT uint64_t __ssrt_mpi_now(void) { return ssrt_tracer_now(); }

/* One MPI call (enum ss_mpi_call; the values as ss/format.h says) that
 * began at `start_ns`; `ret` and `frame` are the interposer's return
 * address and frame, whose caller is the program. */
SSRT_EXPORT void __ssrt_mpi_record(uint32_t call, int64_t peer, int64_t bytes,
                                   int64_t comm_size, uint64_t start_ns,
                                   uint64_t ret, uint64_t frame) {
  int saved_errno = errno;
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (t) {
    uint64_t pcs[SSRT_TRACE_DEPTH];
    uint16_t flags = 0;
    int depth = ssrt_callstack_caller(&t->walk, ret, frame, pcs,
                                      SSRT_TRACE_DEPTH, &flags);
    const int64_t values[3] = {peer, bytes, comm_size};
    ssrt_tracer_record_call(call, SS_NONE, start_ns, values, pcs, depth,
                            (uint16_t)(flags | SS_EVENT_LEAF_IS_CALL));
  }
  errno = saved_errno;
}

/* The hooks every trace shares are the trace part's (tracer.c). */
SSRT_PART(mpi_part) = {
    .name = "mpi",
    .order = SSRT_ORDER_TRACE,
    .runs = runs_mpi,
    .start = start_mpi,
};
