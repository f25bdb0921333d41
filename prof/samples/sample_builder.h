/*
 * sample_builder.h -- private to the samples layer: the state of a sample
 * model being built, shared by sample_model.c (grouping, symbolization,
 * attribution) and sample_stacks.c (whole stacks, threads' sequences,
 * sampled addresses).
 */
#ifndef SSPROF_SAMPLE_BUILDER_H
#define SSPROF_SAMPLE_BUILDER_H

#include "samples.h"

#include "base.h"

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
  /* sample_stacks.c */
  struct ss_hash logical_keys, pc_keys;
  size_t stacks_cap2, stack_frames_cap, threads_cap, sequence_cap, pcs_cap;
  uint32_t *logical_of;    /* [distinct raw stack]: logical stack id */
  size_t logical_of_cap;
};


/* sample_stacks.c: called while grouping (a thread's record begins, one
 * of its selected samples has raw stack `raw`), while attributing (raw
 * stack `raw` has the n logical frames in b->lframes), and at the end. */
void sample_stacks_begin_thread(struct builder *b, uint32_t file, uint32_t tid,
                                uint64_t interval_ns);
void sample_stacks_note(struct builder *b, uint32_t raw);
void sample_stacks_add(struct builder *b, uint32_t raw, size_t n);
void sample_stacks_finish(struct builder *b);
void sample_stacks_release(struct builder *b);

#endif
