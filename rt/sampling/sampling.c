/* sampling.c -- timers, the sampling signal and its handler, and what fork
 * and exec do to them (see sampling.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "sampling.h"

#include "callstack.h"
#include "caliper.h"
#include "experiment.h"
#include "hwc_events.h"
#include "lifecycle.h"
#include "pages.h"
#include "perf_counter.h"
#include "part.h"
#include "privileges.h"
#include "record_chain.h"
#include "safe_string.h"
#include "sample_buffer.h"
#include "signal_guard.h"
#include "stack_walk.h"

#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Internal, for tests: "fp" makes call stacks follow frame pointers only. */
#define STACK_WALK_VARIABLE "_SSRT_STACK_WALK"

static const struct ss_experiment *experiment;
static uint64_t interval_ns; /* the experiment's, or ssrun -interval's */
static int sample_signal;     /* 0 until sampling starts in this image */
static int callstacks;        /* usertime, totaltime, _hwctime */
/* The hwc experiments: each thread's perf_event counter stands in for its
 * timer, and its overflows for the expiries (perf_counter.h). */
static int hwc;
static struct ssrt_hwc_event hwc_event;
/* prof_hwc[time] with a profiled counter ($_SPEEDSHOP_HWC_PROF_EVENT):
 * counted in the group of the sampled one, read at each of its
 * overflows. */
static int profiling;
static struct ssrt_hwc_event profiled_event;
/* The sampler owning each counter fd (index + 1), for the handler: an
 * overflow's siginfo names the fd, not the sampler. */
#define FD_OWNERS 65536
static uint32_t *fd_owner;
static clockid_t timer_clock;
static const char *clock_text = "";
static int paused;            /* the handler records nothing */
static int untraced;          /* a forked child that is not measured */
static pthread_key_t thread_key;
static int thread_key_ok;
/* libssrt.so's own code, to recognize its frames in a stack. */
static uint64_t own_text_lo, own_text_hi;

static pid_t current_tid(void) { return (pid_t)syscall(SYS_gettid); }

int ssrt_sampling_signal(void) {
  return __atomic_load_n(&sample_signal, __ATOMIC_ACQUIRE);
}

const char *ssrt_sampling_clock(void) { return clock_text; }

int ssrt_sampling_on_counters(const char **sampled, const char **profiled) {
  *sampled = hwc ? hwc_event.name : NULL;
  *profiled = hwc && profiling ? profiled_event.name : NULL;
  return hwc;
}

void ssrt_sampling_counter_total(const struct ssrt_sampler *s,
                                 struct ss_counter_total *t) {
  memset(t, 0, sizeof *t);
  t->thread_index = s->index;
  t->tid = (uint32_t)s->tid;
  struct ssrt_hwc_total c = s->final_total;
  uint64_t profiled = s->final_profiled;
  if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == SSRT_SAMPLER_LIVE &&
      s->has_timer) {
    ssrt_hwc_read(s->counter_fd, &c);
    if (s->profiled_fd >= 0) {
      struct ssrt_hwc_total p;
      ssrt_hwc_read(s->profiled_fd, &p);
      profiled = p.count;
    }
  }
  t->count[0] = c.count;
  t->count[1] = profiled;
  t->enabled_ns = c.enabled_ns;
  t->running_ns = c.running_ns;
}

uint64_t ssrt_sampling_interval(void) {
  if (hwc)
    return hwc_event.overflow;
  return interval_ns ? interval_ns : ssrt_experiment()->interval_ns;
}

/* -- timers ----------------------------------------------------------------- */

static struct itimerspec period(void) {
  struct itimerspec its;
  its.it_interval.tv_sec = (time_t)(interval_ns / 1000000000u);
  its.it_interval.tv_nsec = (long)(interval_ns % 1000000000u);
  its.it_value = its.it_interval;
  return its;
}

