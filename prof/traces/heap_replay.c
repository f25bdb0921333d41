/*
 * heap_replay.c -- the heap trace's events replayed in time order (the
 * rules are in traces.h).
 */
#include "traces.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

struct ss_heap_event_extra {
  uint64_t freed_bytes; /* a release: the bytes of the block it ended */
  uint8_t leaked, at_peak, short_lived, error;
};

#define NONE UINT64_MAX

/* -- addresses to blocks: open addressing, linear probing ------------------ */

struct block {
  uint64_t address; /* 0: empty slot */
  uint64_t size, ordinal, time_ns;
};

struct blocks {
  struct block *slot;
  size_t cap, n; /* cap: a power of two */
};

static size_t home(const struct blocks *b, uint64_t a) {
  return (size_t)((a >> 4) * 0x9E3779B97F4A7C15ull >> 20) & (b->cap - 1);
}

static struct block *find(struct blocks *b, uint64_t a) {
  if (!b->cap)
    return NULL;
  for (size_t i = home(b, a);; i = (i + 1) & (b->cap - 1)) {
    if (b->slot[i].address == a)
      return &b->slot[i];
    if (!b->slot[i].address)
      return NULL;
  }
}

static void put(struct blocks *b, const struct block *v);

static void grow(struct blocks *b) {
  struct blocks old = *b;
  b->cap = old.cap ? old.cap * 2 : 1024;
  b->slot = ss_xcalloc(b->cap, sizeof *b->slot);
  b->n = 0;
  for (size_t i = 0; i < old.cap; i++)
    if (old.slot[i].address)
      put(b, &old.slot[i]);
  free(old.slot);
}

/* Inserts or replaces the block at v->address. */
static void put(struct blocks *b, const struct block *v) {
  if ((b->n + 1) * 2 > b->cap)
    grow(b);
  size_t i = home(b, v->address);
  while (b->slot[i].address && b->slot[i].address != v->address)
    i = (i + 1) & (b->cap - 1);
  if (!b->slot[i].address)
    b->n++;
  b->slot[i] = *v;
}

/* Removes `s` (a slot of b), shifting the probe chain back. */
static void take(struct blocks *b, struct block *s) {
  size_t i = (size_t)(s - b->slot), j = i;
  b->slot[i].address = 0;
  b->n--;
  for (;;) {
    j = (j + 1) & (b->cap - 1);
    if (!b->slot[j].address)
      return;
    size_t k = home(b, b->slot[j].address);
    /* Move j back to i unless its home lies cyclically in (i, j]. */
    if ((i <= j) ? (i < k && k <= j) : (i < k || k <= j))
      continue;
    b->slot[i] = b->slot[j];
    b->slot[j].address = 0;
    i = j;
  }
}

static void clear(struct blocks *b) {
  free(b->slot);
  memset(b, 0, sizeof *b);
}

/* -- the events of one file in time order ----------------------------------- */

struct ref {
  uint64_t time_ns, ordinal;
  uint32_t thread;
  struct ss_event_view e;
};

static int by_time(const void *x, const void *y) {
  const struct ref *a = x, *b = y;
  if (a->time_ns != b->time_ns)
    return a->time_ns < b->time_ns ? -1 : 1;
  return a->ordinal < b->ordinal ? -1 : a->ordinal > b->ordinal;
}

struct replay {
  struct ss_heap_result *h;
  int forked, lossy;
  uint32_t file;
  struct blocks live, released; /* released: address -> the release */
  uint64_t live_bytes;
  uint64_t *last_alloc; /* per thread: its last allocation's ordinal */
  uint32_t threads;
  size_t errors_cap;
};

static void add_error(struct replay *r, const struct ref *x, uint32_t type,
                      const struct block *released) {
  struct ss_heap_result *h = r->h;
  SS_GROW(h->errors, r->errors_cap, h->num_errors);
  struct ss_heap_error *err = &h->errors[h->num_errors++];
  memset(err, 0, sizeof *err);
  err->type = type;
  err->call = x->e.kind;
  err->address = (uint64_t)x->e.value[1];
  err->file = r->file;
  err->ordinal[0] = x->ordinal;
  err->ordinal[1] = released ? released->ordinal : NONE;
  err->ordinal[2] = released ? released->time_ns : NONE;
  err->size = released ? released->size : 0;
  h->extra[x->ordinal].error = 1;
}

