/* module_map.c -- snapshots of the loaded objects (see module_map.h; rules:
 * rt/README.md). */
#define _GNU_SOURCE
#include "module_map.h"

#include "pages.h"
#include "process_info.h"
#include "safe_string.h"

#include <elf.h>
#include <link.h>
#include <stddef.h>

static struct ssrt_map_snapshot *current;
/* Signal handlers reading `current`; a replaced snapshot is unmapped only
 * when none is (otherwise it is left mapped: a few pages, once). */
static int readers;

const struct ssrt_map_snapshot *ssrt_map_acquire(void) {
  __atomic_add_fetch(&readers, 1, __ATOMIC_SEQ_CST);
  return __atomic_load_n(&current, __ATOMIC_SEQ_CST);
}

void ssrt_map_release(void) {
  __atomic_sub_fetch(&readers, 1, __ATOMIC_SEQ_CST);
}

static int has_load_counts(size_t size) {
  return size >= offsetof(struct dl_phdr_info, dlpi_subs) +
                     sizeof(((struct dl_phdr_info *)0)->dlpi_subs);
}

/* -- pass 0: has anything changed? ------------------------------------- */

struct probe {
  int known;
  unsigned long long adds, subs;
};

static int probe_object(struct dl_phdr_info *info, size_t size, void *arg) {
  struct probe *pr = arg;
  if (has_load_counts(size)) {
    pr->known = 1;
    pr->adds = info->dlpi_adds;
    pr->subs = info->dlpi_subs;
  }
  return 1; /* the counts are the same for every object: stop */
}

/* -- pass 1: how big? --------------------------------------------------- */

struct census {
  uint32_t objects;
  size_t path_bytes;
};

static const char *object_path(struct dl_phdr_info *info, int first) {
  if (first && (!info->dlpi_name || !info->dlpi_name[0]))
    return ssrt_info.exe_path; /* the executable has no name in the list */
  return info->dlpi_name ? info->dlpi_name : "";
}

static int count_object(struct dl_phdr_info *info, size_t size, void *arg) {
  (void)size;
  struct census *c = arg;
  c->path_bytes += ssrt_strlen(object_path(info, c->objects == 0)) + 1;
  c->objects++;
  return 0;
}

/* -- pass 2: fill ------------------------------------------------------- */

struct filler {
  struct ssrt_map_snapshot *snap;
  uint32_t capacity;
  char *strings;
  size_t string_room;
  size_t string_used;
  unsigned long long adds, subs;
  int load_counts_known;
  int overflow;
  int seen;
};

static size_t align_up(size_t v, size_t a) { return (v + a - 1) & ~(a - 1); }

static void read_build_id(struct ss_rec_module_entry *e, ElfW(Addr) base,
                          const ElfW(Phdr) *ph) {
  const uint8_t *p = (const uint8_t *)(base + ph->p_vaddr);
  const uint8_t *end = p + ph->p_memsz;
  size_t align = ph->p_align == 8 ? 8 : 4;
  while (p + sizeof(ElfW(Nhdr)) <= end) {
    const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
    const uint8_t *name = p + sizeof *n;
    const uint8_t *desc = name + align_up(n->n_namesz, align);
    const uint8_t *next = desc + align_up(n->n_descsz, align);
    if (next > end || next <= p)
      return;
    if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && name[0] == 'G' &&
        name[1] == 'N' && name[2] == 'U' && name[3] == '\0') {
      uint32_t len = n->n_descsz < sizeof e->build_id ? n->n_descsz
                                                      : sizeof e->build_id;
      for (uint32_t i = 0; i < len; i++)
        e->build_id[i] = desc[i];
      e->build_id_len = len;
      return;
    }
    p = next;
  }
}

