/*
 * trace_listing.h -- what the listings of a trace experiment (fpe, io)
 * share: the function order of the function list and line lists, and the
 * io weights' units.  Private to report/traces.
 */
#ifndef SSPROF_TRACE_LISTING_H
#define SSPROF_TRACE_LISTING_H

#include "listing.h"

#include <stddef.h>
#include <stdint.h>

/* Function ids of the model by exclusive events (the function list's
 * order), ties in [index] order; the caller frees it. */
uint32_t *ss_trace_functions_by_exclusive(const struct ss_trace_model *m);

/* Whether the model is io's. */
static inline int ss_trace_is_io(const struct ss_trace_model *m) {
  return m->kind->kind == SS_TRACE_IO;
}

/* Whether the model is heap's. */
static inline int ss_trace_is_heap(const struct ss_trace_model *m) {
  return m->kind->kind == SS_TRACE_HEAP;
}

/* heap (listing_heap.c): the summary, the calls by kind; the stacks with
 * some weight `wi`, in descending order of it (*n of them; the caller
 * frees the array). */
void ss_list_heap_summary(const struct ss_listing *l);
void ss_list_heap_calls(const struct ss_listing *l);
uint32_t *ss_heap_stacks_by(const struct ss_trace_model *m, uint32_t wi,
                            size_t *n);
/* Whether the model is mpi's. */
static inline int ss_trace_is_mpi(const struct ss_trace_model *m) {
  return m->kind->kind == SS_TRACE_MPI;
}

/* Whether its events are calls with bytes and time (io, mpi: the weights
 * calls, bytes and ns come first in both). */
_Static_assert((int)SS_IO_W_BYTES == (int)SS_MPI_W_BYTES &&
                   (int)SS_IO_W_NS == (int)SS_MPI_W_NS,
               "io and mpi weigh calls, bytes and time alike");
static inline int ss_trace_of_calls(const struct ss_trace_model *m) {
  return ss_trace_is_io(m) || ss_trace_is_mpi(m);
}

/* The mpi trace's summary block (listing_mpi.c; its other listings are
 * in listing.h). */
void ss_list_mpi_summary(const struct ss_listing *l);
struct ss_json;
/* The mpi trace's part of -json (listing_mpi_json.c). */
void ss_json_write_mpi(struct ss_json *j, const struct ss_trace_model *m);
/* The indexes in m->ranks of the ranks with the most and the least
 * computing. */
void ss_mpi_slowest_fastest(const struct ss_trace_model *m, size_t *slowest,
                            size_t *fastest);

#endif
