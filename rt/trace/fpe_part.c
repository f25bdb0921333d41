/* fpe_part.c -- the fpe trace as a part of the runtime: start-up, arming
 * each thread, and the hooks every trace shares (see fpe.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#include "fpe.h"

#include "experiment.h"
#include "lifecycle.h"
#include "part.h"
#include "safe_string.h"
#include "tracer.h"

static int running;
static uint32_t traps; /* MXCSR mask bits of the exceptions traced */

static __thread struct ssrt_fpe_thread fpe_thread
    __attribute__((tls_model("initial-exec")));

struct ssrt_fpe_thread *ssrt_fpe_thread(void) { return &fpe_thread; }

int ssrt_fpe_running(void) { return __atomic_load_n(&running, __ATOMIC_ACQUIRE); }

uint32_t ssrt_fpe_traps(void) { return traps; }

uint32_t ssrt_fpe_program_masks(struct ssrt_fpe_thread *t, uint32_t x87_cw) {
  /* The x87 control word's masks (bits 0-5) are in the MXCSR's order. */
  return t->masks_known ? t->program_masks : (x87_cw & 0x3fu) << 7;
}

#if defined(__x86_64__)
static uint32_t read_mxcsr(void) {
  uint32_t m;
  __asm__ volatile("stmxcsr %0" : "=m"(m));
  return m;
}

static void write_mxcsr(uint32_t m) { __asm__ volatile("ldmxcsr %0" : : "m"(m)); }

void ssrt_fpe_arm_thread(void) {
  struct ssrt_fpe_thread *t = &fpe_thread;
  uint32_t m = read_mxcsr();
  if (!t->masks_known) {
    uint16_t cw;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    /* At start-up nothing is armed yet: the MXCSR's masks are the
     * program's.  A new thread inherits an armed MXCSR, but the x87
     * control word, which the trace never changes, as the program set it
     * through <fenv.h>. */
    t->program_masks = (m & traps) == traps ? m & SSRT_MXCSR_MASKS
                                            : ((uint32_t)cw & 0x3fu) << 7;
    t->masks_known = 1;
  }
  t->ue_seen = !!(m & SSRT_MXCSR_UE);
  t->ue_known = 1;
  write_mxcsr(ssrt_fpe_armed(m, t->program_masks));
}

void ssrt_fpe_rearm_if_lost(void) {
  if (!ssrt_fpe_running())
    return;
  uint32_t m = read_mxcsr();
  if (!(m & traps))
    return; /* armed */
  /* Something the trace did not see set the masks (a signal handler's
   * default environment a longjmp took along): they are the program's. */
  struct ssrt_fpe_thread *t = &fpe_thread;
  t->program_masks = m & SSRT_MXCSR_MASKS;
  t->masks_known = 1;
  t->ue_seen = !!(m & SSRT_MXCSR_UE);
  t->ue_known = 1;
  write_mxcsr(ssrt_fpe_armed(m, t->program_masks));
}
#else
void ssrt_fpe_arm_thread(void) {}
void ssrt_fpe_rearm_if_lost(void) {}
#endif

static struct ssrt_trace_info info = {
    SS_TRACE_FPE, 0,
    "SSE/AVX exceptions trapped (MXCSR) and single-stepped; the program's "
    "own traps delivered", NULL};

static int runs_fpe(const struct ss_experiment *x) {
  return x->trace_kind == SS_TRACE_FPE;
}

static int start_fpe(const struct ss_experiment *x) {
#if defined(__x86_64__)
  (void)x;
  traps = 0x80u | 0x200u | 0x400u | 0x800u; /* IM ZM OM UM */
  if (ssrt_env_flag(SS_ENV_FPE_INEXACT, 0)) {
    traps |= 0x1000u; /* PM */
    info.flags |= SS_TRACE_FPE_INEXACT;
  }
  if (ssrt_tracer_start(&info) != 0)
    return 0;
  ssrt_fpe_env_init();
  if (ssrt_fpe_install_handlers() != 0) {
    ssrt_log("ssrt: cannot install the SIGFPE and SIGTRAP handlers; the fpe "
             "experiment records no exceptions", (const char *)0);
    return 0;
  }
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  ssrt_fpe_arm_thread();
  return 1;
#else
  ssrt_log("ssrt: the ", x->name, " experiment is not available on this "
           "machine (it traps SSE exceptions: x86-64 only)", (const char *)0);
  return 0;
#endif
}

static void thread_begin(uint64_t stack_hi, uint64_t stack_size) {
  (void)stack_hi, (void)stack_size;
  if (ssrt_fpe_running())
    ssrt_fpe_arm_thread();
}

/* The hooks every trace shares are the trace part's (tracer.c). */
SSRT_PART(fpe_part) = {
    .name = "fpe",
    .order = SSRT_ORDER_TRACE,
    .runs = runs_fpe,
    .start = start_fpe,
    .thread_begin = thread_begin,
};
