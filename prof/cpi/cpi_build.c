/* cpi_build.c -- counts and ideal time joined with samples; see cpi.h. */
#define _GNU_SOURCE /* qsort_r */
#include "cpi.h"

#include "cpi_steps.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ss_cpi_warn(struct ss_cpi *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  c->warnings = ss_xrealloc_array(c->warnings, c->num_warnings + 1,
                                  sizeof *c->warnings);
  c->warnings[c->num_warnings++] = ss_xstrdup(buf);
}

const char *ss_cpi_keep(struct ss_cpi *c, char *owned) {
  SS_GROW(c->strings, c->strings_cap, c->num_strings);
  return c->strings[c->num_strings++] = owned;
}

/* ---- where each sampled address is ----------------------------------- */

/* An object of the counting run, and its code as ideal time cut it: its
 * functions' ranges and its listed blocks, by address. */
struct object {
  const char *path;
  const uint8_t *build_id;
  uint32_t build_id_len;
  uint32_t *functions; /* ideal function ids, by low address */
  size_t num_functions, functions_cap;
  uint32_t *blocks;    /* ideal block indices, by address */
  size_t num_blocks, blocks_cap;
};

struct finder {
  const struct ss_ideal *ideal;
  struct object *objects;
  size_t num_objects, cap;
};

static struct object *object_of(struct finder *fd, const char *path) {
  for (size_t i = 0; i < fd->num_objects; i++)
    if (strcmp(fd->objects[i].path, path) == 0)
      return &fd->objects[i];
  SS_GROW(fd->objects, fd->cap, fd->num_objects);
  struct object *o = &fd->objects[fd->num_objects++];
  memset(o, 0, sizeof *o);
  o->path = path;
  return o;
}

static int by_low(const void *x, const void *y, void *ctx) {
  const struct ss_ideal *ideal = ctx;
  uint64_t a = ideal->functions[*(const uint32_t *)x].low;
  uint64_t b = ideal->functions[*(const uint32_t *)y].low;
  return a < b ? -1 : a > b;
}

static int by_address(const void *x, const void *y, void *ctx) {
  const struct ss_ideal *ideal = ctx;
  uint64_t a = ideal->blocks[*(const uint32_t *)x].address;
  uint64_t b = ideal->blocks[*(const uint32_t *)y].address;
  return a < b ? -1 : a > b;
}

static void build_finder(struct finder *fd, const struct ss_model *m,
                         const struct ss_ideal *ideal) {
  memset(fd, 0, sizeof *fd);
  fd->ideal = ideal;
  for (uint32_t f = 0; f < m->num_functions; f++) {
    const struct ss_ideal_function *idf = &ideal->functions[f];
    if (!idf->has_code || !idf->path)
      continue;
    struct object *o = object_of(fd, idf->path);
    const struct ss_merged_module *mm = m->functions[f].module;
    if (mm && mm->map && mm->map->build_id_len) {
      o->build_id = mm->map->build_id;
      o->build_id_len = mm->map->build_id_len;
    }
    SS_GROW(o->functions, o->functions_cap, o->num_functions);
    o->functions[o->num_functions++] = f;
  }
  for (size_t k = 0; k < ideal->num_blocks; k++) {
    const struct ss_ideal_function *idf =
        &ideal->functions[ideal->blocks[k].function];
    if (!idf->path)
      continue;
    struct object *o = object_of(fd, idf->path);
    SS_GROW(o->blocks, o->blocks_cap, o->num_blocks);
    o->blocks[o->num_blocks++] = (uint32_t)k;
  }
  for (size_t i = 0; i < fd->num_objects; i++) {
    struct object *o = &fd->objects[i];
    qsort_r(o->functions, o->num_functions, sizeof *o->functions, by_low,
            (void *)ideal);
    qsort_r(o->blocks, o->num_blocks, sizeof *o->blocks, by_address,
            (void *)ideal);
  }
}

static void free_finder(struct finder *fd) {
  for (size_t i = 0; i < fd->num_objects; i++) {
    free(fd->objects[i].functions);
    free(fd->objects[i].blocks);
  }
  free(fd->objects);
}

/* The counting run's object that a sampling run's map entry is: the same
 * build-id, else (no build-id on either side) the same path. */
