/*
 * io_files.c -- which file each descriptor is (see io.h; rules:
 * rt/README.md).
 *
 * A table from descriptor to name index (trace_names.h), for descriptors
 * below MAX_FDS, in runtime pages; entries are single words, stored and
 * read atomically, so wrappers and the SIGSYS handler of any thread may
 * use it.  A descriptor the table does not know is looked up in
 * /proc/self/fd (readlink is async-signal-safe) and remembered.
 */
#define _GNU_SOURCE
#include "io.h"

#include "safe_string.h"
#include "trace_names.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_FDS 65536

static uint32_t *fds; /* name index + 1; 0: not known */

int ssrt_io_files_init(void) {
  void *p = mmap(NULL, MAX_FDS * sizeof *fds, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  fds = p;
  return ssrt_names_init();
}

void ssrt_io_file_set(int fd, uint32_t object) {
  if (fds && fd >= 0 && fd < MAX_FDS)
    __atomic_store_n(&fds[fd], object == SS_NONE ? 0 : object + 1,
                     __ATOMIC_RELEASE);
}

/* What /proc/self/fd says the descriptor is ("/dev/pts/0", "pipe:[12]",
 * "socket:[34]"). */
static uint32_t look_up(int fd) {
  char link[48], target[4096];
  struct ssrt_str s;
  ssrt_str_init(&s, link, sizeof link);
  ssrt_str_add(&s, "/proc/self/fd/");
  ssrt_str_add_u64(&s, (uint64_t)fd);
  ssize_t n = readlink(link, target, sizeof target);
  if (n <= 0)
    return SS_NONE;
  return ssrt_names_intern(target, (size_t)n, SS_NAME_INHERITED);
}

uint32_t ssrt_io_file_of(int fd) {
  if (fd < 0)
    return SS_NONE;
  if (fds && fd < MAX_FDS) {
    uint32_t v = __atomic_load_n(&fds[fd], __ATOMIC_ACQUIRE);
    if (v)
      return v - 1;
  }
  uint32_t id = look_up(fd);
  ssrt_io_file_set(fd, id);
  return id;
}

uint32_t ssrt_io_file_opened(int dir, const char *path) {
  if (!path)
    return SS_NONE;
  if (path[0] == '/')
    return ssrt_names_intern(path, ssrt_strlen(path), SS_NAME_OPENED);
  /* A relative path, made absolute against the directory it was opened
   * in (the working directory, or openat's), so that the same file has
   * one name in every process. */
  char full[4096 + 256];
  ssize_t n;
  if (dir == AT_FDCWD) {
    n = syscall(SYS_getcwd, full, sizeof full - 256);
    n = n > 0 ? (ssize_t)ssrt_strlen(full) : -1;
  } else {
    char link[48];
    struct ssrt_str s;
    ssrt_str_init(&s, link, sizeof link);
    ssrt_str_add(&s, "/proc/self/fd/");
    ssrt_str_add_u64(&s, (uint64_t)dir);
    n = readlink(link, full, sizeof full - 256);
  }
  if (n <= 0 || full[0] != '/')
    return ssrt_names_intern(path, ssrt_strlen(path), SS_NAME_OPENED);
  struct ssrt_str s;
  s.buf = full;
  s.cap = sizeof full;
  s.len = (size_t)n;
  s.truncated = 0;
  if (n > 1)
    ssrt_str_add(&s, "/");
  /* "./x" is "x" */
  while (path[0] == '.' && path[1] == '/')
    path += 2;
  ssrt_str_add(&s, path);
  return ssrt_names_intern(full, s.len, SS_NAME_OPENED);
}

uint32_t ssrt_io_file_pipe(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return SS_NONE;
  char name[48];
  struct ssrt_str s;
  ssrt_str_init(&s, name, sizeof name);
  ssrt_str_add(&s, "pipe:[");
  ssrt_str_add_u64(&s, (uint64_t)st.st_ino);
  ssrt_str_add(&s, "]");
  return ssrt_names_intern(name, s.len, SS_NAME_PIPE);
}
