/* unwinder.c -- call stacks through libgcc_s's unwinder (see unwinder.h;
 * rules: rt/README.md). */
#define _GNU_SOURCE
#define UNW_LOCAL_ONLY
#include "unwinder.h"

#include "library_descriptors.h"
#include "safe_string.h"

#include <dlfcn.h>
#include <libunwind.h>
#include <stddef.h>
#include <unwind.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static struct {
  _Unwind_Reason_Code (*backtrace)(_Unwind_Trace_Fn, void *);
  _Unwind_Ptr (*get_ip_info)(struct _Unwind_Context *, int *);
} gcc;

struct walk {
  uint64_t *pcs;
  int max, n;
};

static _Unwind_Reason_Code one_frame(struct _Unwind_Context *ctx, void *arg) {
  struct walk *w = arg;
  if (w->n == w->max)
    return _URC_NORMAL_STOP;
  int before = 0;
  uint64_t ip = (uint64_t)gcc.get_ip_info(ctx, &before);
  if (ip == 0)
    return _URC_NO_REASON; /* past the outermost frame: the walk ends */
  /* A return address is reported as it is; the exact PC of an interrupted
   * frame (before != 0) too: the readers' convention (callstack.h). */
  w->pcs[w->n++] = ip;
  return _URC_NO_REASON;
}

#ifdef SSRT_STATIC
int ssrt_unwinder_load(void) { return 0; }
#else
int ssrt_unwinder_load(void) {
  if (gcc.backtrace)
    return 1;
  void *h = dlopen("libgcc_s.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return 0;
  *(void **)&gcc.get_ip_info = dlsym(h, "_Unwind_GetIPInfo");
  *(void **)&gcc.backtrace = dlsym(h, "_Unwind_Backtrace");
  if (!gcc.backtrace || !gcc.get_ip_info) {
    gcc.backtrace = NULL;
    return 0;
  }
  /* The first walk may allocate and lock (finding libgcc's own tables):
   * here, not in a signal handler. */
  uint64_t pcs[4];
  int complete;
  ssrt_unwinder_walk(pcs, 4, &complete);
  return 1;
}
#endif

/* libunwind's cached backtrace, once ssrt_unwinder_use_cache loaded it. */
static int (*cached_backtrace)(void **, int);

#ifdef SSRT_STATIC
int ssrt_unwinder_use_cache(void) { return 0; }
#else
static int load_cached(void) {
  void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return 0;
  int (*backtrace)(void **, int);
  int (*set_caching)(unw_addr_space_t, unw_caching_policy_t);
  unw_addr_space_t *local_space;
  *(void **)&backtrace = dlsym(h, "unw_backtrace");
  *(void **)&set_caching = dlsym(h, STR(unw_set_caching_policy));
  local_space = dlsym(h, STR(unw_local_addr_space));
  if (!backtrace || !set_caching || !local_space ||
      set_caching(*local_space, UNW_CACHE_PER_THREAD) != 0)
    return 0;
  void *pcs[4];
  backtrace(pcs, 4); /* its initialization (locks) here */
  __atomic_store_n((void **)&cached_backtrace, *(void **)&backtrace,
                   __ATOMIC_RELEASE);
  return 1;
}

/* libunwind's memory-check pipe goes out of the program's way
 * (library_descriptors.h). */
int ssrt_unwinder_use_cache(void) {
  if (cached_backtrace)
    return 1;
  ssrt_library_descriptors_begin();
  int ok = load_cached();
  ssrt_library_descriptors_end();
  return ok;
}
#endif

int ssrt_unwinder_walk(uint64_t *pcs, int max, int *complete) {
  struct walk w = {pcs, max, 0};
  *complete = 0;
  if (cached_backtrace) {
    _Static_assert(sizeof(void *) == sizeof(uint64_t), "64-bit addresses");
    int n = cached_backtrace((void **)pcs, max);
    if (n < 0)
      return 0;
    *complete = n < max; /* it stops at the outermost frame or at max */
    return n;
  }
  if (!gcc.backtrace)
    return 0;
  _Unwind_Reason_Code rc = gcc.backtrace(one_frame, &w);
  *complete = rc == _URC_END_OF_STACK;
  return w.n;
}
