/* thread_counters.c -- per-thread counter sets (see thread_counters.h;
 * rules: rt/README.md). */
#include "thread_counters.h"

#include "indirect_overflow.h"
#include "lifecycle.h"
#include "pages.h"
#include "registry.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

struct counter_set {
  struct counter_set *next; /* the module's list; published with release */
  void *owner;              /* a thread's token while it counts here */
  uint64_t **slot;          /* that thread's pointer in the module */
  /* The counts; for a set in static TLS, the owner's copy while it lives,
   * NULL once its counts have gone into the module's static array. */
  uint64_t *counts;
  int in_static_tls;
};

/* Its address tells threads apart: unique among live threads, and the same
 * in a forked child as in the thread that forked. */
static __thread char thread_token;
static __thread int exit_hook_armed;
static pthread_key_t exit_key;
static int exit_key_ok;

static struct counter_set *first_set(const struct ss_module *m) {
  return __atomic_load_n((struct counter_set *const *)&m->counter_sets,
                         __ATOMIC_ACQUIRE);
}

static void push_set(struct ss_module *m, struct counter_set *s) {
  struct counter_set **head = (struct counter_set **)&m->counter_sets;
  struct counter_set *old = __atomic_load_n(head, __ATOMIC_RELAXED);
  do
    s->next = old;
  while (!__atomic_compare_exchange_n(head, &old, s, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED));
}

/* Headers of the static sets come from one small arena (under the runtime
 * lock), not a mapping each: a program may have thousands of modules. */
static struct counter_set *arena;
static size_t arena_left;

int ssrt_counter_sets_attach(struct ss_module *m) {
  if (m->counter_sets)
    return 1; /* registered before (re-registration after a failed dlclose) */
  if (arena_left == 0) {
    enum { ARENA_BYTES = 16384 };
    arena = ssrt_pages_alloc(ARENA_BYTES);
    if (!arena)
      return 0;
    arena_left = ARENA_BYTES / sizeof *arena;
  }
  struct counter_set *s = arena++;
  arena_left--;
  s->counts = m->counters;
  push_set(m, s);
  return 1;
}

void ssrt_counter_totals(const struct ss_module *m, uint32_t first, uint32_t n,
                         uint64_t *out) {
  const struct counter_set *s = first_set(m);
  if (!s) {
    for (uint32_t i = 0; i < n; i++)
      out[i] = __atomic_load_n(&m->counters[first + i], __ATOMIC_RELAXED);
    return;
  }
  memset(out, 0, (size_t)n * sizeof *out);
  for (; s; s = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE)) {
    const uint64_t *counts = __atomic_load_n(&s->counts, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; counts && i < n; i++)
      out[i] += __atomic_load_n(&counts[first + i], __ATOMIC_RELAXED);
  }
}

/* A set in static TLS dies with its thread: its counts go into the
 * module's static array, which in such a module no thread counts in (it
 * is written here only, under the runtime lock).  The copy is zeroed for
 * a later set of the same thread (instrumented code in another key's
 * destructor).  A file written meanwhile by another thread may see the
 * counts twice, never not at all. */
static void take_in_static_tls_set(struct ss_module *m, struct counter_set *s) {
  uint64_t *counts = s->counts;
  uint32_t words = ssrt_counter_words(m);
  for (uint32_t i = 0; i < words; i++)
    __atomic_store_n(&m->counters[i], m->counters[i] + counts[i],
                     __ATOMIC_RELAXED);
  __atomic_store_n(&s->counts, NULL, __ATOMIC_RELEASE);
  memset(counts, 0, (size_t)words * sizeof *counts);
}

/* The thread's sets go back to their modules when it ends, and its
 * indirect-call overflow tables to the next thread (indirect_overflow.h).
 * Instrumented code that runs later in the thread (another key's
 * destructor) finds its pointer NULL, takes a set again and re-arms this,
 * up to the C library's limit of destructor rounds. */
static void give_back_sets(void *token) {
  ssrt_runtime_lock();
  for (struct ss_module *m = ssrt_live_modules(); m; m = ssrt_next_live(m))
    for (struct counter_set *s = first_set(m); s; s = s->next)
      if (__atomic_load_n(&s->owner, __ATOMIC_RELAXED) == token) {
        if (s->in_static_tls)
          take_in_static_tls_set(m, s);
        *s->slot = NULL;
        __atomic_store_n(&s->owner, NULL, __ATOMIC_RELEASE);
      }
  ssrt_runtime_unlock();
  ssrt_overflow_thread_end();
  exit_hook_armed = 0;
}

void ssrt_counter_sets_init(void) {
  exit_key_ok = pthread_key_create(&exit_key, give_back_sets) == 0;
}

