/*
 * listing_heap.c -- what the heap trace's listing adds to the other
 * traces': its summary (calls, bytes, releases, the peak, the bytes live
 * at exit, the errors), its calls by kind, its call stacks by bytes
 * allocated, the stacks that held memory at the peak, the leaks (-leaks:
 * alone) and the erroneous releases with their stacks.  A stack is
 * printed innermost first, one frame a line, "function (file, line)" as
 * the seeds' butterfly names them.
 */
#include "trace_listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

static void print_stack(FILE *out, const struct ss_callstacks *cs,
                        uint32_t id) {
  if (id == UINT32_MAX) {
    fprintf(out, "%12s(outside the caliper window)\n", "");
    return;
  }
  const struct ss_cs_stack *s = &cs->stacks[id];
  for (uint32_t i = 0; i < s->depth; i++) {
    const struct ss_cs_frame *fr = &cs->stack_frames[s->first_frame + i];
    const struct ss_cs_function *f = &cs->functions[fr->function];
    fprintf(out, "%12s%s (", "", f->name);
    ss_print_dso_place(out, f->dso, f->file, fr->line);
    fputs(")\n", out);
  }
}

void ss_list_heap_summary(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_heap_result *h = m->heap;
  const uint64_t *t = m->totals;
  FILE *out = l->out;
  ss_print_rule(out);
  fprintf(out, "Summary of heap callstack tracing data (%s)--\n",
          l->profile->experiment);
  fprintf(out, "%16" PRIu64 ": Total allocator calls\n", m->events);
  fprintf(out, "%16" PRIu64 ": Calls with incomplete traceback\n",
          m->incomplete);
  fprintf(out, "%16" PRIu64 ": Allocations\n", t[SS_HEAP_W_ALLOCS]);
  fprintf(out, "%16" PRIu64 ": Bytes allocated\n", t[SS_HEAP_W_BYTES]);
  fprintf(out, "%16" PRIu64 ": Releases (free, delete, realloc)\n",
          t[SS_HEAP_W_FREES]);
  fprintf(out, "%16" PRIu64 ": Bytes released\n", t[SS_HEAP_W_FREED_BYTES]);
  fprintf(out, "%16" PRIu64 ": Peak of live bytes (%" PRIu64 " blocks)\n",
          h->peak_bytes, h->peak_blocks);
  fprintf(out, "%16" PRIu64 ": Bytes live at exit, in %" PRIu64
          " blocks (ssprof -leaks lists them)\n",
          h->live_bytes_at_exit, h->live_blocks_at_exit);
  fprintf(out, "%16" PRIu64 ": Large allocations (%" PRIu64 " KiB or more)\n",
          t[SS_HEAP_W_LARGE], SS_HEAP_LARGE >> 10);
  fprintf(out, "%16" PRIu64 ": Short-lived allocations (released before the "
          "thread's next one)\n", t[SS_HEAP_W_SHORT]);
  fprintf(out, "%16.6f: Time in allocator calls (secs.)\n",
          ss_secs(t[SS_HEAP_W_NS]));
  fprintf(out, "%16zu: Errors (double free, release of a block never "
          "allocated)\n", h->num_errors);
  if (h->failed)
    fprintf(out, "%16" PRIu64 ": Allocations that returned no block\n",
            h->failed);
  if (h->untraced)
    fprintf(out, "%16" PRIu64 ": Releases of blocks allocated before the "
            "trace started\n", h->untraced);
  if (h->inherited)
    fprintf(out, "%16" PRIu64 ": Releases of blocks the parent process "
            "allocated (forked child)\n", h->inherited);
  if (h->unseen)
    fprintf(out, "%16" PRIu64 ": Releases of blocks not seen allocated "
            "(events were lost)\n", h->unseen);
  if (h->missed)
    fprintf(out, "%16" PRIu64 ": Blocks whose release was not seen\n",
            h->missed);
  if (m->flags & SS_TRACE_HEAP_OWN_MALLOC)
    fprintf(out, "%16s: The executable defines malloc itself: its calls "
            "were not traced\n", "-");
}

/* The calls by kind, in descending order by calls. */
void ss_list_heap_calls(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const uint64_t *t = m->totals;
  FILE *out = l->out;
  ss_print_title(out, "Allocator calls by kind, in descending order by calls");
  fprintf(out, "%12s %7s  %s\n", "calls", "%", "call");
  int printed[SS_HEAP_CALL_LAST + 1] = {0};
  for (;;) {
    uint32_t best = 0;
    for (uint32_t c = 1; c <= SS_HEAP_CALL_LAST; c++) {
      uint64_t n = t[SS_HEAP_W_PER_CALL + c - 1];
      if (!printed[c] && n &&
          (!best || n > t[SS_HEAP_W_PER_CALL + best - 1]))
        best = c;
    }
    if (!best)
      break;
    printed[best] = 1;
    uint64_t n = t[SS_HEAP_W_PER_CALL + best - 1];
    fprintf(out, "%12" PRIu64 " %6.1f%%  %s\n", n,
            ss_percent((int64_t)n, (int64_t)m->events),
            ss_heap_call_name(best));
  }
}

