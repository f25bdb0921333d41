/*
 * pprof.c -- profile.proto (github.com/google/pprof, proto/profile.proto),
 * gzipped, as `go tool pprof` and every reader of that format expects:
 *
 *   Profile:  sample_type 1, sample 2, mapping 3, location 4, function 5,
 *             string_table 6, period_type 11, period 12, comment 13,
 *             default_sample_type 14
 *   ValueType: type 1, unit 2 (string indexes)
 *   Sample:   location_id 1 (packed, leaf first), value 2 (packed)
 *   Mapping:  id 1, filename 5, has_functions 7, has_filenames 8,
 *             has_line_numbers 9, has_inline_frames 10
 *   Location: id 1, mapping_id 2, line 4
 *   Line:     function_id 1, line 2
 *   Function: id 1, name 2, system_name 3, filename 4, start_line 5
 *
 * Values: ideal time [instructions, cycles] over the call tree of ideal.h
 * (cycles rounded so that they add up to the rounded total); sampling
 * [samples, cpu or wall nanoseconds] over the sampled stacks.  A location
 * is a (function, line) pair, without an address, in one mapping (the
 * program) that says every location is already symbolized.
 */
#include "export.h"

#include "base.h"
#include "protobuf_writer.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct strings {
  struct ss_hash h;
  struct ss_pb table; /* string_table fields, in index order */
};

static int64_t str(struct strings *s, const char *text) {
  int inserted;
  uint32_t i = ss_hash_intern(&s->h, text, strlen(text), &inserted);
  if (inserted)
    ss_pb_string(&s->table, 6, text);
  return i;
}

static void value_type(struct ss_pb *out, uint32_t field, struct strings *s,
                       const char *type, const char *unit) {
  struct ss_pb vt = {NULL, 0, 0};
  ss_pb_int(&vt, 1, str(s, type));
  ss_pb_int(&vt, 2, str(s, unit));
  ss_pb_message(out, field, &vt);
  ss_pb_release(&vt);
}

/* The location id of (frame, line), written the first time. */
static uint64_t location(struct ss_pb *out, struct ss_hash *locations,
                         const struct ss_xloc *loc) {
  uint32_t key[2] = {loc->frame, loc->line};
  int inserted;
  uint64_t id = ss_hash_intern(locations, key, sizeof key, &inserted) + 1;
  if (inserted) {
    struct ss_pb line = {NULL, 0, 0}, l = {NULL, 0, 0};
    ss_pb_uint(&line, 1, (uint64_t)loc->frame + 1);
    ss_pb_int(&line, 2, loc->line);
    ss_pb_uint(&l, 1, id);
    ss_pb_uint(&l, 2, 1); /* the one mapping */
    ss_pb_message(&l, 4, &line);
    ss_pb_message(out, 4, &l);
    ss_pb_release(&line);
    ss_pb_release(&l);
  }
  return id;
}

static void samples(struct ss_pb *out, const struct ss_xprofile *x) {
  struct ss_hash locations;
  ss_hash_init(&locations);
  struct ss_pb locs = {NULL, 0, 0};
  struct ss_xround r[SS_XVALUES];
  memset(r, 0, sizeof r);
  uint64_t *ids = NULL;
  size_t ids_cap = 0;
  for (size_t i = 0; i < x->num_stacks; i++) {
    const struct ss_xstack *st = &x->stacks[i];
    uint64_t values[SS_XVALUES];
    for (int k = 0; k < SS_XVALUES; k++)
      values[k] = (uint64_t)ss_xround_next(&r[k], st->value[k]);
    if (st->depth == 0)
      continue;
    SS_GROW(ids, ids_cap, st->depth);
    for (uint32_t d = 0; d < st->depth; d++) /* leaf first */
      ids[d] = location(&locs, &locations,
                        &x->locs[st->first + st->depth - 1 - d]);
    struct ss_pb s = {NULL, 0, 0};
    ss_pb_packed(&s, 1, ids, st->depth);
    ss_pb_packed(&s, 2, values, SS_XVALUES);
    ss_pb_message(out, 2, &s);
    ss_pb_release(&s);
  }
  /* Field order does not matter to readers; locations after samples. */
  if (locs.len) {
    SS_GROW(out->data, out->cap, out->len + locs.len - 1);
    memcpy(out->data + out->len, locs.data, locs.len);
    out->len += locs.len;
  }
  free(ids);
  ss_pb_release(&locs);
  ss_hash_release(&locations);
}

