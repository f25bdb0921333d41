/*
 * sample_model.c -- grouping, symbolization and attribution of samples
 * (the rules are in samples.h).
 *
 * Work is done per distinct thing, never per sample: identical call stacks
 * of a file are grouped first (a hot loop gives thousands of identical
 * samples), then the distinct (module, address) pairs of those stacks are
 * symbolized once each, then each distinct stack is attributed with its
 * weight.
 */
#include "samples.h"

#include "base.h"
#include "profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

/* A module of the merged run, identified by path and build-id. */
struct module_ref {
  const char *path;
  const char *dso;
  const uint8_t *build_id;
  uint32_t build_id_len;
  int opened;
  void *handle; /* NULL: its addresses are shown as such */
};

/* A distinct sampled address: where it is, and its logical frames. */
struct address {
  uint32_t module; /* NONE: outside every module */
  int is_return;   /* a return address: looked up at vaddr - 1 */
  uint64_t vaddr;  /* link-time address (absolute outside modules) */
  uint32_t first_frame, num_frames; /* in `frames` */
};

struct frame {
  uint32_t function;
  const char *file;
  uint32_t line;
  uint64_t inline_entry; /* see ss_sym_frame */
};

/* A distinct call stack of one file. */
struct stack {
  uint32_t file;
  uint32_t depth;
  size_t first_address; /* in stack_addresses, after resolution */
  uint64_t samples, ns;
};

/* A frame of a stack being attributed, with the call site it calls from. */
struct lframe {
  uint32_t function;
  const char *file;
  uint32_t line;
  uint64_t callsite;
  int inlined;
};

struct builder {
  struct ss_sample_model *m;
  const struct ss_profile *p;
  struct ss_symbolizer *sym;
  /* modules */
  struct ss_hash module_keys;
  struct module_ref *modules;
  size_t modules_cap;
  uint32_t **entry_module; /* [file][map entry] -> module, NONE unset */
  /* stacks */
  struct ss_hash stack_keys;
  struct stack *stacks;
  size_t stacks_cap;
  uint32_t *stack_addresses;
  /* addresses and their frames */
  struct ss_hash address_keys;
  struct address *addresses;
  size_t addresses_cap;
  struct frame *frames;
  size_t num_frames, frames_cap;
  /* functions, lines, edges and (caller, callee) pairs */
  struct ss_hash function_keys, line_keys, edge_keys, pair_keys;
  size_t functions_cap, lines_cap, edges_cap;
  uint32_t *function_stamp, *pair_stamp;
  size_t pair_stamp_cap;
  /* scratch */
  uint8_t *key;
  size_t key_cap;
  struct lframe *lframes;
  size_t lframes_cap;
};

static const char *keep(struct ss_sample_model *m, char *owned) {
  SS_GROW(m->strings, m->strings_cap, m->num_strings);
  m->strings[m->num_strings++] = owned;
  return owned;
}

static void warn(struct ss_sample_model *m, char *line) {
  m->warnings = ss_xrealloc_array(m->warnings, m->num_warnings + 1,
                                  sizeof *m->warnings);
  m->warnings[m->num_warnings++] = line;
}

/* ---- keys: byte strings built in a scratch buffer ---- */

static void key_put(struct builder *b, size_t *len, const void *data,
                    size_t n) {
  while (*len + n > b->key_cap) {
    b->key_cap = b->key_cap ? b->key_cap * 2 : 256;
    b->key = ss_xrealloc_array(b->key, b->key_cap, 1);
  }
  memcpy(b->key + *len, data, n);
  *len += n;
}

static void key_u32(struct builder *b, size_t *len, uint32_t v) {
  key_put(b, len, &v, sizeof v);
}

static void key_u64(struct builder *b, size_t *len, uint64_t v) {
  key_put(b, len, &v, sizeof v);
}

static void key_str(struct builder *b, size_t *len, const char *s) {
  key_put(b, len, s, strlen(s) + 1);
}

/* ---- modules ---- */

