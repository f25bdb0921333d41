/* signals.c -- fatal-signal handlers and the alternate signal stack (see
 * signals.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "signals.h"

#include "lifecycle.h"
#include "pages.h"
#include "part.h"
#include "signal_guard.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

/* Default action "terminate" (with or without a core).  Not SIGPROF (the
 * sampling experiments own it), SIGKILL or SIGSTOP (cannot be caught). */
static const int fatal_signals[] = {
    SIGHUP,  SIGINT,  SIGQUIT, SIGILL,  SIGTRAP, SIGABRT,   SIGBUS,
    SIGFPE,  SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM,   SIGTERM,
    SIGXCPU, SIGXFSZ, SIGSYS,  SIGVTALRM,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
};

/* Enough for the writer (its buffers are static) and the largest signal
 * frame (AArch64 SVE contexts are a few KiB). */
#define ALT_STACK_SIZE (64 * 1024)

static uint64_t interrupted_pc(const void *context) {
  const ucontext_t *uc = context;
  if (!uc)
    return 0;
#if defined(__x86_64__)
  return (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  return (uint64_t)uc->uc_mcontext.pc;
#else
  return 0;
#endif
}

/* Faults the kernel raises because of the instruction at the PC: returning
 * from the handler with the default disposition restored runs that
 * instruction again, which raises the same signal with the true fault
 * address in the core dump.  SIGTRAP is not one: execution would resume
 * after the breakpoint.  Everything else is raised again explicitly. */
static int refaults_on_return(int sig, const siginfo_t *info) {
  if (!info || info->si_code <= 0) /* sent by kill, tgkill, sigqueue */
    return 0;
#ifdef BUS_MCEERR_AO
  if (sig == SIGBUS && info->si_code == BUS_MCEERR_AO)
    return 0; /* a machine check reported asynchronously */
#endif
  return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE;
}

void ssrt_fatal_signal(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  /* A fault inside a part's own work (the sampler's stack walk) resumes
   * there and does not return here. */
  if (sig == SIGSEGV || sig == SIGBUS) {
    ssrt_for_each_part(p) {
      if (p->recover_fault)
        p->recover_fault(context);
    }
  }
  ssrt_write_for_signal(sig, interrupted_pc(context));

  struct sigaction dfl;
  dfl.sa_handler = SIG_DFL;
  dfl.sa_flags = 0;
  sigemptyset(&dfl.sa_mask);
  /* The C library's: a part may keep this signal (signal_guard.h). */
  ssrt_real_sigaction(sig, &dfl, NULL);
  if (!refaults_on_return(sig, info)) {
    /* Raise it again, now fatal, and let it through: the process ends with
     * the status it would have had without the runtime (128+n in a shell). */
    syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), sig);
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, sig);
    ssrt_real_sigmask(SIG_UNBLOCK, &just_this, NULL);
  }
  errno = saved_errno;
}

int ssrt_is_fatal_signal_handler(void (*handler)(int, siginfo_t *, void *)) {
  return handler == ssrt_fatal_signal;
}

/* The main thread gets an alternate stack, so a stack overflow still writes
 * the file; a stack the program set up itself is left alone. */
static void ensure_alt_stack(void) {
  if (getpid() != (pid_t)syscall(SYS_gettid))
    return;
  stack_t old;
  if (sigaltstack(NULL, &old) != 0 || !(old.ss_flags & SS_DISABLE))
    return;
  stack_t ss;
  ss.ss_sp = ssrt_pages_alloc(ALT_STACK_SIZE);
  ss.ss_size = ALT_STACK_SIZE;
  ss.ss_flags = 0;
  if (ss.ss_sp && sigaltstack(&ss, NULL) != 0)
    ssrt_pages_free(ss.ss_sp, ALT_STACK_SIZE);
}

void ssrt_install_signal_handlers(void) {
  ensure_alt_stack();
  for (unsigned i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
    int sig = fatal_signals[i];
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0)
      continue;
    /* sa_handler and sa_sigaction share storage: SIG_DFL is null in both. */
    if (old.sa_handler != SIG_DFL)
      continue; /* ignored or handled by the program */
    struct sigaction sa;
    sa.sa_sigaction = ssrt_fatal_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    /* Nothing else runs on this thread while the file is written. */
    sigfillset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
  }
}
