/*
 * mpi_fortran.c -- the Fortran bindings (mpif.h and the mpi module, the
 * gfortran names: lower case, one trailing underscore) of the common
 * routines.  Each forwards to the MPI library's own Fortran profiling
 * entry (pmpi_<routine>_: Open MPI's and MPICH's Fortran libraries have
 * them), so MPI_IN_PLACE, MPI_STATUS_IGNORE and the handles keep their
 * Fortran meaning, and records the event with C handles from
 * MPI_*_f2c.  The pmpi_ entries are weak: a C program does not load the
 * Fortran library, and never calls these.  The mpi_f08 module's bindings
 * are not wrapped (docs/ssrun.md).
 */
#define _GNU_SOURCE
#include "interpose.h"

#include <stdlib.h>

#define F_DECLARE(name, params) extern void pmpi_##name##_ params __attribute__((weak));

#define F_BEGIN struct ssmpi_call c_ = ssmpi_begin()
#define F_END(call, peer, bytes, fcomm)                                        \
  do {                                                                         \
    MPI_Comm comm_ = c_.on ? MPI_Comm_f2c(*(fcomm)) : MPI_COMM_NULL;           \
    ssmpi_end(c_, call, c_.on ? (peer) : -1, c_.on ? (bytes) : 0,              \
              c_.on ? ssmpi_comm_size(comm_) : 0, SSMPI_CALLER, SSMPI_FRAME);  \
  } while (0)
#define F_COMM (MPI_Comm_f2c(*comm))
#define F_BYTES(count, type) ssmpi_bytes(*(count), MPI_Type_f2c(*(type)))

