/* trace_names.c -- interned names for trace events (see trace_names.h;
 * rules: rt/README.md). */
#define _GNU_SOURCE
#include "trace_names.h"

#include "pages.h"
#include "ss/format.h"

#include <string.h>
#include <sys/mman.h>

_Static_assert(sizeof(struct ss_rec_trace_names) == 8 &&
                   sizeof(struct ss_trace_name) == 8,
               "TRACE_NAMES layout (docs/experiment-file.md)");

#define MAX_NAMES (1u << 18)
#define SLOTS (2 * MAX_NAMES) /* open addressing, at most half full */
#define TEXT_BYTES ((size_t)64 << 20)

struct entry {
  uint64_t offset; /* in text */
  uint32_t length;
  uint32_t how;
  int ready; /* the text is copied (release) */
  int pad;
};

static struct entry *entries;
static uint32_t *slots; /* index + 1, 0 when empty */
static char *text;
static uint32_t count;      /* entries handed out */
static size_t text_used;    /* bump pointer in text */

static void *reserve(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

int ssrt_names_init(void) {
  if (entries)
    return 0;
  struct entry *e = reserve(MAX_NAMES * sizeof *entries);
  uint32_t *s = reserve(SLOTS * sizeof *slots);
  char *t = reserve(TEXT_BYTES);
  if (!e || !s || !t)
    return -1;
  text = t;
  slots = s;
  __atomic_store_n(&entries, e, __ATOMIC_RELEASE);
  return 0;
}

/* FNV-1a. */
static uint32_t hash(const char *s, size_t len) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static int same(const struct entry *e, const char *s, size_t len) {
  return __atomic_load_n(&e->ready, __ATOMIC_ACQUIRE) && e->length == len &&
         memcmp(text + e->offset, s, len) == 0;
}

uint32_t ssrt_names_intern(const char *s, size_t len, uint32_t how) {
  if (!__atomic_load_n(&entries, __ATOMIC_ACQUIRE) || len > 65535)
    return SS_NONE;
  uint32_t at = hash(s, len) & (SLOTS - 1);
  for (uint32_t probes = 0; probes < SLOTS; probes++, at = (at + 1) & (SLOTS - 1)) {
    uint32_t v = __atomic_load_n(&slots[at], __ATOMIC_ACQUIRE);
    if (v) {
      if (same(&entries[v - 1], s, len))
        return v - 1;
      continue;
    }
    /* A new name: its entry and text first, then the slot. */
    uint32_t id = __atomic_fetch_add(&count, 1, __ATOMIC_ACQ_REL);
    size_t off = __atomic_fetch_add(&text_used, len + 1, __ATOMIC_RELAXED);
    if (id >= MAX_NAMES || off + len + 1 > TEXT_BYTES)
      return SS_NONE;
    memcpy(text + off, s, len);
    text[off + len] = '\0';
    struct entry *e = &entries[id];
    e->offset = off;
    e->length = (uint32_t)len;
    e->how = how;
    __atomic_store_n(&e->ready, 1, __ATOMIC_RELEASE);
    uint32_t expected = 0;
    while (!__atomic_compare_exchange_n(&slots[at], &expected, id + 1, 0,
                                        __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      /* Taken meanwhile: by the same name (keep ours: the reader merges
       * equal names) or another (try the next slot). */
      if (same(&entries[expected - 1], s, len))
        return id;
      at = (at + 1) & (SLOTS - 1);
      expected = 0;
    }
    return id;
  }
  return SS_NONE;
}

void ssrt_names_write(struct ssrt_writer *w) {
  if (!__atomic_load_n(&entries, __ATOMIC_ACQUIRE))
    return;
  uint32_t n = __atomic_load_n(&count, __ATOMIC_ACQUIRE);
  if (n > MAX_NAMES)
    n = MAX_NAMES;
  struct ss_rec_trace_names h = {n, 0};
  ssrt_record_begin(w, SS_REC_TRACE_NAMES);
  ssrt_record_put(w, &h, sizeof h);
  for (uint32_t i = 0; i < n; i++) {
    /* An entry still being made (a recorder the writer gave up waiting
     * for) has no text yet: it is written as "?". */
    struct ss_trace_name t = {
        __atomic_load_n(&entries[i].ready, __ATOMIC_ACQUIRE) ? entries[i].how
                                                             : SS_NAME_INHERITED,
        0};
    ssrt_record_put(w, &t, sizeof t);
  }
  for (uint32_t i = 0; i < n; i++) {
    const struct entry *e = &entries[i];
    if (__atomic_load_n(&e->ready, __ATOMIC_ACQUIRE))
      ssrt_record_put_string_n(w, text + e->offset, e->length);
    else
      ssrt_record_put_string(w, "?");
  }
  ssrt_record_end(w);
}
