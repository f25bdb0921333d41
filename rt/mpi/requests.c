/*
 * requests.c -- the nonblocking receives still in flight, so that the
 * wait or test that completes one records the source the receive matched
 * (a rank of MPI_COMM_WORLD) and the bytes it received (interpose.h).
 *
 * MPI_Irecv and MPI_Recv_init enter their request with its communicator;
 * the completing call takes it out (a persistent one stays until
 * MPI_Request_free).  MPI_Send_init enters its destination and bytes,
 * which MPI_Start records as the message it sends.  A request is an opaque handle (a pointer in Open
 * MPI, an int in MPICH): the table keys on its bytes.  One lock guards
 * the table: MPI calls take microseconds, and the table is not touched
 * at all while no receive is in flight.  When more receives are in
 * flight than the table holds, the extra ones complete with no source or
 * bytes recorded (docs/mpi.md).
 */
#define _GNU_SOURCE
#include "interpose.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SIZE 65536 /* a power of two; BSS, touched only where used */

struct slot {
  uint64_t key; /* the request's bytes; 0: empty */
  MPI_Comm comm;
  int persistent;
  int send;            /* a persistent send (MPI_Send_init): */
  int64_t peer, bytes; /* its destination and bytes, for MPI_Start */
};

static struct slot table[TABLE_SIZE];
static size_t live;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t key_of(MPI_Request r) {
  uint64_t k = 0;
  memcpy(&k, &r, sizeof r < sizeof k ? sizeof r : sizeof k);
  return k;
}

static size_t home(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  return (size_t)k & (TABLE_SIZE - 1);
}

/* The slot holding `k`, or the empty slot where it would go. */
static size_t find(uint64_t k) {
  size_t i = home(k);
  while (table[i].key && table[i].key != k)
    i = (i + 1) & (TABLE_SIZE - 1);
  return i;
}

/* Removes slot i, moving later entries of its probe run back (no
 * tombstones). */
static void remove_at(size_t i) {
  table[i].key = 0;
  live--;
  for (size_t j = (i + 1) & (TABLE_SIZE - 1); table[j].key;
       j = (j + 1) & (TABLE_SIZE - 1)) {
    size_t h = home(table[j].key);
    /* Entry j may move into the hole at i unless its home lies
     * cyclically in (i, j]. */
    int stays = i <= j ? (h > i && h <= j) : (h > i || h <= j);
    if (!stays) {
      table[i] = table[j];
      table[j].key = 0;
      i = j;
    }
  }
}

static void enter(struct slot e) {
  if (!e.key)
    return;
  pthread_mutex_lock(&lock);
  size_t i = find(e.key);
  if (table[i].key || live < TABLE_SIZE / 2) {
    if (!table[i].key)
      live++;
    table[i] = e;
  }
  pthread_mutex_unlock(&lock);
}

void ssmpi_request_posted(MPI_Request r, MPI_Comm comm, int persistent) {
  if (r != MPI_REQUEST_NULL)
    enter((struct slot){key_of(r), comm, persistent, 0, -1, 0});
}

void ssmpi_request_send_init(MPI_Request r, int64_t peer, int64_t bytes) {
  if (r != MPI_REQUEST_NULL)
    enter((struct slot){key_of(r), MPI_COMM_NULL, 1, 1, peer, bytes});
}

/* A copy of request r's entry, if the table has one. */
static int lookup(MPI_Request r, struct slot *out) {
  if (!__atomic_load_n(&live, __ATOMIC_RELAXED) || r == MPI_REQUEST_NULL)
    return 0;
  uint64_t k = key_of(r);
  pthread_mutex_lock(&lock);
  size_t i = find(k);
  int found = k && table[i].key == k;
  if (found)
    *out = table[i];
  pthread_mutex_unlock(&lock);
  return found;
}

int ssmpi_request_send(MPI_Request r, int64_t *peer, int64_t *bytes) {
  struct slot e;
  if (!lookup(r, &e) || !e.send)
    return 0;
  *peer = e.peer;
  *bytes = e.bytes;
  return 1;
}

