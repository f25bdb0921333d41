/* registry.c -- __ssrt_register_module / __ssrt_unregister_module and the
 * lists of live and retired modules (see registry.h; rules: rt/README.md). */
#include "registry.h"

#include "counts_records.h"
#include "indirect_overflow.h"
#include "lifecycle.h"
#include "pages.h"
#include "part.h"
#include "safe_string.h"
#include "thread_counters.h"

#include <string.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

/* runtime_flags bits of a live module. */
#define MODULE_LINKED 0x1u

/* Both lists change under the runtime lock (lifecycle.h). */
static struct ss_module *live_head;
static struct ssrt_retired *retired_head;

struct ss_module *ssrt_live_modules(void) {
  return __atomic_load_n(&live_head, __ATOMIC_ACQUIRE);
}

struct ss_module *ssrt_next_live(const struct ss_module *m) {
  return __atomic_load_n(&m->next, __ATOMIC_ACQUIRE);
}

struct ssrt_retired *ssrt_retired_modules(void) {
  return __atomic_load_n(&retired_head, __ATOMIC_ACQUIRE);
}

static int module_is_sane(const struct ss_module *m) {
  if (m->abi_version != SS_MODULE_ABI) {
    static int warned;
    if (!warned++) {
      char theirs[24], ours[24];
      struct ssrt_str s;
      ssrt_str_init(&s, theirs, sizeof theirs);
      ssrt_str_add_u64(&s, m->abi_version);
      ssrt_str_init(&s, ours, sizeof ours);
      ssrt_str_add_u64(&s, SS_MODULE_ABI);
      ssrt_log("ssrt: ignoring an instrumented module built for runtime ABI ",
               theirs, " (this libssrt has ABI ", ours,
               "); rebuild it with the matching sscc", (const char *)0);
    }
    return 0;
  }
  return (m->num_counters == 0 || m->counters) &&
         (m->num_functions == 0 || m->function_addrs) &&
         (m->num_indirect_sites == 0 || m->indirect_targets) &&
         (m->descriptor_size == 0 || m->descriptor);
}

SSRT_EXPORT void __ssrt_register_module(struct ss_module *m) {
  if (!m || !module_is_sane(m))
    return;
  ssrt_lifecycle_init(); /* may run before the runtime's own constructor */
  ssrt_runtime_lock();
  if (!(m->runtime_flags & MODULE_LINKED)) {
    ssrt_activate_locked();
    if (!ssrt_counter_sets_attach(m))
      ssrt_log("ssrt: out of memory registering an instrumented module; "
               "its counts will read zero", (const char *)0);
    m->runtime_flags |= MODULE_LINKED;
    m->next = live_head;
    __atomic_store_n(&live_head, m, __ATOMIC_RELEASE);
    ssrt_map_refresh();
  }
  ssrt_runtime_unlock();
}

uint32_t ssrt_map_find_module(const struct ssrt_map_snapshot *map,
                              const struct ss_module *m) {
  /* The record itself lies in the object the module was linked into; its
   * first function may not (an older sscc's addresses of interposed
   * functions point into the interposer). */
  uint32_t i = ssrt_map_find_loaded(map, (uint64_t)(uintptr_t)m);
  if (i == SS_NONE && m->num_functions)
    i = ssrt_map_find_text(map, (uint64_t)(uintptr_t)m->function_addrs[0]);
  return i;
}

static size_t align8(size_t v) { return (v + 7) & ~(size_t)7; }

/* Copies everything the file needs from a module about to be unmapped;
 * `object` is its object in `map` (or SS_NONE). */
