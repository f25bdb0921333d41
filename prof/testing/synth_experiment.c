/*
 * synth_experiment.c -- the synthetic experiment file writer.  It encodes
 * the layout itself (little-endian, field by field) and computes CRCs with
 * its own bitwise CRC-32, so it checks ssprof's reader rather than sharing
 * its code.
 */
#define _GNU_SOURCE
#include "synth_experiment.h"

#include "desc_columns.h"
#include "ss/format.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* ---- byte buffer ---- */

struct buf {
  uint8_t *p;
  size_t len, cap;
};

static void put(struct buf *b, const void *data, size_t n) {
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
      cap *= 2;
    b->p = realloc(b->p, cap);
    if (!b->p) {
      perror("synth");
      exit(99);
    }
    b->cap = cap;
  }
  memcpy(b->p + b->len, data, n);
  b->len += n;
}

static void put_u8(struct buf *b, uint8_t v) { put(b, &v, 1); }

static void put_u16(struct buf *b, uint16_t v) {
  put_u8(b, (uint8_t)v);
  put_u8(b, (uint8_t)(v >> 8));
}

static void put_u32(struct buf *b, uint32_t v) {
  for (int i = 0; i < 4; i++)
    put_u8(b, (uint8_t)(v >> (8 * i)));
}

static void put_u64(struct buf *b, uint64_t v) {
  for (int i = 0; i < 8; i++)
    put_u8(b, (uint8_t)(v >> (8 * i)));
}

static void put_string(struct buf *b, const char *s) {
  uint32_t n = (uint32_t)strlen(s);
  put_u32(b, n);
  put(b, s, n + 1);
}

static void set_u32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t get_u64(const uint8_t *p) {
  return (uint64_t)get_u32(p) | (uint64_t)get_u32(p + 4) << 32;
}

/* Bitwise CRC-32, IEEE polynomial, as zlib. */
static uint32_t bitwise_crc32(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++)
      c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

/* ---- the descriptor ---- */

struct strtab {
  struct buf b;
};

static uint32_t str(struct strtab *t, const char *s) {
  if (!*s)
    return 0;
  for (size_t off = 1; off < t->b.len; off += strlen((char *)t->b.p + off) + 1)
    if (strcmp((char *)t->b.p + off, s) == 0)
      return (uint32_t)off;
  uint32_t off = (uint32_t)t->b.len;
  put(&t->b, s, strlen(s) + 1);
  return off;
}

#define NONE 0xFFFFFFFFu
#define ENTRY 0xFFFFFFFEu
#define EXIT 0xFFFFFFFDu

struct edge_spec {
  uint32_t from, to, counter;
  uint16_t kind, flags;
};

static const struct edge_spec work_edges[] = {
    {ENTRY, 0, 0, 3, 0}, {0, 1, NONE, 1, 0}, {1, 2, NONE, 1, 0},
    {1, 7, 1, 1, 0},     {2, 3, NONE, 1, 0}, {2, 5, 2, 1, 0},
    {3, 4, NONE, 2, 0},  {3, EXIT, NONE, 5, 0}, {4, 6, NONE, 1, 0},
    {5, 6, NONE, 1, 0},  {6, 1, 3, 1, 1},    {7, EXIT, NONE, 4, 0},
    {EXIT, ENTRY, NONE, 7, 0}};

static const struct edge_spec main_edges[] = {
    {ENTRY, 0, 4, 3, 0},    {0, 1, NONE, 2, 0},     {ENTRY, 1, NONE, 6, 0},
    {1, 2, NONE, 2, 0},     {2, 3, 5, 1, 0},        {2, 7, 6, 1, 0},
    {3, EXIT, NONE, 5, 0},  {3, 4, 7, 2, 0},        {4, EXIT, NONE, 5, 0},
    {4, 5, 8, 2, 0},        {5, EXIT, NONE, 5, 0},  {5, 6, 9, 2, 0},
    {6, EXIT, NONE, 4, 0},  {7, EXIT, NONE, 4, 0},  {EXIT, ENTRY, NONE, 7, 0}};

/* Lines of each block (the first is the block's line). */
static const uint32_t work_lines[8][2] = {{11, 12}, {12}, {13}, {14},
                                          {14},     {15}, {12}, {17}};
static const uint32_t main_lines[8] = {21, 21, 21, 23, 24, 25, 26, 22};
static const uint32_t work_block_flags[8] = {1, 0, 0, 2, 0, 0, 0, 4};
static const uint32_t main_block_flags[8] = {1 | 2, 0x10, 0, 2, 2, 2, 4, 4};

