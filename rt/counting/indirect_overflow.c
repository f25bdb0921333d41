/* indirect_overflow.c -- the per-(site, target) tables of the calls that
 * found every slot of their site taken (see indirect_overflow.h; rules:
 * rt/README.md). */
#include "indirect_overflow.h"

#include "pages.h"

#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(struct ss_rec_indirect_targets) == 8 &&
                   sizeof(struct ss_indirect_target_entry) == 24,
               "INDIRECT_TARGETS record layout (docs/experiment-file.md)");

struct table {
  struct table *next; /* a larger one, appended when this one filled up */
  size_t mapping_size;
  uint64_t capacity;  /* a power of two */
  unsigned shift;     /* 64 - log2(capacity): the hash's top bits index */
  uint64_t claimed;   /* entries taken; new ones stop at 3/4 */
  struct ssrt_overflow_entry entries[];
};

/* One thread's chain of tables.  `owner` is a thread's token while it
 * counts here, NULL while the tables wait for the next thread. */
struct thread_tables {
  struct thread_tables *next; /* the process's list; push-only */
  void *owner;
  struct table *first;
};

static struct thread_tables *all_tables;

static struct thread_tables *first_tables(void) {
  return __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE);
}

/* The calling thread's tables; its first table's entries for the first
 * probe (indirect_overflow.h). */
static __thread struct thread_tables *mine
    __attribute__((tls_model("initial-exec")));
__thread struct ssrt_overflow_entry *ssrt_overflow_first;
/* Its address tells threads apart, and is the same in a forked child. */
static __thread char thread_token __attribute__((tls_model("initial-exec")));

static size_t table_bytes(unsigned log2_capacity) {
  return offsetof(struct table, entries) +
         ((size_t)1 << log2_capacity) * sizeof(struct ssrt_overflow_entry);
}

/* The header of a table of zeroed pages; mapping_size 0: part of another
 * mapping, never freed on its own. */
static struct table *init_table(struct table *t, unsigned log2_capacity,
                                size_t mapping_size) {
  t->mapping_size = mapping_size;
  t->capacity = (uint64_t)1 << log2_capacity;
  t->shift = 64 - log2_capacity;
  return t;
}

static struct table *new_table(unsigned log2_capacity) {
  size_t size = table_bytes(log2_capacity);
  struct table *t = ssrt_pages_alloc(size);
  return t ? init_table(t, log2_capacity, size) : NULL;
}

/* Appends a table after `last` of the thread's chain; returns the table
 * that follows `last` now (a signal handler of the thread may have made
 * it), or NULL without pages. */
