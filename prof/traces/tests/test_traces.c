/*
 * test_traces.c -- the trace model on synthetic files, with a symbolizer
 * that knows nothing (every function is named by its address, "prog+0x..."),
 * so that every figure below follows from the events by hand.
 *
 * io, two files of one program (pid 4242 and 4243), stacks innermost
 * first, addresses link-time (the program is loaded at 0x200000000):
 *   file 1, names 0 "/tmp/a.txt", 1 "pipe:[7]":
 *     E1 c1 write  on 0, 10 bytes, 500 ns   0x1105 <- 0x1205
 *     E2 c1 read   on 1, -9 (failed), 700 ns 0x1185
 *     E3 c2 close  on none, 20 ns, incomplete 0x1109
 *   file 2, names 0 "pipe:[7]", 1 "/tmp/a.txt":
 *     E4 c1 write  on 1 (/tmp/a.txt), 5 bytes, 900 ns  0x1105 <- 0x1205
 *   exclusive: prog+0x1105 2 writes, 15 bytes, 1400 ns; prog+0x1185 1
 *   read, no bytes; prog+0x1109 1 close; inclusive prog+0x1205: 2 writes;
 *   files: /tmp/a.txt 2 calls (write 2, 15 bytes, longest 900 ns),
 *   pipe:[7] 1 (read), (unknown) 1 (close).
 *   -calipers 1,2 keeps E3 only.
 * fpe, one file: F1 invalid|divide-by-zero (one packed instruction) at
 *   0x1300 <- 0x1400; F2 overflow at 0x1300 <- 0x1400; F3 underflow
 *   (feraiseexcept: its first address a call) 0x1405.
 *   total 3; invalid 1, divide_by_zero 1, overflow 1, underflow 1;
 *   prog+0x1300 exclusive 2, prog+0x1400 inclusive 2.
 * heap, one file (the writer times event i at 100 * i ns, so the array
 * is the time order); thread 0 unless said, each stack its site <- 0x1600:
 *   H0 malloc A=0x1000, 100 B     @0x1500   live 100
 *   H1 malloc B=0x2000, 50 B      @0x1510   live 150
 *   H2 free A                     @0x1520   live 50 (A not short: B came after)
 *   H3 free A again               @0x1530   double free (A's H0, H2, 100 B)
 *   H4 free 0x9000                @0x1540   never allocated
 *   H5 realloc B -> D=0x3000, 200 B, 10 ns @0x1550  live 200
 *   H6 free 0x7000, allocated before the trace @0x1560: no error
 *   H7 thread 1 malloc F=0x4000, 10 B @0x1570  live 210: the peak, 2 blocks
 *   H8 thread 1 free F            @0x1580   F short-lived; live 200
 *   H9 malloc of 2^40 B failed    @0x1590
 *   allocations 5 (H0 H1 H5 H7 H9), 360 bytes; releases 6 (H2-H6, H8),
 *   160 bytes; D leaked (200 B, at 0x1550); at the peak D and F; errors 2;
 *   1 short-lived, 1 failed, 1 untraced release, 10 ns.  The same as a
 *   forked child's file: H4 releases a parent's block, 1 error; as a file
 *   that lost events: H4's block may be a lost allocation, 1 error.
 */
#include "check.h"

#include "synth_experiment.h"
#include "test_support.h"
#include "traces.h"

#include <string.h>

#define PROG 0x200000000ull

static void *open_nothing(void *self, const char *path, const uint8_t *id,
                          uint32_t id_len, enum ss_module_status *status,
                          char *why, size_t why_size) {
  (void)self, (void)path, (void)id, (void)id_len, (void)why, (void)why_size;
  *status = SS_MODULE_OK;
  return (void *)path;
}

static size_t lookup_nothing(void *self, void *module, uint64_t vaddr,
                             const struct ss_sym_frame **frames) {
  (void)self, (void)module, (void)vaddr, (void)frames;
  return 0;
}