static uint64_t fnv1a(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

static void build_descriptor(const struct synth_options *o, struct buf *out) {
  struct strtab t = {{0}};
  put_u8(&t.b, 0);
  uint32_t s_module = str(&t, "synth.c"), s_dir = str(&t, "/synth");
  uint32_t s_file = s_module, s_work = str(&t, "work"),
           s_main = str(&t, "main"), s_helper = str(&t, "helper"),
           s_setjmp = str(&t, "_setjmp");
  enum { NF = 2, NB = 16, NE = 13 + 15, NC = 5, NL = 1, NLINES = 9 + 8 };
  uint32_t num_lines = NLINES + (o->fault == SYNTH_FAULT_SIZE ? 1 : 0);

  struct buf a = {0};
  /* functions */
  struct {
    uint32_t name, first_block, first_edge, nedges, first_call, ncalls,
        first_loop, nloops, line;
  } fn[NF] = {{s_work, 0, 0, 13, 0, 1, 0, 1, 10},
              {s_main, 8, 13, 15, 1, 4, 1, 0, 20}};
  if (o->fault == SYNTH_FAULT_BLOCK_RANGE)
    fn[1].first_block = 14;
  if (o->fault == SYNTH_FAULT_EDGE_RANGE)
    fn[1].nedges = 16;
  for (int i = 0; i < NF; i++) {
    uint32_t name = fn[i].name;
    if (o->fault == SYNTH_FAULT_STRTAB_OFFSET && i == 0)
      name = 5000;
    put_u32(&a, name);
    put_u32(&a, fn[i].name); /* demangled: same for C */
    put_u32(&a, s_file);
    put_u32(&a, fn[i].line);
    put_u32(&a, fn[i].first_block);
    put_u32(&a, 8);
    put_u32(&a, fn[i].first_edge);
    put_u32(&a, fn[i].nedges);
    put_u32(&a, fn[i].first_call);
    put_u32(&a, fn[i].ncalls);
    put_u32(&a, fn[i].first_loop);
    put_u32(&a, fn[i].nloops);
    put_u32(&a, 0);
    put_u32(&a, 0);
  }
  /* blocks: work's line entries are 0..8, main's 9..16 */
  uint32_t line_index = 0;
  for (int b = 0; b < 8; b++) {
    uint32_t n = work_lines[b][1] ? 2 : 1;
    put_u32(&a, s_file);
    put_u32(&a, work_lines[b][0]);
    put_u32(&a, (uint32_t)(b < 4 ? b : b - 1)); /* ir block: 3 and 4 share */
    put_u32(&a, work_block_flags[b]);
    put_u32(&a, o->fault == SYNTH_FAULT_LINE_RANGE && b == 2 ? 1000
                                                             : line_index);
    put_u32(&a, n);
    line_index += n;
  }
  for (int b = 0; b < 8; b++) {
    uint32_t line = main_lines[b];
    if (o->rebuilt && b == 6)
      line = 27;
    put_u32(&a, s_file);
    put_u32(&a, line);
    put_u32(&a, (uint32_t)(b == 0 ? 0 : b - 1));
    put_u32(&a, main_block_flags[b]);
    put_u32(&a, line_index++);
    put_u32(&a, 1);
  }
  /* edges */
  for (int i = 0; i < 13 + 15; i++) {
    struct edge_spec e = i < 13 ? work_edges[i] : main_edges[i - 13];
    if (o->fault == SYNTH_FAULT_EDGE_ENDPOINT && i == 1)
      e.to = 99;
    if (o->fault == SYNTH_FAULT_COUNTER_INDEX && i == 0)
      e.counter = 10;
    if (o->fault == SYNTH_FAULT_EDGE_KIND && i == 2)
      e.kind = 9;
    put_u32(&a, e.from);
    put_u32(&a, e.to);
    put_u32(&a, e.counter);
    put_u16(&a, e.kind);
    put_u16(&a, e.flags);
  }
  /* calls */
  struct {
    uint32_t block, callee, line, site;
  } calls[NC] = {{3, s_helper, 14, NONE},
                 {0, s_setjmp, 21, NONE},
                 {3, s_work, 23, NONE},
                 {4, NONE, 24, 0},
                 {5, s_work, 25, NONE}};
  if (o->fault == SYNTH_FAULT_CALL_BLOCK)
    calls[0].block = 40;
  if (o->fault == SYNTH_FAULT_INDIRECT_SITE)
    calls[3].site = 3;
  for (int i = 0; i < NC; i++) {
    put_u32(&a, calls[i].block);
    put_u32(&a, calls[i].callee);
    put_u32(&a, s_file);
    put_u32(&a, calls[i].line);
    put_u32(&a, calls[i].site);
    put_u32(&a, 0);
  }
  /* the loop */
  put_u32(&a, o->fault == SYNTH_FAULT_LOOP_HEADER ? 50 : 1);
  put_u32(&a, o->fault == SYNTH_FAULT_LOOP_PARENT ? 5 : NONE);
  put_u32(&a, 1);
  put_u32(&a, s_file);
  put_u32(&a, 12);
  put_u32(&a, 0);
  /* lines */
  for (int b = 0; b < 8; b++)
    for (int k = 0; k < 2 && work_lines[b][k]; k++) {
      put_u32(&a, s_file);
      put_u32(&a, work_lines[b][k]);
    }
  for (int b = 0; b < 8; b++) {
    put_u32(&a, s_file);
    put_u32(&a, o->rebuilt && b == 6 ? 27 : main_lines[b]);
  }
  /* remarks */
  int with_remarks = o->remarks || o->fault == SYNTH_FAULT_REMARK_STRING ||
                     o->fault == SYNTH_FAULT_REMARK_KIND ||
                     o->fault == SYNTH_FAULT_REMARK_VERSION;
  uint32_t num_remarks = 0;
  if (with_remarks) {
    struct {
      uint32_t line, column, kind, flags;
      const char *text;
    } remarks[] = {
        {5, 3, 1, 0x100, "replaced by a call to memset"},
        {12, 3, 2, 0x800 | 0x4,
         "wasn't vectorized because: call instruction cannot be vectorized; "
         "also: unrolled 2"},
        {13, 5, 1, 0x4, "completely unrolled (3 iterations)"},
    };
    for (int i = 0; i < 3; i++) {
      put_u32(&a, s_file);
      put_u32(&a, remarks[i].line);
      put_u32(&a, remarks[i].column);
      put_u32(&a, o->fault == SYNTH_FAULT_REMARK_KIND && i == 0
                      ? 7
                      : remarks[i].kind);
      put_u32(&a, remarks[i].flags);
      put_u32(&a, o->fault == SYNTH_FAULT_REMARK_STRING && i == 1
                      ? 9000
                      : str(&t, remarks[i].text));
      num_remarks++;
    }
  }
  if (o->fault == SYNTH_FAULT_STRTAB_NUL)
    put_u8(&t.b, 'x');

  put(out, "SSDESC\0\1", 8);
  put_u32(out, o->fault == SYNTH_FAULT_VERSION ? 5 /* one past SS_DESC_VERSION */
               : with_remarks && o->fault != SYNTH_FAULT_REMARK_VERSION ? 2
                                                                       : 1);
  put_u32(out, 72);
  put_u64(out, 0); /* module_hash, filled in below */
  put_u32(out, s_module);
  put_u32(out, s_dir);
  put_u32(out, 10); /* counters */
  put_u32(out, NF);
  put_u32(out, NB);
  put_u32(out, NE);
  put_u32(out, NC);
  put_u32(out, NL);
  put_u32(out, num_lines);
  put_u32(out, 1); /* indirect sites */
  put_u32(out, (uint32_t)t.b.len);
  put_u32(out, num_remarks);
  put(out, a.p, a.len);
  put(out, t.b.p, t.b.len);
  uint64_t h = fnv1a(out->p, out->len);
  for (int i = 0; i < 8; i++)
    out->p[16 + i] = (uint8_t)(h >> (8 * i));
  free(a.p);
  free(t.b.p);
}

/* ---- counters of each scenario ---- */

/* The descriptor as the COUNTS record carries it: zlib's stream behind a
 * struct ss_desc_packed header written field by field, or damaged as the
 * option says. */
static void pack_descriptor(enum synth_packing how, struct buf *desc) {
  if (how == SYNTH_RAW)
    return;
  uLongf room = compressBound((uLong)desc->len);
  uint8_t *stream = malloc(room);
  uint8_t *columns = malloc(desc->len);
  if (!columns || ss_desc_columns(columns, desc->p, desc->len, 1) != 0)
    abort();
  const uint8_t *in = how == SYNTH_PACKED_COLUMNS ? columns : desc->p;
  if (!stream || compress2(stream, &room, in, (uLong)desc->len, 6) != Z_OK)
    abort();
  free(columns);
  uint64_t claim = how == SYNTH_PACKED_CLAIM    ? (uint64_t)room * 2000
                   : how == SYNTH_PACKED_LONGER ? desc->len + 1
                                                : desc->len;
  if (how == SYNTH_PACKED_DAMAGED)
    stream[room / 2] ^= 0x55;
  struct buf packed = {0};
  put(&packed, "SSDESCZ\1", 8);
  put_u32(&packed, how == SYNTH_PACKED_METHOD    ? 3
                   : how == SYNTH_PACKED_COLUMNS ? 2
                                                 : 1);
  put_u32(&packed, 0);
  put_u64(&packed, claim);
  put(&packed, stream, room);
  free(stream);
  free(desc->p);
  *desc = packed;
}

static void scenario_counters(enum synth_scenario s, uint64_t c[10],
                              uint64_t *indirect_calls) {
  static const uint64_t values[][10] = {
      /* work: FUNC_ENTRY, 1->7, 2->5, 6->1; main: FUNC_ENTRY, 2->3, 2->7,
       * 3->4, 4->5, 5->6 */
      [SYNTH_LONGJMP] = {3, 2, 9, 15, 1, 1, 1, 1, 1, 0},
      [SYNTH_NORMAL] = {3, 3, 9, 16, 1, 1, 0, 1, 1, 1},
      [SYNTH_FORKED_CHILD] = {1, 2, 5, 9, 0, 0, 0, 0, 1, 1},
      [SYNTH_INCONSISTENT] = {3, 2, 20, 15, 1, 1, 1, 1, 1, 0},
  };
  memcpy(c, values[s], sizeof values[s]);
  *indirect_calls = s == SYNTH_FORKED_CHILD ? 0 : 1;
}

/* ---- the ELF target: this binary ---- */

int synth_marker_function(int x) { return x * 3 + 1; }

struct text_range {
  uint64_t addr, base, start, end;
  int found;
};

static int find_text(struct dl_phdr_info *info, size_t size, void *data) {
  struct text_range *r = data;
  uint64_t lo = UINT64_MAX, hi = 0;
  (void)size;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
      continue;
    uint64_t s = info->dlpi_addr + ph->p_vaddr;
    if (s < lo)
      lo = s;
    if (s + ph->p_memsz > hi)
      hi = s + ph->p_memsz;
  }
  if (r->addr >= lo && r->addr < hi) {
    r->base = info->dlpi_addr;
    r->start = lo;
    r->end = hi;
    r->found = 1;
    return 1;
  }
  return 0;
}

