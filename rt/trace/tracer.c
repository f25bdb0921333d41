/* tracer.c -- per-thread event buffers and the trace records (see
 * tracer.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "tracer.h"

#include "caliper.h"
#include "identity.h"
#include "lifecycle.h"
#include "part.h"
#include "privileges.h"
#include "safe_string.h"
#include "unwinder.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(struct ss_rec_trace) == 48 &&
                   sizeof(struct ss_rec_events) == 16 &&
                   sizeof(struct ss_event) == 56,
               "trace record layouts (docs/experiment-file.md)");

/* Internal, for tests: "fp" makes call stacks follow frame pointers only. */
#define STACK_WALK_VARIABLE "_SSRT_STACK_WALK"
#define RECORD_LIMIT ((uint64_t)64 << 20)
#define MIN_ARENA ((size_t)16 << 20)

static struct ssrt_arena arena;
static struct ssrt_tracer *table;
static uint32_t table_used; /* slots handed out */
static uint32_t next_index; /* thread index of the next new tracer */
static const struct ssrt_trace_info *trace;
static int running;  /* a trace runs in this image */
static int paused;   /* the file is being written: record nothing */
static int untraced; /* a forked child that writes no file */
static uint64_t start_ns;
static pthread_key_t end_key;
static int end_key_ok;

static __thread struct ssrt_tracer *self
    __attribute__((tls_model("initial-exec")));

static pid_t current_tid(void) { return (pid_t)syscall(SYS_gettid); }

int ssrt_tracing(void) { return __atomic_load_n(&running, __ATOMIC_ACQUIRE); }

int ssrt_tracer_recording(void) {
  return ssrt_tracing() && !__atomic_load_n(&paused, __ATOMIC_ACQUIRE) &&
         !untraced;
}

uint64_t ssrt_tracer_now(void) {
  uint64_t now = ssrt_clock_ns(CLOCK_MONOTONIC);
  return now > start_ns ? now - start_ns : 0;
}

static struct ssrt_tracer *new_tracer(pid_t tid) {
  uint32_t slot = __atomic_fetch_add(&table_used, 1, __ATOMIC_ACQ_REL);
  if (slot >= SSRT_MAX_TRACERS)
    return NULL;
  struct ssrt_tracer *t = &table[slot];
  memset(t, 0, sizeof *t);
  t->tid = tid;
  t->index = __atomic_fetch_add(&next_index, 1, __ATOMIC_ACQ_REL);
  ssrt_chain_reset(&t->events);
  if (tid == getpid())
    ssrt_walk_state_main(&t->walk);
  __atomic_store_n(&t->state, SSRT_TRACER_LIVE, __ATOMIC_RELEASE);
  return t;
}

struct ssrt_tracer *ssrt_tracer_self(void) {
  if (!ssrt_tracing())
    return NULL;
  struct ssrt_tracer *t = self;
  if (t)
    return t;
  t = new_tracer(current_tid());
  self = t;
  return t;
}

/* Key destructor: the thread is ending (return, pthread_exit or cancel). */
static void thread_end(void *p) {
  struct ssrt_tracer *t = p;
  if (t)
    __atomic_store_n(&t->state, SSRT_TRACER_ENDED, __ATOMIC_RELEASE);
}

