/*
 * io_calls.c -- the I/O calls io traces, in front of the C library's (see
 * io.h and io_wrap.h; rules: rt/README.md).  Each forwards unchanged
 * without the trace; with it, records one event for the program's call.
 */
#define _GNU_SOURCE
#undef _FORTIFY_SOURCE /* the wrappers are the functions themselves */
#include "io_wrap.h"
#include "library_descriptors.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/sendfile.h>
#include <sys/uio.h>
#include <unistd.h>

#define IO_CALLS(X)                                                            \
  X(ssize_t, read, (int, void *, size_t))                                      \
  X(ssize_t, __read_chk, (int, void *, size_t, size_t))                        \
  X(ssize_t, readv, (int, const struct iovec *, int))                          \
  X(ssize_t, pread, (int, void *, size_t, off_t))                              \
  X(ssize_t, pread64, (int, void *, size_t, off64_t))                          \
  X(ssize_t, __pread_chk, (int, void *, size_t, off_t, size_t))                \
  X(ssize_t, __pread64_chk, (int, void *, size_t, off64_t, size_t))            \
  X(ssize_t, preadv, (int, const struct iovec *, int, off_t))                  \
  X(ssize_t, preadv64, (int, const struct iovec *, int, off64_t))              \
  X(ssize_t, write, (int, const void *, size_t))                               \
  X(ssize_t, writev, (int, const struct iovec *, int))                         \
  X(ssize_t, pwrite, (int, const void *, size_t, off_t))                       \
  X(ssize_t, pwrite64, (int, const void *, size_t, off64_t))                   \
  X(ssize_t, pwritev, (int, const struct iovec *, int, off_t))                 \
  X(ssize_t, pwritev64, (int, const struct iovec *, int, off64_t))             \
  X(int, open, (const char *, int, ...))                                       \
  X(int, open64, (const char *, int, ...))                                     \
  X(int, __open_2, (const char *, int))                                        \
  X(int, __open64_2, (const char *, int))                                      \
  X(int, openat, (int, const char *, int, ...))                                \
  X(int, openat64, (int, const char *, int, ...))                              \
  X(int, __openat_2, (int, const char *, int))                                 \
  X(int, __openat64_2, (int, const char *, int))                               \
  X(int, creat, (const char *, mode_t))                                        \
  X(int, creat64, (const char *, mode_t))                                      \
  X(int, close, (int))                                                         \
  X(int, dup, (int))                                                           \
  X(int, dup2, (int, int))                                                     \
  X(int, dup3, (int, int, int))                                                \
  X(int, pipe, (int *))                                                        \
  X(int, pipe2, (int *, int))                                                  \
  X(off_t, lseek, (int, off_t, int))                                           \
  X(off64_t, lseek64, (int, off64_t, int))                                     \
  X(int, fsync, (int))                                                         \
  X(int, fdatasync, (int))                                                     \
  X(ssize_t, sendfile, (int, int, off_t *, size_t))                            \
  X(ssize_t, sendfile64, (int, int, off64_t *, size_t))                        \
  X(int, fcntl, (int, int, ...))                                               \
  X(int, fcntl64, (int, int, ...))

IO_CALLS(IO_DECLARE_REAL)

/* At load time: these are async-signal-safe, and a program may first call
 * one from a signal handler, where dlsym may not run. */
