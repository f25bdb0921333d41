/* libperfex.c -- <ss/perfex.h>: the seeds' libperfex on perf_event_open,
 * the calling thread's counters around a section; names and costs as
 * ssperfex (hwc_resolve.h, perfex_costs.h). */
#define _GNU_SOURCE
#include "ss/perfex.h"

#include "hwc_events.h"
#include "hwc_resolve.h"
#include "perfex_costs.h"
#include "perfex_math.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Only <ss/perfex.h> leaves the library (hidden by default). */
#define API __attribute__((visibility("default")))

#define MAX_NAMED 32

static char named[MAX_NAMED][128];
static int num_named;
static int fds[2] = {-1, -1};
static int started[2] = {-1, -1};

API int ss_perfex_event(const char *name) {
  struct ss_hwc_resolved r;
  char why[512];
  if (!name || ss_hwc_resolve(name, 0, &r, why, sizeof why) != 0)
    return -1;
  for (int i = 0; i < num_named; i++)
    if (strcmp(named[i], name) == 0)
      return SS_HWC_NUM_COUNTERS + i;
  if (num_named == MAX_NAMED || strlen(name) >= sizeof named[0])
    return -1;
  snprintf(named[num_named], sizeof named[0], "%s", name);
  return SS_HWC_NUM_COUNTERS + num_named++;
}

/* The spec ss_hwc_resolve takes for a code, and the row's label. */
static int spec_of(int e, char *spec, size_t n, const char **label) {
  if (e >= 0 && e < SS_HWC_NUM_COUNTERS) {
    snprintf(spec, n, "%d", e);
    *label = ss_hwc_counter((unsigned)e)->seed_name;
    return 0;
  }
  if (e >= SS_HWC_NUM_COUNTERS && e < SS_HWC_NUM_COUNTERS + num_named) {
    *label = named[e - SS_HWC_NUM_COUNTERS];
    snprintf(spec, n, "%s", *label);
    return 0;
  }
  return -1;
}

static void stop(void) {
  for (int i = 0; i < 2; i++) {
    if (fds[i] >= 0)
      close(fds[i]);
    fds[i] = started[i] = -1;
  }
}

API int start_counters(int e0, int e1) {
  stop();
  int es[2] = {e0, e1};
  for (int i = 0; i < 2; i++) {
    char spec[160], why[512];
    const char *label;
    struct ss_hwc_resolved r;
    if (spec_of(es[i], spec, sizeof spec, &label) != 0) {
      fprintf(stderr, "perfex: %d is not a counter number (0-31) or a code "
                      "from ss_perfex_event\n", es[i]);
      stop();
      return -1;
    }
    if (ss_hwc_resolve(spec, 0, &r, why, sizeof why) != 0 ||
        ss_hwc_probe(&r, 0, why, sizeof why) != 0) {
      fprintf(stderr, "perfex: cannot count %s: %s\n", label, why);
      stop();
      return -1;
    }
    /* This thread, from now on. */
    fds[i] = ss_hwc_open_counting(&r, 0, -1, 0, 0);
    if (fds[i] < 0) {
      fprintf(stderr, "perfex: cannot count %s: %s\n", label, strerror(errno));
      stop();
      return -1;
    }
    started[i] = es[i];
  }
  return 0;
}

API int read_counters(int e0, long long *c0, int e1, long long *c1) {
  int es[2] = {e0, e1};
  long long *cs[2] = {c0, c1};
  for (int i = 0; i < 2; i++) {
    uint64_t v[3];
    if (fds[i] < 0 || started[i] != es[i] ||
        read(fds[i], v, sizeof v) != (ssize_t)sizeof v) {
      fprintf(stderr, "perfex: read_counters(%d, %d) without start_counters of "
                      "those events\n", e0, e1);
      return -1;
    }
    *cs[i] = (long long)perfex_scaled(v[0], v[1], v[2]);
  }
  stop();
  return 0;
}

static void print_row(int e, long long c, int with_costs,
                      const struct perfex_host *h) {
  char spec[160], num[16] = "";
  const char *label = "?";
  spec_of(e, spec, sizeof spec, &label);
  if (e < SS_HWC_NUM_COUNTERS)
    snprintf(num, sizeof num, "%d", e);
  int n = fprintf(stderr, "%2s %s", num, label);
  for (; n < 62; n++)
    fputc('.', stderr);
  fprintf(stderr, " %14lld", c);
  if (with_costs) {
    if (e < SS_HWC_NUM_COUNTERS) {
      struct perfex_cost k = perfex_cost_of(h, (unsigned)e);
      fprintf(stderr, " %12.6f %12.6f %12.6f",
              perfex_seconds((uint64_t)c, k.typical, h->mhz),
              perfex_seconds((uint64_t)c, k.minimum, h->mhz),
              perfex_seconds((uint64_t)c, k.maximum, h->mhz));
    } else if (ss_hwc_is_clock_event(label)) {
      double s = (double)c * 1e-9;
      fprintf(stderr, " %12.6f %12.6f %12.6f", s, s, s);
    } else {
      fprintf(stderr, " %12s %12s %12s", "-", "-", "-");
    }
  }
  fputc('\n', stderr);
}

static void rule(int n) {
  for (int i = 0; i < n; i++)
    fputc('=', stderr);
  fputc('\n', stderr);
}

API int print_counters(int e0, long long c0, int e1, long long c1) {
  fprintf(stderr, "%-62s %14s\n", "Event Counter Name", "Counter Value");
  rule(77);
  print_row(e0, c0, 0, NULL);
  print_row(e1, c1, 0, NULL);
  return 0;
}

API int print_costs(int e0, long long c0, int e1, long long c1) {
  struct perfex_host h;
  perfex_host(&h);
  fprintf(stderr, "Based on %.0f MHz %s\n", h.mhz, h.model);
  fprintf(stderr, "%-62s %14s %12s %12s %12s\n", "", "", "Typical", "Minimum",
          "Maximum");
  fprintf(stderr, "%-62s %14s %12s %12s %12s\n", "Event Counter Name",
          "Counter Value", "Time (sec)", "Time (sec)", "Time (sec)");
  rule(115);
  print_row(e0, c0, 1, &h);
  print_row(e1, c1, 1, &h);
  return 0;
}

API int load_costs(const char *cost_file_name) {
  if (!cost_file_name || !cost_file_name[0])
    return 0;
  fprintf(stderr, "perfex: %s: cost files are not read; the costs are this "
                  "CPU's documented latencies (ssperfex -t)\n", cost_file_name);
  return -1;
}