static uint32_t module_of_entry(struct builder *b, uint32_t file,
                                uint32_t entry) {
  uint32_t *slot = &b->entry_module[file][entry];
  if (*slot != NONE)
    return *slot;
  const struct ss_expfile *f = b->p->files[file];
  const struct ss_map_entry *e = &f->map[entry];
  /* The executable may be recorded without a path: the target's. */
  const char *path = e->path[0] ? e->path : b->p->target;
  size_t len = 0;
  key_str(b, &len, path);
  key_u32(b, &len, e->build_id_len);
  key_put(b, &len, e->build_id, e->build_id_len);
  int inserted;
  uint32_t id = ss_hash_intern(&b->module_keys, b->key, len, &inserted);
  if (inserted) {
    SS_GROW(b->modules, b->modules_cap, id);
    struct module_ref *mr = &b->modules[id];
    memset(mr, 0, sizeof *mr);
    mr->path = path;
    mr->dso = ss_basename(path);
    mr->build_id = e->build_id;
    mr->build_id_len = e->build_id_len;
  }
  *slot = id;
  return id;
}

static void *module_handle(struct builder *b, uint32_t id) {
  struct module_ref *mr = &b->modules[id];
  if (mr->opened)
    return mr->handle;
  mr->opened = 1;
  enum ss_module_status status = SS_MODULE_OK;
  char why[256];
  mr->handle = b->sym->ops->open(b->sym->self, mr->path, mr->build_id,
                                 mr->build_id_len, &status, why, sizeof why);
  if (mr->handle)
    return mr->handle;
  if (status == SS_MODULE_CHANGED)
    warn(b->m, ss_xasprintf("warning: %s changed since the experiment (%s); "
                            "its samples are shown by address",
                            mr->path, why));
  else if (status == SS_MODULE_MISSING)
    warn(b->m, ss_xasprintf("warning: %s cannot be read (%s); its samples "
                            "are shown by address", mr->path, why));
  return NULL;
}

/* ---- functions ---- */

static uint32_t function_id(struct builder *b, uint32_t module,
                            const char *name, const char *file,
                            uint32_t line, int by_address) {
  size_t len = 0;
  key_u32(b, &len, module);
  key_u32(b, &len, line);
  key_str(b, &len, name);
  key_str(b, &len, file);
  int inserted;
  uint32_t id = ss_hash_intern(&b->function_keys, b->key, len, &inserted);
  if (inserted) {
    struct ss_sample_model *m = b->m;
    SS_GROW(m->functions, b->functions_cap, id);
    struct ss_sfunction *f = &m->functions[id];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->file = file;
    f->line = line;
    f->by_address = by_address;
    f->depth = UINT32_MAX;
    f->dso = module == NONE ? "?" : b->modules[module].dso;
    f->path = module == NONE ? "" : b->modules[module].path;
    m->num_functions = id + 1;
  }
  return id;
}

/* ---- phase 1: distinct stacks of the selected samples ---- */

static void group_stacks(struct builder *b) {
  struct ss_sample_model *m = b->m;
  const struct ss_profile *p = b->p;
  for (uint32_t fi = 0; fi < p->num_files; fi++) {
    const struct ss_expfile *f = p->files[fi];
    const struct ss_caliper_window *w = &m->windows[fi];
    uint64_t ns = f->sampling.interval_ns;
    for (size_t bi = 0; bi < f->num_sample_blocks; bi++) {
      const struct ss_sample_block *blk = &f->sample_blocks[bi];
      const uint8_t *cur = blk->data;
      for (uint64_t k = 0; k < blk->num_samples; k++) {
        struct ss_sample_view s;
        ss_sample_next(&cur, &s);
        if (!ss_caliper_selects(w, s.caliper))
          continue;
        uint32_t depth = m->callstacks ? s.depth : 1;
        size_t len = 0;
        key_u32(b, &len, fi);
        key_put(b, &len, s.addrs, (size_t)depth * 8);
        int inserted;
        uint32_t id = ss_hash_intern(&b->stack_keys, b->key, len, &inserted);
        if (inserted) {
          SS_GROW(b->stacks, b->stacks_cap, id);
          memset(&b->stacks[id], 0, sizeof b->stacks[id]);
          b->stacks[id].file = fi;
          b->stacks[id].depth = depth;
        }
        b->stacks[id].samples++;
        b->stacks[id].ns += ns;
        m->samples++;
        m->ns += ns;
        if (s.flags & (SS_SAMPLE_INCOMPLETE | SS_SAMPLE_TRUNCATED))
          m->incomplete++;
      }
    }
  }
}

