/* safe_string.c -- async-signal-safe string helpers (see safe_string.h;
 * rules: rt/README.md). */
#include "safe_string.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <unistd.h>

size_t ssrt_strlen(const char *s) {
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}

int ssrt_streq(const char *a, const char *b) {
  while (*a && *a == *b)
    a++, b++;
  return *a == *b;
}

int ssrt_starts_with(const char *s, const char *prefix) {
  while (*prefix)
    if (*s++ != *prefix++)
      return 0;
  return 1;
}

int ssrt_parse_u64(const char **s, uint64_t *value) {
  const char *p = *s;
  uint64_t v = 0;
  if (*p < '0' || *p > '9')
    return 0;
  while (*p >= '0' && *p <= '9')
    v = v * 10 + (uint64_t)(*p++ - '0');
  *s = p;
  *value = v;
  return 1;
}

void ssrt_str_init(struct ssrt_str *s, char *buf, size_t cap) {
  s->buf = buf;
  s->cap = cap;
  s->len = 0;
  s->truncated = 0;
  if (cap)
    buf[0] = '\0';
}

void ssrt_str_add_n(struct ssrt_str *s, const char *text, size_t n) {
  if (s->cap == 0) {
    s->truncated |= n != 0;
    return;
  }
  size_t room = s->cap - 1 - s->len;
  if (n > room) {
    n = room;
    s->truncated = 1;
  }
  for (size_t i = 0; i < n; i++)
    s->buf[s->len + i] = text[i];
  s->len += n;
  s->buf[s->len] = '\0';
}

void ssrt_str_add(struct ssrt_str *s, const char *text) {
  ssrt_str_add_n(s, text, ssrt_strlen(text));
}

void ssrt_str_add_u64(struct ssrt_str *s, uint64_t v) {
  char digits[24];
  int n = 0;
  do {
    digits[sizeof digits - 1 - n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  ssrt_str_add_n(s, digits + sizeof digits - n, (size_t)n);
}

void ssrt_str_add_i64(struct ssrt_str *s, int64_t v) {
  if (v < 0) {
    ssrt_str_add_n(s, "-", 1);
    ssrt_str_add_u64(s, (uint64_t)0 - (uint64_t)v);
  } else {
    ssrt_str_add_u64(s, (uint64_t)v);
  }
}

/* strerror() may consult the locale and is not async-signal-safe; these are
 * the errors a write of the experiment file can meet. */
const char *ssrt_errno_text(int err, char *scratch) {
  switch (err) {
  case ENOSPC: return "No space left on device";
#ifdef EDQUOT
  case EDQUOT: return "Disk quota exceeded";
#endif
  case EACCES: return "Permission denied";
  case EPERM: return "Operation not permitted";
  case EROFS: return "Read-only file system";
  case ENOENT: return "No such file or directory";
  case ENOTDIR: return "Not a directory";
  case EISDIR: return "Is a directory";
  case ENAMETOOLONG: return "File name too long";
  case EEXIST: return "File exists";
  case EIO: return "Input/output error";
  case EFBIG: return "File too large";
  case EMFILE: return "Too many open files";
  case ENFILE: return "Too many open files in system";
  case ELOOP: return "Too many levels of symbolic links";
  case EXDEV: return "Invalid cross-device link";
  case EBUSY: return "Device or resource busy";
  case ETXTBSY: return "Text file busy";
  case EINVAL: return "Invalid argument";
  case EFAULT: return "Bad address";
  case EBADF: return "Bad file descriptor";
  case ENOMEM: return "Cannot allocate memory";
  case EINTR: return "Interrupted system call";
  case ESTALE: return "Stale file handle";
  default: break;
  }
  struct ssrt_str s;
  ssrt_str_init(&s, scratch, 24);
  ssrt_str_add(&s, "error ");
  ssrt_str_add_i64(&s, err);
  return scratch;
}

const char *ssrt_signal_name(int sig) {
  switch (sig) {
  case SIGHUP: return "SIGHUP";
  case SIGINT: return "SIGINT";
  case SIGQUIT: return "SIGQUIT";
  case SIGILL: return "SIGILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGABRT: return "SIGABRT";
  case SIGBUS: return "SIGBUS";
  case SIGFPE: return "SIGFPE";
  case SIGKILL: return "SIGKILL";
  case SIGUSR1: return "SIGUSR1";
  case SIGSEGV: return "SIGSEGV";
  case SIGUSR2: return "SIGUSR2";
  case SIGPIPE: return "SIGPIPE";
  case SIGALRM: return "SIGALRM";
  case SIGTERM: return "SIGTERM";
#ifdef SIGSTKFLT
  case SIGSTKFLT: return "SIGSTKFLT";
#endif
  case SIGCHLD: return "SIGCHLD";
  case SIGCONT: return "SIGCONT";
  case SIGSTOP: return "SIGSTOP";
  case SIGTSTP: return "SIGTSTP";
  case SIGTTIN: return "SIGTTIN";
  case SIGTTOU: return "SIGTTOU";
  case SIGURG: return "SIGURG";
  case SIGXCPU: return "SIGXCPU";
  case SIGXFSZ: return "SIGXFSZ";
  case SIGVTALRM: return "SIGVTALRM";
  case SIGPROF: return "SIGPROF";
  case SIGWINCH: return "SIGWINCH";
  case SIGIO: return "SIGIO";
#ifdef SIGPWR
  case SIGPWR: return "SIGPWR";
#endif
  case SIGSYS: return "SIGSYS";
  default: return NULL;
  }
}