static int fill_object(struct dl_phdr_info *info, size_t size, void *arg) {
  struct filler *f = arg;
  int first = f->seen++ == 0;
  if (first && has_load_counts(size)) {
    f->adds = info->dlpi_adds;
    f->subs = info->dlpi_subs;
    f->load_counts_known = 1;
  }
  const char *path = object_path(info, first);
  size_t path_len = ssrt_strlen(path);
  if (f->snap->count == f->capacity ||
      f->string_used + path_len + 1 > f->string_room) {
    f->overflow = 1; /* something was loaded between the passes */
    return 1;
  }
  struct ssrt_map_object *o = &f->snap->objects[f->snap->count++];
  struct ss_rec_module_entry *e = &o->entry;
  e->base = info->dlpi_addr;
  e->flags = first && (!info->dlpi_name || !info->dlpi_name[0]) ? SS_MAP_MAIN : 0;
  uint64_t text_lo = UINT64_MAX, text_hi = 0, load_lo = UINT64_MAX, load_hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD) {
      uint64_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
      if (lo < load_lo)
        load_lo = lo;
      if (hi > load_hi)
        load_hi = hi;
      if (ph->p_flags & PF_X) {
        if (lo < text_lo)
          text_lo = lo;
        if (hi > text_hi)
          text_hi = hi;
      }
    } else if (ph->p_type == PT_NOTE && e->build_id_len == 0) {
      read_build_id(e, info->dlpi_addr, ph);
    }
  }
  e->text_start = text_hi ? text_lo : 0;
  e->text_end = text_hi;
  o->load_start = load_hi ? load_lo : 0;
  o->load_end = load_hi;
  char *dst = f->strings + f->string_used;
  for (size_t i = 0; i <= path_len; i++)
    dst[i] = path[i];
  o->path = dst;
  o->path_len = path_len;
  f->string_used += path_len + 1;
  return 0;
}

static struct ssrt_map_snapshot *take_snapshot(void) {
  for (int attempt = 0; attempt < 8; attempt++) {
    struct census c = {0, 0};
    dl_iterate_phdr(count_object, &c);
    /* Slack for objects loaded by other threads between the two passes. */
    uint32_t capacity = c.objects + 8;
    size_t string_room = c.path_bytes + 8 * 256;
    size_t objects_end = sizeof(struct ssrt_map_snapshot) +
                         (size_t)capacity * sizeof(struct ssrt_map_object);
    size_t size = objects_end + string_room;
    struct ssrt_map_snapshot *snap = ssrt_pages_alloc(size);
    if (!snap)
      return NULL;
    snap->mapping_size = size;
    struct filler f = {snap, capacity, (char *)snap + objects_end, string_room,
                       0, 0, 0, 0, 0, 0};
    dl_iterate_phdr(fill_object, &f);
    if (!f.overflow) {
      snap->adds = f.adds;
      snap->subs = f.subs;
      snap->load_counts_known = (uint32_t)f.load_counts_known;
      return snap;
    }
    ssrt_pages_free(snap, size);
  }
  return NULL;
}

void ssrt_map_refresh(void) {
  struct probe pr = {0, 0, 0};
  dl_iterate_phdr(probe_object, &pr);
  struct ssrt_map_snapshot *old = __atomic_load_n(&current, __ATOMIC_SEQ_CST);
  if (old && pr.known && old->load_counts_known && old->adds == pr.adds &&
      old->subs == pr.subs)
    return;
  struct ssrt_map_snapshot *snap = take_snapshot();
  if (!snap)
    return; /* keep the old one: better stale than none */
  __atomic_store_n(&current, snap, __ATOMIC_SEQ_CST);
  if (old && __atomic_load_n(&readers, __ATOMIC_SEQ_CST) == 0)
    ssrt_pages_free(old, old->mapping_size);
}

uint32_t ssrt_map_find_text(const struct ssrt_map_snapshot *map, uint64_t addr) {
  if (!map)
    return SS_NONE;
  for (uint32_t i = 0; i < map->count; i++) {
    const struct ss_rec_module_entry *e = &map->objects[i].entry;
    if (addr >= e->text_start && addr < e->text_end)
      return i;
  }
  return SS_NONE;
}

uint32_t ssrt_map_find_loaded(const struct ssrt_map_snapshot *map,
                              uint64_t addr) {
  if (!map)
    return SS_NONE;
  for (uint32_t i = 0; i < map->count; i++) {
    const struct ssrt_map_object *o = &map->objects[i];
    if (addr >= o->load_start && addr < o->load_end)
      return i;
  }
  return SS_NONE;
}