static void destroy_nothing(void *self) { (void)self; }

static const struct ss_symbolizer_ops nothing_ops = {
    open_nothing, lookup_nothing, destroy_nothing, NULL};

static const struct synth_event io1[] = {
    {0, 1, SS_IO_WRITE, 0, SS_EVENT_LEAF_IS_CALL, 2, 500, {10, 3, 10},
     {PROG + 0x1105, PROG + 0x1205}},
    {0, 1, SS_IO_READ, 1, SS_EVENT_LEAF_IS_CALL, 1, 700, {-9, 4, 100},
     {PROG + 0x1185}},
    {0, 2, SS_IO_CLOSE, SS_NONE, SS_EVENT_LEAF_IS_CALL | SS_SAMPLE_INCOMPLETE,
     1, 20, {0, 3, 0}, {PROG + 0x1109}},
};
static const struct synth_event io2[] = {
    {0, 1, SS_IO_WRITE, 1, SS_EVENT_LEAF_IS_CALL, 2, 900, {5, 3, 5},
     {PROG + 0x1105, PROG + 0x1205}},
};
static const char *const names1[] = {"/tmp/a.txt", "pipe:[7]"};
static const char *const names2[] = {"pipe:[7]", "/tmp/a.txt"};

static const struct synth_event fpe_events[] = {
    {0, 1, SS_FPE_INVALID | SS_FPE_DIVBYZERO, SS_FPE_TRAPPED, 0, 2, 0, {0},
     {PROG + 0x1300, PROG + 0x1400}},
    {0, 1, SS_FPE_OVERFLOW, SS_FPE_TRAPPED, 0, 2, 0, {0},
     {PROG + 0x1300, PROG + 0x1400}},
    {0, 1, SS_FPE_UNDERFLOW, SS_FPE_RAISED, SS_EVENT_LEAF_IS_CALL, 1, 0, {0},
     {PROG + 0x1405}},
};

#define HEAP_EVENT(thread, kind, value0, value1, size, dur, flags, site)      \
  {thread, 1, kind, 0, SS_EVENT_LEAF_IS_CALL | (flags), 2, dur,               \
   {value0, value1, size}, {PROG + (site), PROG + 0x1600}}
static const struct synth_event heap_events[] = {
    HEAP_EVENT(0, SS_HEAP_MALLOC, 0x1000, 0, 100, 0, 0, 0x1500),
    HEAP_EVENT(0, SS_HEAP_MALLOC, 0x2000, 0, 50, 0, 0, 0x1510),
    HEAP_EVENT(0, SS_HEAP_FREE, 0, 0x1000, 0, 0, 0, 0x1520),
    HEAP_EVENT(0, SS_HEAP_FREE, 0, 0x1000, 0, 0, 0, 0x1530),
    HEAP_EVENT(0, SS_HEAP_FREE, 0, 0x9000, 0, 0, 0, 0x1540),
    HEAP_EVENT(0, SS_HEAP_REALLOC, 0x3000, 0x2000, 200, 10, 0, 0x1550),
    HEAP_EVENT(0, SS_HEAP_FREE, 0, 0x7000, 0, 0, SS_EVENT_HEAP_UNTRACED,
               0x1560),
    HEAP_EVENT(1, SS_HEAP_MALLOC, 0x4000, 0, 10, 0, 0, 0x1570),
    HEAP_EVENT(1, SS_HEAP_FREE, 0, 0x4000, 0, 0, 0, 0x1580),
    HEAP_EVENT(0, SS_HEAP_MALLOC, 0, 0, (int64_t)1 << 40, 0, 0, 0x1590),
};

static uint64_t lost_events; /* the next file's */

