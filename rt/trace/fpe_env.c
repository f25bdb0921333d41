/*
 * fpe_env.c -- the <fenv.h> functions and longjmp, defined by libssrt.so in
 * front of the C library's, so that under the fpe trace the program sees
 * the floating-point environment it set and never the traps the trace
 * armed (see fpe.h).  Without the trace they forward unchanged.
 *
 *  - feenableexcept, fedisableexcept, fesetenv, feholdexcept, feupdateenv,
 *    fesetmode set masks: the thread keeps them as the program's and stays
 *    armed;
 *  - fegetenv, feholdexcept, fegetmode hand the program its own masks;
 *  - feraiseexcept raises as the program asked, with its masks (its
 *    enabled exceptions trap as they would), and records the others;
 *  - feclearexcept, fesetexceptflag change flags: the underflow flag is
 *    seen again (fpe.h);
 * (longjmp, which may take a signal handler's environment along, is in
 * fpe_longjmp.c.)
 *
 * fegetexcept, fetestexcept, fegetexceptflag and the rounding functions
 * need nothing: they read the x87 control word, the flags or the rounding
 * mode, which the trace leaves alone.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "fpe.h"

#include "callstack.h"
#include "tracer.h"

#include <dlfcn.h>
#include <fenv.h>
#include <string.h>

#if defined(__x86_64__)

#define SSRT_EXPORT __attribute__((visibility("default")))

typedef int (*int_fn)(int);
typedef int (*env_fn)(fenv_t *);
typedef int (*cenv_fn)(const fenv_t *);
typedef int (*flag_fn)(const fexcept_t *, int);
typedef int (*mode_fn)(femode_t *);
typedef int (*cmode_fn)(const femode_t *);

static struct {
  int_fn feenableexcept, fedisableexcept, feraiseexcept, feclearexcept,
      fetestexcept;
  env_fn fegetenv, feholdexcept;
  cenv_fn fesetenv, feupdateenv;
  flag_fn fesetexceptflag;
  mode_fn fegetmode;
  cmode_fn fesetmode;
} real;

#define RESOLVE(field, name)                                                   \
  do {                                                                         \
    if (!real.field)                                                           \
      *(void **)&real.field = dlsym(RTLD_NEXT, name);                          \
  } while (0)

/* At start-up (dlsym may lock; the program may first call these from a
 * signal handler), and again on first use for a libm loaded later. */
void ssrt_fpe_env_init(void) {
  RESOLVE(feenableexcept, "feenableexcept");
  RESOLVE(fedisableexcept, "fedisableexcept");
  RESOLVE(feraiseexcept, "feraiseexcept");
  RESOLVE(feclearexcept, "feclearexcept");
  RESOLVE(fetestexcept, "fetestexcept");
  RESOLVE(fegetenv, "fegetenv");
  RESOLVE(feholdexcept, "feholdexcept");
  RESOLVE(fesetenv, "fesetenv");
  RESOLVE(feupdateenv, "feupdateenv");
  RESOLVE(fesetexceptflag, "fesetexceptflag");
  RESOLVE(fegetmode, "fegetmode");
  RESOLVE(fesetmode, "fesetmode");
  ssrt_fpe_longjmp_init();
}

static uint32_t read_mxcsr(void) {
  uint32_t m;
  __asm__ volatile("stmxcsr %0" : "=m"(m));
  return m;
}

static void write_mxcsr(uint32_t m) { __asm__ volatile("ldmxcsr %0" : : "m"(m)); }

static uint32_t view(void) {
  uint16_t cw;
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return ssrt_fpe_program_masks(ssrt_fpe_thread(), cw);
}

/* The C library just set the environment: `masks` are now the program's,
 * and the thread is armed again. */
static void keep_masks(uint32_t masks) {
  struct ssrt_fpe_thread *t = ssrt_fpe_thread();
  uint32_t m = read_mxcsr();
  t->program_masks = masks & SSRT_MXCSR_MASKS;
  t->masks_known = 1;
  t->ue_seen = !!(m & SSRT_MXCSR_UE);
  t->ue_known = 1;
  write_mxcsr(ssrt_fpe_armed(m, t->program_masks));
}

static void see_flags(void) {
  struct ssrt_fpe_thread *t = ssrt_fpe_thread();
  t->ue_seen = !!(read_mxcsr() & SSRT_MXCSR_UE);
  t->ue_known = 1;
}

/* Whether the trace is on and the C library's `f` is known. */
#define ON(f) (ssrt_fpe_running() && (real.f || (ssrt_fpe_env_init(), real.f)))
#define FORWARD(f, ...)                                                        \
  do {                                                                         \
    ssrt_fpe_env_init();                                                       \
    return real.f ? real.f(__VA_ARGS__) : -1;                                  \
  } while (0)

SSRT_EXPORT int feenableexcept(int excepts) {
  if (!ON(feenableexcept))
    FORWARD(feenableexcept, excepts);
  uint32_t masks = view() & ~(((uint32_t)excepts & FE_ALL_EXCEPT) << 7);
  int r = real.feenableexcept(excepts);
  if (r != -1)
    keep_masks(masks);
  return r;
}

