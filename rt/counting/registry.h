/*
 * registry.h -- the instrumented modules the runtime knows about.
 *
 * Live modules are the pass's own `struct ss_module` globals, linked
 * through their `next` field.  A module whose object is dlclose'd before
 * the process ends is "retired": its counters, function addresses,
 * indirect-call sites and descriptor are copied into runtime-owned pages
 * first, and its object joins the unloaded objects (unloaded_objects.h),
 * so its counts still reach the file with their object named.
 *
 * Both lists only grow at the head and are read without the lock (the
 * writer may run in a signal handler), so every link is published with a
 * release store after the node is complete.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_REGISTRY_H
#define SSRT_REGISTRY_H

#include "module_map.h"
#include "ss/format.h"
#include "unloaded_objects.h"

#include <stddef.h>
#include <stdint.h>

struct ssrt_retired {
  struct ssrt_retired *next;
  size_t mapping_size;
  struct ss_module copy; /* its pointers point into this mapping */
  /* Its object, in the list of unloaded objects (unloaded_objects.h),
   * which gives it its place in the file's module map. */
  const struct ssrt_unloaded_object *object;
};

/* Heads of the two lists, for lock-free readers (acquire loads). */
struct ss_module *ssrt_live_modules(void);
struct ss_module *ssrt_next_live(const struct ss_module *m);
struct ssrt_retired *ssrt_retired_modules(void);

/* Index of the object in `map` that holds an instrumented module: the one
 * whose segments hold the module record itself, else the one whose code
 * holds its first function; SS_NONE if none does. */
uint32_t ssrt_map_find_module(const struct ssrt_map_snapshot *map,
                              const struct ss_module *m);

#endif
