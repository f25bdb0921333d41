/* callstack.c -- call stacks from a signal context (see callstack.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#define UNW_LOCAL_ONLY
#include "callstack.h"

#include "library_descriptors.h"
#include "safe_string.h"
#include "stack_walk.h"

#include <dlfcn.h>
#include <libunwind.h>
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>

/* The few libunwind entry points used, found with dlsym.  The names are
 * the header's macros spelt out (unw_step is _ULx86_64_step, ...). */
#define SSRT_STR2(x) #x
#define SSRT_STR(x) SSRT_STR2(x)

static struct {
  int (*init_local2)(unw_cursor_t *, unw_context_t *, int);
  int (*step)(unw_cursor_t *);
  int (*get_reg)(unw_cursor_t *, unw_regnum_t, unw_word_t *);
} uw;

static enum ssrt_walker walker = SSRT_WALK_FRAME_POINTERS;

void ssrt_context_regs(const void *ucontext, uint64_t *pc, uint64_t *sp,
                       uint64_t *fp) {
  const ucontext_t *uc = ucontext;
#if defined(__x86_64__)
  *pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
  *sp = (uint64_t)uc->uc_mcontext.gregs[REG_RSP];
  *fp = (uint64_t)uc->uc_mcontext.gregs[REG_RBP];
#elif defined(__aarch64__)
  *pc = (uint64_t)uc->uc_mcontext.pc;
  *sp = (uint64_t)uc->uc_mcontext.sp;
  *fp = (uint64_t)uc->uc_mcontext.regs[29];
#else
  (void)uc;
  *pc = *sp = *fp = 0;
#endif
}

static int load_and_start_libunwind(void) {
  void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    ssrt_log("ssrt: cannot load libunwind.so.8; call stacks follow frame "
             "pointers only (install libunwind8 for code built without them)",
             (const char *)0);
    return 0;
  }
  int (*set_caching)(unw_addr_space_t, unw_caching_policy_t);
  unw_addr_space_t *local_space;
  *(void **)&uw.init_local2 = dlsym(h, SSRT_STR(unw_init_local2));
  *(void **)&uw.step = dlsym(h, SSRT_STR(unw_step));
  *(void **)&uw.get_reg = dlsym(h, SSRT_STR(unw_get_reg));
  *(void **)&set_caching = dlsym(h, SSRT_STR(unw_set_caching_policy));
  local_space = dlsym(h, SSRT_STR(unw_local_addr_space));
  if (!uw.init_local2 || !uw.step || !uw.get_reg || !set_caching || !local_space) {
    ssrt_log("ssrt: libunwind.so.8 lacks unw_init_local2; call stacks follow "
             "frame pointers only", (const char *)0);
    return 0;
  }
  set_caching(*local_space, UNW_CACHE_NONE);
  /* libunwind initializes itself (with locks) on first use: do that here,
   * not in a signal handler. */
  ucontext_t uc;
  if (getcontext(&uc) == 0) {
    unw_cursor_t c;
    if (uw.init_local2(&c, (unw_context_t *)&uc, 0) == 0)
      for (int i = 0; i < 4 && uw.step(&c) > 0; i++)
        ;
  }
  return 1;
}

/* libunwind's memory-check pipe goes out of the program's way
 * (library_descriptors.h). */
static int load_libunwind(void) {
  ssrt_library_descriptors_begin();
  int ok = load_and_start_libunwind();
  ssrt_library_descriptors_end();
  return ok;
}

enum ssrt_walker ssrt_callstack_init(enum ssrt_walker want) {
  ssrt_safe_read_init();
  walker = want == SSRT_WALK_LIBUNWIND && load_libunwind()
               ? SSRT_WALK_LIBUNWIND
               : SSRT_WALK_FRAME_POINTERS;
  return walker;
}

/* The part of the stack that direct loads may touch: from the interrupted
 * stack pointer up to the top of the thread's stack, when the stack
 * pointer is on that stack (not on an alternate signal stack, say). */