static int first_object_bias(struct dl_phdr_info *info, size_t size,
                             void *bias) {
  (void)size;
  *(uint64_t *)bias = info->dlpi_addr;
  return 1;
}

uint64_t synth_load_bias(void) {
  uint64_t bias = 0;
  dl_iterate_phdr(first_object_bias, &bias);
  return bias;
}

/* ---- records ---- */

static void put_record(struct buf *file, uint32_t tag, const struct buf *pl) {
  put_u32(file, tag);
  put_u32(file, bitwise_crc32(pl->p, pl->len));
  put_u64(file, pl->len);
  put(file, pl->p, pl->len);
  static const uint8_t zeros[8];
  put(file, zeros, (8 - pl->len % 8) % 8);
}

/* SAMPLING, then one SAMPLES record per thread with its samples in the
 * order given.  Returns the number of records written. */
/* TRACE, one EVENTS record per thread with events, TRACE_NAMES; returns
 * the records written. */
static uint32_t put_trace(struct buf *file, const struct synth_options *o) {
  struct buf pl = {0};
  uint32_t threads = o->num_threads ? o->num_threads : 1;
  uint64_t incomplete = 0;
  for (size_t i = 0; i < o->num_events; i++)
    if (o->events[i].flags & 3)
      incomplete++;
  put_u32(&pl, o->trace_kind);
  put_u32(&pl, o->trace_flags);
  put_u64(&pl, o->num_events + o->lost);
  put_u64(&pl, o->lost);
  put_u64(&pl, incomplete);
  put_u32(&pl, threads);
  put_u32(&pl, 0);
  put_u64(&pl, 1000000); /* start */
  put_string(&pl, o->trace_how ? o->trace_how : "synthetic trace");
  put_record(file, 8, &pl);
  uint32_t records = 1;
  for (uint32_t t = 0; t < threads; t++) {
    uint64_t n = 0;
    for (size_t i = 0; i < o->num_events; i++)
      n += o->events[i].thread == t;
    if (n == 0)
      continue;
    pl.len = 0;
    put_u32(&pl, t);
    put_u32(&pl, 5000 + t); /* tid */
    put_u64(&pl, n);
    for (size_t i = 0; i < o->num_events; i++) {
      const struct synth_event *e = &o->events[i];
      if (e->thread != t)
        continue;
      put_u16(&pl, e->depth);
      put_u16(&pl, e->flags);
      put_u32(&pl, e->caliper);
      put_u32(&pl, e->kind);
      put_u32(&pl, e->object);
      put_u64(&pl, 100 * i); /* time */
      put_u64(&pl, e->duration_ns);
      for (int k = 0; k < 3; k++)
        put_u64(&pl, (uint64_t)e->value[k]);
      for (uint16_t d = 0; d < e->depth; d++)
        put_u64(&pl, e->addrs[d]);
    }
    put_record(file, 9, &pl);
    records++;
  }
  pl.len = 0;
  put_u32(&pl, (uint32_t)o->num_names);
  put_u32(&pl, 0);
  for (size_t i = 0; i < o->num_names; i++) {
    put_u32(&pl, o->names_how ? o->names_how : 1); /* SS_NAME_OPENED */
    put_u32(&pl, 0);
  }
  for (size_t i = 0; i < o->num_names; i++)
    put_string(&pl, o->names[i]);
  put_record(file, 10, &pl);
  records++;
  free(pl.p);
  return records;
}

