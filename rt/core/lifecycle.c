/* lifecycle.c -- the runtime lock, activation, start-up, exit, fork and the
 * write-once guard (see lifecycle.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "lifecycle.h"

#include "caliper.h"
#include "experiment.h"
#include "experiment_file.h"
#include "experiments.h"
#include "identity.h"
#include "module_map.h"
#include "part.h"
#include "privileges.h"
#include "process_info.h"
#include "real_exec.h"
#include "safe_string.h"
#include "signals.h"
#include "system_shell.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* The write-once guard.  Several threads may reach a write at once (two
 * crashing threads, exit racing a crash); the first claims it. */
enum { WRITE_IDLE = 0, WRITE_BUSY = 1, WRITE_DONE = 2 };
static int write_state;
static pid_t writer_tid;

static volatile int exiting;
static volatile int exit_status = -1;
static volatile int exit_handler_ran;
static volatile int destructor_ran;
static int exit_hook_failed;
/* $_SPEEDSHOP_TRACE_FORK_TO_EXEC, read at activation: when false, a forked
 * child is "untraced": it writes no file (an exec still starts the new
 * image's own `fe` experiment). */
static int trace_fork_to_exec = 1;
static int untraced;

static pthread_mutex_t runtime_lock = PTHREAD_MUTEX_INITIALIZER;
static int active;

static pid_t current_tid(void) { return (pid_t)syscall(SYS_gettid); }

void ssrt_runtime_lock(void) { pthread_mutex_lock(&runtime_lock); }
void ssrt_runtime_unlock(void) { pthread_mutex_unlock(&runtime_lock); }

int ssrt_active(void) { return __atomic_load_n(&active, __ATOMIC_ACQUIRE); }

void ssrt_refresh_map(void) {
  pthread_mutex_lock(&runtime_lock);
  ssrt_map_refresh();
  pthread_mutex_unlock(&runtime_lock);
}

