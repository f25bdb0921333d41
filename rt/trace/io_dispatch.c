/*
 * io_dispatch.c -- the C library's system calls inside a stdio function,
 * caught with Linux's syscall user dispatch (prctl
 * PR_SET_SYSCALL_USER_DISPATCH, Linux 5.11): see io.h.
 *
 * Dispatch is turned on per thread, the first time a stdio function runs
 * under the trace, with the thread's selector byte (thread-local) at ALLOW:
 * system calls run as usual.  A stdio wrapper sets it to BLOCK for the
 * length of the C library's function; each system call made meanwhile
 * raises SIGSYS instead of running.  The handler sets the selector to
 * ALLOW, makes the call itself (so the result, errno and restart behaviour
 * are the kernel's), puts the result where the C library expects it,
 * records the event and sets the selector back.  It returns through a
 * restorer of its own (an rt_sigreturn inside the one address range that
 * dispatch always lets through), installed with the raw rt_sigaction
 * system call, since the C library's sigaction would put its own.
 *
 * SIGSYS is never blocked while the trace runs (signal_guard.h): a
 * dispatched system call with SIGSYS blocked would kill the process.  Any
 * other SIGSYS (a seccomp filter's) goes to the program's disposition.
 * Where dispatch is not available (an older kernel, a filter refusing
 * prctl) the stdio functions' own system calls are not traced, and the
 * TRACE record says so.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "io.h"

#include "callstack.h"
#include "safe_string.h"
#include "signal_guard.h"
#include "tracer.h"

#include <errno.h>
#include <link.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#define PR_SYS_DISPATCH_OFF 0
#define PR_SYS_DISPATCH_ON 1
#define SYSCALL_DISPATCH_FILTER_ALLOW 0
#define SYSCALL_DISPATCH_FILTER_BLOCK 1
#endif
#ifndef SYS_USER_DISPATCH
#define SYS_USER_DISPATCH 2 /* si_code of a dispatched system call */
#endif
#define SSRT_SA_RESTORER 0x04000000

#if defined(__x86_64__)

/* The restorer, and a system call that returns the kernel's raw result
 * (-errno), both inside [ssrt_io_allowed_start, ssrt_io_allowed_end): the
 * range dispatch never blocks. */
extern const char ssrt_io_allowed_start[], ssrt_io_allowed_end[];
void ssrt_io_restorer(void);
long ssrt_io_raw_syscall(long nr, long a, long b, long c, long d, long e,
                         long f);
__asm__(".text\n"
        ".p2align 4\n"
        ".hidden ssrt_io_allowed_start\n"
        ".hidden ssrt_io_restorer\n"
        ".hidden ssrt_io_raw_syscall\n"
        ".hidden ssrt_io_allowed_end\n"
        "ssrt_io_allowed_start:\n"
        /* Unwinders look up a return address's frame at the address
         * before it: a byte of no function's (as in the C library). */
        "  nop\n"
        "ssrt_io_restorer:\n"
        /* rt_sigreturn, in the very bytes of the C library's restorer,
         * which unwinders recognize to walk through the signal frame */
        "  movq $15, %rax\n"
        "  syscall\n"
        "  hlt\n"
        "ssrt_io_raw_syscall:\n"
        "  mov %rdi, %rax\n"
        "  mov %rsi, %rdi\n"
        "  mov %rdx, %rsi\n"
        "  mov %rcx, %rdx\n"
        "  mov %r8, %r10\n"
        "  mov %r9, %r8\n"
        "  mov 8(%rsp), %r9\n"
        "  syscall\n"
        "  ret\n"
        "ssrt_io_allowed_end:\n");

struct dispatch_thread {
  uint8_t selector; /* read by the kernel at every system call */
  int state;        /* 0: not asked yet, 1: on, -1: refused */
  int depth;        /* stdio functions running (nested: a handler's) */
  uint64_t ret, frame; /* the program's call of the outermost one */
};

static __thread struct dispatch_thread dt
    __attribute__((tls_model("initial-exec")));
static int works; /* dispatch was turned on in some thread */
/* The C library's and the runtime's code, left out of the stack of a call
 * made while flushing at exit (no program call to start from). */
static uint64_t libc_lo, libc_hi, own_lo, own_hi;

static int turn_on(void) {
  if (dt.state == 0) {
    dt.selector = SYSCALL_DISPATCH_FILTER_ALLOW;
    long r = prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON,
                   (unsigned long)ssrt_io_allowed_start,
                   (unsigned long)(ssrt_io_allowed_end - ssrt_io_allowed_start),
                   &dt.selector);
    dt.state = r == 0 ? 1 : -1;
  }
  return dt.state == 1;
}

int ssrt_io_dispatch_works(void) {
  return __atomic_load_n(&works, __ATOMIC_ACQUIRE) && dt.state >= 0;
}

void ssrt_io_scope_begin(struct ssrt_io_scope *s, uint64_t ret,
                         uint64_t frame) {
  s->active = turn_on();
  if (!s->active)
    return;
  s->selector = dt.selector;
  if (dt.depth++ == 0) {
    dt.ret = ret;
    dt.frame = frame;
  }
  s->ret = dt.ret;
  s->frame = dt.frame;
  __atomic_store_n(&dt.selector, SYSCALL_DISPATCH_FILTER_BLOCK, __ATOMIC_SEQ_CST);
}

void ssrt_io_scope_end(struct ssrt_io_scope *s) {
  if (!s->active)
    return;
  __atomic_store_n(&dt.selector, s->selector, __ATOMIC_SEQ_CST);
  dt.depth--;
  dt.ret = s->ret;
  dt.frame = s->frame;
}

