/*
 * mpi_rank.h -- the process's rank in an MPI job, for every experiment:
 * the RANK record (ss/format.h) and the file's name, so that ssprof can
 * merge the ranks of one job and refuse to mix jobs.
 *
 * At start-up the launcher's environment says it (Open MPI:
 * OMPI_COMM_WORLD_RANK/SIZE and the PMIx namespace; MPICH's Hydra and
 * Intel MPI: PMI_RANK/PMI_SIZE; PMIx launchers: PMIX_RANK/PMIX_NAMESPACE;
 * Slurm's srun: SLURM_PROCID/SLURM_NTASKS, SLURM_JOB_ID.SLURM_STEP_ID).
 * The mpi experiment's MPI_Init (libssmpi.so) then sets what MPI itself
 * says, with the job id rank 0 sent every rank (__ssrt_mpi_set_rank).
 *
 * Under MPI a file's name gets ".r<rank>.<host>" after "<code><pid>":
 * ranks on several nodes write into one shared directory, where two
 * nodes' pids may be equal.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_MPI_RANK_H
#define SSRT_MPI_RANK_H

#include "record_writer.h"
#include "safe_string.h"

#include <stdint.h>

#define SSRT_MPI_JOB_MAX 128

/* Reads the launcher's variables (start-up, once). */
void ssrt_mpi_rank_init(void);
/* Whether the process is a rank of an MPI job. */
int ssrt_mpi_rank_known(void);
/* Appends ".r<rank>.<host>" to a file name when it is. */
void ssrt_mpi_rank_add_to_name(struct ssrt_str *s, const char *host);
/* The RANK record, when it is. */
void ssrt_mpi_rank_write(struct ssrt_writer *w);

#endif
