/* trace_kinds.c -- what each kind of trace counts (see traces.h). */
#include "traces.h"

#include <string.h>

static const char *const io_calls[SS_IO_CALL_LAST + 1] = {
    "?",      "read",  "readv",     "pread",  "preadv", "write",
    "writev", "pwrite", "pwritev",  "open",   "openat", "creat",
    "close",  "dup",   "dup2",      "dup3",   "pipe",   "pipe2",
    "lseek",  "fsync", "fdatasync", "sendfile"};

const char *ss_io_call_name(uint32_t call) {
  return call <= SS_IO_CALL_LAST ? io_calls[call] : "?";
}

int ss_io_call_moves_bytes(uint32_t call) {
  return (call >= SS_IO_READ && call <= SS_IO_PWRITEV) ||
         call == SS_IO_SENDFILE;
}

int ss_io_call_writes(uint32_t call) {
  return (call >= SS_IO_WRITE && call <= SS_IO_PWRITEV) ||
         call == SS_IO_SENDFILE;
}

/* -- fpe ---------------------------------------------------------------------- */

static const char *const fpe_weights[SS_FPE_W_COUNT] = {
    "total", "invalid", "divide_by_zero", "overflow", "underflow", "inexact"};

static void weigh_fpe(const struct ss_event_view *e, uint64_t *w) {
  static const uint32_t bit[SS_FPE_W_COUNT] = {
      0, SS_FPE_INVALID, SS_FPE_DIVBYZERO, SS_FPE_OVERFLOW, SS_FPE_UNDERFLOW,
      SS_FPE_INEXACT};
  w[SS_FPE_W_TOTAL] = 1;
  for (int i = 1; i < SS_FPE_W_COUNT; i++)
    w[i] = (e->kind & bit[i]) ? 1 : 0;
}

/* -- io ----------------------------------------------------------------------- */

/* "calls", "bytes", "ns", then "<call>.calls", "<call>.bytes" and
 * "<call>.ns" for calls 1..last (io and mpi weigh alike). */
#define CALL_WEIGHT_TEXT 40
static void name_call_weights(const char *const *calls, uint32_t last,
                              char (*text)[CALL_WEIGHT_TEXT],
                              const char **names) {
  if (names[0])
    return;
  static const char *const fixed[3] = {"calls", "bytes", "ns"};
  static const char *const suffix[3] = {".calls", ".bytes", ".ns"};
  for (uint32_t i = 0; i < 3; i++)
    names[i] = fixed[i];
  for (uint32_t c = 1; c <= last; c++)
    for (uint32_t k = 0; k < 3; k++) {
      char *t = text[3 * c + k];
      strcpy(t, calls[c]);
      strcat(t, suffix[k]);
      names[3 * c + k] = t;
    }
}

static char io_weight_text[SS_IO_W_COUNT][CALL_WEIGHT_TEXT];
static const char *io_weights[SS_IO_W_COUNT];

static void weigh_io(const struct ss_event_view *e, uint64_t *w) {
  memset(w, 0, SS_IO_W_COUNT * sizeof *w);
  uint64_t bytes = ss_io_call_moves_bytes(e->kind) && e->value[0] > 0
                       ? (uint64_t)e->value[0]
                       : 0;
  w[SS_IO_W_CALLS] = 1;
  w[SS_IO_W_BYTES] = bytes;
  w[SS_IO_W_NS] = e->duration_ns;
  w[ss_io_w_calls(e->kind)] = 1;
  w[ss_io_w_bytes(e->kind)] = bytes;
  w[ss_io_w_ns(e->kind)] = e->duration_ns;
}

/* -- heap --------------------------------------------------------------------- */

static const char *const heap_calls[SS_HEAP_CALL_LAST + 1] = {
    "?",       "malloc",   "calloc", "realloc", "reallocarray",
    "posix_memalign", "aligned_alloc", "memalign", "valloc", "pvalloc",
    "free",    "new",      "new[]",  "delete",  "delete[]"};

const char *ss_heap_call_name(uint32_t call) {
  return call <= SS_HEAP_CALL_LAST ? heap_calls[call] : "?";
}

static int is_realloc(uint32_t call) {
  return call == SS_HEAP_REALLOC || call == SS_HEAP_REALLOCARRAY;
}

static int is_release(uint32_t call) {
  return call == SS_HEAP_FREE || call == SS_HEAP_DELETE ||
         call == SS_HEAP_DELETE_ARRAY;
}

/* realloc(p, 0) that returned nothing only released p (glibc). */
int ss_heap_event_allocates(const struct ss_event_view *e) {
  if (is_release(e->kind))
    return 0;
  return !(is_realloc(e->kind) && e->value[1] && !e->value[0] &&
           e->value[2] == 0);
}

int ss_heap_event_releases(const struct ss_event_view *e) {
  if (!e->value[1])
    return 0;
  if (is_release(e->kind))
    return 1;
  return is_realloc(e->kind) && (e->value[0] || e->value[2] == 0);
}

/* "allocs", "bytes", ..., then the calls by kind. */
static const char *heap_weights[SS_HEAP_W_COUNT] = {
    "mallocs", "bytes", "frees", "freed_bytes", "ns", "large",
    "leaked_blocks", "leaked_bytes", "peak_blocks", "peak_bytes",
    "short_lived", "errors"};

static void name_heap_weights(void) {
  for (uint32_t c = 1; c <= SS_HEAP_CALL_LAST; c++)
    heap_weights[SS_HEAP_W_PER_CALL + c - 1] = heap_calls[c];
}

