/* fpe_trap.c -- the SIGFPE and SIGTRAP handlers of the fpe trace: trap,
 * record, step over (see fpe.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "fpe.h"

#include "callstack.h"
#include "signal_guard.h"
#include "tracer.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#if defined(__x86_64__)

#define TRAP_DIVIDE 0 /* #DE: integer division, not ours */
#define TRAP_DEBUG 1  /* #DB: the single step */
#define TRAP_X87 16   /* #MF */
#define TRAP_SIMD 19  /* #XM */
#define EFLAGS_TF 0x100

uint32_t ssrt_fpe_kinds(uint32_t flags) {
  uint32_t k = 0;
  if (flags & 0x01)
    k |= SS_FPE_INVALID;
  if (flags & 0x04)
    k |= SS_FPE_DIVBYZERO;
  if (flags & 0x08)
    k |= SS_FPE_OVERFLOW;
  if (flags & 0x10)
    k |= SS_FPE_UNDERFLOW;
  if (flags & 0x20)
    k |= SS_FPE_INEXACT;
  return k;
}

/* The exceptions counted: the traced ones, and those the program enabled
 * (its own traps are reported whatever their type). */
static uint32_t counted(uint32_t program_masks) {
  return ((ssrt_fpe_traps() | ~program_masks) & SSRT_MXCSR_MASKS) >> 7;
}

static void record(const ucontext_t *uc, uint64_t pc, uint32_t flags,
                   uint32_t how) {
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (!ssrt_tracer_enter(t))
    return;
  struct ss_event e;
  memset(&e, 0, sizeof e);
  e.kind = ssrt_fpe_kinds(flags);
  e.object = how;
  e.time_ns = ssrt_tracer_now();
  /* The stack of the interrupted code; its first address, the
   * instruction that raised the exception (the single step, or an x87
   * fault, stops after it). */
  uint64_t pcs[SSRT_TRACE_DEPTH];
  e.depth = (uint16_t)ssrt_callstack_collect(uc, &t->walk, pcs,
                                             SSRT_TRACE_DEPTH, &e.flags);
  pcs[0] = pc;
  ssrt_tracer_record(t, &e, pcs);
  ssrt_tracer_leave(t);
}

/* The flags the program would have now: those before the instruction plus
 * the ones it raised (see fpe.h for the underflow flag). */
static uint32_t flags_after(const struct ssrt_fpe_thread *t, uint32_t raised) {
  uint32_t f = (t->saved_mxcsr & SSRT_MXCSR_FLAGS) | raised;
  if ((t->saved_mxcsr & SSRT_MXCSR_UE) && !(raised & SSRT_MXCSR_UE) &&
      t->ue_known && !t->ue_seen)
    f &= ~SSRT_MXCSR_UE;
  return f;
}

/* The program's SIGFPE disposition takes the exception as it would have
 * untraced; then the thread is armed again with whatever masks the
 * program's handler left in the context.  A hardware fault that is
 * ignored ends the process, as the kernel would make it. */
static void deliver(int sig, siginfo_t *si, ucontext_t *uc,
                    struct ssrt_fpe_thread *t) {
  struct sigaction a;
  ssrt_signal_guard_program_action(sig, &a);
  if (!(a.sa_flags & SA_SIGINFO) && a.sa_handler == SIG_IGN) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    ssrt_real_sigaction(sig, &dfl, NULL);
    return; /* the instruction faults again, now fatally */
  }
  ssrt_signal_guard_forward(sig, si, uc);
  uint32_t mx = uc->uc_mcontext.fpregs->mxcsr;
  t->program_masks = mx & SSRT_MXCSR_MASKS;
  t->masks_known = 1;
  t->ue_seen = !!(mx & SSRT_MXCSR_UE);
  t->ue_known = 1;
  t->delivered_pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
  uc->uc_mcontext.fpregs->mxcsr = ssrt_fpe_armed(mx, t->program_masks);
}

static void on_simd_trap(siginfo_t *si, ucontext_t *uc,
                         struct ssrt_fpe_thread *t) {
  struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
  uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
  if (t->stepping && pc == t->step_pc) {
    /* It faulted again under the program's own masks: the program's. */
    uint32_t raised = fp->mxcsr & SSRT_MXCSR_FLAGS;
    uint32_t masks = fp->mxcsr & SSRT_MXCSR_MASKS;
    t->stepping = 0;
    uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)EFLAGS_TF;
    fp->mxcsr = (fp->mxcsr & ~SSRT_MXCSR_FLAGS) | flags_after(t, raised);
    record(uc, pc, raised & counted(masks), SS_FPE_DELIVERED);
    deliver(SIGFPE, si, uc, t);
    return;
  }
  /* Ours: step over it under the program's masks, flags cleared. */
  t->saved_mxcsr = fp->mxcsr;
  t->step_pc = pc;
  t->stepping = 1;
  uint32_t masks = ssrt_fpe_program_masks(t, fp->cwd);
  fp->mxcsr = (fp->mxcsr & ~(SSRT_MXCSR_FLAGS | SSRT_MXCSR_MASKS)) | masks;
  uc->uc_mcontext.gregs[REG_EFL] |= EFLAGS_TF;
}

