/*
 * expfile_traces.c -- decoding of the trace records (TRACE, EVENTS,
 * TRACE_NAMES; layouts in ss/format.h) with every count, depth, length,
 * kind and name index checked, and their cross-record checks.
 */
#include "expfile.h"

#include "base.h"
#include "expfile_container.h"
#include "record_cursor.h"
#include "sample_decoders.h"

#include <stdio.h>
#include <string.h>

enum {
  TRACE_FIXED = 48,
  EVENTS_FIXED = 16,
  EVENT_HEADER = 56,
  /* the smallest event: its header and one address */
  EVENT_MIN = EVENT_HEADER + 8,
  NAMES_FIXED = 8,
  NAME_ENTRY = 8
};

int ss_parse_trace(struct ss_expfile *f, const struct ss_raw_record *r,
                   struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  struct ss_trace_info *t = &f->trace;
  if (f->has_trace) {
    ss_err_set(err, "TRACE record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, TRACE_FIXED)) {
    ss_err_set(err, "TRACE record: %llu bytes, shorter than its %d-byte "
               "fixed part", (unsigned long long)r->length, TRACE_FIXED);
    return -1;
  }
  const uint8_t *p = r->payload;
  t->kind = ss_le32(p);
  t->flags = ss_le32(p + 4);
  t->events = ss_le64(p + 8);
  t->lost = ss_le64(p + 16);
  t->incomplete = ss_le64(p + 24);
  t->num_threads = ss_le32(p + 32);
  t->start_ns = ss_le64(p + 40);
  c.pos = TRACE_FIXED;
  if (t->kind != SS_TRACE_FPE && t->kind != SS_TRACE_IO &&
      t->kind != SS_TRACE_HEAP && t->kind != SS_TRACE_MPI &&
      t->kind != SS_TRACE_LDLATENCY) {
    ss_err_set(err, "TRACE record: unknown trace kind %u", t->kind);
    return -1;
  }
  if (t->lost > t->events || t->incomplete > t->events) {
    ss_err_set(err, "TRACE record: %llu events lost and %llu incomplete of "
               "%llu recorded", (unsigned long long)t->lost,
               (unsigned long long)t->incomplete,
               (unsigned long long)t->events);
    return -1;
  }
  if (ss_cursor_string(&c, &t->how, "TRACE record (how)", err) != 0 ||
      ss_cursor_trailing(&c, f->version_minor, "TRACE record", err) != 0)
    return -1;
  f->has_trace = 1;
  return 0;
}

int ss_parse_events(struct ss_expfile *f, const struct ss_raw_record *r,
                    struct ss_err *err) {
  char what[64];
  snprintf(what, sizeof what, "EVENTS record %u", r->index);
  if (r->length < EVENTS_FIXED) {
    ss_err_set(err, "%s: %llu bytes, shorter than its %d-byte fixed part",
               what, (unsigned long long)r->length, EVENTS_FIXED);
    return -1;
  }
  struct ss_event_block b;
  b.record_index = r->index;
  b.thread_index = ss_le32(r->payload);
  b.tid = ss_le32(r->payload + 4);
  b.num_events = ss_le64(r->payload + 8);
  b.data = r->payload + EVENTS_FIXED;
  uint64_t room = r->length - EVENTS_FIXED;
  /* Refuse an absurd count before walking it. */
  if (b.num_events > room / EVENT_MIN) {
    ss_err_set(err, "%s: %llu events do not fit in %llu bytes", what,
               (unsigned long long)b.num_events,
               (unsigned long long)r->length);
    return -1;
  }
  if (ss_check_stack_entries(b.data, room, b.num_events, EVENT_HEADER, 0,
                             "event", what, &b.size, err) != 0)
    return -1;
  struct ss_cursor c = {r->payload, r->length, EVENTS_FIXED + b.size};
  if (ss_cursor_trailing(&c, f->version_minor, what, err) != 0)
    return -1;
  f->event_blocks = ss_xrealloc_array(f->event_blocks, f->num_event_blocks + 1,
                                      sizeof b);
  f->event_blocks[f->num_event_blocks++] = b;
  f->num_events += b.num_events;
  return 0;
}

int ss_parse_trace_names(struct ss_expfile *f, const struct ss_raw_record *r,
                         struct ss_err *err) {
  struct ss_cursor c = {r->payload, r->length, 0};
  if (f->has_names) {
    ss_err_set(err, "TRACE_NAMES record: more than one in the file");
    return -1;
  }
  if (!ss_cursor_left(&c, NAMES_FIXED)) {
    ss_err_set(err, "TRACE_NAMES record: %llu bytes, shorter than its "
               "%d-byte fixed part", (unsigned long long)r->length,
               NAMES_FIXED);
    return -1;
  }
  uint32_t n = ss_le32(r->payload);
  c.pos = NAMES_FIXED;
  /* Each name takes its entry and at least a 5-byte string. */
  if (n > (r->length - NAMES_FIXED) / (NAME_ENTRY + 5)) {
    ss_err_set(err, "TRACE_NAMES record: %u names do not fit in %llu bytes",
               n, (unsigned long long)r->length);
    return -1;
  }
  f->names = ss_xcalloc(n ? n : 1, sizeof *f->names);
  f->num_names = n;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t how = ss_le32(r->payload + NAMES_FIXED + (uint64_t)i * NAME_ENTRY);
    if (how < SS_NAME_OPENED || how > SS_NAME_LATENCY_BIN) {
      ss_err_set(err, "TRACE_NAMES record: name %u was learnt in an unknown "
                 "way (%u)", i, how);
      return -1;
    }
    f->names[i].how = how;
  }
  c.pos += (uint64_t)n * NAME_ENTRY;
  for (uint32_t i = 0; i < n; i++)
    if (ss_cursor_string(&c, &f->names[i].name, "TRACE_NAMES record (name)",
                         err) != 0)
      return -1;
  if (ss_cursor_trailing(&c, f->version_minor, "TRACE_NAMES record", err) != 0)
    return -1;
  f->has_names = 1;
  return 0;
}

