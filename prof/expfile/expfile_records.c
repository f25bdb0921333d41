/*
 * expfile_records.c -- decoding of each record kind, with every inner
 * length, count, string and index checked against the record's payload.
 */
#include "expfile.h"

#include "base.h"
#include "expfile_container.h"
#include "record_cursor.h"
#include "sample_decoders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  PROCESS_FIXED = 56,
  MAP_FIXED = 8,
  MAP_ENTRY_SIZE = 56,
  COUNTS_FIXED = 32,
  SITE_SIZE = 8 * (2 * SS_INDIRECT_SLOTS + 1),
  TARGETS_FIXED = 8,
  TARGET_ENTRY_SIZE = 24,
  NOTE_FIXED = 16,
  RANK_FIXED = 16,
  USAGE_SIZE = 88
};

static int check_trailing(const struct ss_expfile *f,
                          const struct ss_cursor *c, const char *what,
                          struct ss_err *err) {
  return ss_cursor_trailing(c, f->version_minor, what, err);
}

static int parse_process(struct ss_expfile *f, const struct ss_raw_record *r,
                         struct ss_err *err) {
  struct ss_process_info *pi = &f->process;
  struct ss_cursor c = {r->payload, r->length, 0};
  if (f->has_process) {
    ss_err_set(err, "PROCESS record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, PROCESS_FIXED)) {
    ss_err_set(err, "PROCESS record: %llu bytes, shorter than its %d-byte "
               "fixed part", (unsigned long long)r->length, PROCESS_FIXED);
    return -1;
  }
  const uint8_t *p = r->payload;
  pi->pid = ss_le32(p);
  pi->ppid = ss_le32(p + 4);
  memcpy(pi->code, p + 8, 4);
  pi->code[4] = 0;
  pi->num_cpus = ss_le32(p + 12);
  pi->clock_mhz = ss_le32(p + 16);
  pi->exit_status = (int32_t)ss_le32(p + 20);
  pi->term_signal = (int32_t)ss_le32(p + 24);
  pi->start_ns = ss_le64(p + 32);
  pi->end_ns = ss_le64(p + 40);
  pi->fault_pc = ss_le64(p + 48);
  c.pos = PROCESS_FIXED;
  const char **fields[] = {&pi->experiment, &pi->marching_orders, &pi->target,
                           &pi->argv,       &pi->cwd,             &pi->host,
                           &pi->cpu_model,  &pi->abi};
  static const char *const names[] = {
      "PROCESS record (experiment name)", "PROCESS record (marching orders)",
      "PROCESS record (target path)",     "PROCESS record (arguments)",
      "PROCESS record (working directory)", "PROCESS record (host name)",
      "PROCESS record (CPU model)",       "PROCESS record (ABI)"};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    if (ss_cursor_string(&c, fields[i], names[i], err) != 0)
      return -1;
  if (check_trailing(f, &c, "PROCESS record", err) != 0)
    return -1;
  /* The code is a short NUL-padded string. */
  for (int i = 0; i < 4; i++)
    if (pi->code[i] == 0) {
      for (int j = i; j < 4; j++)
        pi->code[j] = 0;
      break;
    }
  f->has_process = 1;
  return 0;
}

static int parse_module_map(struct ss_expfile *f,
                            const struct ss_raw_record *r,
                            struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  if (f->has_map) {
    ss_err_set(err, "MODULE_MAP record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, MAP_FIXED)) {
    ss_err_set(err, "MODULE_MAP record: %llu bytes, shorter than its "
               "%d-byte fixed part", (unsigned long long)r->length,
               MAP_FIXED);
    return -1;
  }
  uint32_t n = ss_le32(r->payload);
  c.pos = MAP_FIXED;
  if (!ss_cursor_left(&c, (uint64_t)n * MAP_ENTRY_SIZE)) {
    ss_err_set(err, "MODULE_MAP record: %u entries do not fit in %llu bytes",
               n, (unsigned long long)r->length);
    return -1;
  }
  f->map = ss_xcalloc(n, sizeof *f->map);
  f->num_map = n;
  f->has_map = 1;
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *p = r->payload + c.pos;
    struct ss_map_entry *m = &f->map[i];
    m->base = ss_le64(p);
    m->text_start = ss_le64(p + 8);
    m->text_end = ss_le64(p + 16);
    memcpy(m->build_id, p + 24, 20);
    m->build_id_len = ss_le32(p + 44);
    m->flags = ss_le32(p + 48);
    if (m->build_id_len > 20) {
      ss_err_set(err, "MODULE_MAP record: entry %u has a %u-byte build-id "
                 "(at most 20)", i, m->build_id_len);
      return -1;
    }
    if (m->text_end < m->text_start) {
      ss_err_set(err, "MODULE_MAP record: entry %u has text end before text "
                 "start", i);
      return -1;
    }
    c.pos += MAP_ENTRY_SIZE;
  }
  for (uint32_t i = 0; i < n; i++)
    if (ss_cursor_string(&c, &f->map[i].path, "MODULE_MAP record (path)",
                         err) != 0)
      return -1;
  return check_trailing(f, &c, "MODULE_MAP record", err);
}

/* The `words` u64s of a SS_COUNTS_SPARSE record's arrays, from the groups
 * in stream[0, size): each zero word made zero bytes, each other one its 8
 * bytes as the file has them.  NULL (err set) unless the groups give
 * exactly that many words and use every byte. */
static uint8_t *unpack_sparse_words(const uint8_t *stream, uint64_t size,
                                    uint64_t words, const char *what,
                                    struct ss_err *err) {
  /* Every group takes at least its mask: no allocation beyond what the
   * record's bytes can describe. */
  uint64_t groups = (words + SS_COUNTS_GROUP - 1) / SS_COUNTS_GROUP;
  if (groups > size / 8) {
    ss_err_set(err, "%s: %llu sparse words need %llu group masks, more than "
               "its %llu bytes hold", what, (unsigned long long)words,
               (unsigned long long)groups, (unsigned long long)size);
    return NULL;
  }
  uint8_t *out = ss_xcalloc(words ? words : 1, 8);
  uint64_t at = 0;
  for (uint64_t first = 0; first < words; first += SS_COUNTS_GROUP) {
    uint64_t n = words - first < SS_COUNTS_GROUP ? words - first
                                                 : SS_COUNTS_GROUP;
    if (size - at < 8)
      goto short_group;
    uint64_t mask = ss_le64(stream + at);
    at += 8;
    if (n < 64 && (mask >> n) != 0) {
      ss_err_set(err, "%s: the mask of its last sparse group marks words "
                 "past the %llu it has", what, (unsigned long long)n);
      free(out);
      return NULL;
    }
    for (uint64_t j = 0; j < n; j++) {
      if (!(mask >> j & 1))
        continue;
      if (size - at < 8)
        goto short_group;
      memcpy(out + 8 * (first + j), stream + at, 8);
      at += 8;
    }
  }
  if (at != size) {
    ss_err_set(err, "%s: %llu bytes after its sparse words, before the "
               "descriptor", what, (unsigned long long)(size - at));
    free(out);
    return NULL;
  }
  return out;
short_group:
  ss_err_set(err, "%s: its sparse words end inside a group", what);
  free(out);
  return NULL;
}

/* The entry counters that count down (SS_FUNC_ENTRY_COUNTS_DOWN) hold
 * minus their count: turned around here, before anything adds or reads
 * them.  The descriptor's check keeps every edge's counter in range. */
static void count_up(struct ss_counts *k) {
  const struct ss_descriptor *d = &k->desc;
  for (uint32_t fi = 0; fi < d->header.num_functions; fi++) {
    const struct ss_desc_function *df = &d->functions[fi];
    if (!(df->flags & SS_FUNC_ENTRY_COUNTS_DOWN))
      continue;
    for (uint32_t e = 0; e < df->num_edges; e++) {
      const struct ss_desc_edge *de = &d->edges[df->first_edge + e];
      if (de->kind == SS_EDGE_FUNC_ENTRY && de->counter != SS_NONE)
        k->counters[de->counter] = 0 - k->counters[de->counter];
    }
  }
}

static int parse_counts(struct ss_expfile *f, const struct ss_raw_record *r,
                        struct ss_err *err) {
  char what[64];
  snprintf(what, sizeof what, "COUNTS record %u", r->index);
  if (r->length < COUNTS_FIXED) {
    ss_err_set(err, "%s: %llu bytes, shorter than its %d-byte fixed part",
               what, (unsigned long long)r->length, COUNTS_FIXED);
    return -1;
  }
  const uint8_t *p = r->payload;
  struct ss_counts k;
  memset(&k, 0, sizeof k);
  k.record_index = r->index;
  k.map_index = ss_le32(p);
  k.flags = ss_le32(p + 4);
  k.num_counters = ss_le32(p + 8);
  k.num_functions = ss_le32(p + 12);
  k.num_indirect_sites = ss_le32(p + 16);
  uint64_t desc_size = ss_le64(p + 24);
  /* u32 counts times small sizes cannot overflow 64 bits; the descriptor
   * size is checked before it is added. */
  uint64_t arrays = (uint64_t)k.num_counters * 8 +
                    (uint64_t)k.num_functions * 8 +
                    (uint64_t)k.num_indirect_sites * SITE_SIZE;
  uint64_t room = r->length - COUNTS_FIXED;
  const uint8_t *q = p + COUNTS_FIXED;
  uint8_t *unpacked = NULL; /* the arrays of a sparse record, spelled out */
  if (k.flags & SS_COUNTS_SPARSE) {
    if (desc_size > room) {
      ss_err_set(err, "%s: a %llu-byte descriptor in a %llu-byte record", what,
                 (unsigned long long)desc_size, (unsigned long long)r->length);
      return -1;
    }
    unpacked = unpack_sparse_words(q, room - desc_size, arrays / 8, what, err);
    if (!unpacked)
      return -1;
    q += room - desc_size;
  } else {
    if (arrays > room || desc_size != room - arrays) {
      ss_err_set(err, "%s: %u counters, %u functions, %u indirect sites and a "
                 "%llu-byte descriptor do not add up to the record's %llu "
                 "bytes", what, k.num_counters, k.num_functions,
                 k.num_indirect_sites, (unsigned long long)desc_size,
                 (unsigned long long)r->length);
      return -1;
    }
    q += arrays;
  }
  int rc = ss_descriptor_parse(q, desc_size, &k.desc, err);
  q = unpacked ? unpacked : p + COUNTS_FIXED;
  if (rc != 0) {
    ss_err_prefix(err, "%s", what);
    free(unpacked);
    return -1;
  }
  const struct ss_desc_header *h = &k.desc.header;
  if (h->num_counters != k.num_counters ||
      h->num_functions != k.num_functions ||
      h->num_indirect_sites != k.num_indirect_sites) {
    ss_err_set(err, "%s: the record has %u counters, %u functions and %u "
               "indirect sites, its descriptor %u, %u and %u", what,
               k.num_counters, k.num_functions, k.num_indirect_sites,
               h->num_counters, h->num_functions, h->num_indirect_sites);
    ss_descriptor_release(&k.desc);
    free(unpacked);
    return -1;
  }
  k.counters = ss_xcalloc(k.num_counters, sizeof *k.counters);
  for (uint32_t i = 0; i < k.num_counters; i++, q += 8)
    k.counters[i] = ss_le64(q);
  count_up(&k);
  k.function_addrs = ss_xcalloc(k.num_functions, sizeof *k.function_addrs);
  for (uint32_t i = 0; i < k.num_functions; i++, q += 8)
    k.function_addrs[i] = ss_le64(q);
  k.sites = ss_xcalloc(k.num_indirect_sites, sizeof *k.sites);
  for (uint32_t i = 0; i < k.num_indirect_sites; i++) {
    struct ss_indirect_site *s = &k.sites[i];
    for (int j = 0; j < SS_INDIRECT_SLOTS; j++, q += 8)
      s->target[j] = ss_le64(q);
    for (int j = 0; j < SS_INDIRECT_SLOTS; j++, q += 8)
      s->count[j] = ss_le64(q);
    s->other = ss_le64(q);
    q += 8;
  }
  free(unpacked);
  f->counts = ss_xrealloc_array(f->counts, f->num_counts + 1, sizeof k);
  f->counts[f->num_counts++] = k;
  return 0;
}

static int parse_rank(struct ss_expfile *f, const struct ss_raw_record *r,
                      struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  if (f->has_rank) {
    ss_err_set(err, "RANK record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, RANK_FIXED)) {
    ss_err_set(err, "RANK record: %llu bytes, shorter than its %d-byte "
               "fixed part", (unsigned long long)r->length, RANK_FIXED);
    return -1;
  }
  struct ss_rank_info *k = &f->rank;
  k->rank = (int32_t)ss_le32(r->payload);
  k->size = ss_le32(r->payload + 4);
  k->how = ss_le32(r->payload + 8);
  c.pos = RANK_FIXED;
  if (ss_cursor_string(&c, &k->job, "RANK record", err) != 0 ||
      check_trailing(f, &c, "RANK record", err) != 0)
    return -1;
  if (k->rank < 0 || (k->size && (uint32_t)k->rank >= k->size)) {
    ss_err_set(err, "RANK record: rank %d outside the job's %u ranks",
               k->rank, k->size);
    return -1;
  }
  f->has_rank = 1;
  return 0;
}

/* INDIRECT_TARGETS: belongs to the COUNTS record right before it. */
static int parse_indirect_targets(struct ss_expfile *f,
                                  const struct ss_raw_record *r,
                                  struct ss_err *err) {
  struct ss_counts *k = f->num_counts ? &f->counts[f->num_counts - 1] : NULL;
  if (!k || k->record_index + 1 != r->index || k->extra_targets) {
    ss_err_set(err, "INDIRECT_TARGETS record %u does not follow a COUNTS "
               "record", r->index);
    return -1;
  }
  if (r->length < TARGETS_FIXED ||
      (r->length - TARGETS_FIXED) % TARGET_ENTRY_SIZE != 0) {
    ss_err_set(err, "INDIRECT_TARGETS record %u: %llu bytes, not %d plus "
               "%d-byte entries", r->index, (unsigned long long)r->length,
               TARGETS_FIXED, TARGET_ENTRY_SIZE);
    return -1;
  }
  const uint8_t *p = r->payload;
  uint32_t num_sites = ss_le32(p);
  if (num_sites != k->num_indirect_sites) {
    ss_err_set(err, "INDIRECT_TARGETS record %u is for %u indirect sites, "
               "its COUNTS record has %u", r->index, num_sites,
               k->num_indirect_sites);
    return -1;
  }
  uint64_t n = (r->length - TARGETS_FIXED) / TARGET_ENTRY_SIZE;
  if (n > UINT32_MAX) {
    ss_err_set(err, "INDIRECT_TARGETS record %u: too many entries",
               r->index);
    return -1;
  }
  struct ss_indirect_target_entry *e = ss_xcalloc(n + 1, sizeof *e);
  for (uint64_t i = 0; i < n; i++) {
    const uint8_t *q = p + TARGETS_FIXED + i * TARGET_ENTRY_SIZE;
    e[i].site = ss_le32(q);
    e[i].target = ss_le64(q + 8);
    e[i].count = ss_le64(q + 16);
    if (e[i].site >= num_sites) {
      ss_err_set(err, "INDIRECT_TARGETS record %u: entry %llu names site "
                 "%u of %u", r->index, (unsigned long long)i, e[i].site,
                 num_sites);
      free(e);
      return -1;
    }
  }
  k->extra_targets = e;
  k->num_extra_targets = (uint32_t)n;
  return 0;
}

static int parse_note(struct ss_expfile *f, const struct ss_raw_record *r,
                      struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  struct ss_note_entry n;
  if (!ss_cursor_left(&c, NOTE_FIXED)) {
    ss_err_set(err, "NOTE record %u: %llu bytes, shorter than its %d-byte "
               "fixed part", r->index, (unsigned long long)r->length,
               NOTE_FIXED);
    return -1;
  }
  n.kind = ss_le32(r->payload);
  n.time_ns = ss_le64(r->payload + 8);
  c.pos = NOTE_FIXED;
  if (ss_cursor_string(&c, &n.text, "NOTE record", err) != 0 ||
      check_trailing(f, &c, "NOTE record", err) != 0)
    return -1;
  f->notes = ss_xrealloc_array(f->notes, f->num_notes + 1, sizeof n);
  f->notes[f->num_notes++] = n;
  if (n.kind == SS_NOTE_CALIPER)
    f->num_caliper_points++;
  return 0;
}

static int parse_usage(struct ss_expfile *f, const struct ss_raw_record *r,
                       struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  if (f->has_usage) {
    ss_err_set(err, "USAGE record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, USAGE_SIZE)) {
    ss_err_set(err, "USAGE record: %llu bytes, expected %d",
               (unsigned long long)r->length, USAGE_SIZE);
    return -1;
  }
  uint64_t v[11];
  for (int i = 0; i < 11; i++)
    v[i] = ss_le64(r->payload + 8 * i);
  struct ss_rec_usage *u = &f->usage;
  u->real_ns = v[0];
  u->user_ns = v[1];
  u->sys_ns = v[2];
  u->majflt = v[3];
  u->minflt = v[4];
  u->nswap = v[5];
  u->inblock = v[6];
  u->oublock = v[7];
  u->nvcsw = v[8];
  u->nivcsw = v[9];
  u->maxrss_kb = v[10];
  c.pos = USAGE_SIZE;
  f->has_usage = 1;
  return check_trailing(f, &c, "USAGE record", err);
}

/* Cross-record checks, once every record is decoded. */
static int check_references(const struct ss_expfile *f, struct ss_err *err) {
  for (size_t i = 0; i < f->num_counts; i++) {
    const struct ss_counts *k = &f->counts[i];
    if (k->map_index != SS_NONE && k->map_index >= f->num_map) {
      ss_err_set(err, "COUNTS record %u refers to module map entry %u, the "
                 "map has %u entries", k->record_index, k->map_index,
                 f->num_map);
      return -1;
    }
  }
  if (!f->has_process) {
    ss_err_set(err, "the file has no PROCESS record");
    return -1;
  }
  return 0;
}

/* Whether `name` is one the runtime writes under before the file is
 * complete: ".<final>.tmp-<hex>", ".ssrt-<hex>.tmp", or, before issue 29,
 * "<final>.tmp<pid>". */
static int temporary_name(const char *name) {
  const char *base = ss_basename(name);
  const char *tmp = strstr(base, ".tmp");
  if (!tmp)
    return 0;
  if (base[0] == '.' && (strncmp(tmp, ".tmp-", 5) == 0 ||
                         (strncmp(base, ".ssrt-", 6) == 0 && !tmp[4])))
    return 1;
  const char *p = tmp + 4;
  while (*p >= '0' && *p <= '9')
    p++;
  return p > tmp + 4 && !*p;
}

int ss_expfile_parse(struct ss_expfile *f, const char *name, uint8_t *data,
                     uint64_t size, struct ss_err *err) {
  struct ss_container c;
  memset(f, 0, sizeof *f);
  f->name = ss_xstrdup(name);
  f->data = data;
  f->size = size;
  if (ss_container_scan(data, size, &c, err) != 0) {
    if (c.unfinished || temporary_name(name))
      ss_err_prefix(err, "an unfinished experiment file (its process was "
                    "killed while writing it, or is still writing it)");
    return -1;
  }
  f->version_major = c.version_major;
  f->version_minor = c.version_minor;
  f->num_records = c.num_records;
  int rc = 0;
  for (uint32_t i = 0; rc == 0 && i < c.num_records; i++) {
    const struct ss_raw_record *r = &c.records[i];
    switch (r->tag) {
    case SS_REC_PROCESS:
      rc = parse_process(f, r, err);
      break;
    case SS_REC_MODULE_MAP:
      rc = parse_module_map(f, r, err);
      break;
    case SS_REC_COUNTS:
      rc = parse_counts(f, r, err);
      break;
    case SS_REC_RANK:
      rc = parse_rank(f, r, err);
      break;
    case SS_REC_NOTE:
      rc = parse_note(f, r, err);
      break;
    case SS_REC_USAGE:
      rc = parse_usage(f, r, err);
      break;
    case SS_REC_SAMPLING:
      rc = ss_parse_sampling(f, r, err);
      break;
    case SS_REC_SAMPLES:
      rc = ss_parse_samples(f, r, err);
      break;
    case SS_REC_TRACE:
      rc = ss_parse_trace(f, r, err);
      break;
    case SS_REC_EVENTS:
      rc = ss_parse_events(f, r, err);
      break;
    case SS_REC_TRACE_NAMES:
      rc = ss_parse_trace_names(f, r, err);
      break;
    case SS_REC_COUNTER_TOTALS:
      rc = ss_parse_counter_totals(f, r, err);
      break;
    case SS_REC_INDIRECT_TARGETS:
      rc = parse_indirect_targets(f, r, err);
      break;
    case SS_REC_END:
      break; /* checked by the container scan */
    default:
      f->num_unknown_records++; /* from a newer writer: skipped */
      break;
    }
  }
  ss_container_release(&c);
  if (rc == 0)
    rc = check_references(f, err);
  if (rc == 0)
    rc = ss_check_samples(f, err);
  if (rc == 0)
    rc = ss_check_events(f, err);
  return rc;
}

void ss_expfile_free(struct ss_expfile *f) {
  if (!f)
    return;
  for (size_t i = 0; i < f->num_counts; i++) {
    free(f->counts[i].counters);
    free(f->counts[i].function_addrs);
    free(f->counts[i].sites);
    free(f->counts[i].extra_targets);
    ss_descriptor_release(&f->counts[i].desc);
  }
  free(f->counts);
  free(f->map);
  free(f->notes);
  free(f->sample_blocks);
  free(f->event_blocks);
  free(f->names);
  free(f->data);
  free(f->name);
  free(f);
}
