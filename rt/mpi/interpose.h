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

/* A wrapper's frame: SSMPI_BEGIN before the PMPI call; after it
 * SSMPI_END with the routine (enum ss_mpi_call), the peer or root (a rank
 * of MPI_COMM_WORLD, -1 for none), the bytes and the communicator whose
 * size is recorded (MPI_COMM_NULL: none), or SSMPI_END_SIZE with the
 * size itself.  The arguments are evaluated only when the call is
 * recorded. */
#define SSMPI_BEGIN struct ssmpi_call c_ = ssmpi_begin()
#define SSMPI_END_SIZE(call, peer, bytes, size)                                \
  ssmpi_end(c_, call, c_.on ? (peer) : -1, c_.on ? (bytes) : 0,                \
            c_.on ? (size) : 0, SSMPI_CALLER, SSMPI_FRAME)
#define SSMPI_END(call, peer, bytes, comm)                                     \
  SSMPI_END_SIZE(call, peer, bytes, ssmpi_comm_size(comm))

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
/* Rank r of a window's group as a rank of MPI_COMM_WORLD (-1: none). */
int64_t ssmpi_win_world_rank(MPI_Win win, int r);
/* The size of a window's group, of an open file's group (0: none). */
int64_t ssmpi_group_size_of_win(MPI_Win win);
int64_t ssmpi_group_size_of_file(MPI_File fh);
/* What a rank puts into a collective: its send buffer, or (MPI_IN_PLACE)
 * its share of the receive buffer. */
int64_t ssmpi_contributed(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, int recvcount,
                          MPI_Datatype recvtype);
/* The size of `comm` (the remote group's for an intercommunicator). */
int64_t ssmpi_comm_size(MPI_Comm comm);
/* After a successful MPI_Init: the rank, size and job to libssrt (every
 * experiment's RANK record), the job id agreed through a broadcast from
 * rank 0. */
void ssmpi_after_init(void);

/* -- receives in flight (requests.c) -------------------------------------- */

/* A nonblocking receive posted on `comm` (persistent: MPI_Recv_init,
 * which stays until MPI_Request_free). */
void ssmpi_request_posted(MPI_Request r, MPI_Comm comm, int persistent);
/* A persistent send (MPI_Send_init) to `peer` of `bytes`, until
 * MPI_Request_free; ssmpi_request_send says whether r is one, and what. */
void ssmpi_request_send_init(MPI_Request r, int64_t peer, int64_t bytes);
int ssmpi_request_send(MPI_Request r, int64_t *peer, int64_t *bytes);
/* Whether r is a receive in flight, and its communicator. */
int ssmpi_request_receive(MPI_Request r, MPI_Comm *comm);
/* MPI_Request_free or MPI_Cancel's completion: r is gone. */
void ssmpi_request_freed(MPI_Request r);
/* The source (a rank of MPI_COMM_WORLD) and bytes a receive on `comm`
 * matched, from its status; -1 and 0 when it was cancelled. */
void ssmpi_received(const MPI_Status *st, MPI_Comm comm, int64_t *peer,
                    int64_t *bytes);

/* What a wait or test on an array of requests completes.  Before the
 * call, begin() notes which requests are receives (the handles change
 * when they complete) and lends a statuses array where the program
 * passed MPI_STATUSES_IGNORE; after it, end() sums the bytes the
 * completed receives brought, with their source when they all had the
 * same one (-1 otherwise), and takes them out of the table. */
struct ssmpi_receive {
  int index;
  MPI_Request request;
  MPI_Comm comm;
};
struct ssmpi_completions {
  int n;
  struct ssmpi_receive *recv, one_recv; /* one_recv: for one request */
  MPI_Status *own, one;                   /* one: for one request */
};
void ssmpi_completions_begin(struct ssmpi_completions *c, int count,
                             const MPI_Request *requests,
                             MPI_Status **statuses);
/* done/ndone: the indices that completed, in the order of their
 * statuses (Waitsome's indices, Waitany's index; none for a Test that
 * found nothing); done NULL: all of them, statuses in request order. */
void ssmpi_completions_end(struct ssmpi_completions *c, int rc,
                           const MPI_Status *statuses, const int *done,
                           int ndone, int64_t *peer, int64_t *bytes);

#endif
