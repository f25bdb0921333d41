/*
 * mpi_c_rma.c -- the C bindings of one-sided communication: windows
 * (MPI_Win_create, _allocate, _free), synchronization (MPI_Win_fence,
 * _lock, _unlock, _lock_all, _unlock_all, _flush) and the transfers
 * (MPI_Put, MPI_Get, MPI_Accumulate).  A transfer records its target (a
 * rank of MPI_COMM_WORLD, through the window's group) and the origin
 * buffer's bytes; it only starts the transfer, so its time is short and
 * the synchronization that completes it carries the wait.  The size
 * recorded is the window group's.
 */
#define _GNU_SOURCE
#include "interpose.h"

SSMPI_EXPORT int MPI_Win_create(void *base, MPI_Aint size, int disp_unit,
                                MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  SSMPI_BEGIN;
  int rc = PMPI_Win_create(base, size, disp_unit, info, comm, win);
  SSMPI_END(SS_MPI_WIN_CREATE, -1, (int64_t)size, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info,
                                  MPI_Comm comm, void *baseptr, MPI_Win *win) {
  SSMPI_BEGIN;
  int rc = PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
  SSMPI_END(SS_MPI_WIN_ALLOCATE, -1, (int64_t)size, comm);
  return rc;
}

SSMPI_EXPORT int MPI_Win_free(MPI_Win *win) {
  SSMPI_BEGIN;
  /* Its group's size before it is freed. */
  int64_t size = c_.on && win ? ssmpi_group_size_of_win(*win) : 0;
  int rc = PMPI_Win_free(win);
  SSMPI_END_SIZE(SS_MPI_WIN_FREE, -1, 0, size);
  return rc;
}

SSMPI_EXPORT int MPI_Win_fence(int assert, MPI_Win win) {
  SSMPI_BEGIN;
  int rc = PMPI_Win_fence(assert, win);
  SSMPI_END_SIZE(SS_MPI_WIN_FENCE, -1, 0, ssmpi_group_size_of_win(win));
  return rc;
}

/* MPI_Win_lock and the calls on one target rank. */
#define WIN_TARGET(Name, CALL, params, args, rank)                             \
  SSMPI_EXPORT int MPI_##Name params {                                         \
    SSMPI_BEGIN;                                                               \
    int rc = PMPI_##Name args;                                                 \
    SSMPI_END_SIZE(CALL, ssmpi_win_world_rank(win, rank), 0,                   \
                   ssmpi_group_size_of_win(win));                              \
    return rc;                                                                 \
  }
WIN_TARGET(Win_lock, SS_MPI_WIN_LOCK,
           (int lock_type, int rank, int assert, MPI_Win win),
           (lock_type, rank, assert, win), rank)
WIN_TARGET(Win_unlock, SS_MPI_WIN_UNLOCK, (int rank, MPI_Win win),
           (rank, win), rank)
WIN_TARGET(Win_flush, SS_MPI_WIN_FLUSH, (int rank, MPI_Win win), (rank, win),
           rank)
WIN_TARGET(Win_lock_all, SS_MPI_WIN_LOCK_ALL, (int assert, MPI_Win win),
           (assert, win), -1)
WIN_TARGET(Win_unlock_all, SS_MPI_WIN_UNLOCK_ALL, (MPI_Win win), (win), -1)

SSMPI_EXPORT int MPI_Put(const void *origin_addr, int origin_count,
                         MPI_Datatype origin_type, int target_rank,
                         MPI_Aint target_disp, int target_count,
                         MPI_Datatype target_type, MPI_Win win) {
  SSMPI_BEGIN;
  int rc = PMPI_Put(origin_addr, origin_count, origin_type, target_rank,
                    target_disp, target_count, target_type, win);
  SSMPI_END_SIZE(SS_MPI_PUT, ssmpi_win_world_rank(win, target_rank),
                 ssmpi_bytes(origin_count, origin_type),
                 ssmpi_group_size_of_win(win));
  return rc;
}

SSMPI_EXPORT int MPI_Get(void *origin_addr, int origin_count,
                         MPI_Datatype origin_type, int target_rank,
                         MPI_Aint target_disp, int target_count,
                         MPI_Datatype target_type, MPI_Win win) {
  SSMPI_BEGIN;
  int rc = PMPI_Get(origin_addr, origin_count, origin_type, target_rank,
                    target_disp, target_count, target_type, win);
  SSMPI_END_SIZE(SS_MPI_GET, ssmpi_win_world_rank(win, target_rank),
                 ssmpi_bytes(origin_count, origin_type),
                 ssmpi_group_size_of_win(win));
  return rc;
}

SSMPI_EXPORT int MPI_Accumulate(const void *origin_addr, int origin_count,
                                MPI_Datatype origin_type, int target_rank,
                                MPI_Aint target_disp, int target_count,
                                MPI_Datatype target_type, MPI_Op op,
                                MPI_Win win) {
  SSMPI_BEGIN;
  int rc = PMPI_Accumulate(origin_addr, origin_count, origin_type,
                           target_rank, target_disp, target_count,
                           target_type, op, win);
  SSMPI_END_SIZE(SS_MPI_ACCUMULATE, ssmpi_win_world_rank(win, target_rank),
                 ssmpi_bytes(origin_count, origin_type),
                 ssmpi_group_size_of_win(win));
  return rc;
}
