/*
 * descriptor.c -- decoding and validation of a module descriptor blob.
 * Nothing in the blob is trusted: sizes are computed in 64 bits, every
 * string offset and index is range-checked before the blob is accepted.
 */
#include "expfile.h"

#include "base.h"
#include "descriptor_unpack.h"

#include <stdlib.h>
#include <string.h>

enum {
  HEADER_SIZE = 72,
  FUNCTION_SIZE = 56,
  BLOCK_SIZE = 24,
  EDGE_SIZE = 16,
  CALL_SIZE = 24,
  LOOP_SIZE = 24,
  LINE_SIZE = 8,
  REMARK_SIZE = 24,
  HEADER3_SIZE = 80, /* version 3: num_entries */
  ENTRY_SIZE = 40
};

static void decode_header(const uint8_t *p, struct ss_desc_header *h) {
  memcpy(h->magic, p, 8);
  h->version = ss_le32(p + 8);
  h->header_size = ss_le32(p + 12);
  h->module_hash = ss_le64(p + 16);
  h->module_name = ss_le32(p + 24);
  h->comp_dir = ss_le32(p + 28);
  h->num_counters = ss_le32(p + 32);
  h->num_functions = ss_le32(p + 36);
  h->num_blocks = ss_le32(p + 40);
  h->num_edges = ss_le32(p + 44);
  h->num_calls = ss_le32(p + 48);
  h->num_loops = ss_le32(p + 52);
  h->num_lines = ss_le32(p + 56);
  h->num_indirect_sites = ss_le32(p + 60);
  h->strtab_size = ss_le32(p + 64);
  h->num_remarks = ss_le32(p + 68);
  h->num_entries = 0; /* version 3: read once the header size is checked */
  h->reserved = 0;
}

static void decode_function(const uint8_t *p, struct ss_desc_function *f) {
  f->name = ss_le32(p);
  f->demangled = ss_le32(p + 4);
  f->file = ss_le32(p + 8);
  f->line = ss_le32(p + 12);
  f->first_block = ss_le32(p + 16);
  f->num_blocks = ss_le32(p + 20);
  f->first_edge = ss_le32(p + 24);
  f->num_edges = ss_le32(p + 28);
  f->first_call = ss_le32(p + 32);
  f->num_calls = ss_le32(p + 36);
  f->first_loop = ss_le32(p + 40);
  f->num_loops = ss_le32(p + 44);
  f->flags = ss_le32(p + 48);
  f->restart_counter = ss_le32(p + 52);
}

static void decode_block(const uint8_t *p, struct ss_desc_block *b) {
  b->file = ss_le32(p);
  b->line = ss_le32(p + 4);
  b->ir_block = ss_le32(p + 8);
  b->flags = ss_le32(p + 12);
  b->first_line = ss_le32(p + 16);
  b->num_lines = ss_le32(p + 20);
}

static void decode_edge(const uint8_t *p, struct ss_desc_edge *e) {
  e->from = ss_le32(p);
  e->to = ss_le32(p + 4);
  e->counter = ss_le32(p + 8);
  e->kind = ss_le16(p + 12);
  e->flags = ss_le16(p + 14);
}

static void decode_call(const uint8_t *p, struct ss_desc_call *c) {
  c->block = ss_le32(p);
  c->callee = ss_le32(p + 4);
  c->file = ss_le32(p + 8);
  c->line = ss_le32(p + 12);
  c->indirect_site = ss_le32(p + 16);
  c->inlined_from = ss_le32(p + 20);
}

static void decode_loop(const uint8_t *p, struct ss_desc_loop *l) {
  l->header = ss_le32(p);
  l->parent = ss_le32(p + 4);
  l->depth = ss_le32(p + 8);
  l->file = ss_le32(p + 12);
  l->line = ss_le32(p + 16);
  l->reserved = ss_le32(p + 20);
}

static void decode_line(const uint8_t *p, struct ss_desc_line *l) {
  l->file = ss_le32(p);
  l->line = ss_le32(p + 4);
}

static void decode_remark(const uint8_t *p, struct ss_desc_remark *r) {
  r->file = ss_le32(p);
  r->line = ss_le32(p + 4);
  r->column = ss_le32(p + 8);
  r->kind = ss_le32(p + 12);
  r->flags = ss_le32(p + 16);
  r->text = ss_le32(p + 20);
}

static void decode_entry(const uint8_t *p, struct ss_desc_entry *e) {
  e->function = ss_le32(p);
  e->block = ss_le32(p + 4);
  e->callee = ss_le32(p + 8);
  e->demangled = ss_le32(p + 12);
  e->file = ss_le32(p + 16);
  e->line = ss_le32(p + 20);
  e->caller = ss_le32(p + 24);
  e->call_file = ss_le32(p + 28);
  e->call_line = ss_le32(p + 32);
  e->flags = ss_le32(p + 36);
}

