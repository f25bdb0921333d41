/* signal_guard.c -- sigaction, signal and the signal masks in front of the
 * C library's (see signal_guard.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "signal_guard.h"

#include "signals.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))
#define MAX_PROTECTED 8

typedef int (*sigaction_fn)(int, const struct sigaction *, struct sigaction *);
typedef sighandler_t (*signal_fn)(int, sighandler_t);
typedef int (*sigmask_fn)(int, const sigset_t *, sigset_t *);

#ifdef SSRT_STATIC
static sigaction_fn libc_sigaction = sigaction;
static sigmask_fn libc_pthread_sigmask = pthread_sigmask;
void ssrt_signal_guard_init(void) {}
#else
static sigaction_fn libc_sigaction;
static signal_fn libc_signal;
static sigmask_fn libc_pthread_sigmask, libc_sigprocmask;

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
    sigmask_fn m, n;
    *(void **)&m = dlsym(RTLD_NEXT, "pthread_sigmask");
    *(void **)&n = dlsym(RTLD_NEXT, "sigprocmask");
    __atomic_store_n(&libc_signal, g, __ATOMIC_RELEASE);
    __atomic_store_n(&libc_pthread_sigmask, m, __ATOMIC_RELEASE);
    __atomic_store_n(&libc_sigprocmask, n, __ATOMIC_RELEASE);
    __atomic_store_n(&libc_sigaction, f, __ATOMIC_RELEASE);
  }
}
#endif

int ssrt_real_sigaction(int sig, const struct sigaction *act,
                        struct sigaction *old) {
  ssrt_signal_guard_init();
  if (!libc_sigaction) {
    errno = ENOSYS;
    return -1;
  }
  return libc_sigaction(sig, act, old);
}

int ssrt_real_sigmask(int how, const sigset_t *set, sigset_t *old) {
  ssrt_signal_guard_init();
  if (!libc_pthread_sigmask)
    return ENOSYS;
  return libc_pthread_sigmask(how, set, old);
}

int ssrt_signal_guard_free_rt(void) {
  sigset_t blocked;
  pthread_sigmask(SIG_BLOCK, NULL, &blocked);
  for (int sig = SIGRTMAX - 1; sig > SIGRTMIN; sig--) {
    struct sigaction old;
    if (ssrt_real_sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
        !sigismember(&blocked, sig))
      return sig;
  }
  return 0;
}

int ssrt_signal_guard_take_async(int sig,
                                 void (*handler)(int, siginfo_t *, void *)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  /* SA_RESTART: interrupted system calls resume; SA_ONSTACK: a thread on
   * its alternate stack (or near the end of its own) can still be
   * interrupted. */
  sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
  /* The program's own asynchronous signals wait the few microseconds the
   * handler takes: a handler of theirs that longjmps must not abandon one
   * half-done.  Faults stay deliverable (ssrt_callstack_recover). */
  sigfillset(&sa.sa_mask);
  static const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS};
  for (unsigned i = 0; i < sizeof faults / sizeof faults[0]; i++)
    sigdelset(&sa.sa_mask, faults[i]);
  if (ssrt_real_sigaction(sig, &sa, NULL) != 0)
    return -1;
  ssrt_signal_guard_protect(sig, NULL, 0);
  return 0;
}

/* -- the protected signals -------------------------------------------------- */

/* The program's disposition of each protected signal, double-buffered so
 * the handler never reads one half-written: writers fill the other slot,
 * then publish its index. */
struct protected_signal {
  int sig;
  int synchronous;
  struct sigaction program_action[2];
  int current;
};

static struct protected_signal slots[MAX_PROTECTED];
static int num_slots;
/* Signals (1..64) that must never be blocked, as a bit set. */
static uint64_t never_blocked;

static struct protected_signal *slot_of(int sig) {
  int n = __atomic_load_n(&num_slots, __ATOMIC_ACQUIRE);
  for (int i = 0; i < n; i++)
    if (slots[i].sig == sig)
      return &slots[i];
  return NULL;
}

static uint64_t bit_of(int sig) {
  return sig > 0 && sig <= 64 ? (uint64_t)1 << (sig - 1) : 0;
}