static struct ss_expfile *trace_file_flags(uint32_t kind, uint32_t flags,
                                           uint32_t pid,
                                           const struct synth_event *e,
                                           size_t n, const char *const *names,
                                           size_t nn) {
  struct synth_options o;
  synth_default_options(&o);
  o.experiment = kind == SS_TRACE_IO ? "io" : kind == SS_TRACE_HEAP ? "heap"
                                                                    : "fpe";
  o.marching_orders = kind == SS_TRACE_IO     ? "io:cu"
                      : kind == SS_TRACE_HEAP ? "heap:cu"
                                              : "fpe:cu";
  o.trace_flags = flags;
  o.lost = lost_events;
  o.num_threads = kind == SS_TRACE_HEAP ? 2 : 0;
  o.trace_kind = kind;
  o.pid = pid;
  o.extra_calipers = 1;
  o.events = e;
  o.num_events = n;
  o.names = names;
  o.num_names = nn;
  return parse_synth(&o, o.experiment);
}

static struct ss_expfile *trace_file(uint32_t kind, uint32_t pid,
                                     const struct synth_event *e, size_t n,
                                     const char *const *names, size_t nn) {
  return trace_file_flags(kind, 0, pid, e, n, names, nn);
}

static const struct ss_cs_function *function(const struct ss_trace_model *m,
                                             const char *name) {
  for (uint32_t i = 0; i < m->stacks.num_functions; i++)
    if (strcmp(m->stacks.functions[i].name, name) == 0)
      return &m->stacks.functions[i];
  return NULL;
}

static const struct ss_trace_object *object(const struct ss_trace_model *m,
                                            const char *name) {
  for (size_t i = 0; i < m->num_objects; i++)
    if (strcmp(m->objects[i].name, name) == 0)
      return &m->objects[i];
  return NULL;
}

static int build(struct ss_trace_model *m, struct ss_profile *p,
                 struct ss_expfile **files, size_t n,
                 const struct ss_calipers *c) {
  struct ss_err err;
  const char *bad = NULL;
  if (ss_profile_merge(p, files, n, &err, &bad) != 0) {
    fprintf(stderr, "merge: %s\n", err.msg);
    return -1;
  }
  static struct ss_symbolizer nothing = {&nothing_ops, NULL};
  if (ss_trace_model_build(m, p, c, &nothing, &err, &bad) != 0) {
    fprintf(stderr, "model: %s\n", err.msg);
    return -1;
  }
  return 0;
}

static void check_io(void) {
  struct ss_expfile *files[2] = {
      trace_file(SS_TRACE_IO, 4242, io1, 3, names1, 2),
      trace_file(SS_TRACE_IO, 4243, io2, 1, names2, 2)};
  CHECK(files[0] && files[1]);
  if (!files[0] || !files[1])
    return;
  struct ss_profile p;
  struct ss_trace_model m;
  struct ss_calipers all = {0, 0, 0};
  if (build(&m, &p, files, 2, &all) == 0) {
    CHECK_I64(m.events, 4, "io events");
    CHECK_I64(m.incomplete, 1, "incomplete");
    CHECK_I64(m.totals[SS_IO_W_CALLS], 4, "calls");
    CHECK_I64(m.totals[SS_IO_W_BYTES], 15, "bytes (the failed read moves none)");
    CHECK_I64(m.totals[ss_io_w_calls(SS_IO_READ)], 1, "reads");
    CHECK_I64(m.totals[SS_IO_W_NS], 2120, "time");
    CHECK_I64(m.max_ns, 900, "longest call");
    const struct ss_cs_function *w = function(&m, "prog+0x1105");
    CHECK(w != NULL);
    if (w) {
      CHECK_I64(w->excl[ss_io_w_calls(SS_IO_WRITE)], 2, "writes there");
      CHECK_I64(w->excl[ss_io_w_bytes(SS_IO_WRITE)], 15, "their bytes");
      CHECK_I64(w->excl[SS_IO_W_NS], 1400, "their time");
    }
    const struct ss_cs_function *caller = function(&m, "prog+0x1205");
    CHECK(caller != NULL);
    if (caller) {
      CHECK_I64(caller->excl[SS_IO_W_CALLS], 0, "caller's own calls");
      CHECK_I64(caller->incl[SS_IO_W_CALLS], 2, "caller's inclusive calls");
    }
    CHECK_I64(m.num_objects, 3, "files merged by name");
    const struct ss_trace_object *a = object(&m, "/tmp/a.txt");
    CHECK(a != NULL);
    if (a) {
      CHECK_I64(a->w[ss_io_w_calls(SS_IO_WRITE)], 2, "a.txt writes");
      CHECK_I64(a->w[SS_IO_W_BYTES], 15, "a.txt bytes");
      CHECK_I64(a->max_ns, 900, "a.txt longest call");
    }
    CHECK(object(&m, "(unknown)") != NULL);
    CHECK(m.num_objects > 0 && strcmp(m.objects[0].name, "/tmp/a.txt") == 0);
  }
  ss_trace_model_release(&m);
  ss_profile_release(&p);
  /* -calipers 1,2: the events recorded after point 1 only (E3). */
  struct ss_calipers window = {1, 1, 2};
  if (build(&m, &p, files, 1, &window) == 0) {
    CHECK_I64(m.events, 1, "events between points 1 and 2");
    CHECK_I64(m.totals[ss_io_w_calls(SS_IO_CLOSE)], 1, "the close");
  }
  ss_trace_model_release(&m);
  ss_profile_release(&p);
  ss_expfile_free(files[0]);
  ss_expfile_free(files[1]);
}

