/* counts_records.c -- the COUNTS records (see counts_records.h; rules:
 * rt/README.md). */
#include "counts_records.h"

#include "indirect_overflow.h"
#include "registry.h"
#include "ss/format.h"
#include "thread_counters.h"

_Static_assert(sizeof(struct ss_rec_counts) == 32,
               "COUNTS record layout (docs/experiment-file.md)");

static struct ssrt_retired *retired_to_write;

static void put_u64_pointers(struct ssrt_writer *w, void *const *p, uint32_t n) {
  uint64_t chunk[128];
  while (n > 0) {
    uint32_t k = n < 128 ? n : 128;
    for (uint32_t i = 0; i < k; i++)
      chunk[i] = (uint64_t)(uintptr_t)p[i];
    ssrt_record_put(w, chunk, k * sizeof(uint64_t));
    p += k;
    n -= k;
  }
}

static void put_counter_totals(struct ssrt_writer *w, const struct ss_module *m) {
  uint64_t chunk[128];
  for (uint32_t first = 0; first < m->num_counters; first += 128) {
    uint32_t n = m->num_counters - first < 128 ? m->num_counters - first : 128;
    ssrt_counter_totals(m, first, n, chunk);
    ssrt_record_put(w, chunk, n * sizeof(uint64_t));
  }
}

/* Each site as the file has it: the shared targets with the counts summed
 * over the threads' sets. */
static void put_indirect_sites(struct ssrt_writer *w, const struct ss_module *m) {
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
    ssrt_record_put(w, &site, sizeof site);
  }
}

static void write_counts(struct ssrt_writer *w, const struct ss_module *m,
                         uint32_t map_index, uint32_t flags) {
  struct ss_rec_counts c = {map_index,         flags,
                            m->num_counters,   m->num_functions,
                            m->num_indirect_sites, 0,
                            m->descriptor_size};
  ssrt_record_begin(w, SS_REC_COUNTS);
  ssrt_record_put(w, &c, sizeof c);
  put_counter_totals(w, m);
  put_u64_pointers(w, m->function_addrs, m->num_functions);
  put_indirect_sites(w, m);
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
