/*
 * heap_events.c -- one heap event, and the thread's mark that keeps the
 * runtime's own allocations out of the trace (see heap.h; rules:
 * rt/README.md).
 */
#define _GNU_SOURCE
#include "heap.h"

#include "callstack.h"
#include "tracer.h"

#include <errno.h>
#include <string.h>

static __thread int busy __attribute__((tls_model("initial-exec")));

int ssrt_heap_traced(void) {
  return !busy && ssrt_heap_running() && ssrt_tracer_recording();
}

int ssrt_heap_enter(void) { return busy++; }
void ssrt_heap_leave(void) { busy--; }

uint64_t ssrt_heap_now(void) { return ssrt_tracer_now(); }

static int releases(uint32_t kind) {
  return kind == SS_HEAP_FREE || kind == SS_HEAP_DELETE ||
         kind == SS_HEAP_DELETE_ARRAY;
}

void ssrt_heap_record(uint32_t kind, uint64_t block, uint64_t released,
                      uint64_t size, uint64_t align, uint16_t flags,
                      uint64_t start_ns, uint64_t ret, uint64_t frame) {
  int saved_errno = errno;
  struct ssrt_tracer *t = ssrt_tracer_self();
  if (ssrt_tracer_enter(t)) {
    uint64_t pcs[SSRT_TRACE_DEPTH];
    uint16_t walk_flags = 0;
    int depth = ssrt_callstack_caller(&t->walk, ret, frame, pcs,
                                      SSRT_TRACE_DEPTH, &walk_flags);
    struct ss_event e;
    memset(&e, 0, sizeof e);
    e.depth = (uint16_t)depth;
    e.flags = (uint16_t)(walk_flags | flags | SS_EVENT_LEAF_IS_CALL);
    e.kind = kind;
    e.object = align > UINT32_MAX ? UINT32_MAX : (uint32_t)align;
    /* A release's moment is before the call, an allocation's after it
     * (heap.h): the block's events are then in order across threads. */
    uint64_t now = ssrt_tracer_now();
    e.time_ns = releases(kind) ? start_ns : now;
    e.duration_ns = releases(kind) || now < start_ns ? 0 : now - start_ns;
    e.value[0] = (int64_t)block;
    e.value[1] = (int64_t)released;
    e.value[2] = size > INT64_MAX ? INT64_MAX : (int64_t)size;
    ssrt_tracer_record(t, &e, pcs);
    ssrt_tracer_leave(t);
  }
  errno = saved_errno;
}