void ssrt_io_dispatch_after_fork(void) {
  /* Dispatch is not inherited: this thread must ask again. */
  dt.state = 0;
  dt.depth = 0;
  dt.selector = SYSCALL_DISPATCH_FILTER_ALLOW;
}

static int in_range(uint64_t a, uint64_t lo, uint64_t hi) {
  return a >= lo && a < hi;
}

/* A flush at exit: the stack from the first frame outside the C library
 * and the runtime (the code that called exit, or _start after main
 * returned). */
static int outside_libraries(uint64_t *pcs, int n) {
  int k = 0;
  while (k < n - 1 && (in_range(pcs[k] - (k > 0), libc_lo, libc_hi) ||
                       in_range(pcs[k] - (k > 0), own_lo, own_hi)))
    k++;
  memmove(pcs, pcs + k, (size_t)(n - k) * sizeof *pcs);
  return n - k;
}

static void on_sigsys(int sig, siginfo_t *si, void *context) {
  if (!si || si->si_code != SYS_USER_DISPATCH || !context) {
    ssrt_signal_guard_forward(sig, si, context);
    return;
  }
  ucontext_t *uc = context;
  uint8_t selector = dt.selector;
  __atomic_store_n(&dt.selector, SYSCALL_DISPATCH_FILTER_ALLOW, __ATOMIC_SEQ_CST);
  int saved_errno = errno;
  int was_busy = ssrt_io_busy();
  ssrt_io_set_busy(1);
  greg_t *g = uc->uc_mcontext.gregs;
  long nr = si->si_syscall;
  long args[6] = {(long)g[REG_RDI], (long)g[REG_RSI], (long)g[REG_RDX],
                  (long)g[REG_R10], (long)g[REG_R8],  (long)g[REG_R9]};
  uint32_t object = ssrt_io_object_before(nr, args);
  uint64_t start = ssrt_tracer_now();
  long r = ssrt_io_raw_syscall(nr, args[0], args[1], args[2], args[3],
                               args[4], args[5]);
  g[REG_RAX] = (greg_t)r;
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (t) {
    uint64_t pcs[SSRT_TRACE_DEPTH];
    uint16_t flags = 0;
    int depth;
    if (dt.ret) {
      depth = ssrt_callstack_caller_from(uc, &t->walk, dt.ret, dt.frame, pcs,
                                         SSRT_TRACE_DEPTH, &flags);
      flags |= SS_EVENT_LEAF_IS_CALL;
    } else {
      depth = ssrt_callstack_collect(uc, &t->walk, pcs, SSRT_TRACE_DEPTH,
                                     &flags);
      depth = outside_libraries(pcs, depth);
      flags |= SS_EVENT_LEAF_IS_CALL;
    }
    ssrt_io_record_syscall(nr, args, r, start, object, pcs, depth, flags);
  }
  ssrt_io_set_busy(was_busy);
  errno = saved_errno;
  __atomic_store_n(&dt.selector, selector, __ATOMIC_SEQ_CST);
}

struct text_range {
  uint64_t addr, lo, hi;
};

/* The executable segments of the object holding arg->addr. */
static int find_text(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  struct text_range *r = arg;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
      uint64_t a = info->dlpi_addr + ph->p_vaddr;
      lo = a < lo ? a : lo;
      hi = a + ph->p_memsz > hi ? a + ph->p_memsz : hi;
    }
  }
  if (r->addr < lo || r->addr >= hi)
    return 0;
  r->lo = lo;
  r->hi = hi;
  return 1;
}

int ssrt_io_dispatch_init(void) {
  struct text_range r = {(uint64_t)(uintptr_t)on_sigsys, 0, 0};
  dl_iterate_phdr(find_text, &r);
  own_lo = r.lo, own_hi = r.hi;
  r.addr = (uint64_t)(uintptr_t)&getpid; /* the C library's, not wrapped */
  r.lo = r.hi = 0;
  dl_iterate_phdr(find_text, &r);
  libc_lo = r.lo, libc_hi = r.hi;
  if (own_lo == libc_lo) /* a static program: one object */
    libc_lo = libc_hi = own_lo = own_hi = 0;

  struct sigaction program;
  ssrt_signal_guard_current(SIGSYS, &program);
  struct {
    void (*handler)(int, siginfo_t *, void *);
    unsigned long flags;
    void (*restorer)(void);
    uint64_t mask;
  } ksa = {on_sigsys,
           SA_SIGINFO | SA_NODEFER | SA_RESTART | SSRT_SA_RESTORER,
           ssrt_io_restorer, 0};
  if (syscall(SYS_rt_sigaction, SIGSYS, &ksa, NULL, sizeof ksa.mask) != 0)
    return -1;
  ssrt_signal_guard_protect(SIGSYS, &program, 1);
  if (!turn_on()) {
    ssrt_log("ssrt: syscall user dispatch is not available here (it needs "
             "Linux 5.11 and no seccomp filter refusing it); the io "
             "experiment traces the program's I/O calls but not those the "
             "C library's stdio makes for them", (const char *)0);
    return -1;
  }
  __atomic_store_n(&works, 1, __ATOMIC_RELEASE);
  return 0;
}

#else /* not x86-64: no dispatch */

int ssrt_io_dispatch_init(void) { return -1; }
int ssrt_io_dispatch_works(void) { return 0; }
void ssrt_io_scope_begin(struct ssrt_io_scope *s, uint64_t ret,
                         uint64_t frame) {
  (void)ret, (void)frame;
  s->active = 0;
}
void ssrt_io_scope_end(struct ssrt_io_scope *s) { (void)s; }
void ssrt_io_dispatch_after_fork(void) {}

#endif