/* ---- phase 2: distinct addresses of those stacks ---- */

static void resolve_addresses(struct builder *b) {
  size_t num_stacks = b->stack_keys.count, total = 0;
  for (size_t i = 0; i < num_stacks; i++) {
    b->stacks[i].first_address = total;
    total += b->stacks[i].depth;
  }
  b->stack_addresses = ss_xcalloc(total, sizeof *b->stack_addresses);
  for (size_t i = 0; i < num_stacks; i++) {
    struct stack *st = &b->stacks[i];
    const struct ss_expfile *f = b->p->files[st->file];
    size_t klen;
    const uint8_t *key = ss_hash_key(&b->stack_keys, (uint32_t)i, &klen);
    const uint8_t *raw = key + 4; /* after the file index */
    for (uint32_t j = 0; j < st->depth; j++) {
      uint64_t addr = ss_le64(raw + 8 * (size_t)j);
      uint32_t entry = ss_map_find(f, addr);
      uint32_t module = entry == SS_NONE ? NONE
                                         : module_of_entry(b, st->file, entry);
      uint64_t vaddr = entry == SS_NONE ? addr : addr - f->map[entry].base;
      int is_return = j > 0;
      size_t len = 0;
      key_u32(b, &len, module);
      key_u32(b, &len, (uint32_t)is_return);
      key_u64(b, &len, vaddr);
      int inserted;
      uint32_t id =
          ss_hash_intern(&b->address_keys, b->key, len, &inserted);
      if (inserted) {
        SS_GROW(b->addresses, b->addresses_cap, id);
        struct address *a = &b->addresses[id];
        memset(a, 0, sizeof *a);
        a->module = module;
        a->is_return = is_return;
        a->vaddr = vaddr;
      }
      b->stack_addresses[st->first_address + j] = id;
    }
  }
}

/* ---- phase 3: symbolize each distinct address once ---- */

static struct frame *new_frame(struct builder *b) {
  SS_GROW(b->frames, b->frames_cap, b->num_frames);
  return &b->frames[b->num_frames++];
}

static void symbolize_address(struct builder *b, struct address *a) {
  a->first_frame = (uint32_t)b->num_frames;
  void *handle = a->module == NONE ? NULL : module_handle(b, a->module);
  const struct ss_sym_frame *sf = NULL;
  size_t n = 0;
  if (handle)
    n = b->sym->ops->lookup(b->sym->self, handle,
                            a->vaddr - (a->is_return ? 1 : 0), &sf);
  if (n > 1 && !b->m->callstacks)
    n = 1; /* PC sampling: the innermost function only */
  for (size_t i = 0; i < n; i++) {
    struct frame *fr = new_frame(b);
    fr->function = function_id(b, a->module, sf[i].function,
                               sf[i].decl_file, sf[i].decl_line, 0);
    fr->file = sf[i].file;
    fr->line = sf[i].line;
    fr->inline_entry = sf[i].inline_entry;
  }
  if (n == 0) {
    char *name = a->module == NONE
                     ? ss_xasprintf("0x%" PRIx64, a->vaddr)
                     : ss_xasprintf("%s+0x%" PRIx64,
                                    b->modules[a->module].dso, a->vaddr);
    struct frame *fr = new_frame(b);
    fr->function = function_id(b, a->module, keep(b->m, name), "", 0, 1);
    fr->file = "";
    fr->line = 0;
    fr->inline_entry = 0;
    n = 1;
  }
  a->num_frames = (uint32_t)n;
}

/* ---- phase 4: attribution ---- */