/* Must run on the sampler's own thread: CLOCK_THREAD_CPUTIME_ID is the
 * calling thread's clock. */
static void arm_counter(struct ssrt_sampler *s) {
  s->profiled_fd = -1;
  s->last_count = 0;
  int fd = ssrt_hwc_open(&hwc_event, s->tid, sample_signal);
  if (fd < 0)
    return; /* ssrun opened the event before the program ran: rare */
  if (fd >= FD_OWNERS) {
    close(fd);
    return;
  }
  if (profiling) {
    /* Without its profiled counter the thread's samples would weigh
     * nothing: it is not sampled (ssrun opened both before the run). */
    s->profiled_fd = ssrt_hwc_open_member(&profiled_event, s->tid, fd);
    if (s->profiled_fd < 0) {
      s->profiled_fd = -1;
      close(fd);
      return;
    }
  }
  __atomic_store_n(&fd_owner[fd], s->index + 1, __ATOMIC_RELEASE);
  s->counter_fd = fd;
  s->has_timer = 1;
  ssrt_hwc_enable(fd, 1); /* opened disabled: its sampler is known now */
}

static void close_counter(struct ssrt_sampler *s) {
  if (s->counter_fd < FD_OWNERS)
    __atomic_store_n(&fd_owner[s->counter_fd], 0, __ATOMIC_RELEASE);
  close(s->counter_fd);
  if (s->profiled_fd >= 0)
    close(s->profiled_fd);
  s->profiled_fd = -1;
  s->has_timer = 0;
}

static void arm(struct ssrt_sampler *s) {
  if (!s || s->has_timer || untraced)
    return;
  if (hwc) {
    arm_counter(s);
    return;
  }
  struct sigevent ev;
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_THREAD_ID;
  ev.sigev_signo = sample_signal;
  ev.sigev_value.sival_ptr = s; /* the handler's way back to the buffer */
#ifdef sigev_notify_thread_id
  ev.sigev_notify_thread_id = s->tid;
#else
  ev._sigev_un._tid = s->tid;
#endif
  if (timer_create(timer_clock, &ev, &s->timer) != 0)
    return;
  s->has_timer = 1;
  struct itimerspec its = period();
  timer_settime(s->timer, 0, &its, NULL);
}

static void disarm(struct ssrt_sampler *s) {
  if (s && s->has_timer && hwc) {
    ssrt_hwc_enable(s->counter_fd, 0);
  } else if (s && s->has_timer) {
    struct itimerspec zero;
    memset(&zero, 0, sizeof zero);
    timer_settime(s->timer, 0, &zero, NULL);
  }
}

/* Key destructor: the thread is ending (return, pthread_exit or cancel). */
static void thread_end(void *p) {
  struct ssrt_sampler *s = ssrt_sampler_from_cookie(p);
  if (!s)
    return;
  if (s->has_timer && hwc) {
    ssrt_hwc_read(s->counter_fd, &s->final_total);
    if (s->profiled_fd >= 0) {
      struct ssrt_hwc_total p;
      ssrt_hwc_read(s->profiled_fd, &p);
      s->final_profiled = p.count;
    }
    close_counter(s);
  } else if (s->has_timer) {
    timer_delete(s->timer);
    s->has_timer = 0;
  }
  __atomic_store_n(&s->state, SSRT_SAMPLER_ENDED, __ATOMIC_RELEASE);
}

static struct ssrt_sampler *own_sampler(void) {
  if (!thread_key_ok)
    return NULL;
  return ssrt_sampler_from_cookie(pthread_getspecific(thread_key));
}

static struct ssrt_sampler *start_thread_sampler(uint64_t stack_lo,
                                                 uint64_t stack_hi) {
  struct ssrt_sampler *s = ssrt_sampler_new(current_tid());
  if (!s)
    return NULL;
  s->walk.stack_lo = stack_lo;
  s->walk.stack_hi = stack_hi;
  if (thread_key_ok)
    pthread_setspecific(thread_key, s);
  arm(s);
  return s;
}