static void arm_exit_hook(void) {
  if (exit_hook_armed || !exit_key_ok)
    return;
  exit_hook_armed = 1;
  pthread_setspecific(exit_key, &thread_token);
}

/* A set of m no thread owns, of the kind asked for, now the calling
 * thread's; NULL if there is none. */
static struct counter_set *adopt_free_set(struct ss_module *m, uint64_t **slot,
                                          int in_static_tls) {
  for (struct counter_set *s = first_set(m); s;
       s = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE)) {
    void *none = NULL;
    if (s->in_static_tls == in_static_tls &&
        __atomic_load_n(&s->owner, __ATOMIC_RELAXED) == NULL &&
        __atomic_compare_exchange_n(&s->owner, &none, &thread_token, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      s->slot = slot;
      return s;
    }
  }
  return NULL;
}

static uint64_t *map_new_set(struct ss_module *m, uint64_t **slot) {
  size_t header = (sizeof(struct counter_set) + 63) & ~(size_t)63;
  char *base = ssrt_pages_alloc(header + (size_t)ssrt_counter_words(m) * 8);
  if (!base)
    return NULL;
  struct counter_set *s = (struct counter_set *)base;
  s->owner = &thread_token;
  s->slot = slot;
  s->counts = (uint64_t *)(base + header);
  push_set(m, s);
  return s->counts;
}

/* Lock-free and async-signal-safe (mmap only): the first instrumented code
 * a thread runs may be a signal handler.  Never fails: without memory the
 * thread shares the module's static array, as exact as it gets then. */
SSRT_EXPORT uint64_t *__ssrt_thread_counters(struct ss_module *m,
                                             uint64_t **slot) {
  struct counter_set *s = adopt_free_set(m, slot, 0);
  uint64_t *counts = s ? s->counts : map_new_set(m, slot);
  if (!counts)
    counts = m->counters;
  arm_exit_hook();
  *slot = counts;
  return counts;
}

/* Headers of sets in static TLS, carved from pages by an atomic bump: as
 * lock-free and async-signal-safe as the rest of this path. */
struct header_chunk {
  size_t taken;
  struct counter_set sets[];
};
enum { HEADER_CHUNK_BYTES = 16384 };
#define HEADERS_PER_CHUNK                                                      \
  ((HEADER_CHUNK_BYTES - sizeof(struct header_chunk)) / sizeof(struct counter_set))
static struct header_chunk *header_chunk;

static struct counter_set *new_header(void) {
  for (;;) {
    struct header_chunk *c = __atomic_load_n(&header_chunk, __ATOMIC_ACQUIRE);
    if (c) {
      size_t i = __atomic_fetch_add(&c->taken, 1, __ATOMIC_RELAXED);
      if (i < HEADERS_PER_CHUNK)
        return &c->sets[i];
    }
    struct header_chunk *fresh = ssrt_pages_alloc(HEADER_CHUNK_BYTES);
    if (!fresh)
      return NULL;
    if (!__atomic_compare_exchange_n(&header_chunk, &c, fresh, 0,
                                     __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
      ssrt_pages_free(fresh, HEADER_CHUNK_BYTES);
  }
}

/* An executable's module counts in static TLS (`counts`, the calling
 * thread's copy, zero or as a set given back left it), so a thread needs
 * no set of counts, only a header in the module's list that points to its
 * copy.  Without memory for one the thread's counts stay unknown to the
 * file. */
SSRT_EXPORT uint64_t *__ssrt_thread_counters_tls(struct ss_module *m,
                                                 uint64_t **slot,
                                                 uint64_t *counts) {
  /* Called at each function's first call in the thread (its entry count
   * going down from 0: SS_FUNC_ENTRY_COUNTS_DOWN), so most calls find the
   * thread known already. */
  if (*slot)
    return *slot;
  struct counter_set *s = adopt_free_set(m, slot, 1);
  if (!s && (s = new_header()) != NULL) {
    s->owner = &thread_token;
    s->slot = slot;
    s->in_static_tls = 1;
    push_set(m, s);
  }
  if (s)
    __atomic_store_n(&s->counts, counts, __ATOMIC_RELEASE);
  arm_exit_hook();
  *slot = counts;
  return counts;
}

void ssrt_counter_sets_after_fork(struct ss_module *m) {
  for (struct counter_set *s = first_set(m); s; s = s->next) {
    int mine = s->owner == &thread_token;
    if (s->in_static_tls && !mine)
      s->counts = NULL; /* the copy of a thread the child does not have */
    if (s->counts)
      memset(s->counts, 0, (size_t)ssrt_counter_words(m) * sizeof(uint64_t));
    if (!mine)
      s->owner = NULL;
  }
}
