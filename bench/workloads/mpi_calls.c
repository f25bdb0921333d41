/* mpi_calls.c -- bench/mpi.sh's workload: on 2 ranks, N rounds of an
 * 8-byte ping-pong (Send and Recv on each side) and an 8-byte Allreduce
 * (on 1 rank the Allreduce alone: the wrappers' own cost, no waiting);
 * each rank prints "calls N" with the MPI calls it made besides MPI_Init
 * and MPI_Finalize. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long rounds = argc > 1 ? atol(argv[1]) : 20000, calls = 0;
  long v = rank, sum = 0;
  double x = 0;
  for (long i = 0; i < rounds; i++) {
    if (size == 1) {
    } else if (rank == 0) {
      MPI_Send(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
      MPI_Recv(&x, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
      MPI_Recv(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    calls += rank < 2 && size > 1 ? 3 : 1;
  }
  printf("calls %ld\n", calls);
  MPI_Finalize();
  return 0;
}
