/*
 * thread_counts.c -- ssperfex -mp: the events ssperfex chose, counted in
 * every thread of every process of the program, each thread on counters
 * of its own, and left per process in a small text file for ssperfex.
 *
 * ssperfex preloads libssrt.so with $_SPEEDSHOP_PERFEX_MP_DIR (a private
 * directory it made) and $_SPEEDSHOP_PERFEX_MP_EVENTS (the encodings
 * libpfm4 gave it; common/hwc_events.h).  Here:
 *  - at start-up the main thread opens one counter per event (not
 *    inherited: perf_counter.h), and the thread hook is asked to announce
 *    the program's threads (ssrt_experiment_follow_threads), each of which
 *    opens its own in thread_begin;
 *  - a thread that ends reads and closes its counters (a pthread key's
 *    destructor: return from the start routine and pthread_exit alike);
 *  - at process exit (libssrt's destructor, after the program's) the
 *    threads still running, the main one among them, are read, and the
 *    file <dir>/<pid>-<n> is written (a hidden name renamed into place, so
 *    ssperfex never reads half a file):
 *
 *      ssperfex-mp 1
 *      process <pid> <ppid> <events>
 *      thread <tid> <count> <enabled_ns> <running_ns> ...   (per event)
 *      lost <threads beyond the table, not counted>
 *
 *  - a forked child closes the counters it inherited (they count its
 *    parent's threads), forgets its parent's threads and opens its own.
 *
 * Not counted: an image's counts when it execs another (the counters are
 * close-on-exec; the new image counts from its own start), and a process
 * that a signal ends writes no file (ssperfex says how many it read).
 * _exit writes it as exit does (part.h: at_immediate_exit).  No experiment file is written: this is not an
 * experiment, only counts.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "perf_counter.h"

#include "experiment.h"
#include "hwc_events.h"
#include "pages.h"
#include "part.h"
#include "privileges.h"
#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_THREADS 4096

enum { SLOT_FREE, SLOT_COUNTING, SLOT_READING, SLOT_DONE };

struct slot {
  int state; /* atomic */
  pid_t tid;
  int fd[SS_PERFEX_MAX_EVENTS];
  struct ssrt_hwc_total total[SS_PERFEX_MAX_EVENTS];
};

static int active;
static pid_t counting_pid; /* the process whose threads the table has */
static char dir[4096];
static struct ssrt_hwc_event events[SS_PERFEX_MAX_EVENTS];
static int num_events;
static struct slot *slots; /* MAX_THREADS, runtime pages */
static unsigned next_slot; /* atomic */
static unsigned lost;      /* atomic */
static pthread_key_t slot_key;

/* "type,config,config1,config2,exclude_kernel;..." */
static int parse_events(const char *p) {
  while (*p) {
    if (num_events == SS_PERFEX_MAX_EVENTS)
      return -1;
    struct ssrt_hwc_event *e = &events[num_events];
    uint64_t f[5];
    for (int k = 0; k < 5; k++) {
      if (!ssrt_parse_u64(&p, &f[k]))
        return -1;
      if (k < 4 && *p++ != ',')
        return -1;
    }
    if (*p == ';')
      p++;
    else if (*p)
      return -1;
    if (f[0] > UINT32_MAX)
      return -1;
    e->type = (uint32_t)f[0];
    e->config = f[1];
    e->config1 = f[2];
    e->config2 = f[3];
    e->exclude_kernel = f[4] != 0;
    num_events++;
  }
  return num_events > 0 ? 0 : -1;
}

static void read_slot(struct slot *s) {
  for (int k = 0; k < num_events; k++) {
    ssrt_hwc_read(s->fd[k], &s->total[k]);
    if (s->fd[k] >= 0)
      close(s->fd[k]);
    s->fd[k] = -1;
  }
}

/* Reads the slot's counters once, whoever comes first: the thread as it
 * ends, or the exit of the process while it still runs. */