void ssrt_signal_guard_current(int sig, struct sigaction *program) {
  memset(program, 0, sizeof *program);
  struct sigaction now;
  if (ssrt_real_sigaction(sig, NULL, &now) != 0)
    return;
  if ((now.sa_flags & SA_SIGINFO) && ssrt_is_fatal_signal_handler(now.sa_sigaction))
    return; /* the runtime's stand-in for SIG_DFL */
  *program = now;
}

void ssrt_signal_guard_protect(int sig, const struct sigaction *program,
                               int synchronous) {
  struct protected_signal *s = slot_of(sig);
  if (!s) {
    if (num_slots == MAX_PROTECTED)
      return;
    s = &slots[num_slots];
    s->sig = sig;
  }
  memset(s->program_action, 0, sizeof s->program_action); /* SIG_DFL */
  sigemptyset(&s->program_action[0].sa_mask);
  sigemptyset(&s->program_action[1].sa_mask);
  if (program)
    s->program_action[0] = *program;
  s->current = 0;
  s->synchronous = synchronous;
  if (s == &slots[num_slots])
    __atomic_store_n(&num_slots, num_slots + 1, __ATOMIC_RELEASE);
  if (synchronous) {
    __atomic_or_fetch(&never_blocked, bit_of(sig), __ATOMIC_RELEASE);
    sigset_t just;
    sigemptyset(&just);
    sigaddset(&just, sig);
    ssrt_real_sigmask(SIG_UNBLOCK, &just, NULL);
  }
}

/* A process may change dispositions from several threads at once; they
 * take turns here.  (Plain spinning: sigaction may be called from a
 * signal handler, where no mutex may be taken.) */
static int writer_lock;

