/* routines.c -- more of the MPI routines the mpi experiment wraps, on 4
 * ranks: point-to-point inside a communicator split by parity (whose
 * peers ssprof must give as ranks of MPI_COMM_WORLD), Sendrecv, Probe,
 * nonblocking calls completed by Wait and Test, rooted and MPI_IN_PLACE
 * collectives, Alltoall, Comm_split, Comm_dup and Comm_free.  Each rank
 * prints its own tally, one line per routine, with the bytes as
 * docs/mpi.md defines them, worked out here from the counts and types it
 * passes. */
#include <mpi.h>
#include <stdio.h>

static void tally(int rank, const char *routine, long calls, long bytes,
                  int peer) {
  printf("tally rank=%d routine=%s calls=%ld bytes=%ld peer=%d\n", rank,
         routine, calls, bytes, peer);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    fprintf(stderr, "routines: run on 4 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  /* Even and odd ranks apart: sub rank s is world rank 2s + parity. */
  MPI_Comm sub, dup;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &sub);
  tally(rank, "MPI_Comm_split", 1, 0, -1);
  int srank;
  MPI_Comm_rank(sub, &srank);
  int partner = 2 * (1 - srank) + rank % 2; /* the other one, in world */
  double d[7] = {0};
  if (srank == 0) {
    MPI_Send(d, 7, MPI_DOUBLE, 1, 0, sub);
    tally(rank, "MPI_Send", 1, 7 * 8, partner);
    MPI_Status st;
    MPI_Probe(1, 1, sub, &st);
    tally(rank, "MPI_Probe", 1, 0, partner);
    MPI_Recv(d, 5, MPI_DOUBLE, 1, 1, sub, MPI_STATUS_IGNORE);
    tally(rank, "MPI_Recv", 1, 5 * 8, partner);
  } else {
    MPI_Recv(d, 7, MPI_DOUBLE, 0, 0, sub, MPI_STATUS_IGNORE);
    tally(rank, "MPI_Recv", 1, 7 * 8, partner);
    MPI_Ssend(d, 5, MPI_DOUBLE, 0, 1, sub);
    tally(rank, "MPI_Ssend", 1, 5 * 8, partner);
  }
  /* Rooted at sub rank 1: the odd world ranks 2 and 3. */
  int shared[3] = {0};
  MPI_Bcast(shared, 3, MPI_INT, 1, sub);
  tally(rank, "MPI_Bcast", 1, 3 * 4, 2 + rank % 2);
  MPI_Comm_dup(sub, &dup);
  tally(rank, "MPI_Comm_dup", 1, 0, -1);
  MPI_Barrier(dup);
  tally(rank, "MPI_Barrier", 1, 0, -1);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&sub);
  tally(rank, "MPI_Comm_free", 2, 0, -1);

  /* A ring of Sendrecv: 3 ints to the next rank. */
  int out[3] = {rank, rank, rank}, in[3];
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  MPI_Sendrecv(out, 3, MPI_INT, next, 2, in, 3, MPI_INT, prev, 2,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  tally(rank, "MPI_Sendrecv", 1, 3 * 4, next);

  /* Nonblocking: 9 shorts to the previous rank, completed by Wait on the
   * send and Test (as often as it takes) on the receive; the receive's
   * bytes and source are recorded by the Test that completes it. */
  short s[9] = {0}, r[9];
  MPI_Request send_req, recv_req;
  MPI_Irecv(r, 9, MPI_SHORT, next, 3, MPI_COMM_WORLD, &recv_req);
  tally(rank, "MPI_Irecv", 1, 0, next);
  MPI_Isend(s, 9, MPI_SHORT, prev, 3, MPI_COMM_WORLD, &send_req);
  tally(rank, "MPI_Isend", 1, 9 * 2, prev);
  MPI_Wait(&send_req, MPI_STATUS_IGNORE);
  tally(rank, "MPI_Wait", 1, 0, -1);
  int done = 0;
  long tests = 0;
  while (!done) {
    MPI_Test(&recv_req, &done, MPI_STATUS_IGNORE);
    tests++;
  }
  /* The Test that completes the receive records what it brought. */
  tally(rank, "MPI_Test", tests - 1, 0, -1);
  tally(rank, "MPI_Test", 1, 9 * 2, next);

  /* Collectives on the world. */
  long lv[4] = {1, 2, 3, 4}, lsum[4];
  MPI_Reduce(lv, lsum, 4, MPI_LONG, MPI_SUM, 1, MPI_COMM_WORLD);
  tally(rank, "MPI_Reduce", 1, 4 * 8, 1);
  double both[2] = {1.0, 2.0};
  MPI_Allreduce(MPI_IN_PLACE, both, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  tally(rank, "MPI_Allreduce", 1, 2 * 8, -1);
  int mine[5] = {0}, all[4 * 5];
  /* The root gathers in place: its share is its receive buffer's. */
  MPI_Gather(rank == 0 ? MPI_IN_PLACE : (void *)mine, 5, MPI_INT, all, 5,
             MPI_INT, 0, MPI_COMM_WORLD);
  tally(rank, "MPI_Gather", 1, 5 * 4, 0);
  int part[6];
  MPI_Scatter(all, 6, MPI_INT, part, 6, MPI_INT, 2, MPI_COMM_WORLD);
  tally(rank, "MPI_Scatter", 1, 6 * 4, 2);
  long one = rank, each[4];
  MPI_Allgather(&one, 1, MPI_LONG, each, 1, MPI_LONG, MPI_COMM_WORLD);
  tally(rank, "MPI_Allgather", 1, 8, -1);
  int to_each[4 * 2] = {0}, from_each[4 * 2];
  MPI_Alltoall(to_each, 2, MPI_INT, from_each, 2, MPI_INT, MPI_COMM_WORLD);
  tally(rank, "MPI_Alltoall", 1, 4 * 2 * 4, -1);

  MPI_Finalize();
  return 0;
}