F_DECLARE(init, (MPI_Fint *ierr))
F_DECLARE(finalize, (MPI_Fint *ierr))
F_DECLARE(send, (void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                 MPI_Fint *, MPI_Fint *))
F_DECLARE(recv, (void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                 MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(isend, (void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                  MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(irecv, (void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                  MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(wait, (MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(waitall, (MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(barrier, (MPI_Fint *, MPI_Fint *))
F_DECLARE(bcast, (void *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                  MPI_Fint *))
F_DECLARE(reduce, (void *, void *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                   MPI_Fint *, MPI_Fint *, MPI_Fint *))
F_DECLARE(allreduce, (void *, void *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
                      MPI_Fint *, MPI_Fint *))

SSMPI_EXPORT void mpi_init_(MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_init_(ierr);
  if (*ierr == MPI_SUCCESS)
    ssmpi_after_init();
  MPI_Fint world = MPI_Comm_c2f(MPI_COMM_WORLD);
  F_END(SS_MPI_INIT, -1, 0, &world);
}

SSMPI_EXPORT void mpi_finalize_(MPI_Fint *ierr) {
  F_BEGIN;
  int64_t size = c_.on ? ssmpi_comm_size(MPI_COMM_WORLD) : 0;
  pmpi_finalize_(ierr);
  ssmpi_end(c_, SS_MPI_FINALIZE, -1, 0, size, SSMPI_CALLER, SSMPI_FRAME);
}

SSMPI_EXPORT void mpi_send_(void *buf, MPI_Fint *count, MPI_Fint *type,
                            MPI_Fint *dest, MPI_Fint *tag, MPI_Fint *comm,
                            MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_send_(buf, count, type, dest, tag, comm, ierr);
  F_END(SS_MPI_SEND, ssmpi_world_rank(F_COMM, *dest), F_BYTES(count, type),
        comm);
}

/* A Fortran status is MPI_STATUS_SIZE integers, a C MPI_Status's worth
 * (Open MPI: 6, MPICH: 5); ours, one spare, are lent where the program
 * passed MPI_STATUS_IGNORE. */
#define F_STATUS_INTS_F (sizeof(MPI_Status) / sizeof(MPI_Fint))
#define F_STATUS_INTS (F_STATUS_INTS_F + 1)

SSMPI_EXPORT void mpi_recv_(void *buf, MPI_Fint *count, MPI_Fint *type,
                            MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm,
                            MPI_Fint *status, MPI_Fint *ierr) {
  F_BEGIN;
  MPI_Fint own[F_STATUS_INTS];
  MPI_Fint *st = c_.on && status == MPI_F_STATUS_IGNORE ? own : status;
  pmpi_recv_(buf, count, type, source, tag, comm, st, ierr);
  int64_t peer = -1, bytes = 0;
  MPI_Status cst;
  if (c_.on && *ierr == MPI_SUCCESS && MPI_Status_f2c(st, &cst) == MPI_SUCCESS)
    ssmpi_received(&cst, F_COMM, &peer, &bytes);
  F_END(SS_MPI_RECV, peer, bytes, comm);
}

SSMPI_EXPORT void mpi_isend_(void *buf, MPI_Fint *count, MPI_Fint *type,
                             MPI_Fint *dest, MPI_Fint *tag, MPI_Fint *comm,
                             MPI_Fint *request, MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_isend_(buf, count, type, dest, tag, comm, request, ierr);
  F_END(SS_MPI_ISEND, ssmpi_world_rank(F_COMM, *dest), F_BYTES(count, type),
        comm);
}

SSMPI_EXPORT void mpi_irecv_(void *buf, MPI_Fint *count, MPI_Fint *type,
                             MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm,
                             MPI_Fint *request, MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_irecv_(buf, count, type, source, tag, comm, request, ierr);
  if (c_.on && *ierr == MPI_SUCCESS)
    ssmpi_request_posted(MPI_Request_f2c(*request), F_COMM, 0);
  /* As the C binding: the wait that completes it records what came. */
  F_END(SS_MPI_IRECV, ssmpi_world_rank(F_COMM, *source), 0, comm);
}

/* The receives of `count` Fortran requests that a wait completes: as
 * the C bindings (requests.c), with the Fortran statuses converted. */
static void f_completed(int count, const MPI_Request *creq,
                        const MPI_Fint *fstatuses, MPI_Fint ierr,
                        int64_t *peer, int64_t *bytes) {
  struct ssmpi_completions w;
  MPI_Status *cst = malloc((size_t)count * sizeof *cst);
  MPI_Status *lent = cst;
  ssmpi_completions_begin(&w, count, creq, &lent);
  for (int i = 0; cst && i < count; i++)
    MPI_Status_f2c(fstatuses + (size_t)i * F_STATUS_INTS_F, &cst[i]);
  ssmpi_completions_end(&w, cst ? ierr : MPI_ERR_OTHER, cst, NULL, 0, peer,
                        bytes);
  free(cst);
}

SSMPI_EXPORT void mpi_wait_(MPI_Fint *request, MPI_Fint *status,
                            MPI_Fint *ierr) {
  F_BEGIN;
  MPI_Request creq = MPI_Request_f2c(*request);
  MPI_Fint own[F_STATUS_INTS];
  MPI_Fint *st = status == MPI_F_STATUS_IGNORE ? own : status;
  pmpi_wait_(request, st, ierr);
  int64_t peer, bytes;
  f_completed(1, &creq, st, *ierr, &peer, &bytes);
  ssmpi_end(c_, SS_MPI_WAIT, peer, bytes, 0, SSMPI_CALLER, SSMPI_FRAME);
}

SSMPI_EXPORT void mpi_waitall_(MPI_Fint *count, MPI_Fint *requests,
                               MPI_Fint *statuses, MPI_Fint *ierr) {
  F_BEGIN;
  int n = *count > 0 ? *count : 0;
  MPI_Request *creq = malloc((size_t)(n ? n : 1) * sizeof *creq);
  MPI_Fint *own = NULL, *st = statuses;
  if (creq) {
    for (int i = 0; i < n; i++)
      creq[i] = MPI_Request_f2c(requests[i]);
    if (statuses == MPI_F_STATUSES_IGNORE) {
      own = malloc((size_t)(n ? n : 1) * F_STATUS_INTS_F * sizeof *own);
      if (own)
        st = own;
    }
  }
  pmpi_waitall_(count, requests, st, ierr);
  int64_t peer = -1, bytes = 0;
  if (creq && st != MPI_F_STATUSES_IGNORE)
    f_completed(n, creq, st, *ierr, &peer, &bytes);
  free(creq);
  free(own);
  ssmpi_end(c_, SS_MPI_WAITALL, peer, bytes, 0, SSMPI_CALLER, SSMPI_FRAME);
}

SSMPI_EXPORT void mpi_barrier_(MPI_Fint *comm, MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_barrier_(comm, ierr);
  F_END(SS_MPI_BARRIER, -1, 0, comm);
}

SSMPI_EXPORT void mpi_bcast_(void *buf, MPI_Fint *count, MPI_Fint *type,
                             MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_bcast_(buf, count, type, root, comm, ierr);
  F_END(SS_MPI_BCAST, ssmpi_world_rank(F_COMM, *root), F_BYTES(count, type),
        comm);
}

SSMPI_EXPORT void mpi_reduce_(void *sendbuf, void *recvbuf, MPI_Fint *count,
                              MPI_Fint *type, MPI_Fint *op, MPI_Fint *root,
                              MPI_Fint *comm, MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_reduce_(sendbuf, recvbuf, count, type, op, root, comm, ierr);
  F_END(SS_MPI_REDUCE, ssmpi_world_rank(F_COMM, *root), F_BYTES(count, type),
        comm);
}

SSMPI_EXPORT void mpi_allreduce_(void *sendbuf, void *recvbuf,
                                 MPI_Fint *count, MPI_Fint *type,
                                 MPI_Fint *op, MPI_Fint *comm,
                                 MPI_Fint *ierr) {
  F_BEGIN;
  pmpi_allreduce_(sendbuf, recvbuf, count, type, op, comm, ierr);
  F_END(SS_MPI_ALLREDUCE, -1, F_BYTES(count, type), comm);
}