/* Does [first, first + count) lie inside an array of `total` elements? */
static int range_ok(uint32_t first, uint32_t count, uint32_t total) {
  return (uint64_t)first + count <= total;
}

static int str_ok(const struct ss_descriptor *d, uint32_t off) {
  return off < d->header.strtab_size;
}

static int edge_kind_ok(uint16_t kind) {
  return kind >= SS_EDGE_BRANCH && kind <= SS_EDGE_CLOSE;
}

/* Name of function i for messages: only once its name offset is checked. */
static const char *fname(const struct ss_descriptor *d, uint32_t i) {
  const struct ss_desc_function *f = &d->functions[i];
  return str_ok(d, f->name) ? ss_desc_str(d, f->name) : "?";
}

static int check_header(const uint8_t *blob, uint64_t size,
                        struct ss_descriptor *d, uint64_t *arrays_end,
                        struct ss_err *err) {
  if (size < 8 || memcmp(blob, SS_DESC_MAGIC, 8) != 0) {
    ss_err_set(err, "module descriptor has a bad magic number");
    return -1;
  }
  if (size < HEADER_SIZE) {
    ss_err_set(err, "module descriptor is %llu bytes, shorter than its "
               "%d-byte header", (unsigned long long)size, HEADER_SIZE);
    return -1;
  }
  decode_header(blob, &d->header);
  const struct ss_desc_header *h = &d->header;
  if (h->version < SS_DESC_VERSION_MIN || h->version > SS_DESC_VERSION) {
    ss_err_set(err, "module descriptor version %u is not supported (this "
               "ssprof reads versions %u to %u)", h->version,
               SS_DESC_VERSION_MIN, SS_DESC_VERSION);
    return -1;
  }
  if (h->version < 2 && h->num_remarks != 0) {
    ss_err_set(err, "module descriptor version %u has %u remarks (remarks "
               "came with version 2)", h->version, h->num_remarks);
    return -1;
  }
  if (h->header_size < (h->version >= 3 ? HEADER3_SIZE : HEADER_SIZE) ||
      h->header_size > size) {
    ss_err_set(err, "module descriptor header size %u is invalid",
               h->header_size);
    return -1;
  }
  if (h->version >= 3)
    d->header.num_entries = ss_le32(blob + 72);
  uint64_t need = h->header_size;
  need += (uint64_t)h->num_functions * FUNCTION_SIZE;
  need += (uint64_t)h->num_blocks * BLOCK_SIZE;
  need += (uint64_t)h->num_edges * EDGE_SIZE;
  need += (uint64_t)h->num_calls * CALL_SIZE;
  need += (uint64_t)h->num_loops * LOOP_SIZE;
  need += (uint64_t)h->num_lines * LINE_SIZE;
  need += (uint64_t)h->num_remarks * REMARK_SIZE;
  need += (uint64_t)h->num_entries * ENTRY_SIZE;
  *arrays_end = need;
  need += h->strtab_size;
  if (need != size) {
    ss_err_set(err, "module descriptor arrays and string table need %llu "
               "bytes, the descriptor has %llu", (unsigned long long)need,
               (unsigned long long)size);
    return -1;
  }
  if (h->strtab_size == 0 || blob[*arrays_end] != 0 ||
      blob[size - 1] != 0) {
    ss_err_set(err, "module descriptor string table is not NUL-terminated");
    return -1;
  }
  if (!str_ok(d, h->module_name) || !str_ok(d, h->comp_dir)) {
    ss_err_set(err, "module descriptor names a string outside its string "
               "table");
    return -1;
  }
  return 0;
}

static void decode_arrays(const uint8_t *blob, struct ss_descriptor *d) {
  const struct ss_desc_header *h = &d->header;
  const uint8_t *p = blob + h->header_size;
  d->functions = ss_xcalloc(h->num_functions, sizeof *d->functions);
  for (uint32_t i = 0; i < h->num_functions; i++, p += FUNCTION_SIZE)
    decode_function(p, &d->functions[i]);
  d->blocks = ss_xcalloc(h->num_blocks, sizeof *d->blocks);
  for (uint32_t i = 0; i < h->num_blocks; i++, p += BLOCK_SIZE)
    decode_block(p, &d->blocks[i]);
  d->edges = ss_xcalloc(h->num_edges, sizeof *d->edges);
  for (uint32_t i = 0; i < h->num_edges; i++, p += EDGE_SIZE)
    decode_edge(p, &d->edges[i]);
  d->calls = ss_xcalloc(h->num_calls, sizeof *d->calls);
  for (uint32_t i = 0; i < h->num_calls; i++, p += CALL_SIZE)
    decode_call(p, &d->calls[i]);
  d->loops = ss_xcalloc(h->num_loops, sizeof *d->loops);
  for (uint32_t i = 0; i < h->num_loops; i++, p += LOOP_SIZE)
    decode_loop(p, &d->loops[i]);
  d->lines = ss_xcalloc(h->num_lines, sizeof *d->lines);
  for (uint32_t i = 0; i < h->num_lines; i++, p += LINE_SIZE)
    decode_line(p, &d->lines[i]);
  d->remarks = ss_xcalloc(h->num_remarks, sizeof *d->remarks);
  for (uint32_t i = 0; i < h->num_remarks; i++, p += REMARK_SIZE)
    decode_remark(p, &d->remarks[i]);
  d->entries = ss_xcalloc(h->num_entries, sizeof *d->entries);
  for (uint32_t i = 0; i < h->num_entries; i++, p += ENTRY_SIZE)
    decode_entry(p, &d->entries[i]);
  d->strtab = (const char *)p;
}