static uint32_t put_sampling(struct buf *file, const struct synth_options *o) {
  struct buf pl = {0};
  uint64_t kept = 0, incomplete = 0;
  uint32_t threads = o->num_threads ? o->num_threads : 1;
  for (size_t i = 0; i < o->num_samples; i++) {
    kept += o->samples[i].count;
    if (o->samples[i].flags & 3)
      incomplete += o->samples[i].count;
  }
  put_u32(&pl, o->sampling_kind);
  put_u32(&pl, o->sampling_kind == 3 ? 0 : 1); /* call stacks */
  put_u64(&pl, o->interval_ns);
  put_u64(&pl, kept + o->lost);
  put_u64(&pl, o->lost);
  put_u64(&pl, incomplete);
  put_u32(&pl, threads);
  put_u32(&pl, o->bin_bytes);
  put_string(&pl, o->clock ? o->clock : "synthetic timer");
  put_record(file, 6, &pl);
  uint32_t records = 1;
  for (uint32_t t = 0; t < threads; t++) {
    uint64_t n = 0;
    for (size_t i = 0; i < o->num_samples; i++)
      if (o->samples[i].thread == t)
        n += o->samples[i].count;
    if (n == 0)
      continue;
    pl.len = 0;
    put_u32(&pl, t);
    put_u32(&pl, 5000 + t); /* tid */
    put_u64(&pl, n);
    for (size_t i = 0; i < o->num_samples; i++) {
      const struct synth_sample *s = &o->samples[i];
      if (s->thread != t)
        continue;
      for (uint32_t c = 0; c < s->count; c++) {
        put_u16(&pl, s->depth);
        put_u16(&pl, s->flags);
        put_u32(&pl, s->caliper);
        if ((s->flags & SS_SAMPLE_WEIGHT) && o->weights)
          put_u64(&pl, o->weights[i]);
        for (uint16_t d = 0; d < s->depth; d++)
          put_u64(&pl, s->addrs[d]);
      }
    }
    put_record(file, 7, &pl);
    records++;
  }
  free(pl.p);
  return records;
}

