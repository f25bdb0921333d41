/* unloaded_objects.c -- objects that left the process, and how the file
 * lists them (see unloaded_objects.h; rules: rt/README.md). */
#include "unloaded_objects.h"

#include "pages.h"
#include "safe_string.h"

#include <string.h>

static struct ssrt_unloaded_object *head;

struct ssrt_unloaded_object *ssrt_unloaded_objects(void) {
  return __atomic_load_n(&head, __ATOMIC_ACQUIRE);
}

static size_t align8(size_t v) { return (v + 7) & ~(size_t)7; }

const struct ssrt_unloaded_object *
ssrt_unloaded_add(const struct ssrt_map_snapshot *map, uint32_t object) {
  const struct ssrt_map_object *o =
      object == SS_NONE ? NULL : &map->objects[object];
  size_t at_path = align8(sizeof(struct ssrt_unloaded_object));
  size_t size = at_path + (o ? o->path_len : 0) + 1;
  char *base = ssrt_pages_alloc(size);
  if (!base)
    return NULL;
  struct ssrt_unloaded_object *u = (struct ssrt_unloaded_object *)base;
  u->mapping_size = size;
  u->file_map_index = SS_NONE;
  if (o) {
    u->has_map_entry = 1;
    u->map_entry = o->entry;
    /* Only the executable's entry is SS_MAP_MAIN (and the executable is
     * never unloaded). */
    u->map_entry.flags = (u->map_entry.flags & ~SS_MAP_MAIN) | SS_MAP_UNLOADED;
    memcpy(base + at_path, o->path, o->path_len + 1);
    u->map_path = base + at_path;
    u->map_path_len = o->path_len;
  }
  u->unloads_known = map && map->load_counts_known;
  u->unloads_when_added = map ? map->subs : 0;
  u->next = head;
  __atomic_store_n(&head, u, __ATOMIC_RELEASE);
  return u;
}

static int same_object(const struct ssrt_unloaded_object *a,
                       const struct ssrt_unloaded_object *b) {
  return a->map_entry.base == b->map_entry.base &&
         a->map_entry.text_start == b->map_entry.text_start &&
         a->map_entry.text_end == b->map_entry.text_end &&
         ssrt_streq(a->map_path, b->map_path);
}

/* The live entry for the same object, or SS_NONE. */
static uint32_t live_entry_of(const struct ssrt_map_snapshot *map,
                              const struct ssrt_unloaded_object *u) {
  for (uint32_t i = 0; map && i < map->count; i++)
    if (map->objects[i].entry.base == u->map_entry.base &&
        map->objects[i].entry.text_start == u->map_entry.text_start &&
        ssrt_streq(map->objects[i].path, u->map_path))
      return i;
  return SS_NONE;
}

/* An object the loader has not unloaded since it was added (its unload
 * count is unchanged and the object is still in the map) did not go away:
 * its module unregistered because the process is exiting, from a
 * destructor that ran before the runtime learnt of the exit.  That can
 * only be judged with a map taken now, i.e. at exit. */
static int still_loaded(const struct ssrt_unloaded_object *u,
                        const struct ssrt_map_snapshot *map, int map_is_current,
                        uint32_t *live_index) {
  if (!map_is_current || !map || !u->has_map_entry || !u->unloads_known ||
      !map->load_counts_known || map->subs != u->unloads_when_added)
    return 0;
  *live_index = live_entry_of(map, u);
  return *live_index != SS_NONE;
}

uint32_t ssrt_unloaded_classify(struct ssrt_unloaded_object *list,
                                const struct ssrt_map_snapshot *map,
                                int map_is_current) {
  uint32_t first = map ? map->count : 0, next = first;
  for (struct ssrt_unloaded_object *u = list; u; u = u->next) {
    u->file_map_index = SS_NONE;
    u->file_flags = SS_MAP_UNLOADED;
    uint32_t live;
    if (still_loaded(u, map, map_is_current, &live)) {
      u->file_map_index = live;
      u->file_flags = 0;
      continue;
    }
    if (!u->has_map_entry)
      continue;
    for (struct ssrt_unloaded_object *q = list; q != u; q = q->next)
      if (q->file_flags == SS_MAP_UNLOADED && q->file_map_index != SS_NONE &&
          same_object(q, u)) {
        u->file_map_index = q->file_map_index;
        break;
      }
    if (u->file_map_index == SS_NONE)
      u->file_map_index = next++;
  }
  return next - first;
}

/* Each unloaded entry once, in index order, by `emit`. */
static void for_each_unloaded_entry(
    struct ssrt_writer *w, struct ssrt_unloaded_object *list,
    uint32_t first_index, uint32_t count,
    void (*emit)(struct ssrt_writer *, const struct ssrt_unloaded_object *)) {
  for (uint32_t index = first_index; index < first_index + count; index++)
    for (struct ssrt_unloaded_object *u = list; u; u = u->next)
      if (u->file_map_index == index && u->file_flags == SS_MAP_UNLOADED) {
        emit(w, u);
        break;
      }
}

static void emit_entry(struct ssrt_writer *w, const struct ssrt_unloaded_object *u) {
  ssrt_record_put(w, &u->map_entry, sizeof u->map_entry);
}

static void emit_path(struct ssrt_writer *w, const struct ssrt_unloaded_object *u) {
  ssrt_record_put_string_n(w, u->map_path, u->map_path_len);
}

void ssrt_unloaded_put_entries(struct ssrt_writer *w,
                               struct ssrt_unloaded_object *list,
                               uint32_t first_index, uint32_t count) {
  for_each_unloaded_entry(w, list, first_index, count, emit_entry);
}

void ssrt_unloaded_put_paths(struct ssrt_writer *w,
                             struct ssrt_unloaded_object *list,
                             uint32_t first_index, uint32_t count) {
  for_each_unloaded_entry(w, list, first_index, count, emit_path);
}
