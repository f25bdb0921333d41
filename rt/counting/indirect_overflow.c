/* indirect_overflow.c -- the per-(site, target) table of the calls that
 * found every slot of their site taken (see indirect_overflow.h; rules:
 * rt/README.md). */
#include "indirect_overflow.h"

#include "pages.h"

#include <stddef.h>

_Static_assert(sizeof(struct ss_rec_indirect_targets) == 8 &&
                   sizeof(struct ss_indirect_target_entry) == 24,
               "INDIRECT_TARGETS record layout (docs/experiment-file.md)");

struct entry {
  uint64_t site;   /* address of the site's ss_indirect_targets; 0: free */
  uint64_t target; /* 0 while the claimer has not stored it yet */
  uint64_t count;
};

struct table {
  struct table *next; /* a larger one, appended when this one filled up */
  size_t mapping_size;
  uint64_t capacity;  /* a power of two */
  uint64_t claimed;   /* entries taken; new ones stop at 3/4 */
  struct entry entries[];
};

enum { FIRST_CAPACITY = 1024 };

static struct table *first_table;

static uint64_t hash_pair(uint64_t site, uint64_t target) {
  uint64_t h = (site ^ (target * 0x9E3779B97F4A7C15ull)) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 29);
}

static struct table *new_table(uint64_t capacity) {
  size_t size = offsetof(struct table, entries) + capacity * sizeof(struct entry);
  struct table *t = ssrt_pages_alloc(size);
  if (t) {
    t->mapping_size = size;
    t->capacity = capacity;
  }
  return t;
}

/* Appends a table after `last` (or makes the first); returns the table
 * that follows `last` now, whoever made it, or NULL without pages. */
static struct table *append_table(struct table *last) {
  struct table **link = last ? &last->next : &first_table;
  struct table *next = __atomic_load_n(link, __ATOMIC_ACQUIRE);
  if (next)
    return next;
  struct table *t = new_table(last ? last->capacity * 2 : FIRST_CAPACITY);
  if (!t)
    return NULL;
  struct table *expected = NULL;
  if (__atomic_compare_exchange_n(link, &expected, t, 0, __ATOMIC_ACQ_REL,
                                  __ATOMIC_ACQUIRE))
    return t;
  ssrt_pages_free(t, t->mapping_size); /* another thread's came first */
  return expected;
}

/* The entry of (site, target) in table t, claimed there if t is the
 * newest and has room; NULL if t does not have it. */
static struct entry *find_in(struct table *t, uint64_t site, uint64_t target,
                             int may_claim) {
  uint64_t mask = t->capacity - 1;
  for (uint64_t i = hash_pair(site, target) & mask, n = 0; n < t->capacity;
       i = (i + 1) & mask, n++) {
    struct entry *e = &t->entries[i];
    uint64_t s = __atomic_load_n(&e->site, __ATOMIC_ACQUIRE);
    if (s == 0) {
      if (!may_claim ||
          __atomic_load_n(&t->claimed, __ATOMIC_RELAXED) >= t->capacity / 4 * 3)
        return NULL; /* not here: nothing moves past a free entry */
      uint64_t expected = 0;
      if (__atomic_compare_exchange_n(&e->site, &expected, site, 0,
                                      __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        __atomic_store_n(&e->target, target, __ATOMIC_RELEASE);
        __atomic_fetch_add(&t->claimed, 1, __ATOMIC_RELAXED);
        return e;
      }
      s = expected; /* claimed just now by another thread */
    }
    if (s == site && __atomic_load_n(&e->target, __ATOMIC_ACQUIRE) == target)
      return e;
  }
  return NULL;
}

void ssrt_overflow_count(const struct ss_indirect_targets *site,
                         uint64_t target) {
  uint64_t key = (uint64_t)(uintptr_t)site;
  struct table *t = __atomic_load_n(&first_table, __ATOMIC_ACQUIRE);
  if (!t && !(t = append_table(NULL)))
    return; /* no pages: the site's `other` still counts the call */
  for (;;) {
    struct table *next = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE);
    struct entry *e = find_in(t, key, target, next == NULL);
    if (e) {
      __atomic_fetch_add(&e->count, 1, __ATOMIC_RELAXED);
      return;
    }
    if (!next && !(next = append_table(t)))
      return;
    t = next;
  }
}

static int in_sites(uint64_t site, const struct ss_indirect_targets *sites,
                    uint32_t num_sites, uint32_t *index) {
  uint64_t first = (uint64_t)(uintptr_t)sites;
  uint64_t bytes = (uint64_t)num_sites * sizeof *sites;
  if (site < first || site - first >= bytes)
    return 0;
  *index = (uint32_t)((site - first) / sizeof *sites);
  return 1;
}

int ssrt_overflow_has(const struct ss_indirect_targets *sites,
                      uint32_t num_sites) {
  uint32_t index;
  for (struct table *t = __atomic_load_n(&first_table, __ATOMIC_ACQUIRE); t;
       t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE))
    for (uint64_t i = 0; i < t->capacity; i++) {
      const struct entry *e = &t->entries[i];
      if (in_sites(__atomic_load_n(&e->site, __ATOMIC_ACQUIRE), sites,
                   num_sites, &index) &&
          __atomic_load_n(&e->count, __ATOMIC_RELAXED) != 0)
        return 1;
    }
  return 0;
}

void ssrt_overflow_write(struct ssrt_writer *w,
                         const struct ss_indirect_targets *sites,
                         uint32_t num_sites) {
  struct ss_rec_indirect_targets head = {num_sites, 0};
  ssrt_record_begin(w, SS_REC_INDIRECT_TARGETS);
  ssrt_record_put(w, &head, sizeof head);
  uint32_t index;
  for (struct table *t = __atomic_load_n(&first_table, __ATOMIC_ACQUIRE); t;
       t = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE))
    for (uint64_t i = 0; i < t->capacity; i++) {
      const struct entry *e = &t->entries[i];
      if (!in_sites(__atomic_load_n(&e->site, __ATOMIC_ACQUIRE), sites,
                    num_sites, &index))
        continue;
      struct ss_indirect_target_entry out = {
          index, 0, __atomic_load_n(&e->target, __ATOMIC_ACQUIRE),
          __atomic_load_n(&e->count, __ATOMIC_RELAXED)};
      if (out.target != 0 && out.count != 0)
        ssrt_record_put(w, &out, sizeof out);
    }
  ssrt_record_end(w);
}

void ssrt_overflow_move(const struct ss_indirect_targets *from,
                        uint32_t num_sites,
                        const struct ss_indirect_targets *to) {
  uint32_t index;
  for (struct table *t = first_table; t; t = t->next)
    for (uint64_t i = 0; i < t->capacity; i++) {
      struct entry *e = &t->entries[i];
      if (in_sites(e->site, from, num_sites, &index))
        __atomic_store_n(&e->site, (uint64_t)(uintptr_t)&to[index],
                         __ATOMIC_RELEASE);
    }
}

void ssrt_overflow_after_fork(void) {
  for (struct table *t = first_table; t; t = t->next)
    for (uint64_t i = 0; i < t->capacity; i++)
      t->entries[i].count = 0;
}
