/* callstack.c -- call stacks from a signal context (see callstack.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#define UNW_LOCAL_ONLY
#include "callstack.h"

#include "library_descriptors.h"
#include "safe_string.h"
#include "signal_guard.h"
#include "stack_walk.h"
#include "unwinder.h"

#include <dlfcn.h>
#include <libunwind.h>
#include <string.h>

#include <setjmp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

/* The few libunwind entry points used, found with dlsym.  The names are
 * the header's macros spelt out (unw_step is _ULx86_64_step, ...). */
#define SSRT_STR2(x) #x
#define SSRT_STR(x) SSRT_STR2(x)

static struct {
  int (*getcontext)(unw_context_t *);
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

#ifdef SSRT_STATIC
/* A static program cannot load libunwind (dlopen): frame pointers only. */
static int load_libunwind(void) { return 0; }
#else
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
  *(void **)&uw.getcontext = dlsym(h, SSRT_STR(unw_tdep_getcontext));
  *(void **)&uw.init_local2 = dlsym(h, SSRT_STR(unw_init_local2));
  *(void **)&uw.step = dlsym(h, SSRT_STR(unw_step));
  *(void **)&uw.get_reg = dlsym(h, SSRT_STR(unw_get_reg));
  *(void **)&set_caching = dlsym(h, SSRT_STR(unw_set_caching_policy));
  local_space = dlsym(h, SSRT_STR(unw_local_addr_space));
  if (!uw.getcontext || !uw.init_local2 || !uw.step || !uw.get_reg ||
      !set_caching || !local_space) {
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
#endif

enum ssrt_walker ssrt_callstack_init(enum ssrt_walker want) {
  ssrt_safe_read_init();
  if (want == SSRT_WALK_UNWINDER && ssrt_unwinder_load())
    walker = SSRT_WALK_UNWINDER;
  else if (want != SSRT_WALK_FRAME_POINTERS && load_libunwind())
    walker = SSRT_WALK_LIBUNWIND;
  else
    walker = SSRT_WALK_FRAME_POINTERS;
  return walker;
}

extern void *__libc_stack_end; /* glibc: the stack pointer at process start */

/* Everything between the interrupted stack pointer and the process's first
 * stack pointer is mapped, if the stack pointer is within the stack limit
 * below it. */
void ssrt_walk_state_main(struct ssrt_walk_state *s) {
  s->stack_lo = s->stack_hi = 0;
  if ((pid_t)syscall(SYS_gettid) != getpid() || !__libc_stack_end)
    return;
  uint64_t top = (uint64_t)(uintptr_t)__libc_stack_end;
  uint64_t limit = (uint64_t)1 << 30;
  struct rlimit st;
  if (getrlimit(RLIMIT_STACK, &st) == 0 && st.rlim_cur != RLIM_INFINITY &&
      st.rlim_cur < limit)
    limit = st.rlim_cur;
  s->stack_hi = top;
  s->stack_lo = top > limit ? top - limit : 0;
}

void ssrt_walk_state_thread(struct ssrt_walk_state *s, uint64_t stack_hi,
                            uint64_t stack_size) {
  s->stack_lo = stack_size / 2 < stack_hi ? stack_hi - stack_size / 2 : 0;
  s->stack_hi = stack_hi;
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
static uint16_t walk_libunwind(const void *ucontext, int init_flags,
                               struct ssrt_stack_range *range, uint64_t *pcs,
                               int max, volatile int *depth) {
  unw_cursor_t c;
  if (uw.init_local2(&c, (unw_context_t *)ucontext, init_flags) < 0)
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

/* Frames a wrapper's own code may add above its caller's (the wrapper and
 * what it calls before the walk, or the C library's frames below a system
 * call, and a signal handler's): walked too, then dropped. */
#define OWN_FRAMES 48

/* The index of the frame whose address is `ret` in pcs[0..n), or -1. */
static int caller_index(const uint64_t *pcs, int n, uint64_t ret) {
  for (int k = 0; k < n; k++)
    if (pcs[k] == ret)
      return k;
  return -1;
}

/* The compiler's unwinder walks this thread from here: its frames from
 * the one at `start` on (the interrupted PC of a signal context, or a
 * wrapper's return address) are the stack. */
static uint16_t walk_unwinder(uint64_t start, uint64_t *pcs, int max,
                              volatile int *depth) {
  uint64_t all[SSRT_STACK_DEPTH_MAX + OWN_FRAMES];
  int room = max + OWN_FRAMES;
  if (room > (int)(sizeof all / sizeof all[0]))
    room = (int)(sizeof all / sizeof all[0]);
  int complete;
  int n = ssrt_unwinder_walk(all, room, &complete);
  int k = caller_index(all, n, start);
  if (k < 0)
    return SS_SAMPLE_INCOMPLETE;
  int keep = n - k < max ? n - k : max;
  memcpy(pcs, all + k, (size_t)keep * sizeof *pcs);
  *depth = keep;
  if (keep < n - k || (!complete && n == room))
    return SS_SAMPLE_TRUNCATED;
  return complete ? 0 : SS_SAMPLE_INCOMPLETE;
}

/* A walk that a fault cannot take down: the compiler's unwinder from here
 * (keeping the frames from the one at `pc` on), or libunwind from
 * `ucontext` (a signal's, or one of unw_getcontext's when `init_flags` is
 * 0), else frame pointers from `fp` and `sp`.  Returns the depth found
 * (possibly 0). */
static int guarded_walk(const void *ucontext, int init_flags,
                        struct ssrt_walk_state *s, uint64_t pc, uint64_t sp,
                        uint64_t fp, uint64_t *pcs, int max, uint16_t *flags) {
  struct ssrt_stack_range range = known_range(s, sp);
  volatile int depth = 0;
  uint16_t f = 0;
  __atomic_store_n(&s->walking, 1, __ATOMIC_SEQ_CST);
  if (sigsetjmp(s->recover, 0) == 0) {
    if (walker == SSRT_WALK_UNWINDER && !s->unwind_broken) {
      f = walk_unwinder(pc, pcs, max, &depth);
    } else if (walker == SSRT_WALK_LIBUNWIND && !s->unwind_broken) {
      f = walk_libunwind(ucontext, init_flags, &range, pcs, max, &depth);
    } else {
      int n = 0;
      pcs[n++] = pc;
      f = end_flags(ssrt_fp_walk(fp, sp, pcs, &n, max, ssrt_read_frame, &range));
      depth = n;
    }
  } else {
    /* A fault in the walk (ssrt_callstack_recover jumped back here, out
     * of the fault's handler). */
    ssrt_real_sigmask(SIG_SETMASK, &s->fault_mask, NULL);
    s->unwind_broken = 1;
    f = SS_SAMPLE_INCOMPLETE;
  }
  __atomic_store_n(&s->walking, 0, __ATOMIC_SEQ_CST);
  *flags = f;
  return depth;
}

int ssrt_callstack_collect(const void *ucontext, struct ssrt_walk_state *s,
                           uint64_t *pcs, int max, uint16_t *flags) {
  uint64_t pc, sp, fp;
  ssrt_context_regs(ucontext, &pc, &sp, &fp);
  int n = guarded_walk(ucontext, UNW_INIT_SIGNAL_FRAME, s, pc, sp, fp, pcs,
                       max, flags);
  if (n == 0) {
    pcs[0] = pc;
    n = 1;
    *flags |= SS_SAMPLE_INCOMPLETE;
  }
  return n;
}

/* -- the caller of a wrapper ------------------------------------------------- */

/* The caller's stack by frame pointers: `ret`, then the chain from the
 * frame pointer the wrapper saved at `frame`. */
static int caller_by_frame_pointers(struct ssrt_walk_state *s, uint64_t ret,
                                    uint64_t frame, uint64_t *pcs, int max,
                                    uint16_t *flags) {
  int n = 0;
  pcs[n++] = ret;
  /* The wrapper's own frame record is mapped; so is the stack above it. */
  struct ssrt_stack_range range = {frame, s->stack_hi > frame ? s->stack_hi : 0};
  uint64_t record[2];
  if (!frame || !ssrt_read_frame(frame, record, &range)) {
    *flags = SS_SAMPLE_INCOMPLETE;
    return n;
  }
  *flags = end_flags(ssrt_fp_walk(record[0], frame + 16, pcs, &n, max,
                                  ssrt_read_frame, &range));
  return n;
}

static int caller_from_walk(const void *ucontext, int init_flags,
                            struct ssrt_walk_state *s, uint64_t ret,
                            uint64_t frame, uint64_t *pcs, int max,
                            uint16_t *flags) {
  if (walker == SSRT_WALK_UNWINDER && !s->unwind_broken && max > 0) {
    int n = guarded_walk(ucontext, init_flags, s, ret, frame, frame, pcs, max,
                         flags);
    if (n > 0)
      return n;
  } else if (walker == SSRT_WALK_LIBUNWIND && !s->unwind_broken && max > 0) {
    uint64_t all[SSRT_STACK_DEPTH_MAX + OWN_FRAMES];
    int room = max + OWN_FRAMES;
    if (room > (int)(sizeof all / sizeof all[0]))
      room = (int)(sizeof all / sizeof all[0]);
    uint16_t f = 0;
    int n = guarded_walk(ucontext, init_flags, s, ret, frame, frame, all, room,
                         &f);
    int k = caller_index(all, n, ret);
    if (k >= 0) {
      int keep = n - k < max ? n - k : max;
      memcpy(pcs, all + k, (size_t)keep * sizeof *pcs);
      *flags = f;
      if (keep < n - k)
        *flags = (uint16_t)((f & ~SS_SAMPLE_INCOMPLETE) | SS_SAMPLE_TRUNCATED);
      return keep;
    }
  }
  return caller_by_frame_pointers(s, ret, frame, pcs, max, flags);
}

int ssrt_callstack_caller(struct ssrt_walk_state *s, uint64_t ret,
                          uint64_t frame, uint64_t *pcs, int max,
                          uint16_t *flags) {
  if (walker == SSRT_WALK_UNWINDER)
    return caller_from_walk(NULL, 0, s, ret, frame, pcs, max, flags);
  if (walker == SSRT_WALK_LIBUNWIND && !s->unwind_broken) {
    unw_context_t uc;
    if (uw.getcontext(&uc) == 0)
      return caller_from_walk(&uc, 0, s, ret, frame, pcs, max, flags);
  }
  return caller_by_frame_pointers(s, ret, frame, pcs, max, flags);
}

int ssrt_callstack_caller_from(const void *ucontext, struct ssrt_walk_state *s,
                               uint64_t ret, uint64_t frame, uint64_t *pcs,
                               int max, uint16_t *flags) {
  return caller_from_walk(ucontext, UNW_INIT_SIGNAL_FRAME, s, ret, frame, pcs,
                          max, flags);
}

void ssrt_callstack_recover(struct ssrt_walk_state *s, const void *context) {
  if (s && __atomic_load_n(&s->walking, __ATOMIC_SEQ_CST)) {
    /* The walk saved no mask (that would be a system call per walk): the
     * fault's context has it. */
    const ucontext_t *uc = context;
    if (uc)
      s->fault_mask = uc->uc_sigmask;
    else
      sigemptyset(&s->fault_mask);
    siglongjmp(s->recover, 1);
  }
}
