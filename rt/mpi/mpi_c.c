/*
 * mpi_c.c -- the C bindings libssmpi.so stands in front of: each MPI_*
 * calls PMPI_* (the standard profiling interface, so it works with any
 * MPI library) and, while the mpi experiment records, hands one event to
 * the tracer: routine, peer or root (a rank of MPI_COMM_WORLD), bytes,
 * the communicator's size and the elapsed time (ss/format.h, enum
 * ss_mpi_call).  Arguments and results pass through unchanged.
 */
#define _GNU_SOURCE
#include "interpose.h"

#include <stddef.h>


/* -- start and end ---------------------------------------------------------- */

SSMPI_EXPORT int MPI_Init(int *argc, char ***argv) {
  SSMPI_BEGIN;
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS)
    ssmpi_after_init();
  SSMPI_END(SS_MPI_INIT, -1, 0, MPI_COMM_WORLD);
  return rc;
}

SSMPI_EXPORT int MPI_Init_thread(int *argc, char ***argv, int required,
                                 int *provided) {
  SSMPI_BEGIN;
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS)
    ssmpi_after_init();
  SSMPI_END(SS_MPI_INIT_THREAD, -1, 0, MPI_COMM_WORLD);
  return rc;
}

SSMPI_EXPORT int MPI_Finalize(void) {
  SSMPI_BEGIN;
  /* Measured before the call: MPI_COMM_WORLD is gone after it. */
  int64_t size = c_.on ? ssmpi_comm_size(MPI_COMM_WORLD) : 0;
  int rc = PMPI_Finalize();
  ssmpi_end(c_, SS_MPI_FINALIZE, -1, 0, size, SSMPI_CALLER, SSMPI_FRAME);
  return rc;
}

/* -- point to point ---------------------------------------------------------- */

#define SEND_LIKE(Name, CALL)                                                  \
  SSMPI_EXPORT int MPI_##Name(const void *buf, int count, MPI_Datatype type,   \
                              int dest, int tag, MPI_Comm comm) {              \
    SSMPI_BEGIN;                                                                     \
    int rc = PMPI_##Name(buf, count, type, dest, tag, comm);                   \
    SSMPI_END(CALL, ssmpi_world_rank(comm, dest), ssmpi_bytes(count, type), comm);   \
    return rc;                                                                 \
  }
SEND_LIKE(Send, SS_MPI_SEND)
SEND_LIKE(Ssend, SS_MPI_SSEND)
SEND_LIKE(Bsend, SS_MPI_BSEND)
SEND_LIKE(Rsend, SS_MPI_RSEND)

#define ISEND_LIKE(Name, CALL)                                                 \
  SSMPI_EXPORT int MPI_##Name(const void *buf, int count, MPI_Datatype type,   \
                              int dest, int tag, MPI_Comm comm,                \
                              MPI_Request *request) {                          \
    SSMPI_BEGIN;                                                                     \
    int rc = PMPI_##Name(buf, count, type, dest, tag, comm, request);          \
    SSMPI_END(CALL, ssmpi_world_rank(comm, dest), ssmpi_bytes(count, type), comm);   \
    return rc;                                                                 \
  }
ISEND_LIKE(Isend, SS_MPI_ISEND)
ISEND_LIKE(Issend, SS_MPI_ISSEND)

/* The source and bytes a receive matched, from its status (the program's,
 * or ours when it passed MPI_STATUS_IGNORE). */
static void received(const MPI_Status *st, MPI_Datatype type, MPI_Comm comm,
                     int64_t *peer, int64_t *bytes) {
  int n = 0;
  *peer = ssmpi_world_rank(comm, st->MPI_SOURCE);
  *bytes = PMPI_Get_count(st, type, &n) == MPI_SUCCESS && n != MPI_UNDEFINED
               ? ssmpi_bytes(n, type)
               : 0;
}