static void finish_slot(struct slot *s) {
  int counting = SLOT_COUNTING;
  if (!__atomic_compare_exchange_n(&s->state, &counting, SLOT_READING, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return;
  read_slot(s);
  __atomic_store_n(&s->state, SLOT_DONE, __ATOMIC_RELEASE);
}

static void count_this_thread(void) {
  unsigned i = __atomic_fetch_add(&next_slot, 1, __ATOMIC_ACQ_REL);
  if (i >= MAX_THREADS) {
    __atomic_fetch_add(&lost, 1, __ATOMIC_RELAXED);
    return;
  }
  struct slot *s = &slots[i];
  s->tid = (pid_t)syscall(SYS_gettid);
  for (int k = 0; k < num_events; k++) {
    s->fd[k] = ssrt_hwc_open(&events[k], s->tid, 0);
    if (s->fd[k] < 0)
      s->fd[k] = -1; /* ssperfex opened each before: counts 0 */
  }
  for (int k = 0; k < num_events; k++)
    ssrt_hwc_enable(s->fd[k], 1);
  __atomic_store_n(&s->state, SLOT_COUNTING, __ATOMIC_RELEASE);
  pthread_setspecific(slot_key, (void *)(uintptr_t)(i + 1));
}

static void thread_ends(void *value) {
  int saved = errno;
  unsigned i = (unsigned)(uintptr_t)value - 1;
  if (i < MAX_THREADS)
    finish_slot(&slots[i]);
  errno = saved;
}

static void thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  (void)stack_hi, (void)stack_size;
  if (!__atomic_load_n(&active, __ATOMIC_ACQUIRE))
    return;
  int saved = errno;
  count_this_thread();
  errno = saved;
}

/* The child has one thread: its parent's counters are not its own. */
static void after_fork_in_child(void) {
  if (!active)
    return;
  int saved = errno;
  unsigned used = __atomic_load_n(&next_slot, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used && i < MAX_THREADS; i++) {
    for (int k = 0; k < num_events; k++)
      if (slots[i].state == SLOT_COUNTING && slots[i].fd[k] >= 0)
        close(slots[i].fd[k]);
    slots[i].state = SLOT_FREE;
  }
  next_slot = 0;
  lost = 0;
  counting_pid = getpid();
  count_this_thread();
  errno = saved;
}

static void add_line(int fd, struct ssrt_str *line) {
  ssrt_str_add(line, "\n");
  if (write(fd, line->buf, line->len) != (ssize_t)line->len)
    line->truncated = 1;
}

static int write_counts(int fd) {
  char buf[64 * (SS_PERFEX_MAX_EVENTS + 1)];
  struct ssrt_str line;
  ssrt_str_init(&line, buf, sizeof buf);
  ssrt_str_add(&line, "ssperfex-mp 1\nprocess ");
  ssrt_str_add_u64(&line, (uint64_t)getpid());
  ssrt_str_add(&line, " ");
  ssrt_str_add_u64(&line, (uint64_t)getppid());
  ssrt_str_add(&line, " ");
  ssrt_str_add_u64(&line, (uint64_t)num_events);
  add_line(fd, &line);
  int failed = line.truncated;
  unsigned used = __atomic_load_n(&next_slot, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used && i < MAX_THREADS; i++) {
    struct slot *s = &slots[i];
    if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) != SLOT_DONE)
      continue; /* still being read by its thread: not counted */
    ssrt_str_init(&line, buf, sizeof buf);
    ssrt_str_add(&line, "thread ");
    ssrt_str_add_u64(&line, (uint64_t)s->tid);
    for (int k = 0; k < num_events; k++) {
      const uint64_t v[3] = {s->total[k].count, s->total[k].enabled_ns,
                             s->total[k].running_ns};
      for (int j = 0; j < 3; j++) {
        ssrt_str_add(&line, " ");
        ssrt_str_add_u64(&line, v[j]);
      }
    }
    add_line(fd, &line);
    failed |= line.truncated;
  }
  ssrt_str_init(&line, buf, sizeof buf);
  ssrt_str_add(&line, "lost ");
  ssrt_str_add_u64(&line, __atomic_load_n(&lost, __ATOMIC_ACQUIRE));
  add_line(fd, &line);
  return failed | line.truncated ? -1 : 0;
}

