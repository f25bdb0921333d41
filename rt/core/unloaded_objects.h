/*
 * unloaded_objects.h -- objects that left the process during the run: the
 * MODULE_MAP record's second group of entries (docs/experiment-file.md).
 *
 * Whoever keeps data of an object that is about to be unloaded (counting,
 * for an instrumented module dlclose'd) adds the object here first, with
 * its module-map entry as the last map had it, and the loader's unload
 * count.  When the file is written, each object is classified once: still
 * loaded (see ssrt_unloaded_classify) or gone, and gone ones with the same
 * base, text range and path share one entry.  The records that name the
 * object then use the file index and flags it was given.
 *
 * The list only grows at the head, under the runtime lock (lifecycle.h),
 * and is read without it (the writer may run in a signal handler), so
 * every link is published with a release store after the node is
 * complete.  A forked child keeps it: its file lists the objects too.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_UNLOADED_OBJECTS_H
#define SSRT_UNLOADED_OBJECTS_H

#include "module_map.h"
#include "record_writer.h"
#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>

struct ssrt_unloaded_object {
  struct ssrt_unloaded_object *next;
  size_t mapping_size;
  int has_map_entry; /* 0: the object was in no map taken */
  struct ss_rec_module_entry map_entry; /* flags include SS_MAP_UNLOADED */
  const char *map_path;
  uint64_t map_path_len;
  /* The loader's unload count when the object was added (if known).  An
   * object that turns out to be still loaded when the file is written at
   * exit was added because of the exit, not a dlclose. */
  int unloads_known;
  unsigned long long unloads_when_added;
  /* Given by the writer (ssrt_unloaded_classify): the object's MODULE_MAP
   * index (SS_NONE: none) and the flags of the records that name it. */
  uint32_t file_map_index;
  uint32_t file_flags;
};

/* With the runtime lock held, before the object is unloaded: adds the
 * object of `map`'s entry `object` (SS_NONE if it has none).  NULL if out
 * of memory. */
const struct ssrt_unloaded_object *
ssrt_unloaded_add(const struct ssrt_map_snapshot *map, uint32_t object);

/* The head of the list (acquire load). */
struct ssrt_unloaded_object *ssrt_unloaded_objects(void);

/* For the writer: gives every object of `list` its file index and flags,
 * the live objects of `map` coming first; `map_is_current` when the map was
 * taken just now (at exit).  Returns the number of unloaded entries, which
 * follow the live ones. */
uint32_t ssrt_unloaded_classify(struct ssrt_unloaded_object *list,
                                const struct ssrt_map_snapshot *map,
                                int map_is_current);
/* The unloaded entries, each once, in index order: their module entries,
 * then their paths (the MODULE_MAP record's two arrays). */
void ssrt_unloaded_put_entries(struct ssrt_writer *w,
                               struct ssrt_unloaded_object *list,
                               uint32_t first_index, uint32_t count);
void ssrt_unloaded_put_paths(struct ssrt_writer *w,
                             struct ssrt_unloaded_object *list,
                             uint32_t first_index, uint32_t count);

#endif