static void thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  if (!ssrt_sampling_signal())
    return;
  struct ssrt_walk_state range;
  ssrt_walk_state_thread(&range, stack_hi, stack_size);
  start_thread_sampler(range.stack_lo, range.stack_hi);
  /* A convenient moment, outside any signal handler, to take in libraries
   * loaded since (cheap when nothing changed): a file written from a fatal
   * signal uses the last map taken. */
  ssrt_refresh_map();
}

/* -- blocking calls ---------------------------------------------------------- */

int ssrt_sampling_block_begin(void *fn) {
  int sig = ssrt_sampling_signal();
  if (!sig)
    return 0;
  sigset_t just, old;
  sigemptyset(&just);
  sigaddset(&just, sig);
  if (pthread_sigmask(SIG_BLOCK, &just, &old) != 0 || sigismember(&old, sig))
    return 0; /* the program blocks it already: leave its mask alone */
  struct ssrt_sampler *s = own_sampler();
  if (s)
    s->blocked_in = (uint64_t)(uintptr_t)fn;
  return sig;
}

void ssrt_sampling_block_end(int token) {
  if (!token)
    return;
  int saved_errno = errno;
  sigset_t just;
  sigemptyset(&just);
  sigaddset(&just, token);
  /* A sample pending since the call began is delivered right here, while
   * blocked_in still names the call. */
  pthread_sigmask(SIG_UNBLOCK, &just, NULL);
  struct ssrt_sampler *s = own_sampler();
  if (s)
    s->blocked_in = 0;
  errno = saved_errno;
}

/* A sample taken in a blocking-call wrapper: its frames down to the
 * wrapper's (the signal arrives as the wrapper unblocks it) become the one
 * C library function the thread waited in. */
static int as_blocked(uint64_t fn, uint64_t *pcs, int depth) {
  if (depth == 1) { /* PC sampling: no stack to trim */
    pcs[0] = fn;
    return 1;
  }
  for (int k = 0; k < depth; k++) {
    uint64_t a = k ? pcs[k] - 1 : pcs[k];
    if (a >= own_text_lo && a < own_text_hi) {
      /* The wrapper may be several of the runtime's frames deep. */
      while (k + 1 < depth && pcs[k + 1] - 1 >= own_text_lo &&
             pcs[k + 1] - 1 < own_text_hi)
        k++;
      pcs[0] = fn;
      for (int i = k + 1; i < depth; i++)
        pcs[i - k] = pcs[i];
      return depth - k;
    }
  }
  return depth;
}

/* -- the handler ------------------------------------------------------------ */

/* What the thread's counter (the profiled one, where there is one)
 * counted since its previous sample.  A read that fails weighs 0 and
 * leaves the mark alone. */
static uint64_t counter_delta(struct ssrt_sampler *s) {
  struct ssrt_hwc_total t;
  ssrt_hwc_read(profiling ? s->profiled_fd : s->counter_fd, &t);
  if (t.count < s->last_count)
    return 0;
  uint64_t d = t.count - s->last_count;
  s->last_count = t.count;
  return d;
}