/* <dir>/.<pid>-<n> written, then renamed to <dir>/<pid>-<n>: n counts the
 * images of one pid (an exec keeps it). */
static void write_file(void) {
  char tmp[4200], final[4200];
  for (uint64_t n = 0; n < 1000; n++) {
    struct ssrt_str t, f;
    ssrt_str_init(&t, tmp, sizeof tmp);
    ssrt_str_init(&f, final, sizeof final);
    ssrt_str_add(&t, dir);
    ssrt_str_add(&t, "/.");
    ssrt_str_add(&f, dir);
    ssrt_str_add(&f, "/");
    struct ssrt_str *both[2] = {&t, &f};
    for (int j = 0; j < 2; j++) {
      ssrt_str_add_u64(both[j], (uint64_t)getpid());
      ssrt_str_add(both[j], "-");
      ssrt_str_add_u64(both[j], n);
    }
    if (t.truncated || f.truncated)
      return;
    if (access(final, F_OK) == 0)
      continue;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
                  0600);
    if (fd < 0) {
      if (errno == EEXIST)
        continue;
      ssrt_log("ssrt: cannot write the per-thread counts in ", dir,
               "; ssperfex -mp will miss this process", (const char *)0);
      return;
    }
    int failed = write_counts(fd);
    close(fd);
    if (failed || rename(tmp, final) != 0)
      unlink(tmp);
    return;
  }
}

/* exit() or a return from main (libssrt's destructor runs after the
 * program's), and _exit/_Exit (the part's at_immediate_exit).  A vfork
 * child shares the table of its parent and must leave it alone. */
__attribute__((destructor)) static void at_process_exit(void) {
  if (getpid() != counting_pid ||
      !__atomic_exchange_n(&active, 0, __ATOMIC_ACQ_REL))
    return;
  int saved = errno;
  unsigned used = __atomic_load_n(&next_slot, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used && i < MAX_THREADS; i++)
    finish_slot(&slots[i]);
  write_file();
  errno = saved;
}

__attribute__((constructor)) static void start_counting(void) {
  const char *d = ssrt_steering_env(SS_ENV_PERFEX_MP_DIR);
  const char *ev = ssrt_steering_env(SS_ENV_PERFEX_MP_EVENTS);
  if (!d || !*d || !ev)
    return;
  int saved = errno;
  size_t n = ssrt_strlen(d);
  if (n >= sizeof dir || parse_events(ev) != 0) {
    ssrt_log("ssrt: malformed " SS_ENV_PERFEX_MP_EVENTS " or "
             SS_ENV_PERFEX_MP_DIR "; run the program with ssperfex -mp",
             (const char *)0);
    errno = saved;
    return;
  }
  for (size_t k = 0; k <= n; k++)
    dir[k] = d[k];
  slots = ssrt_pages_alloc(sizeof *slots * MAX_THREADS);
  if (!slots || pthread_key_create(&slot_key, thread_ends) != 0 ||
      pthread_atfork(NULL, NULL, after_fork_in_child) != 0) {
    ssrt_log("ssrt: cannot set up the per-thread counts; ssperfex -mp will "
             "miss this process", (const char *)0);
    errno = saved;
    return;
  }
  counting_pid = getpid();
  count_this_thread();
  __atomic_store_n(&active, 1, __ATOMIC_RELEASE);
  ssrt_experiment_follow_threads();
  errno = saved;
}

/* This part writes no records (it runs no experiment, and the runtime is
 * not activated for it), so it keeps fork and exit to itself
 * (pthread_atfork, the destructor), but for _exit, which runs no
 * destructor. */
SSRT_PART(thread_counts_part) = {
    .name = "perfex-mp",
    .order = SSRT_ORDER_SAMPLING,
    .thread_begin = thread_begin,
    .at_immediate_exit = at_process_exit,
};
