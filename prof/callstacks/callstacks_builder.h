/*
 * callstacks_builder.h -- private to the call-stack layer: the state of a
 * builder, shared by callstacks.c (grouping, symbolization, attribution,
 * ranks) and callstacks_kept.c (whole stacks, groups, innermost
 * addresses: what SS_CS_STACKS and SS_CS_LEAVES keep).
 */
#ifndef SSPROF_CALLSTACKS_BUILDER_H
#define SSPROF_CALLSTACKS_BUILDER_H

#include "callstacks.h"

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

/* A distinct address: where it is, and its logical frames. */
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

/* A distinct call stack of one file; its weights are in stack_weights. */
struct stack {
  uint32_t file;
  uint32_t depth;
  int leaf_is_return;
  size_t first_address; /* in stack_addresses, after resolution */
};

/* A frame of a stack being attributed, with the call site it calls from. */
struct lframe {
  uint32_t function;
  const char *file;
  uint32_t line;
  uint64_t callsite;
  int inlined;
};

/* What SS_CS_STACKS and SS_CS_LEAVES keep while the builder works
 * (callstacks_kept.c): the raw stacks in the order they were added, which
 * logical stack each distinct raw stack is, and the weights of the
 * logical stacks and the innermost addresses by id. */
struct kept {
  size_t groups_cap, sequence_cap;
  struct ss_hash logical_keys, leaf_keys;
  size_t stacks_cap, stack_frames_cap, leaves_cap;
  uint32_t *logical_of; /* [distinct raw stack] */
  size_t logical_of_cap;
  uint64_t *sw, *leafw; /* [logical stack][nw], [leaf][nw] */
  size_t sw_cap, leafw_cap;
};

struct ss_cs_builder {
  const struct ss_profile *p;
  struct ss_symbolizer *sym;
  uint32_t nw;
  uint32_t flags; /* SS_CS_* */
  const char *what;
  /* modules */
  struct ss_hash module_keys;
  struct module_ref *modules;
  size_t modules_cap;
  uint32_t **entry_module; /* [file][map entry] -> module, NONE unset */
  /* stacks */
  struct ss_hash stack_keys;
  struct stack *stacks;
  size_t stacks_cap;
  uint64_t *stack_weights; /* [stack][nw] */
  size_t stack_weights_cap;
  uint32_t *stack_addresses;
  /* addresses and their frames */
  struct ss_hash address_keys;
  struct address *addresses;
  size_t addresses_cap;
  struct frame *frames;
  size_t num_frames, frames_cap;
  /* functions, lines, edges and (caller, callee) pairs, their weights by
   * index while they are built: [function][2][nw], [line][nw], [edge][nw] */
  struct ss_hash function_keys, line_keys, edge_keys, pair_keys;
  size_t functions_cap, lines_cap, edges_cap;
  uint64_t *fw, *lw, *ew;
  size_t fw_cap, lw_cap, ew_cap;
  uint32_t *function_stamp, *pair_stamp;
  size_t pair_stamp_cap;
  struct kept kept;
  /* scratch */
  uint8_t *key;
  size_t key_cap;
  struct lframe *lframes;
  size_t lframes_cap;
  struct ss_callstacks result;
};

/* callstacks.c: helpers the kept parts share. */
void cs_grow_weights(uint64_t **w, size_t *cap, size_t count, size_t per);
void cs_add_weights(uint64_t *to, const uint64_t *w, uint32_t n);
void cs_key_put(struct ss_cs_builder *b, size_t *len, const void *data,
                size_t n);
/* `n` weights from `from` copied to *at, which moves past them; returns
 * where they now are. */
uint64_t *cs_place(uint64_t **at, const uint64_t *from, size_t n);

/* callstacks_kept.c: a raw stack was added (its distinct id `raw`); raw
 * stack `raw` with weights `w` has the n logical frames in b->lframes;
 * the kept parts' weights are placed at *at (advanced); the end; the
 * builder's own memory. */
void cs_kept_init(struct ss_cs_builder *b);
void cs_kept_added(struct ss_cs_builder *b, uint32_t file, uint32_t raw);
void cs_kept_attribute(struct ss_cs_builder *b, uint32_t raw, size_t n,
                       const uint64_t *w);
size_t cs_kept_num_weights(const struct ss_cs_builder *b);
void cs_kept_place_weights(struct ss_cs_builder *b, uint64_t **at);
void cs_kept_finish(struct ss_cs_builder *b);
void cs_kept_release(struct ss_cs_builder *b);

#endif