static void take_sample(struct ssrt_sampler *s, const siginfo_t *si,
                        const void *context) {
  /* [0] the weight (counters only), then the addresses. */
  uint64_t words[1 + SSRT_MAX_DEPTH];
  uint64_t *pcs = words + 1;
  struct ss_sample h;
  h.flags = 0;
  if (callstacks) {
    h.depth = (uint16_t)ssrt_callstack_collect(context, &s->walk, pcs,
                                               SSRT_MAX_DEPTH, &h.flags);
  } else {
    uint64_t sp, fp;
    ssrt_context_regs(context, &pcs[0], &sp, &fp);
    h.depth = 1;
  }
  uint64_t blocked = __atomic_load_n(&s->blocked_in, __ATOMIC_RELAXED);
  if (blocked)
    h.depth = (uint16_t)as_blocked(blocked, pcs, h.depth);
  /* Point 0 (the start) precedes every sample. */
  h.caliper = ssrt_caliper_count() + 1;
  uint64_t copies = 1;
  if (!hwc && si->si_overrun > 0)
    copies += (uint64_t)si->si_overrun;
  if (hwc) {
    /* One signal may stand for several overflows (a late timer, a
     * sampled counter that raced ahead): the sample weighs what was
     * counted, not one overflow value. */
    h.flags |= SS_SAMPLE_WEIGHT;
    words[0] = counter_delta(s);
    ssrt_sampler_append(s, &h, words, copies);
  } else {
    ssrt_sampler_append(s, &h, pcs, copies);
  }
}

static void on_sample(int sig, siginfo_t *si, void *context) {
  int saved_errno = errno;
  struct ssrt_sampler *s = NULL;
  if (si && si->si_code == SI_TIMER && !hwc)
    s = ssrt_sampler_from_cookie(si->si_value.sival_ptr);
  else if (si && si->si_code == POLL_IN && hwc && si->si_fd >= 0 &&
           si->si_fd < FD_OWNERS) {
    /* An overflow of one of our counters (F_SETSIG gives si_fd). */
    uint32_t owner = __atomic_load_n(&fd_owner[si->si_fd], __ATOMIC_ACQUIRE);
    if (owner && owner <= ssrt_sampler_count()) {
      s = ssrt_sampler_at(owner - 1);
      if (s->counter_fd != si->si_fd || s->tid != current_tid())
        s = NULL;
    }
  }
  if (!s && hwc && si && si->si_code == POLL_IN) {
    /* One of our counters' overflows with no sampler to take it: one
     * still queued as its thread's counter closed. */
    errno = saved_errno;
    return;
  }
  if (!s) {
    /* Not our timer: the program's own use of this signal. */
    ssrt_signal_guard_forward(sig, si, context);
    errno = saved_errno;
    return;
  }
  /* busy, then paused: the writer sets paused, then waits for busy to
   * clear (sequentially consistent on both sides), so after its wait no
   * handler is still appending. */
  __atomic_store_n(&s->busy, 1, __ATOMIC_SEQ_CST);
  if (!__atomic_load_n(&paused, __ATOMIC_SEQ_CST) &&
      __atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == SSRT_SAMPLER_LIVE)
    take_sample(s, si, context);
  __atomic_store_n(&s->busy, 0, __ATOMIC_SEQ_CST);
  errno = saved_errno;
}

/* -- start-up --------------------------------------------------------------- */

/* A real-time signal the program has not claimed: default disposition and
 * not blocked.  From the top down, as programs tend to take the low ones. */
/* The executable segments of the object holding `arg` (this library). */
static int find_own_text(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  uint64_t me = (uint64_t)(uintptr_t)arg, lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
      uint64_t a = info->dlpi_addr + ph->p_vaddr;
      if (a < lo)
        lo = a;
      if (a + ph->p_memsz > hi)
        hi = a + ph->p_memsz;
    }
  }
  if (me < lo || me >= hi)
    return 0;
  own_text_lo = lo;
  own_text_hi = hi;
  return 1;
}

/* Sampling on the counter `hwc_event` (filled by the caller): the fd
 * table, and the event's name as the clock (ss/format.h). */
static int use_counter(void) {
  fd_owner = ssrt_pages_alloc(FD_OWNERS * sizeof *fd_owner);
  if (!fd_owner)
    return -1;
  hwc = 1;
  clock_text = hwc_event.name;
  return 0;
}

