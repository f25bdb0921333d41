/*
 * io_events.c -- one io event: the names it changes and the event itself,
 * for a call seen by a wrapper (ssrt_io_begin/ssrt_io_end) or by the
 * SIGSYS handler inside a stdio function (ssrt_io_record_syscall).  See
 * io.h; rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "io.h"

#include "callstack.h"
#include "tracer.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>

static __thread int busy __attribute__((tls_model("initial-exec")));

int ssrt_io_busy(void) { return busy; }
void ssrt_io_set_busy(int b) { busy = b; }

/* The bytes an iovec array asks for; read only after the call succeeded
 * (the kernel has read the same array, so it is valid memory). */
static int64_t iov_bytes(const struct iovec *iov, long count) {
  int64_t sum = 0;
  for (long i = 0; iov && i < count && i < 1024; i++)
    sum += (int64_t)iov[i].iov_len;
  return sum;
}

/* The names the call made or dropped; returns the event's object. */
static uint32_t update_names(uint32_t kind, int64_t result, int *fd,
                             int64_t *extra, const char *path, const int *fds,
                             uint32_t before) {
  switch (kind) {
  case SS_IO_OPEN:
  case SS_IO_OPENAT:
  case SS_IO_CREAT: {
    /* A path the kernel could not read is not read here either. */
    uint32_t object =
        result == -EFAULT ? SS_NONE
                          : ssrt_io_file_opened(kind == SS_IO_OPENAT ? *fd
                                                                     : AT_FDCWD,
                                                path);
    if (result >= 0)
      ssrt_io_file_set((int)result, object);
    return object;
  }
  case SS_IO_DUP:
  case SS_IO_DUP2:
  case SS_IO_DUP3: {
    uint32_t object = ssrt_io_file_of(*fd);
    if (result >= 0 && result != *fd)
      ssrt_io_file_set((int)result, object);
    return object;
  }
  case SS_IO_PIPE:
  case SS_IO_PIPE2: {
    if (result != 0 || !fds)
      return SS_NONE;
    uint32_t object = ssrt_io_file_pipe(fds[0]);
    ssrt_io_file_set(fds[0], object);
    ssrt_io_file_set(fds[1], object);
    *fd = fds[0];
    *extra = fds[1];
    return object;
  }
  case SS_IO_CLOSE:
    if (result == 0)
      ssrt_io_file_set(*fd, SS_NONE);
    return before;
  default:
    return ssrt_io_file_of(*fd);
  }
}

static void emit(uint32_t kind, uint32_t object, uint64_t start_ns,
                 int64_t result, int fd, int64_t extra, const uint64_t *pcs,
                 int depth, uint16_t flags) {
  const int64_t values[3] = {result, fd, extra};
  ssrt_tracer_record_call(kind, object, start_ns, values, pcs, depth, flags);
}

void ssrt_io_begin(struct ssrt_io_call *c, uint32_t kind, int fd) {
  c->object = kind == SS_IO_CLOSE ? ssrt_io_file_of(fd) : SS_NONE;
  c->start_ns = ssrt_tracer_now();
}

void ssrt_io_end(struct ssrt_io_call *c, uint32_t kind, int64_t result,
                 int fd, int64_t extra, const char *path, const int *fds,
                 uint64_t ret, uint64_t frame) {
  int saved_errno = errno;
  busy = 1;
  uint32_t object = update_names(kind, result, &fd, &extra, path, fds,
                                 c->object);
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (t) {
    uint64_t pcs[SSRT_TRACE_DEPTH];
    uint16_t flags = 0;
    int depth = ssrt_callstack_caller(&t->walk, ret, frame, pcs,
                                      SSRT_TRACE_DEPTH, &flags);
    emit(kind, object, c->start_ns, result, fd, extra, pcs, depth,
         (uint16_t)(flags | SS_EVENT_LEAF_IS_CALL));
  }
  busy = 0;
  errno = saved_errno;
}

/* -- system calls made inside the C library (io_dispatch.c) ---------------- */

/* What io calls system call `nr`, 0 if it is not one io traces. */
static uint32_t kind_of(long nr) {
  switch (nr) {
  case SYS_read: return SS_IO_READ;
  case SYS_readv: return SS_IO_READV;
  case SYS_pread64: return SS_IO_PREAD;
  case SYS_preadv: case SYS_preadv2: return SS_IO_PREADV;
  case SYS_write: return SS_IO_WRITE;
  case SYS_writev: return SS_IO_WRITEV;
  case SYS_pwrite64: return SS_IO_PWRITE;
  case SYS_pwritev: case SYS_pwritev2: return SS_IO_PWRITEV;
#ifdef SYS_open
  case SYS_open: return SS_IO_OPEN;
#endif
  case SYS_openat: return SS_IO_OPENAT;
#ifdef SYS_creat
  case SYS_creat: return SS_IO_CREAT;
#endif
  case SYS_close: return SS_IO_CLOSE;
  case SYS_dup: return SS_IO_DUP;
#ifdef SYS_dup2
  case SYS_dup2: return SS_IO_DUP2;
#endif
  case SYS_dup3: return SS_IO_DUP3;
#ifdef SYS_pipe
  case SYS_pipe: return SS_IO_PIPE;
#endif
  case SYS_pipe2: return SS_IO_PIPE2;
  case SYS_lseek: return SS_IO_LSEEK;
  case SYS_fsync: return SS_IO_FSYNC;
  case SYS_fdatasync: return SS_IO_FDATASYNC;
  case SYS_sendfile: return SS_IO_SENDFILE;
  default: return 0;
  }
}

uint32_t ssrt_io_object_before(long nr, const long *args) {
  return nr == SYS_close ? ssrt_io_file_of((int)args[0]) : SS_NONE;
}

void ssrt_io_record_syscall(long nr, const long *args, long result,
                            uint64_t start_ns, uint32_t object,
                            uint64_t *pcs, int depth, uint16_t flags) {
  uint32_t kind = kind_of(nr);
  if (!kind)
    return;
  int fd = (int)args[0];
  int64_t extra = 0;
  const char *path = NULL;
  const int *fds = NULL;
  switch (kind) {
  case SS_IO_READ: case SS_IO_WRITE: case SS_IO_PREAD: case SS_IO_PWRITE:
    extra = args[2];
    break;
  case SS_IO_READV: case SS_IO_WRITEV: case SS_IO_PREADV: case SS_IO_PWRITEV:
    extra = result >= 0 ? iov_bytes((const struct iovec *)args[1], args[2]) : 0;
    break;
  case SS_IO_OPEN: case SS_IO_CREAT:
    path = (const char *)args[0];
    fd = -1;
    break;
  case SS_IO_OPENAT:
    path = (const char *)args[1];
    break;
  case SS_IO_DUP2: case SS_IO_DUP3:
    extra = args[1];
    break;
  case SS_IO_PIPE: case SS_IO_PIPE2:
    fds = result == 0 ? (const int *)args[0] : NULL;
    fd = -1;
    break;
  case SS_IO_SENDFILE:
    extra = args[1];
    break;
  default:
    break;
  }
  object = update_names(kind, result, &fd, &extra, path, fds, object);
  emit(kind, object, start_ns, result, fd, extra, pcs, depth, flags);
}

int64_t ssrt_io_iov_bytes(const void *iov, int count) {
  return iov_bytes(iov, count);
}