/* One event: its release, then its new block.  `record` says whether
 * findings are kept (the first pass) or only the live set (up to the
 * peak). */
static void step(struct replay *r, const struct ref *x, int record) {
  struct ss_heap_result *h = r->h;
  const struct ss_event_view *e = &x->e;
  if (ss_heap_event_releases(e)) {
    uint64_t a = (uint64_t)e->value[1];
    struct block *b = find(&r->live, a);
    /* A realloc's old block was released inside the call, before time_ns:
     * a block allocated at that address since is another thread's. */
    uint64_t start = e->time_ns - e->duration_ns;
    if (b && (e->kind == SS_HEAP_FREE || e->kind >= SS_HEAP_DELETE ||
              b->time_ns <= start)) {
      if (record) {
        h->extra[x->ordinal].freed_bytes = b->size;
        if (!ss_heap_event_allocates(e) && x->thread < r->threads &&
            r->last_alloc[x->thread] == b->ordinal)
          h->extra[b->ordinal].short_lived = 1;
        /* In `released`, time_ns holds the release's ordinal. */
        struct block rel = {a, b->size, b->ordinal, x->ordinal};
        put(&r->released, &rel);
      }
      r->live_bytes -= b->size;
      take(&r->live, b);
    } else if (record && !b) {
      struct block *prev = find(&r->released, a);
      if (e->flags & SS_EVENT_HEAP_UNTRACED)
        h->untraced++;
      else if (prev)
        add_error(r, x, SS_HEAP_DOUBLE_FREE, prev);
      else if (r->forked)
        h->inherited++;
      else if (r->lossy)
        h->unseen++;
      else
        add_error(r, x, SS_HEAP_UNKNOWN_BLOCK, NULL);
    }
  }
  if (!ss_heap_event_allocates(e))
    return;
  uint64_t a = (uint64_t)e->value[0];
  if (!a) {
    if (record)
      h->failed++;
    return;
  }
  struct block *old = find(&r->live, a);
  if (old) {
    if (record)
      h->missed++;
    r->live_bytes -= old->size;
    take(&r->live, old);
  }
  if (record) {
    struct block *rel = find(&r->released, a);
    if (rel)
      take(&r->released, rel);
    if (x->thread < r->threads)
      r->last_alloc[x->thread] = x->ordinal;
  }
  struct block nb = {a, (uint64_t)e->value[2], x->ordinal, e->time_ns};
  put(&r->live, &nb);
  r->live_bytes += nb.size;
}

static void mark_live(struct replay *r, int leaks) {
  for (size_t i = 0; i < r->live.cap; i++) {
    const struct block *b = &r->live.slot[i];
    if (!b->address)
      continue;
    if (leaks)
      r->h->extra[b->ordinal].leaked = 1;
    else
      r->h->extra[b->ordinal].at_peak = 1;
  }
}