static int start_hwc(const struct ss_experiment *x) {
  if (ssrt_hwc_event_from_env(SS_ENV_HWC_EVENT, &hwc_event) != 0) {
    ssrt_log("ssrt: $" SS_ENV_HWC_EVENT " is missing or malformed; the ",
             x->name, " experiment records no samples (run it with ssrun)",
             (const char *)0);
    return -1;
  }
  if (getenv(SS_ENV_HWC_PROF_EVENT)) {
    if (ssrt_hwc_event_from_env(SS_ENV_HWC_PROF_EVENT, &profiled_event) != 0) {
      ssrt_log("ssrt: $" SS_ENV_HWC_PROF_EVENT " is malformed; the ", x->name,
               " experiment records no samples", (const char *)0);
      return -1;
    }
    profiling = 1;
  }
  return use_counter();
}

/* Internal, for tests: "timer" keeps usertime and pcsamp on their POSIX
 * timers even where the task clock is open to the process. */
#define SAMPLING_CLOCK_VARIABLE "_SSRT_SAMPLING_CLOCK"

static int timers_forced(void) {
  const char *v = getenv(SAMPLING_CLOCK_VARIABLE);
  return v && ssrt_streq(v, "timer");
}

static int start_task_clock(const struct ss_experiment *x) {
  (void)x;
  if (ssrt_hwc_task_clock(&hwc_event, interval_ns) != 0)
    return -1;
  return use_counter();
}

static int runs_sampling(const struct ss_experiment *x) {
  return x->sampling_kind != 0;
}

/* Returns whether sampling runs: without memory for samples or a free
 * signal it does not, and the file says so (no threads, no samples). */
static int start_sampling(const struct ss_experiment *x) {
  if (ssrt_samples_init(ssrt_arena_default_size()) != 0) {
    ssrt_log("ssrt: cannot reserve memory for samples; the ", x->name,
             " experiment records none", (const char *)0);
    return 0;
  }
  ssrt_signal_guard_init();
  int sig = ssrt_signal_guard_free_rt();
  if (!sig) {
    ssrt_log("ssrt: every real-time signal is in use by the program; the ",
             x->name, " experiment records no samples", (const char *)0);
    return 0;
  }
  experiment = x;
  interval_ns = x->interval_ns;
  const char *given = getenv(SS_ENV_SAMPLING_INTERVAL);
  if (given && *given) {
    char *end;
    unsigned long long v = strtoull(given, &end, 10);
    if (*end == '\0' && v >= 1000 && v <= 3600000000000ull)
      interval_ns = v; /* ssrun checked it; 1 us to an hour */
  }
  callstacks = x->sampling_kind != SS_SAMPLING_PCSAMP &&
               x->sampling_kind != SS_SAMPLING_HWC;
  if (x->sampling_kind == SS_SAMPLING_HWC ||
      x->sampling_kind == SS_SAMPLING_HWCTIME) {
    if (start_hwc(x) != 0)
      return 0;
  } else if (x->sampling_kind == SS_SAMPLING_TOTALTIME) {
    timer_clock = CLOCK_MONOTONIC;
    clock_text = "CLOCK_MONOTONIC timer per thread";
  } else if (!timers_forced() && start_task_clock(x) == 0) {
    /* usertime, pcsamp: the thread's task clock, where the kernel lets us
     * (an hrtimer per thread; CPU-time timers are checked at the tick and
     * are biased when threads share a CPU: docs/ssrun.md). */
  } else {
    timer_clock = CLOCK_THREAD_CPUTIME_ID;
    clock_text = "CLOCK_THREAD_CPUTIME_ID timer per thread";
  }
  if (callstacks) {
    const char *walk = ssrt_steering_env(STACK_WALK_VARIABLE);
    ssrt_callstack_init(walk && ssrt_streq(walk, "fp") ? SSRT_WALK_FRAME_POINTERS
                                                       : SSRT_WALK_LIBUNWIND);
  }
  thread_key_ok = pthread_key_create(&thread_key, thread_end) == 0;
  dl_iterate_phdr(find_own_text, (void *)(uintptr_t)on_sample);

  if (ssrt_signal_guard_take_async(sig, on_sample) != 0)
    return 0;
  __atomic_store_n(&sample_signal, sig, __ATOMIC_RELEASE);

  struct ssrt_walk_state range;
  ssrt_walk_state_main(&range);
  start_thread_sampler(range.stack_lo, range.stack_hi);
  ssrt_refresh_map(); /* libunwind is loaded now */
  return 1;
}

