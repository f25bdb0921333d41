/*
 * fpe_longjmp.c -- longjmp and its relatives, defined by libssrt.so in
 * front of the C library's: a thread whose traps were masked behind the
 * fpe trace's back is armed again before it jumps (see fpe.h).  Linux runs
 * a signal handler with a default, masked floating-point environment, and
 * a handler that longjmps out takes it along: the program then computes
 * with every exception masked, as it would untraced, and the trace, armed
 * again, keeps counting.  Without the trace they only forward.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "fpe.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdlib.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

typedef void (*jump_fn)(struct __jmp_buf_tag *, int);
static jump_fn real_longjmp, real_siglongjmp, real__longjmp, real_longjmp_chk;

void ssrt_fpe_longjmp_init(void) {
  if (!real_longjmp) {
    *(void **)&real_siglongjmp = dlsym(RTLD_NEXT, "siglongjmp");
    *(void **)&real__longjmp = dlsym(RTLD_NEXT, "_longjmp");
    *(void **)&real_longjmp_chk = dlsym(RTLD_NEXT, "__longjmp_chk");
    *(void **)&real_longjmp = dlsym(RTLD_NEXT, "longjmp");
  }
}

/* At load time: longjmp is often called from a signal handler, where
 * dlsym may not be. */
__attribute__((constructor)) static void resolve_at_load(void) {
  ssrt_fpe_longjmp_init();
}

static __attribute__((noreturn)) void jump(jump_fn *f,
                                           struct __jmp_buf_tag *env, int val) {
  ssrt_fpe_rearm_if_lost();
  if (!*f)
    ssrt_fpe_longjmp_init();
  (*f)(env, val);
  abort(); /* not reached */
}

SSRT_EXPORT void longjmp(struct __jmp_buf_tag env[1], int val) {
  jump(&real_longjmp, env, val);
}

SSRT_EXPORT void siglongjmp(struct __jmp_buf_tag env[1], int val) {
  jump(&real_siglongjmp, env, val);
}

SSRT_EXPORT void _longjmp(struct __jmp_buf_tag env[1], int val) {
  jump(&real__longjmp, env, val);
}

SSRT_EXPORT void __longjmp_chk(struct __jmp_buf_tag env[1], int val);
void __longjmp_chk(struct __jmp_buf_tag env[1], int val) {
  jump(&real_longjmp_chk, env, val);
}
