/*
 * trace_model.c -- the events of a merged trace experiment, selected,
 * weighed and summed (the rules are in traces.h).
 */
#include "traces.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

static int check_files(struct ss_trace_model *m, const struct ss_profile *p,
                       const struct ss_calipers *calipers, struct ss_err *err,
                       const char **bad_file) {
  const struct ss_expfile *first = p->files[0];
  m->calipers_given = calipers->given;
  m->windows = ss_xcalloc(p->num_files, sizeof *m->windows);
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    *bad_file = f->name;
    if (!f->has_trace) {
      ss_err_set(err, "the file has no TRACE record: it is not a trace "
                 "experiment like %s", first->name);
      return -1;
    }
    if (f->trace.kind != first->trace.kind) {
      ss_err_set(err, "trace kind %u differs from %u in %s; merge only files "
                 "of one experiment", f->trace.kind, first->trace.kind,
                 first->name);
      return -1;
    }
    if (ss_caliper_window(calipers, f, &m->windows[i], err) != 0)
      return -1;
    m->flags |= f->trace.flags;
    m->recorded += f->trace.events;
    m->lost += f->trace.lost;
    m->threads += f->trace.num_threads;
  }
  m->kind = ss_trace_desc_of(first->trace.kind);
  if (!m->kind) { /* ldlatency: a model of its own (ldlatency.h) */
    *bad_file = first->name;
    ss_err_set(err, "trace kind %u is not one the trace listings read",
               first->trace.kind);
    return -1;
  }
  m->how = first->trace.how;
  *bad_file = NULL;
  return 0;
}

/* Objects, by name over every file: index by name while building. */
struct objects {
  struct ss_hash keys;
  size_t cap;
  uint32_t **of_file; /* [file][name index] -> object */
};

static uint32_t object_id(struct ss_trace_model *m, struct objects *o,
                          const struct ss_expfile *f, uint32_t file,
                          uint32_t name) {
  if (name != SS_NONE && o->of_file[file][name] != UINT32_MAX)
    return o->of_file[file][name];
  const char *text = name == SS_NONE ? "(unknown)" : f->names[name].name;
  int inserted;
  uint32_t id = ss_hash_intern(&o->keys, text, strlen(text) + 1, &inserted);
  if (inserted) {
    SS_GROW(m->objects, o->cap, id);
    struct ss_trace_object *obj = &m->objects[id];
    memset(obj, 0, sizeof *obj);
    obj->name = text;
    obj->how = name == SS_NONE ? 0 : f->names[name].how;
    obj->w = ss_xcalloc(m->kind->num_weights, sizeof *obj->w);
    m->num_objects = id + 1;
  }
  if (name != SS_NONE)
    o->of_file[file][name] = id;
  return id;
}

/* The row of rank `rank`, made on first use (rows are sorted at the
 * end). */
static struct ss_trace_rank *rank_row(struct ss_trace_model *m, size_t *cap,
                                      const struct ss_expfile *f) {
  int32_t rank = f->has_rank ? f->rank.rank : -1;
  for (size_t i = 0; i < m->num_ranks; i++)
    if (m->ranks[i].rank == rank)
      return &m->ranks[i];
  SS_GROW(m->ranks, *cap, m->num_ranks);
  struct ss_trace_rank *r = &m->ranks[m->num_ranks++];
  memset(r, 0, sizeof *r);
  r->rank = rank;
  r->host = f->process.host;
  r->w = ss_xcalloc(m->kind->num_weights, sizeof *r->w);
  return r;
}

static void add_pair(struct ss_trace_model *m, size_t *cap, int32_t from,
                     int32_t to, uint64_t bytes) {
  for (size_t i = 0; i < m->num_pairs; i++)
    if (m->pairs[i].from == from && m->pairs[i].to == to) {
      m->pairs[i].messages++;
      m->pairs[i].bytes += bytes;
      return;
    }
  SS_GROW(m->pairs, *cap, m->num_pairs);
  m->pairs[m->num_pairs++] = (struct ss_mpi_pair){from, to, 1, bytes};
}

