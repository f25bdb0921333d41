/*
 * descriptor.h -- the module descriptor blob (layout in ss/format.h),
 * decoded into host structs after every offset, range and index in it has
 * been checked.  Once ss_descriptor_parse() succeeds, every index and string
 * offset in the decoded arrays can be used without further checks:
 *   - function block/edge/call/loop ranges lie inside the module arrays,
 *     and every function has at least one block (block 0 is its entry);
 *   - edge endpoints are blocks of their function, SS_NODE_ENTRY or
 *     SS_NODE_EXIT, and kinds are known;
 *   - counters are < num_counters or SS_NONE, indirect sites are
 *     < num_indirect_sites or SS_NONE;
 *   - call blocks, loop headers and loop parents are valid;
 *   - remark kinds are known (SS_REMARK_*);
 *   - every string offset is < strtab_size and the strtab ends in a NUL.
 */
#ifndef SSPROF_DESCRIPTOR_H
#define SSPROF_DESCRIPTOR_H

#include "error_message.h"
#include "ss/format.h"

#include <stdint.h>

struct ss_descriptor {
  const uint8_t *blob; /* the raw bytes (not owned) */
  uint64_t size;
  struct ss_desc_header header;
  struct ss_desc_function *functions;
  struct ss_desc_block *blocks;
  struct ss_desc_edge *edges;
  struct ss_desc_call *calls;
  struct ss_desc_loop *loops;
  struct ss_desc_line *lines;
  struct ss_desc_remark *remarks; /* [header.num_remarks] */
  const char *strtab; /* points into blob */
};

/* Decode and check `size` bytes at `blob`; the blob must outlive `d`.
 * Returns 0 on success, -1 with `err` set. */
int ss_descriptor_parse(const uint8_t *blob, uint64_t size,
                        struct ss_descriptor *d, struct ss_err *err);

void ss_descriptor_release(struct ss_descriptor *d);

static inline const char *ss_desc_str(const struct ss_descriptor *d,
                                      uint32_t offset) {
  return d->strtab + offset;
}

/* Is `node` a block of a function with `num_blocks` blocks, ENTRY or EXIT? */
static inline int ss_desc_node_valid(uint32_t node, uint32_t num_blocks) {
  return node < num_blocks || node == SS_NODE_ENTRY || node == SS_NODE_EXIT;
}

#endif
