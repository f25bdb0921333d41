/* counts_records.c -- the COUNTS records (see counts_records.h; rules:
 * rt/README.md). */
#include "counts_records.h"

#include "indirect_overflow.h"
#include "registry.h"
#include "ss/format.h"
#include "thread_counters.h"

_Static_assert(sizeof(struct ss_rec_counts) == 32,
               "COUNTS record layout (docs/experiment-file.md)");
_Static_assert(sizeof(struct ss_indirect_site) ==
                   (2 * SS_INDIRECT_SLOTS + 1) * sizeof(uint64_t),
               "an indirect site is whole words");

static struct ssrt_retired *retired_to_write;

/* The record's words in SS_COUNTS_SPARSE groups: a group goes out, mask
 * first, once its 64 words are known. */
struct sparse_words {
  struct ssrt_writer *w;
  uint64_t mask;
  uint32_t seen;                       /* words of the group so far */
  uint32_t kept;                       /* of which not zero */
  uint64_t nonzero[SS_COUNTS_GROUP];
};

static void sparse_flush(struct sparse_words *s) {
  if (s->seen == 0)
    return;
  ssrt_record_put(s->w, &s->mask, sizeof s->mask);
  ssrt_record_put(s->w, s->nonzero, s->kept * sizeof(uint64_t));
  s->mask = 0;
  s->seen = s->kept = 0;
}

static void sparse_put(struct sparse_words *s, const uint64_t *words,
                       uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (words[i]) {
      s->mask |= 1ull << s->seen;
      s->nonzero[s->kept++] = words[i];
    }
    if (++s->seen == SS_COUNTS_GROUP)
      sparse_flush(s);
  }
}

static void put_u64_pointers(struct sparse_words *s, void *const *p,
                             uint32_t n) {
  uint64_t chunk[128];
  while (n > 0) {
    uint32_t k = n < 128 ? n : 128;
    for (uint32_t i = 0; i < k; i++)
      chunk[i] = (uint64_t)(uintptr_t)p[i];
    sparse_put(s, chunk, k);
    p += k;
    n -= k;
  }
}

static void put_counter_totals(struct sparse_words *s,
                               const struct ss_module *m) {
  uint64_t chunk[128];
  for (uint32_t first = 0; first < m->num_counters; first += 128) {
    uint32_t n = m->num_counters - first < 128 ? m->num_counters - first : 128;
    ssrt_counter_totals(m, first, n, chunk);
    sparse_put(s, chunk, n);
  }
}

/* Each site as the file has it: the shared targets with the counts summed
 * over the threads' sets. */
static void put_indirect_sites(struct sparse_words *s,
                               const struct ss_module *m) {
  for (uint32_t i = 0; i < m->num_indirect_sites; i++) {
    struct ss_indirect_site site;
    uint64_t counts[SS_INDIRECT_COUNTS];
    for (int slot = 0; slot < SS_INDIRECT_SLOTS; slot++)
      site.target[slot] =
          __atomic_load_n(&m->indirect_targets[i].target[slot], __ATOMIC_RELAXED);
    ssrt_counter_totals(m, m->num_counters + i * SS_INDIRECT_COUNTS,
                        SS_INDIRECT_COUNTS, counts);
    for (int slot = 0; slot < SS_INDIRECT_SLOTS; slot++)
      site.count[slot] = counts[slot];
    site.other = counts[SS_INDIRECT_SLOTS];
    sparse_put(s, (const uint64_t *)&site, sizeof site / sizeof(uint64_t));
  }
}

static void write_counts(struct ssrt_writer *w, const struct ss_module *m,
                         uint32_t map_index, uint32_t flags) {
  struct ss_rec_counts c = {map_index,
                            flags | SS_COUNTS_SPARSE,
                            m->num_counters,
                            m->num_functions,
                            m->num_indirect_sites,
                            0,
                            m->descriptor_size};
  ssrt_record_begin(w, SS_REC_COUNTS);
  ssrt_record_put(w, &c, sizeof c);
  struct sparse_words words = {.w = w};
  put_counter_totals(&words, m);
  put_u64_pointers(&words, m->function_addrs, m->num_functions);
  put_indirect_sites(&words, m);
  sparse_flush(&words);
  if (m->descriptor_crc)
    ssrt_record_put_with_crc(w, m->descriptor, (size_t)m->descriptor_size,
                             (uint32_t)m->descriptor_crc);
  else
    ssrt_record_put(w, m->descriptor, (size_t)m->descriptor_size);
  ssrt_record_end(w);
  if (ssrt_overflow_has(m->indirect_targets, m->num_indirect_sites))
    ssrt_overflow_write(w, m->indirect_targets, m->num_indirect_sites);
}

void ssrt_counts_before_write(void) {
  retired_to_write = ssrt_retired_modules();
}

void ssrt_counts_write_records(struct ssrt_writer *w,
                               const struct ssrt_map_snapshot *map) {
  for (struct ss_module *m = ssrt_live_modules(); m; m = ssrt_next_live(m))
    write_counts(w, m, ssrt_map_find_module(map, m), 0);
  for (struct ssrt_retired *r = retired_to_write; r; r = r->next)
    write_counts(w, &r->copy, r->object->file_map_index, r->object->file_flags);
}
