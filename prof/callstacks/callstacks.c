/*
 * callstacks.c -- grouping, symbolization, attribution and ranks of call
 * stacks (the rules are in callstacks.h); what else a result keeps is
 * callstacks_kept.c's.
 */
#include "callstacks.h"

#include "base.h"
#include "callstacks_builder.h"
#include "profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *keep(struct ss_cs_builder *b, char *owned) {
  struct ss_callstacks *cs = &b->result;
  SS_GROW(cs->strings, cs->strings_cap, cs->num_strings);
  cs->strings[cs->num_strings++] = owned;
  return owned;
}

static void warn(struct ss_cs_builder *b, char *line) {
  struct ss_callstacks *cs = &b->result;
  cs->warnings = ss_xrealloc_array(cs->warnings, cs->num_warnings + 1,
                                   sizeof *cs->warnings);
  cs->warnings[cs->num_warnings++] = line;
}

/* Room for `count` weight vectors of `per` weights at *w (zeroed). */
void cs_grow_weights(uint64_t **w, size_t *cap, size_t count, size_t per) {
  size_t need = count * per;
  if (need <= *cap)
    return;
  size_t n = *cap ? *cap : 64;
  while (n < need)
    n *= 2;
  *w = ss_xrealloc_array(*w, n, sizeof **w);
  memset(*w + *cap, 0, (n - *cap) * sizeof **w);
  *cap = n;
}

void cs_add_weights(uint64_t *to, const uint64_t *w, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    to[i] += w[i];
}

/* ---- keys: byte strings built in a scratch buffer ---- */

void cs_key_put(struct ss_cs_builder *b, size_t *len, const void *data,
                size_t n) {
  while (*len + n > b->key_cap) {
    b->key_cap = b->key_cap ? b->key_cap * 2 : 256;
    b->key = ss_xrealloc_array(b->key, b->key_cap, 1);
  }
  memcpy(b->key + *len, data, n);
  *len += n;
}

static void key_u32(struct ss_cs_builder *b, size_t *len, uint32_t v) {
  cs_key_put(b, len, &v, sizeof v);
}

static void key_u64(struct ss_cs_builder *b, size_t *len, uint64_t v) {
  cs_key_put(b, len, &v, sizeof v);
}

static void key_str(struct ss_cs_builder *b, size_t *len, const char *s) {
  cs_key_put(b, len, s, strlen(s) + 1);
}

/* ---- modules ---- */

static uint32_t module_of_entry(struct ss_cs_builder *b, uint32_t file,
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
  cs_key_put(b, &len, e->build_id, e->build_id_len);
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

static void *module_handle(struct ss_cs_builder *b, uint32_t id) {
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
    warn(b, ss_xasprintf("warning: %s changed since the experiment (%s); "
                         "its %s are shown by address",
                         mr->path, why, b->what));
  else if (status == SS_MODULE_MISSING)
    warn(b, ss_xasprintf("warning: %s cannot be read (%s); its %s are shown "
                         "by address", mr->path, why, b->what));
  return NULL;
}

/* ---- functions ---- */

static uint32_t function_id(struct ss_cs_builder *b, uint32_t module,
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
    struct ss_callstacks *cs = &b->result;
    SS_GROW(cs->functions, b->functions_cap, id);
    struct ss_cs_function *f = &cs->functions[id];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->file = file;
    f->line = line;
    f->by_address = by_address;
    f->depth = UINT32_MAX;
    f->dso = module == NONE ? "?" : b->modules[module].dso;
    f->path = module == NONE ? "" : b->modules[module].path;
    cs->num_functions = id + 1;
    cs_grow_weights(&b->fw, &b->fw_cap, (size_t)id + 1, 2 * (size_t)b->nw);
  }
  return id;
}

/* ---- phase 1: distinct stacks ---- */

struct ss_cs_builder *ss_callstacks_begin(const struct ss_profile *p,
                                          struct ss_symbolizer *symbolizer,
                                          uint32_t num_weights, uint32_t flags,
                                          const char *what) {
  struct ss_cs_builder *b = ss_xcalloc(1, sizeof *b);
  b->p = p;
  b->sym = symbolizer;
  b->nw = num_weights;
  b->flags = flags;
  b->what = what;
  b->result.num_weights = num_weights;
  b->entry_module = ss_xcalloc(p->num_files, sizeof *b->entry_module);
  for (size_t i = 0; i < p->num_files; i++) {
    uint32_t n = p->files[i]->num_map;
    b->entry_module[i] = ss_xcalloc(n, sizeof **b->entry_module);
    for (uint32_t k = 0; k < n; k++)
      b->entry_module[i][k] = NONE;
  }
  ss_hash_init(&b->module_keys);
  ss_hash_init(&b->stack_keys);
  ss_hash_init(&b->address_keys);
  ss_hash_init(&b->function_keys);
  ss_hash_init(&b->line_keys);
  ss_hash_init(&b->edge_keys);
  ss_hash_init(&b->pair_keys);
  cs_kept_init(b);
  return b;
}