/* mpi: one file's span between MPI_Init and MPI_Finalize and its time in
 * MPI within it (traces.h). */
struct mpi_span {
  uint64_t first, last;     /* earliest start, latest end of any call */
  uint64_t init_end;        /* 0: no MPI_Init */
  uint64_t finalize_start;  /* 0: no MPI_Finalize */
  uint64_t in_mpi;
};

static void span_add(struct mpi_span *s, const struct ss_event_view *e) {
  uint64_t end = e->time_ns + e->duration_ns;
  if (!s->last || e->time_ns < s->first)
    s->first = e->time_ns;
  if (end > s->last)
    s->last = end;
  if (e->kind == SS_MPI_INIT || e->kind == SS_MPI_INIT_THREAD)
    s->init_end = end;
  else if (e->kind == SS_MPI_FINALIZE)
    s->finalize_start = e->time_ns;
  else
    s->in_mpi += e->duration_ns;
}

static void span_close(const struct mpi_span *s, struct ss_trace_rank *r) {
  uint64_t from = s->init_end ? s->init_end : s->first;
  uint64_t to = s->finalize_start ? s->finalize_start : s->last;
  r->span_ns += to > from ? to - from : 0;
  r->in_mpi_ns += s->in_mpi;
}

static int rank_order(const void *x, const void *y) {
  const struct ss_trace_rank *a = x, *b = y;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int pair_order(const void *x, const void *y) {
  const struct ss_mpi_pair *a = x, *b = y;
  if (a->from != b->from)
    return a->from < b->from ? -1 : 1;
  return a->to < b->to ? -1 : a->to > b->to;
}

/* heap: `added` gets each event's place among those added (its stack in
 * the SS_CS_STACKS sequence), UINT32_MAX for those the window left out. */
static void add_events(struct ss_trace_model *m, struct ss_cs_builder *b,
                       struct objects *o, uint32_t *added) {
  size_t rank_cap = 0, pair_cap = 0;
  int mpi = m->kind->kind == SS_TRACE_MPI;
  const struct ss_profile *p = m->profile;
  uint32_t nw = m->kind->num_weights;
  uint64_t *w = ss_xcalloc(nw, sizeof *w);
  int with_objects = m->kind->kind == SS_TRACE_IO;
  uint64_t ordinal = 0;
  for (uint32_t fi = 0; fi < p->num_files; fi++) {
    const struct ss_expfile *f = p->files[fi];
    const struct ss_caliper_window *win = &m->windows[fi];
    struct ss_trace_rank *row = rank_row(m, &rank_cap, f);
    row->files++;
    struct mpi_span span;
    memset(&span, 0, sizeof span);
    for (size_t bi = 0; bi < f->num_event_blocks; bi++) {
      const struct ss_event_block *blk = &f->event_blocks[bi];
      const uint8_t *cur = blk->data;
      ss_callstacks_begin_group(b, fi, blk->thread_index);
      for (uint64_t k = 0; k < blk->num_events; k++, ordinal++) {
        struct ss_event_view e;
        ss_event_next(&cur, &e);
        if (added)
          added[ordinal] = UINT32_MAX;
        if (!ss_caliper_selects(win, e.caliper))
          continue;
        m->kind->weigh(&e, w);
        if (m->heap) {
          ss_heap_weigh(m->heap, ordinal, w);
          added[ordinal] = (uint32_t)m->events;
        }
        ss_callstacks_add(b, fi, e.addrs, e.depth,
                          (e.flags & SS_EVENT_LEAF_IS_CALL) != 0, w);
        m->events++;
        for (uint32_t i = 0; i < nw; i++)
          m->totals[i] += w[i];
        if (e.duration_ns > m->max_ns)
          m->max_ns = e.duration_ns;
        for (uint32_t i = 0; i < nw; i++)
          row->w[i] += w[i];
        if (e.duration_ns > row->max_ns)
          row->max_ns = e.duration_ns;
        if (mpi) {
          span_add(&span, &e);
          if (ss_mpi_call_sends(e.kind) && e.value[0] >= 0 && f->has_rank)
            add_pair(m, &pair_cap, f->rank.rank, (int32_t)e.value[0],
                     e.value[1] > 0 ? (uint64_t)e.value[1] : 0);
        }
        if (e.flags & (SS_SAMPLE_INCOMPLETE | SS_SAMPLE_TRUNCATED))
          m->incomplete++;
        if (with_objects) {
          uint32_t id = object_id(m, o, f, fi, e.object);
          struct ss_trace_object *obj = &m->objects[id];
          for (uint32_t i = 0; i < nw; i++)
            obj->w[i] += w[i];
          if (e.duration_ns > obj->max_ns)
            obj->max_ns = e.duration_ns;
        }
      }
    }
    if (mpi)
      span_close(&span, row);
  }
  free(w);
  m->mpi_job = p->num_files > 0 && p->files[0]->has_rank;
  ss_sort(m->ranks, m->num_ranks, sizeof *m->ranks, rank_order);
  ss_sort(m->pairs, m->num_pairs, sizeof *m->pairs, pair_order);
}

static int object_order(const void *x, const void *y) {
  const struct ss_trace_object *a = x, *b = y;
  if (a->w[0] != b->w[0])
    return a->w[0] > b->w[0] ? -1 : 1;
  return strcmp(a->name, b->name);
}

int ss_trace_model_build(struct ss_trace_model *m, const struct ss_profile *p,
                         const struct ss_calipers *calipers,
                         struct ss_symbolizer *symbolizer, struct ss_err *err,
                         const char **bad_file) {
  memset(m, 0, sizeof *m);
  m->profile = p;
  if (check_files(m, p, calipers, err, bad_file) != 0) {
    ss_trace_model_release(m);
    return -1;
  }
  m->totals = ss_xcalloc(m->kind->num_weights, sizeof *m->totals);
  struct objects o;
  memset(&o, 0, sizeof o);
  ss_hash_init(&o.keys);
  o.of_file = ss_xcalloc(p->num_files, sizeof *o.of_file);
  for (size_t i = 0; i < p->num_files; i++) {
    uint32_t n = p->files[i]->num_names;
    o.of_file[i] = ss_xcalloc(n ? n : 1, sizeof **o.of_file);
    for (uint32_t k = 0; k < n; k++)
      o.of_file[i][k] = UINT32_MAX;
  }
  /* heap: the replay first (leaks, peak, errors), and whole stacks kept
   * (its listing is by call stack). */
  uint32_t *added = NULL;
  if (m->kind->kind == SS_TRACE_HEAP) {
    m->heap = ss_heap_replay(p);
    added = ss_xcalloc(m->heap->num_events ? m->heap->num_events : 1,
                       sizeof *added);
  }
  struct ss_cs_builder *b = ss_callstacks_begin(
      p, symbolizer, m->kind->num_weights, m->heap ? SS_CS_STACKS : 0,
      "events");
  add_events(m, b, &o, added);
  ss_callstacks_finish(b, &m->stacks, 0);
  if (m->heap) {
    /* Each event's stack: its place in the sequence. */
    for (uint64_t i = 0; i < m->heap->num_events; i++)
      if (added[i] != UINT32_MAX)
        added[i] = m->stacks.sequence[added[i]];
    ss_heap_resolve_errors(m->heap, added);
    free(added);
  }
  m->warnings = m->stacks.warnings;
  m->num_warnings = m->stacks.num_warnings;
  ss_sort(m->objects, m->num_objects, sizeof *m->objects, object_order);
  for (size_t i = 0; i < p->num_files; i++)
    free(o.of_file[i]);
  free(o.of_file);
  ss_hash_release(&o.keys);
  return 0;
}

void ss_trace_model_release(struct ss_trace_model *m) {
  ss_heap_result_free(m->heap);
  for (size_t i = 0; i < m->num_objects; i++)
    free(m->objects[i].w);
  free(m->objects);
  for (size_t i = 0; i < m->num_ranks; i++)
    free(m->ranks[i].w);
  free(m->ranks);
  free(m->pairs);
  free(m->totals);
  free(m->windows);
  ss_callstacks_release(&m->stacks);
  memset(m, 0, sizeof *m);
}
