/* dwarf_index.c -- address ranges of compile units and functions. */
#include "dwarf_index.h"

#include "base.h"

#include <dwarf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct range {
  Dwarf_Addr start, end;
  Dwarf_Die die;
  size_t unit; /* in the units table: which unit (one may have many ranges) */
};

/* Ranges sorted by start, with the running maximum of their ends: an
 * address is held only by ranges at or before the last one starting at or
 * below it, and the walk back can stop where no earlier range reaches it. */
struct range_table {
  struct range *v;
  Dwarf_Addr *max_end;
  size_t n, cap;
};

struct unit {
  int functions_indexed;
  struct range_table functions;
};

/* A function's inline tree, flattened once: every inlined instance and
 * every lexical block with addresses of its own (DIE order), each with
 * its parent and depth, and all their ranges (`unit` = the node). */
struct inline_node {
  Dwarf_Die die;
  uint32_t parent; /* UINT32_MAX: the function itself */
  uint32_t depth;
  int inlined;     /* an inlined instance, not a lexical block */
};

struct inline_tree {
  struct range_table ranges;
  struct inline_node *nodes;
  size_t num_nodes, cap;
};

struct ss_dwarf_index {
  struct range_table units; /* die = the unit's DIE */
  struct unit *unit_info;   /* [num_units] */
  size_t num_units;
  struct ss_hash tree_ids;  /* function DIE offsets */
  struct inline_tree *trees;
  size_t trees_cap;
};

static void add_ranges(struct range_table *t, Dwarf_Die *die, size_t unit) {
  Dwarf_Addr base, start, end;
  ptrdiff_t off = 0;
  while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
    if (end <= start)
      continue;
    SS_GROW(t->v, t->cap, t->n);
    t->v[t->n].start = start;
    t->v[t->n].end = end;
    t->v[t->n].die = *die;
    t->v[t->n].unit = unit;
    t->n++;
  }
}

static int by_start(const void *x, const void *y) {
  const struct range *a = x, *b = y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->end < b->end ? -1 : a->end > b->end;
}

static void finish(struct range_table *t) {
  ss_sort(t->v, t->n, sizeof *t->v, by_start);
  t->max_end = ss_xcalloc(t->n, sizeof *t->max_end);
  for (size_t i = 0; i < t->n; i++)
    t->max_end[i] = i && t->max_end[i - 1] > t->v[i].end ? t->max_end[i - 1]
                                                          : t->v[i].end;
}

static void release(struct range_table *t) {
  free(t->v);
  free(t->max_end);
  memset(t, 0, sizeof *t);
}

