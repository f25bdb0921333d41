/*
 * io.h -- the io trace: every I/O call the program makes, with its call
 * stack, descriptor, file name, result (bytes) and elapsed time.
 *
 * How:
 *  - The calls themselves (read, readv, pread, preadv, write, writev,
 *    pwrite, pwritev, open, openat, creat, close, dup, dup2, dup3, pipe,
 *    pipe2, lseek, fsync, fdatasync, sendfile and their 64-bit and
 *    _FORTIFY_SOURCE names): libssrt.so defines them in front of the C
 *    library's (io_calls.c).  Each records one event, its call stack
 *    starting at the program's call.
 *  - The C library's own calls on the program's behalf (fwrite, printf,
 *    fclose, ... reach write and close inside the C library, where no
 *    definition in front of it can see them): libssrt.so defines the stdio
 *    functions too (io_stdio.c), and while one runs, the thread's system
 *    calls are dispatched to the runtime (Linux's syscall user dispatch,
 *    io_dispatch.c): each one the C library makes raises SIGSYS, whose
 *    handler makes the call itself and records it with the call stack of
 *    the program's call to the stdio function.  The buffers the program
 *    leaves to exit are flushed, traced, just before the file is written.
 *  - Names: a descriptor gets the path it was opened with (made
 *    absolute: the same file has one name in every process), its original's
 *    after dup, "pipe:[inode]" for a pipe, and for one the program did not
 *    open here (stdin, a socket) what /proc/self/fd says (io_files.c).
 *  - In a static program built by sscc there is no C library to stand in
 *    front of: sscc links it with --wrap for each of these functions, and
 *    libssrt.a defines __wrap_<name>, calling __real_<name>
 *    (SSRT_STATIC).  Stacks then follow frame pointers.
 *
 * Without the trace every wrapper forwards unchanged.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_IO_H
#define SSRT_IO_H

#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Whether io runs in this image (acquire). */
int ssrt_io_running(void);

/* Whether the calling thread is recording an io event: the calls made
 * meanwhile (an unwinder reading memory through a pipe) are the runtime's,
 * not the program's, and are not traced.  ssrt_io_traced: io runs, records
 * (the file is not being written) and the thread is not busy. */
int ssrt_io_busy(void);
void ssrt_io_set_busy(int busy);
int ssrt_io_traced(void);

/* -- one call, from a wrapper (io_calls.c) ---------------------------------- */

struct ssrt_io_call {
  uint64_t start_ns;
  uint32_t object; /* the file, when known before the call (close) */
};

/* Before the call: `kind` and the descriptor it works on (close's file is
 * looked up now, before it is gone). */
void ssrt_io_begin(struct ssrt_io_call *c, uint32_t kind, int fd);
/* After it: records the event and keeps the names up to date.  `result`
 * is the call's (-errno on failure: pass the errno), `fd` the descriptor
 * it worked on (-1: none), `extra` value[2] (ss/format.h), `path` the path
 * opened (or NULL), `fds` pipe's two descriptors; `ret` and `frame` the
 * wrapper's return address and frame.  Preserves errno. */
void ssrt_io_end(struct ssrt_io_call *c, uint32_t kind, int64_t result,
                 int fd, int64_t extra, const char *path, const int *fds,
                 uint64_t ret, uint64_t frame);

/* -- the C library's calls inside a stdio function (io_dispatch.c) ---------- */

struct ssrt_io_scope {
  uint64_t ret, frame;
  uint8_t selector;
  int active;
};

/* Around a stdio function: its system calls are traced as the program's
 * call at `ret`/`frame` (0, 0: the flush at exit, attributed to the first
 * frame outside the C library and the runtime). */
void ssrt_io_scope_begin(struct ssrt_io_scope *s, uint64_t ret,
                         uint64_t frame);
void ssrt_io_scope_end(struct ssrt_io_scope *s);

/* Once, when io starts: the SIGSYS handler; whether syscall user dispatch
 * works here (if not, stdio's own calls are not traced). */
int ssrt_io_dispatch_init(void);
int ssrt_io_dispatch_works(void);
/* In a forked child: dispatch is off in its thread until asked again. */
void ssrt_io_dispatch_after_fork(void);

/* The system call `nr` with `args` made from the SIGSYS handler: the event
 * it gives, if it is one io traces (io_calls.c); `result` is the raw
 * result (-errno). */
void ssrt_io_record_syscall(long nr, const long *args, long result,
                            uint64_t start_ns, uint32_t object,
                            uint64_t *pcs, int depth, uint16_t flags);
/* The bytes an iovec array asks for (read only after the call
 * succeeded). */
int64_t ssrt_io_iov_bytes(const void *iov, int count);

/* Before the system call `nr`: the file close is about to forget. */
uint32_t ssrt_io_object_before(long nr, const long *args);

/* -- names (io_files.c) ----------------------------------------------------- */

int ssrt_io_files_init(void);
/* The file of descriptor `fd`: its name's index, or SS_NONE. */
uint32_t ssrt_io_file_of(int fd);
/* `fd` now names `object` (SS_NONE: forget it). */
void ssrt_io_file_set(int fd, uint32_t object);
/* A path the program opened, relative to `dir` (AT_FDCWD: the working
 * directory) unless absolute, interned as an absolute path. */
uint32_t ssrt_io_file_opened(int dir, const char *path);
/* The name of a new pipe whose end is `fd`. */
uint32_t ssrt_io_file_pipe(int fd);

/* The io part's flush at exit, and the stdio functions' lookup
 * (io_stdio.c). */
void ssrt_io_stdio_init(void);
void ssrt_io_scanf_init(void);
void ssrt_io_flush_at_exit(void);

#endif