static int claim_write(void) {
  int expected = WRITE_IDLE;
  if (!__atomic_compare_exchange_n(&write_state, &expected, WRITE_BUSY, 0,
                                   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return 0;
  writer_tid = current_tid();
  return 1;
}

static void release_write(int state) {
  writer_tid = 0;
  __atomic_store_n(&write_state, state, __ATOMIC_RELEASE);
}

static void write_with_ending(enum ssrt_ending_kind kind, int status, int sig,
                              uint64_t fault_pc) {
  struct ssrt_ending e = {kind, status, sig, fault_pc};
  ssrt_write_experiment_file(&e);
}

/* Outside a signal handler the write runs with the asynchronous signals
 * blocked on this thread: a SIGINT or SIGTERM arriving meanwhile takes
 * effect right after, with the file complete, instead of interrupting it.
 * (Faults cannot be deferred and are left alone.) */
static void block_async_signals(sigset_t *old) {
  sigset_t all;
  sigfillset(&all);
  static const int synchronous[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
                                    SIGSYS};
  for (unsigned i = 0; i < sizeof synchronous / sizeof synchronous[0]; i++)
    sigdelset(&all, synchronous[i]);
  pthread_sigmask(SIG_BLOCK, &all, old);
}

static void restore_signals(const sigset_t *old) {
  pthread_sigmask(SIG_SETMASK, old, NULL);
}

int ssrt_process_exiting(void) { return exiting; }
void ssrt_exit_has_begun(void) { exiting = 1; }

/* -- exit ---------------------------------------------------------------- */

/*
 * exit() runs the exit handlers in reverse order of registration; one of
 * them is the loader's _dl_fini, which runs the destructors of every object
 * (the pass's module destructors, then the runtime's own).  Which of the
 * runtime's two hooks runs last depends on when the first module
 * registered:
 *  - usually from the executable's constructors or later, after
 *    __libc_start_main registered _dl_fini: the exit handler runs first
 *    (it gets the status and marks the exit, so the module destructors
 *    after it do nothing) and the destructor writes the file;
 *  - from the constructor of a library loaded at start-up, before
 *    _dl_fini was registered: every destructor runs first and the exit
 *    handler, last, writes the file.
 * Either way the file is written by the later of the two, after every
 * destructor of the program.  (In a static link the runtime's destructor
 * always runs after the exit handler.)
 */
static void write_at_exit(void) {
  exiting = 1;
  if (untraced)
    return;
  ssrt_for_each_part(p) {
    if (p->at_exit)
      p->at_exit();
  }
  ssrt_refresh_map();
  sigset_t old;
  block_async_signals(&old);
  if (claim_write()) {
    write_with_ending(SSRT_ENDING_EXIT, exit_status, 0, 0);
    release_write(WRITE_DONE);
  }
  restore_signals(&old);
}

#ifdef __GLIBC__
static void at_exit(int status, void *arg) {
  (void)arg;
  int saved_errno = errno;
  exit_status = status;
  exiting = 1;
  exit_handler_ran = 1;
  if (destructor_ran)
    write_at_exit();
  errno = saved_errno;
}
#else
static void at_exit(void) {
  int saved_errno = errno;
  exiting = 1;
  exit_handler_ran = 1;
  if (destructor_ran)
    write_at_exit();
  errno = saved_errno;
}
#endif

/* Priority 100 orders it after every priority-101 destructor of the pass's
 * modules when libssrt.a is linked statically into the executable (lower
 * numbers run later); in libssrt.so it runs after every object that
 * depends on the library anyway. */
#if defined(__clang__)
#if __has_warning("-Wprio-ctor-dtor")
#pragma clang diagnostic ignored "-Wprio-ctor-dtor"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wprio-ctor-dtor"
#endif
__attribute__((destructor(100))) static void runtime_destructor(void) {
  if (!ssrt_active())
    return;
  destructor_ran = 1;
  if (exit_handler_ran)
    write_at_exit();
}

/* The exec and system markers must leave the environment before the
 * program's own constructors or main can see them.  An experiment the
 * environment selected (ssrun) starts here, before them too.  The shell of
 * a measured program's system() stays out of the way. */
__attribute__((constructor)) static void runtime_constructor(void) {
  ssrt_log_remember_stderr();
  if (ssrt_is_system_shell())
    return;
  ssrt_consume_markers();
  ssrt_experiment_start_from_env();
}

/* Another thread is writing: let it finish before this one ends the
 * process (bounded, in case that thread is stopped for good). */
static void wait_for_writer(void) {
  struct timespec ms = {0, 1000000};
  for (int i = 0; i < 10000 && __atomic_load_n(&write_state, __ATOMIC_ACQUIRE) ==
                                   WRITE_BUSY;
       i++)
    nanosleep(&ms, NULL);
}

void ssrt_write_before_immediate_exit(int status) {
  if (!ssrt_active() || untraced || ssrt_in_unannounced_child())
    return;
  int saved_errno = errno;
  exiting = 1;
  sigset_t old;
  block_async_signals(&old);
  if (claim_write()) {
    write_with_ending(SSRT_ENDING__EXIT, status, 0, 0);
    release_write(WRITE_DONE);
  } else if (writer_tid != current_tid()) {
    wait_for_writer(); /* exit() in another thread, say */
  }
  restore_signals(&old);
  errno = saved_errno;
}

/* -- fatal signals and exec ----------------------------------------------- */

void ssrt_write_for_signal(int sig, uint64_t fault_pc) {
  if (!ssrt_active() || untraced)
    return;
  if (claim_write()) {
    write_with_ending(SSRT_ENDING_SIGNAL, -1, sig, fault_pc);
    release_write(WRITE_DONE);
    return;
  }
  if (__atomic_load_n(&write_state, __ATOMIC_ACQUIRE) != WRITE_BUSY)
    return;
  if (writer_tid == current_tid()) {
    /* The writer itself crashed: leave no temporary file behind. */
    ssrt_remove_partial_file();
    return;
  }
  wait_for_writer();
}

int ssrt_write_before_exec(void) {
  if (!ssrt_active() || ssrt_in_unannounced_child())
    return 0;
  ssrt_for_each_part(p) {
    if (p->before_exec)
      p->before_exec();
  }
  if (untraced)
    return 0;
  sigset_t old;
  block_async_signals(&old);
  int wrote = claim_write();
  if (wrote) {
    /* The map is as of the last (un)registration: refreshing it here could
     * deadlock if exec is called from a signal handler. */
    write_with_ending(SSRT_ENDING_EXEC, -1, 0, 0);
    release_write(WRITE_DONE);
  }
  restore_signals(&old);
  return wrote;
}

void ssrt_after_failed_exec(int wrote) {
  if (!ssrt_active() || ssrt_in_unannounced_child())
    return;
  if (wrote)
    release_write(WRITE_IDLE);
  ssrt_for_each_part(p) {
    if (p->after_failed_exec)
      p->after_failed_exec();
  }
}

/* -- fork ------------------------------------------------------------------ */

static void before_fork(void) {
  ssrt_runtime_lock();
  ssrt_for_each_part(p) {
    if (p->before_fork)
      p->before_fork();
  }
}

static void after_fork_in_parent(void) {
  ssrt_for_each_part(p) {
    if (p->after_fork_in_parent)
      p->after_fork_in_parent();
  }
  ssrt_runtime_unlock();
}

static void after_fork_in_child(void) {
  int saved_errno = errno;
  /* Taken before the fork by the thread that is now the child's only one. */
  ssrt_runtime_unlock();
  ssrt_identity_forked();
  ssrt_caliper_after_fork();
  untraced = !trace_fork_to_exec;
  ssrt_for_each_part(p) {
    if (p->after_fork_in_child)
      p->after_fork_in_child(!untraced);
  }
  writer_tid = 0;
  write_state = WRITE_IDLE;
  exiting = 0;
  exit_status = -1;
  exit_handler_ran = exit_hook_failed;
  destructor_ran = 0;
  errno = saved_errno;
}

/* -- start-up -------------------------------------------------------------- */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_state(void) {
  /* In case an instrumented module registered before the constructor ran
   * (static links). */
  ssrt_log_remember_stderr();
  ssrt_for_each_part(p) {
    if (p->init)
      p->init();
  }
  ssrt_identity_init();
  ssrt_capture_process_info();
}

void ssrt_lifecycle_init(void) { pthread_once(&init_once, init_state); }

int ssrt_env_flag(const char *name, int dflt) {
  const char *v = ssrt_steering_env(name);
  if (!v || !*v)
    return dflt;
  static const char *const off[] = {"false", "no", "off", "0", "f", "n"};
  for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++) {
    const char *a = v, *b = off[i];
    while (*a && *b && (*a | 0x20) == *b)
      a++, b++;
    if (!*a && !*b)
      return 0;
  }
  return 1;
}

static void on_activation(void) {
  trace_fork_to_exec = ssrt_env_flag(SS_ENV_TRACE_FORK_TO_EXEC, 1);
#ifdef __GLIBC__
  int hooked = on_exit(at_exit, NULL) == 0;
#else
  int hooked = atexit(at_exit) == 0;
#endif
  if (!hooked) /* then the destructor writes, with the status unknown */
    exit_hook_failed = exit_handler_ran = 1;
  pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
  ssrt_resolve_real_exec();
  /* Before the fatal-signal handlers, so that a caliper signal with a
   * fatal default (SIGUSR2, say) is the caliper's. */
  ssrt_caliper_install_signal();
  ssrt_install_signal_handlers();
}

void ssrt_activate_locked(void) {
  if (!active) {
    on_activation();
    __atomic_store_n(&active, 1, __ATOMIC_RELEASE);
  }
}

void ssrt_activate(void) {
  ssrt_lifecycle_init();
  pthread_mutex_lock(&runtime_lock);
  ssrt_activate_locked();
  ssrt_map_refresh();
  pthread_mutex_unlock(&runtime_lock);
}
