/* seed_mpi.c -- a small MPI program for the fuzzers' seed corpus
 * (seed_corpus.sh): on 2 ranks, a blocking and a nonblocking exchange, a
 * persistent send, a broadcast and a reduction, so that its mpi
 * experiment files have events of several kinds with peers, bytes and
 * communicator sizes, and every experiment's file a RANK record. */
#include <mpi.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int peer = (rank + 1) % size;
  double buf[16] = {0}, in[16];
  volatile double sink = 0;
  for (int round = 0; round < 20; round++) {
    MPI_Request req[2];
    MPI_Irecv(in, 16, MPI_DOUBLE, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(buf, 1 + round % 16, MPI_DOUBLE, peer, 1, MPI_COMM_WORLD,
              &req[1]);
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    MPI_Sendrecv(buf, 4, MPI_DOUBLE, peer, 2, in, 4, MPI_DOUBLE, peer, 2,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 20000 * (rank + 1); i++)
      sink += in[i % 16] * i;
  }
  MPI_Request p;
  MPI_Send_init(buf, 3, MPI_DOUBLE, peer, 3, MPI_COMM_WORLD, &p);
  MPI_Start(&p);
  MPI_Recv(in, 3, MPI_DOUBLE, MPI_ANY_SOURCE, 3, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Wait(&p, MPI_STATUS_IGNORE);
  MPI_Request_free(&p);
  MPI_Bcast(buf, 8, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  double s = sink, t;
  MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