static void add_line(struct builder *b, const struct lframe *lf, uint64_t w,
                     uint64_t ns) {
  size_t len = 0;
  key_u32(b, &len, lf->function);
  key_u32(b, &len, lf->line);
  key_str(b, &len, lf->file);
  int inserted;
  uint32_t id = ss_hash_intern(&b->line_keys, b->key, len, &inserted);
  struct ss_sample_model *m = b->m;
  if (inserted) {
    SS_GROW(m->lines, b->lines_cap, id);
    struct ss_sline *l = &m->lines[id];
    memset(l, 0, sizeof *l);
    l->function = lf->function;
    l->file = lf->file;
    l->line = lf->line;
    m->num_lines = id + 1;
  }
  m->lines[id].samples += w;
  m->lines[id].ns += ns;
}

static void add_edge(struct builder *b, const struct lframe *caller,
                     const struct lframe *callee, uint64_t w, uint64_t ns) {
  size_t len = 0;
  key_u32(b, &len, caller->function);
  key_u32(b, &len, callee->function);
  key_u64(b, &len, caller->callsite);
  key_u32(b, &len, (uint32_t)caller->inlined);
  key_u32(b, &len, caller->line);
  key_str(b, &len, caller->file);
  int inserted;
  uint32_t id = ss_hash_intern(&b->edge_keys, b->key, len, &inserted);
  struct ss_sample_model *m = b->m;
  if (inserted) {
    SS_GROW(m->edges, b->edges_cap, id);
    struct ss_sedge *e = &m->edges[id];
    memset(e, 0, sizeof *e);
    e->caller = caller->function;
    e->callee = callee->function;
    e->callsite = caller->callsite;
    e->inlined = caller->inlined;
    e->file = caller->file;
    e->line = caller->line;
    m->num_edges = id + 1;
  }
  m->edges[id].samples += w;
  m->edges[id].ns += ns;
}

static uint32_t pair_id(struct builder *b, uint32_t caller, uint32_t callee) {
  uint32_t key[2] = {caller, callee};
  int inserted;
  uint32_t id = ss_hash_intern(&b->pair_keys, key, sizeof key, &inserted);
  if (inserted) {
    SS_GROW(b->pair_stamp, b->pair_stamp_cap, id);
    b->pair_stamp[id] = 0;
  }
  return id;
}

/* The logical frames of stack `st`, innermost first. */
static size_t logical_frames(struct builder *b, const struct stack *st) {
  size_t n = 0;
  for (uint32_t j = 0; j < st->depth; j++) {
    const struct address *a =
        &b->addresses[b->stack_addresses[st->first_address + j]];
    for (uint32_t k = 0; k < a->num_frames; k++) {
      const struct frame *fr = &b->frames[a->first_frame + k];
      SS_GROW(b->lframes, b->lframes_cap, n);
      struct lframe *lf = &b->lframes[n++];
      lf->function = fr->function;
      lf->file = fr->file;
      lf->line = fr->line;
      /* The call this frame makes to the frame before it: a real call at
       * the return address, or the inlined instance's entry. */
      lf->inlined = k > 0;
      lf->callsite = k > 0 ? fr->inline_entry : a->vaddr;
    }
  }
  return n;
}

static void attribute(struct builder *b) {
  struct ss_sample_model *m = b->m;
  uint32_t stamp = 0;
  b->function_stamp = ss_xcalloc(m->num_functions, sizeof *b->function_stamp);
  for (size_t i = 0; i < b->stack_keys.count; i++) {
    const struct stack *st = &b->stacks[i];
    uint64_t w = st->samples, ns = st->ns;
    size_t n = logical_frames(b, st);
    stamp++;
    struct ss_sfunction *leaf = &m->functions[b->lframes[0].function];
    leaf->excl_samples += w;
    leaf->excl_ns += ns;
    add_line(b, &b->lframes[0], w, ns);
    for (size_t k = 0; k < n; k++) {
      uint32_t fn = b->lframes[k].function;
      uint32_t depth = (uint32_t)(n - 1 - k);
      if (depth < m->functions[fn].depth)
        m->functions[fn].depth = depth;
      if (b->function_stamp[fn] == stamp)
        continue; /* recursion: once per sample */
      b->function_stamp[fn] = stamp;
      m->functions[fn].incl_samples += w;
      m->functions[fn].incl_ns += ns;
    }
    for (size_t k = 1; k < n; k++) {
      uint32_t pid = pair_id(b, b->lframes[k].function,
                             b->lframes[k - 1].function);
      if (b->pair_stamp[pid] == stamp)
        continue; /* counted at its innermost occurrence */
      b->pair_stamp[pid] = stamp;
      add_edge(b, &b->lframes[k], &b->lframes[k - 1], w, ns);
    }
  }
}