static struct object *object_for_entry(struct finder *fd,
                                       const struct ss_map_entry *e,
                                       const char *path) {
  for (size_t i = 0; i < fd->num_objects; i++) {
    struct object *o = &fd->objects[i];
    if (o->build_id_len && e->build_id_len
            ? o->build_id_len == e->build_id_len &&
                  memcmp(o->build_id, e->build_id, e->build_id_len) == 0
            : strcmp(o->path, path) == 0)
      return o;
  }
  return NULL;
}

/* The ideal function whose code holds `addr`, or SS_MODEL_NONE. */
static uint32_t function_at(const struct finder *fd, const struct object *o,
                            uint64_t addr) {
  size_t lo = 0, hi = o->num_functions;
  while (lo < hi) { /* the first function starting after addr */
    size_t mid = lo + (hi - lo) / 2;
    if (fd->ideal->functions[o->functions[mid]].low <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return SS_MODEL_NONE;
  uint32_t f = o->functions[lo - 1];
  return addr < fd->ideal->functions[f].high ? f : SS_MODEL_NONE;
}

/* The listed block that holds `addr`, or SS_MB_NONE. */
static uint32_t block_at(const struct finder *fd, const struct object *o,
                         uint64_t addr) {
  const struct ss_ideal *ideal = fd->ideal;
  size_t lo = 0, hi = o->num_blocks;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (ideal->blocks[o->blocks[mid]].address <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0)
    return SS_MB_NONE;
  const struct ss_ideal_block *b = &ideal->blocks[o->blocks[lo - 1]];
  return addr < b->address + b->size ? o->blocks[lo - 1] : SS_MB_NONE;
}

/* The instruction of block k that holds `addr` (the last one at or
 * before it). */
static const struct ss_ideal_insn *insn_at(const struct ss_ideal *ideal,
                                           uint32_t k, uint64_t addr) {
  const struct ss_ideal_block *b = &ideal->blocks[k];
  const struct ss_ideal_insn *found = NULL;
  for (uint32_t i = 0; i < b->num_insns; i++) {
    const struct ss_ideal_insn *in = &ideal->insns[b->first_insn + i];
    if (in->address > addr)
      break;
    found = in;
  }
  return found;
}

/* ---- the samples ----------------------------------------------------- */

struct sampled_pc {
  uint32_t file;
  uint64_t pc;
  uint64_t samples;
  uint64_t weight; /* what they weigh (ss_sample_weight) */
};

/* Every sample's PC, identical ones together, per file; *ns sums their
 * weights (a counter's events for a hwc experiment). */
static struct sampled_pc *group_samples(const struct ss_profile *p,
                                        size_t *num, uint64_t *total,
                                        uint64_t *ns) {
  struct ss_hash keys;
  ss_hash_init(&keys);
  struct sampled_pc *pcs = NULL;
  size_t cap = 0;
  *num = 0;
  *total = *ns = 0;
  for (size_t fi = 0; fi < p->num_files; fi++) {
    const struct ss_expfile *f = p->files[fi];
    for (size_t bi = 0; bi < f->num_sample_blocks; bi++) {
      const struct ss_sample_block *blk = &f->sample_blocks[bi];
      const uint8_t *cur = blk->data;
      for (uint64_t k = 0; k < blk->num_samples; k++) {
        struct ss_sample_view s;
        ss_sample_next(&cur, &s);
        uint64_t weight = ss_sample_weight(&s, f);
        (*total)++;
        *ns += weight;
        if (s.depth == 0)
          continue;
        uint64_t key[2] = {fi, ss_sample_addr(&s, 0)};
        int inserted;
        uint32_t id = ss_hash_intern(&keys, key, sizeof key, &inserted);
        if (inserted) {
          SS_GROW(pcs, cap, id);
          pcs[id] = (struct sampled_pc){(uint32_t)fi, key[1], 0, 0};
          *num = id + 1;
        }
        pcs[id].samples++;
        pcs[id].weight += weight;
      }
    }
  }
  ss_hash_release(&keys);
  return pcs;
}

/* A row gains `n` samples weighing `weight` (events of a hwc join). */
static void row_gains(struct ss_cpi_row *r, uint64_t n, uint64_t weight) {
  r->samples += n;
  r->events += (double)weight;
}

/* Add `n` samples of one instruction to every row that holds it. */
static void add_samples(struct ss_cpi *c, uint32_t k,
                        const struct ss_ideal_insn *in, uint64_t n,
                        uint64_t weight) {
  const struct ss_ideal *ideal = c->ideal;
  const struct ss_ideal_block *b = &ideal->blocks[k];
  row_gains(&c->blocks[k], n, weight);
  if (in && in->line_index != UINT32_MAX)
    row_gains(&c->lines[in->line_index], n, weight);
  if (in && (in->flags & SS_IDEAL_INSN_COUNTING))
    c->counting_samples += n;
  if (b->model_block == SS_MODEL_NONE)
    return;
  row_gains(&c->model_blocks[b->model_block], n, weight);
  for (uint32_t l = c->nest.innermost[b->model_block]; l != SS_MODEL_NONE;
       l = c->model->loops[l].parent)
    if (ss_loop_contains(&c->nest, l, b->model_block))
      row_gains(&c->loops[l], n, weight);
}

static void join_samples(struct ss_cpi *c, const struct ss_profile *sampling,
                         struct ss_cpi_names *outside) {
  struct finder fd;
  build_finder(&fd, c->model, c->ideal);
  size_t num_pcs;
  struct sampled_pc *pcs = group_samples(sampling, &num_pcs, &c->samples,
                                         &c->sampled_ns);
  for (size_t i = 0; i < num_pcs; i++) {
    const struct ss_expfile *f = sampling->files[pcs[i].file];
    uint32_t e = ss_map_find(f, pcs[i].pc);
    struct ss_loc loc = ss_relocate_in(f, e, pcs[i].pc);
    const char *path = e == SS_NONE ? NULL
                       : f->map[e].path[0] ? f->map[e].path
                                           : sampling->target;
    struct object *o = e == SS_NONE ? NULL
                                    : object_for_entry(&fd, &f->map[e], path);
    uint32_t fn = o ? function_at(&fd, o, loc.addr) : SS_MODEL_NONE;
    if (fn == SS_MODEL_NONE) {
      c->outside_samples += pcs[i].samples;
      ss_cpi_name_samples(outside, path, loc.addr, pcs[i].samples);
      continue;
    }
    c->instrumented_samples += pcs[i].samples;
    row_gains(&c->functions[fn], pcs[i].samples, pcs[i].weight);
    uint32_t k = block_at(&fd, o, loc.addr);
    if (k == SS_MB_NONE) {
      c->counting_samples += pcs[i].samples; /* the instrumentation's code */
      continue;
    }
    add_samples(c, k, insn_at(c->ideal, k, loc.addr), pcs[i].samples,
                pcs[i].weight);
  }
  free(pcs);
  free_finder(&fd);
}

/* The samples' time in cycles (a hwc join's from its events, the sum of
 * its samples' weights), and every row's cause. */
static void finish_rows(const struct ss_cpi *c, struct ss_cpi_row *rows,
                        size_t n, double per_sample) {
  double per_event = per_sample / (double)c->interval_ns;
  for (size_t i = 0; i < n; i++) {
    if (c->hwc)
      rows[i].sampled_cycles = rows[i].events * per_event;
    else
      rows[i].sampled_cycles = (double)rows[i].samples * per_sample;
    rows[i].bound = SS_BOUND_MODEL;
    for (int b = 0; b < SS_BOUND_COUNT; b++)
      if (rows[i].bound_cycles[b] > rows[i].bound_cycles[rows[i].bound])
        rows[i].bound = b;
    rows[i].cause = c->timed || rows[i].samples == 0
                        ? ss_cpi_cause_of(&rows[i])
                        : SS_CAUSE_NOT_TIMED;
  }
}

/* The time one sample weighs, in c->sample_seconds and c->sample_cycles
 * (returned), and the sampled time of the run: a timer's interval; a
 * counter's overflow value when it counts time or cycles (cpi.h). */
static double sample_time(struct ss_cpi *c) {
  double cycles = 0;
  c->timed = 1;
  if (!c->hwc || c->event_unit == SS_CPI_EVENT_NS) {
    cycles = (double)c->interval_ns * c->clock_mhz / 1000.0;
    c->sample_seconds = (double)c->interval_ns / 1e9;
  } else if (c->event_unit == SS_CPI_EVENT_CYCLES && c->clock_mhz > 0) {
    cycles = (double)c->interval_ns;
    c->sample_seconds = cycles / (c->clock_mhz * 1e6);
    /* c->sampled_ns holds the samples' events (cycles) so far */
    c->sampled_ns = (uint64_t)((double)c->sampled_ns / (c->clock_mhz * 1e6) *
                               1e9);
  } else {
    c->timed = 0;
    c->sample_seconds = 0;
    c->sampled_ns = 0;
  }
  c->sample_cycles = cycles;
  return cycles;
}

int ss_cpi_build(struct ss_cpi *c, const struct ss_model *m,
                 const struct ss_ideal *ideal,
                 const struct ss_profile *sampling,
                 struct ss_elf_cache *symbols, struct ss_err *err) {
  memset(c, 0, sizeof *c);
  c->model = m;
  c->ideal = ideal;
  c->clock_mhz = ideal->clock_mhz;
  const struct ss_expfile *first = sampling->files[0];
  c->interval_ns = first->sampling.interval_ns;
  c->sampling_kind = first->sampling.kind;
  c->experiment = first->process.experiment;
  c->hwc = c->sampling_kind == SS_SAMPLING_HWC ||
           c->sampling_kind == SS_SAMPLING_HWCTIME;
  /* A profiled counter's events weigh the samples where there is one. */
  c->event = !c->hwc ? NULL
             : first->has_counter_totals && first->counter_totals.name[1]
                 ? first->counter_totals.name[1]
                 : first->sampling.clock;
  c->event_unit = ss_cpi_event_unit_of(c->event);
  for (size_t i = 1; i < sampling->num_files; i++)
    if (c->hwc && strcmp(sampling->files[i]->sampling.clock, c->event)) {
      ss_err_set(err, "%s counted %s, %s counted %s; join files of one "
                 "event", sampling->files[i]->name,
                 sampling->files[i]->sampling.clock, first->name, c->event);
      return -1;
    } else if (sampling->files[i]->sampling.interval_ns != c->interval_ns) {
      ss_err_set(err, "sampled every %llu ns where %s sampled every %llu "
                 "ns; join files of one experiment",
                 (unsigned long long)sampling->files[i]->sampling.interval_ns,
                 first->name, (unsigned long long)c->interval_ns);
      return -1;
    }
  ss_loop_nest_build(&c->nest, m);
  c->functions = ss_xcalloc(m->num_functions + 1, sizeof *c->functions);
  c->loops = ss_xcalloc(m->num_loops + 1, sizeof *c->loops);
  c->lines = ss_xcalloc(ideal->num_lines + 1, sizeof *c->lines);
  c->blocks = ss_xcalloc(ideal->num_blocks + 1, sizeof *c->blocks);
  c->model_blocks = ss_xcalloc(m->num_blocks + 1, sizeof *c->model_blocks);
  ss_cpi_ideal_rows(c);
  struct ss_cpi_names outside;
  ss_cpi_names_init(&outside, c, symbols);
  join_samples(c, sampling, &outside);
  ss_cpi_outside_build(c, &outside);
  ss_cpi_names_release(&outside);
  if (c->samples == 0) {
    ss_err_set(err, "no samples to join: the sampling run took none");
    return -1;
  }
  c->events = c->sampled_ns; /* the weights' sum, before it becomes time */
  double per_sample = sample_time(c);
  finish_rows(c, c->functions, m->num_functions, per_sample);
  finish_rows(c, c->loops, m->num_loops, per_sample);
  finish_rows(c, c->lines, ideal->num_lines, per_sample);
  finish_rows(c, c->blocks, ideal->num_blocks, per_sample);
  finish_rows(c, c->model_blocks, m->num_blocks, per_sample);
  for (uint32_t f = 0; f < m->num_functions; f++)
    ss_cpi_row_add(&c->total, &c->functions[f]);
  c->total.executions_known = 0;
  finish_rows(c, &c->total, 1, per_sample);
  return 0;
}

void ss_cpi_release(struct ss_cpi *c) {
  ss_loop_nest_release(&c->nest);
  free(c->functions);
  free(c->loops);
  free(c->lines);
  free(c->blocks);
  free(c->model_blocks);
  free(c->outside);
  for (size_t i = 0; i < c->num_warnings; i++)
    free(c->warnings[i]);
  free(c->warnings);
  for (size_t i = 0; i < c->num_strings; i++)
    free(c->strings[i]);
  free(c->strings);
  memset(c, 0, sizeof *c);
}
