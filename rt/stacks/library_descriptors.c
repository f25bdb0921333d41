/* library_descriptors.c -- a library's descriptors moved out of the
 * program's way (see library_descriptors.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "library_descriptors.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static pid_t moving_tid; /* the thread inside begin/end, else 0 */
static int floor_fd;     /* where moved descriptors go, from */

void ssrt_library_descriptors_begin(void) {
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

void ssrt_library_descriptors_adjust(int fds[2], int flags) {
  pid_t mover = __atomic_load_n(&moving_tid, __ATOMIC_ACQUIRE);
  if (!mover || !floor_fd || mover != (pid_t)syscall(SYS_gettid))
    return;
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
