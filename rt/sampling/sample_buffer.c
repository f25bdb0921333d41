/* sample_buffer.c -- the sample arena and the sampler table (see
 * sample_buffer.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "sample_buffer.h"

#include <string.h>
#include <sys/mman.h>

#define MAX_RESERVE ((size_t)1 << 30)
#define MIN_RESERVE ((size_t)16 << 20)

static struct ssrt_arena arena;

static struct ssrt_sampler *table;
static uint32_t table_used;   /* slots handed out */
static uint32_t next_index;   /* thread index of the next new sampler */

int ssrt_samples_init(size_t reserve) {
  if (table)
    return 0;
  size_t table_bytes = (size_t)SSRT_MAX_SAMPLERS * sizeof(struct ssrt_sampler);
  /* Address space only: pages cost memory when first written. */
  void *t = mmap(NULL, table_bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (t == MAP_FAILED)
    return -1;
  size_t want = reserve < MIN_RESERVE ? MIN_RESERVE
                : reserve > MAX_RESERVE ? MAX_RESERVE
                                        : reserve;
  if (ssrt_arena_init(&arena, want, (size_t)1 << 20) != 0) {
    munmap(t, table_bytes);
    return -1;
  }
  table = t;
  return 0;
}

size_t ssrt_samples_arena_size(void) { return arena.size; }

size_t ssrt_sample_size(const void *entry) {
  const struct ss_sample *s = entry;
  size_t words = (size_t)s->depth + (s->flags & SS_SAMPLE_WEIGHT ? 1 : 0);
  return sizeof *s + words * sizeof(uint64_t);
}

struct ssrt_sampler *ssrt_sampler_new(pid_t tid) {
  if (!table)
    return NULL;
  uint32_t slot = __atomic_fetch_add(&table_used, 1, __ATOMIC_ACQ_REL);
  if (slot >= SSRT_MAX_SAMPLERS)
    return NULL;
  struct ssrt_sampler *s = &table[slot];
  memset(s, 0, sizeof *s);
  s->tid = tid;
  s->index = __atomic_fetch_add(&next_index, 1, __ATOMIC_ACQ_REL);
  ssrt_chain_reset(&s->samples);
  __atomic_store_n(&s->state, SSRT_SAMPLER_LIVE, __ATOMIC_RELEASE);
  return s;
}

struct ssrt_sampler *ssrt_sampler_from_cookie(const void *p) {
  uintptr_t a = (uintptr_t)p, base = (uintptr_t)table;
  if (!table || a < base)
    return NULL;
  uintptr_t off = a - base;
  uint32_t used = __atomic_load_n(&table_used, __ATOMIC_ACQUIRE);
  if (used > SSRT_MAX_SAMPLERS)
    used = SSRT_MAX_SAMPLERS;
  if (off % sizeof(struct ssrt_sampler) != 0 ||
      off / sizeof(struct ssrt_sampler) >= used)
    return NULL;
  return (struct ssrt_sampler *)p;
}

uint32_t ssrt_sampler_count(void) {
  uint32_t used = table ? __atomic_load_n(&table_used, __ATOMIC_ACQUIRE) : 0;
  return used > SSRT_MAX_SAMPLERS ? SSRT_MAX_SAMPLERS : used;
}

struct ssrt_sampler *ssrt_sampler_at(uint32_t i) { return &table[i]; }

struct ssrt_sampler *ssrt_sampler_of_tid(pid_t tid) {
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++)
    if (table[i].tid == tid &&
        __atomic_load_n(&table[i].state, __ATOMIC_ACQUIRE) == SSRT_SAMPLER_LIVE)
      return &table[i];
  return NULL;
}

uint64_t ssrt_sampler_append(struct ssrt_sampler *s, const struct ss_sample *h,
                             const uint64_t *pcs, uint64_t copies) {
  size_t need = ssrt_sample_size(h);
  uint64_t kept = 0;
  s->taken += copies;
  for (; kept < copies; kept++)
    if (!ssrt_chain_append(&arena, &s->samples, h, sizeof *h, pcs,
                           need - sizeof *h))
      break;
  s->kept += kept;
  s->lost += copies - kept;
  if (h->flags & SS_SAMPLE_INCOMPLETE)
    s->incomplete += kept;
  return kept;
}

void ssrt_samples_after_fork(struct ssrt_sampler *keep, pid_t tid) {
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++)
    if (&table[i] != keep)
      table[i].state = SSRT_SAMPLER_DROPPED;
  ssrt_arena_reset(&arena);
  next_index = keep ? 1 : 0;
  if (keep) {
    keep->tid = tid;
    keep->index = 0;
    keep->has_timer = 0; /* timers are not inherited across fork */
    keep->last_count = 0;
    memset(&keep->final_total, 0, sizeof keep->final_total);
    keep->final_profiled = 0;
    keep->busy = 0;
    keep->walk.walking = 0;
    ssrt_chain_reset(&keep->samples);
    keep->taken = keep->lost = keep->incomplete = keep->kept = 0;
    keep->state = SSRT_SAMPLER_LIVE;
  }
}