#ifndef SSRT_STATIC
#define RESOLVE_CALL(ret, name, params) IO_RESOLVE(name)
__attribute__((constructor)) static void resolve_calls(void) {
  IO_CALLS(RESOLVE_CALL)
}
#define ENSURE(name)                                                           \
  do {                                                                         \
    if (!real_##name)                                                          \
      resolve_calls(); /* called before this library's constructor ran */     \
    if (!real_##name) {                                                        \
      errno = ENOSYS;                                                          \
      return -1;                                                               \
    }                                                                          \
  } while (0)
#else
#define ENSURE(name)                                                           \
  do {                                                                         \
  } while (0)
#endif

/* Forwards `call` without the trace; with it, records the call: `extra`
 * is evaluated after it (r_ is its result). */
#define TRACED(type, kind, fd, extra, path, fds, call)                         \
  do {                                                                         \
    if (!ssrt_io_traced())                                                     \
      return call;                                                             \
    struct ssrt_io_call c_;                                                    \
    ssrt_io_begin(&c_, kind, fd);                                              \
    type r_ = call;                                                            \
    ssrt_io_end(&c_, kind, r_ < 0 ? -(int64_t)errno : (int64_t)r_, fd, extra,  \
                path, fds, IO_CALLER, IO_FRAME);                               \
    return r_;                                                                 \
  } while (0)

#define IOV_BYTES(iov, n) (r_ >= 0 ? ssrt_io_iov_bytes(iov, n) : 0)

/* -- read ------------------------------------------------------------------- */

SSRT_EXPORT ssize_t IO_WRAP(read)(int fd, void *buf, size_t n) {
  ENSURE(read);
  TRACED(ssize_t, SS_IO_READ, fd, (int64_t)n, NULL, NULL,
         IO_REAL(read)(fd, buf, n));
}

SSRT_EXPORT ssize_t IO_WRAP(__read_chk)(int fd, void *buf, size_t n,
                                        size_t buflen) {
  ENSURE(__read_chk);
  TRACED(ssize_t, SS_IO_READ, fd, (int64_t)n, NULL, NULL,
         IO_REAL(__read_chk)(fd, buf, n, buflen));
}

SSRT_EXPORT ssize_t IO_WRAP(readv)(int fd, const struct iovec *iov, int n) {
  ENSURE(readv);
  TRACED(ssize_t, SS_IO_READV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(readv)(fd, iov, n));
}

SSRT_EXPORT ssize_t IO_WRAP(pread)(int fd, void *buf, size_t n, off_t at) {
  ENSURE(pread);
  TRACED(ssize_t, SS_IO_PREAD, fd, (int64_t)n, NULL, NULL,
         IO_REAL(pread)(fd, buf, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(pread64)(int fd, void *buf, size_t n, off64_t at) {
  ENSURE(pread64);
  TRACED(ssize_t, SS_IO_PREAD, fd, (int64_t)n, NULL, NULL,
         IO_REAL(pread64)(fd, buf, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(__pread_chk)(int fd, void *buf, size_t n,
                                         off_t at, size_t buflen) {
  ENSURE(__pread_chk);
  TRACED(ssize_t, SS_IO_PREAD, fd, (int64_t)n, NULL, NULL,
         IO_REAL(__pread_chk)(fd, buf, n, at, buflen));
}

SSRT_EXPORT ssize_t IO_WRAP(__pread64_chk)(int fd, void *buf, size_t n,
                                           off64_t at, size_t buflen) {
  ENSURE(__pread64_chk);
  TRACED(ssize_t, SS_IO_PREAD, fd, (int64_t)n, NULL, NULL,
         IO_REAL(__pread64_chk)(fd, buf, n, at, buflen));
}

SSRT_EXPORT ssize_t IO_WRAP(preadv)(int fd, const struct iovec *iov, int n,
                                    off_t at) {
  ENSURE(preadv);
  TRACED(ssize_t, SS_IO_PREADV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(preadv)(fd, iov, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(preadv64)(int fd, const struct iovec *iov, int n,
                                      off64_t at) {
  ENSURE(preadv64);
  TRACED(ssize_t, SS_IO_PREADV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(preadv64)(fd, iov, n, at));
}

/* -- write ------------------------------------------------------------------ */

SSRT_EXPORT ssize_t IO_WRAP(write)(int fd, const void *buf, size_t n) {
  ENSURE(write);
  TRACED(ssize_t, SS_IO_WRITE, fd, (int64_t)n, NULL, NULL,
         IO_REAL(write)(fd, buf, n));
}

SSRT_EXPORT ssize_t IO_WRAP(writev)(int fd, const struct iovec *iov, int n) {
  ENSURE(writev);
  TRACED(ssize_t, SS_IO_WRITEV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(writev)(fd, iov, n));
}

SSRT_EXPORT ssize_t IO_WRAP(pwrite)(int fd, const void *buf, size_t n,
                                    off_t at) {
  ENSURE(pwrite);
  TRACED(ssize_t, SS_IO_PWRITE, fd, (int64_t)n, NULL, NULL,
         IO_REAL(pwrite)(fd, buf, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(pwrite64)(int fd, const void *buf, size_t n,
                                      off64_t at) {
  ENSURE(pwrite64);
  TRACED(ssize_t, SS_IO_PWRITE, fd, (int64_t)n, NULL, NULL,
         IO_REAL(pwrite64)(fd, buf, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(pwritev)(int fd, const struct iovec *iov, int n,
                                     off_t at) {
  ENSURE(pwritev);
  TRACED(ssize_t, SS_IO_PWRITEV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(pwritev)(fd, iov, n, at));
}

SSRT_EXPORT ssize_t IO_WRAP(pwritev64)(int fd, const struct iovec *iov, int n,
                                       off64_t at) {
  ENSURE(pwritev64);
  TRACED(ssize_t, SS_IO_PWRITEV, fd, IOV_BYTES(iov, n), NULL, NULL,
         IO_REAL(pwritev64)(fd, iov, n, at));
}

/* -- open ------------------------------------------------------------------- */

/* open's mode argument is there only when the flags create a file. */
#define MODE_OF(flags, last)                                                   \
  mode_t mode = 0;                                                             \
  if ((flags) & (O_CREAT | O_TMPFILE)) {                                       \
    va_list ap;                                                                \
    va_start(ap, last);                                                        \
    mode = (mode_t)va_arg(ap, int);                                            \
    va_end(ap);                                                                \
  }

SSRT_EXPORT int IO_WRAP(open)(const char *path, int flags, ...) {
  ENSURE(open);
  MODE_OF(flags, flags)
  TRACED(int, SS_IO_OPEN, -1, 0, path, NULL, IO_REAL(open)(path, flags, mode));
}

SSRT_EXPORT int IO_WRAP(open64)(const char *path, int flags, ...) {
  ENSURE(open64);
  MODE_OF(flags, flags)
  TRACED(int, SS_IO_OPEN, -1, 0, path, NULL,
         IO_REAL(open64)(path, flags, mode));
}

SSRT_EXPORT int IO_WRAP(__open_2)(const char *path, int flags) {
  ENSURE(__open_2);
  TRACED(int, SS_IO_OPEN, -1, 0, path, NULL, IO_REAL(__open_2)(path, flags));
}

SSRT_EXPORT int IO_WRAP(__open64_2)(const char *path, int flags) {
  ENSURE(__open64_2);
  TRACED(int, SS_IO_OPEN, -1, 0, path, NULL, IO_REAL(__open64_2)(path, flags));
}

SSRT_EXPORT int IO_WRAP(openat)(int dir, const char *path, int flags, ...) {
  ENSURE(openat);
  MODE_OF(flags, flags)
  TRACED(int, SS_IO_OPENAT, dir, 0, path, NULL,
         IO_REAL(openat)(dir, path, flags, mode));
}

SSRT_EXPORT int IO_WRAP(openat64)(int dir, const char *path, int flags, ...) {
  ENSURE(openat64);
  MODE_OF(flags, flags)
  TRACED(int, SS_IO_OPENAT, dir, 0, path, NULL,
         IO_REAL(openat64)(dir, path, flags, mode));
}

SSRT_EXPORT int IO_WRAP(__openat_2)(int dir, const char *path, int flags) {
  ENSURE(__openat_2);
  TRACED(int, SS_IO_OPENAT, dir, 0, path, NULL,
         IO_REAL(__openat_2)(dir, path, flags));
}

SSRT_EXPORT int IO_WRAP(__openat64_2)(int dir, const char *path, int flags) {
  ENSURE(__openat64_2);
  TRACED(int, SS_IO_OPENAT, dir, 0, path, NULL,
         IO_REAL(__openat64_2)(dir, path, flags));
}

SSRT_EXPORT int IO_WRAP(creat)(const char *path, mode_t mode) {
  ENSURE(creat);
  TRACED(int, SS_IO_CREAT, -1, 0, path, NULL, IO_REAL(creat)(path, mode));
}

SSRT_EXPORT int IO_WRAP(creat64)(const char *path, mode_t mode) {
  ENSURE(creat64);
  TRACED(int, SS_IO_CREAT, -1, 0, path, NULL, IO_REAL(creat64)(path, mode));
}

/* -- descriptors ------------------------------------------------------------ */

SSRT_EXPORT int IO_WRAP(close)(int fd) {
  ENSURE(close);
  TRACED(int, SS_IO_CLOSE, fd, 0, NULL, NULL, IO_REAL(close)(fd));
}

SSRT_EXPORT int IO_WRAP(dup)(int fd) {
  ENSURE(dup);
  TRACED(int, SS_IO_DUP, fd, 0, NULL, NULL, IO_REAL(dup)(fd));
}

SSRT_EXPORT int IO_WRAP(dup2)(int fd, int to) {
  ENSURE(dup2);
  TRACED(int, SS_IO_DUP2, fd, to, NULL, NULL, IO_REAL(dup2)(fd, to));
}

SSRT_EXPORT int IO_WRAP(dup3)(int fd, int to, int flags) {
  ENSURE(dup3);
  TRACED(int, SS_IO_DUP3, fd, to, NULL, NULL, IO_REAL(dup3)(fd, to, flags));
}

/* A pipe libunwind opens for itself moves out of the program's way
 * (library_descriptors.h). */
static int library_pipe(int r, int fds[2], int flags) {
  if (r == 0)
    ssrt_library_descriptors_adjust(fds, flags);
  return r;
}

SSRT_EXPORT int IO_WRAP(pipe)(int fds[2]) {
  ENSURE(pipe);
  TRACED(int, SS_IO_PIPE, -1, 0, NULL, fds,
         library_pipe(IO_REAL(pipe)(fds), fds, 0));
}

SSRT_EXPORT int IO_WRAP(pipe2)(int fds[2], int flags) {
  ENSURE(pipe2);
  TRACED(int, SS_IO_PIPE2, -1, 0, NULL, fds,
         library_pipe(IO_REAL(pipe2)(fds, flags), fds, flags));
}

SSRT_EXPORT off_t IO_WRAP(lseek)(int fd, off_t to, int whence) {
  ENSURE(lseek);
  TRACED(off_t, SS_IO_LSEEK, fd, whence, NULL, NULL,
         IO_REAL(lseek)(fd, to, whence));
}

SSRT_EXPORT off64_t IO_WRAP(lseek64)(int fd, off64_t to, int whence) {
  ENSURE(lseek64);
  TRACED(off64_t, SS_IO_LSEEK, fd, whence, NULL, NULL,
         IO_REAL(lseek64)(fd, to, whence));
}

SSRT_EXPORT int IO_WRAP(fsync)(int fd) {
  ENSURE(fsync);
  TRACED(int, SS_IO_FSYNC, fd, 0, NULL, NULL, IO_REAL(fsync)(fd));
}

SSRT_EXPORT int IO_WRAP(fdatasync)(int fd) {
  ENSURE(fdatasync);
  TRACED(int, SS_IO_FDATASYNC, fd, 0, NULL, NULL, IO_REAL(fdatasync)(fd));
}

SSRT_EXPORT ssize_t IO_WRAP(sendfile)(int out, int in, off_t *at, size_t n) {
  ENSURE(sendfile);
  TRACED(ssize_t, SS_IO_SENDFILE, out, in, NULL, NULL,
         IO_REAL(sendfile)(out, in, at, n));
}

SSRT_EXPORT ssize_t IO_WRAP(sendfile64)(int out, int in, off64_t *at,
                                        size_t n) {
  ENSURE(sendfile64);
  TRACED(ssize_t, SS_IO_SENDFILE, out, in, NULL, NULL,
         IO_REAL(sendfile64)(out, in, at, n));
}

/* fcntl is not traced, but F_DUPFD makes a descriptor for the same file.
 * Its third argument, when there is one, is an int, a long or a pointer:
 * all passed in a register, taken as a pointer's worth. */
static int fcntl_names(int fd, int cmd, int r) {
  if (r >= 0 && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) &&
      ssrt_io_traced()) {
    int saved_errno = errno;
    ssrt_io_file_set(r, ssrt_io_file_of(fd));
    errno = saved_errno;
  }
  return r;
}

SSRT_EXPORT int IO_WRAP(fcntl)(int fd, int cmd, ...) {
  ENSURE(fcntl);
  va_list ap;
  va_start(ap, cmd);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  return fcntl_names(fd, cmd, IO_REAL(fcntl)(fd, cmd, arg));
}

SSRT_EXPORT int IO_WRAP(fcntl64)(int fd, int cmd, ...) {
  ENSURE(fcntl64);
  va_list ap;
  va_start(ap, cmd);
  void *arg = va_arg(ap, void *);
  va_end(ap);
  return fcntl_names(fd, cmd, IO_REAL(fcntl64)(fd, cmd, arg));
}
