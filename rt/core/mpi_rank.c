/* mpi_rank.c -- the process's rank in an MPI job (see mpi_rank.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#include "mpi_rank.h"

#include "ss/format.h"

#include <stdlib.h>
#include <string.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

static struct {
  int known;
  int32_t rank;
  uint32_t size;
  uint32_t how;
  char job[SSRT_MPI_JOB_MAX];
} self;

/* A decimal number, or -1. */
static long number(const char *text) {
  if (!text || !*text)
    return -1;
  long v = 0;
  for (const char *p = text; *p; p++) {
    if (*p < '0' || *p > '9' || v > 100000000)
      return -1;
    v = v * 10 + (*p - '0');
  }
  return v;
}

static void set_job(const char *a, const char *b) {
  struct ssrt_str s;
  ssrt_str_init(&s, self.job, sizeof self.job);
  if (a)
    ssrt_str_add(&s, a);
  if (a && b) {
    ssrt_str_add(&s, ".");
    ssrt_str_add(&s, b);
  }
}

void ssrt_mpi_rank_init(void) {
  /* Each launcher: its rank, size and job variables. */
  static const char *const vars[][4] = {
      {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "PMIX_NAMESPACE",
       "OMPI_MCA_ess_base_jobid"},
      {"PMIX_RANK", "OMPI_COMM_WORLD_SIZE", "PMIX_NAMESPACE", NULL},
      {"PMI_RANK", "PMI_SIZE", "PMI_KVSNAME", "PMI_JOBID"},
      {"SLURM_PROCID", "SLURM_NTASKS", "SLURM_JOB_ID", NULL},
  };
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
    long rank = number(getenv(vars[i][0]));
    if (rank < 0)
      continue;
    long size = number(getenv(vars[i][1]));
    self.known = 1;
    self.rank = (int32_t)rank;
    self.size = size > 0 ? (uint32_t)size : 0;
    self.how = SS_RANK_FROM_ENV;
    const char *job = getenv(vars[i][2]);
    if (!job && vars[i][3])
      job = getenv(vars[i][3]);
    if (job && i == 3)
      set_job(job, getenv("SLURM_STEP_ID"));
    else
      set_job(job, NULL);
    return;
  }
}

int ssrt_mpi_rank_known(void) { return self.known; }

void ssrt_mpi_rank_add_to_name(struct ssrt_str *s, const char *host) {
  if (!self.known)
    return;
  ssrt_str_add(s, ".r");
  ssrt_str_add_u64(s, (uint64_t)self.rank);
  ssrt_str_add(s, ".");
  /* A host name is one component of a file name. */
  for (const char *p = host; *p; p++) {
    char c[2] = {*p == '/' ? '_' : *p, '\0'};
    ssrt_str_add(s, c);
  }
}

void ssrt_mpi_rank_write(struct ssrt_writer *w) {
  if (!self.known)
    return;
  struct ss_rec_rank r = {self.rank, self.size, self.how, 0};
  ssrt_record_begin(w, SS_REC_RANK);
  ssrt_record_put(w, &r, sizeof r);
  ssrt_record_put_string(w, self.job);
  ssrt_record_end(w);
}

/* From the mpi experiment's MPI_Init (libssmpi.so): what MPI says, and the
 * job rank 0 sent every rank. */
SSRT_EXPORT void __ssrt_mpi_set_rank(int rank, int size, const char *job) {
  if (rank < 0)
    return;
  self.rank = rank;
  self.size = size > 0 ? (uint32_t)size : 0;
  self.how = SS_RANK_FROM_MPI;
  if (job && *job)
    set_job(job, NULL);
  __atomic_store_n(&self.known, 1, __ATOMIC_RELEASE);
}

_Static_assert(sizeof(struct ss_rec_rank) == 16,
               "RANK record layout (docs/experiment-file.md)");
