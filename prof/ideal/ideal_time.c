/* ideal.c -- ideal time of a counting model; see ideal.h. */
#define _GNU_SOURCE /* qsort_r */
#include "ideal.h"

#include "core_bounds.h"
#include "cpu_model.h"
#include "ideal_cache.h"
#include "symbols.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A function's flow-graph edges as (from, to) -> count, sorted. */
struct flow_edge {
  uint32_t from, to; /* function-relative block numbers */
  int known;
  int64_t count;
};

struct function_code {
  uint32_t function; /* model function id */
  struct ss_ideal_cache *cache; /* of its object, or NULL */
  struct ss_mcode_function mf;
  uint32_t *region; /* per machine block: llvm-mca region, or SS_MB_NONE */
  double *share;    /* per machine block: its part of the region's cycles */
  uint32_t *program_insns; /* per machine block */
};

/* A module's object opened in the symbolizer, for inline chains. */
struct inline_module {
  const struct ss_merged_module *module;
  void *handle; /* NULL: no DWARF there (the code stays its function's) */
};

struct named_function {
  const char *name; /* the model's, or its plain form (see plain_name) */
  uint32_t function;
};

struct builder {
  struct ss_ideal *ideal;
  const struct ss_model *m;
  const struct ss_ideal_request *req;
  size_t functions_read, functions_to_read; /* for the progress line */
  struct function_code *code;
  size_t num_code, code_cap;
  size_t warnings_cap, strings_cap;
  struct ss_hash files; /* source file names the listings keep */
  struct ss_elf_cache *symbols; /* functions' sizes */
  /* Inline chains: the function an instruction's code is inlined from. */
  struct ss_symbolizer dwarf;
  struct inline_module *inline_modules;
  size_t num_inline_modules, inline_modules_cap;
  struct named_function *by_name; /* model functions by name */
  size_t num_by_name;
  const char **file_names;
  size_t file_names_cap;
};

