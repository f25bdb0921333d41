/* ldlatency_rings.c -- every thread's sampling ring and its records into
 * the thread's tracer (see ldlatency.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "ldlatency.h"

#include "mem_level.h"
#include "safe_string.h"
#include "sample_ring.h"
#include "signal_guard.h"
#include "tracer.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The record's fields, in the kernel's order for these bits. */
#define SAMPLE_TYPE                                                            \
  (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ADDR | PERF_SAMPLE_WEIGHT |  \
   PERF_SAMPLE_DATA_SRC)
#define FD_OWNERS 1024 /* the rings' fds sit below 1024 (perf_counter.c) */

struct slot {
  struct ssrt_sample_ring ring;
  struct ssrt_tracer *tracer;
};

static struct ssrt_hwc_event event;
static unsigned precise_ip;
static int signal_number;
static struct slot *slots;
static uint32_t slots_used;
static unsigned char fd_owned[FD_OWNERS];
static pthread_key_t end_key;
static int end_key_ok, refusal_told;
static int loads_only; /* IBS: a hardware event without precise_ip */

static __thread struct slot *self __attribute__((tls_model("initial-exec")));

/* One record of the ring into `arg`, the slot's tracer. */
static void take(const struct perf_event_header *h, const unsigned char *body,
                 void *arg) {
  struct ssrt_tracer *t = arg;
  if (h->type == PERF_RECORD_LOST) {
    uint64_t lost[2]; /* id, lost */
    memcpy(lost, body, sizeof lost);
    if (ssrt_tracer_enter(t)) {
      t->taken += lost[1];
      t->lost += lost[1];
      ssrt_tracer_leave(t);
    }
    return;
  }
  if (h->type != PERF_RECORD_SAMPLE ||
      h->size < sizeof *h + 5 * sizeof(uint64_t))
    return;
  uint64_t f[5]; /* ip, pid|tid, addr, weight, data_src */
  memcpy(f, body, sizeof f);
  uint64_t data_src = f[4];
  /* IBS samples every op: only those the kernel decoded as loads are
   * kept.  PEBS mem-loads samples only loads, and the stand-in's faults
   * carry no source (PERF_MEM_NA: level "other"). */
  if (loads_only && !((data_src >> PERF_MEM_OP_SHIFT) & PERF_MEM_OP_LOAD))
    return;
  if (!ssrt_tracer_enter(t))
    return;
  struct ss_event e;
  memset(&e, 0, sizeof e);
  e.depth = 1;
  e.kind = ss_mem_level_of(data_src);
  e.object = SS_NONE;
  e.time_ns = ssrt_tracer_now();
  e.value[0] = (int64_t)f[3]; /* cycles */
  e.value[1] = (int64_t)f[2];
  e.value[2] = (int64_t)data_src;
  ssrt_tracer_record(t, &e, &f[0]);
  ssrt_tracer_leave(t);
}

static void drain(struct slot *s) {
  if (s->tracer)
    ssrt_sample_ring_drain(&s->ring, take, s->tracer);
}

static void close_slot(struct slot *s) {
  if (__atomic_load_n(&s->ring.fd, __ATOMIC_ACQUIRE) < 0)
    return;
  ssrt_sample_ring_enable(&s->ring, 0);
  drain(s);
  /* fd_owned keeps its fd: a signal still queued for it is ours. */
  ssrt_sample_ring_close(&s->ring);
}

/* Key destructor: the thread ends (its key is made before the tracer's,
 * so this runs while the tracer still takes its events). */
static void thread_end(void *p) {
  struct slot *s = p;
  if (s)
    close_slot(s);
}

int ssrt_ldlat_rings_init(const struct ssrt_hwc_event *e, unsigned precise,
                          int sig) {
  size_t bytes = (size_t)SSRT_MAX_TRACERS * sizeof(struct slot);
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  slots = p;
  event = *e;
  precise_ip = precise;
  loads_only = e->type != PERF_TYPE_SOFTWARE && precise == 0;
  signal_number = sig;
  end_key_ok = pthread_key_create(&end_key, thread_end) == 0;
  return 0;
}

void ssrt_ldlat_open_self(void) {
  if (!slots || self)
    return;
  struct ssrt_tracer *t = ssrt_tracer_self();
  uint32_t i = __atomic_fetch_add(&slots_used, 1, __ATOMIC_ACQ_REL);
  if (!t || i >= SSRT_MAX_TRACERS)
    return;
  struct slot *s = &slots[i];
  s->tracer = t;
  pid_t tid = (pid_t)syscall(SYS_gettid);
  int err = ssrt_sample_ring_open(&s->ring, &event, SAMPLE_TYPE, precise_ip,
                                  tid, signal_number);
  if (err < 0) {
    if (!__atomic_exchange_n(&refusal_told, 1, __ATOMIC_ACQ_REL)) {
      char scratch[32];
      ssrt_log("ssrt: ldlatency: the kernel refuses to sample ", event.name,
               ": ", ssrt_errno_text(-err, scratch),
               "; threads without it record no loads", (const char *)0);
    }
    return;
  }
  if (s->ring.fd < FD_OWNERS)
    __atomic_store_n(&fd_owned[s->ring.fd], 1, __ATOMIC_RELEASE);
  self = s;
  if (end_key_ok)
    pthread_setspecific(end_key, s);
}

void ssrt_ldlat_on_record(int sig, siginfo_t *si, void *context) {
  int saved = errno;
  struct slot *s = self;
  if (si && si->si_code == POLL_IN && si->si_fd >= 0 &&
      si->si_fd < FD_OWNERS &&
      __atomic_load_n(&fd_owned[si->si_fd], __ATOMIC_ACQUIRE)) {
    /* Ours: this thread's ring (or one queued as its ring closed). */
    if (s && si->si_fd == __atomic_load_n(&s->ring.fd, __ATOMIC_ACQUIRE))
      drain(s);
  } else {
    ssrt_signal_guard_forward(sig, si, context);
  }
  errno = saved;
}

static uint32_t slots_in_use(void) {
  uint32_t n = __atomic_load_n(&slots_used, __ATOMIC_ACQUIRE);
  return n > SSRT_MAX_TRACERS ? SSRT_MAX_TRACERS : n;
}

void ssrt_ldlat_drain_all(void) {
  uint32_t n = slots_in_use();
  for (uint32_t i = 0; i < n; i++)
    ssrt_sample_ring_enable(&slots[i].ring, 0);
  for (uint32_t i = 0; i < n; i++)
    drain(&slots[i]);
}

void ssrt_ldlat_restart_all(void) {
  uint32_t n = slots_in_use();
  for (uint32_t i = 0; i < n; i++)
    ssrt_sample_ring_enable(&slots[i].ring, 1);
}

void ssrt_ldlat_forget_all(void) {
  /* The parent's counters count the parent's threads: the child closes
   * its copies of them and opens its own. */
  uint32_t n = slots_in_use();
  for (uint32_t i = 0; i < n; i++) {
    int fd = slots[i].ring.fd;
    if (fd >= 0 && fd < FD_OWNERS)
      fd_owned[fd] = 0;
    slots[i].ring.holder = 0;
    ssrt_sample_ring_close(&slots[i].ring);
    slots[i].tracer = NULL;
  }
  slots_used = 0;
  self = NULL;
}
