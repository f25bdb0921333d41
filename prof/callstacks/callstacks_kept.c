/*
 * callstacks_kept.c -- what a result keeps besides the sums, when
 * ss_callstacks_begin's flags ask for it (callstacks.h): every distinct
 * logical stack with its weights and each group's stacks in the order
 * they were added (SS_CS_STACKS), every distinct innermost address with
 * its weights (SS_CS_LEAVES).
 */
#include "callstacks_builder.h"

#include <stdlib.h>
#include <string.h>

void cs_kept_init(struct ss_cs_builder *b) {
  ss_hash_init(&b->kept.logical_keys);
  ss_hash_init(&b->kept.leaf_keys);
}

void ss_callstacks_begin_group(struct ss_cs_builder *b, uint32_t file,
                               uint32_t tag) {
  if (!(b->flags & SS_CS_STACKS))
    return;
  struct ss_callstacks *cs = &b->result;
  SS_GROW(cs->groups, b->kept.groups_cap, cs->num_groups);
  cs->groups[cs->num_groups++] =
      (struct ss_cs_group){file, tag, cs->num_sequence, 0};
}

/* The sequence holds distinct raw stack ids until cs_kept_finish makes
 * them logical stack ids. */
void cs_kept_added(struct ss_cs_builder *b, uint32_t file, uint32_t raw) {
  if (!(b->flags & SS_CS_STACKS))
    return;
  struct ss_callstacks *cs = &b->result;
  if (cs->num_groups == 0)
    ss_callstacks_begin_group(b, file, 0);
  SS_GROW(cs->sequence, b->kept.sequence_cap, cs->num_sequence);
  cs->sequence[cs->num_sequence++] = raw;
  cs->groups[cs->num_groups - 1].num++;
}

/* The logical stack of raw stack `raw`: its n frames in b->lframes. */
static void keep_stack(struct ss_cs_builder *b, uint32_t raw, size_t n,
                       const uint64_t *w) {
  struct kept *k = &b->kept;
  struct ss_callstacks *cs = &b->result;
  size_t len = 0;
  for (size_t i = 0; i < n; i++) {
    struct ss_cs_frame fr = {b->lframes[i].function, b->lframes[i].line};
    cs_key_put(b, &len, &fr, sizeof fr);
  }
  int inserted;
  uint32_t id = ss_hash_intern(&k->logical_keys, b->key, len, &inserted);
  if (inserted) {
    SS_GROW(cs->stacks, k->stacks_cap, id);
    cs->stacks[id] = (struct ss_cs_stack){(uint32_t)cs->num_stack_frames,
                                          (uint32_t)n, NULL};
    for (size_t i = 0; i < n; i++) {
      SS_GROW(cs->stack_frames, k->stack_frames_cap, cs->num_stack_frames);
      cs->stack_frames[cs->num_stack_frames++] =
          (struct ss_cs_frame){b->lframes[i].function, b->lframes[i].line};
    }
    cs->num_stacks = id + 1;
    cs_grow_weights(&k->sw, &k->sw_cap, (size_t)id + 1, b->nw);
  }
  cs_add_weights(k->sw + (size_t)id * b->nw, w, b->nw);
  SS_GROW(k->logical_of, k->logical_of_cap, raw);
  k->logical_of[raw] = id;
}

/* The innermost address of raw stack `raw`, and its innermost logical
 * frame (the first of the address's frames). */
static void keep_leaf(struct ss_cs_builder *b, uint32_t raw,
                      const uint64_t *w) {
  struct kept *k = &b->kept;
  struct ss_callstacks *cs = &b->result;
  const struct stack *st = &b->stacks[raw];
  uint32_t aid = b->stack_addresses[st->first_address];
  int inserted;
  uint32_t id = ss_hash_intern(&k->leaf_keys, &aid, sizeof aid, &inserted);
  if (inserted) {
    const struct address *a = &b->addresses[aid];
    const struct frame *fr = &b->frames[a->first_frame];
    SS_GROW(cs->leaves, k->leaves_cap, id);
    cs->leaves[id] = (struct ss_cs_leaf){
        fr->function, a->module == NONE ? "" : b->modules[a->module].path,
        a->vaddr, a->is_return, fr->file ? fr->file : "", fr->line, NULL};
    cs->num_leaves = id + 1;
    cs_grow_weights(&k->leafw, &k->leafw_cap, (size_t)id + 1, b->nw);
  }
  cs_add_weights(k->leafw + (size_t)id * b->nw, w, b->nw);
}

void cs_kept_attribute(struct ss_cs_builder *b, uint32_t raw, size_t n,
                       const uint64_t *w) {
  if (b->flags & SS_CS_STACKS)
    keep_stack(b, raw, n, w);
  if (b->flags & SS_CS_LEAVES)
    keep_leaf(b, raw, w);
}

size_t cs_kept_num_weights(const struct ss_cs_builder *b) {
  const struct ss_callstacks *cs = &b->result;
  return (cs->num_stacks + cs->num_leaves) * b->nw;
}

void cs_kept_place_weights(struct ss_cs_builder *b, uint64_t **at) {
  struct ss_callstacks *cs = &b->result;
  size_t nw = b->nw;
  for (size_t i = 0; i < cs->num_stacks; i++)
    cs->stacks[i].w = cs_place(at, b->kept.sw + i * nw, nw);
  for (size_t i = 0; i < cs->num_leaves; i++)
    cs->leaves[i].w = cs_place(at, b->kept.leafw + i * nw, nw);
}

static int leaf_order(const void *x, const void *y) {
  const struct ss_cs_leaf *a = x, *b = y;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  int c = strcmp(a->path, b->path);
  if (c)
    return c;
  if (a->vaddr != b->vaddr)
    return a->vaddr < b->vaddr ? -1 : 1;
  return a->is_return - b->is_return;
}

void cs_kept_finish(struct ss_cs_builder *b) {
  struct ss_callstacks *cs = &b->result;
  for (size_t i = 0; i < cs->num_sequence; i++)
    cs->sequence[i] = b->kept.logical_of[cs->sequence[i]];
  ss_sort(cs->leaves, cs->num_leaves, sizeof *cs->leaves, leaf_order);
}

void cs_kept_release(struct ss_cs_builder *b) {
  struct kept *k = &b->kept;
  free(k->logical_of);
  free(k->sw);
  free(k->leafw);
  ss_hash_release(&k->logical_keys);
  ss_hash_release(&k->leaf_keys);
}
