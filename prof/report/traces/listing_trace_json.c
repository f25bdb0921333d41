/*
 * listing_trace_json.c -- -json for trace experiments (fpe, io): the events
 * summed per function (exclusive and inclusive), per source line, per
 * caller -> callee call site and, for io, per file, with the trace's
 * summary.  The schema is in docs/ssprof-json.md; keep the two in step.
 */
#include "trace_listing.h"

#include "listing_json_parts.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void file_window(struct ss_json *j, size_t i, void *ctx) {
  const struct ss_trace_model *m = ctx;
  ss_json_caliper_window(j, m->calipers_given, &m->windows[i]);
}

/* "fpe": {"total", "invalid", ...} of a weight vector. */
static void write_fpe(struct ss_json *j, const char *key, const uint64_t *w) {
  ss_json_begin_object(j, key);
  for (int i = 0; i < SS_FPE_W_COUNT; i++)
    ss_json_uint(j, ss_trace_desc_of(SS_TRACE_FPE)->weight_names[i], w[i]);
  ss_json_end_object(j);
}

/* "io": {"calls": {"<call>": n}, "bytes": {"<call>": n}, "seconds": x}
 * of a weight vector: the calls made, the bytes of those that move bytes. */
static void write_io(struct ss_json *j, const char *key, const uint64_t *w) {
  ss_json_begin_object(j, key);
  ss_json_begin_object(j, "calls");
  for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
    if (w[ss_io_w_calls(c)])
      ss_json_uint(j, ss_io_call_name(c), w[ss_io_w_calls(c)]);
  ss_json_end_object(j);
  ss_json_begin_object(j, "bytes");
  for (uint32_t c = 1; c <= SS_IO_CALL_LAST; c++)
    if (w[ss_io_w_calls(c)] && ss_io_call_moves_bytes(c))
      ss_json_uint(j, ss_io_call_name(c), w[ss_io_w_bytes(c)]);
  ss_json_end_object(j);
  ss_json_seconds(j, "seconds", w[SS_IO_W_NS]);
  ss_json_end_object(j);
}

/* "heap": {"mallocs", "frees", "bytes", ...} of a weight vector: the
 * allocation calls, the releases, the bytes allocated, then the rest. */
static void write_heap(struct ss_json *j, const char *key, const uint64_t *w) {
  ss_json_begin_object(j, key);
  ss_json_uint(j, "mallocs", w[SS_HEAP_W_ALLOCS]);
  ss_json_uint(j, "frees", w[SS_HEAP_W_FREES]);
  ss_json_uint(j, "bytes", w[SS_HEAP_W_BYTES]);
  ss_json_uint(j, "freed_bytes", w[SS_HEAP_W_FREED_BYTES]);
  ss_json_uint(j, "leaked_blocks", w[SS_HEAP_W_LEAKED_BLOCKS]);
  ss_json_uint(j, "leaked_bytes", w[SS_HEAP_W_LEAKED_BYTES]);
  ss_json_uint(j, "peak_blocks", w[SS_HEAP_W_PEAK_BLOCKS]);
  ss_json_uint(j, "peak_bytes", w[SS_HEAP_W_PEAK_BYTES]);
  ss_json_uint(j, "large", w[SS_HEAP_W_LARGE]);
  ss_json_uint(j, "short_lived", w[SS_HEAP_W_SHORT]);
  ss_json_uint(j, "errors", w[SS_HEAP_W_ERRORS]);
  ss_json_seconds(j, "seconds", w[SS_HEAP_W_NS]);
  ss_json_begin_object(j, "calls");
  for (uint32_t c = 1; c <= SS_HEAP_CALL_LAST; c++)
    if (w[SS_HEAP_W_PER_CALL + c - 1])
      ss_json_uint(j, ss_heap_call_name(c), w[SS_HEAP_W_PER_CALL + c - 1]);
  ss_json_end_object(j);
  ss_json_end_object(j);
}

/* "mpi": {"calls": {"<routine>": n}, "bytes": {...}, "seconds": x}. */
static void write_mpi(struct ss_json *j, const char *key, const uint64_t *w) {
  ss_json_begin_object(j, key);
  ss_json_begin_object(j, "calls");
  for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++)
    if (w[ss_mpi_w_calls(c)])
      ss_json_uint(j, ss_mpi_call_name(c), w[ss_mpi_w_calls(c)]);
  ss_json_end_object(j);
  ss_json_begin_object(j, "bytes");
  for (uint32_t c = 1; c <= SS_MPI_CALL_LAST; c++)
    if (w[ss_mpi_w_calls(c)])
      ss_json_uint(j, ss_mpi_call_name(c), w[ss_mpi_w_bytes(c)]);
  ss_json_end_object(j);
  ss_json_seconds(j, "seconds", w[SS_MPI_W_NS]);
  ss_json_end_object(j);
}

