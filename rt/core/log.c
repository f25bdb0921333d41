/* log.c -- the runtime's one-line messages, only to the program's own
 * stderr (see safe_string.h; rules: rt/README.md). */
#include "safe_string.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

enum { STDERR_UNKNOWN, STDERR_OPEN, STDERR_CLOSED };
static int stderr_state;
static dev_t stderr_dev;
static ino_t stderr_ino;

void ssrt_log_remember_stderr(void) {
  if (stderr_state != STDERR_UNKNOWN)
    return;
  int saved_errno = errno;
  struct stat st;
  if (fstat(STDERR_FILENO, &st) == 0) {
    stderr_dev = st.st_dev;
    stderr_ino = st.st_ino;
    stderr_state = STDERR_OPEN;
  } else {
    stderr_state = STDERR_CLOSED;
  }
  errno = saved_errno;
}

/* Whether descriptor 2 is still the file it was at start-up (fstat is
 * async-signal-safe). */
static int stderr_is_the_programs(void) {
  ssrt_log_remember_stderr();
  if (stderr_state != STDERR_OPEN)
    return 0;
  struct stat st;
  return fstat(STDERR_FILENO, &st) == 0 && st.st_dev == stderr_dev &&
         st.st_ino == stderr_ino;
}

void ssrt_log(const char *first, ...) {
  int saved_errno = errno;
  if (!stderr_is_the_programs()) {
    errno = saved_errno;
    return;
  }
  char line[PATH_MAX + 512];
  struct ssrt_str s;
  ssrt_str_init(&s, line, sizeof line - 1);
  va_list ap;
  va_start(ap, first);
  for (const char *piece = first; piece; piece = va_arg(ap, const char *))
    ssrt_str_add(&s, piece);
  va_end(ap);
  line[s.len++] = '\n';
  const char *p = line;
  size_t left = s.len;
  while (left > 0) {
    ssize_t n = write(STDERR_FILENO, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    p += n;
    left -= (size_t)n;
  }
  errno = saved_errno;
}