/* -- writing, exec, fork --------------------------------------------------- */

static void pause_sampling(void) {
  if (!ssrt_sampling_signal())
    return;
  __atomic_store_n(&paused, 1, __ATOMIC_SEQ_CST);
  pid_t me = current_tid();
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++) {
    struct ssrt_sampler *s = ssrt_sampler_at(i);
    /* The writer's own handler cannot be running unless the writer is a
     * fault inside it; then it will never finish. */
    if (s->tid == me)
      continue;
    for (int spins = 0; spins < 20000 &&
                        __atomic_load_n(&s->busy, __ATOMIC_SEQ_CST);
         spins++)
      sched_yield();
  }
}

static void stop_for_exec(void) {
  int sig = ssrt_sampling_signal();
  if (!sig)
    return;
  disarm(ssrt_sampler_of_tid(current_tid()));
  sigset_t just, old;
  sigemptyset(&just);
  sigaddset(&just, sig);
  pthread_sigmask(SIG_BLOCK, &just, &old);
  struct timespec now = {0, 0};
  while (syscall(SYS_rt_sigtimedwait, &just, NULL, &now, (size_t)(_NSIG / 8)) == sig)
    ;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Sampling goes on: unpaused (the file written before the exec paused it)
 * and this thread's timer re-armed. */
static void resume_after_failed_exec(void) {
  __atomic_store_n(&paused, 0, __ATOMIC_SEQ_CST);
  if (!ssrt_sampling_signal())
    return;
  struct ssrt_sampler *s = ssrt_sampler_of_tid(current_tid());
  if (s && s->has_timer && !untraced && hwc) {
    ssrt_hwc_enable(s->counter_fd, 1);
  } else if (s && s->has_timer && !untraced) {
    struct itimerspec its = period();
    timer_settime(s->timer, 0, &its, NULL);
  }
}

static void after_fork_in_child(int traced) {
  if (!ssrt_sampling_signal())
    return;
  pid_t tid = current_tid();
  struct ssrt_sampler *keep = own_sampler();
  if (hwc) {
    /* The counters inherited count the parent's threads: the child's
     * thread opens its own. */
    uint32_t n = ssrt_sampler_count();
    for (uint32_t i = 0; i < n; i++) {
      struct ssrt_sampler *t = ssrt_sampler_at(i);
      if (t->has_timer)
        close_counter(t);
    }
  }
  ssrt_samples_after_fork(keep, tid);
  ssrt_safe_read_init();
  paused = 0;
  untraced = !traced;
  if (keep)
    arm(keep);
  else
    start_thread_sampler(0, 0);
}

/* A fault inside the sampler's stack walk is the runtime's own: the
 * sampler resumes, without that frame (ssrt_callstack_recover). */
static void recover_fault(const void *context) {
  if (ssrt_sampling_signal() && callstacks) {
    struct ssrt_sampler *s = ssrt_sampler_of_tid(current_tid());
    if (s)
      ssrt_callstack_recover(&s->walk, context);
  }
}

SSRT_PART(sampling_part) = {
    .name = "sampling",
    .order = SSRT_ORDER_SAMPLING,
    .runs = runs_sampling,
    .start = start_sampling,
    .thread_begin = thread_begin,
    .before_write = pause_sampling,
    .write_records = ssrt_sampling_write_records,
    .before_exec = stop_for_exec,
    .after_failed_exec = resume_after_failed_exec,
    .after_fork_in_child = after_fork_in_child,
    .recover_fault = recover_fault,
};