static void weigh_heap(const struct ss_event_view *e, uint64_t *w) {
  memset(w, 0, SS_HEAP_W_COUNT * sizeof *w);
  if (ss_heap_event_allocates(e)) {
    uint64_t bytes = e->value[0] ? (uint64_t)e->value[2] : 0;
    w[SS_HEAP_W_ALLOCS] = 1;
    w[SS_HEAP_W_BYTES] = bytes;
    w[SS_HEAP_W_LARGE] = bytes >= SS_HEAP_LARGE;
  }
  w[SS_HEAP_W_FREES] = ss_heap_event_releases(e) ? 1 : 0;
  w[SS_HEAP_W_NS] = e->duration_ns;
  w[SS_HEAP_W_PER_CALL + e->kind - 1] = 1;
}

/* -- mpi ---------------------------------------------------------------------- */

static const char *const mpi_calls[SS_MPI_CALL_LAST + 1] = {
    "?",
    "MPI_Init", "MPI_Init_thread", "MPI_Finalize",
    "MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend",
    "MPI_Issend", "MPI_Recv", "MPI_Irecv", "MPI_Sendrecv", "MPI_Probe",
    "MPI_Iprobe", "MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome",
    "MPI_Test", "MPI_Testall", "MPI_Testany", "MPI_Barrier", "MPI_Bcast",
    "MPI_Reduce", "MPI_Allreduce", "MPI_Gather", "MPI_Gatherv",
    "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv",
    "MPI_Alltoall", "MPI_Alltoallv", "MPI_Reduce_scatter", "MPI_Scan",
    "MPI_Comm_split", "MPI_Comm_dup", "MPI_Comm_create", "MPI_Comm_free",
    "MPI_Testsome", "MPI_Request_free", "MPI_Cancel", "MPI_Sendrecv_replace",
    "MPI_Send_init", "MPI_Recv_init", "MPI_Start", "MPI_Startall",
    "MPI_Ibarrier", "MPI_Ibcast", "MPI_Ireduce", "MPI_Iallreduce",
    "MPI_Igather", "MPI_Iscatter", "MPI_Iallgather", "MPI_Ialltoall",
    "MPI_Exscan", "MPI_Comm_split_type", "MPI_Win_create", "MPI_Win_allocate",
    "MPI_Win_free", "MPI_Win_fence", "MPI_Put", "MPI_Get", "MPI_Accumulate",
    "MPI_Win_lock", "MPI_Win_unlock", "MPI_Win_lock_all", "MPI_Win_unlock_all",
    "MPI_Win_flush", "MPI_File_open", "MPI_File_close", "MPI_File_read",
    "MPI_File_write", "MPI_File_read_at", "MPI_File_write_at",
    "MPI_File_read_all", "MPI_File_write_all", "MPI_File_read_at_all",
    "MPI_File_write_at_all", "MPI_File_set_view", "MPI_File_sync"};

const char *ss_mpi_call_name(uint32_t call) {
  return call <= SS_MPI_CALL_LAST ? mpi_calls[call] : "?";
}

/* The calls whose event is a message to its peer: the sends, a persistent
 * send's start (peer -1 when a Startall's went to several ranks) and the
 * one-sided transfers into the target's window. */
int ss_mpi_call_sends(uint32_t call) {
  return (call >= SS_MPI_SEND && call <= SS_MPI_ISSEND) ||
         call == SS_MPI_SENDRECV || call == SS_MPI_SENDRECV_REPLACE ||
         call == SS_MPI_START || call == SS_MPI_STARTALL ||
         call == SS_MPI_PUT || call == SS_MPI_ACCUMULATE;
}

int ss_mpi_call_brackets(uint32_t call) {
  return call == SS_MPI_INIT || call == SS_MPI_INIT_THREAD ||
         call == SS_MPI_FINALIZE;
}

static char mpi_weight_text[SS_MPI_W_COUNT][CALL_WEIGHT_TEXT];
static const char *mpi_weights[SS_MPI_W_COUNT];

static void weigh_mpi(const struct ss_event_view *e, uint64_t *w) {
  memset(w, 0, SS_MPI_W_COUNT * sizeof *w);
  uint64_t bytes = e->value[1] > 0 ? (uint64_t)e->value[1] : 0;
  w[SS_MPI_W_CALLS] = 1;
  w[SS_MPI_W_BYTES] = bytes;
  w[SS_MPI_W_NS] = e->duration_ns;
  w[ss_mpi_w_calls(e->kind)] = 1;
  w[ss_mpi_w_bytes(e->kind)] = bytes;
  w[ss_mpi_w_ns(e->kind)] = e->duration_ns;
}

static const struct ss_trace_desc kinds[] = {
    {SS_TRACE_FPE, "FPEs", "FPEs", SS_FPE_W_COUNT, fpe_weights, weigh_fpe},
    {SS_TRACE_IO, "I/O calls", "calls", SS_IO_W_COUNT, io_weights, weigh_io},
    {SS_TRACE_HEAP, "allocations", "allocs", SS_HEAP_W_COUNT, heap_weights,
     weigh_heap},
    {SS_TRACE_MPI, "MPI calls", "calls", SS_MPI_W_COUNT, mpi_weights,
     weigh_mpi},
};

const struct ss_trace_desc *ss_trace_desc_of(uint32_t kind) {
  name_call_weights(io_calls, SS_IO_CALL_LAST, io_weight_text, io_weights);
  name_call_weights(mpi_calls, SS_MPI_CALL_LAST, mpi_weight_text,
                    mpi_weights);
  name_heap_weights();
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (kinds[i].kind == kind)
      return &kinds[i];
  return NULL;
}