void ss_event_next(const uint8_t **p, struct ss_event_view *e) {
  const uint8_t *q = *p;
  e->depth = ss_le16(q);
  e->flags = ss_le16(q + 2);
  e->caliper = ss_le32(q + 4);
  e->kind = ss_le32(q + 8);
  e->object = ss_le32(q + 12);
  e->time_ns = ss_le64(q + 16);
  e->duration_ns = ss_le64(q + 24);
  for (int i = 0; i < 3; i++)
    e->value[i] = (int64_t)ss_le64(q + 32 + 8 * i);
  e->addrs = q + EVENT_HEADER;
  *p += EVENT_HEADER + (size_t)e->depth * 8;
}

/* Whether `kind` is an event kind of trace `trace`. */
static int kind_known(uint32_t trace, uint32_t kind) {
  if (trace == SS_TRACE_FPE)
    return kind != 0 && (kind & ~(uint32_t)0x1f) == 0;
  if (trace == SS_TRACE_HEAP)
    return kind >= 1 && kind <= SS_HEAP_CALL_LAST;
  if (trace == SS_TRACE_MPI)
    return kind >= 1 && kind <= SS_MPI_CALL_LAST;
  if (trace == SS_TRACE_LDLATENCY)
    return kind >= 1 && kind <= SS_MEM_LEVEL_LAST;
  return kind >= 1 && kind <= SS_IO_CALL_LAST;
}

/* Events need the TRACE record that says what they are; their thread
 * indices are below its thread count, their kinds the trace's, their
 * objects names the file has. */
int ss_check_events(const struct ss_expfile *f, struct ss_err *err) {
  if (f->num_event_blocks == 0)
    return 0;
  if (!f->has_trace) {
    ss_err_set(err, "EVENTS record %u: the file has no TRACE record",
               f->event_blocks[0].record_index);
    return -1;
  }
  for (size_t i = 0; i < f->num_event_blocks; i++) {
    const struct ss_event_block *b = &f->event_blocks[i];
    if (b->thread_index >= f->trace.num_threads) {
      ss_err_set(err, "EVENTS record %u: thread index %u, the TRACE record "
                 "counts %u threads", b->record_index, b->thread_index,
                 f->trace.num_threads);
      return -1;
    }
    const uint8_t *cur = b->data;
    for (uint64_t k = 0; k < b->num_events; k++) {
      struct ss_event_view e;
      ss_event_next(&cur, &e);
      if (!kind_known(f->trace.kind, e.kind)) {
        ss_err_set(err, "EVENTS record %u: event %llu has kind %u, unknown "
                   "to its trace", b->record_index, (unsigned long long)k,
                   e.kind);
        return -1;
      }
      if (f->trace.kind == SS_TRACE_IO && e.object != SS_NONE &&
          e.object >= f->num_names) {
        ss_err_set(err, "EVENTS record %u: event %llu names file %u, the "
                   "file has %u names", b->record_index,
                   (unsigned long long)k, e.object, f->num_names);
        return -1;
      }
    }
  }
  return 0;
}