int ssmpi_request_receive(MPI_Request r, MPI_Comm *comm) {
  struct slot e;
  if (!lookup(r, &e) || e.send)
    return 0;
  *comm = e.comm;
  return 1;
}

/* Takes request r out of the table: `always` for MPI_Request_free,
 * else only when it is not persistent (a completed one). */
static void take_out(MPI_Request r, int always) {
  if (!__atomic_load_n(&live, __ATOMIC_RELAXED) || r == MPI_REQUEST_NULL)
    return;
  uint64_t k = key_of(r);
  pthread_mutex_lock(&lock);
  size_t i = find(k);
  if (table[i].key == k && k && (always || !table[i].persistent))
    remove_at(i);
  pthread_mutex_unlock(&lock);
}

void ssmpi_request_freed(MPI_Request r) { take_out(r, 1); }

static int ignored(const MPI_Status *st) {
  return st == MPI_STATUS_IGNORE || st == MPI_STATUSES_IGNORE;
}

void ssmpi_received(const MPI_Status *st, MPI_Comm comm, int64_t *peer,
                    int64_t *bytes) {
  int n = 0, cancelled = 0;
  *peer = -1;
  *bytes = 0;
  if (PMPI_Test_cancelled(st, &cancelled) != MPI_SUCCESS || cancelled)
    return;
  *peer = ssmpi_world_rank(comm, st->MPI_SOURCE);
  /* Counted in MPI_BYTE, whose size is 1: exact for any datatype. */
  if (PMPI_Get_count(st, MPI_BYTE, &n) == MPI_SUCCESS && n != MPI_UNDEFINED &&
      n > 0)
    *bytes = n;
}

void ssmpi_completions_begin(struct ssmpi_completions *c, int count,
                             const MPI_Request *requests,
                             MPI_Status **statuses) {
  memset(c, 0, sizeof *c);
  if (count <= 0 || !requests || !__atomic_load_n(&live, __ATOMIC_RELAXED))
    return;
  for (int i = 0; i < count; i++) {
    MPI_Comm comm;
    if (!ssmpi_request_receive(requests[i], &comm))
      continue;
    if (!c->recv) {
      c->recv = count == 1 ? &c->one_recv
                           : malloc((size_t)count * sizeof *c->recv);
      if (!c->recv)
        return;
    }
    c->recv[c->n++] = (struct ssmpi_receive){i, requests[i], comm};
  }
  if (c->n && ignored(*statuses)) {
    /* The statuses the program ignores are ours to read. */
    c->own = count == 1 ? &c->one : malloc((size_t)count * sizeof *c->own);
    if (c->own)
      *statuses = c->own;
  }
}

/* Where the status of request i is, or -1 when it did not complete:
 * with `done` (Waitsome's indices, Waitany's index), the position of i in
 * it; without, i itself (every request completed). */
static int status_of(int i, const int *done, int ndone) {
  if (!done)
    return i;
  for (int k = 0; k < ndone; k++)
    if (done[k] == i)
      return k;
  return -1;
}

void ssmpi_completions_end(struct ssmpi_completions *c, int rc,
                           const MPI_Status *statuses, const int *done,
                           int ndone, int64_t *peer, int64_t *bytes) {
  *peer = -1;
  *bytes = 0;
  int peers = 0;
  for (int k = 0; k < c->n; k++) {
    const struct ssmpi_receive *r = &c->recv[k];
    int at = rc == MPI_SUCCESS ? status_of(r->index, done, ndone) : -1;
    if (at < 0)
      continue;
    take_out(r->request, 0);
    if (ignored(statuses))
      continue;
    int64_t p, b;
    ssmpi_received(&statuses[at], r->comm, &p, &b);
    *bytes += b;
    if (peers++ == 0)
      *peer = p;
    else if (*peer != p)
      *peer = -1;
  }
  if (c->recv != &c->one_recv)
    free(c->recv);
  if (c->own != &c->one)
    free(c->own);
}
