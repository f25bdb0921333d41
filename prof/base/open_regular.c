/* open_regular.c -- a path recorded in an experiment file opened for
 * reading, only if it is a regular file; see base.h. */
#define _GNU_SOURCE
#include "base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ss_open_regular(const char *path, char *why, size_t why_size) {
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer
   * forever; O_NOCTTY: a terminal must not become ours. */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    snprintf(why, why_size, "%s", strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    snprintf(why, why_size, "not a regular file%s",
             S_ISFIFO(st.st_mode)  ? " (a FIFO)"
             : S_ISDIR(st.st_mode) ? " (a directory)"
             : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? " (a device)"
             : S_ISSOCK(st.st_mode)                        ? " (a socket)"
                                                           : "");
    close(fd);
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0)
    fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}
