/*
 * listing_trace_json.c -- -json for trace experiments (fpe, io): the events
 * summed per function (exclusive and inclusive), per source line, per
 * caller -> callee call site and, for io, per file, with the trace's
 * summary.  The schema is in docs/ssprof-json.md; keep the two in step.
 */
#include "trace_listing.h"

#include "listing_json_parts.h"

#include <inttypes.h>

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
  if (ss_trace_is_mpi(m))
    write_mpi(j, fpe_key[0] == 'i' ? "inclusive_mpi" : "mpi", w);
  else if (ss_trace_is_io(m))
    write_io(j, io_key, w);
  else
    write_fpe(j, fpe_key, w);
}

static void write_trace(struct ss_json *j, const struct ss_trace_model *m) {
  ss_json_begin_object(j, "trace");
  ss_json_string(j, "kind", ss_trace_is_mpi(m)  ? "mpi"
                           : ss_trace_is_io(m) ? "io"
                                               : "fpe");
  ss_json_string(j, "how", m->how);
  if (ss_trace_is_io(m))
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

void ss_list_trace_json(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_profile *p = l->profile;
  struct ss_json j;
  ss_json_init(&j, l->out);
  ss_json_begin_document(&j, p, file_window, (void *)m);
  write_trace(&j, m);
  write_functions(&j, m);
  write_lines(&j, m);
  write_callgraph(&j, m);
  if (ss_trace_is_io(m))
    write_files(&j, m);
  if (ss_trace_is_mpi(m))
    ss_json_write_mpi(&j, m);
  ss_json_end_document(&j, p, m->warnings, m->num_warnings);
}