int synth_set_sampling(struct synth_options *o, const char *experiment) {
  static const struct {
    const char *name, *marching_orders;
    uint32_t kind;
    uint64_t interval_ns;
    uint32_t bin_bytes;
  } kinds[] = {
      {"usertime", "ut:cu", 1, 30000000, 0},
      {"totaltime", "tt:cu", 2, 30000000, 0},
      {"pcsamp", "pc,2,10000,0:cu", 3, 10000000, 2},
      {"fpcsamp", "pc,2,1000,0:cu", 3, 1000000, 2},
      {"pcsampx", "pc,4,10000,0:cu", 3, 10000000, 4},
      {"fpcsampx", "pc,4,1000,0:cu", 3, 1000000, 4},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp(experiment, kinds[i].name) == 0) {
      o->experiment = kinds[i].name;
      o->marching_orders = kinds[i].marching_orders;
      o->sampling_kind = kinds[i].kind;
      o->interval_ns = kinds[i].interval_ns;
      o->bin_bytes = kinds[i].bin_bytes;
      return 0;
    }
  return -1;
}

/* ---- reading a real ELF file, for -module-elf ---- */

static uint16_t get_u16(const uint8_t *p) {
  return (uint16_t)(p[0] | p[1] << 8);
}

int synth_module_from_elf(struct synth_module *m, const char *path,
                          uint64_t base) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  struct buf b = {0};
  uint8_t chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    put(&b, chunk, n);
  fclose(f);
  int rc = -1;
  /* ELF64 little-endian: e_phoff at 32, e_phentsize at 54, e_phnum at 56 */
  if (b.len < 64 || memcmp(b.p, "\177ELF", 4) != 0 || b.p[4] != 2 ||
      b.p[5] != 1)
    goto out;
  uint64_t phoff = get_u64(b.p + 32);
  uint16_t phentsize = get_u16(b.p + 54), phnum = get_u16(b.p + 56);
  uint64_t lo = UINT64_MAX, hi = 0;
  memset(m, 0, sizeof *m);
  for (uint16_t i = 0; i < phnum; i++) {
    uint64_t at = phoff + (uint64_t)i * phentsize;
    if (at + 56 > b.len)
      goto out;
    const uint8_t *ph = b.p + at;
    uint32_t type = get_u32(ph), flags = get_u32(ph + 4);
    uint64_t offset = get_u64(ph + 8), vaddr = get_u64(ph + 16);
    uint64_t filesz = get_u64(ph + 32), memsz = get_u64(ph + 40);
    if (type == 1 && (flags & 1)) { /* PT_LOAD, PF_X */
      if (vaddr < lo)
        lo = vaddr;
      if (vaddr + memsz > hi)
        hi = vaddr + memsz;
    }
    if (type == 4 && offset + filesz <= b.len) { /* PT_NOTE */
      uint64_t pos = offset, end = offset + filesz;
      while (pos + 12 <= end) {
        uint32_t namesz = get_u32(b.p + pos), descsz = get_u32(b.p + pos + 4);
        uint32_t ntype = get_u32(b.p + pos + 8);
        uint64_t name_at = pos + 12;
        uint64_t desc_at = name_at + ((namesz + 3u) & ~3u);
        if (desc_at + descsz > end)
          break;
        if (ntype == 3 && namesz == 4 &&
            memcmp(b.p + name_at, "GNU", 4) == 0 && descsz <= 20) {
          memcpy(m->build_id, b.p + desc_at, descsz);
          m->build_id_len = descsz;
        }
        pos = desc_at + ((descsz + 3u) & ~3u);
      }
    }
  }
  if (hi == 0)
    goto out;
  m->path = path;
  m->base = base;
  m->start = base + lo;
  m->end = base + hi;
  rc = 0;