static void write_weights(struct ss_json *j, const struct ss_trace_model *m,
                          const char *fpe_key, const char *io_key,
                          const uint64_t *w) {
  if (ss_trace_is_heap(m)) {
    /* "io" -> "heap", "inclusive_io" -> "inclusive_heap" */
    write_heap(j, strcmp(io_key, "io") == 0 ? "heap" : "inclusive_heap", w);
    return;
  }
  if (ss_trace_is_mpi(m))
    write_mpi(j, fpe_key[0] == 'i' ? "inclusive_mpi" : "mpi", w);
  else if (ss_trace_is_io(m))
    write_io(j, io_key, w);
  else
    write_fpe(j, fpe_key, w);
}

static void write_trace(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_object(j, "trace");
  ss_json_string(j, "kind", ss_trace_is_heap(m)  ? "heap"
                           : ss_trace_is_mpi(m) ? "mpi"
                           : ss_trace_is_io(m)  ? "io"
                                                : "fpe");
  ss_json_string(j, "how", m->how);
  if (ss_trace_is_heap(m))
    ss_json_bool(j, "forked_child",
                 (m->flags & SS_TRACE_HEAP_FORKED) != 0);
  else if (ss_trace_is_io(m))
    ss_json_bool(j, "stdio_traced", (m->flags & SS_TRACE_IO_STDIO) != 0);
  else if (!ss_trace_is_mpi(m))
    ss_json_bool(j, "inexact_traced", (m->flags & SS_TRACE_FPE_INEXACT) != 0);
  ss_json_uint(j, "events", m->events);
  ss_json_uint(j, "incomplete", m->incomplete);
  ss_json_uint(j, "recorded", m->recorded);
  ss_json_uint(j, "lost", m->lost);
  ss_json_uint(j, "threads", m->threads);
  write_weights(j, m, "fpe", "io", m->totals);
  if (ss_trace_is_io(m) || ss_trace_is_mpi(m))
    ss_json_seconds(j, "max_seconds", m->max_ns);
  ss_json_end_object(j);
}

