/* caliper.c -- caliper points and the caliper signal (see caliper.h and
 * include/ss/caliper.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "caliper.h"

#include "experiments.h"
#include "identity.h"
#include "lifecycle.h"
#include "privileges.h"
#include "safe_string.h"
#include "ss/caliper.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

struct caliper_slot {
  uint64_t time_ns;
  uint32_t ready; /* set (release) once time and label are complete */
  char label[SSRT_CALIPER_LABEL];
};

static struct caliper_slot slots[SSRT_CALIPER_SLOTS];
/* Points claimed so far; slot i belongs to the i-th claimer. */
static uint32_t claimed;

void ssrt_caliper_record(const char *label) {
  /* The time is taken before the slot is claimed, so a sample that sees
   * the claim (ssrt_caliper_count) was taken after the point's time. */
  uint64_t now = ssrt_clock_ns(CLOCK_REALTIME);
  uint32_t i = __atomic_fetch_add(&claimed, 1, __ATOMIC_ACQ_REL);
  if (i >= SSRT_CALIPER_SLOTS)
    return;
  struct caliper_slot *s = &slots[i];
  s->time_ns = now;
  struct ssrt_str text;
  ssrt_str_init(&text, s->label, sizeof s->label);
  ssrt_str_add(&text, label ? label : "");
  __atomic_store_n(&s->ready, 1, __ATOMIC_RELEASE);
}

uint32_t ssrt_caliper_count(void) {
  uint32_t n = __atomic_load_n(&claimed, __ATOMIC_ACQUIRE);
  return n < SSRT_CALIPER_SLOTS ? n : SSRT_CALIPER_SLOTS;
}

uint32_t ssrt_calipers_ignored(void) {
  uint32_t n = __atomic_load_n(&claimed, __ATOMIC_ACQUIRE);
  return n > SSRT_CALIPER_SLOTS ? n - SSRT_CALIPER_SLOTS : 0;
}

int ssrt_caliper_get(uint32_t i, uint64_t *time_ns, const char **label) {
  if (i >= SSRT_CALIPER_SLOTS || !__atomic_load_n(&slots[i].ready, __ATOMIC_ACQUIRE))
    return 0;
  *time_ns = slots[i].time_ns;
  *label = slots[i].label;
  return 1;
}

void ssrt_caliper_after_fork(void) {
  uint32_t n = claimed < SSRT_CALIPER_SLOTS ? claimed : SSRT_CALIPER_SLOTS;
  for (uint32_t i = 0; i < n; i++)
    slots[i].ready = 0;
  claimed = 0;
}

SSRT_EXPORT void ss_caliper_point(const char *label) {
  if (!ssrt_active())
    return;
  int saved_errno = errno;
  ssrt_caliper_record(label);
  errno = saved_errno;
}

/* -- the caliper signal ---------------------------------------------------- */

static char signal_label[48]; /* "signal SIGUSR2 (12)", made at install */

static void caliper_signal_handler(int sig) {
  (void)sig;
  int saved_errno = errno;
  ssrt_caliper_record(signal_label);
  errno = saved_errno;
}

static int upper_equal(const char *a, const char *b) {
  for (; *a && *b; a++, b++) {
    char c = *a >= 'a' && *a <= 'z' ? (char)(*a - 'a' + 'A') : *a;
    if (c != *b)
      return 0;
  }
  return *a == *b;
}

int ssrt_parse_signal(const char *text) {
  if (!text || !*text)
    return 0;
  const char *p = text;
  uint64_t n;
  if (ssrt_parse_u64(&p, &n))
    return *p == '\0' && n > 0 && n < (uint64_t)NSIG ? (int)n : 0;
  const char *name = text;
  if ((name[0] == 'S' || name[0] == 's') && (name[1] == 'I' || name[1] == 'i') &&
      (name[2] == 'G' || name[2] == 'g'))
    name += 3;
  for (int sig = 1; sig < SIGRTMIN; sig++) {
    const char *known = ssrt_signal_name(sig);
    if (known && upper_equal(name, known + 3))
      return sig;
  }
  /* RTMIN+n, RTMAX-n */
  const char *rt[2] = {"RTMIN", "RTMAX"};
  for (int k = 0; k < 2; k++) {
    const char *q = name;
    const char *r = rt[k];
    while (*r && (*q == *r || *q == *r + ('a' - 'A')))
      q++, r++;
    if (*r)
      continue;
    int base = k == 0 ? SIGRTMIN : SIGRTMAX;
    if (*q == '\0')
      return base;
    char sign = *q++;
    if ((sign != '+' && sign != '-') || !ssrt_parse_u64(&q, &n) || *q)
      return 0;
    int sig = sign == '+' ? base + (int)n : base - (int)n;
    return sig >= SIGRTMIN && sig <= SIGRTMAX ? sig : 0;
  }
  return 0;
}

void ssrt_caliper_install_signal(void) {
  const char *text = ssrt_steering_env(SS_ENV_CALIPER_SIGNAL);
  if (!text || !*text)
    return;
  int sig = ssrt_parse_signal(text);
  if (sig == 0 || sig == SIGKILL || sig == SIGSTOP) {
    ssrt_log("ssrt: ignoring " SS_ENV_CALIPER_SIGNAL "=", text,
             ": not a signal that can be caught; use a name such as SIGUSR2 "
             "or a number", (const char *)0);
    return;
  }
  struct sigaction old;
  if (sigaction(sig, NULL, &old) != 0)
    return;
  if (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
    /* The program's own handler wins, as for the fatal signals. */
    ssrt_log("ssrt: " SS_ENV_CALIPER_SIGNAL "=", text,
             " is already handled by the program; no caliper points from it",
             (const char *)0);
    return;
  }
  struct ssrt_str s;
  ssrt_str_init(&s, signal_label, sizeof signal_label);
  const char *name = ssrt_signal_name(sig);
  ssrt_str_add(&s, "signal ");
  if (name) {
    ssrt_str_add(&s, name);
  } else {
    ssrt_str_add(&s, "SIGRTMIN+");
    ssrt_str_add_u64(&s, (uint64_t)(sig - SIGRTMIN));
  }
  ssrt_str_add(&s, " (");
  ssrt_str_add_u64(&s, (uint64_t)sig);
  ssrt_str_add(&s, ")");
  struct sigaction sa;
  sa.sa_handler = caliper_signal_handler;
  sa.sa_flags = SA_RESTART | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}
