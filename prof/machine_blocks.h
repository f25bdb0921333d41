/*
 * machine_blocks.h -- one instrumented function's machine code cut into
 * machine blocks, each with its execution count.
 *
 * Blocks are straight-line runs of instructions: a block starts at the
 * function's entry, at a direct branch target or jump-table target
 * (jump_tables.h), after a branch, jump, return or trap, and at the second
 * and later block markers of the pass (pass/MachineCodeMap.h) in one such
 * straight-line run: the first marker of a run marks the whole run, as the
 * code generator may move a few of the block's instructions above it.
 * A block that holds a marker ran as often as the counted block whose
 * marker it is.  The others, and the copies of a counted block the code
 * generator duplicated, take counts from flow conservation on the machine
 * flow graph: an edge out of a block with one successor carries its count,
 * so does an edge into a block with one predecessor, and an edge from
 * counted block a to counted block b that is the only machine edge between
 * them carries the count of the flow-graph edge a -> b.  Where that stops,
 * the bounds that counts are never negative put on each edge may pin it.
 * What stays unknown (a sparse switch lowered to a tree of compares, say)
 * gets the least count flow allows and is marked as an estimate.
 */
#ifndef SSPROF_MACHINE_BLOCKS_H
#define SSPROF_MACHINE_BLOCKS_H

#include "disasm.h"
#include "elf_code.h"

#include <stddef.h>
#include <stdint.h>

#define SS_MB_NONE 0xFFFFFFFFu

struct ss_mcode_insn {
  uint64_t address; /* first: machine_blocks.c searches by it */
  struct ss_insn insn;
  int instrumentation; /* on a line-table row of the instrumentation */
  const char *file;    /* its line-table row; NULL when it has none */
  uint32_t line;
};

struct ss_mcode_block {
  uint64_t start, end; /* start first: machine_blocks.c searches by it */
  uint32_t first_insn, num_insns;
  uint32_t marker; /* counted block whose marker starts it, or SS_MB_NONE;
                      of several markers at one address (blocks the code
                      generator merged) the last: the one it ends as */
  uint32_t entry_marker; /* the first of them: where control enters, the
                            count the block has */
  uint32_t owner;  /* counted block whose code it is: its marker's, else
                      the one laid out before it (SS_MB_NONE before any) */
  uint32_t *succ;  /* successor blocks (a table jump has many) */
  int64_t *succ_count; /* executions of each edge out, -1 if unknown */
  uint32_t num_succ;
  int indirect;    /* ends in an indirect jump whose targets are unknown */
  int64_t count;
  int exact;
};

struct ss_mcode_function {
  struct ss_mcode_insn *insns;
  size_t num_insns;
  struct ss_mcode_block *blocks; /* by address */
  size_t num_blocks;
};

/* Marker indexes: the counted blocks, then (num_blocks + e) the blocks the
 * pass made for the counter of edge e, which run as often as the edge.
 * What the descriptor says of the code a marker marks, per index: */
#define SS_MARK_AFTER_CALL 0x1u /* entered right after a call that may not
                                   return there (the block the call returns
                                   to, a landing pad) */
#define SS_MARK_RETURN 0x2u     /* ends in a return, which the code
                                   generator may have copied into the
                                   blocks before it (to make their calls
                                   tail calls) without the marker */
struct ss_marker_facts {
  uint32_t num_ids;
  const uint8_t *flags; /* [num_ids]: SS_MARK_*; NULL: none known */
};

/* The counts of one function's counted blocks and flow-graph edges. */
struct ss_counted_function {
  uint32_t num_blocks;
  struct ss_marker_facts marks;
  const int64_t *count; /* [marks.num_ids] */
  const int *known;     /* [marks.num_ids] */
  int64_t calls;
  /* Entries run a second time: a thread's first call into the module asks
   * the runtime for counters and starts the function over, so the code at
   * the function's start runs once more (descriptor: restart_counter). */
  int64_t restarts;
  /* The count of the edge from counted block `from` to `to`: 1 if there is
   * such an edge and its count is known, else 0. */
  int (*edge)(const void *ctx, uint32_t from, uint32_t to, int64_t *count);
  const void *ctx;
};

/* Disassemble [start, end) and cut it into blocks; `markers` are the
 * function's markers (any order), `marks` what is known of them.  Returns
 * 0, or -1 with `why` set when the code cannot be read. */
int ss_mcode_cut(struct ss_mcode_function *mf, struct ss_disasm *d,
                 const struct ss_elf_code *code, uint64_t start, uint64_t end,
                 const struct ss_block_marker *markers, size_t num_markers,
                 struct ss_marker_facts marks, unsigned function_flags,
                 char *why, size_t why_size);

/* Index of the instruction at `address`, or SIZE_MAX. */
size_t ss_mcode_insn_at(const struct ss_mcode_function *mf, uint64_t address);

/* Index of the block that starts at `address`, or SS_MB_NONE. */
uint32_t ss_mcode_block_at(const struct ss_mcode_function *mf,
                           uint64_t address);

/* Give every block its count. */
void ss_mcode_count(struct ss_mcode_function *mf,
                    const struct ss_counted_function *cf);

void ss_mcode_release(struct ss_mcode_function *mf);

#endif
