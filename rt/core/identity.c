/* identity.c -- pid, process code and start time (see identity.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#include "identity.h"

#include "mpi_rank.h"

#include <stdlib.h>
#include <unistd.h>

struct ssrt_identity ssrt_id;

static int markers_consumed;
static char code_from_markers[4] = "m";

static void set_code(char *dst, const char *code) {
  int i = 0;
  for (; code[i] && i < 3; i++)
    dst[i] = code[i];
  for (; i < 4; i++)
    dst[i] = '\0';
}

uint64_t ssrt_clock_ns(clockid_t clock) {
  struct timespec ts;
  if (clock_gettime(clock, &ts) != 0)
    return 0;
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void ssrt_consume_markers(void) {
  if (__atomic_exchange_n(&markers_consumed, 1, __ATOMIC_ACQ_REL))
    return;
  const char *exec_marker = getenv(SSRT_EXEC_MARKER);
  const char *system_marker = getenv(SSRT_SYSTEM_MARKER);
  if (exec_marker) {
    /* Only an exec in this very pid makes this process an `e`: a marker
     * with another pid was left by an instrumented process that exec'd
     * something uninstrumented (a shell, say), which then started us. */
    const char *p = exec_marker;
    uint64_t pid;
    if (ssrt_parse_u64(&p, &pid) && *p == ':' && pid == (uint64_t)getpid())
      set_code(code_from_markers, p[1] == 'f' ? "fe" : "e");
  }
  if (system_marker && ssrt_streq(code_from_markers, "m"))
    set_code(code_from_markers, "s");
  if (exec_marker)
    unsetenv(SSRT_EXEC_MARKER);
  if (system_marker)
    unsetenv(SSRT_SYSTEM_MARKER);
}

void ssrt_identity_init(void) {
  ssrt_consume_markers();
  ssrt_id.pid = getpid();
  ssrt_id.ppid = getppid();
  set_code(ssrt_id.code, code_from_markers);
  ssrt_id.start_realtime_ns = ssrt_clock_ns(CLOCK_REALTIME);
  ssrt_id.start_monotonic_ns = ssrt_clock_ns(CLOCK_MONOTONIC);
  ssrt_mpi_rank_init();
}

void ssrt_identity_forked(void) {
  ssrt_id.pid = getpid();
  ssrt_id.ppid = getppid();
  set_code(ssrt_id.code, "f");
  ssrt_id.start_realtime_ns = ssrt_clock_ns(CLOCK_REALTIME);
  ssrt_id.start_monotonic_ns = ssrt_clock_ns(CLOCK_MONOTONIC);
}

int ssrt_in_unannounced_child(void) {
  return ssrt_id.pid != 0 && getpid() != ssrt_id.pid;
}

void ssrt_format_exec_marker(struct ssrt_str *s) {
  ssrt_str_add(s, SSRT_EXEC_MARKER "=");
  ssrt_str_add_u64(s, (uint64_t)getpid());
  ssrt_str_add(s, ":");
  /* A vfork child still carries its parent's identity; it is a forked
   * child all the same, and its new image is an `fe`. */
  ssrt_str_add(s, ssrt_in_unannounced_child() ? "f"
                 : ssrt_id.code[0]           ? ssrt_id.code
                                             : "m");
}