static void on_sigfpe(int sig, siginfo_t *si, void *context) {
  int saved_errno = errno;
  ucontext_t *uc = context;
  struct ssrt_fpe_thread *t = ssrt_fpe_thread();
  long trapno = uc ? (long)uc->uc_mcontext.gregs[REG_TRAPNO] : -1;
  if (!uc || !uc->uc_mcontext.fpregs || !si || si->si_code <= 0 ||
      !ssrt_fpe_running()) {
    ssrt_signal_guard_forward(sig, si, context);
  } else if (trapno == TRAP_SIMD) {
    on_simd_trap(si, uc, t);
  } else if (trapno == TRAP_X87) {
    /* Only exceptions the program enabled trap on the x87, at the next
     * x87 instruction; the one that raised it is the x87's last (FIP). */
    struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
    uint32_t raised = fp->swd & ~fp->cwd & SSRT_MXCSR_FLAGS;
    record(uc, fp->rip, raised, SS_FPE_DELIVERED);
    deliver(sig, si, uc, t);
  } else {
    ssrt_signal_guard_forward(sig, si, context); /* integer division */
  }
  errno = saved_errno;
}

static void on_sigtrap(int sig, siginfo_t *si, void *context) {
  int saved_errno = errno;
  ucontext_t *uc = context;
  struct ssrt_fpe_thread *t = ssrt_fpe_thread();
  if (!t->stepping || !uc || !uc->uc_mcontext.fpregs || !si ||
      si->si_code != TRAP_TRACE ||
      (long)uc->uc_mcontext.gregs[REG_TRAPNO] != TRAP_DEBUG) {
    ssrt_signal_guard_forward(sig, si, context);
    errno = saved_errno;
    return;
  }
  /* The instruction ran under the program's masks from clear flags: its
   * flags are exactly the exceptions it raised. */
  struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
  uint32_t raised = fp->mxcsr & SSRT_MXCSR_FLAGS;
  uint32_t masks = fp->mxcsr & SSRT_MXCSR_MASKS;
  t->stepping = 0;
  uc->uc_mcontext.gregs[REG_EFL] &= ~(greg_t)EFLAGS_TF;
  uint32_t flags = flags_after(t, raised);
  fp->mxcsr = ssrt_fpe_armed((fp->mxcsr & ~SSRT_MXCSR_FLAGS) | flags, masks);
  t->ue_seen = !!(flags & SSRT_MXCSR_UE);
  t->ue_known = 1;
  uint32_t kinds = raised & counted(masks);
  if (t->delivered_pc == t->step_pc) {
    t->delivered_pc = 0; /* counted when the program's handler got it */
    kinds = 0;
  }
  if (kinds)
    record(uc, t->step_pc, kinds, SS_FPE_TRAPPED);
  errno = saved_errno;
}

static int install(int sig, void (*handler)(int, siginfo_t *, void *)) {
  struct sigaction program;
  ssrt_signal_guard_current(sig, &program);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  /* SA_NODEFER: a trap while SIGFPE is blocked would kill the process;
   * the asynchronous signals wait the few microseconds a trap takes. */
  sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
  sigfillset(&sa.sa_mask);
  static const int synchronous[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP,
                                    SIGSYS};
  for (unsigned i = 0; i < sizeof synchronous / sizeof synchronous[0]; i++)
    sigdelset(&sa.sa_mask, synchronous[i]);
  if (ssrt_real_sigaction(sig, &sa, NULL) != 0)
    return -1;
  ssrt_signal_guard_protect(sig, &program, 1);
  return 0;
}

int ssrt_fpe_install_handlers(void) {
  ssrt_signal_guard_init();
  if (install(SIGFPE, on_sigfpe) != 0 || install(SIGTRAP, on_sigtrap) != 0)
    return -1;
  return 0;
}

#else /* not x86-64 */

uint32_t ssrt_fpe_kinds(uint32_t flags) { return flags; }
int ssrt_fpe_install_handlers(void) { return -1; }

#endif
