/* signal_guard.c -- sigaction/signal in front of the C library's (see
 * signal_guard.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "signal_guard.h"

#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);
typedef sighandler_t (*signal_fn)(int, sighandler_t);
static sigaction_fn libc_sigaction;
static signal_fn libc_signal;

static int protected_signal;
/* The program's disposition of the protected signal, double-buffered so
 * the handler never reads one half-written: writers fill the other slot,
 * then publish its index. */
static struct sigaction program_action[2];
static int current_action;

/* At load time: sigaction may first be called from a signal handler. */
__attribute__((constructor)) static void resolve_at_load(void) {
  ssrt_signal_guard_init();
}

void ssrt_signal_guard_init(void) {
  if (!__atomic_load_n(&libc_sigaction, __ATOMIC_ACQUIRE)) {
    sigaction_fn f;
    *(void **)&f = dlsym(RTLD_NEXT, "sigaction");
    signal_fn g;
    *(void **)&g = dlsym(RTLD_NEXT, "signal");
    __atomic_store_n(&libc_signal, g, __ATOMIC_RELEASE);
    __atomic_store_n(&libc_sigaction, f, __ATOMIC_RELEASE);
  }
}

int ssrt_real_sigaction(int sig, const struct sigaction *act,
                        struct sigaction *old) {
  ssrt_signal_guard_init();
  if (!libc_sigaction) {
    errno = ENOSYS;
    return -1;
  }
  return libc_sigaction(sig, act, old);
}

void ssrt_signal_guard_protect(int sig) {
  memset(program_action, 0, sizeof program_action); /* SIG_DFL */
  sigemptyset(&program_action[0].sa_mask);
  sigemptyset(&program_action[1].sa_mask);
  __atomic_store_n(&protected_signal, sig, __ATOMIC_RELEASE);
}

static int is_protected(int sig) {
  int p = __atomic_load_n(&protected_signal, __ATOMIC_ACQUIRE);
  return p != 0 && sig == p;
}

/* A process may change dispositions from several threads at once; they
 * take turns here.  (Plain spinning: sigaction may be called from a
 * signal handler, where no mutex may be taken.) */
static int writer_lock;

static void program_sigaction(const struct sigaction *act, struct sigaction *old) {
  while (__atomic_exchange_n(&writer_lock, 1, __ATOMIC_ACQUIRE))
    ;
  int cur = __atomic_load_n(&current_action, __ATOMIC_ACQUIRE);
  if (old)
    *old = program_action[cur];
  if (act) {
    program_action[cur ^ 1] = *act;
    __atomic_store_n(&current_action, cur ^ 1, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&writer_lock, 0, __ATOMIC_RELEASE);
}

SSRT_EXPORT int sigaction(int sig, const struct sigaction *act,
                          struct sigaction *old) {
  if (!is_protected(sig))
    return ssrt_real_sigaction(sig, act, old);
  program_sigaction(act, old);
  return 0;
}

/* For the protected signal, signal() with glibc's (BSD) semantics: the
 * handler stays installed and interrupted calls restart. */
SSRT_EXPORT sighandler_t signal(int sig, sighandler_t handler) {
  if (!is_protected(sig)) {
    ssrt_signal_guard_init();
    if (!libc_signal) {
      errno = ENOSYS;
      return SIG_ERR;
    }
    return libc_signal(sig, handler);
  }
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  if (sig > 0 && sig < NSIG)
    sigaddset(&act.sa_mask, sig);
  program_sigaction(&act, &old);
  return old.sa_handler;
}

void ssrt_signal_guard_forward(int sig, siginfo_t *info, void *context) {
  const struct sigaction *a =
      &program_action[__atomic_load_n(&current_action, __ATOMIC_ACQUIRE)];
  if (a->sa_flags & SA_SIGINFO) {
    if (a->sa_sigaction)
      a->sa_sigaction(sig, info, context);
    return;
  }
  if (a->sa_handler == SIG_IGN)
    return;
  if (a->sa_handler != SIG_DFL) {
    a->sa_handler(sig);
    return;
  }
  /* SIG_DFL: a real-time signal's default action ends the process; let it
   * (the file is not written, as for any fatal signal the runtime does not
   * handle). */
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ssrt_real_sigaction(sig, &dfl, NULL);
  syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
  sigset_t just;
  sigemptyset(&just);
  sigaddset(&just, sig);
  sigprocmask(SIG_UNBLOCK, &just, NULL);
}