/* ---- phase 5: [index] ranks ---- */

static const struct ss_sample_model *sort_model;

static int rank_order(const void *x, const void *y) {
  const struct ss_sfunction *a = &sort_model->functions[*(const uint32_t *)x];
  const struct ss_sfunction *b = &sort_model->functions[*(const uint32_t *)y];
  if (sort_model->callstacks && a->incl_ns != b->incl_ns)
    return a->incl_ns > b->incl_ns ? -1 : 1;
  if (a->excl_ns != b->excl_ns)
    return a->excl_ns > b->excl_ns ? -1 : 1;
  if (sort_model->callstacks && a->depth != b->depth)
    return a->depth < b->depth ? -1 : 1;
  int c = strcmp(a->name, b->name);
  if (c)
    return c;
  c = strcmp(a->path, b->path);
  if (c)
    return c;
  return *(const uint32_t *)x < *(const uint32_t *)y ? -1 : 1;
}

/* Lines by function rank, file, line; edges by caller and callee rank,
 * then call site: a stable order for -json and the tests. */
static int line_order(const void *x, const void *y) {
  const struct ss_sline *a = x, *b = y;
  uint32_t ra = sort_model->functions[a->function].rank;
  uint32_t rb = sort_model->functions[b->function].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int edge_order(const void *x, const void *y) {
  const struct ss_sedge *a = x, *b = y;
  uint32_t ra = sort_model->functions[a->caller].rank;
  uint32_t rb = sort_model->functions[b->caller].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  ra = sort_model->functions[a->callee].rank;
  rb = sort_model->functions[b->callee].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  if (a->callsite != b->callsite)
    return a->callsite < b->callsite ? -1 : 1;
  if (a->inlined != b->inlined)
    return a->inlined < b->inlined ? -1 : 1;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return strcmp(a->file, b->file);
}

static void rank(struct ss_sample_model *m) {
  m->by_rank = ss_xcalloc(m->num_functions, sizeof *m->by_rank);
  for (uint32_t i = 0; i < m->num_functions; i++)
    m->by_rank[i] = i;
  sort_model = m;
  ss_sort(m->by_rank, m->num_functions, sizeof *m->by_rank, rank_order);
  for (uint32_t r = 0; r < m->num_functions; r++)
    m->functions[m->by_rank[r]].rank = r + 1;
  ss_sort(m->lines, m->num_lines, sizeof *m->lines, line_order);
  ss_sort(m->edges, m->num_edges, sizeof *m->edges, edge_order);
  sort_model = NULL;
}

/* ---- the whole build ---- */

static int check_files(struct ss_sample_model *m, const struct ss_profile *p,
                       const struct ss_calipers *calipers, struct ss_err *err,
                       const char **bad_file) {
  const struct ss_expfile *first = p->files[0];
  m->kind = first->sampling.kind;
  m->callstacks = m->kind != SS_SAMPLING_PCSAMP;
  m->interval_ns = first->sampling.interval_ns;
  m->bin_bytes = first->sampling.bin_bytes;
  m->clock = first->sampling.clock;
  m->calipers_given = calipers->given;
  m->windows = ss_xcalloc(p->num_files, sizeof *m->windows);
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    *bad_file = f->name;
    if (!f->has_sampling) {
      ss_err_set(err, "the file has no SAMPLING record: it is not a sampling "
                 "experiment like %s", first->name);
      return -1;
    }
    if (f->sampling.kind != m->kind) {
      ss_err_set(err, "sampling kind %u differs from %u in %s; merge only "
                 "files of one experiment", f->sampling.kind, m->kind,
                 first->name);
      return -1;
    }
    if (ss_caliper_window(calipers, f, &m->windows[i], err) != 0)
      return -1;
    m->taken += f->sampling.samples;
    m->lost += f->sampling.lost;
    m->threads += f->sampling.num_threads;
  }
  *bad_file = NULL;
  return 0;
}