static struct ssrt_retired *retire(const struct ss_module *m,
                                   const struct ssrt_map_snapshot *map,
                                   uint32_t object) {
  size_t counters = (size_t)ssrt_counter_words(m) * sizeof(uint64_t);
  size_t addrs = (size_t)m->num_functions * sizeof(uint64_t);
  size_t sites = (size_t)m->num_indirect_sites * sizeof(struct ss_indirect_targets);
  size_t desc = (size_t)m->descriptor_size;
  size_t at_counters = align8(sizeof(struct ssrt_retired));
  size_t at_addrs = at_counters + align8(counters);
  size_t at_sites = at_addrs + align8(addrs);
  size_t at_desc = at_sites + align8(sites);
  size_t size = at_desc + desc;
  char *base = ssrt_pages_alloc(size);
  if (!base)
    return NULL;
  struct ssrt_retired *r = (struct ssrt_retired *)base;
  r->object = ssrt_unloaded_add(map, object);
  if (!r->object) {
    ssrt_pages_free(base, size);
    return NULL;
  }
  r->mapping_size = size;
  r->copy = *m;
  r->copy.next = NULL;
  r->copy.runtime_flags = SS_MAP_UNLOADED;

  /* The totals over every thread's set.  The sets themselves are left
   * behind: a writer in a signal handler may be reading them. */
  uint64_t *counter_copy = (uint64_t *)(base + at_counters);
  ssrt_counter_totals(m, 0, ssrt_counter_words(m), counter_copy);
  r->copy.counters = counter_copy;
  r->copy.counter_sets = NULL;

  void **addr_copy = (void **)(base + at_addrs);
  for (uint32_t i = 0; i < m->num_functions; i++)
    addr_copy[i] = m->function_addrs[i];
  r->copy.function_addrs = addr_copy;

  struct ss_indirect_targets *site_copy =
      (struct ss_indirect_targets *)(base + at_sites);
  const uint64_t *site_words = (const uint64_t *)m->indirect_targets;
  uint64_t *copy_words = (uint64_t *)site_copy;
  for (size_t i = 0; i < sites / sizeof(uint64_t); i++)
    copy_words[i] = __atomic_load_n(&site_words[i], __ATOMIC_RELAXED);
  r->copy.indirect_targets = site_copy;
  ssrt_overflow_move(m->indirect_targets, m->num_indirect_sites, site_copy);

  if (desc)
    memcpy(base + at_desc, m->descriptor, desc);
  r->copy.descriptor = (const uint8_t *)(base + at_desc);
  return r;
}

static void unlink_live(struct ss_module *m) {
  struct ss_module **link = &live_head;
  while (*link && *link != m)
    link = &(*link)->next;
  if (*link)
    __atomic_store_n(link, m->next, __ATOMIC_RELEASE);
  m->runtime_flags &= ~(uint64_t)MODULE_LINKED;
}

SSRT_EXPORT void __ssrt_unregister_module(struct ss_module *m) {
  /* At exit the objects stay mapped until the process is gone, and the
   * live list is read where it is; copying would only cost time. */
  if (!m || ssrt_process_exiting())
    return;
  ssrt_runtime_lock();
  if (m->runtime_flags & MODULE_LINKED) {
    ssrt_map_refresh();
    /* The snapshot cannot change under us: refreshes hold this lock. */
    const struct ssrt_map_snapshot *map = ssrt_map_acquire();
    uint32_t object = ssrt_map_find_module(map, m);
    if (object != SS_NONE && (map->objects[object].entry.flags & SS_MAP_MAIN)) {
      /* The executable cannot be dlclose'd: its destructors run only at
       * exit.  This is how exit is recognised when the runtime's exit
       * handler runs late (lifecycle.c). */
      ssrt_exit_has_begun();
    } else {
      /* Retire first, unlink second: a writer in between sees the module
       * twice rather than not at all. */
      struct ssrt_retired *r = retire(m, map, object);
      if (r) {
        r->next = retired_head;
        __atomic_store_n(&retired_head, r, __ATOMIC_RELEASE);
      }
      unlink_live(m);
    }
    ssrt_map_release();
  }
  ssrt_runtime_unlock();
}

static void zero_indirect_targets(struct ss_module *m) {
  if (m->num_indirect_sites)
    memset(m->indirect_targets, 0,
           (size_t)m->num_indirect_sites * sizeof(struct ss_indirect_targets));
}

/* The child starts with none of the parent's counts; it has one thread,
 * and plain stores suffice. */
static void forget_parent_counts(int traced) {
  (void)traced; /* traced or not, the child counts only its own */
  for (struct ss_module *m = live_head; m; m = m->next) {
    ssrt_counter_sets_after_fork(m);
    zero_indirect_targets(m);
  }
  for (struct ssrt_retired *r = retired_head; r; r = r->next) {
    memset(r->copy.counters, 0,
           (size_t)ssrt_counter_words(&r->copy) * sizeof(uint64_t));
    zero_indirect_targets(&r->copy);
  }
  ssrt_overflow_after_fork();
}

/* Here, next to __ssrt_register_module: a static link pulls this file in
 * whenever the program registers a module, and the part with it. */
SSRT_PART(counting_part) = {
    .name = "counting",
    .order = SSRT_ORDER_COUNTING,
    .init = ssrt_counter_sets_init,
    .before_write = ssrt_counts_before_write,
    .write_records = ssrt_counts_write_records,
    .after_fork_in_child = forget_parent_counts,
};