static struct ssrt_stack_range known_range(const struct ssrt_walk_state *s,
                                           uint64_t sp) {
  struct ssrt_stack_range r = {0, 0};
  if (s->stack_hi && sp >= s->stack_lo && sp < s->stack_hi) {
    r.lo = sp;
    r.hi = s->stack_hi;
  }
  return r;
}

static uint16_t end_flags(enum ssrt_walk_end end) {
  return end == SSRT_WALK_INCOMPLETE ? SS_SAMPLE_INCOMPLETE
         : end == SSRT_WALK_TRUNCATED ? SS_SAMPLE_TRUNCATED
                                      : 0;
}

/* libunwind from the signal context; where it fails, frame pointers from
 * the registers of the last frame it recovered.  *depth is kept up to date
 * so that a fault leaves the frames found so far. */
static uint16_t walk_libunwind(const void *ucontext, struct ssrt_stack_range *range,
                               uint64_t *pcs, int max, volatile int *depth) {
  unw_cursor_t c;
  if (uw.init_local2(&c, (unw_context_t *)ucontext, UNW_INIT_SIGNAL_FRAME) < 0)
    return SS_SAMPLE_INCOMPLETE;
  int n = 0;
  for (;;) {
    unw_word_t ip;
    if (uw.get_reg(&c, UNW_REG_IP, &ip) < 0 || ip == 0)
      return SS_SAMPLE_INCOMPLETE;
    if (n == max)
      return SS_SAMPLE_TRUNCATED;
    pcs[n++] = ip;
    *depth = n;
    int r = uw.step(&c);
    if (r == 0)
      return 0; /* the outermost frame: _start, or the thread's clone */
    if (r < 0) {
      unw_word_t fp, sp;
      if (uw.get_reg(&c, UNW_TDEP_BP, &fp) < 0 || uw.get_reg(&c, UNW_REG_SP, &sp) < 0)
        return SS_SAMPLE_INCOMPLETE;
      if (sp < range->lo) /* the range starts at the interrupted SP */
        range->lo = range->hi = 0;
      enum ssrt_walk_end end =
          ssrt_fp_walk(fp, sp, pcs, &n, max, ssrt_read_frame, range);
      *depth = n;
      return end_flags(end);
    }
  }
}

int ssrt_callstack_collect(const void *ucontext, struct ssrt_walk_state *s,
                           uint64_t *pcs, int max, uint16_t *flags) {
  uint64_t pc, sp, fp;
  ssrt_context_regs(ucontext, &pc, &sp, &fp);
  struct ssrt_stack_range range = known_range(s, sp);
  volatile int depth = 0;
  uint16_t f = 0;
  __atomic_store_n(&s->walking, 1, __ATOMIC_SEQ_CST);
  if (sigsetjmp(s->recover, 1) == 0) {
    if (walker == SSRT_WALK_LIBUNWIND && !s->unwind_broken) {
      f = walk_libunwind(ucontext, &range, pcs, max, &depth);
    } else {
      int n = 0;
      pcs[n++] = pc;
      f = end_flags(ssrt_fp_walk(fp, sp, pcs, &n, max, ssrt_read_frame, &range));
      depth = n;
    }
  } else {
    /* A fault in the walk (ssrt_callstack_recover jumped back here). */
    s->unwind_broken = 1;
    f = SS_SAMPLE_INCOMPLETE;
  }
  __atomic_store_n(&s->walking, 0, __ATOMIC_SEQ_CST);
  int n = depth;
  if (n == 0) {
    pcs[0] = pc;
    n = 1;
    f |= SS_SAMPLE_INCOMPLETE;
  }
  *flags = f;
  return n;
}

void ssrt_callstack_recover(struct ssrt_walk_state *s) {
  if (s && __atomic_load_n(&s->walking, __ATOMIC_SEQ_CST))
    siglongjmp(s->recover, 1);
}
