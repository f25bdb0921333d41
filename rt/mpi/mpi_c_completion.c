/*
 * mpi_c_completion.c -- the C bindings of the calls that complete
 * requests (MPI_Wait*, MPI_Test*) and of MPI_Request_free and
 * MPI_Cancel.  A wait or test that completes nonblocking receives records
 * what they received: the bytes, and the source (a rank of
 * MPI_COMM_WORLD) when they all matched the same one (requests.c).
 */
#define _GNU_SOURCE
#include "interpose.h"

#include <stddef.h>


SSMPI_EXPORT int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, 1, request, &status);
  int rc = PMPI_Wait(request, status);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, status, NULL, 0, &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_WAIT, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Waitall(int count, MPI_Request requests[],
                             MPI_Status statuses[]) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, count, requests, &statuses);
  int rc = PMPI_Waitall(count, requests, statuses);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, statuses, NULL, 0, &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_WAITALL, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Waitany(int count, MPI_Request requests[], int *index,
                             MPI_Status *status) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, count, requests, &status);
  int rc = PMPI_Waitany(count, requests, index, status);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, status, index, *index != MPI_UNDEFINED,
                        &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_WAITANY, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Waitsome(int incount, MPI_Request requests[],
                              int *outcount, int indices[],
                              MPI_Status statuses[]) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, incount, requests, &statuses);
  int rc = PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, statuses, indices,
                        *outcount == MPI_UNDEFINED ? 0 : *outcount, &peer,
                        &bytes);
  SSMPI_END_SIZE(SS_MPI_WAITSOME, peer, bytes, 0);
  return rc;
}

/* A Test that finds nothing done completes nothing: none of `done`. */
static const int nothing_done[1] = {-1};

SSMPI_EXPORT int MPI_Test(MPI_Request *request, int *flag,
                          MPI_Status *status) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, 1, request, &status);
  int rc = PMPI_Test(request, flag, status);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, status, *flag ? NULL : nothing_done, 0,
                        &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_TEST, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Testall(int count, MPI_Request requests[], int *flag,
                             MPI_Status statuses[]) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, count, requests, &statuses);
  int rc = PMPI_Testall(count, requests, flag, statuses);
  int64_t peer, bytes;
  /* All or nothing. */
  ssmpi_completions_end(&w, rc, statuses, *flag ? NULL : nothing_done, 0,
                        &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_TESTALL, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Testany(int count, MPI_Request requests[], int *index,
                             int *flag, MPI_Status *status) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, count, requests, &status);
  int rc = PMPI_Testany(count, requests, index, flag, status);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, status, index,
                        *flag && *index != MPI_UNDEFINED, &peer, &bytes);
  SSMPI_END_SIZE(SS_MPI_TESTANY, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Testsome(int incount, MPI_Request requests[],
                              int *outcount, int indices[],
                              MPI_Status statuses[]) {
  SSMPI_BEGIN;
  struct ssmpi_completions w;
  ssmpi_completions_begin(&w, incount, requests, &statuses);
  int rc = PMPI_Testsome(incount, requests, outcount, indices, statuses);
  int64_t peer, bytes;
  ssmpi_completions_end(&w, rc, statuses, indices,
                        *outcount == MPI_UNDEFINED ? 0 : *outcount, &peer,
                        &bytes);
  SSMPI_END_SIZE(SS_MPI_TESTSOME, peer, bytes, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Request_free(MPI_Request *request) {
  SSMPI_BEGIN;
  MPI_Request r = *request;
  int rc = PMPI_Request_free(request);
  if (rc == MPI_SUCCESS)
    ssmpi_request_freed(r);
  SSMPI_END_SIZE(SS_MPI_REQUEST_FREE, -1, 0, 0);
  return rc;
}

SSMPI_EXPORT int MPI_Cancel(MPI_Request *request) {
  SSMPI_BEGIN;
  int rc = PMPI_Cancel(request);
  /* The request still completes through a wait or test (its status then
   * says cancelled, and nothing is counted). */
  SSMPI_END_SIZE(SS_MPI_CANCEL, -1, 0, 0);
  return rc;
}