static void write_functions(struct ss_json *j, const struct ss_trace_model *m) {
  const struct ss_callstacks *cs = &m->stacks;
  ss_json_begin_array(j, "functions");
  for (uint32_t r = 0; r < cs->num_functions; r++) {
    const struct ss_cs_function *f = &cs->functions[cs->by_rank[r]];
    ss_json_begin_object(j, NULL);
    ss_json_function_place(j, f->rank, f->name, f->dso, f->path, f->file,
                           f->line, f->by_address);
    ss_json_uint(j, "exclusive", f->excl[0]);
    ss_json_uint(j, "inclusive", f->incl[0]);
    write_weights(j, m, "fpe", "io", f->excl);
    write_weights(j, m, "inclusive_fpe", "inclusive_io", f->incl);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_lines(struct ss_json *j, const struct ss_trace_model *m) {
  const struct ss_callstacks *cs = &m->stacks;
  ss_json_begin_array(j, "lines");
  for (size_t i = 0; i < cs->num_lines; i++) {
    const struct ss_cs_line *l = &cs->lines[i];
    const struct ss_cs_function *f = &cs->functions[l->function];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_uint(j, "function_index", f->rank);
    ss_json_string(j, "file", l->file);
    ss_json_uint(j, "line", l->line);
    ss_json_uint(j, "events", l->w[0]);
    write_weights(j, m, "fpe", "io", l->w);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_callgraph(struct ss_json *j, const struct ss_trace_model *m) {
  const struct ss_callstacks *cs = &m->stacks;
  ss_json_begin_array(j, "callgraph");
  for (size_t i = 0; i < cs->num_edges; i++) {
    const struct ss_cs_edge *e = &cs->edges[i];
    ss_json_begin_object(j, NULL);
    ss_json_call_site(j, cs->functions[e->caller].name,
                      cs->functions[e->caller].rank,
                      cs->functions[e->callee].name,
                      cs->functions[e->callee].rank, e->callsite, e->inlined,
                      e->file, e->line);
    ss_json_uint(j, "events", e->w[0]);
    write_weights(j, m, "fpe", "io", e->w);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static const char *how_name(uint32_t how) {
  switch (how) {
  case SS_NAME_OPENED:
    return "opened";
  case SS_NAME_PIPE:
    return "pipe";
  case SS_NAME_INHERITED:
    return "inherited";
  default:
    return "unknown";
  }
}

static void write_files(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_array(j, "io_files");
  for (size_t i = 0; i < m->num_objects; i++) {
    const struct ss_trace_object *o = &m->objects[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "name", o->name);
    ss_json_string(j, "how", how_name(o->how));
    write_io(j, "io", o->w);
    ss_json_seconds(j, "max_seconds", o->max_ns);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

/* A kept stack: [{"function", "file", "line"}, ...], innermost first;
 * null when the event was outside the caliper window. */
static void write_stack(struct ss_json *j, const char *key,
                        const struct ss_callstacks *cs, uint32_t id) {
  if (id == UINT32_MAX) {
    ss_json_null(j, key);
    return;
  }
  const struct ss_cs_stack *s = &cs->stacks[id];
  ss_json_begin_array(j, key);
  for (uint32_t i = 0; i < s->depth; i++) {
    const struct ss_cs_frame *fr = &cs->stack_frames[s->first_frame + i];
    const struct ss_cs_function *f = &cs->functions[fr->function];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_string(j, "file", f->file);
    ss_json_uint(j, "line", fr->line);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

/* The stacks that held blocks (weights `blocks` and `bytes`), most bytes
 * first: the function, file and line of the innermost frame (the code
 * that called the allocator), the blocks, the bytes, the stack. */
static void write_held(struct ss_json *j, const char *key,
                       const struct ss_trace_model *m, uint32_t blocks,
                       uint32_t bytes) {
  const struct ss_callstacks *cs = &m->stacks;
  size_t n;
  uint32_t *order = ss_heap_stacks_by(m, bytes, &n);
  ss_json_begin_array(j, key);
  for (size_t i = 0; i < n; i++) {
    const struct ss_cs_stack *s = &cs->stacks[order[i]];
    const struct ss_cs_frame *fr = &cs->stack_frames[s->first_frame];
    const struct ss_cs_function *f = &cs->functions[fr->function];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_string(j, "file", f->file);
    ss_json_uint(j, "line", fr->line);
    ss_json_uint(j, "blocks", s->w[blocks]);
    ss_json_uint(j, "bytes", s->w[bytes]);
    write_stack(j, "stack", cs, order[i]);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  free(order);
}

/* "heap": the peak, the bytes live at exit, the leaks by allocating
 * stack (its innermost frame's function, file and line), the errors. */
static void write_heap_result(struct ss_json *j,
                              const struct ss_trace_model *m) {
  const struct ss_heap_result *h = m->heap;
  const struct ss_callstacks *cs = &m->stacks;
  ss_json_begin_object(j, "heap");
  ss_json_uint(j, "peak_bytes", h->peak_bytes);
  ss_json_uint(j, "peak_blocks", h->peak_blocks);
  ss_json_uint(j, "live_bytes_at_exit", h->live_bytes_at_exit);
  ss_json_uint(j, "live_blocks_at_exit", h->live_blocks_at_exit);
  ss_json_uint(j, "failed", h->failed);
  ss_json_uint(j, "untraced_releases", h->untraced);
  ss_json_uint(j, "inherited_releases", h->inherited);
  ss_json_uint(j, "unseen_releases", h->unseen);
  write_held(j, "leaks", m, SS_HEAP_W_LEAKED_BLOCKS, SS_HEAP_W_LEAKED_BYTES);
  write_held(j, "peak_stacks", m, SS_HEAP_W_PEAK_BLOCKS, SS_HEAP_W_PEAK_BYTES);
  ss_json_begin_array(j, "errors");
  for (size_t i = 0; i < h->num_errors; i++) {
    const struct ss_heap_error *e = &h->errors[i];
    char address[32];
    snprintf(address, sizeof address, "0x%" PRIx64, e->address);
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "type", e->type == SS_HEAP_DOUBLE_FREE
                                  ? "double_free" : "unknown_block");
    ss_json_string(j, "call", ss_heap_call_name(e->call));
    ss_json_string(j, "address", address);
    ss_json_uint(j, "bytes", e->size);
    write_stack(j, "stack", cs, e->stack);
    write_stack(j, "allocated_at", cs, e->alloc_stack);
    write_stack(j, "first_released_at", cs, e->first_release_stack);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  ss_json_end_object(j);
}

void ss_list_trace_json(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_profile *p = l->profile;
  struct ss_json j;
  ss_json_init(&j, l->out);
  ss_json_begin_document(&j, p, file_window, (void *)m);
  write_trace(&j, m);
  if (m->heap)
    write_heap_result(&j, m);
  write_functions(&j, m);
  write_lines(&j, m);
  write_callgraph(&j, m);
  if (ss_trace_is_io(m))
    write_files(&j, m);
  if (ss_trace_is_mpi(m))
    ss_json_write_mpi(&j, m);
  ss_json_end_document(&j, p, m->warnings, m->num_warnings);
}