static struct table *append_table(struct table *last) {
  struct table *next = __atomic_load_n(&last->next, __ATOMIC_ACQUIRE);
  if (next)
    return next;
  struct table *t = new_table(64 - last->shift + 1);
  if (!t)
    return NULL;
  struct table *expected = NULL;
  if (__atomic_compare_exchange_n(&last->next, &expected, t, 0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return t;
  ssrt_pages_free(t, t->mapping_size);
  return expected;
}

/* Tables no thread owns now the calling thread's, or a new chain (one
 * mapping: the header, then the first table); NULL without pages. */
static struct thread_tables *take_tables(void) {
  for (struct thread_tables *tt = first_tables(); tt;
       tt = __atomic_load_n(&tt->next, __ATOMIC_ACQUIRE)) {
    void *none = NULL;
    if (__atomic_load_n(&tt->owner, __ATOMIC_RELAXED) == NULL &&
        __atomic_compare_exchange_n(&tt->owner, &none, &thread_token, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
      return tt;
  }
  size_t header = (sizeof(struct thread_tables) + 63) & ~(size_t)63;
  char *base =
      ssrt_pages_alloc(header + table_bytes(SSRT_OVERFLOW_FIRST_BITS));
  if (!base)
    return NULL;
  struct thread_tables *tt = (struct thread_tables *)base;
  tt->owner = &thread_token;
  tt->first = init_table((struct table *)(base + header),
                         SSRT_OVERFLOW_FIRST_BITS, 0);
  struct thread_tables *old = __atomic_load_n(&all_tables, __ATOMIC_RELAXED);
  do
    tt->next = old;
  while (!__atomic_compare_exchange_n(&all_tables, &old, tt, 1,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED));
  return tt;
}

/* The entry of (site, target) in table t, claimed there if t is the
 * newest and has room; NULL if t does not have it. */
static struct ssrt_overflow_entry *find_in(struct table *t, uint64_t site,
                                           uint64_t target, int may_claim) {
  uint64_t mask = t->capacity - 1;
  for (uint64_t i = ssrt_overflow_hash(site, target) >> t->shift, n = 0;
       n < t->capacity; i = (i + 1) & mask, n++) {
    struct ssrt_overflow_entry *e = &t->entries[i];
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
      s = expected; /* claimed just now by a signal handler of the thread */
    }
    if (s == site && __atomic_load_n(&e->target, __ATOMIC_ACQUIRE) == target)
      return e;
  }
  return NULL;
}

void ssrt_overflow_count(const struct ss_indirect_targets *site,
                         uint64_t target) {
  uint64_t key = (uint64_t)(uintptr_t)site;
  struct thread_tables *tt = mine;
  if (!tt) {
    if (!(tt = take_tables()))
      return; /* no pages: the site's `other` still counts the call */
    mine = tt;
    ssrt_overflow_first = tt->first->entries;
  }
  for (struct table *t = tt->first;;) {
    struct table *next = __atomic_load_n(&t->next, __ATOMIC_ACQUIRE);
    struct ssrt_overflow_entry *e = find_in(t, key, target, next == NULL);
    if (e) {
      ssrt_overflow_add_one(&e->count);
      return;
    }
    if (!next && !(next = append_table(t)))
      return;
    t = next;
  }
}

void ssrt_overflow_thread_end(void) {
  for (struct thread_tables *tt = first_tables(); tt;
       tt = __atomic_load_n(&tt->next, __ATOMIC_ACQUIRE))
    if (__atomic_load_n(&tt->owner, __ATOMIC_RELAXED) == &thread_token)
      __atomic_store_n(&tt->owner, NULL, __ATOMIC_RELEASE);
  mine = NULL;
  ssrt_overflow_first = NULL;
}

/* -- reading every thread's tables ---------------------------------------- */

#define FOR_EACH_ENTRY(e)                                                      \
  for (struct thread_tables *tt_ =                                             \
           __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE);                     \
       tt_; tt_ = __atomic_load_n(&tt_->next, __ATOMIC_ACQUIRE))               \
    for (struct table *t_ = tt_->first; t_;                                    \
         t_ = __atomic_load_n(&t_->next, __ATOMIC_ACQUIRE))                    \
      for (struct ssrt_overflow_entry *e = t_->entries;                        \
           e < t_->entries + t_->capacity; e++)

static int in_sites(uint64_t site, const struct ss_indirect_targets *sites,
                    uint32_t num_sites, uint32_t *index) {
  uint64_t first = (uint64_t)(uintptr_t)sites;
  uint64_t bytes = (uint64_t)num_sites * sizeof *sites;
  if (site < first || site - first >= bytes)
    return 0;
  *index = (uint32_t)((site - first) / sizeof *sites);
  return 1;
}

/* The entry as the file has it, if it belongs to one of the sites and
 * counted something. */
static int entry_of(const struct ssrt_overflow_entry *e,
                    const struct ss_indirect_targets *sites, uint32_t num_sites,
                    struct ss_indirect_target_entry *out) {
  uint32_t index;
  if (!in_sites(__atomic_load_n(&e->site, __ATOMIC_ACQUIRE), sites, num_sites,
                &index))
    return 0;
  out->site = index;
  out->reserved = 0;
  out->target = __atomic_load_n(&e->target, __ATOMIC_ACQUIRE);
  out->count = __atomic_load_n(&e->count, __ATOMIC_RELAXED);
  return out->target != 0 && out->count != 0;
}

int ssrt_overflow_has(const struct ss_indirect_targets *sites,
                      uint32_t num_sites) {
  struct ss_indirect_target_entry out;
  FOR_EACH_ENTRY(e) {
    if (entry_of(e, sites, num_sites, &out))
      return 1;
  }
  return 0;
}

/* Adds `in` to the summing table `sum` (capacity mask + 1); 0 if full. */
static int add_to_sum(struct ss_indirect_target_entry *sum, uint64_t mask,
                      const struct ss_indirect_target_entry *in) {
  uint64_t i = ssrt_overflow_hash(in->site, in->target) >> 32 & mask;
  for (uint64_t n = 0; n <= mask; n++, i = (i + 1) & mask) {
    struct ss_indirect_target_entry *s = &sum[i];
    if (s->count == 0)
      *s = *in;
    else if (s->site != in->site || s->target != in->target)
      continue;
    else
      s->count += in->count;
    return 1;
  }
  return 0;
}

/* Every thread's entries for the module's sites, a pair's counts summed
 * into one entry in a table of pages taken for the write (mmap is
 * async-signal-safe).  Without pages, or when entries claimed since the
 * table was sized do not fit, the rest go out as they are: readers add up
 * a pair's entries. */
void ssrt_overflow_write(struct ssrt_writer *w,
                         const struct ss_indirect_targets *sites,
                         uint32_t num_sites) {
  struct ss_rec_indirect_targets head = {num_sites, 0};
  ssrt_record_begin(w, SS_REC_INDIRECT_TARGETS);
  ssrt_record_put(w, &head, sizeof head);
  struct ss_indirect_target_entry out;
  uint64_t entries = 0;
  FOR_EACH_ENTRY(e) {
    entries += entry_of(e, sites, num_sites, &out);
  }
  uint64_t capacity = 16;
  while (capacity < 2 * entries)
    capacity *= 2;
  size_t bytes = capacity * sizeof out;
  struct ss_indirect_target_entry *sum = ssrt_pages_alloc(bytes);
  FOR_EACH_ENTRY(e) {
    if (entry_of(e, sites, num_sites, &out) &&
        !(sum && add_to_sum(sum, capacity - 1, &out)))
      ssrt_record_put(w, &out, sizeof out);
  }
  if (sum) {
    for (uint64_t i = 0; i < capacity; i++)
      if (sum[i].count != 0)
        ssrt_record_put(w, &sum[i], sizeof sum[i]);
    ssrt_pages_free(sum, bytes);
  }
  ssrt_record_end(w);
}

void ssrt_overflow_move(const struct ss_indirect_targets *from,
                        uint32_t num_sites,
                        const struct ss_indirect_targets *to) {
  uint32_t index;
  FOR_EACH_ENTRY(e) {
    if (in_sites(__atomic_load_n(&e->site, __ATOMIC_ACQUIRE), from, num_sites,
                 &index))
      __atomic_store_n(&e->site, (uint64_t)(uintptr_t)&to[index],
                       __ATOMIC_RELEASE);
  }
}

/* The child's sites start with free slots again (registry.c), so its
 * tables start empty: a pair kept from the parent could name a target that
 * takes a slot in the child, and ssrt_overflow_count_known would count it
 * here.  The child has one thread; the tables appended in the parent are
 * unmapped. */
void ssrt_overflow_after_fork(void) {
  for (struct thread_tables *tt = all_tables; tt; tt = tt->next) {
    struct table *first = tt->first;
    for (struct table *t = first->next, *next; t; t = next) {
      next = t->next;
      ssrt_pages_free(t, t->mapping_size);
    }
    first->next = NULL;
    first->claimed = 0;
    memset(first->entries, 0, first->capacity * sizeof *first->entries);
    if (tt->owner != &thread_token)
      tt->owner = NULL; /* a thread the child does not have */
  }
}