/* A file with far fewer samples than its time called for (a tenth, out of
 * at least ten expected): the samples were not taken, and the listing
 * would mislead without a word.  The time is the process's CPU time (user
 * and system, from its USAGE record) for the CPU-time experiments, its
 * run time for totaltime. */
static void warn_missing_samples(struct ss_sample_model *m,
                                 const struct ss_profile *p) {
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    uint64_t interval = f->sampling.interval_ns;
    if (!f->has_usage || interval == 0)
      continue;
    int wall = f->sampling.kind == SS_SAMPLING_TOTALTIME;
    uint64_t ns = wall ? f->usage.real_ns
                       : f->usage.user_ns / 2 + f->usage.sys_ns / 2;
    uint64_t expected = ns / interval * 2;
    if (expected < 10 || f->sampling.samples >= expected / 10)
      continue;
    warn(m, ss_xasprintf(
                "warning: %s: %llu samples for %.2f s of %s (%llu expected, "
                "one per %.0f ms): the program most likely blocked the "
                "sampling signal (sigprocmask or pthread_sigmask of all "
                "signals), or ran its work in threads the runtime did not "
                "see (started before it, or by a raw clone); its listing "
                "shows only what was sampled",
                f->name, (unsigned long long)f->sampling.samples, ns / 1e9,
                wall ? "run time" : "CPU time", (unsigned long long)expected,
                interval / 1e6));
  }
}

static void builder_release(struct builder *b) {
  for (size_t i = 0; i < b->p->num_files; i++)
    free(b->entry_module[i]);
  free(b->entry_module);
  free(b->modules);
  free(b->stacks);
  free(b->stack_addresses);
  free(b->addresses);
  free(b->frames);
  free(b->function_stamp);
  free(b->pair_stamp);
  free(b->key);
  free(b->lframes);
  ss_hash_release(&b->module_keys);
  ss_hash_release(&b->stack_keys);
  ss_hash_release(&b->address_keys);
  ss_hash_release(&b->function_keys);
  ss_hash_release(&b->line_keys);
  ss_hash_release(&b->edge_keys);
  ss_hash_release(&b->pair_keys);
}

int ss_sample_model_build(struct ss_sample_model *m,
                          const struct ss_profile *p,
                          const struct ss_calipers *calipers,
                          struct ss_symbolizer *symbolizer,
                          struct ss_err *err, const char **bad_file) {
  memset(m, 0, sizeof *m);
  m->profile = p;
  if (check_files(m, p, calipers, err, bad_file) != 0) {
    ss_sample_model_release(m);
    return -1;
  }
  warn_missing_samples(m, p);
  struct builder b;
  memset(&b, 0, sizeof b);
  b.m = m;
  b.p = p;
  b.sym = symbolizer;
  b.entry_module = ss_xcalloc(p->num_files, sizeof *b.entry_module);
  for (size_t i = 0; i < p->num_files; i++) {
    uint32_t n = p->files[i]->num_map;
    b.entry_module[i] = ss_xcalloc(n, sizeof **b.entry_module);
    for (uint32_t k = 0; k < n; k++)
      b.entry_module[i][k] = NONE;
  }
  ss_hash_init(&b.module_keys);
  ss_hash_init(&b.stack_keys);
  ss_hash_init(&b.address_keys);
  ss_hash_init(&b.function_keys);
  ss_hash_init(&b.line_keys);
  ss_hash_init(&b.edge_keys);
  ss_hash_init(&b.pair_keys);

  group_stacks(&b);
  resolve_addresses(&b);
  for (size_t i = 0; i < b.address_keys.count; i++)
    symbolize_address(&b, &b.addresses[i]);
  attribute(&b);
  rank(m);
  builder_release(&b);
  return 0;
}

void ss_sample_model_release(struct ss_sample_model *m) {
  for (size_t i = 0; i < m->num_warnings; i++)
    free(m->warnings[i]);
  free(m->warnings);
  for (size_t i = 0; i < m->num_strings; i++)
    free(m->strings[i]);
  free(m->strings);
  free(m->windows);
  free(m->functions);
  free(m->by_rank);
  free(m->lines);
  free(m->edges);
  memset(m, 0, sizeof *m);
}
