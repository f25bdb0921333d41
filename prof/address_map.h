/*
 * address_map.h -- code addresses of one run made comparable across runs:
 * an address inside a module of the run's module map becomes (module path,
 * offset from the module's load bias); anything else stays absolute.
 */
#ifndef SSPROF_ADDRESS_MAP_H
#define SSPROF_ADDRESS_MAP_H

#include "expfile.h"

#include <stdint.h>

struct ss_loc {
  const char *path; /* module path, or NULL: `addr` is absolute */
  uint64_t addr;    /* offset from the module's load bias, or absolute */
};

/* The map entry whose text range holds `addr`: one still loaded when the
 * file was written if any, else the latest unloaded one; SS_NONE if none. */
uint32_t ss_map_find(const struct ss_expfile *f, uint64_t addr);

/* `addr` relocated through the entry that holds it. */
struct ss_loc ss_relocate(const struct ss_expfile *f, uint64_t addr);

/* `addr` relocated through a known map entry (SS_NONE: search for one). */
struct ss_loc ss_relocate_in(const struct ss_expfile *f, uint32_t map_index,
                             uint64_t addr);

int ss_loc_cmp(const struct ss_loc *a, const struct ss_loc *b);

/* Final component of a path ("" stays ""). */
const char *ss_basename(const char *path);

#endif
