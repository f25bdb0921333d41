/*
 * sample_stacks.c -- what the sample model keeps of whole samples: each
 * distinct logical stack with its samples, every thread's samples in the
 * order they were taken (as stack ids), and the sampled PCs.
 */
#include "sample_builder.h"

#include <stdlib.h>
#include <string.h>

void sample_stacks_begin_thread(struct builder *b, uint32_t file, uint32_t tid,
                                uint64_t interval_ns) {
  struct ss_sample_model *m = b->m;
  SS_GROW(m->sampled_threads, b->threads_cap, m->num_sampled_threads);
  m->sampled_threads[m->num_sampled_threads++] =
      (struct ss_sthread){file, tid, interval_ns, m->num_sequence, 0};
}

/* Raw stack ids for now; sample_stacks_finish makes them logical. */
void sample_stacks_note(struct builder *b, uint32_t raw) {
  struct ss_sample_model *m = b->m;
  SS_GROW(m->sequence, b->sequence_cap, m->num_sequence);
  m->sequence[m->num_sequence++] = raw;
  m->sampled_threads[m->num_sampled_threads - 1].num++;
}

static void add_pc(struct builder *b, const struct stack *st) {
  struct ss_sample_model *m = b->m;
  uint32_t aid = b->stack_addresses[st->first_address];
  const struct address *a = &b->addresses[aid];
  int inserted;
  uint32_t id = ss_hash_intern(&b->pc_keys, &aid, sizeof aid, &inserted);
  if (inserted) {
    SS_GROW(m->addresses, b->pcs_cap, id);
    const struct frame *fr = &b->frames[a->first_frame];
    m->addresses[id] = (struct ss_saddress){
        b->lframes[0].function,
        a->module == NONE ? "" : b->modules[a->module].path, a->vaddr,
        fr->file ? fr->file : "", fr->line, 0, 0};
    m->num_addresses = id + 1;
  }
  m->addresses[id].samples += st->samples;
  m->addresses[id].ns += st->ns;
}

void sample_stacks_add(struct builder *b, uint32_t raw, size_t n) {
  struct ss_sample_model *m = b->m;
  const struct stack *st = &b->stacks[raw];
  size_t len = 0;
  b->key = ss_xrealloc_array(b->key, b->key_cap = n * 8 + 8, 1);
  for (size_t k = 0; k < n; k++) {
    memcpy(b->key + len, &b->lframes[k].function, 4);
    memcpy(b->key + len + 4, &b->lframes[k].line, 4);
    len += 8;
  }
  int inserted;
  uint32_t id = ss_hash_intern(&b->logical_keys, b->key, len, &inserted);
  if (inserted) {
    SS_GROW(m->stacks, b->stacks_cap2, id);
    m->stacks[id] = (struct ss_sstack){(uint32_t)m->num_stack_frames,
                                       (uint32_t)n, 0, 0};
    for (size_t k = 0; k < n; k++) {
      SS_GROW(m->stack_frames, b->stack_frames_cap, m->num_stack_frames);
      m->stack_frames[m->num_stack_frames++] =
          (struct ss_sframe){b->lframes[k].function, b->lframes[k].line};
    }
    m->num_stacks = id + 1;
  }
  m->stacks[id].samples += st->samples;
  m->stacks[id].ns += st->ns;
  SS_GROW(b->logical_of, b->logical_of_cap, raw);
  b->logical_of[raw] = id;
  if (n > 0)
    add_pc(b, st);
}

static int by_function_address(const void *x, const void *y) {
  const struct ss_saddress *a = x, *b = y;
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  int c = strcmp(a->path, b->path);
  if (c)
    return c;
  return a->vaddr < b->vaddr ? -1 : a->vaddr > b->vaddr;
}

void sample_stacks_finish(struct builder *b) {
  struct ss_sample_model *m = b->m;
  for (size_t i = 0; i < m->num_sequence; i++)
    m->sequence[i] = b->logical_of[m->sequence[i]];
  qsort(m->addresses, m->num_addresses, sizeof *m->addresses,
        by_function_address);
}

void sample_stacks_release(struct builder *b) {
  free(b->logical_of);
  ss_hash_release(&b->logical_keys);
  ss_hash_release(&b->pc_keys);
}
