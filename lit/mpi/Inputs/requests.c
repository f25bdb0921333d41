/* requests.c -- the MPI routines beyond the basic ones, on 4 ranks:
 * receives from MPI_ANY_SOURCE completed by Waitall, Waitany and
 * Waitsome (whose events carry what the receives brought: bytes, and the
 * source when one), a cancelled receive, persistent requests
 * (Send_init, Recv_init, Start, Startall, Request_free), nonblocking
 * collectives, Sendrecv_replace, Exscan, Comm_split_type, one-sided
 * communication (Win_create, Win_fence, Put, Get, Accumulate, Win_lock,
 * Win_unlock, Win_free) and MPI-IO (File_open, File_write_at,
 * File_write_at_all, File_sync, File_read_at, File_close).  Each rank
 * prints its own tally (routine, calls, bytes, peer), with the bytes and
 * peers as docs/mpi.md defines them, worked out here from the counts and
 * types it passes and the statuses MPI gives it. */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static void tally(int rank, const char *routine, long calls, long bytes,
                  int peer) {
  printf("tally rank=%d routine=%s calls=%ld bytes=%ld peer=%d\n", rank,
         routine, calls, bytes, peer);
}

/* The peer a completion records: the one source of what it completed,
 * -1 for none or several. */
static int one_source(const int *sources, int n) {
  for (int i = 1; i < n; i++)
    if (sources[i] != sources[0])
      return -1;
  return n ? sources[0] : -1;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) {
    fprintf(stderr, "requests: run on 4 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;

  /* Every rank sends 3 (its rank + 1) ints to every other; the receives
   * take any source, with buffers large enough for any, and one Waitall
   * completes sends and receives: its event has the bytes received and
   * no single source. */
  int out[12] = {0}, in[3][12];
  MPI_Request req[6];
  for (int i = 0; i < 3; i++)
    MPI_Irecv(in[i], 12, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &req[i]);
  tally(rank, "MPI_Irecv", 3, 0, -1);
  for (int i = 0, to = 0; to < size; to++) {
    if (to == rank)
      continue;
    MPI_Isend(out, 3 * (rank + 1), MPI_INT, to, 1, MPI_COMM_WORLD,
              &req[3 + i++]);
    tally(rank, "MPI_Isend", 1, 3 * (rank + 1) * 4, to);
  }
  MPI_Status st[6];
  MPI_Waitall(6, req, st);
  long got = 0;
  int sources[6];
  for (int i = 0; i < 3; i++) {
    int n;
    MPI_Get_count(&st[i], MPI_INT, &n);
    got += n * 4;
    sources[i] = st[i].MPI_SOURCE;
  }
  tally(rank, "MPI_Waitall", 1, got, one_source(sources, 3));

  /* Waitany over receives from the next and the previous rank (5 and 7
   * doubles), in whatever order they come; the statuses ignored. */
  double d5[5] = {0}, d7[7] = {0}, r5[5], r7[7];
  MPI_Request two[2];
  MPI_Irecv(r5, 5, MPI_DOUBLE, next, 2, MPI_COMM_WORLD, &two[0]);
  MPI_Irecv(r7, 7, MPI_DOUBLE, prev, 3, MPI_COMM_WORLD, &two[1]);
  tally(rank, "MPI_Irecv", 1, 0, next);
  tally(rank, "MPI_Irecv", 1, 0, prev);
  MPI_Send(d5, 5, MPI_DOUBLE, prev, 2, MPI_COMM_WORLD);
  MPI_Send(d7, 7, MPI_DOUBLE, next, 3, MPI_COMM_WORLD);
  tally(rank, "MPI_Send", 1, 5 * 8, prev);
  tally(rank, "MPI_Send", 1, 7 * 8, next);
  for (int k = 0; k < 2; k++) {
    int index;
    MPI_Waitany(2, two, &index, MPI_STATUS_IGNORE);
    tally(rank, "MPI_Waitany", 1, index == 0 ? 5 * 8 : 7 * 8,
          index == 0 ? next : prev);
  }

  /* Waitsome until both of another such pair are in. */
  MPI_Irecv(r5, 5, MPI_DOUBLE, next, 4, MPI_COMM_WORLD, &two[0]);
  MPI_Irecv(r7, 7, MPI_DOUBLE, prev, 5, MPI_COMM_WORLD, &two[1]);
  tally(rank, "MPI_Irecv", 1, 0, next);
  tally(rank, "MPI_Irecv", 1, 0, prev);
  MPI_Send(d5, 5, MPI_DOUBLE, prev, 4, MPI_COMM_WORLD);
  MPI_Send(d7, 7, MPI_DOUBLE, next, 5, MPI_COMM_WORLD);
  tally(rank, "MPI_Send", 1, 5 * 8, prev);
  tally(rank, "MPI_Send", 1, 7 * 8, next);
  for (int left = 2; left > 0;) {
    int n, idx[2];
    MPI_Status sst[2];
    MPI_Waitsome(2, two, &n, idx, sst);
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      int c;
      MPI_Get_count(&sst[i], MPI_BYTE, &c);
      bytes += c;
      sources[i] = sst[i].MPI_SOURCE;
    }
    tally(rank, "MPI_Waitsome", 1, bytes, one_source(sources, n));
    left -= n;
  }

  /* A receive nobody matches, cancelled: its wait receives nothing. */
  int never;
  MPI_Request lost;
  MPI_Irecv(&never, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD, &lost);
  tally(rank, "MPI_Irecv", 1, 0, -1);
  MPI_Cancel(&lost);
  tally(rank, "MPI_Cancel", 1, 0, -1);
  MPI_Wait(&lost, MPI_STATUS_IGNORE);
  tally(rank, "MPI_Wait", 1, 0, -1);

  /* Persistent: 4 doubles to the next rank, from the previous, started
   * three times together and twice apart. */
  double ps[4] = {0}, pr[4];
  MPI_Request pers[2];
  MPI_Send_init(ps, 4, MPI_DOUBLE, next, 6, MPI_COMM_WORLD, &pers[0]);
  MPI_Recv_init(pr, 4, MPI_DOUBLE, prev, 6, MPI_COMM_WORLD, &pers[1]);
  tally(rank, "MPI_Send_init", 1, 0, next);
  tally(rank, "MPI_Recv_init", 1, 0, prev);
  for (int k = 0; k < 3; k++) {
    MPI_Startall(2, pers);
    MPI_Waitall(2, pers, MPI_STATUSES_IGNORE);
  }
  tally(rank, "MPI_Startall", 3, 3 * 4 * 8, next);
  tally(rank, "MPI_Waitall", 3, 3 * 4 * 8, prev);
  for (int k = 0; k < 2; k++) {
    MPI_Start(&pers[1]);
    MPI_Start(&pers[0]);
    MPI_Wait(&pers[0], MPI_STATUS_IGNORE);
    MPI_Wait(&pers[1], MPI_STATUS_IGNORE);
  }
  tally(rank, "MPI_Start", 2, 0, -1);
  tally(rank, "MPI_Start", 2, 2 * 4 * 8, next);
  tally(rank, "MPI_Wait", 2, 0, -1);
  tally(rank, "MPI_Wait", 2, 2 * 4 * 8, prev);
  MPI_Request_free(&pers[0]);
  MPI_Request_free(&pers[1]);
  tally(rank, "MPI_Request_free", 2, 0, -1);

  /* Nonblocking collectives, completed together (no receive among them:
   * the Waitall brings no bytes). */
  int bc[5] = {0};
  double ar[2] = {1, 2}, arsum[2];
  MPI_Request coll[3];
  MPI_Ibcast(bc, 5, MPI_INT, 1, MPI_COMM_WORLD, &coll[0]);
  MPI_Iallreduce(ar, arsum, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &coll[1]);
  MPI_Ibarrier(MPI_COMM_WORLD, &coll[2]);
  MPI_Waitall(3, coll, MPI_STATUSES_IGNORE);
  tally(rank, "MPI_Ibcast", 1, 5 * 4, 1);
  tally(rank, "MPI_Iallreduce", 1, 2 * 8, -1);
  tally(rank, "MPI_Ibarrier", 1, 0, -1);
  tally(rank, "MPI_Waitall", 1, 0, -1);

  /* Sendrecv_replace: 6 ints to the next rank, from the previous. */
  int sr[6] = {rank};
  MPI_Sendrecv_replace(sr, 6, MPI_INT, next, 7, prev, 7, MPI_COMM_WORLD,
                       MPI_STATUS_IGNORE);
  tally(rank, "MPI_Sendrecv_replace", 1, 6 * 4, next);

  long one = 1, below;
  MPI_Exscan(&one, &below, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  tally(rank, "MPI_Exscan", 1, 8, -1);

  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
                      MPI_INFO_NULL, &node);
  tally(rank, "MPI_Comm_split_type", 1, 0, -1);
  MPI_Comm_free(&node);
  tally(rank, "MPI_Comm_free", 1, 0, -1);

  /* One-sided: a window of 16 ints per rank. */
  int winbuf[16] = {0}, put[2] = {rank, rank}, get[3];
  MPI_Win win;
  MPI_Win_create(winbuf, sizeof winbuf, sizeof(int), MPI_INFO_NULL,
                 MPI_COMM_WORLD, &win);
  tally(rank, "MPI_Win_create", 1, sizeof winbuf, -1);
  MPI_Win_fence(0, win);
  MPI_Put(put, 2, MPI_INT, next, 0, 2, MPI_INT, win);
  MPI_Get(get, 3, MPI_INT, prev, 4, 3, MPI_INT, win);
  MPI_Accumulate(put, 1, MPI_INT, next, 8, 1, MPI_INT, MPI_SUM, win);
  MPI_Win_fence(0, win);
  MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win);
  MPI_Put(put, 2, MPI_INT, next, 10, 2, MPI_INT, win);
  MPI_Win_unlock(next, win);
  MPI_Win_free(&win);
  tally(rank, "MPI_Win_fence", 2, 0, -1);
  tally(rank, "MPI_Put", 2, 2 * 2 * 4, next);
  tally(rank, "MPI_Get", 1, 3 * 4, prev);
  tally(rank, "MPI_Accumulate", 1, 4, next);
  tally(rank, "MPI_Win_lock", 1, 0, next);
  tally(rank, "MPI_Win_unlock", 1, 0, next);
  tally(rank, "MPI_Win_free", 1, 0, -1);

  /* MPI-IO: each rank writes its 8 doubles at its own offset, then 2
   * more collectively, syncs, and reads the first 8 back. */
  MPI_File fh;
  double w[8], r[8], w2[2] = {0};
  for (int i = 0; i < 8; i++)
    w[i] = rank * 10 + i;
  MPI_File_open(MPI_COMM_WORLD, "requests.dat",
                MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  MPI_File_write_at(fh, (MPI_Offset)rank * sizeof w, w, 8, MPI_DOUBLE,
                    MPI_STATUS_IGNORE);
  MPI_File_write_at_all(fh, (MPI_Offset)(size * sizeof w + rank * sizeof w2),
                        w2, 2, MPI_DOUBLE, MPI_STATUS_IGNORE);
  MPI_File_sync(fh);
  MPI_Status rs;
  MPI_File_read_at(fh, (MPI_Offset)rank * sizeof r, r, 8, MPI_DOUBLE, &rs);
  int nread;
  MPI_Get_count(&rs, MPI_BYTE, &nread);
  MPI_File_close(&fh);
  if (memcmp(w, r, sizeof w) != 0)
    fprintf(stderr, "requests: rank %d read back other data\n", rank);
  tally(rank, "MPI_File_open", 1, 0, -1);
  tally(rank, "MPI_File_write_at", 1, sizeof w, -1);
  tally(rank, "MPI_File_write_at_all", 1, sizeof w2, -1);
  tally(rank, "MPI_File_sync", 1, 0, -1);
  tally(rank, "MPI_File_read_at", 1, nread, -1);
  tally(rank, "MPI_File_close", 1, 0, -1);

  MPI_Finalize();
  return 0;
}
