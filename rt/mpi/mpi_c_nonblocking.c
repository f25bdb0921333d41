/*
 * mpi_c_nonblocking.c -- the C bindings of the persistent requests
 * (MPI_Send_init, MPI_Recv_init, MPI_Start, MPI_Startall) and of the
 * nonblocking collectives (MPI_Ibarrier ... MPI_Ialltoall).  A
 * nonblocking collective records what its blocking form records; the
 * wait that completes it records its own time.  A persistent send's
 * message is recorded where it is sent, at MPI_Start, with the
 * destination and bytes MPI_Send_init gave (requests.c); a persistent
 * receive's, by the wait or test that completes it.
 */
#define _GNU_SOURCE
#include "interpose.h"

/* -- persistent requests ---------------------------------------------------- */

SSMPI_EXPORT int MPI_Send_init(const void *buf, int count, MPI_Datatype type,
                               int dest, int tag, MPI_Comm comm,
                               MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Send_init(buf, count, type, dest, tag, comm, request);
  if (rc == MPI_SUCCESS)
    ssmpi_request_send_init(*request, ssmpi_world_rank(comm, dest),
                            ssmpi_bytes(count, type));
  SSMPI_END(SS_MPI_SEND_INIT, ssmpi_world_rank(comm, dest), 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Recv_init(void *buf, int count, MPI_Datatype type,
                               int source, int tag, MPI_Comm comm,
                               MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Recv_init(buf, count, type, source, tag, comm, request);
  if (rc == MPI_SUCCESS)
    ssmpi_request_posted(*request, comm, 1);
  SSMPI_END(SS_MPI_RECV_INIT, ssmpi_world_rank(comm, source), 0, comm);
  return rc;
}

/* The sends that starting `requests` makes: their bytes, and their
 * destination when they all go to one rank (-1 otherwise, or for none). */
static void started(int count, const MPI_Request *requests, int64_t *peer,
                    int64_t *bytes) {
  int sends = 0;
  *peer = -1;
  *bytes = 0;
  for (int i = 0; i < count; i++) {
    int64_t p, b;
    if (!ssmpi_request_send(requests[i], &p, &b))
      continue;
    *bytes += b;
    if (sends++ == 0)
      *peer = p;
    else if (*peer != p)
      *peer = -1;
  }
}

SSMPI_EXPORT int MPI_Start(MPI_Request *request) {
  SSMPI_BEGIN;
  int64_t peer = -1, bytes = 0;
  if (c_.on)
    started(1, request, &peer, &bytes);
  int rc = PMPI_Start(request);
  SSMPI_END_SIZE(SS_MPI_START, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Startall(int count, MPI_Request requests[]) {
  SSMPI_BEGIN;
  int64_t peer = -1, bytes = 0;
  if (c_.on)
    started(count, requests, &peer, &bytes);
  int rc = PMPI_Startall(count, requests);
  SSMPI_END_SIZE(SS_MPI_STARTALL, peer, bytes, 0);
  return rc;
}

/* -- nonblocking collectives ------------------------------------------------ */

SSMPI_EXPORT int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Ibarrier(comm, request);
  SSMPI_END(SS_MPI_IBARRIER, -1, 0, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root,
                            MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Ibcast(buf, count, type, root, comm, request);
  SSMPI_END(SS_MPI_IBCAST, ssmpi_world_rank(comm, root),
            ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count,
                             MPI_Datatype type, MPI_Op op, int root,
                             MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Ireduce(sendbuf, recvbuf, count, type, op, root, comm,
                        request);
  SSMPI_END(SS_MPI_IREDUCE, ssmpi_world_rank(comm, root),
            ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Iallreduce(const void *sendbuf, void *recvbuf,
                                int count, MPI_Datatype type, MPI_Op op,
                                MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Iallreduce(sendbuf, recvbuf, count, type, op, comm, request);
  SSMPI_END(SS_MPI_IALLREDUCE, -1, ssmpi_bytes(count, type), comm);
  return rc;
}

SSMPI_EXPORT int MPI_Igather(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, root, comm, request);
  SSMPI_END(SS_MPI_IGATHER, ssmpi_world_rank(comm, root),
            ssmpi_contributed(sendbuf, sendcount, sendtype, recvcount,
                              recvtype),
            comm);
  return rc;
}

SSMPI_EXPORT int MPI_Iscatter(const void *sendbuf, int sendcount,
                              MPI_Datatype sendtype, void *recvbuf,
                              int recvcount, MPI_Datatype recvtype, int root,
                              MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                         recvtype, root, comm, request);
  SSMPI_END(SS_MPI_ISCATTER, ssmpi_world_rank(comm, root),
            recvbuf == MPI_IN_PLACE ? ssmpi_bytes(sendcount, sendtype)
                                    : ssmpi_bytes(recvcount, recvtype),
            comm);
  return rc;
}

SSMPI_EXPORT int MPI_Iallgather(const void *sendbuf, int sendcount,
                                MPI_Datatype sendtype, void *recvbuf,
                                int recvcount, MPI_Datatype recvtype,
                                MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                           recvtype, comm, request);
  SSMPI_END(SS_MPI_IALLGATHER, -1,
            ssmpi_contributed(sendbuf, sendcount, sendtype, recvcount,
                              recvtype),
            comm);
  return rc;
}

SSMPI_EXPORT int MPI_Ialltoall(const void *sendbuf, int sendcount,
                               MPI_Datatype sendtype, void *recvbuf,
                               int recvcount, MPI_Datatype recvtype,
                               MPI_Comm comm, MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                          recvtype, comm, request);
  SSMPI_END(SS_MPI_IALLTOALL, -1,
            ssmpi_comm_size(comm) * ssmpi_contributed(sendbuf, sendcount,
                                                      sendtype, recvcount,
                                                      recvtype),
            comm);
  return rc;
}
