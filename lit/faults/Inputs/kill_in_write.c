/* kill_in_write.c -- preloaded into a program, it kills the program with
 * SIGKILL in the middle of the runtime's write of its experiment file:
 * write() to the runtime's temporary file (".<name>.tmp-<hex>") passes on
 * bytes up to $KILL_AT_BYTE of the file, then the process is killed,
 * exactly as a kill -9 arriving then would.  Any other write passes. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t n) {
  static ssize_t (*real)(int, const void *, size_t);
  static long long written;
  if (!real)
    *(void **)&real = dlsym(RTLD_NEXT, "write");
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t len = readlink(link, path, sizeof path - 1);
  const char *at_text = getenv("KILL_AT_BYTE");
  if (len > 0 && at_text) {
    path[len] = '\0';
    long long at = atoll(at_text);
    if (strstr(path, ".tmp-") && written + (long long)n >= at) {
      if (at > written)
        real(fd, buf, (size_t)(at - written));
      kill(getpid(), SIGKILL);
    }
    if (strstr(path, ".tmp-"))
      written += (long long)n;
  }
  return real(fd, buf, n);
}
