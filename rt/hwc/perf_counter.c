/* perf_counter.c -- a thread's perf_event counter (see perf_counter.h;
 * rules: rt/README.md). */
#define _GNU_SOURCE
#include "perf_counter.h"

#include "hwc_events.h"
#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* One decimal field of the variable, up to ',' (the last runs to '\0'). */
static int field(const char **p, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(*p, &end, 10);
  if (end == *p || errno || *end != ',')
    return -1;
  *out = v;
  *p = end + 1;
  return 0;
}

int ssrt_hwc_event_from_env(const char *variable, struct ssrt_hwc_event *e) {
  const char *p = getenv(variable);
  if (!p)
    return -1;
  uint64_t type, excl;
  memset(e, 0, sizeof *e);
  if (field(&p, &type) || field(&p, &e->config) || field(&p, &e->config1) ||
      field(&p, &e->config2) || field(&p, &e->overflow) || field(&p, &excl) ||
      type > UINT32_MAX || !*p)
    return -1;
  e->type = (uint32_t)type;
  e->exclude_kernel = excl != 0;
  size_t n = strlen(p);
  if (n >= sizeof e->name)
    n = sizeof e->name - 1;
  memcpy(e->name, p, n);
  return 0;
}

/* The counter's descriptor moved to the top of the table (from 64 below
 * the soft limit, capped at 1024), as the runtime's libraries' are
 * (stacks/library_descriptors.h): the program's own open() then gets the
 * number it would get without the runtime.  Kept where it is when there
 * is no room up there. */
static int out_of_the_way(int fd) {
  struct rlimit rl;
  rlim_t top = 1024;
  if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < top)
    top = rl.rlim_cur;
  if (top <= 64 + 3)
    return fd;
  int high = fcntl(fd, F_DUPFD_CLOEXEC, (int)(top - 64));
  if (high < 0)
    return fd;
  close(fd);
  return high;
}

int ssrt_hwc_open_attr(struct perf_event_attr *a, pid_t tid, int sig,
                       int group_fd) {
  int saved = errno;
  int fd = (int)syscall(SYS_perf_event_open, a, tid, -1, group_fd,
                        PERF_FLAG_FD_CLOEXEC);
  if (fd < 0) {
    int err = errno;
    errno = saved;
    return -err;
  }
  fd = out_of_the_way(fd);
  if (sig) {
    struct f_owner_ex owner = {F_OWNER_TID, tid};
    if (fcntl(fd, F_SETOWN_EX, &owner) != 0 || fcntl(fd, F_SETSIG, sig) != 0 ||
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC) != 0) {
      int err = errno;
      close(fd);
      errno = saved;
      return -err;
    }
  }
  errno = saved;
  return fd;
}

void ssrt_hwc_attr(const struct ssrt_hwc_event *e, struct perf_event_attr *a) {
  memset(a, 0, sizeof *a);
  a->size = sizeof *a;
  a->type = e->type;
  a->config = e->config;
  a->config1 = e->config1;
  a->config2 = e->config2;
  a->sample_period = e->overflow;
  a->disabled = 1;
  a->exclude_kernel = (unsigned)e->exclude_kernel;
  a->exclude_hv = 1;
}

static int open_counter(const struct ssrt_hwc_event *e, pid_t tid, int sig,
                        int group_fd) {
  struct perf_event_attr a;
  ssrt_hwc_attr(e, &a);
  a.sample_period = group_fd < 0 ? e->overflow : 0;
  /* The caller enables it once it can take overflows; a group's member
   * counts whenever its leader does. */
  a.disabled = group_fd < 0;
  a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return ssrt_hwc_open_attr(&a, tid, group_fd < 0 && e->overflow ? sig : 0,
                            group_fd);
}

int ssrt_hwc_open(const struct ssrt_hwc_event *e, pid_t tid, int sig) {
  return open_counter(e, tid, sig, -1);
}

int ssrt_hwc_open_member(const struct ssrt_hwc_event *e, pid_t tid,
                         int leader) {
  return open_counter(e, tid, 0, leader);
}

void ssrt_hwc_read(int fd, struct ssrt_hwc_total *t) {
  uint64_t v[3] = {0, 0, 0};
  int saved = errno;
  if (fd < 0 || read(fd, v, sizeof v) != (ssize_t)sizeof v)
    v[0] = v[1] = v[2] = 0;
  errno = saved;
  t->count = v[0];
  t->enabled_ns = v[1];
  t->running_ns = v[2];
}

void ssrt_hwc_enable(int fd, int on) {
  int saved = errno;
  if (fd >= 0)
    ioctl(fd, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
  errno = saved;
}

int ssrt_hwc_task_clock(struct ssrt_hwc_event *e, uint64_t period_ns) {
  static const char *const names[2] = {
      "perf_event task-clock per thread",
      "perf_event task-clock per thread, user mode only"};
  /* Kernel time too where allowed (perf_event_paranoid 1 or less, or
   * CAP_PERFMON), as CLOCK_THREAD_CPUTIME_ID; user mode only at 2. */
  for (int user_only = 0; user_only < 2; user_only++) {
    memset(e, 0, sizeof *e);
    e->type = PERF_TYPE_SOFTWARE;
    e->config = PERF_COUNT_SW_TASK_CLOCK;
    e->overflow = period_ns;
    e->exclude_kernel = user_only;
    memcpy(e->name, names[user_only], strlen(names[user_only]) + 1);
    int fd = ssrt_hwc_open(e, (pid_t)syscall(SYS_gettid), 0);
    if (fd >= 0) {
      close(fd);
      return 0;
    }
  }
  return -1;
}
