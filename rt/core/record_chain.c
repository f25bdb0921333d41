/* record_chain.c -- the arena and the chains of recorded entries (see
 * record_chain.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "record_chain.h"

#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define FIRST_CHUNK 4096u
#define LARGEST_CHUNK 65536u

size_t ssrt_arena_default_size(void) {
  size_t want = (size_t)1 << 30;
  struct rlimit as;
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY &&
      as.rlim_cur / 16 < want)
    want = (size_t)(as.rlim_cur / 16);
  return want;
}

int ssrt_arena_init(struct ssrt_arena *a, size_t want, size_t floor) {
  if (a->base)
    return 0;
  for (; want >= floor && want > 0; want /= 2) {
    void *p = mmap(NULL, want, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
      a->base = p;
      a->size = want;
      a->used = 0;
      return 0;
    }
  }
  return -1;
}

void ssrt_arena_reset(struct ssrt_arena *a) { a->used = 0; }

void ssrt_chain_reset(struct ssrt_chain *c) {
  c->first = c->cur = NULL;
  c->next_chunk_size = FIRST_CHUNK;
}

static struct ssrt_chunk *new_chunk(struct ssrt_arena *a, struct ssrt_chain *c,
                                    size_t need) {
  size_t data = c->next_chunk_size;
  while (data < need)
    data *= 2;
  size_t bytes = sizeof(struct ssrt_chunk) + data;
  size_t at = __atomic_fetch_add(&a->used, bytes, __ATOMIC_RELAXED);
  if (!a->base || at > a->size || bytes > a->size - at)
    return NULL;
  struct ssrt_chunk *k = (struct ssrt_chunk *)(a->base + at);
  /* A chunk handed out again after a fork may hold the parent's bytes. */
  k->next = NULL;
  k->capacity = (uint32_t)data;
  k->used = 0;
  k->written = 0;
  if (c->next_chunk_size < LARGEST_CHUNK)
    c->next_chunk_size *= 2;
  return k;
}

int ssrt_chain_append(struct ssrt_arena *a, struct ssrt_chain *c,
                      const void *head, size_t head_size, const void *tail,
                      size_t tail_size) {
  size_t need = head_size + tail_size;
  struct ssrt_chunk *k = c->cur;
  if (!k || k->capacity - k->used < need) {
    struct ssrt_chunk *fresh = new_chunk(a, c, need);
    if (!fresh)
      return 0;
    if (k)
      __atomic_store_n(&k->next, fresh, __ATOMIC_RELEASE);
    else
      __atomic_store_n(&c->first, fresh, __ATOMIC_RELEASE);
    c->cur = k = fresh;
  }
  uint8_t *dst = (uint8_t *)k->data + k->used;
  memcpy(dst, head, head_size);
  if (tail_size)
    memcpy(dst + head_size, tail, tail_size);
  __atomic_store_n(&k->used, k->used + (uint32_t)need, __ATOMIC_RELEASE);
  return 1;
}

static struct ssrt_chunk *next_chunk(const struct ssrt_chunk *k) {
  return __atomic_load_n(&k->next, __ATOMIC_ACQUIRE);
}

/* Entries in a chunk's first `bytes` bytes.  Counted from the bytes rather
 * than kept alongside them: a handler the writer gave up waiting for may
 * still be appending, and then only what `used` covered is written. */
static uint64_t entries_in(const struct ssrt_chunk *k, uint64_t bytes,
                           ssrt_entry_size_fn size_of) {
  uint64_t n = 0;
  const uint8_t *p = (const uint8_t *)k->data;
  for (uint64_t at = 0; at < bytes; n++)
    at += size_of(p + at);
  return n;
}

/* Chunks [from, to) as one record. */
static void write_group(struct ssrt_writer *w, struct ssrt_chunk *from,
                        const struct ssrt_chunk *to, uint32_t tag,
                        void *header, size_t header_size, size_t count_offset,
                        ssrt_entry_size_fn size_of) {
  uint64_t count = 0;
  for (struct ssrt_chunk *k = from; k != to; k = next_chunk(k)) {
    k->written = __atomic_load_n(&k->used, __ATOMIC_ACQUIRE);
    count += entries_in(k, k->written, size_of);
  }
  memcpy((char *)header + count_offset, &count, sizeof count);
  ssrt_record_begin(w, tag);
  ssrt_record_put(w, header, header_size);
  for (const struct ssrt_chunk *k = from; k != to; k = next_chunk(k))
    ssrt_record_put(w, k->data, (size_t)k->written);
  ssrt_record_end(w);
}

void ssrt_chain_write_records(struct ssrt_writer *w, struct ssrt_chain *c,
                              uint32_t tag, void *header, size_t header_size,
                              size_t count_offset, ssrt_entry_size_fn size_of,
                              uint64_t limit) {
  struct ssrt_chunk *from = __atomic_load_n(&c->first, __ATOMIC_ACQUIRE);
  if (!from) {
    write_group(w, NULL, NULL, tag, header, header_size, count_offset, size_of);
    return;
  }
  while (from) {
    uint64_t bytes = 0;
    struct ssrt_chunk *to = from;
    do {
      bytes += __atomic_load_n(&to->used, __ATOMIC_ACQUIRE);
      to = next_chunk(to);
    } while (to && bytes + to->used <= limit);
    write_group(w, from, to, tag, header, header_size, count_offset, size_of);
    from = to;
  }
}
