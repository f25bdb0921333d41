/* hwc_resolve.c -- event names and seed numbers to perf_event_attr
 * through libpfm4, and the probe that refuses what cannot be counted
 * (see hwc_resolve.h). */
#define _GNU_SOURCE
#include "hwc_resolve.h"

#include "hwc_events.h"

#include <errno.h>
#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int pfm_ready(char *why, size_t n) {
  static int state; /* 0 not tried, 1 ok, -1 failed */
  static int err;
  if (state == 0) {
    err = pfm_initialize();
    state = err == PFM_SUCCESS ? 1 : -1;
  }
  if (state < 0)
    snprintf(why, n, "libpfm4 cannot start (%s)", pfm_strerror(err));
  return state > 0 ? 0 : -1;
}

/* libpfm4's fully qualified string ends with the modifiers it applied
 * (":u=1:k=0:..."); the name is what precedes the first "=" field. */
static void plain_name(const char *fstr, char *out, size_t n) {
  snprintf(out, n, "%s", fstr);
  char *eq = strchr(out, '=');
  if (eq) {
    *eq = '\0';
    char *colon = strrchr(out, ':');
    if (colon)
      *colon = '\0';
  }
}

static int encode(const char *name, int kernel, struct ss_hwc_resolved *r,
                  int *pfm_err) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  char *fstr = NULL;
  pfm_perf_encode_arg_t arg;
  memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.fstr = &fstr;
  arg.size = sizeof arg;
  int plm = kernel ? PFM_PLM0 | PFM_PLM3 : PFM_PLM3;
  *pfm_err = pfm_get_os_event_encoding(name, plm, PFM_OS_PERF_EVENT_EXT, &arg);
  if (*pfm_err != PFM_SUCCESS)
    return -1;
  r->type = attr.type;
  r->config = attr.config;
  r->config1 = attr.config1;
  r->config2 = attr.config2;
  r->exclude_kernel = attr.exclude_kernel;
  plain_name(fstr ? fstr : name, r->name, sizeof r->name);
  free(fstr);
  return 0;
}

int ss_hwc_resolve(const char *spec, int kernel, struct ss_hwc_resolved *r,
                   char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (pfm_ready(why, why_size) != 0)
    return -1;
  char *end;
  long n = strtol(spec, &end, 10);
  int err = PFM_SUCCESS;
  if (end != spec && *end == '\0') {
    const struct ss_hwc_counter *c = ss_hwc_counter(n >= 0 ? (unsigned)n : 99);
    if (!c) {
      snprintf(why, why_size, "counter number %s is not one of the seeds' 0-31",
               spec);
      return -1;
    }
    r->seed_name = c->seed_name;
    for (const char *const *cand = c->candidates; *cand; cand++)
      if (encode(*cand, kernel, r, &err) == 0) {
        r->seed_name = c->seed_name;
        return 0;
      }
    if (c->why_none)
      snprintf(why, why_size, "counter %ld (%s) has no counterpart on this "
               "CPU: %s", n, c->seed_name, c->why_none);
    else
      snprintf(why, why_size, "counter %ld (%s): this CPU has none of the "
               "events it maps to (docs/hwc.md)", n, c->seed_name);
    return -1;
  }
  if (encode(spec, kernel, r, &err) == 0)
    return 0;
  snprintf(why, why_size, "%s: not an event libpfm4 knows on this machine (%s); "
           "`perf list` or libpfm4's showevtinfo lists them", spec,
           pfm_strerror(err));
  return -1;
}

static void fill_attr(const struct ss_hwc_resolved *r, struct perf_event_attr *a) {
  memset(a, 0, sizeof *a);
  a->size = sizeof *a;
  a->type = r->type;
  a->config = r->config;
  a->config1 = r->config1;
  a->config2 = r->config2;
  a->exclude_kernel = (unsigned)r->exclude_kernel;
  a->exclude_hv = 1;
  a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
}

int ss_hwc_open_counting(const struct ss_hwc_resolved *r, int pid, int group_fd,
                         int inherit, int enable_on_exec) {
  struct perf_event_attr a;
  fill_attr(r, &a);
  a.inherit = (unsigned)inherit;
  if (enable_on_exec) {
    a.disabled = 1;
    a.enable_on_exec = 1;
  }
  return (int)syscall(SYS_perf_event_open, &a, pid, -1, group_fd,
                      PERF_FLAG_FD_CLOEXEC);
}

static int paranoid_level(void) {
  FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
  int level = 99;
  if (f) {
    if (fscanf(f, "%d", &level) != 1)
      level = 99;
    fclose(f);
  }
  return level;
}

int ss_hwc_probe(const struct ss_hwc_resolved *r, uint64_t overflow, char *why,
                 size_t why_size) {
  return ss_hwc_probe_sampling(r, overflow, 0, 0, why, why_size);
}

int ss_hwc_probe_sampling(const struct ss_hwc_resolved *r, uint64_t overflow,
                          uint64_t sample_type, unsigned precise, char *why,
                          size_t why_size) {
  struct perf_event_attr a;
  fill_attr(r, &a);
  a.sample_period = overflow;
  a.sample_type = sample_type;
  a.precise_ip = precise & 3u;
  int fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd >= 0) {
    close(fd);
    return 0;
  }
  int e = errno;
  if (e == ENOENT || e == EOPNOTSUPP || e == ENODEV)
    snprintf(why, why_size, "not supported on this machine (%s): %s",
             strerror(e),
             r->type == PERF_TYPE_SOFTWARE
                 ? "the kernel lacks this software event"
                 : "no hardware PMU, as in a virtual machine without one, or "
                   "a CPU without this event");
  else if (e == EACCES || e == EPERM)
    snprintf(why, why_size, "not permitted (%s): perf_event_paranoid is %d; "
             "%s", strerror(e), paranoid_level(),
             r->exclude_kernel ? "2 or less lets a user count its own programs"
                               : "kernel mode needs 1 or less (or drop -x)");
  else
    snprintf(why, why_size, "the kernel refused it (%s)", strerror(e));
  return -1;
}
