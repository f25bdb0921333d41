/*
 * module_map.h -- which objects (the executable, shared libraries) are
 * loaded where, with their build-ids: the MODULE_MAP record, and the way
 * COUNTS records say which object their functions live in.
 *
 * dl_iterate_phdr takes the loader's lock and may not be called from a
 * signal handler, so the map is kept as a snapshot in runtime-owned pages,
 * refreshed whenever a module registers or unregisters and before the file
 * is written at a normal exit; the signal path uses the last snapshot.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_MODULE_MAP_H
#define SSRT_MODULE_MAP_H

#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>

struct ssrt_map_object {
  struct ss_rec_module_entry entry;
  uint64_t load_start; /* whole extent of the PT_LOAD segments */
  uint64_t load_end;
  const char *path;    /* NUL-terminated, inside the snapshot */
  uint64_t path_len;
};

struct ssrt_map_snapshot {
  size_t mapping_size;
  unsigned long long adds; /* the loader's load/unload counts when taken */
  unsigned long long subs;
  uint32_t load_counts_known; /* adds/subs are meaningful */
  uint32_t count;
  struct ssrt_map_object objects[];
};

/* Takes a new snapshot if anything was loaded or unloaded since the last
 * one.  Not async-signal-safe; callers serialize (the runtime lock). */
void ssrt_map_refresh(void);

/* The current snapshot (possibly NULL), safe to read from a signal
 * handler until the matching release. */
const struct ssrt_map_snapshot *ssrt_map_acquire(void);
void ssrt_map_release(void);

/* Index of the object whose executable range holds addr, else SS_NONE. */
uint32_t ssrt_map_find_text(const struct ssrt_map_snapshot *map, uint64_t addr);
/* Index of the object whose loaded extent holds addr, else SS_NONE. */
uint32_t ssrt_map_find_loaded(const struct ssrt_map_snapshot *map,
                              uint64_t addr);
#endif