static int check_function(const struct ss_descriptor *d, uint32_t fi,
                          struct ss_err *err) {
  const struct ss_desc_header *h = &d->header;
  const struct ss_desc_function *f = &d->functions[fi];
  if (!str_ok(d, f->name) || !str_ok(d, f->demangled) || !str_ok(d, f->file)) {
    ss_err_set(err, "function %u names a string outside the string table", fi);
    return -1;
  }
  if (f->num_blocks == 0 || !range_ok(f->first_block, f->num_blocks,
                                      h->num_blocks)) {
    ss_err_set(err, "function %s: blocks %u+%u outside the %u blocks of the "
               "module", fname(d, fi), f->first_block, f->num_blocks,
               h->num_blocks);
    return -1;
  }
  if (!range_ok(f->first_edge, f->num_edges, h->num_edges)) {
    ss_err_set(err, "function %s: edges %u+%u outside the %u edges of the "
               "module", fname(d, fi), f->first_edge, f->num_edges,
               h->num_edges);
    return -1;
  }
  if (!range_ok(f->first_call, f->num_calls, h->num_calls)) {
    ss_err_set(err, "function %s: calls %u+%u outside the %u calls of the "
               "module", fname(d, fi), f->first_call, f->num_calls,
               h->num_calls);
    return -1;
  }
  if (!range_ok(f->first_loop, f->num_loops, h->num_loops)) {
    ss_err_set(err, "function %s: loops %u+%u outside the %u loops of the "
               "module", fname(d, fi), f->first_loop, f->num_loops,
               h->num_loops);
    return -1;
  }
  for (uint32_t i = 0; i < f->num_edges; i++) {
    const struct ss_desc_edge *e = &d->edges[f->first_edge + i];
    if (!ss_desc_node_valid(e->from, f->num_blocks) ||
        !ss_desc_node_valid(e->to, f->num_blocks)) {
      ss_err_set(err, "function %s: edge %u (%#x -> %#x) leaves the "
                 "function's %u blocks", fname(d, fi), i, e->from, e->to,
                 f->num_blocks);
      return -1;
    }
    if (!edge_kind_ok(e->kind)) {
      ss_err_set(err, "function %s: edge %u has unknown kind %u",
                 fname(d, fi), i, e->kind);
      return -1;
    }
    if (e->counter != SS_NONE && e->counter >= h->num_counters) {
      ss_err_set(err, "function %s: edge %u uses counter %u, the module has "
                 "%u counters", fname(d, fi), i, e->counter, h->num_counters);
      return -1;
    }
  }
  for (uint32_t i = 0; i < f->num_calls; i++) {
    const struct ss_desc_call *c = &d->calls[f->first_call + i];
    if (c->block >= f->num_blocks) {
      ss_err_set(err, "function %s: call %u is in block %u, the function has "
                 "%u blocks", fname(d, fi), i, c->block, f->num_blocks);
      return -1;
    }
    if ((c->callee != SS_NONE && !str_ok(d, c->callee)) ||
        !str_ok(d, c->file) || !str_ok(d, c->inlined_from)) {
      ss_err_set(err, "function %s: call %u names a string outside the "
                 "string table", fname(d, fi), i);
      return -1;
    }
    if (c->indirect_site != SS_NONE &&
        c->indirect_site >= h->num_indirect_sites) {
      ss_err_set(err, "function %s: call %u uses indirect site %u, the module "
                 "has %u", fname(d, fi), i, c->indirect_site,
                 h->num_indirect_sites);
      return -1;
    }
  }
  for (uint32_t i = 0; i < f->num_loops; i++) {
    const struct ss_desc_loop *l = &d->loops[f->first_loop + i];
    if (l->header >= f->num_blocks) {
      ss_err_set(err, "function %s: loop %u has header block %u, the "
                 "function has %u blocks", fname(d, fi), i, l->header,
                 f->num_blocks);
      return -1;
    }
    if (l->parent != SS_NONE && (l->parent >= f->num_loops || l->parent == i)) {
      ss_err_set(err, "function %s: loop %u has parent loop %u, the function "
                 "has %u loops", fname(d, fi), i, l->parent, f->num_loops);
      return -1;
    }
    if (!str_ok(d, l->file)) {
      ss_err_set(err, "function %s: loop %u names a string outside the string "
                 "table", fname(d, fi), i);
      return -1;
    }
  }
  return 0;
}