int ssrt_tracer_start(const struct ssrt_trace_info *info) {
  size_t table_bytes = (size_t)SSRT_MAX_TRACERS * sizeof(struct ssrt_tracer);
  void *t = mmap(NULL, table_bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  size_t want = ssrt_arena_default_size();
  if (t == MAP_FAILED ||
      ssrt_arena_init(&arena, want < MIN_ARENA ? MIN_ARENA : want,
                      (size_t)1 << 20) != 0) {
    if (t != MAP_FAILED)
      munmap(t, table_bytes);
    ssrt_log("ssrt: cannot reserve memory for events; the trace records none",
             (const char *)0);
    return -1;
  }
  table = t;
  trace = info;
  const char *walk = ssrt_steering_env(STACK_WALK_VARIABLE);
  ssrt_callstack_init(walk && ssrt_streq(walk, "fp") ? SSRT_WALK_FRAME_POINTERS
                                                     : SSRT_WALK_UNWINDER);
  end_key_ok = pthread_key_create(&end_key, thread_end) == 0;
  start_ns = ssrt_clock_ns(CLOCK_MONOTONIC);
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  ssrt_tracer_self();
  ssrt_refresh_map(); /* the unwinder is loaded now */
  return 0;
}

void ssrt_tracer_use_cached_walks(void) {
  const char *walk = ssrt_steering_env(STACK_WALK_VARIABLE);
  if (!(walk && ssrt_streq(walk, "fp")))
    ssrt_unwinder_use_cache();
}

void ssrt_tracer_record_call(uint32_t kind, uint32_t object,
                             uint64_t start_ns, const int64_t values[3],
                             const uint64_t *pcs, int depth, uint16_t flags) {
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (!ssrt_tracer_enter(t))
    return;
  struct ss_event e;
  memset(&e, 0, sizeof e);
  e.depth = (uint16_t)depth;
  e.flags = flags;
  e.kind = kind;
  e.object = object;
  e.time_ns = start_ns;
  uint64_t now = ssrt_tracer_now();
  e.duration_ns = now > start_ns ? now - start_ns : 0;
  for (int i = 0; i < 3; i++)
    e.value[i] = values[i];
  ssrt_tracer_record(t, &e, pcs);
  ssrt_tracer_leave(t);
}

void ssrt_tracer_thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (!t)
    return;
  ssrt_walk_state_thread(&t->walk, stack_hi, stack_size);
  if (end_key_ok)
    pthread_setspecific(end_key, t);
  /* A convenient moment, outside any signal handler, to take in libraries
   * loaded since (cheap when nothing changed). */
  ssrt_refresh_map();
}

int ssrt_tracer_enter(struct ssrt_tracer *t) {
  if (!t || untraced)
    return 0;
  __atomic_store_n(&t->busy, 1, __ATOMIC_SEQ_CST);
  if (__atomic_load_n(&paused, __ATOMIC_SEQ_CST) ||
      __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) != SSRT_TRACER_LIVE) {
    __atomic_store_n(&t->busy, 0, __ATOMIC_SEQ_CST);
    return 0;
  }
  return 1;
}

void ssrt_tracer_leave(struct ssrt_tracer *t) {
  __atomic_store_n(&t->busy, 0, __ATOMIC_SEQ_CST);
}

static size_t event_size(const void *entry) {
  const struct ss_event *e = entry;
  return sizeof *e + (size_t)e->depth * sizeof(uint64_t);
}

void ssrt_tracer_record(struct ssrt_tracer *t, struct ss_event *e,
                        const uint64_t *pcs) {
  /* Point 0 (the start) precedes every event. */
  e->caliper = ssrt_caliper_count() + 1;
  t->taken++;
  if (!ssrt_chain_append(&arena, &t->events, e, sizeof *e, pcs,
                         (size_t)e->depth * sizeof(uint64_t))) {
    t->lost++;
    return;
  }
  if (e->flags & (SS_SAMPLE_INCOMPLETE | SS_SAMPLE_TRUNCATED))
    t->incomplete++;
}

/* -- writing, exec, fork ----------------------------------------------------- */

void ssrt_tracer_pause(void) {
  if (!ssrt_tracing())
    return;
  __atomic_store_n(&paused, 1, __ATOMIC_SEQ_CST);
  pid_t me = current_tid();
  uint32_t n = __atomic_load_n(&table_used, __ATOMIC_ACQUIRE);
  if (n > SSRT_MAX_TRACERS)
    n = SSRT_MAX_TRACERS;
  for (uint32_t i = 0; i < n; i++) {
    struct ssrt_tracer *t = &table[i];
    /* The writer's own recording cannot be running unless the writer is a
     * fault inside it; then it will never finish. */
    if (t->tid == me)
      continue;
    for (int spins = 0; spins < 20000 &&
                        __atomic_load_n(&t->busy, __ATOMIC_SEQ_CST);
         spins++)
      sched_yield();
  }
}

