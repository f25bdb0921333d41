/* sample_buffer.c -- the sample arena and the sampler table (see
 * sample_buffer.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "sample_buffer.h"

#include <string.h>
#include <sys/mman.h>

#define FIRST_CHUNK 4096u
#define LARGEST_CHUNK 65536u
#define MAX_RESERVE ((size_t)1 << 30)
#define MIN_RESERVE ((size_t)16 << 20)

static char *arena;
static size_t arena_size;
static size_t arena_used;

static struct ssrt_sampler *table;
static uint32_t table_used;   /* slots handed out */
static uint32_t next_index;   /* thread index of the next new sampler */

/* Address space only: pages cost memory when first written.  Where the
 * system refuses (overcommit disabled, ulimit -v) ask for less. */
static void *reserve_pages(size_t *size, size_t floor) {
  for (size_t want = *size; want >= floor; want /= 2) {
    void *p = mmap(NULL, want, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
      *size = want;
      return p;
    }
  }
  return NULL;
}

int ssrt_samples_init(size_t reserve) {
  if (arena)
    return 0;
  size_t table_bytes = (size_t)SSRT_MAX_SAMPLERS * sizeof(struct ssrt_sampler);
  size_t got = table_bytes;
  table = reserve_pages(&got, table_bytes);
  if (!table)
    return -1;
  arena_size = reserve < MIN_RESERVE ? MIN_RESERVE
               : reserve > MAX_RESERVE ? MAX_RESERVE
                                       : reserve;
  arena = reserve_pages(&arena_size, (size_t)1 << 20);
  if (!arena) {
    munmap(table, table_bytes);
    table = NULL;
    return -1;
  }
  return 0;
}

size_t ssrt_samples_arena_size(void) { return arena_size; }

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
  s->next_chunk_size = FIRST_CHUNK;
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

static struct ssrt_chunk *new_chunk(struct ssrt_sampler *s, size_t need) {
  size_t data = s->next_chunk_size;
  while (data < need)
    data *= 2;
  size_t bytes = sizeof(struct ssrt_chunk) + data;
  size_t at = __atomic_fetch_add(&arena_used, bytes, __ATOMIC_RELAXED);
  if (at > arena_size || bytes > arena_size - at)
    return NULL;
  struct ssrt_chunk *c = (struct ssrt_chunk *)(arena + at);
  /* A chunk handed out again after a fork may hold the parent's bytes. */
  c->next = NULL;
  c->capacity = (uint32_t)data;
  c->used = 0;
  c->written = 0;
  if (s->next_chunk_size < LARGEST_CHUNK)
    s->next_chunk_size *= 2;
  return c;
}

uint64_t ssrt_sampler_append(struct ssrt_sampler *s, const struct ss_sample *h,
                             const uint64_t *pcs, uint64_t copies) {
  size_t need = sizeof *h + (size_t)h->depth * sizeof(uint64_t);
  uint64_t kept = 0;
  s->taken += copies;
  for (; kept < copies; kept++) {
    struct ssrt_chunk *c = s->cur;
    if (!c || c->capacity - c->used < need) {
      struct ssrt_chunk *fresh = new_chunk(s, need);
      if (!fresh)
        break;
      if (c)
        __atomic_store_n(&c->next, fresh, __ATOMIC_RELEASE);
      else
        __atomic_store_n(&s->first, fresh, __ATOMIC_RELEASE);
      s->cur = c = fresh;
    }
    uint8_t *dst = (uint8_t *)c->data + c->used;
    memcpy(dst, h, sizeof *h);
    memcpy(dst + sizeof *h, pcs, (size_t)h->depth * sizeof(uint64_t));
    __atomic_store_n(&c->used, c->used + (uint32_t)need, __ATOMIC_RELEASE);
  }
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
  arena_used = 0;
  next_index = keep ? 1 : 0;
  if (keep) {
    keep->tid = tid;
    keep->index = 0;
    keep->has_timer = 0; /* timers are not inherited across fork */
    keep->busy = 0;
    keep->walk.walking = 0;
    keep->first = keep->cur = NULL;
    keep->next_chunk_size = FIRST_CHUNK;
    keep->taken = keep->lost = keep->incomplete = keep->kept = 0;
    keep->state = SSRT_SAMPLER_LIVE;
  }
}
