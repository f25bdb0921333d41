/* address_map.c -- module-relative code addresses. */
#include "profile.h"

#include <string.h>

uint32_t ss_map_find(const struct ss_expfile *f, uint64_t addr) {
  uint32_t unloaded = SS_NONE;
  for (uint32_t i = 0; i < f->num_map; i++) {
    const struct ss_map_entry *m = &f->map[i];
    if (addr < m->text_start || addr >= m->text_end)
      continue;
    if (!(m->flags & SS_MAP_UNLOADED))
      return i;
    unloaded = i;
  }
  return unloaded;
}

struct ss_loc ss_relocate_in(const struct ss_expfile *f, uint32_t map_index,
                             uint64_t addr) {
  struct ss_loc loc = {NULL, addr};
  if (map_index == SS_NONE || map_index >= f->num_map)
    map_index = ss_map_find(f, addr);
  if (map_index != SS_NONE) {
    loc.path = f->map[map_index].path;
    loc.addr = addr - f->map[map_index].base;
  }
  return loc;
}

struct ss_loc ss_relocate(const struct ss_expfile *f, uint64_t addr) {
  return ss_relocate_in(f, SS_NONE, addr);
}

int ss_loc_cmp(const struct ss_loc *a, const struct ss_loc *b) {
  if (!a->path != !b->path)
    return a->path ? 1 : -1;
  if (a->path) {
    int c = strcmp(a->path, b->path);
    if (c)
      return c;
  }
  return a->addr < b->addr ? -1 : a->addr > b->addr;
}