static void check_fpe(void) {
  struct ss_expfile *f = trace_file(SS_TRACE_FPE, 4242, fpe_events, 3, NULL, 0);
  CHECK(f != NULL);
  if (!f)
    return;
  struct ss_profile p;
  struct ss_trace_model m;
  struct ss_calipers all = {0, 0, 0};
  if (build(&m, &p, &f, 1, &all) == 0) {
    CHECK_I64(m.totals[SS_FPE_W_TOTAL], 3, "FPEs");
    CHECK_I64(m.totals[SS_FPE_W_INVALID], 1, "invalid");
    CHECK_I64(m.totals[SS_FPE_W_DIVBYZERO], 1, "divide by zero");
    CHECK_I64(m.totals[SS_FPE_W_OVERFLOW], 1, "overflow");
    CHECK_I64(m.totals[SS_FPE_W_UNDERFLOW], 1, "underflow");
    CHECK_I64(m.totals[SS_FPE_W_INEXACT], 0, "inexact");
    const struct ss_cs_function *at = function(&m, "prog+0x1300");
    CHECK(at && at->excl[SS_FPE_W_TOTAL] == 2);
    const struct ss_cs_function *caller = function(&m, "prog+0x1400");
    CHECK(caller && caller->incl[SS_FPE_W_TOTAL] == 2 &&
          caller->excl[SS_FPE_W_TOTAL] == 0);
    const struct ss_cs_function *raiser = function(&m, "prog+0x1405");
    CHECK(raiser && raiser->excl[SS_FPE_W_UNDERFLOW] == 1);
    CHECK_I64(m.num_objects, 0, "fpe has no files");
  }
  ss_trace_model_release(&m);
  ss_profile_release(&p);
  ss_expfile_free(f);
}

/* The innermost function of kept stack `id`, "-" for none. */
static const char *innermost(const struct ss_trace_model *m, uint32_t id) {
  if (id == UINT32_MAX)
    return "-";
  const struct ss_cs_stack *s = &m->stacks.stacks[id];
  return m->stacks.functions[m->stacks.stack_frames[s->first_frame].function]
      .name;
}

