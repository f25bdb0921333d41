/* library_descriptors.c -- pipe() and pipe2() in front of the C library's,
 * moving a library's descriptors out of the program's way (see
 * library_descriptors.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "library_descriptors.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

static int (*real_pipe2)(int[2], int);
static pid_t moving_tid; /* the thread inside begin/end, else 0 */
static int floor_fd;     /* where moved descriptors go, from */

void ssrt_library_descriptors_begin(void) {
  if (!real_pipe2)
    *(void **)&real_pipe2 = dlsym(RTLD_NEXT, "pipe2");
  struct rlimit rl;
  rlim_t top = 1024;
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < top)
    top = rl.rlim_cur;
  floor_fd = top > 64 + 3 ? (int)(top - 64) : 0;
  __atomic_store_n(&moving_tid, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
}

void ssrt_library_descriptors_end(void) {
  __atomic_store_n(&moving_tid, 0, __ATOMIC_RELEASE);
}

static void move_up(int *fd) {
  int high = fcntl(*fd, F_DUPFD_CLOEXEC, floor_fd);
  if (high >= 0) {
    close(*fd);
    *fd = high;
  }
}

SSRT_EXPORT int pipe2(int fds[2], int flags) {
  int r = real_pipe2 ? real_pipe2(fds, flags)
                     : (int)syscall(SYS_pipe2, fds, flags);
  pid_t mover = __atomic_load_n(&moving_tid, __ATOMIC_ACQUIRE);
  if (r == 0 && mover && floor_fd && mover == (pid_t)syscall(SYS_gettid)) {
    int saved_errno = errno;
    /* F_DUPFD_CLOEXEC sets close-on-exec; the status flags (O_NONBLOCK)
     * belong to the open pipe and stay. */
    move_up(&fds[0]);
    move_up(&fds[1]);
    if (!(flags & O_CLOEXEC)) {
      fcntl(fds[0], F_SETFD, 0);
      fcntl(fds[1], F_SETFD, 0);
    }
    errno = saved_errno;
  }
  return r;
}

SSRT_EXPORT int pipe(int fds[2]) { return pipe2(fds, 0); }