static void warn(struct builder *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void warn(struct builder *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  SS_GROW(b->ideal->warnings, b->warnings_cap, b->ideal->num_warnings);
  b->ideal->warnings[b->ideal->num_warnings++] = ss_xstrdup(buf);
}

static const char *own(struct builder *b, const char *s) {
  SS_GROW(b->ideal->strings, b->strings_cap, b->ideal->num_strings);
  return b->ideal->strings[b->ideal->num_strings++] = ss_xstrdup(s);
}

/* A source file name that outlives the objects it was read from. */
static const char *own_file(struct builder *b, const char *file) {
  if (!file)
    return NULL;
  int inserted;
  uint32_t i = ss_hash_intern(&b->files, file, strlen(file), &inserted);
  if (inserted) {
    SS_GROW(b->file_names, b->file_names_cap, i);
    b->file_names[i] = own(b, file);
  }
  return b->file_names[i];
}

static int by_from_to(const void *a, const void *b) {
  const struct flow_edge *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->to < y->to ? -1 : x->to > y->to;
}

struct edge_table {
  struct flow_edge *edges;
  size_t num;
};

static int edge_count(const void *ctx, uint32_t from, uint32_t to,
                      int64_t *count) {
  const struct edge_table *t = ctx;
  struct flow_edge key = {from, to, 0, 0};
  const struct flow_edge *e =
      ss_search(&key, t->edges, t->num, sizeof key, by_from_to);
  if (!e || !e->known)
    return 0;
  *count = e->count;
  return 1;
}

/* Per model function: its BRANCH/FALLTHROUGH edges, function-relative. */
static struct edge_table *edge_tables(const struct ss_model *m) {
  struct edge_table *t = ss_xcalloc(m->num_functions + 1, sizeof *t);
  size_t *cap = ss_xcalloc(m->num_functions + 1, sizeof *cap);
  for (size_t i = 0; i < m->num_edges; i++) {
    const struct ss_model_edge *e = &m->edges[i];
    const struct ss_model_function *f = &m->functions[e->function];
    struct edge_table *et = &t[e->function];
    SS_GROW(et->edges, cap[e->function], et->num);
    et->edges[et->num++] = (struct flow_edge){
        e->from - f->first_block, e->to - f->first_block, e->known,
        e->count};
  }
  for (uint32_t f = 0; f < m->num_functions; f++)
    if (t[f].num > 1)
      ss_sort(t[f].edges, t[f].num, sizeof *t[f].edges, by_from_to);
  free(cap);
  return t;
}

/* An object of the run, opened once. */
struct open_object {
  const char *path;
  struct ss_elf_code *code; /* NULL: could not be read (warned) */
  struct ss_ideal_cache *cache; /* NULL: none */
};

/* What a function's cut (ss_mcode_cut) is computed from, besides its
 * object, whose build-id keys the cache: its module's descriptor, its
 * index and address there, its markers and what the descriptor says of
 * them. */
static void function_key(const uint64_t desc_hash[2], uint32_t desc_index,
                         uint64_t start, unsigned function_flags,
                         const struct ss_block_marker *markers, size_t n,
                         struct ss_marker_facts marks, uint64_t key[2]) {
  struct ss_bytes_out o = {0};
  ss_out_u64(&o, desc_hash[0]);
  ss_out_u64(&o, desc_hash[1]);
  ss_out_u32(&o, desc_index);
  ss_out_u64(&o, start);
  ss_out_u32(&o, function_flags);
  ss_out_u32(&o, marks.num_ids);
  ss_out_bytes(&o, marks.flags, marks.num_ids);
  ss_out_u64(&o, n);
  for (size_t i = 0; i < n; i++) {
    ss_out_u64(&o, markers[i].address);
    ss_out_u64(&o, markers[i].guid);
    ss_out_u32(&o, markers[i].block);
    ss_out_u32(&o, markers[i].seq);
  }
  ss_hash128(o.data, o.len, key);
  free(o.data);
}

static int executed(const struct ss_model_function *f) {
  return (f->calls_known && f->calls > 0) || f->blocks > 0;
}

/* SS_MARK_* per marker index of descriptor function df (blocks, then
 * edges).  Entered right after a call that may not return there: a landing
 * pad, the block a call returns to, the block made for an edge out of such
 * a call (an invoke's unwind edge). */
static uint8_t *marker_flags(const struct ss_descriptor *d,
                             const struct ss_desc_function *df) {
  uint8_t *flags = ss_xcalloc(df->num_blocks + df->num_edges + 1, 1);
  for (uint32_t k = 0; k < df->num_blocks; k++) {
    uint32_t f = d->blocks[df->first_block + k].flags;
    flags[k] = (f & SS_BLOCK_LANDING_PAD ? SS_MARK_AFTER_CALL : 0) |
               (f & SS_BLOCK_RETURN ? SS_MARK_RETURN : 0);
  }
  for (uint32_t e = 0; e < df->num_edges; e++) {
    const struct ss_desc_edge *de = &d->edges[df->first_edge + e];
    if (de->from >= df->num_blocks ||
        !(d->blocks[df->first_block + de->from].flags & SS_BLOCK_CALL_END))
      continue;
    flags[df->num_blocks + e] |= SS_MARK_AFTER_CALL;
    if (de->to < df->num_blocks)
      flags[de->to] |= SS_MARK_AFTER_CALL;
  }
  return flags;
}

/* Cut and count every executed function of one module. */
static void read_module(struct builder *b, const struct ss_merged_module *mm,
                        const struct open_object *obj, struct ss_disasm *d,
                        const struct edge_table *edges) {
  struct ss_elf_code *code = obj->code;
  const struct ss_model *m = b->m;
  const char *path = mm->map->path;
  uint64_t module_hash = mm->desc->header.module_hash;
  const struct ss_block_marker *markers;
  size_t module_markers = 0;
  for (uint32_t i = 0; i < mm->desc->header.num_functions && !module_markers;
       i++)
    module_markers =
        ss_elf_code_markers(code, ss_marker_guid(module_hash, i), &markers);
  if (module_markers == 0) {
    warn(b, "%s: no block markers for the module of %s (built by an older "
         "sscc?): its functions have no ideal time", path,
         ss_desc_str(mm->desc, mm->desc->header.module_name));
    return;
  }
  uint64_t desc_hash[2];
  ss_hash128(mm->desc->blob, mm->desc->size, desc_hash);
  for (uint32_t fid = 0; fid < m->num_functions; fid++) {
    const struct ss_model_function *f = &m->functions[fid];
    if (f->module != mm || !executed(f) || f->desc_index == SS_MODEL_NONE)
      continue; /* (a function only inlined has no code of its own) */
    ss_progress_show(b->req->progress, "machine code read (functions)",
                     ++b->functions_read, b->functions_to_read);
    uint64_t start = mm->function_locs[f->desc_index].addr;
    size_t num_markers = ss_elf_code_markers(
        code, ss_marker_guid(module_hash, f->desc_index), &markers);
    const struct ss_desc_function *df = &mm->desc->functions[f->desc_index];
    uint8_t *flags = marker_flags(mm->desc, df);
    struct ss_marker_facts marks = {f->num_blocks + df->num_edges, flags};
    SS_GROW(b->code, b->code_cap, b->num_code);
    struct function_code *fc = &b->code[b->num_code];
    memset(fc, 0, sizeof *fc);
    fc->function = fid;
    fc->cache = obj->cache;
    uint64_t key[2];
    function_key(desc_hash, f->desc_index, start, df->flags, markers,
                 num_markers, marks, key);
    if (!ss_ideal_cache_function(obj->cache, key, &fc->mf)) {
      uint64_t end = ss_elf_function_end(b->symbols, path, start);
      if (end <= start) {
        warn(b, "%s: no symbol with a size at 0x%llx for %s: no ideal time "
             "for it", path, (unsigned long long)start, f->name);
        free(flags);
        continue;
      }
      /* This function's markers, in address order: those of the copy that
       * ran (a COMDAT function's other copies have gone at link time). */
      size_t n = 0;
      struct ss_block_marker *mine = ss_xcalloc(num_markers + 1,
                                                sizeof *mine);
      for (size_t i = 0; i < num_markers; i++) {
        uint64_t at = ss_block_marker_address(&markers[i], start);
        if (at >= start && at < end) {
          mine[n] = markers[i];
          mine[n].address = at;
          mine[n++].from_start = 0;
        }
      }
      char why[256];
      if (ss_mcode_cut(&fc->mf, d, code, start, end, mine, n, marks,
                       df->flags, why, sizeof why) != 0) {
        warn(b, "%s: %s: %s", path, f->name, why);
        free(mine);
        free(flags);
        continue;
      }
      free(mine);
      ss_ideal_cache_add_function(obj->cache, key, &fc->mf);
    }
    /* Counts per marker index: the blocks', then the edges'. */
    uint32_t num_ids = marks.num_ids;
    int64_t *count = ss_xcalloc(num_ids + 1, sizeof *count);
    int *known = ss_xcalloc(num_ids + 1, sizeof *known);
    for (uint32_t k = 0; k < f->num_blocks; k++) {
      count[k] = m->blocks[f->first_block + k].count;
      known[k] = m->blocks[f->first_block + k].known;
    }
    for (uint32_t e = 0; e < df->num_edges; e++) {
      const struct ss_desc_edge *de = &mm->desc->edges[df->first_edge + e];
      known[f->num_blocks + e] =
          de->from < f->num_blocks && de->to < f->num_blocks &&
          edge_count(&edges[fid], de->from, de->to, &count[f->num_blocks + e]);
    }
    struct ss_counted_function cf = {f->num_blocks, marks, count, known,
                                     f->entry_calls_known ? f->entry_calls : 0,
                                     f->restarts, edge_count, &edges[fid]};
    ss_mcode_count(&fc->mf, &cf);
    free(count);
    free(known);
    free(flags);
    struct ss_ideal_function *idf = &b->ideal->functions[fid];
    idf->has_code = 1;
    idf->path = path;
    idf->low = fc->mf.num_blocks ? fc->mf.blocks[0].start : start;
    idf->high = fc->mf.num_blocks ? fc->mf.blocks[fc->mf.num_blocks - 1].end
                                  : start;
    b->num_code++;
  }
}

static void count_program_insns(struct function_code *fc) {
  const struct ss_mcode_function *mf = &fc->mf;
  fc->program_insns = ss_xcalloc(mf->num_blocks + 1, sizeof *fc->program_insns);
  fc->region = ss_xcalloc(mf->num_blocks + 1, sizeof *fc->region);
  fc->share = ss_xcalloc(mf->num_blocks + 1, sizeof *fc->share);
  for (size_t k = 0; k < mf->num_blocks; k++) {
    const struct ss_mcode_block *blk = &mf->blocks[k];
    fc->region[k] = SS_MB_NONE;
    for (uint32_t i = 0; i < blk->num_insns; i++)
      fc->program_insns[k] += !mf->insns[blk->first_insn + i].instrumentation;
  }
}

/* The code regions of one llvm-mca run; identical code shares one. */
struct region_set {
  struct ss_hash h;
  struct ss_cpu_block *regions;
  uint64_t (*keys)[2];            /* hash of each region's text */
  struct ss_ideal_cache **home;   /* where a region's cycles are kept */
  int64_t *most;                  /* executions of its most run block */
  uint8_t *simulated;             /* by llvm-mca, else bounded only */
  size_t num, cap, keys_cap, home_cap, most_cap;
  char *key;
  size_t key_cap;
};

/* The region of the program instructions of `blocks`, in that order. */
static uint32_t region_of(struct region_set *rs, const struct function_code *fc,
                          const uint32_t *blocks, size_t num_blocks) {
  const struct ss_mcode_function *mf = &fc->mf;
  size_t len = 0, insns = 0;
  for (size_t b = 0; b < num_blocks; b++) {
    const struct ss_mcode_block *blk = &mf->blocks[blocks[b]];
    for (uint32_t i = 0; i < blk->num_insns; i++) {
      const struct ss_mcode_insn *in = &mf->insns[blk->first_insn + i];
      if (in->instrumentation)
        continue;
      size_t t = strlen(in->insn.text);
      SS_GROW(rs->key, rs->key_cap, len + t + 1);
      memcpy(rs->key + len, in->insn.text, t);
      rs->key[len + t] = '\n';
      len += t + 1;
      insns++;
    }
  }
  int inserted;
  uint32_t r = ss_hash_intern(&rs->h, rs->key, len, &inserted);
  if (inserted) {
    SS_GROW(rs->regions, rs->cap, rs->num);
    SS_GROW(rs->keys, rs->keys_cap, rs->num);
    SS_GROW(rs->home, rs->home_cap, rs->num);
    SS_GROW(rs->most, rs->most_cap, rs->num);
    ss_hash128(rs->key, len, rs->keys[rs->num]);
    rs->home[rs->num] = fc->cache;
    rs->most[rs->num] = 0;
    struct ss_cpu_block *cb = &rs->regions[rs->num++];
    memset(cb, 0, sizeof *cb);
    cb->insns = ss_xcalloc(insns + 1, sizeof *cb->insns);
    for (size_t b = 0; b < num_blocks; b++) {
      const struct ss_mcode_block *blk = &mf->blocks[blocks[b]];
      for (uint32_t i = 0; i < blk->num_insns; i++) {
        const struct ss_mcode_insn *in = &mf->insns[blk->first_insn + i];
        if (!in->instrumentation)
          cb->insns[cb->num_insns++] = in->insn.text;
      }
    }
  }
  return r;
}

/* Blocks of a hot loop path longer than this are modelled one by one. */
#define MAX_PATH 32

/* How often `blk` went on to its successor `k` (that block's count where
 * the edge's is unknown). */
static int64_t succ_runs(const struct ss_mcode_function *mf,
                         const struct ss_mcode_block *blk, uint32_t k) {
  return blk->succ_count[k] >= 0 ? blk->succ_count[k]
                                 : mf->blocks[blk->succ[k]].count;
}

/* The successor of `b` that runs most often after it. */
static uint32_t hottest_successor(const struct ss_mcode_function *mf,
                                  uint32_t b) {
  const struct ss_mcode_block *blk = &mf->blocks[b];
  uint32_t best = SS_MB_NONE;
  int64_t most = 0;
  for (uint32_t k = 0; k < blk->num_succ; k++) {
    int64_t n = succ_runs(mf, blk, k);
    if (n > most) {
      most = n;
      best = blk->succ[k];
    }
  }
  return best;
}

/* Loops already planned as regions of their own: which one each block
 * belongs to, and where each is left most often. */
struct planned_loops {
  uint32_t *loop_of; /* per block: the loop's number, SS_MB_NONE if none */
  uint32_t *exit_of; /* per loop: its most frequent successor outside it */
  uint32_t num;
};

/* Record the path of `len` blocks as a planned loop. */
static void plan_loop(struct planned_loops *pl,
                      const struct ss_mcode_function *mf,
                      const uint32_t *path, size_t len) {
  uint32_t loop = pl->num++;
  for (size_t p = 0; p < len; p++)
    pl->loop_of[path[p]] = loop;
  uint32_t exit = SS_MB_NONE;
  int64_t most = 0;
  for (size_t p = 0; p < len; p++) {
    const struct ss_mcode_block *blk = &mf->blocks[path[p]];
    for (uint32_t k = 0; k < blk->num_succ; k++) {
      uint32_t s = blk->succ[k];
      int64_t n = succ_runs(mf, blk, k);
      if (pl->loop_of[s] != loop && n > most) {
        most = n;
        exit = s;
      }
    }
  }
  pl->exit_of[loop] = exit;
}

/* The cycle of machine blocks that following the hottest successors from
 * `start` comes back around, when every block on it runs at least half as
 * often as `start` and none is `taken`: the steady path of a loop whose
 * body the code generator cut into several blocks (an unrolled body with
 * an exit test between its copies), or the body of an outer loop.  An
 * inner loop met on the way, planned already, is stepped over to where it
 * is most often left: it is a region of its own, and the outer body's
 * blocks overlap one another around it as they do without it.  Returns
 * the path's length, 0 if none. */
static size_t hot_loop_path(const struct ss_mcode_function *mf, uint32_t start,
                            const unsigned char *taken,
                            const struct planned_loops *pl, uint32_t *path) {
  size_t n = 0;
  int64_t least = mf->blocks[start].count / 2;
  for (uint32_t b = start; n < MAX_PATH;) {
    path[n++] = b;
    b = hottest_successor(mf, b);
    for (uint32_t hops = 0; b != SS_MB_NONE && taken[b] &&
                            pl->loop_of[b] != SS_MB_NONE && hops < pl->num;
         hops++)
      b = pl->exit_of[pl->loop_of[b]];
    if (b == start)
      return n;
    if (b == SS_MB_NONE || taken[b] || mf->blocks[b].count < least)
      return 0;
    for (size_t i = 0; i < n; i++)
      if (path[i] == b)
        return 0; /* a cycle that does not come back to start */
  }
  return 0;
}

static int by_count_desc(const void *x, const void *y, void *ctx) {
  const struct ss_mcode_function *mf = ctx;
  int64_t a = mf->blocks[*(const uint32_t *)x].count;
  int64_t b = mf->blocks[*(const uint32_t *)y].count;
  return a > b ? -1 : a < b;
}

/* Regions of one function.  Each block of a hot loop path is modelled
 * with the whole path, as it runs: alone, a block that reads a register
 * the block before it wrote would depend, from one execution to the next,
 * on itself, which never happens.  The path's cycles are shared among its
 * blocks in proportion to their program instructions.  Every other
 * executed block is a region of its own. */
static void plan_regions(struct region_set *rs, struct function_code *fc) {
  const struct ss_mcode_function *mf = &fc->mf;
  count_program_insns(fc);
  uint32_t *order = ss_xcalloc(mf->num_blocks + 1, sizeof *order);
  unsigned char *taken = ss_xcalloc(mf->num_blocks + 1, 1);
  struct planned_loops pl = {
      ss_xcalloc(mf->num_blocks + 1, sizeof *pl.loop_of),
      ss_xcalloc(mf->num_blocks + 1, sizeof *pl.exit_of), 0};
  for (uint32_t k = 0; k < mf->num_blocks; k++)
    pl.loop_of[k] = SS_MB_NONE;
  uint32_t path[MAX_PATH];
  size_t n = 0;
  for (uint32_t k = 0; k < mf->num_blocks; k++)
    if (mf->blocks[k].count > 0)
      order[n++] = k;
  qsort_r(order, n, sizeof *order, by_count_desc, (void *)mf);
  for (size_t i = 0; i < n; i++) {
    uint32_t k = order[i];
    if (taken[k])
      continue;
    size_t len = hot_loop_path(mf, k, taken, &pl, path);
    uint32_t insns = 0;
    for (size_t p = 0; p < len; p++)
      insns += fc->program_insns[path[p]];
    if (len > 0 && insns > 0) {
      plan_loop(&pl, mf, path, len);
    } else {
      path[0] = k;
      len = 1;
      insns = fc->program_insns[k];
    }
    uint32_t r = insns ? region_of(rs, fc, path, len) : SS_MB_NONE;
    for (size_t p = 0; r != SS_MB_NONE && p < len; p++)
      if (mf->blocks[path[p]].count > rs->most[r])
        rs->most[r] = mf->blocks[path[p]].count;
    for (size_t p = 0; p < len; p++) {
      taken[path[p]] = 1;
      fc->region[path[p]] = r;
      fc->share[path[p]] = insns ? (double)fc->program_insns[path[p]] / insns
                                 : 0;
    }
  }
  free(order);
  free(taken);
  free(pl.loop_of);
  free(pl.exit_of);
}

/* All regions in one llvm-mca run.  Returns 0, -1 (llvm-mca failed:
 * `err`), -2 (unknown CPU: `err`). */
/* A region none of whose blocks ran MIN_SIMULATED times is not
 * simulated: its cycles are the core's bounds alone (core_bounds.h),
 * which leave out the latency of its dependencies.  Such code is most of
 * a large program's regions and of llvm-mca's time, and a sliver of its
 * cycles: in bench/ideal.sh's SQLite run, 8,500 of 11,600 machine
 * blocks, 0.5% of the instructions, 0.3% of the ideal cycles, and two
 * thirds of llvm-mca's time.  (A rule by share of the instructions instead would
 * leave out a memory-bound loop that runs few instructions but long:
 * lit/cpi/compute-and-memory.c's walk.) */
#define MIN_SIMULATED 1000

static void choose_tail(struct region_set *rs) {
  rs->simulated = ss_xcalloc(rs->num + 1, 1);
  for (size_t r = 0; r < rs->num; r++)
    rs->simulated[r] = rs->most[r] >= MIN_SIMULATED;
}

/* llvm-mca's cycles of the regions not kept in a cache, kept there
 * then.  Returns 0, -1 (llvm-mca failed: `err`), -2 (unknown CPU). */
static int cycles_of_regions(struct builder *b, const char *triple,
                             struct region_set *rs, struct ss_err *err) {
  size_t *missing = ss_xcalloc(rs->num + 1, sizeof *missing), num_missing = 0;
  for (size_t r = 0; r < rs->num; r++) {
    struct ss_cached_region kept;
    struct ss_cpu_block *cb = &rs->regions[r];
    if (!rs->simulated[r]) {
      cb->cycles = 0; /* the core's bounds give them */
      cb->modelled = 1;
      cb->rejected = 0;
    } else if (ss_ideal_cache_region(rs->home[r], rs->keys[r], &kept)) {
      cb->cycles = kept.cycles;
      cb->modelled = (int)kept.modelled;
      cb->rejected = kept.rejected;
    } else {
      missing[num_missing++] = r;
    }
  }
  int rc = 0;
  if (num_missing > 0) {
    struct ss_cpu_block *todo = ss_xcalloc(num_missing, sizeof *todo);
    for (size_t i = 0; i < num_missing; i++)
      todo[i] = rs->regions[missing[i]];
    rc = ss_cpu_model_run(triple, b->ideal->cpu, todo, num_missing,
                          b->req->progress, err);
    for (size_t i = 0; rc == 0 && i < num_missing; i++) {
      size_t r = missing[i];
      rs->regions[r].cycles = todo[i].cycles;
      rs->regions[r].modelled = todo[i].modelled;
      rs->regions[r].rejected = todo[i].rejected;
      struct ss_cached_region kept = {todo[i].cycles,
                                      (uint32_t)todo[i].modelled,
                                      todo[i].rejected};
      ss_ideal_cache_add_region(rs->home[r], rs->keys[r], &kept);
    }
    free(todo);
  }
  free(missing);
  return rc;
}

/* llvm-mca's dispatch width for the model's CPU: kept in the first
 * object's cache, else asked. */
static double model_width(struct builder *b, const char *triple,
                          struct ss_ideal_cache *cache) {
  double width = ss_ideal_cache_model_width(cache);
  if (!(width > 0)) {
    width = ss_cpu_model_width(triple, b->ideal->cpu);
    ss_ideal_cache_set_model_width(cache, width);
  }
  return width;
}

/* The core whose limits bound the cycles: ssprof's table's entry for
 * the CPU, else the dispatch width of llvm-mca's model alone. */
static void choose_core(struct builder *b, const char *triple,
                        struct ss_ideal_cache *cache) {
  struct ss_ideal *ideal = b->ideal;
  const struct ss_ideal_core *core = ss_core_of(ideal->cpu);
  if (core) {
    ideal->core = *core;
    return;
  }
  ideal->core = (struct ss_ideal_core){
      NULL, ideal->cpu, model_width(b, triple, cache), 0, 0, 0,
      "no entry in ssprof's table (prof/ideal/core_bounds.c): the dispatch "
      "width of llvm-mca's model"};
}

/* All regions, their cycles from the cache or llvm-mca, raised to what the
 * core can reach at most (core_bounds.h); `limits` gets which limit gave
 * each region its cycles.  Returns 0, -1 (llvm-mca failed: `err`), -2
 * (unknown CPU: `err`). */
static int model_cycles(struct builder *b, const char *triple,
                        struct ss_cpu_block **regions_out, int **limits_out,
                        uint8_t **simulated_out, size_t *n_out,
                        struct ss_err *err) {
  struct region_set rs;
  memset(&rs, 0, sizeof rs);
  ss_hash_init(&rs.h);
  for (size_t c = 0; c < b->num_code; c++)
    plan_regions(&rs, &b->code[c]);
  free(rs.key);
  ss_hash_release(&rs.h);
  choose_tail(&rs);
  int rc = rs.num == 0 ? 0 /* nothing of the program's ran */
                       : cycles_of_regions(b, triple, &rs, err);
  size_t dropped = 0;
  int *limits = ss_xcalloc(rs.num + 1, sizeof *limits);
  if (rc == 0 && rs.num)
    choose_core(b, triple, rs.home[0]);
  for (size_t r = 0; rc == 0 && r < rs.num; r++) {
    struct ss_cpu_block *cb = &rs.regions[r];
    dropped += cb->rejected;
    struct ss_region_uops u;
    ss_region_uops(cb->insns, cb->num_insns, &u);
    int limit;
    double least = ss_core_bound(&b->ideal->core, &u, &limit);
    limits[r] = SS_BOUND_MODEL;
    if (cb->modelled && least > cb->cycles) {
      cb->cycles = least;
      limits[r] = limit;
    }
  }
  if (rc == 0 && dropped > 0)
    warn(b, "llvm-mca could not read %zu distinct instruction(s); their "
         "blocks are modelled without them", dropped);
  free(rs.keys);
  free(rs.home);
  free(rs.most);
  *regions_out = rs.regions;
  *limits_out = limits;
  *simulated_out = rs.simulated;
  *n_out = rs.num;
  return rc;
}

struct line_key {
  uint32_t function, line;
  const char *file;
};

struct aggregation {
  struct ss_hash lines, registers, texts;
  size_t lines_cap, registers_cap, blocks_cap, insns_cap;
  const char **text_names;
  size_t text_names_cap;
};

/* Instruction texts are kept once each (a loop unrolled repeats them). */
static const char *own_text(struct builder *b, struct aggregation *a,
                            const char *text) {
  int inserted;
  uint32_t i = ss_hash_intern(&a->texts, text, strlen(text), &inserted);
  if (inserted) {
    SS_GROW(a->text_names, a->text_names_cap, i);
    a->text_names[i] = own(b, text);
  }
  return a->text_names[i];
}

/* An instruction as -disasm shows it: a direct target as its address. */
static const char *insn_text(struct builder *b, struct aggregation *a,
                             const struct ss_mcode_insn *in) {
  char text[200];
  const char *t = in->insn.text, *sym = strstr(t, "ss_target");
  if (in->insn.has_target && sym) {
    snprintf(text, sizeof text, "%.*s0x%llx%s", (int)(sym - t), t,
             (unsigned long long)in->insn.target, sym + strlen("ss_target"));
    t = text;
  }
  return own_text(b, a, t);
}

static uint32_t add_line(struct builder *b, struct aggregation *a,
                         uint32_t fid, const char *file, uint32_t line,
                         double cycles, uint64_t instructions) {
  struct line_key key;
  memset(&key, 0, sizeof key);
  key.function = fid;
  key.line = line;
  key.file = file;
  int inserted;
  uint32_t i = ss_hash_intern(&a->lines, &key, sizeof key, &inserted);
  struct ss_ideal *ideal = b->ideal;
  if (inserted) {
    SS_GROW(ideal->lines, a->lines_cap, ideal->num_lines);
    ideal->lines[ideal->num_lines++] =
        (struct ss_ideal_line){fid, file, line, 0, 0};
  }
  ideal->lines[i].cycles += cycles;
  ideal->lines[i].instructions += instructions;
  return i;
}

/* Returns the instruction's classes (1u << SS_IC_*). */
static unsigned add_mix(struct builder *b, struct aggregation *a,
                        const struct ss_insn *insn, uint64_t count) {
  struct ss_insn_facts facts;
  ss_insn_classify(insn, &facts);
  struct ss_ideal_mix *mix = &b->ideal->mix;
  for (int c = 0; c < SS_IC_COUNT; c++)
    if (facts.classes & 1u << c)
      mix->by_class[c] += count;
  mix->by_isa[facts.isa] += count;
  mix->by_width[facts.width] += count;
  for (unsigned r = 0; r < facts.num_regs; r++) {
    int inserted;
    uint32_t i = ss_hash_intern(&a->registers, facts.regs[r],
                                strlen(facts.regs[r]), &inserted);
    if (inserted) {
      SS_GROW(mix->registers, a->registers_cap, mix->num_registers);
      mix->registers[mix->num_registers++] =
          (struct ss_ideal_register_use){own(b, facts.regs[r]), 0};
    }
    mix->registers[i].uses += count;
  }
  return facts.classes;
}

/* The source line of a program instruction: its row's, else (line 0) the
 * block's first line, else the function's. */
static void block_line(struct builder *b, const struct ss_model_function *f,
                       const struct ss_mcode_function *mf,
                       const struct ss_mcode_block *blk, const char **file,
                       uint32_t *line) {
  for (uint32_t i = 0; i < blk->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[blk->first_insn + i];
    if (!in->instrumentation && in->line) {
      *file = own_file(b, in->file);
      *line = in->line;
      return;
    }
  }
  *file = own_file(b, f->file);
  *line = f->line;
}

static int by_name_then_id(const void *x, const void *y) {
  const struct named_function *a = x, *b = y;
  int c = strcmp(a->name, b->name);
  if (c)
    return c;
  return a->function < b->function ? -1 : a->function > b->function;
}

/* A C++ name as line-tables-only DWARF gives it (DW_AT_name, no linkage
 * name): "twice<int>" for "int twice<int>(int)", "S::f" for "S::f() const":
 * the name without its parameters and return type; NULL when the same. */
static char *plain_name(const char *name) {
  const char *start = name, *end = NULL;
  int depth = 0;
  for (const char *p = name; *p && !end; p++) {
    if (*p == '<')
      depth++;
    else if (*p == '>')
      depth--;
    else if (depth == 0 && *p == ' ')
      start = p + 1; /* after a return type */
    else if (depth == 0 && *p == '(' && strncmp(p - (p - name >= 8 ? 8 : 0),
                                                "operator", 8) != 0)
      end = p;
  }
  if (!end)
    end = name + strlen(name);
  if (start == name && *end == '\0')
    return NULL;
  return ss_xasprintf("%.*s", (int)(end - start), start);
}

static void *inline_handle(struct builder *b, const struct ss_merged_module *mm) {
  for (size_t i = 0; i < b->num_inline_modules; i++)
    if (b->inline_modules[i].module == mm)
      return b->inline_modules[i].handle;
  if (!b->dwarf.ops)
    b->dwarf = ss_dwarf_symbolizer_new();
  enum ss_module_status status;
  char why[256];
  void *h = b->dwarf.ops->open(b->dwarf.self, mm->map->path,
                               mm->map->build_id, mm->map->build_id_len,
                               &status, why, sizeof why);
  SS_GROW(b->inline_modules, b->inline_modules_cap, b->num_inline_modules);
  b->inline_modules[b->num_inline_modules++] = (struct inline_module){mm, h};
  return h;
}

/* The model function named `name` (as DWARF names it), the one of
 * `module` first; SS_MODEL_NONE. */
static uint32_t function_named(struct builder *b, const char *name,
                               const struct ss_merged_module *module) {
  const struct ss_model *m = b->m;
  if (!b->by_name) {
    b->by_name = ss_xcalloc(2 * (size_t)m->num_functions + 1, sizeof *b->by_name);
    for (uint32_t i = 0; i < m->num_functions; i++) {
      b->by_name[b->num_by_name++] = (struct named_function){m->functions[i].name, i};
      char *plain = plain_name(m->functions[i].name);
      if (plain)
        b->by_name[b->num_by_name++] = (struct named_function){own(b, plain), i};
      free(plain);
    }
    ss_sort(b->by_name, b->num_by_name, sizeof *b->by_name, by_name_then_id);
  }
  size_t lo = 0, hi = b->num_by_name;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(b->by_name[mid].name, name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  uint32_t found = SS_MODEL_NONE;
  for (size_t i = lo; i < b->num_by_name && strcmp(b->by_name[i].name, name) == 0;
       i++) {
    uint32_t id = b->by_name[i].function;
    if (m->functions[id].module == module)
      return id;
    if (found == SS_MODEL_NONE)
      found = id;
  }
  return found;
}

/* The model function whose source an instruction of fc's code at
 * `address` is: the innermost function of its DWARF inline chain, as the
 * sampling listings attribute it (the same model function by name, in the
 * same module first), else fc's own.  `*inlined_in`: the function it was
 * inlined into (the chain's next frame), SS_MODEL_NONE for its own code
 * or when that is not known. */
static uint32_t source_function(struct builder *b,
                                const struct function_code *fc,
                                uint64_t address, uint32_t *inlined_in) {
  const struct ss_model *m = b->m;
  const struct ss_model_function *f = &m->functions[fc->function];
  *inlined_in = SS_MODEL_NONE;
  if (!m->num_entries)
    return fc->function; /* no entries: the functions are the binary's */
  void *h = inline_handle(b, f->module);
  const char *inlined = NULL, *caller = NULL;
  if (h && b->dwarf.ops->inlined_at) {
    inlined = b->dwarf.ops->inlined_at(b->dwarf.self, h, address, &caller);
  } else if (h) {
    const struct ss_sym_frame *frames;
    if (b->dwarf.ops->lookup(b->dwarf.self, h, address, &frames) >= 2) {
      inlined = frames[0].function;
      caller = frames[1].function;
    }
  }
  if (!inlined)
    return fc->function;
  uint32_t found = function_named(b, inlined, f->module);
  if (found == SS_MODEL_NONE)
    return fc->function;
  *inlined_in = function_named(b, caller, f->module);
  return found;
}

/* The copy of `function` (counts.h) that code inlined into `inlined_in`
 * (SS_MODEL_NONE: its own code) belongs to; SS_MODEL_NONE if none. */
static uint32_t copy_of(const struct ss_model *m, uint32_t function,
                        uint32_t inlined_in) {
  const struct ss_model_function *f = &m->functions[function];
  for (uint32_t i = 0; i < f->num_copies; i++)
    if (m->copies[f->first_copy + i].inlined_in == inlined_in)
      return f->first_copy + i;
  return SS_MODEL_NONE;
}

/* The share of a block's executions that left by the rarer way of the
 * conditional branch that ends it; -1 without one or a count. */
static double branch_minority(const struct ss_mcode_function *mf, size_t k) {
  const struct ss_mcode_block *blk = &mf->blocks[k];
  const struct ss_mcode_insn *last = &mf->insns[blk->first_insn +
                                                blk->num_insns - 1];
  if (last->insn.flow != SS_FLOW_COND_BRANCH || blk->num_succ != 2 ||
      !blk->succ_count || blk->succ_count[0] < 0 || blk->succ_count[1] < 0)
    return -1;
  /* In double: counts near 2^63 (a damaged file) must not overflow. */
  double a = (double)blk->succ_count[0], c = (double)blk->succ_count[1];
  return a + c > 0 ? (a < c ? a : c) / (a + c) : -1;
}

static void aggregate_block(struct builder *b, struct aggregation *a,
                            const struct function_code *fc, size_t k,
                            double cycles, int limit, int simulated) {
  struct ss_ideal *ideal = b->ideal;
  const struct ss_model_function *f = &b->m->functions[fc->function];
  const struct ss_mcode_function *mf = &fc->mf;
  const struct ss_mcode_block *blk = &mf->blocks[k];
  uint32_t nprog = fc->program_insns[k];
  uint64_t count = (uint64_t)blk->count;
  double total = cycles * (double)count;
  ideal->total_instructions += nprog * count;
  ideal->total_cycles += total;
  uint32_t model_block = SS_MODEL_NONE;
  if (blk->owner != SS_MB_NONE && blk->owner < f->num_blocks) {
    model_block = f->first_block + blk->owner;
    ideal->block_cycles[model_block] += total;
    ideal->block_instructions[model_block] += nprog * count;
  }
  const char *file;
  uint32_t line;
  block_line(b, f, mf, blk, &file, &line);
  SS_GROW(ideal->blocks, a->blocks_cap, ideal->num_blocks);
  uint32_t index = (uint32_t)ideal->num_blocks++;
  struct ss_ideal_block *ib = &ideal->blocks[index];
  *ib = (struct ss_ideal_block){
      fc->function, model_block, blk->start,
      (uint32_t)(blk->end - blk->start), nprog, blk->num_insns - nprog,
      cycles, limit, simulated, blk->count, blk->exact, file, line,
      0, 0, branch_minority(mf, k), (uint32_t)ideal->num_insns,
      blk->num_insns};
  ideal->bound_cycles[limit] += total;
  if (!simulated) {
    ideal->unsimulated_blocks++;
    ideal->unsimulated_instructions += nprog * count;
  }
  if (!blk->exact)
    ideal->estimated_blocks++;
  uint32_t block_line_index = UINT32_MAX;
  for (uint32_t i = 0; i < blk->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[blk->first_insn + i];
    SS_GROW(ideal->insns, a->insns_cap, ideal->num_insns);
    struct ss_ideal_insn *ii = &ideal->insns[ideal->num_insns++];
    *ii = (struct ss_ideal_insn){
        .address = in->address,
        .text = insn_text(b, a, in),
        .file = in->line ? own_file(b, in->file) : NULL,
        .line = in->line,
        .instrumentation = in->instrumentation,
        .block = index,
        .line_index = UINT32_MAX,
        .flags = SS_IDEAL_INSN_COUNTING};
    if (in->instrumentation)
      continue;
    /* Its source function's: the code inlined from g is g's. */
    uint32_t inlined_in;
    uint32_t owner = source_function(b, fc, in->address, &inlined_in);
    ideal->functions[owner].has_code = 1;
    ideal->functions[owner].instructions += count;
    ideal->functions[owner].cycles += total / nprog;
    uint32_t copy = copy_of(b->m, owner, inlined_in);
    if (copy != SS_MODEL_NONE) {
      ideal->copies[copy].has_code = 1;
      ideal->copies[copy].instructions += count;
      ideal->copies[copy].cycles += total / nprog;
    }
    ii->line_index = add_line(b, a, owner,
                        in->line ? own_file(b, in->file) : file,
                        in->line ? in->line : line, total / nprog, count);
    if (block_line_index == UINT32_MAX)
      block_line_index = ii->line_index;
    unsigned classes = add_mix(b, a, &in->insn, count);
    ii->flags = (classes & 1u << SS_IC_LOAD ? SS_IDEAL_INSN_LOAD : 0) |
                (classes & 1u << SS_IC_STORE ? SS_IDEAL_INSN_STORE : 0) |
                (in->insn.flow == SS_FLOW_COND_BRANCH ? SS_IDEAL_INSN_BRANCH
                                                      : 0);
    ib->loads += (classes >> SS_IC_LOAD) & 1;
    ib->stores += (classes >> SS_IC_STORE) & 1;
  }
  /* The instrumentation's instructions: the line of the block's first. */
  for (uint32_t i = 0; i < blk->num_insns; i++)
    if (ideal->insns[ib->first_insn + i].line_index == UINT32_MAX)
      ideal->insns[ib->first_insn + i].line_index = block_line_index;
}

struct sort_ctx {
  const uint8_t *base;
  size_t size;
  int (*cmp)(const void *, const void *);
};

static int by_element(const void *x, const void *y, void *ctx) {
  const struct sort_ctx *c = ctx;
  return c->cmp(c->base + *(const uint32_t *)x * c->size,
                c->base + *(const uint32_t *)y * c->size);
}

/* Sort `n` elements of `size` bytes as qsort does (glibc's is a stable
 * merge sort, and so is this), and return where each went: map[old] =
 * new (malloc'd). */
static uint32_t *sort_with_map(void *base, size_t n, size_t size,
                               int (*cmp)(const void *, const void *)) {
  uint32_t *order = ss_xcalloc(n + 1, sizeof *order);
  uint32_t *map = ss_xcalloc(n + 1, sizeof *map);
  for (size_t i = 0; i < n; i++)
    order[i] = (uint32_t)i;
  struct sort_ctx ctx = {base, size, cmp};
  qsort_r(order, n, sizeof *order, by_element, &ctx);
  uint8_t *sorted = ss_xcalloc(n + 1, size);
  for (size_t i = 0; i < n; i++) {
    memcpy(sorted + i * size, (uint8_t *)base + order[i] * size, size);
    map[order[i]] = (uint32_t)i;
  }
  memcpy(base, sorted, n * size);
  free(sorted);
  free(order);
  return map;
}

static int by_total_cycles(const void *x, const void *y) {
  const struct ss_ideal_block *a = x, *b = y;
  double ta = a->cycles * (double)a->count, tb = b->cycles * (double)b->count;
  if (ta != tb)
    return ta > tb ? -1 : 1;
  return a->address < b->address ? -1 : a->address > b->address;
}

static int by_function_file_line(const void *x, const void *y) {
  const struct ss_ideal_line *a = x, *b = y;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  /* Files are interned (own_file): one name, one pointer. */
  int c = a->file == b->file
              ? 0
              : strcmp(a->file ? a->file : "", b->file ? b->file : "");
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int by_uses(const void *x, const void *y) {
  const struct ss_ideal_register_use *a = x, *b = y;
  if (a->uses != b->uses)
    return a->uses > b->uses ? -1 : 1;
  return strcmp(a->name, b->name);
}

static void aggregate(struct builder *b, const struct ss_cpu_block *regions,
                      const int *limits, const uint8_t *simulated) {
  struct aggregation a;
  memset(&a, 0, sizeof a);
  ss_hash_init(&a.lines);
  ss_hash_init(&a.registers);
  ss_hash_init(&a.texts);
  for (size_t c = 0; c < b->num_code; c++) {
    const struct function_code *fc = &b->code[c];
    for (size_t k = 0; k < fc->mf.num_blocks; k++) {
      /* Executed blocks, and those whose count is an estimate: even an
       * estimate of 0 says that ssprof cannot tell. */
      uint32_t r = fc->region[k];
      if ((fc->mf.blocks[k].count > 0 || !fc->mf.blocks[k].exact) &&
          fc->program_insns[k] > 0)
        aggregate_block(b, &a, fc, k,
                        r != SS_MB_NONE ? regions[r].cycles * fc->share[k]
                                        : 0,
                        r != SS_MB_NONE ? limits[r] : SS_BOUND_MODEL,
                        r != SS_MB_NONE ? simulated[r] : 1);
    }
  }
  struct ss_ideal *ideal = b->ideal;
  uint32_t *block_at = sort_with_map(ideal->blocks, ideal->num_blocks,
                                     sizeof *ideal->blocks, by_total_cycles);
  uint32_t *line_at = sort_with_map(ideal->lines, ideal->num_lines,
                                    sizeof *ideal->lines,
                                    by_function_file_line);
  for (size_t i = 0; i < ideal->num_insns; i++) {
    struct ss_ideal_insn *in = &ideal->insns[i];
    in->block = block_at[in->block];
    if (in->line_index != UINT32_MAX)
      in->line_index = line_at[in->line_index];
  }
  free(block_at);
  free(line_at);
  ss_sort(ideal->mix.registers, ideal->mix.num_registers,
        sizeof *ideal->mix.registers, by_uses);
  ss_hash_release(&a.lines);
  ss_hash_release(&a.registers);
  ss_hash_release(&a.texts);
  free(a.text_names);
}

static struct open_object *object_for(struct builder *b,
                                      struct open_object **objects,
                                      size_t *num, size_t *cap,
                                      const struct ss_map_entry *map) {
  for (size_t i = 0; i < *num; i++)
    if (strcmp((*objects)[i].path, map->path) == 0)
      return &(*objects)[i];
  char why[256] = "";
  struct ss_elf_code *code = ss_elf_code_open(
      map->path, map->build_id, map->build_id_len, why, sizeof why);
  if (!code)
    warn(b, "%s: %s: no ideal time for its code", map->path, why);
  SS_GROW(*objects, *cap, *num);
  struct open_object *obj = &(*objects)[(*num)++];
  *obj = (struct open_object){map->path, code, NULL};
  if (code)
    obj->cache = ss_ideal_cache_open(b->req->cache_dir, map->build_id,
                                     map->build_id_len, b->ideal->cpu);
  return obj;
}

int ss_ideal_build(struct ss_ideal *ideal, const struct ss_model *m,
                   const struct ss_ideal_request *req, struct ss_err *err) {
  memset(ideal, 0, sizeof *ideal);
  struct builder b;
  memset(&b, 0, sizeof b);
  b.ideal = ideal;
  b.m = m;
  b.req = req;
  const char *cpu = req->cpu;
  double clock_mhz = req->clock_mhz;
  ss_hash_init(&b.files);
  b.symbols = ss_elf_cache_new();
  const struct ss_profile *p = m->profile;
  ideal->functions = ss_xcalloc(m->num_functions + 1, sizeof *ideal->functions);
  ideal->copies = ss_xcalloc(m->num_copies + 1, sizeof *ideal->copies);
  ideal->block_cycles = ss_xcalloc(m->num_blocks + 1, sizeof *ideal->block_cycles);
  ideal->block_instructions =
      ss_xcalloc(m->num_blocks + 1, sizeof *ideal->block_instructions);
  ideal->clock_mhz = clock_mhz > 0 ? clock_mhz
                                   : p->files[0]->process.clock_mhz;
  if (cpu) {
    ideal->cpu = own(&b, cpu);
  } else {
    char *host = ss_cpu_host_name();
    ideal->cpu = own(&b, host);
    free(host);
  }

  struct edge_table *edges = edge_tables(m);
  for (uint32_t f = 0; f < m->num_functions; f++)
    b.functions_to_read += executed(&m->functions[f]);
  struct open_object *objects = NULL;
  size_t num_objects = 0, objects_cap = 0;
  struct ss_disasm *d = NULL;
  for (size_t i = 0; i < p->num_modules; i++) {
    const struct ss_merged_module *mm = &p->modules[i];
    if (!mm->map || !mm->map->path || !mm->map->path[0])
      continue; /* the run never mapped it: nothing of it ran */
    struct open_object *obj =
        object_for(&b, &objects, &num_objects, &objects_cap, mm->map);
    if (!obj->code)
      continue;
    if (!d) {
      char why[256];
      d = ss_disasm_new(ss_elf_code_machine(obj->code), why, sizeof why);
      if (!d) {
        warn(&b, "%s: %s", mm->map->path, why);
        break;
      }
    }
    read_module(&b, mm, obj, d, edges);
  }

  int status = 0;
  if (b.num_code > 0) {
    struct ss_cpu_block *regions = NULL;
    int *limits = NULL;
    uint8_t *simulated = NULL;
    size_t num_regions = 0;
    int rc = model_cycles(&b, ss_disasm_triple(d), &regions, &limits,
                          &simulated, &num_regions, err);
    if (rc == -2) {
      status = -1;
    } else if (rc != 0) {
      warn(&b, "%s: ideal time not computed, block counts shown instead",
           err->msg);
    } else {
      aggregate(&b, regions, limits, simulated);
      ideal->available = 1;
      if (!(ideal->clock_mhz > 0))
        warn(&b, "the experiment recorded no clock frequency: seconds are 0 "
             "(give one with -clock MHz)");
    }
    for (size_t r = 0; r < num_regions; r++)
      free(regions[r].insns);
    free(regions);
    free(limits);
    free(simulated);
  }

  for (size_t c = 0; c < b.num_code; c++) {
    ss_mcode_release(&b.code[c].mf);
    free(b.code[c].region);
    free(b.code[c].share);
    free(b.code[c].program_insns);
  }
  free(b.code);
  for (size_t i = 0; i < num_objects; i++) {
    ss_ideal_cache_close(objects[i].cache);
    ss_elf_code_close(objects[i].code);
  }
  free(objects);
  for (uint32_t f = 0; f < m->num_functions; f++)
    free(edges[f].edges);
  free(edges);
  ss_disasm_free(d);
  ss_elf_cache_free(b.symbols);
  ss_symbolizer_destroy(&b.dwarf);
  free(b.inline_modules);
  free(b.by_name);
  ss_hash_release(&b.files);
  free(b.file_names);
  return status;
}

void ss_ideal_release(struct ss_ideal *ideal) {
  for (size_t i = 0; i < ideal->num_warnings; i++)
    free(ideal->warnings[i]);
  for (size_t i = 0; i < ideal->num_strings; i++)
    free(ideal->strings[i]);
  free(ideal->warnings);
  free(ideal->strings);
  free(ideal->functions);
  free(ideal->copies);
  free(ideal->block_cycles);
  free(ideal->block_instructions);
  free(ideal->blocks);
  free(ideal->lines);
  free(ideal->insns);
  free(ideal->mix.registers);
  memset(ideal, 0, sizeof *ideal);
}