/* How many ranges start at or below `a`: those that may hold it. */
static size_t starting_by(const struct range_table *t, Dwarf_Addr a) {
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (t->v[mid].start <= a)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The smallest range holding `a` (nested functions), or -1. */
static long find(const struct range_table *t, Dwarf_Addr a) {
  size_t lo = starting_by(t, a);
  long best = -1;
  for (size_t i = lo; i-- > 0 && t->max_end[i] > a;) {
    const struct range *r = &t->v[i];
    if (r->end > a &&
        (best < 0 || r->end - r->start < t->v[best].end - t->v[best].start))
      best = (long)i;
  }
  return best;
}

struct ss_dwarf_index *ss_dwarf_index_new(Dwarf *dw) {
  struct ss_dwarf_index *ix = ss_xcalloc(1, sizeof *ix);
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie;
  Dwarf_Half version;
  uint8_t unit_type;
  while (dwarf_get_units(dw, cu, &cu, &version, &unit_type, &cudie, NULL) ==
         0) {
    /* Type units have no code; split (.dwo) units are not followed. */
    if (unit_type == DW_UT_compile || unit_type == DW_UT_partial)
      add_ranges(&ix->units, &cudie, ix->num_units++);
  }
  finish(&ix->units);
  ix->unit_info = ss_xcalloc(ix->num_units, sizeof *ix->unit_info);
  ss_hash_init(&ix->tree_ids);
  return ix;
}

void ss_dwarf_index_free(struct ss_dwarf_index *ix) {
  if (!ix)
    return;
  for (size_t i = 0; i < ix->num_units; i++)
    release(&ix->unit_info[i].functions);
  free(ix->unit_info);
  release(&ix->units);
  for (size_t i = 0; i < ix->tree_ids.count; i++) {
    release(&ix->trees[i].ranges);
    free(ix->trees[i].nodes);
  }
  free(ix->trees);
  ss_hash_release(&ix->tree_ids);
  free(ix);
}

/* Functions with code: at the top of the unit, or inside namespaces and
 * classes (C++ member functions defined in their class). */
static void collect_functions(Dwarf_Die *parent, struct range_table *t) {
  Dwarf_Die child;
  if (dwarf_child(parent, &child) != 0)
    return;
  do {
    switch (dwarf_tag(&child)) {
    case DW_TAG_subprogram:
      add_ranges(t, &child, 0);
      break;
    case DW_TAG_namespace:
    case DW_TAG_class_type:
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_module:
      collect_functions(&child, t);
      break;
    default:
      break;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
}

int ss_dwarf_index_lookup(struct ss_dwarf_index *ix, Dwarf_Addr addr,
                          Dwarf_Die *cu, Dwarf_Die *function) {
  long u = find(&ix->units, addr);
  if (u < 0)
    return 0;
  *cu = ix->units.v[u].die;
  struct unit *info = &ix->unit_info[ix->units.v[u].unit];
  if (!info->functions_indexed) {
    collect_functions(cu, &info->functions);
    finish(&info->functions);
    info->functions_indexed = 1;
  }
  long f = find(&info->functions, addr);
  if (f < 0)
    return 1;
  *function = info->functions.v[f].die;
  return 2;
}

static int has_pc_attributes(Dwarf_Die *die) {
  return dwarf_hasattr(die, DW_AT_low_pc) || dwarf_hasattr(die, DW_AT_ranges);
}

static void push(Dwarf_Die **chain, size_t *cap, size_t *n, Dwarf_Die *die) {
  SS_GROW(*chain, *cap, *n);
  (*chain)[(*n)++] = *die;
}

/* Walk down the scopes holding `addr`, collecting inlined instances
 * outermost first.  Lexical blocks without addresses of their own are
 * looked through. */
static void descend(Dwarf_Die *scope, Dwarf_Addr addr, Dwarf_Die **chain,
                    size_t *cap, size_t *n) {
  Dwarf_Die child;
  if (dwarf_child(scope, &child) != 0)
    return;
  do {
    switch (dwarf_tag(&child)) {
    case DW_TAG_inlined_subroutine:
      if (dwarf_haspc(&child, addr) > 0) {
        push(chain, cap, n, &child);
        descend(&child, addr, chain, cap, n);
        return;
      }
      break;
    case DW_TAG_lexical_block:
    case DW_TAG_try_block:
    case DW_TAG_catch_block:
      if (dwarf_haspc(&child, addr) > 0) {
        descend(&child, addr, chain, cap, n);
        return;
      }
      if (!has_pc_attributes(&child)) {
        size_t before = *n;
        descend(&child, addr, chain, cap, n);
        if (*n > before)
          return;
      }
      break;
    default:
      break;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
}

size_t ss_dwarf_inline_chain(Dwarf_Die *function, Dwarf_Addr addr,
                             Dwarf_Die **chain, size_t *cap) {
  size_t n = 0;
  descend(function, addr, chain, cap, &n);
  for (size_t i = 0; i < n / 2; i++) {
    Dwarf_Die t = (*chain)[i];
    (*chain)[i] = (*chain)[n - 1 - i];
    (*chain)[n - 1 - i] = t;
  }
  return n;
}

/* ---- the same chains from a function's flattened inline tree ---- */

static uint32_t add_node(struct inline_tree *t, Dwarf_Die *die,
                         uint32_t parent, uint32_t depth, int inlined) {
  SS_GROW(t->nodes, t->cap, t->num_nodes);
  t->nodes[t->num_nodes] = (struct inline_node){*die, parent, depth, inlined};
  size_t before = t->ranges.n;
  add_ranges(&t->ranges, die, t->num_nodes);
  if (t->ranges.n == before)
    return UINT32_MAX; /* no code: nothing inside it can hold an address */
  return (uint32_t)t->num_nodes++;
}

/* The scopes descend() looks at, in its order: inlined instances and
 * lexical blocks holding addresses, blocks without addresses looked
 * through. */
static void flatten(Dwarf_Die *scope, uint32_t parent, uint32_t depth,
                    struct inline_tree *t) {
  Dwarf_Die child;
  if (dwarf_child(scope, &child) != 0)
    return;
  do {
    uint32_t node;
    switch (dwarf_tag(&child)) {
    case DW_TAG_inlined_subroutine:
      node = add_node(t, &child, parent, depth, 1);
      if (node != UINT32_MAX)
        flatten(&child, node, depth + 1, t);
      break;
    case DW_TAG_lexical_block:
    case DW_TAG_try_block:
    case DW_TAG_catch_block:
      if (has_pc_attributes(&child)) {
        node = add_node(t, &child, parent, depth, 0);
        if (node != UINT32_MAX)
          flatten(&child, node, depth + 1, t);
      } else {
        flatten(&child, parent, depth, t);
      }
      break;
    default:
      break;
    }
  } while (dwarf_siblingof(&child, &child) == 0);
}

static struct inline_tree *tree_of(struct ss_dwarf_index *ix,
                                   Dwarf_Die *function) {
  Dwarf_Off off = dwarf_dieoffset(function);
  int inserted;
  uint32_t id = ss_hash_intern(&ix->tree_ids, &off, sizeof off, &inserted);
  if (inserted) {
    SS_GROW(ix->trees, ix->trees_cap, id);
    struct inline_tree *t = &ix->trees[id];
    memset(t, 0, sizeof *t);
    flatten(function, UINT32_MAX, 0, t);
    finish(&t->ranges);
  }
  return &ix->trees[id];
}

size_t ss_dwarf_index_inline_chain(struct ss_dwarf_index *ix,
                                   Dwarf_Die *function, Dwarf_Addr addr,
                                   Dwarf_Die **chain, size_t *cap) {
  const struct inline_tree *t = tree_of(ix, function);
  const struct range_table *r = &t->ranges;
  size_t lo = starting_by(r, addr);
  /* The deepest scope holding addr (the first in DIE order of equals):
   * its enclosing scopes hold it too in DWARF that nests them. */
  size_t best = SIZE_MAX;
  for (size_t i = lo; i-- > 0 && r->max_end[i] > addr;) {
    if (r->v[i].end <= addr)
      continue;
    size_t node = r->v[i].unit;
    if (best == SIZE_MAX || t->nodes[node].depth > t->nodes[best].depth ||
        (t->nodes[node].depth == t->nodes[best].depth && node < best))
      best = node;
  }
  size_t n = 0;
  for (size_t k = best; k != SIZE_MAX && k != UINT32_MAX;
       k = t->nodes[k].parent)
    if (t->nodes[k].inlined)
      push(chain, cap, &n, (Dwarf_Die *)&t->nodes[k].die);
  return n;
}