/* One mapping, the program, whose locations are all symbolized already
 * (so that pprof neither looks for the binary nor symbolizes). */
static void mapping(struct ss_pb *out, const struct ss_xprofile *x,
                    struct strings *s) {
  struct ss_pb m = {NULL, 0, 0};
  ss_pb_uint(&m, 1, 1);
  ss_pb_int(&m, 5, str(s, x->target));
  for (uint32_t field = 7; field <= 10; field++) /* has_functions, ... */
    ss_pb_uint(&m, field, 1);
  ss_pb_message(out, 3, &m);
  ss_pb_release(&m);
}

static void functions(struct ss_pb *out, const struct ss_xprofile *x,
                      struct strings *s) {
  for (size_t f = 0; f < x->num_frames; f++) {
    const struct ss_xframe *fr = &x->frames[f];
    struct ss_pb fn = {NULL, 0, 0};
    ss_pb_uint(&fn, 1, f + 1);
    ss_pb_int(&fn, 2, str(s, fr->name));
    ss_pb_int(&fn, 3, str(s, fr->name));
    ss_pb_int(&fn, 4, str(s, fr->file));
    ss_pb_int(&fn, 5, fr->line);
    ss_pb_message(out, 5, &fn);
    ss_pb_release(&fn);
  }
}

static int gzip_to(FILE *out, const struct ss_pb *b, char *why,
                   size_t why_size) {
  z_stream z;
  memset(&z, 0, sizeof z);
  /* windowBits 15 + 16: a gzip wrapper, as pprof reads it. */
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    snprintf(why, why_size, "zlib could not start compressing");
    return -1;
  }
  uLong bound = deflateBound(&z, (uLong)b->len);
  uint8_t *buf = ss_xmalloc(bound + 64);
  z.next_in = b->data;
  z.avail_in = (uInt)b->len;
  z.next_out = buf;
  z.avail_out = (uInt)(bound + 64);
  int rc = deflate(&z, Z_FINISH);
  size_t n = (size_t)(bound + 64) - z.avail_out;
  deflateEnd(&z);
  if (rc != Z_STREAM_END) {
    free(buf);
    snprintf(why, why_size, "zlib could not compress the profile");
    return -1;
  }
  fwrite(buf, 1, n, out);
  free(buf);
  return 0;
}

int ss_export_pprof(FILE *out, const struct ss_xprofile *x, char *why,
                    size_t why_size) {
  struct strings s;
  ss_hash_init(&s.h);
  memset(&s.table, 0, sizeof s.table);
  str(&s, ""); /* string_table[0] must be "" */
  struct ss_pb p = {NULL, 0, 0};
  for (int k = 0; k < SS_XVALUES; k++)
    value_type(&p, 1, &s, x->value_type[k], x->value_unit[k]);
  samples(&p, x);
  mapping(&p, x, &s);
  functions(&p, x, &s);
  value_type(&p, 11, &s, x->value_type[1], x->value_unit[1]);
  ss_pb_int(&p, 12, x->sampling ? (int64_t)x->interval_ns : 1);
  char comment[512];
  snprintf(comment, sizeof comment, "%s: %s of %s", x->command,
           x->experiment, x->target);
  ss_pb_int(&p, 13, str(&s, comment));
  ss_pb_int(&p, 14, str(&s, x->value_type[1]));
  /* The string table last: every index is known by then. */
  SS_GROW(p.data, p.cap, p.len + s.table.len);
  memcpy(p.data + p.len, s.table.data, s.table.len);
  p.len += s.table.len;
  int rc = gzip_to(out, &p, why, why_size);
  ss_pb_release(&p);
  ss_pb_release(&s.table);
  ss_hash_release(&s.h);
  return rc;
}