SSRT_EXPORT int fedisableexcept(int excepts) {
  if (!ON(fedisableexcept))
    FORWARD(fedisableexcept, excepts);
  uint32_t masks = view() | (((uint32_t)excepts & FE_ALL_EXCEPT) << 7);
  int r = real.fedisableexcept(excepts);
  if (r != -1)
    keep_masks(masks);
  return r;
}

SSRT_EXPORT int fegetenv(fenv_t *envp) {
  if (!ON(fegetenv))
    FORWARD(fegetenv, envp);
  uint32_t masks = view();
  int r = real.fegetenv(envp);
  if (r == 0)
    envp->__mxcsr = (envp->__mxcsr & ~SSRT_MXCSR_MASKS) | masks;
  return r;
}

SSRT_EXPORT int fesetenv(const fenv_t *envp) {
  if (!ON(fesetenv))
    FORWARD(fesetenv, envp);
  int r = real.fesetenv(envp);
  if (r == 0)
    keep_masks(read_mxcsr());
  return r;
}

SSRT_EXPORT int feholdexcept(fenv_t *envp) {
  if (!ON(feholdexcept))
    FORWARD(feholdexcept, envp);
  uint32_t masks = view();
  int r = real.feholdexcept(envp);
  if (r == 0) {
    envp->__mxcsr = (envp->__mxcsr & ~SSRT_MXCSR_MASKS) | masks;
    keep_masks(read_mxcsr());
  }
  return r;
}

/* feraiseexcept for the code that called the wrapper at `ret`/`frame`:
 * the exceptions the program enabled trap (and are recorded) as they
 * would; the others are recorded here. */
static int raise_for(int excepts, uint64_t ret, uint64_t frame) {
  uint32_t masks = view();
  uint32_t quiet = (uint32_t)excepts & FE_ALL_EXCEPT & (masks >> 7) &
                   (ssrt_fpe_traps() >> 7);
  if (quiet)
    ssrt_fpe_record_raised(ssrt_fpe_kinds(quiet), ret, frame);
  uint32_t m = read_mxcsr();
  write_mxcsr((m & ~SSRT_MXCSR_MASKS) | masks);
  int r = real.feraiseexcept(excepts);
  keep_masks(masks);
  return r;
}

#define CALLER (uint64_t)(uintptr_t)__builtin_return_address(0)
#define FRAME (uint64_t)(uintptr_t)__builtin_frame_address(0)

SSRT_EXPORT int feraiseexcept(int excepts) {
  if (!ON(feraiseexcept))
    FORWARD(feraiseexcept, excepts);
  return raise_for(excepts, CALLER, FRAME);
}

SSRT_EXPORT int feupdateenv(const fenv_t *envp) {
  if (!ON(feupdateenv) || !real.fetestexcept || !real.fesetenv ||
      !real.feraiseexcept)
    FORWARD(feupdateenv, envp);
  int raised = real.fetestexcept(FE_ALL_EXCEPT);
  int r = real.fesetenv(envp);
  if (r != 0)
    return r;
  keep_masks(read_mxcsr());
  return raised ? raise_for(raised, CALLER, FRAME) : 0;
}

SSRT_EXPORT int feclearexcept(int excepts) {
  if (!ON(feclearexcept))
    FORWARD(feclearexcept, excepts);
  int r = real.feclearexcept(excepts);
  see_flags();
  return r;
}

SSRT_EXPORT int fesetexceptflag(const fexcept_t *flagp, int excepts) {
  if (!ON(fesetexceptflag))
    FORWARD(fesetexceptflag, flagp, excepts);
  int r = real.fesetexceptflag(flagp, excepts);
  see_flags();
  return r;
}

SSRT_EXPORT int fegetmode(femode_t *modep) {
  if (!ON(fegetmode))
    FORWARD(fegetmode, modep);
  uint32_t masks = view();
  int r = real.fegetmode(modep);
  if (r == 0)
    modep->__mxcsr = (modep->__mxcsr & ~SSRT_MXCSR_MASKS) | masks;
  return r;
}

SSRT_EXPORT int fesetmode(const femode_t *modep) {
  if (!ON(fesetmode))
    FORWARD(fesetmode, modep);
  int r = real.fesetmode(modep);
  if (r == 0)
    keep_masks(read_mxcsr());
  return r;
}

void ssrt_fpe_record_raised(uint32_t kinds, uint64_t ret, uint64_t frame) {
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (!ssrt_tracer_enter(t))
    return;
  struct ss_event e;
  memset(&e, 0, sizeof e);
  e.kind = kinds;
  e.object = SS_FPE_RAISED;
  e.time_ns = ssrt_tracer_now();
  uint64_t pcs[SSRT_TRACE_DEPTH];
  e.depth = (uint16_t)ssrt_callstack_caller(&t->walk, ret, frame, pcs,
                                            SSRT_TRACE_DEPTH, &e.flags);
  e.flags |= SS_EVENT_LEAF_IS_CALL;
  ssrt_tracer_record(t, &e, pcs);
  ssrt_tracer_leave(t);
}

#else
void ssrt_fpe_env_init(void) {}
void ssrt_fpe_record_raised(uint32_t kinds, uint64_t ret, uint64_t frame) {
  (void)kinds, (void)ret, (void)frame;
}
#endif
