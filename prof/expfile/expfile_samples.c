/*
 * expfile_samples.c -- decoding of the sampling records (SAMPLING and
 * SAMPLES, layout in ss/format.h) with every count, depth and length
 * checked against the payload, and their cross-record checks.
 */
#include "expfile.h"

#include "base.h"
#include "expfile_container.h"
#include "record_cursor.h"
#include "sample_decoders.h"

#include <stdio.h>
#include <string.h>

enum {
  SAMPLING_FIXED = 48,
  SAMPLES_FIXED = 16,
  SAMPLE_HEADER = 8,
  /* the smallest sample: its header and one address */
  SAMPLE_MIN = SAMPLE_HEADER + 8,
  COUNTER_TOTALS_FIXED = 8,
  COUNTER_TOTAL_ENTRY = 40
};

int ss_parse_sampling(struct ss_expfile *f, const struct ss_raw_record *r,
                      struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  struct ss_sampling_info *s = &f->sampling;
  if (f->has_sampling) {
    ss_err_set(err, "SAMPLING record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, SAMPLING_FIXED)) {
    ss_err_set(err, "SAMPLING record: %llu bytes, shorter than its %d-byte "
               "fixed part", (unsigned long long)r->length, SAMPLING_FIXED);
    return -1;
  }
  const uint8_t *p = r->payload;
  s->kind = ss_le32(p);
  s->flags = ss_le32(p + 4);
  s->interval_ns = ss_le64(p + 8);
  s->samples = ss_le64(p + 16);
  s->lost = ss_le64(p + 24);
  s->incomplete = ss_le64(p + 32);
  s->num_threads = ss_le32(p + 40);
  s->bin_bytes = ss_le32(p + 44);
  c.pos = SAMPLING_FIXED;
  if (s->kind < SS_SAMPLING_USERTIME || s->kind > SS_SAMPLING_HWCTIME) {
    ss_err_set(err, "SAMPLING record: unknown sampling kind %u", s->kind);
    return -1;
  }
  if (s->interval_ns == 0) {
    ss_err_set(err, "SAMPLING record: the sample interval is 0");
    return -1;
  }
  if (s->lost > s->samples || s->incomplete > s->samples) {
    ss_err_set(err, "SAMPLING record: %llu samples lost and %llu incomplete "
               "of %llu taken", (unsigned long long)s->lost,
               (unsigned long long)s->incomplete,
               (unsigned long long)s->samples);
    return -1;
  }
  if (ss_cursor_string(&c, &s->clock, "SAMPLING record (clock)", err) != 0 ||
      ss_cursor_trailing(&c, f->version_minor, "SAMPLING record", err) != 0)
    return -1;
  f->has_sampling = 1;
  return 0;
}

int ss_parse_samples(struct ss_expfile *f, const struct ss_raw_record *r,
                     struct ss_err *err) {
  char what[64];
  snprintf(what, sizeof what, "SAMPLES record %u", r->index);
  if (r->length < SAMPLES_FIXED) {
    ss_err_set(err, "%s: %llu bytes, shorter than its %d-byte fixed part",
               what, (unsigned long long)r->length, SAMPLES_FIXED);
    return -1;
  }
  struct ss_sample_block b;
  b.record_index = r->index;
  b.thread_index = ss_le32(r->payload);
  b.tid = ss_le32(r->payload + 4);
  b.num_samples = ss_le64(r->payload + 8);
  b.data = r->payload + SAMPLES_FIXED;
  uint64_t room = r->length - SAMPLES_FIXED;
  /* Refuse an absurd count before walking it. */
  if (b.num_samples > room / SAMPLE_MIN) {
    ss_err_set(err, "%s: %llu samples do not fit in %llu bytes", what,
               (unsigned long long)b.num_samples,
               (unsigned long long)r->length);
    return -1;
  }
  uint64_t pos;
  if (ss_check_stack_entries(b.data, room, b.num_samples, SAMPLE_HEADER,
                             SS_SAMPLE_WEIGHT, "sample", what, &pos,
                             err) != 0)
    return -1;
  b.size = pos;
  struct ss_cursor c = {r->payload, r->length, SAMPLES_FIXED + pos};
  if (ss_cursor_trailing(&c, f->version_minor, what, err) != 0)
    return -1;
  f->sample_blocks = ss_xrealloc_array(f->sample_blocks,
                                       f->num_sample_blocks + 1, sizeof b);
  f->sample_blocks[f->num_sample_blocks++] = b;
  f->num_samples += b.num_samples;
  return 0;
}

int ss_check_stack_entries(const uint8_t *data, uint64_t room, uint64_t count,
                           uint64_t header, uint16_t weight_flag,
                           const char *noun,
                           const char *what, uint64_t *size,
                           struct ss_err *err) {
  uint64_t pos = 0;
  for (uint64_t i = 0; i < count; i++) {
    if (room - pos < header) {
      ss_err_set(err, "%s: %s %llu runs past the end of the record", what,
                 noun, (unsigned long long)i);
      return -1;
    }
    uint16_t depth = ss_le16(data + pos);
    if (depth == 0) {
      ss_err_set(err, "%s: %s %llu has no addresses (depth 0)", what, noun,
                 (unsigned long long)i);
      return -1;
    }
    uint16_t flags = ss_le16(data + pos + 2);
    pos += header;
    if (weight_flag && (flags & weight_flag)) {
      if (room - pos < 8) {
        ss_err_set(err, "%s: %s %llu (its weight) runs past the end of the "
                   "record", what, noun, (unsigned long long)i);
        return -1;
      }
      pos += 8;
    }
    if (room - pos < (uint64_t)depth * 8) {
      ss_err_set(err, "%s: %s %llu (depth %u) runs past the end of the "
                 "record", what, noun, (unsigned long long)i, depth);
      return -1;
    }
    pos += (uint64_t)depth * 8;
  }
  *size = pos;
  return 0;
}

void ss_sample_next(const uint8_t **p, struct ss_sample_view *s) {
  s->depth = ss_le16(*p);
  s->flags = ss_le16(*p + 2);
  s->caliper = ss_le32(*p + 4);
  size_t weight = s->flags & SS_SAMPLE_WEIGHT ? 8 : 0;
  s->weighted = weight != 0;
  s->weight = weight ? ss_le64(*p + SAMPLE_HEADER) : 0;
  s->addrs = *p + SAMPLE_HEADER + weight;
  *p += SAMPLE_HEADER + weight + (size_t)s->depth * 8;
}

uint64_t ss_sample_weight(const struct ss_sample_view *s,
                          const struct ss_expfile *f) {
  return s->weighted ? s->weight : f->sampling.interval_ns;
}

/* COUNTER_TOTALS (ss/format.h): one per file, after the SAMPLING record;
 * each entry a sampled thread's. */
int ss_parse_counter_totals(struct ss_expfile *f,
                            const struct ss_raw_record *r, struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  struct ss_counter_totals_info *t = &f->counter_totals;
  if (f->has_counter_totals) {
    ss_err_set(err, "COUNTER_TOTALS record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, COUNTER_TOTALS_FIXED)) {
    ss_err_set(err, "COUNTER_TOTALS record: %llu bytes, shorter than its "
               "%d-byte fixed part", (unsigned long long)r->length,
               COUNTER_TOTALS_FIXED);
    return -1;
  }
  t->num_threads = ss_le32(r->payload);
  t->num_counters = ss_le32(r->payload + 4);
  c.pos = COUNTER_TOTALS_FIXED;
  if (t->num_counters < 1 || t->num_counters > 2) {
    ss_err_set(err, "COUNTER_TOTALS record: %u counters (1 or 2)",
               t->num_counters);
    return -1;
  }
  if (t->num_threads > (r->length - c.pos) / COUNTER_TOTAL_ENTRY) {
    ss_err_set(err, "COUNTER_TOTALS record: %u threads do not fit in %llu "
               "bytes", t->num_threads, (unsigned long long)r->length);
    return -1;
  }
  t->total[0] = t->total[1] = 0;
  t->enabled_ns = t->running_ns = 0;
  for (uint32_t i = 0; i < t->num_threads; i++) {
    const uint8_t *e = r->payload + c.pos;
    uint64_t a = ss_le64(e + 8), b = ss_le64(e + 16);
    if (t->total[0] + a < a || t->total[1] + b < b) {
      ss_err_set(err, "COUNTER_TOTALS record: the counts overflow");
      return -1;
    }
    t->total[0] += a;
    t->total[1] += b;
    t->enabled_ns += ss_le64(e + 24);
    t->running_ns += ss_le64(e + 32);
    c.pos += COUNTER_TOTAL_ENTRY;
  }
  t->name[1] = NULL;
  for (uint32_t k = 0; k < t->num_counters; k++)
    if (ss_cursor_string(&c, &t->name[k], "COUNTER_TOTALS record (name)",
                         err) != 0)
      return -1;
  if (ss_cursor_trailing(&c, f->version_minor, "COUNTER_TOTALS record",
                         err) != 0)
    return -1;
  f->has_counter_totals = 1;
  return 0;
}

uint64_t ss_sample_addr(const struct ss_sample_view *s, uint32_t i) {
  return ss_le64(s->addrs + (size_t)i * 8);
}

/* Samples need the SAMPLING record that says how they were taken, and
 * their thread indices are below its thread count.  (A sample's caliper
 * count is not checked against the caliper notes: the runtime counts
 * every point but keeps a bounded number of notes.) */
int ss_check_samples(const struct ss_expfile *f, struct ss_err *err) {
  if (f->has_counter_totals && !f->has_sampling) {
    ss_err_set(err, "COUNTER_TOTALS record: the file has no SAMPLING record");
    return -1;
  }
  if (f->num_sample_blocks == 0)
    return 0;
  if (!f->has_sampling) {
    ss_err_set(err, "SAMPLES record %u: the file has no SAMPLING record",
               f->sample_blocks[0].record_index);
    return -1;
  }
  for (size_t i = 0; i < f->num_sample_blocks; i++) {
    const struct ss_sample_block *b = &f->sample_blocks[i];
    if (b->thread_index >= f->sampling.num_threads) {
      ss_err_set(err, "SAMPLES record %u: thread index %u, the SAMPLING "
                 "record counts %u threads", b->record_index,
                 b->thread_index, f->sampling.num_threads);
      return -1;
    }
  }
  return 0;
}
