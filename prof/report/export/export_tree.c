/* export_tree.c -- the stacks of an export model merged into a tree; see
 * export.h. */
#include "export.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

#define NO_NODE UINT32_MAX

static uint32_t child(struct ss_xtree *t, size_t *cap, struct ss_hash *h,
                      uint32_t parent, uint32_t frame) {
  uint32_t key[2] = {parent, frame};
  int inserted;
  uint32_t id = ss_hash_intern(h, key, sizeof key, &inserted) + 1;
  if (inserted) {
    SS_GROW(t->nodes, *cap, id);
    memset(&t->nodes[id], 0, sizeof t->nodes[id]);
    t->nodes[id].frame = frame;
    t->nodes[id].parent = parent;
    t->nodes[id].first_child = t->nodes[id].next_sibling = NO_NODE;
    t->nodes[id].depth = t->nodes[parent].depth + 1;
    t->num_nodes = id + 1;
  }
  return id;
}

static const struct ss_xtree *sort_tree;
static int sort_value;

static int heavier_first(const void *a, const void *b) {
  const struct ss_xnode *x = &sort_tree->nodes[*(const uint32_t *)a];
  const struct ss_xnode *y = &sort_tree->nodes[*(const uint32_t *)b];
  if (x->value[sort_value] != y->value[sort_value])
    return x->value[sort_value] > y->value[sort_value] ? -1 : 1;
  return x->frame < y->frame ? -1 : x->frame > y->frame;
}

void ss_xtree_build(struct ss_xtree *t, const struct ss_xprofile *x,
                    int order) {
  memset(t, 0, sizeof *t);
  size_t cap = 0;
  SS_GROW(t->nodes, cap, 0);
  memset(&t->nodes[0], 0, sizeof t->nodes[0]);
  t->nodes[0].frame = t->nodes[0].parent = NO_NODE;
  t->nodes[0].first_child = t->nodes[0].next_sibling = NO_NODE;
  t->num_nodes = 1;
  struct ss_hash h;
  ss_hash_init(&h);
  for (size_t i = 0; i < x->num_stacks; i++) {
    const struct ss_xstack *st = &x->stacks[i];
    uint32_t node = 0;
    for (int k = 0; k < SS_XVALUES; k++)
      t->nodes[0].value[k] += st->value[k];
    for (uint32_t d = 0; d < st->depth; d++) {
      node = child(t, &cap, &h, node, x->locs[st->first + d].frame);
      for (int k = 0; k < SS_XVALUES; k++)
        t->nodes[node].value[k] += st->value[k];
    }
    for (int k = 0; k < SS_XVALUES; k++)
      t->nodes[node].self[k] += st->value[k];
  }
  ss_hash_release(&h);
  /* Link children heaviest first. */
  uint32_t *ids = ss_xcalloc(t->num_nodes, sizeof *ids);
  for (uint32_t i = 1; i < t->num_nodes; i++)
    ids[i - 1] = i;
  sort_tree = t;
  sort_value = order;
  ss_sort(ids, t->num_nodes - 1, sizeof *ids, heavier_first);
  sort_tree = NULL;
  for (size_t i = t->num_nodes - 1; i-- > 0;) {
    struct ss_xnode *n = &t->nodes[ids[i]];
    n->next_sibling = t->nodes[n->parent].first_child;
    t->nodes[n->parent].first_child = ids[i];
  }
  free(ids);
}

void ss_xtree_release(struct ss_xtree *t) {
  free(t->nodes);
  memset(t, 0, sizeof *t);
}