out:
  free(b.p);
  return rc;
}

void synth_default_options(struct synth_options *o) {
  memset(o, 0, sizeof *o);
  o->scenario = SYNTH_LONGJMP;
  o->target = SYNTH_TARGET_WORK;
  o->fault = SYNTH_FAULT_NONE;
  o->base = 0x200000000ull;
  o->pid = 4242;
  o->version_major = 1;
  o->version_minor = 0;
  o->experiment = "ideal";
  o->marching_orders = "it:cu";
  o->target_path = "/synth/prog";
}

struct map_spec {
  uint64_t base, start, end;
  uint32_t flags;
  const char *path;
  const uint8_t *build_id; /* NULL: made up */
  uint32_t build_id_len;
};

uint8_t *synth_build(const struct synth_options *o, size_t *size) {
  struct buf file = {0}, pl = {0};
  uint32_t records = 0;
  put(&file, "SSEXP\r\n\x1a", 8);
  put_u16(&file, o->version_major);
  put_u16(&file, o->version_minor);
  put_u32(&file, 24);
  put_u64(&file, 0);

  /* PROCESS */
  put_u32(&pl, o->pid);
  put_u32(&pl, 1);
  put(&pl, o->scenario == SYNTH_FORKED_CHILD ? "f\0\0\0" : "m\0\0\0", 4);
  put_u32(&pl, 8);    /* CPUs */
  put_u32(&pl, 2400); /* MHz */
  put_u32(&pl, o->scenario == SYNTH_LONGJMP ? 0 : 1);
  put_u32(&pl, 0);
  put_u32(&pl, 0); /* padding to the 8-byte start_ns */
  put_u64(&pl, 1700000000000000000ull);
  put_u64(&pl, 1700000001000000000ull);
  put_u64(&pl, 0);
  put_string(&pl, o->experiment);
  put_string(&pl, o->marching_orders);
  put_string(&pl, o->target_path);
  put_string(&pl, "prog 4 5 7");
  put_string(&pl, "/synth");
  put_string(&pl, "synthhost");
  put_string(&pl, "Synthetic CPU");
  put_string(&pl, "x86-64");
  put_record(&file, 1, &pl);
  records++;

  /* RANK: rank, size, how (2: from MPI), reserved, the job */
  if (o->mpi_job) {
    pl.len = 0;
    put_u32(&pl, (uint32_t)o->mpi_rank);
    put_u32(&pl, o->mpi_size);
    put_u32(&pl, 2);
    put_u32(&pl, 0);
    put_string(&pl, o->mpi_job);
    put_record(&file, 12, &pl);
    records++;
  }

  /* MODULE_MAP: the program (twice when loaded twice), this binary for
   * the ELF target, then the extra modules. */
  size_t max_map = 3 + o->num_modules;
  struct map_spec *map = calloc(max_map, sizeof *map);
  uint32_t nmap = 0;
  if (o->main_module)
    map[nmap++] = (struct map_spec){o->main_module->base,
                                    o->main_module->start,
                                    o->main_module->end, 1,
                                    o->main_module->path,
                                    o->main_module->build_id,
                                    o->main_module->build_id_len};
  else
    map[nmap++] = (struct map_spec){o->base, o->base + 0x1000,
                                    o->base + 0x3000, 1, o->target_path,
                                    NULL, 20};
  if (o->counts_twice)
    map[nmap++] = (struct map_spec){o->base + 0x100000, o->base + 0x101000,
                                    o->base + 0x103000, 2, o->target_path,
                                    NULL, 20};
  uint64_t elf_target = 0;
  if (o->target == SYNTH_TARGET_ELF_SYMBOL) {
    struct text_range r = {(uint64_t)(uintptr_t)&synth_marker_function, 0, 0,
                           0, 0};
    dl_iterate_phdr(find_text, &r);
    static char self[4096];
    const char *path = o->elf_path;
    if (!path) {
      ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
      self[n > 0 ? n : 0] = 0;
      path = self;
    }
    if (r.found)
      map[nmap++] =
          (struct map_spec){r.base, r.start, r.end, 0, path, NULL, 20};
    elf_target = r.addr + 4; /* inside the function, not at its start */
  }
  for (size_t i = 0; i < o->num_modules; i++) {
    const struct synth_module *m = &o->modules[i];
    map[nmap++] = (struct map_spec){m->base, m->start, m->end, m->flags,
                                    m->path, m->build_id, m->build_id_len};
  }
  pl.len = 0;
  put_u32(&pl, nmap);
  put_u32(&pl, 0);
  for (uint32_t i = 0; i < nmap; i++) {
    put_u64(&pl, map[i].base);
    put_u64(&pl, map[i].start);
    put_u64(&pl, map[i].end);
    /* Without a given build-id: a made-up one, distinct per entry. */
    for (uint8_t k = 0; k < 20; k++)
      put_u8(&pl, map[i].build_id ? (k < map[i].build_id_len
                                         ? map[i].build_id[k] : 0)
                                  : (uint8_t)(0xA0 + k + i));
    put_u32(&pl, map[i].build_id_len);
    put_u32(&pl, map[i].flags);
    put_u32(&pl, 0);
  }
  for (uint32_t i = 0; i < nmap; i++)
    put_string(&pl, map[i].path);
  put_record(&file, 2, &pl);
  records++;

  /* NOTEs: caliper point 0, the path, the extra caliper points, the
   * exit's caliper point. */
  if (!o->no_notes) {
    uint32_t n = 3 + o->extra_calipers;
    for (uint32_t i = 0; i < n; i++) {
      char text[128];
      uint32_t kind = 1;
      if (i == 0)
        snprintf(text, sizeof text, "Caliper point 0 at target begin, PID %u",
                 o->pid);
      else if (i == 1) {
        snprintf(text, sizeof text, "%s", o->target_path);
        kind = 0;
      } else if (i < n - 1)
        snprintf(text, sizeof text, "Caliper point %u at phase %u", i - 1,
                 i - 1);
      else
        snprintf(text, sizeof text, "Caliper point %u at exit(%d)", i - 1,
                 o->scenario == SYNTH_LONGJMP ? 0 : 1);
      pl.len = 0;
      put_u32(&pl, kind);
      put_u32(&pl, 0);
      put_u64(&pl, 1700000000000000000ull + (uint64_t)i);
      put_string(&pl, text);
      put_record(&file, 4, &pl);
      records++;
    }
  }

  /* COUNTS, once or twice (the second time through map entry 1) */
  struct buf desc = {0};
  build_descriptor(o, &desc);
  pack_descriptor(o->packing, &desc);
  uint64_t counters[10], indirect_calls;
  scenario_counters(o->scenario, counters, &indirect_calls);
  int copies = o->sampling_kind || o->trace_kind ? 0 : o->counts_twice ? 2 : 1;
  for (int copy = 0; copy < copies; copy++) {
    uint64_t base = copy ? map[1].base : o->base;
    uint64_t work_addr = base + 0x1200, main_addr = base + 0x1100;
    uint64_t target = o->target == SYNTH_TARGET_WORK ? work_addr
                      : o->target == SYNTH_TARGET_ELF_SYMBOL ? elf_target
                                                              : 0x1000;
    /* counters[10], function_addrs[2], one site (17 words) */
    uint64_t words[29] = {0};
    memcpy(words, counters, sizeof counters);
    words[10] = work_addr;
    words[11] = main_addr;
    words[12] = indirect_calls ? target : 0;
    words[20] = indirect_calls;
    for (uint32_t k = 0; k < o->extra_targets; k++)
      words[28] += k + 1;
    pl.len = 0;
    put_u32(&pl, copy ? 1 : 0);
    put_u32(&pl, (copy ? 2 : 0) |
                     (o->words != SYNTH_WORDS_FULL ? SS_COUNTS_SPARSE : 0));
    put_u32(&pl, 10);
    put_u32(&pl, 2);
    put_u32(&pl, 1);
    put_u32(&pl, 0);
    put_u64(&pl, desc.len);
    if (o->words == SYNTH_WORDS_FULL) {
      for (int i = 0; i < 29; i++)
        put_u64(&pl, words[i]);
    } else { /* 29 words: one group */
      uint64_t mask = 0;
      for (int i = 0; i < 29; i++)
        mask |= (uint64_t)(words[i] != 0) << i;
      if (o->words == SYNTH_WORDS_SPARSE_PAST)
        mask |= 1ull << 29;
      put_u64(&pl, mask);
      int last = 28;
      while (o->words == SYNTH_WORDS_SPARSE_SHORT && !words[last])
        last--;
      for (int i = 0; i < 29; i++)
        if (words[i] && !(o->words == SYNTH_WORDS_SPARSE_SHORT && i == last))
          put_u64(&pl, words[i]);
      if (o->words == SYNTH_WORDS_SPARSE_EXTRA)
        put_u64(&pl, 0);
    }
    put(&pl, desc.p, desc.len);
    put_record(&file, 3, &pl);
    records++;
    if (o->extra_targets) {
      pl.len = 0;
      put_u32(&pl, 1); /* the module's indirect sites */
      put_u32(&pl, 0);
      for (uint32_t k = 0; k < o->extra_targets; k++) {
        put_u32(&pl, 0); /* site 0 */
        put_u32(&pl, 0);
        put_u64(&pl, base + 0x1300 + 0x10 * k);
        put_u64(&pl, k + 1);
      }
      put_record(&file, 11, &pl); /* INDIRECT_TARGETS */
      records++;
    }
  }
  free(desc.p);

  if (o->unknown_record) {
    pl.len = 0;
    put(&pl, "a record from a newer writer", 28);
    put_record(&file, 99, &pl);
    records++;
  }

  if (o->sampling_kind)
    records += put_sampling(&file, o);
  if (o->trace_kind)
    records += put_trace(&file, o);

  /* USAGE */
  if (!o->no_usage) {
    pl.len = 0;
    for (int i = 0; i < 11; i++)
      put_u64(&pl, o->usage ? o->usage[i] : (uint64_t)(i + 1) * 1000);
    put_record(&file, 5, &pl);
    records++;
  }

  /* END */
  pl.len = 0;
  put_u32(&pl, records);
  put_u32(&pl, 0);
  put_record(&file, 0x7FFFFFFF, &pl);

  free(pl.p);
  free(map);
  *size = file.len;
  return file.p;
}

int synth_write_file(const char *path, const struct synth_options *o) {
  size_t size;
  uint8_t *image = synth_build(o, &size);
  FILE *f = fopen(path, "wb");
  int rc = -1;
  if (f) {
    rc = fwrite(image, 1, size, f) == size ? 0 : -1;
    if (fclose(f) != 0)
      rc = -1;
  }
  free(image);
  return rc;
}

size_t synth_record_offsets(const uint8_t *image, size_t size,
                            size_t *offsets, size_t max) {
  size_t n = 0, off = get_u32(image + 12);
  while (off + 16 <= size && n < max) {
    uint64_t len = get_u64(image + off + 8);
    offsets[n++] = off;
    off += 16 + len + (8 - len % 8) % 8;
  }
  return n;
}

void synth_fix_crcs(uint8_t *image, size_t size) {
  size_t offsets[64];
  size_t n = synth_record_offsets(image, size, offsets, 64);
  for (size_t i = 0; i < n; i++) {
    uint64_t len = get_u64(image + offsets[i] + 8);
    if (offsets[i] + 16 + len <= size)
      set_u32(image + offsets[i] + 4,
              bitwise_crc32(image + offsets[i] + 16, (size_t)len));
  }
}