SSMPI_EXPORT int MPI_Recv(void *buf, int count, MPI_Datatype type, int source,
                          int tag, MPI_Comm comm, MPI_Status *status) {
  SSMPI_BEGIN;
  MPI_Status own;
  MPI_Status *st = c_.on && status == MPI_STATUS_IGNORE ? &own : status;
  int rc = PMPI_Recv(buf, count, type, source, tag, comm, st);
  int64_t peer = -1, bytes = 0;
  if (c_.on && rc == MPI_SUCCESS)
    received(st, type, comm, &peer, &bytes);
  SSMPI_END(SS_MPI_RECV, peer, bytes, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Irecv(void *buf, int count, MPI_Datatype type,
                           int source, int tag, MPI_Comm comm,
                           MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Irecv(buf, count, type, source, tag, comm, request);
  if (c_.on && rc == MPI_SUCCESS)
    ssmpi_request_posted(*request, comm, 0);
  /* Nothing received yet: the source asked for; the wait or test that
   * completes it records the source matched and the bytes received. */
  SSMPI_END(SS_MPI_IRECV, ssmpi_world_rank(comm, source), 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Sendrecv(const void *sendbuf, int sendcount,
                              MPI_Datatype sendtype, int dest, int sendtag,
                              void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, int source, int recvtag,
                              MPI_Comm comm, MPI_Status *status) {
  SSMPI_BEGIN;
  int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf,
                         recvcount, recvtype, source, recvtag, comm, status);
  /* The message it sends: the one it receives is its partner's send. */
  SSMPI_END(SS_MPI_SENDRECV, ssmpi_world_rank(comm, dest),
      ssmpi_bytes(sendcount, sendtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Sendrecv_replace(void *buf, int count,
                                      MPI_Datatype type, int dest,
                                      int sendtag, int source, int recvtag,
                                      MPI_Comm comm, MPI_Status *status) {
  SSMPI_BEGIN;
  int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source,
                                 recvtag, comm, status);
  SSMPI_END(SS_MPI_SENDRECV_REPLACE, ssmpi_world_rank(comm, dest),
            ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Probe(int source, int tag, MPI_Comm comm,
                           MPI_Status *status) {
  SSMPI_BEGIN;
  int rc = PMPI_Probe(source, tag, comm, status);
  SSMPI_END(SS_MPI_PROBE, ssmpi_world_rank(comm, source), 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag,
                            MPI_Status *status) {
  SSMPI_BEGIN;
  int rc = PMPI_Iprobe(source, tag, comm, flag, status);
  SSMPI_END(SS_MPI_IPROBE, ssmpi_world_rank(comm, source), 0, comm);
  return rc;
}

/* -- collectives --------------------------------------------------------------- */

SSMPI_EXPORT int MPI_Barrier(MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Barrier(comm);
  SSMPI_END(SS_MPI_BARRIER, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root,
                           MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Bcast(buf, count, type, root, comm);
  SSMPI_END(SS_MPI_BCAST, ssmpi_world_rank(comm, root), ssmpi_bytes(count, type),
      comm);
  return rc;
}

SSMPI_EXPORT int MPI_Reduce(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype type, MPI_Op op, int root,
                            MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
  SSMPI_END(SS_MPI_REDUCE, ssmpi_world_rank(comm, root), ssmpi_bytes(count, type),
      comm);
  return rc;
}

SSMPI_EXPORT int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                               MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
  SSMPI_END(SS_MPI_ALLREDUCE, -1, ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Scan(const void *sendbuf, void *recvbuf, int count,
                          MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Scan(sendbuf, recvbuf, count, type, op, comm);
  SSMPI_END(SS_MPI_SCAN, -1, ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Exscan(const void *sendbuf, void *recvbuf, int count,
                            MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Exscan(sendbuf, recvbuf, count, type, op, comm);
  SSMPI_END(SS_MPI_EXSCAN, -1, ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf,
                                    const int recvcounts[], MPI_Datatype type,
                                    MPI_Op op, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
  int64_t bytes = 0, n = c_.on ? ssmpi_comm_size(comm) : 0;
  for (int64_t i = 0; i < n; i++)
    bytes += ssmpi_bytes(recvcounts[i], type);
  SSMPI_END(SS_MPI_REDUCE_SCATTER, -1, bytes, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Gather(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, root, comm);
  SSMPI_END(SS_MPI_GATHER, ssmpi_world_rank(comm, root),
      ssmpi_contributed(sendbuf, sendcount, sendtype, recvcount, recvtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Gatherv(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, int root, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                        displs, recvtype, root, comm);
  SSMPI_END(SS_MPI_GATHERV, ssmpi_world_rank(comm, root),
      sendbuf == MPI_IN_PLACE ? 0 : ssmpi_bytes(sendcount, sendtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Scatter(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, root, comm);
  /* Each rank's share: what it receives (the root's own at MPI_IN_PLACE). */
  SSMPI_END(SS_MPI_SCATTER, ssmpi_world_rank(comm, root),
      recvbuf == MPI_IN_PLACE ? ssmpi_bytes(sendcount, sendtype)
                              : ssmpi_bytes(recvcount, recvtype),
      comm);
  return rc;
}

SSMPI_EXPORT int MPI_Scatterv(const void *sendbuf, const int sendcounts[],
                              const int displs[], MPI_Datatype sendtype,
                              void *recvbuf, int recvcount,
                              MPI_Datatype recvtype, int root, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf,
                         recvcount, recvtype, root, comm);
  SSMPI_END(SS_MPI_SCATTERV, ssmpi_world_rank(comm, root),
      recvbuf == MPI_IN_PLACE ? 0 : ssmpi_bytes(recvcount, recvtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Allgather(const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf,
                               int recvcount, MPI_Datatype recvtype,
                               MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                          recvtype, comm);
  SSMPI_END(SS_MPI_ALLGATHER, -1,
      ssmpi_contributed(sendbuf, sendcount, sendtype, recvcount, recvtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Allgatherv(const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf,
                                const int recvcounts[], const int displs[],
                                MPI_Datatype recvtype, MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                           displs, recvtype, comm);
  SSMPI_END(SS_MPI_ALLGATHERV, -1,
      sendbuf == MPI_IN_PLACE ? 0 : ssmpi_bytes(sendcount, sendtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Alltoall(const void *sendbuf, int sendcount,
                              MPI_Datatype sendtype, void *recvbuf,
                              int recvcount, MPI_Datatype recvtype,
                              MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                         recvtype, comm);
  /* The whole send buffer: one block per rank. */
  int64_t n = c_.on ? ssmpi_comm_size(comm) : 0;
  SSMPI_END(SS_MPI_ALLTOALL, -1,
      n * ssmpi_contributed(sendbuf, sendcount, sendtype, recvcount, recvtype), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Alltoallv(const void *sendbuf, const int sendcounts[],
                               const int sdispls[], MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[],
                               const int rdispls[], MPI_Datatype recvtype,
                               MPI_Comm comm) {
  SSMPI_BEGIN;
  int rc = PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                          recvcounts, rdispls, recvtype, comm);
  int64_t bytes = 0, n = c_.on ? ssmpi_comm_size(comm) : 0;
  for (int64_t i = 0; i < n; i++)
    bytes += sendbuf == MPI_IN_PLACE ? ssmpi_bytes(recvcounts[i], recvtype)
                                     : ssmpi_bytes(sendcounts[i], sendtype);
  SSMPI_END(SS_MPI_ALLTOALLV, -1, bytes, comm);
  return rc;
}

/* -- communicators ---------------------------------------------------------- */

SSMPI_EXPORT int MPI_Comm_split(MPI_Comm comm, int color, int key,
                                MPI_Comm *newcomm) {
  SSMPI_BEGIN;
  int rc = PMPI_Comm_split(comm, color, key, newcomm);
  SSMPI_END(SS_MPI_COMM_SPLIT, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key,
                                     MPI_Info info, MPI_Comm *newcomm) {
  SSMPI_BEGIN;
  int rc = PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
  SSMPI_END(SS_MPI_COMM_SPLIT_TYPE, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
  SSMPI_BEGIN;
  int rc = PMPI_Comm_dup(comm, newcomm);
  SSMPI_END(SS_MPI_COMM_DUP, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Comm_create(MPI_Comm comm, MPI_Group group,
                                 MPI_Comm *newcomm) {
  SSMPI_BEGIN;
  int rc = PMPI_Comm_create(comm, group, newcomm);
  SSMPI_END(SS_MPI_COMM_CREATE, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Comm_free(MPI_Comm *comm) {
  SSMPI_BEGIN;
  /* Its size before it is freed. */
  int64_t size = c_.on && comm ? ssmpi_comm_size(*comm) : 0;
  int rc = PMPI_Comm_free(comm);
  ssmpi_end(c_, SS_MPI_COMM_FREE, -1, 0, size, SSMPI_CALLER, SSMPI_FRAME);
  return rc;
}
