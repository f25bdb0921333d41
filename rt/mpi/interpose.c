/* interpose.c -- what the MPI wrappers share (see interpose.h). */
#define _GNU_SOURCE
#include "interpose.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static __thread int inside;

struct ssmpi_call ssmpi_begin(void) {
  struct ssmpi_call c = {0, 0};
  if (inside || !__ssrt_mpi_tracing())
    return c;
  inside = 1;
  c.on = 1;
  c.start_ns = __ssrt_mpi_now();
  return c;
}

void ssmpi_end(struct ssmpi_call c, uint32_t call, int64_t peer,
               int64_t bytes, int64_t comm_size, uint64_t ret,
               uint64_t frame) {
  if (!c.on)
    return;
  __ssrt_mpi_record(call, peer, bytes, comm_size, c.start_ns, ret, frame);
  inside = 0;
}

int64_t ssmpi_bytes(int count, MPI_Datatype type) {
  int size = 0;
  if (type == MPI_DATATYPE_NULL || count <= 0 ||
      PMPI_Type_size(type, &size) != MPI_SUCCESS)
    return 0;
  return (int64_t)count * size;
}

int64_t ssmpi_contributed(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, int recvcount,
                          MPI_Datatype recvtype) {
  return sendbuf == MPI_IN_PLACE ? ssmpi_bytes(recvcount, recvtype)
                                 : ssmpi_bytes(sendcount, sendtype);
}

/* Rank r of `group` as a rank of MPI_COMM_WORLD (-1: none); frees group. */
static int64_t world_rank_in(MPI_Group group, int r) {
  MPI_Group world;
  int out = MPI_UNDEFINED;
  if (PMPI_Comm_group(MPI_COMM_WORLD, &world) == MPI_SUCCESS) {
    PMPI_Group_translate_ranks(group, 1, &r, world, &out);
    PMPI_Group_free(&world);
  }
  PMPI_Group_free(&group);
  return out == MPI_UNDEFINED || out < 0 ? -1 : out;
}

int64_t ssmpi_world_rank(MPI_Comm comm, int r) {
  if (r < 0 || comm == MPI_COMM_NULL)
    return -1;
  if (comm == MPI_COMM_WORLD)
    return r;
  int inter = 0;
  MPI_Group group;
  PMPI_Comm_test_inter(comm, &inter);
  if ((inter ? PMPI_Comm_remote_group(comm, &group)
             : PMPI_Comm_group(comm, &group)) != MPI_SUCCESS)
    return -1;
  return world_rank_in(group, r);
}

int64_t ssmpi_win_world_rank(MPI_Win win, int r) {
  MPI_Group group;
  if (r < 0 || win == MPI_WIN_NULL ||
      PMPI_Win_get_group(win, &group) != MPI_SUCCESS)
    return -1;
  return world_rank_in(group, r);
}

int64_t ssmpi_group_size_of_win(MPI_Win win) {
  MPI_Group group;
  int size = 0;
  if (win == MPI_WIN_NULL || PMPI_Win_get_group(win, &group) != MPI_SUCCESS)
    return 0;
  PMPI_Group_size(group, &size);
  PMPI_Group_free(&group);
  return size;
}

int64_t ssmpi_group_size_of_file(MPI_File fh) {
  MPI_Group group;
  int size = 0;
  if (fh == MPI_FILE_NULL || PMPI_File_get_group(fh, &group) != MPI_SUCCESS)
    return 0;
  PMPI_Group_size(group, &size);
  PMPI_Group_free(&group);
  return size;
}

int64_t ssmpi_comm_size(MPI_Comm comm) {
  int size = 0, inter = 0;
  if (comm == MPI_COMM_NULL)
    return 0;
  PMPI_Comm_test_inter(comm, &inter);
  if ((inter ? PMPI_Comm_remote_size(comm, &size)
             : PMPI_Comm_size(comm, &size)) != MPI_SUCCESS)
    return 0;
  return size;
}

/* The job: the launcher's id when it gave one, else rank 0's host, pid
 * and start time; rank 0's choice is broadcast, so every rank records the
 * same. */
void ssmpi_after_init(void) {
  int rank = -1, size = 0;
  if (PMPI_Comm_rank(MPI_COMM_WORLD, &rank) != MPI_SUCCESS ||
      PMPI_Comm_size(MPI_COMM_WORLD, &size) != MPI_SUCCESS)
    return;
  char job[128];
  memset(job, 0, sizeof job);
  if (rank == 0) {
    const char *env = getenv("PMIX_NAMESPACE");
    if (!env)
      env = getenv("OMPI_MCA_ess_base_jobid");
    if (!env)
      env = getenv("PMI_KVSNAME");
    if (!env)
      env = getenv("SLURM_JOB_ID");
    if (env) {
      snprintf(job, sizeof job, "%s", env);
    } else {
      char host[64] = "";
      gethostname(host, sizeof host - 1);
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      snprintf(job, sizeof job, "%s:%ld:%lld", host, (long)getpid(),
               (long long)ts.tv_sec);
    }
  }
  PMPI_Bcast(job, (int)sizeof job, MPI_CHAR, 0, MPI_COMM_WORLD);
  job[sizeof job - 1] = '\0';
  __ssrt_mpi_set_rank(rank, size, job);
}
