/*
 * interpose.h -- what the MPI wrappers of libssmpi.so share (see
 * README.md): whether a call is recorded, its start, and its event handed
 * to libssrt's tracer (rt/trace/mpi_part.c) with the wrapper's return
 * address and frame, whose caller is the program.
 *
 * A wrapper records only the program's own calls: a call made while
 * another is being recorded in the same thread (an MPI library whose
 * Fortran binding calls the C one, say) forwards unchanged.
 */
#ifndef SSMPI_INTERPOSE_H
#define SSMPI_INTERPOSE_H

#include "ss/format.h"

#include <mpi.h>
#include <stdint.h>

#define SSMPI_EXPORT __attribute__((visibility("default")))
#define SSMPI_CALLER ((uint64_t)(uintptr_t)__builtin_return_address(0))
#define SSMPI_FRAME ((uint64_t)(uintptr_t)__builtin_frame_address(0))

/* libssrt.so's entry points (rt/trace/mpi_part.c, rt/core/mpi_rank.c). */
int __ssrt_mpi_tracing(void);
uint64_t __ssrt_mpi_now(void);
void __ssrt_mpi_record(uint32_t call, int64_t peer, int64_t bytes,
                       int64_t comm_size, uint64_t start_ns, uint64_t ret,
                       uint64_t frame);
void __ssrt_mpi_set_rank(int rank, int size, const char *job);

/* A call being measured: `on` is 0 when it is not recorded. */
struct ssmpi_call {
  int on;
  uint64_t start_ns;
};

/* Before the call: whether it is recorded, and its start. */
struct ssmpi_call ssmpi_begin(void);
/* After it: the event (values as ss/format.h's enum ss_mpi_call says). */
void ssmpi_end(struct ssmpi_call c, uint32_t call, int64_t peer,
               int64_t bytes, int64_t comm_size, uint64_t ret, uint64_t frame);

/* `count` elements of `type` in bytes (0 for a null type). */
int64_t ssmpi_bytes(int count, MPI_Datatype type);
/* Rank `r` of `comm` as a rank of MPI_COMM_WORLD; -1 for MPI_PROC_NULL,
 * MPI_ANY_SOURCE and anything that cannot be translated. */
int64_t ssmpi_world_rank(MPI_Comm comm, int r);
/* The size of `comm` (the remote group's for an intercommunicator). */
int64_t ssmpi_comm_size(MPI_Comm comm);
/* After a successful MPI_Init: the rank, size and job to libssrt (every
 * experiment's RANK record), the job id agreed through a broadcast from
 * rank 0. */
void ssmpi_after_init(void);

#endif
