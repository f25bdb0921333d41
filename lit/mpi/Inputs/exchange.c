/* exchange.c -- an MPI program whose calls lit/mpi tests count: a ring of
 * point-to-point messages (rank r sends r+1 messages of 100*(r+1) ints to
 * rank r+1), broadcasts, reductions and barriers, and a deliberate load
 * imbalance: the last rank computes alone before the final barrier, which
 * the others wait in.  Each rank prints its own tally of what it called,
 * one line per routine, which the tests compare with ssprof's. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BCASTS 2
#define ALLREDUCES 5
#define BARRIERS 3

static volatile double sink;

/* About `n` million floating-point operations of work.  (Not inlined:
 * the ideal experiment counts its calls.) */
static __attribute__((noinline)) void compute(long n) {
  double x = 1.0;
  for (long i = 0; i < n * 1000000L; i++)
    x = x * 1.0000001 + 1e-9;
  sink = x;
}

static __attribute__((noinline)) void tally(int rank, const char *routine,
                                           long calls, long bytes, int peer) {
  printf("tally rank=%d routine=%s calls=%ld bytes=%ld peer=%d\n", rank,
         routine, calls, bytes, peer);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int to = (rank + 1) % size, from = (rank + size - 1) % size;

  /* The ring: r+1 messages of 100*(r+1) ints from rank r to rank r+1. */
  int sends = rank + 1, count = 100 * (rank + 1);
  int recvs = from + 1, rcount = 100 * (from + 1);
  int *out = calloc((size_t)count, sizeof *out);
  int *in = calloc((size_t)rcount, sizeof *in);
  MPI_Request *req = calloc((size_t)sends, sizeof *req);
  for (int i = 0; i < sends; i++)
    MPI_Isend(out, count, MPI_INT, to, i, MPI_COMM_WORLD, &req[i]);
  for (int i = 0; i < recvs; i++)
    MPI_Recv(in, rcount, MPI_INT, from, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Waitall(sends, req, MPI_STATUSES_IGNORE);
  tally(rank, "MPI_Isend", sends, (long)sends * count * (long)sizeof(int), to);
  tally(rank, "MPI_Recv", recvs, (long)recvs * rcount * (long)sizeof(int),
        from);
  tally(rank, "MPI_Waitall", 1, 0, -1);

  double params[10] = {0};
  for (int i = 0; i < BCASTS; i++)
    MPI_Bcast(params, 10, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  tally(rank, "MPI_Bcast", BCASTS, BCASTS * 10 * (long)sizeof(double), 0);

  long local = rank, total = 0;
  for (int i = 0; i < ALLREDUCES; i++)
    MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  tally(rank, "MPI_Allreduce", ALLREDUCES, ALLREDUCES * (long)sizeof(long),
        -1);

  for (int i = 0; i < BARRIERS - 1; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  /* The imbalance: the last rank works while the others wait. */
  if (rank == size - 1)
    compute(argc > 1 ? atol(argv[1]) : 300);
  MPI_Barrier(MPI_COMM_WORLD);
  tally(rank, "MPI_Barrier", BARRIERS, 0, -1);

  free(out);
  free(in);
  free(req);
  MPI_Finalize();
  return 0;
}