void ssrt_tracer_resume(void) {
  __atomic_store_n(&paused, 0, __ATOMIC_SEQ_CST);
}

void ssrt_tracer_after_fork_in_child(int traced) {
  if (!ssrt_tracing())
    return;
  struct ssrt_tracer *keep = self;
  uint32_t n = __atomic_load_n(&table_used, __ATOMIC_ACQUIRE);
  if (n > SSRT_MAX_TRACERS)
    n = SSRT_MAX_TRACERS;
  for (uint32_t i = 0; i < n; i++)
    if (&table[i] != keep)
      table[i].state = SSRT_TRACER_DROPPED;
  ssrt_arena_reset(&arena);
  next_index = keep ? 1 : 0;
  if (keep) {
    keep->tid = current_tid();
    keep->index = 0;
    keep->busy = 0;
    keep->walk.walking = 0;
    ssrt_chain_reset(&keep->events);
    keep->taken = keep->lost = keep->incomplete = 0;
    keep->state = SSRT_TRACER_LIVE;
  }
  paused = 0;
  untraced = !traced;
}

void ssrt_tracer_recover_fault(const void *context) {
  struct ssrt_tracer *t = ssrt_tracing() ? self : NULL;
  if (t)
    ssrt_callstack_recover(&t->walk, context);
}

static int written(const struct ssrt_tracer *t) {
  int state = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE);
  return state == SSRT_TRACER_LIVE || state == SSRT_TRACER_ENDED;
}

void ssrt_tracer_write_records(struct ssrt_writer *w,
                               const struct ssrt_map_snapshot *map) {
  (void)map;
  if (!ssrt_tracing())
    return;
  uint32_t n = __atomic_load_n(&table_used, __ATOMIC_ACQUIRE);
  if (n > SSRT_MAX_TRACERS)
    n = SSRT_MAX_TRACERS;
  struct ss_rec_trace r;
  memset(&r, 0, sizeof r);
  r.kind = trace->kind;
  r.flags = trace->flags;
  r.start_ns = start_ns;
  for (uint32_t i = 0; i < n; i++) {
    const struct ssrt_tracer *t = &table[i];
    if (!written(t))
      continue;
    r.events += t->taken;
    r.lost += t->lost;
    r.incomplete += t->incomplete;
    r.num_threads++;
  }
  ssrt_record_begin(w, SS_REC_TRACE);
  ssrt_record_put(w, &r, sizeof r);
  ssrt_record_put_string(w, trace->how);
  ssrt_record_end(w);
  for (uint32_t i = 0; i < n; i++) {
    struct ssrt_tracer *t = &table[i];
    if (!written(t))
      continue;
    struct ss_rec_events h = {t->index, (uint32_t)t->tid, 0};
    ssrt_chain_write_records(w, &t->events, SS_REC_EVENTS, &h, sizeof h,
                             offsetof(struct ss_rec_events, num_events),
                             event_size, RECORD_LIMIT);
  }
  if (trace->write_names)
    trace->write_names(w);
}

/* The hooks every trace needs, once for all of them (the traces' own
 * parts start them and add what is theirs).  Each does nothing unless a
 * trace runs. */
static void thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  if (ssrt_tracing())
    ssrt_tracer_thread_begin(stack_hi, stack_size);
}

static void after_failed_exec(void) {
  if (ssrt_tracing())
    ssrt_tracer_resume();
}

SSRT_PART(trace_part) = {
    .name = "trace",
    .order = SSRT_ORDER_TRACE,
    .thread_begin = thread_begin,
    .before_write = ssrt_tracer_pause,
    .write_records = ssrt_tracer_write_records,
    .after_failed_exec = after_failed_exec,
    .after_fork_in_child = ssrt_tracer_after_fork_in_child,
    .recover_fault = ssrt_tracer_recover_fault,
};