static void program_sigaction(struct protected_signal *s,
                              const struct sigaction *act,
                              struct sigaction *old) {
  while (__atomic_exchange_n(&writer_lock, 1, __ATOMIC_ACQUIRE))
    ;
  int cur = __atomic_load_n(&s->current, __ATOMIC_ACQUIRE);
  if (old)
    *old = s->program_action[cur];
  if (act) {
    s->program_action[cur ^ 1] = *act;
    __atomic_store_n(&s->current, cur ^ 1, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&writer_lock, 0, __ATOMIC_RELEASE);
}

void ssrt_signal_guard_program_action(int sig, struct sigaction *out) {
  struct protected_signal *s = slot_of(sig);
  if (!s) {
    memset(out, 0, sizeof *out);
    return;
  }
  *out = s->program_action[__atomic_load_n(&s->current, __ATOMIC_ACQUIRE)];
}

#ifndef SSRT_STATIC
/* -- masks: the never-blocked signals left out, the program's view kept ---- */

/* The never-blocked signals this thread's program asked to block. */
static __thread uint64_t program_blocked;
/* Per signal: the never-blocked signals taken out of its handler's
 * sa_mask, given back when the program reads the disposition. */
static uint64_t stripped_from_mask[65];

static uint64_t guarded(void) {
  return __atomic_load_n(&never_blocked, __ATOMIC_ACQUIRE);
}

static uint64_t set_bits(const sigset_t *set, uint64_t which) {
  uint64_t bits = 0;
  for (int sig = 1; sig <= 64; sig++)
    if ((which & bit_of(sig)) && sigismember(set, sig) == 1)
      bits |= bit_of(sig);
  return bits;
}

static void remove_bits(sigset_t *set, uint64_t bits) {
  for (int sig = 1; sig <= 64; sig++)
    if (bits & bit_of(sig))
      sigdelset(set, sig);
}

static void add_bits(sigset_t *set, uint64_t bits) {
  for (int sig = 1; sig <= 64; sig++)
    if (bits & bit_of(sig))
      sigaddset(set, sig);
}

/* `real` with the never-blocked signals left out of `set`; the program's
 * view of them in *old. */
static int guarded_mask(sigmask_fn real, int how, const sigset_t *set,
                        sigset_t *old) {
  uint64_t g = guarded();
  if (!g || !real)
    return real ? real(how, set, old) : ENOSYS;
  sigset_t copy;
  const sigset_t *use = set;
  uint64_t asked = 0;
  if (set) {
    copy = *set;
    asked = set_bits(set, g);
    remove_bits(&copy, g);
    use = &copy;
  }
  uint64_t before = program_blocked;
  int rc = real(how, use, old);
  if (rc != 0)
    return rc;
  if (old)
    add_bits(old, before & g);
  if (set) {
    if (how == SIG_BLOCK)
      program_blocked = before | asked;
    else if (how == SIG_UNBLOCK)
      program_blocked = before & ~asked;
    else if (how == SIG_SETMASK)
      program_blocked = asked;
  }
  return 0;
}
#endif

static void remove_guarded(sigset_t *set) {
  uint64_t g = __atomic_load_n(&never_blocked, __ATOMIC_ACQUIRE);
  for (int sig = 1; sig <= 64; sig++)
    if (g & bit_of(sig))
      sigdelset(set, sig);
}

/* -- forwarding ------------------------------------------------------------ */

void ssrt_signal_guard_forward(int sig, siginfo_t *info, void *context) {
  struct protected_signal *s = slot_of(sig);
  struct sigaction a;
  ssrt_signal_guard_program_action(sig, &a);
  if (!(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_IGN)
    return;
  if (!(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_DFL) {
    if (s && s->synchronous) {
      ssrt_fatal_signal(sig, info, context);
      return;
    }
    /* A real-time signal's default action ends the process; let it (the
     * file is not written, as for any fatal signal the runtime does not
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
    ssrt_real_sigmask(SIG_UNBLOCK, &just, NULL);
    return;
  }
  /* The program's handler runs with the mask the kernel would have given
   * it: the interrupted code's, its sa_mask, and the signal itself without
   * SA_NODEFER -- never a never-blocked signal.  SA_RESETHAND resets it
   * first. */
  const ucontext_t *uc = context;
  sigset_t block = a.sa_mask, old;
  if (uc) {
    for (int n = 1; n < NSIG; n++)
      if (sigismember(&uc->uc_sigmask, n) == 1)
        sigaddset(&block, n);
  }
  if (!(a.sa_flags & SA_NODEFER))
    sigaddset(&block, sig);
  remove_guarded(&block);
  ssrt_real_sigmask(uc ? SIG_SETMASK : SIG_BLOCK, &block, &old);
  if ((a.sa_flags & SA_RESETHAND) && s) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    program_sigaction(s, &dfl, NULL);
  }
  if (a.sa_flags & SA_SIGINFO)
    a.sa_sigaction(sig, info, context);
  else
    a.sa_handler(sig);
  ssrt_real_sigmask(SIG_SETMASK, &old, NULL);
}

#ifndef SSRT_STATIC
/* -- the C library's entry points ------------------------------------------ */

SSRT_EXPORT int sigaction(int sig, const struct sigaction *act,
                          struct sigaction *old) {
  struct protected_signal *s = slot_of(sig);
  if (s) {
    program_sigaction(s, act, old);
    return 0;
  }
  uint64_t g = guarded();
  if (!g || sig < 1 || sig > 64)
    return ssrt_real_sigaction(sig, act, old);
  struct sigaction copy;
  const struct sigaction *use = act;
  uint64_t stripped = 0;
  if (act) {
    copy = *act;
    stripped = set_bits(&act->sa_mask, g);
    remove_bits(&copy.sa_mask, g);
    use = &copy;
  }
  uint64_t before = __atomic_load_n(&stripped_from_mask[sig], __ATOMIC_ACQUIRE);
  int rc = ssrt_real_sigaction(sig, use, old);
  if (rc == 0 && old)
    add_bits(&old->sa_mask, before);
  if (rc == 0 && act)
    __atomic_store_n(&stripped_from_mask[sig], stripped, __ATOMIC_RELEASE);
  return rc;
}

/* For a protected signal, signal() with glibc's (BSD) semantics: the
 * handler stays installed and interrupted calls restart.  For any other,
 * the C library's (its handler's mask holds only the signal itself). */
SSRT_EXPORT sighandler_t signal(int sig, sighandler_t handler) {
  struct protected_signal *s = slot_of(sig);
  if (!s) {
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
  program_sigaction(s, &act, &old);
  return old.sa_handler;
}

SSRT_EXPORT int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  ssrt_signal_guard_init();
  return guarded_mask(libc_pthread_sigmask, how, set, old);
}

SSRT_EXPORT int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  ssrt_signal_guard_init();
  if (!libc_sigprocmask) {
    errno = ENOSYS;
    return -1;
  }
  /* Returns what the C library's returns: -1 and errno on failure. */
  return guarded_mask(libc_sigprocmask, how, set, old);
}
#endif