/* -- stacks ranked by one weight ---------------------------------------------- */

static const struct ss_callstacks *sort_stacks;
static uint32_t sort_weight;

static int by_weight(const void *x, const void *y) {
  const struct ss_cs_stack *a = &sort_stacks->stacks[*(const uint32_t *)x];
  const struct ss_cs_stack *b = &sort_stacks->stacks[*(const uint32_t *)y];
  if (a->w[sort_weight] != b->w[sort_weight])
    return a->w[sort_weight] > b->w[sort_weight] ? -1 : 1;
  return *(const uint32_t *)x < *(const uint32_t *)y ? -1 : 1;
}

/* The stacks with some weight `wi`, in descending order of it. */
uint32_t *ss_heap_stacks_by(const struct ss_trace_model *m, uint32_t wi,
                            size_t *n) {
  const struct ss_callstacks *cs = &m->stacks;
  uint32_t *order = ss_xcalloc(cs->num_stacks ? cs->num_stacks : 1,
                               sizeof *order);
  *n = 0;
  for (size_t i = 0; i < cs->num_stacks; i++)
    if (cs->stacks[i].w[wi])
      order[(*n)++] = (uint32_t)i;
  sort_stacks = cs;
  sort_weight = wi;
  ss_sort(order, *n, sizeof *order, by_weight);
  sort_stacks = NULL;
  return order;
}

/* One list of stacks: a title, each stack's figures then its frames. */
static void list_stacks(const struct ss_listing *l, const char *title,
                        uint32_t wi, uint64_t whole) {
  const struct ss_trace_model *m = l->traces;
  FILE *out = l->out;
  size_t n;
  uint32_t *order = ss_heap_stacks_by(m, wi, &n);
  ss_print_title(out, title);
  if (!n)
    fprintf(out, "%12s(none)\n", "");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const uint64_t *w = m->stacks.stacks[order[i]].w;
    double pct = ss_percent((int64_t)w[wi], (int64_t)whole);
    fprintf(out, "[%zu] %" PRIu64 " allocations, %" PRIu64 " bytes, %" PRIu64
            " releases", i + 1, w[SS_HEAP_W_ALLOCS], w[SS_HEAP_W_BYTES],
            w[SS_HEAP_W_FREES]);
    if (w[SS_HEAP_W_LEAKED_BLOCKS])
      fprintf(out, "; %" PRIu64 " bytes in %" PRIu64 " blocks live at exit",
              w[SS_HEAP_W_LEAKED_BYTES], w[SS_HEAP_W_LEAKED_BLOCKS]);
    if (w[SS_HEAP_W_PEAK_BLOCKS])
      fprintf(out, "; %" PRIu64 " bytes in %" PRIu64 " blocks at the peak",
              w[SS_HEAP_W_PEAK_BYTES], w[SS_HEAP_W_PEAK_BLOCKS]);
    fprintf(out, " (%.1f%%)\n", pct);
    print_stack(out, &m->stacks, order[i]);
    ss_quit_account(&q, pct);
  }
  free(order);
}

void ss_list_heap_stacks(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  list_stacks(l, "Call stacks, in descending order by bytes allocated",
              SS_HEAP_W_BYTES, m->totals[SS_HEAP_W_BYTES]);
  list_stacks(l, "Call stacks that held memory at the peak, in descending "
              "order by bytes", SS_HEAP_W_PEAK_BYTES, m->heap->peak_bytes);
}

void ss_list_heap_leaks(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  char title[160];
  snprintf(title, sizeof title, "Blocks never released: %" PRIu64
           " bytes in %" PRIu64 " blocks, by the call stack that allocated "
           "them", m->heap->live_bytes_at_exit, m->heap->live_blocks_at_exit);
  list_stacks(l, title, SS_HEAP_W_LEAKED_BYTES, m->heap->live_bytes_at_exit);
}

static const char *error_text(uint32_t type) {
  return type == SS_HEAP_DOUBLE_FREE ? "double free"
                                     : "release of a block never allocated";
}

void ss_list_heap_errors(const struct ss_listing *l) {
  const struct ss_trace_model *m = l->traces;
  const struct ss_heap_result *h = m->heap;
  FILE *out = l->out;
  if (!h->num_errors)
    return;
  ss_print_title(out, "Errors, in the order they happened");
  for (size_t i = 0; i < h->num_errors; i++) {
    const struct ss_heap_error *e = &h->errors[i];
    fprintf(out, "[%zu] %s: %s(0x%" PRIx64 ")\n", i + 1, error_text(e->type),
            ss_heap_call_name(e->call), e->address);
    print_stack(out, &m->stacks, e->stack);
    if (e->type != SS_HEAP_DOUBLE_FREE)
      continue;
    fprintf(out, "    the block of %" PRIu64 " bytes was allocated at\n",
            e->size);
    print_stack(out, &m->stacks, e->alloc_stack);
    fprintf(out, "    and first released at\n");
    print_stack(out, &m->stacks, e->first_release_stack);
  }
}
