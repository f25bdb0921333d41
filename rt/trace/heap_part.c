/* heap_part.c -- the heap trace as a part of the runtime: start-up, and
 * what a forked child's file says (see heap.h; rules: rt/README.md).  The
 * hooks every trace shares are the trace part's (tracer.c). */
#define _GNU_SOURCE
#include "heap.h"

#include "experiment.h"
#include "part.h"
#include "safe_string.h"
#include "tracer.h"

#include <dlfcn.h>

static int running;

int ssrt_heap_running(void) {
  return __atomic_load_n(&running, __ATOMIC_ACQUIRE);
}

static struct ssrt_trace_info info = {SS_TRACE_HEAP, 0, "", NULL};

static int runs_heap(const struct ss_experiment *x) {
  return x->trace_kind == SS_TRACE_HEAP;
}

/* Whether calls to malloc reach this library: not when the executable
 * defines malloc itself (it comes first in symbol lookup). */
static int malloc_is_ours(void) {
  Dl_info mine, first;
  void *m = dlsym(RTLD_DEFAULT, "malloc");
  return m && dladdr((void *)ssrt_heap_traced, &mine) && dladdr(m, &first) &&
         mine.dli_fbase == first.dli_fbase;
}

static int start_heap(const struct ss_experiment *x) {
  (void)x;
  if (malloc_is_ours()) {
    info.how = "allocator calls interposed (malloc family, operator new and "
               "delete)";
  } else {
    info.flags |= SS_TRACE_HEAP_OWN_MALLOC;
    info.how = "allocator calls interposed; the executable defines malloc "
               "itself, so its calls to the malloc family are not seen";
    ssrt_log("ssrt: the program defines malloc itself; the heap trace sees "
             "only what reaches the shared libraries' allocator",
             (const char *)0);
  }
  if (ssrt_tracer_start(&info) != 0)
    return 0;
  /* Every event is a wrapper's, none a signal handler's. */
  ssrt_tracer_use_cached_walks();
  __atomic_store_n(&running, 1, __ATOMIC_RELEASE);
  ssrt_heap_early_done();
  return 1;
}

static void after_fork_in_child(int traced) {
  (void)traced;
  if (ssrt_heap_running())
    info.flags |= SS_TRACE_HEAP_FORKED;
}

SSRT_PART(heap_part) = {
    .name = "heap",
    .order = SSRT_ORDER_TRACE,
    .runs = runs_heap,
    .start = start_heap,
    .after_fork_in_child = after_fork_in_child,
};