void ss_callstacks_add(struct ss_cs_builder *b, uint32_t file,
                       const uint8_t *addrs, uint32_t depth,
                       int leaf_is_return, const uint64_t *weights) {
  size_t len = 0;
  key_u32(b, &len, file);
  key_u32(b, &len, (uint32_t)leaf_is_return);
  cs_key_put(b, &len, addrs, (size_t)depth * 8);
  int inserted;
  uint32_t id = ss_hash_intern(&b->stack_keys, b->key, len, &inserted);
  if (inserted) {
    SS_GROW(b->stacks, b->stacks_cap, id);
    memset(&b->stacks[id], 0, sizeof b->stacks[id]);
    b->stacks[id].file = file;
    b->stacks[id].depth = depth;
    b->stacks[id].leaf_is_return = leaf_is_return;
    cs_grow_weights(&b->stack_weights, &b->stack_weights_cap, (size_t)id + 1,
                    b->nw);
  }
  cs_add_weights(b->stack_weights + (size_t)id * b->nw, weights, b->nw);
  cs_kept_added(b, file, id);
}

/* ---- phase 2: distinct addresses of those stacks ---- */

static void resolve_addresses(struct ss_cs_builder *b) {
  size_t num_stacks = b->stack_keys.count, total = 0;
  for (size_t i = 0; i < num_stacks; i++) {
    b->stacks[i].first_address = total;
    total += b->stacks[i].depth;
  }
  b->stack_addresses = ss_xcalloc(total ? total : 1, sizeof *b->stack_addresses);
  for (size_t i = 0; i < num_stacks; i++) {
    struct stack *st = &b->stacks[i];
    const struct ss_expfile *f = b->p->files[st->file];
    size_t klen;
    const uint8_t *key = ss_hash_key(&b->stack_keys, (uint32_t)i, &klen);
    const uint8_t *raw = key + 8; /* after the file index and the flag */
    for (uint32_t j = 0; j < st->depth; j++) {
      uint64_t addr = ss_le64(raw + 8 * (size_t)j);
      uint32_t entry = ss_map_find(f, addr);
      uint32_t module = entry == SS_NONE ? NONE
                                         : module_of_entry(b, st->file, entry);
      uint64_t vaddr = entry == SS_NONE ? addr : addr - f->map[entry].base;
      int is_return = j > 0 || st->leaf_is_return;
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

static struct frame *new_frame(struct ss_cs_builder *b) {
  SS_GROW(b->frames, b->frames_cap, b->num_frames);
  return &b->frames[b->num_frames++];
}

static void symbolize_address(struct ss_cs_builder *b, struct address *a) {
  a->first_frame = (uint32_t)b->num_frames;
  void *handle = a->module == NONE ? NULL : module_handle(b, a->module);
  const struct ss_sym_frame *sf = NULL;
  size_t n = 0;
  if (handle)
    n = b->sym->ops->lookup(b->sym->self, handle,
                            a->vaddr - (a->is_return ? 1 : 0), &sf);
  if (n > 1 && (b->flags & SS_CS_LEAF_ONLY))
    n = 1; /* the innermost function only */
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
    fr->function = function_id(b, a->module, keep(b, name), "", 0, 1);
    fr->file = "";
    fr->line = 0;
    fr->inline_entry = 0;
    n = 1;
  }
  a->num_frames = (uint32_t)n;
}

/* ---- phase 4: attribution ---- */

static void add_line(struct ss_cs_builder *b, const struct lframe *lf,
                     const uint64_t *w) {
  size_t len = 0;
  key_u32(b, &len, lf->function);
  key_u32(b, &len, lf->line);
  key_str(b, &len, lf->file);
  int inserted;
  uint32_t id = ss_hash_intern(&b->line_keys, b->key, len, &inserted);
  struct ss_callstacks *cs = &b->result;
  if (inserted) {
    SS_GROW(cs->lines, b->lines_cap, id);
    struct ss_cs_line *l = &cs->lines[id];
    memset(l, 0, sizeof *l);
    l->function = lf->function;
    l->file = lf->file;
    l->line = lf->line;
    cs->num_lines = id + 1;
    cs_grow_weights(&b->lw, &b->lw_cap, (size_t)id + 1, b->nw);
  }
  cs_add_weights(b->lw + (size_t)id * b->nw, w, b->nw);
}

static void add_edge(struct ss_cs_builder *b, const struct lframe *caller,
                     const struct lframe *callee, const uint64_t *w) {
  size_t len = 0;
  key_u32(b, &len, caller->function);
  key_u32(b, &len, callee->function);
  key_u64(b, &len, caller->callsite);
  key_u32(b, &len, (uint32_t)caller->inlined);
  key_u32(b, &len, caller->line);
  key_str(b, &len, caller->file);
  int inserted;
  uint32_t id = ss_hash_intern(&b->edge_keys, b->key, len, &inserted);
  struct ss_callstacks *cs = &b->result;
  if (inserted) {
    SS_GROW(cs->edges, b->edges_cap, id);
    struct ss_cs_edge *e = &cs->edges[id];
    memset(e, 0, sizeof *e);
    e->caller = caller->function;
    e->callee = callee->function;
    e->callsite = caller->callsite;
    e->inlined = caller->inlined;
    e->file = caller->file;
    e->line = caller->line;
    cs->num_edges = id + 1;
    cs_grow_weights(&b->ew, &b->ew_cap, (size_t)id + 1, b->nw);
  }
  cs_add_weights(b->ew + (size_t)id * b->nw, w, b->nw);
}

static uint32_t pair_id(struct ss_cs_builder *b, uint32_t caller,
                        uint32_t callee) {
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
static size_t logical_frames(struct ss_cs_builder *b, const struct stack *st) {
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

static void attribute(struct ss_cs_builder *b) {
  struct ss_callstacks *cs = &b->result;
  uint32_t nw = b->nw;
  uint32_t stamp = 0;
  b->function_stamp = ss_xcalloc(cs->num_functions ? cs->num_functions : 1,
                                 sizeof *b->function_stamp);
  for (size_t i = 0; i < b->stack_keys.count; i++) {
    const struct stack *st = &b->stacks[i];
    const uint64_t *w = b->stack_weights + i * nw;
    size_t n = logical_frames(b, st);
    cs_kept_attribute(b, (uint32_t)i, n, w);
    stamp++;
    uint32_t leaf = b->lframes[0].function;
    cs_add_weights(b->fw + (size_t)leaf * 2 * nw, w, nw);
    add_line(b, &b->lframes[0], w);
    for (size_t k = 0; k < n; k++) {
      uint32_t fn = b->lframes[k].function;
      uint32_t depth = (uint32_t)(n - 1 - k);
      if (depth < cs->functions[fn].depth)
        cs->functions[fn].depth = depth;
      if (b->function_stamp[fn] == stamp)
        continue; /* recursion: once per stack */
      b->function_stamp[fn] = stamp;
      cs_add_weights(b->fw + (size_t)fn * 2 * nw + nw, w, nw);
    }
    for (size_t k = 1; k < n; k++) {
      uint32_t pid = pair_id(b, b->lframes[k].function,
                             b->lframes[k - 1].function);
      if (b->pair_stamp[pid] == stamp)
        continue; /* counted at its innermost occurrence */
      b->pair_stamp[pid] = stamp;
      add_edge(b, &b->lframes[k], &b->lframes[k - 1], w);
    }
  }
}

uint64_t *cs_place(uint64_t **at, const uint64_t *from, size_t n) {
  uint64_t *to = *at;
  memcpy(to, from, n * sizeof *to);
  *at += n;
  return to;
}

/* Every weight array of the result in one allocation. */
static void place_weights(struct ss_cs_builder *b) {
  struct ss_callstacks *cs = &b->result;
  size_t nw = b->nw;
  size_t total = (2 * (size_t)cs->num_functions + cs->num_lines +
                  cs->num_edges) * nw + cs_kept_num_weights(b);
  cs->weights = ss_xcalloc(total ? total : 1, sizeof *cs->weights);
  uint64_t *at = cs->weights;
  for (uint32_t i = 0; i < cs->num_functions; i++) {
    cs->functions[i].excl = cs_place(&at, b->fw + (size_t)i * 2 * nw, 2 * nw);
    cs->functions[i].incl = cs->functions[i].excl + nw;
  }
  for (size_t i = 0; i < cs->num_lines; i++)
    cs->lines[i].w = cs_place(&at, b->lw + i * nw, nw);
  for (size_t i = 0; i < cs->num_edges; i++)
    cs->edges[i].w = cs_place(&at, b->ew + i * nw, nw);
  cs_kept_place_weights(b, &at);
}

/* ---- phase 5: [index] ranks ---- */

static const struct ss_callstacks *sort_cs;
static uint32_t sort_by;
static int sort_inclusive;

static int rank_order(const void *x, const void *y) {
  const struct ss_cs_function *a = &sort_cs->functions[*(const uint32_t *)x];
  const struct ss_cs_function *b = &sort_cs->functions[*(const uint32_t *)y];
  if (sort_inclusive && a->incl[sort_by] != b->incl[sort_by])
    return a->incl[sort_by] > b->incl[sort_by] ? -1 : 1;
  if (a->excl[sort_by] != b->excl[sort_by])
    return a->excl[sort_by] > b->excl[sort_by] ? -1 : 1;
  if (sort_inclusive && a->depth != b->depth)
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
  const struct ss_cs_line *a = x, *b = y;
  uint32_t ra = sort_cs->functions[a->function].rank;
  uint32_t rb = sort_cs->functions[b->function].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static int edge_order(const void *x, const void *y) {
  const struct ss_cs_edge *a = x, *b = y;
  uint32_t ra = sort_cs->functions[a->caller].rank;
  uint32_t rb = sort_cs->functions[b->caller].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  ra = sort_cs->functions[a->callee].rank;
  rb = sort_cs->functions[b->callee].rank;
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

static void rank(struct ss_callstacks *cs, uint32_t by, int inclusive) {
  cs->by_rank = ss_xcalloc(cs->num_functions ? cs->num_functions : 1,
                           sizeof *cs->by_rank);
  for (uint32_t i = 0; i < cs->num_functions; i++)
    cs->by_rank[i] = i;
  sort_cs = cs;
  sort_by = by;
  sort_inclusive = inclusive;
  ss_sort(cs->by_rank, cs->num_functions, sizeof *cs->by_rank, rank_order);
  for (uint32_t r = 0; r < cs->num_functions; r++)
    cs->functions[cs->by_rank[r]].rank = r + 1;
  ss_sort(cs->lines, cs->num_lines, sizeof *cs->lines, line_order);
  ss_sort(cs->edges, cs->num_edges, sizeof *cs->edges, edge_order);
  sort_cs = NULL;
}

/* ---- the whole build ---- */

static void builder_release(struct ss_cs_builder *b) {
  for (size_t i = 0; i < b->p->num_files; i++)
    free(b->entry_module[i]);
  free(b->entry_module);
  free(b->modules);
  free(b->stacks);
  free(b->stack_weights);
  free(b->stack_addresses);
  free(b->addresses);
  free(b->frames);
  free(b->fw);
  free(b->lw);
  free(b->ew);
  free(b->function_stamp);
  free(b->pair_stamp);
  free(b->key);
  free(b->lframes);
  cs_kept_release(b);
  ss_hash_release(&b->module_keys);
  ss_hash_release(&b->stack_keys);
  ss_hash_release(&b->address_keys);
  ss_hash_release(&b->function_keys);
  ss_hash_release(&b->line_keys);
  ss_hash_release(&b->edge_keys);
  ss_hash_release(&b->pair_keys);
  free(b);
}

void ss_callstacks_finish(struct ss_cs_builder *b, struct ss_callstacks *out,
                          uint32_t rank_by) {
  resolve_addresses(b);
  for (size_t i = 0; i < b->address_keys.count; i++)
    symbolize_address(b, &b->addresses[i]);
  attribute(b);
  place_weights(b);
  rank(&b->result, rank_by, !(b->flags & SS_CS_LEAF_ONLY));
  cs_kept_finish(b);
  *out = b->result;
  builder_release(b);
}

void ss_callstacks_release(struct ss_callstacks *cs) {
  for (size_t i = 0; i < cs->num_warnings; i++)
    free(cs->warnings[i]);
  free(cs->warnings);
  for (size_t i = 0; i < cs->num_strings; i++)
    free(cs->strings[i]);
  free(cs->strings);
  free(cs->functions);
  free(cs->by_rank);
  free(cs->lines);
  free(cs->edges);
  free(cs->stacks);
  free(cs->stack_frames);
  free(cs->groups);
  free(cs->sequence);
  free(cs->leaves);
  free(cs->weights);
  memset(cs, 0, sizeof *cs);
}