static void check_heap_file(uint32_t flags, uint64_t lost) {
  lost_events = lost;
  size_t n = sizeof heap_events / sizeof heap_events[0];
  struct ss_expfile *f =
      trace_file_flags(SS_TRACE_HEAP, flags, 4242, heap_events, n, NULL, 0);
  CHECK(f != NULL);
  if (!f)
    return;
  struct ss_profile p;
  struct ss_trace_model m;
  struct ss_calipers all = {0, 0, 0};
  int forked = flags != 0 || lost != 0; /* H4 is no error either way */
  if (build(&m, &p, &f, 1, &all) == 0) {
    const uint64_t *t = m.totals;
    const struct ss_heap_result *h = m.heap;
    CHECK_I64(t[SS_HEAP_W_ALLOCS], 5, "allocations");
    CHECK_I64(t[SS_HEAP_W_BYTES], 360, "bytes allocated");
    CHECK_I64(t[SS_HEAP_W_FREES], 6, "releases");
    CHECK_I64(t[SS_HEAP_W_FREED_BYTES], 160, "bytes released");
    CHECK_I64(t[SS_HEAP_W_NS], 10, "time in allocations");
    CHECK_I64(t[SS_HEAP_W_LEAKED_BLOCKS], 1, "leaked blocks");
    CHECK_I64(t[SS_HEAP_W_LEAKED_BYTES], 200, "leaked bytes");
    CHECK_I64(t[SS_HEAP_W_PEAK_BLOCKS], 2, "blocks at the peak");
    CHECK_I64(t[SS_HEAP_W_PEAK_BYTES], 210, "their bytes");
    CHECK_I64(t[SS_HEAP_W_SHORT], 1, "short-lived");
    CHECK_I64(t[SS_HEAP_W_ERRORS], forked ? 1 : 2, "erroneous releases");
    CHECK_I64(h->peak_bytes, 210, "peak");
    CHECK_I64(h->peak_blocks, 2, "peak blocks");
    CHECK_I64(h->live_bytes_at_exit, 200, "live at exit");
    CHECK_I64(h->failed, 1, "failed");
    CHECK_I64(h->untraced, 1, "untraced releases");
    CHECK_I64(h->inherited, flags ? 1 : 0, "a parent's blocks");
    CHECK_I64(h->unseen, lost ? 1 : 0, "a block not seen allocated");
    CHECK_I64(h->num_errors, forked ? 1 : 2, "errors");
    if (h->num_errors >= 1) {
      const struct ss_heap_error *e = &h->errors[0];
      CHECK_I64(e->type, SS_HEAP_DOUBLE_FREE, "double free");
      CHECK_I64(e->address, 0x1000, "its address");
      CHECK_I64(e->size, 100, "its block's size");
      CHECK(strcmp(innermost(&m, e->stack), "prog+0x1530") == 0);
      CHECK(strcmp(innermost(&m, e->alloc_stack), "prog+0x1500") == 0);
      CHECK(strcmp(innermost(&m, e->first_release_stack), "prog+0x1520") ==
            0);
    }
    if (!forked && h->num_errors == 2) {
      const struct ss_heap_error *e = &h->errors[1];
      CHECK_I64(e->type, SS_HEAP_UNKNOWN_BLOCK, "never allocated");
      CHECK(strcmp(innermost(&m, e->stack), "prog+0x1540") == 0);
      CHECK(e->alloc_stack == UINT32_MAX && e->first_release_stack == UINT32_MAX);
    }
    const struct ss_cs_function *leak = function(&m, "prog+0x1550");
    CHECK(leak && leak->excl[SS_HEAP_W_LEAKED_BYTES] == 200 &&
          leak->excl[SS_HEAP_W_FREES] == 1);
    const struct ss_cs_function *site = function(&m, "prog+0x1600");
    CHECK(site && site->incl[SS_HEAP_W_ALLOCS] == 5 &&
          site->excl[SS_HEAP_W_ALLOCS] == 0);
  }
  ss_trace_model_release(&m);
  ss_profile_release(&p);
  ss_expfile_free(f);
  lost_events = 0;
}

int main(void) {
  check_io();
  check_fpe();
  check_heap_file(0, 0);
  check_heap_file(SS_TRACE_HEAP_FORKED, 0);
  check_heap_file(0, 3);
  return check_finish("prof-traces-test");
}