static int check_blocks_and_lines(const struct ss_descriptor *d,
                                  struct ss_err *err) {
  const struct ss_desc_header *h = &d->header;
  for (uint32_t i = 0; i < h->num_blocks; i++) {
    const struct ss_desc_block *b = &d->blocks[i];
    if (!str_ok(d, b->file)) {
      ss_err_set(err, "block %u names a string outside the string table", i);
      return -1;
    }
    if (!range_ok(b->first_line, b->num_lines, h->num_lines)) {
      ss_err_set(err, "block %u: lines %u+%u outside the %u lines of the "
                 "module", i, b->first_line, b->num_lines, h->num_lines);
      return -1;
    }
  }
  for (uint32_t i = 0; i < h->num_lines; i++)
    if (!str_ok(d, d->lines[i].file)) {
      ss_err_set(err, "line entry %u names a string outside the string table",
                 i);
      return -1;
    }
  return 0;
}

static int check_remarks(const struct ss_descriptor *d, struct ss_err *err) {
  for (uint32_t i = 0; i < d->header.num_remarks; i++) {
    const struct ss_desc_remark *r = &d->remarks[i];
    if (!str_ok(d, r->file) || !str_ok(d, r->text)) {
      ss_err_set(err, "remark %u names a string outside the string table",
                 i);
      return -1;
    }
    if (r->kind != SS_REMARK_DONE && r->kind != SS_REMARK_FAILED) {
      ss_err_set(err, "remark %u has unknown kind %u", i, r->kind);
      return -1;
    }
  }
  return 0;
}

static int check_entries(const struct ss_descriptor *d, struct ss_err *err) {
  for (uint32_t i = 0; i < d->header.num_entries; i++) {
    const struct ss_desc_entry *e = &d->entries[i];
    if (!str_ok(d, e->callee) || !str_ok(d, e->demangled) ||
        !str_ok(d, e->file) || !str_ok(d, e->caller) ||
        !str_ok(d, e->call_file)) {
      ss_err_set(err, "entry %u names a string outside the string table", i);
      return -1;
    }
    if (e->function >= d->header.num_functions ||
        (e->block != SS_NONE &&
         e->block >= d->functions[e->function].num_blocks)) {
      ss_err_set(err, "entry %u names block %u of function %u, which does "
                 "not exist", i, e->block, e->function);
      return -1;
    }
    if ((e->block == SS_NONE) != !!(e->flags & SS_ENTRY_LOST) ||
        (e->flags & ~(SS_ENTRY_INLINED | SS_ENTRY_LOST))) {
      ss_err_set(err, "entry %u has flags 0x%x that do not fit its block", i,
                 e->flags);
      return -1;
    }
  }
  return 0;
}

int ss_descriptor_parse(const uint8_t *blob, uint64_t size,
                        struct ss_descriptor *d, struct ss_err *err) {
  uint64_t arrays_end = 0;
  memset(d, 0, sizeof *d);
  if (ss_descriptor_is_packed(blob, size)) {
    d->unpacked = ss_descriptor_unpack(blob, size, &size, err);
    if (!d->unpacked)
      return -1;
    blob = d->unpacked;
  }
  d->blob = blob;
  d->size = size;
  if (check_header(blob, size, d, &arrays_end, err) != 0)
    return -1;
  decode_arrays(blob, d);
  int rc = check_blocks_and_lines(d, err);
  if (rc == 0)
    rc = check_remarks(d, err);
  for (uint32_t i = 0; rc == 0 && i < d->header.num_functions; i++)
    rc = check_function(d, i, err);
  if (rc == 0)
    rc = check_entries(d, err);
  if (rc == 0)
    return 0;
  ss_err_prefix(err, "module descriptor");
  ss_descriptor_release(d);
  return -1;
}

void ss_descriptor_release(struct ss_descriptor *d) {
  free(d->functions);
  free(d->blocks);
  free(d->edges);
  free(d->calls);
  free(d->loops);
  free(d->lines);
  free(d->remarks);
  free(d->entries);
  free(d->unpacked);
  memset(d, 0, sizeof *d);
}