static void replay_file(struct ss_heap_result *h, const struct ss_expfile *f,
                        uint32_t fi, uint64_t *ordinal) {
  size_t n = 0;
  for (size_t bi = 0; bi < f->num_event_blocks; bi++)
    n += f->event_blocks[bi].num_events;
  struct ref *refs = ss_xcalloc(n ? n : 1, sizeof *refs);
  size_t k = 0;
  struct replay r;
  memset(&r, 0, sizeof r);
  r.h = h;
  r.file = fi;
  r.forked = (f->trace.flags & SS_TRACE_HEAP_FORKED) != 0;
  r.lossy = f->trace.lost != 0;
  /* The threads that have events, numbered densely: the file's thread
   * count is only a bound (a damaged one may be 2^32). */
  struct ss_hash thread_ids;
  ss_hash_init(&thread_ids);
  uint32_t *thread_of_block =
      ss_xcalloc(f->num_event_blocks ? f->num_event_blocks : 1,
                 sizeof *thread_of_block);
  for (size_t bi = 0; bi < f->num_event_blocks; bi++) {
    int inserted;
    uint32_t t = f->event_blocks[bi].thread_index;
    thread_of_block[bi] = ss_hash_intern(&thread_ids, &t, sizeof t, &inserted);
  }
  r.threads = (uint32_t)thread_ids.count;
  ss_hash_release(&thread_ids);
  r.last_alloc = ss_xcalloc(r.threads ? r.threads : 1, sizeof *r.last_alloc);
  for (uint32_t t = 0; t < r.threads; t++)
    r.last_alloc[t] = NONE;
  for (size_t bi = 0; bi < f->num_event_blocks; bi++) {
    const struct ss_event_block *blk = &f->event_blocks[bi];
    const uint8_t *cur = blk->data;
    for (uint64_t j = 0; j < blk->num_events; j++, k++) {
      ss_event_next(&cur, &refs[k].e);
      refs[k].time_ns = refs[k].e.time_ns;
      refs[k].ordinal = (*ordinal)++;
      refs[k].thread = thread_of_block[bi];
    }
  }
  free(thread_of_block);
  ss_sort(refs, n, sizeof *refs, by_time);
  uint64_t peak = 0, peak_blocks = 0;
  size_t peak_at = 0;
  int peaked = 0;
  for (size_t i = 0; i < n; i++) {
    step(&r, &refs[i], 1);
    if (r.live_bytes > peak) {
      peak = r.live_bytes;
      peak_blocks = r.live.n;
      peak_at = i;
      peaked = 1;
    }
  }
  h->live_bytes_at_exit += r.live_bytes;
  h->live_blocks_at_exit += r.live.n;
  mark_live(&r, 1);
  if (peak > h->peak_bytes) {
    h->peak_bytes = peak;
    h->peak_blocks = peak_blocks;
  }
  if (peaked) {
    clear(&r.live);
    r.live_bytes = 0;
    for (size_t i = 0; i <= peak_at; i++)
      step(&r, &refs[i], 0);
    mark_live(&r, 0);
  }
  clear(&r.live);
  clear(&r.released);
  free(r.last_alloc);
  free(refs);
}

struct ss_heap_result *ss_heap_replay(const struct ss_profile *p) {
  struct ss_heap_result *h = ss_xcalloc(1, sizeof *h);
  for (uint32_t fi = 0; fi < p->num_files; fi++)
    for (size_t bi = 0; bi < p->files[fi]->num_event_blocks; bi++)
      h->num_events += p->files[fi]->event_blocks[bi].num_events;
  h->extra = ss_xcalloc(h->num_events ? h->num_events : 1, sizeof *h->extra);
  uint64_t ordinal = 0;
  for (uint32_t fi = 0; fi < p->num_files; fi++)
    replay_file(h, p->files[fi], fi, &ordinal);
  return h;
}

void ss_heap_weigh(const struct ss_heap_result *h, uint64_t ordinal,
                   uint64_t *w) {
  const struct ss_heap_event_extra *x = &h->extra[ordinal];
  w[SS_HEAP_W_FREED_BYTES] = x->freed_bytes;
  w[SS_HEAP_W_LEAKED_BLOCKS] = x->leaked;
  w[SS_HEAP_W_LEAKED_BYTES] = x->leaked ? w[SS_HEAP_W_BYTES] : 0;
  w[SS_HEAP_W_PEAK_BLOCKS] = x->at_peak;
  w[SS_HEAP_W_PEAK_BYTES] = x->at_peak ? w[SS_HEAP_W_BYTES] : 0;
  w[SS_HEAP_W_SHORT] = x->short_lived;
  w[SS_HEAP_W_ERRORS] = x->error;
}

static uint32_t stack_at(const uint32_t *stack_of, uint64_t ordinal) {
  return ordinal == NONE ? UINT32_MAX : stack_of[ordinal];
}

void ss_heap_resolve_errors(struct ss_heap_result *h,
                            const uint32_t *stack_of) {
  for (size_t i = 0; i < h->num_errors; i++) {
    struct ss_heap_error *e = &h->errors[i];
    e->stack = stack_at(stack_of, e->ordinal[0]);
    e->alloc_stack = stack_at(stack_of, e->ordinal[1]);
    e->first_release_stack = stack_at(stack_of, e->ordinal[2]);
  }
}

void ss_heap_result_free(struct ss_heap_result *h) {
  if (!h)
    return;
  free(h->errors);
  free(h->extra);
  free(h);
}
