/*
 * registry.h -- the instrumented modules the runtime knows about.
 *
 * Live modules are the pass's own `struct ss_module` globals, linked
 * through their `next` field.  A module whose object is dlclose'd before
 * the process ends is "retired": its counters, function addresses,
 * indirect-call sites, descriptor and module-map entry are copied into
 * runtime-owned pages first, so its counts still reach the file.
 *
 * Both lists only grow at the head and are read without the lock (the
 * writer may run in a signal handler), so every link is published with a
 * release store after the node is complete.
 */
#ifndef SSRT_REGISTRY_H
#define SSRT_REGISTRY_H

#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>

struct ssrt_retired {
  struct ssrt_retired *next;
  size_t mapping_size;
  struct ss_module copy; /* its pointers point into this mapping */
  int has_map_entry;
  struct ss_rec_module_entry map_entry; /* flags include SS_MAP_UNLOADED */
  const char *map_path;
  uint64_t map_path_len;
  /* The loader's unload count when the module unregistered (if known).  A
   * module whose object turns out to be still loaded when the file is
   * written at exit unregistered from an exit, not a dlclose. */
  int unloads_known;
  unsigned long long unloads_at_retire;
  /* Scratch for the writer. */
  uint32_t file_map_index;
  uint32_t file_flags;
};

/* Heads of the two lists, for lock-free readers (acquire loads). */
struct ss_module *ssrt_live_modules(void);
struct ss_module *ssrt_next_live(const struct ss_module *m);
struct ssrt_retired *ssrt_retired_modules(void);

/* In a forked child: forget the parent's counts (counters, indirect sites,
 * retired copies all zeroed). */
void ssrt_registry_child_after_fork(void);

#endif
