/*
 * mcode.h -- the machine-code layer of ssprof: what a linked object's code
 * is and how often each piece of it ran.  Instructions decoded by LLVM's
 * disassembler and classified; an object's code bytes, line table and the
 * pass's block markers (its .pseudo_probe table); an instrumented function
 * cut into machine blocks, the instrumentation's own instructions told
 * apart, jump tables read, and every block given its count from the
 * counted blocks' counts.  Depends on base (and libelf, libdw, LLVM).
 */
#ifndef SSPROF_MCODE_H
#define SSPROF_MCODE_H

#include <stddef.h>
#include <stdint.h>

/*
 * disasm.c -- one machine instruction at a time, through LLVM's
 * disassembler (the LLVM-C API): its length, its text in the assembler
 * syntax llvm-mca reads back, and how it transfers control.
 */

enum ss_flow {
  SS_FLOW_NEXT,        /* falls through to the next instruction */
  SS_FLOW_COND_BRANCH, /* to `target` or the next instruction */
  SS_FLOW_JUMP,        /* to `target` */
  SS_FLOW_INDIRECT,    /* jump through a register or memory (a table) */
  SS_FLOW_CALL,        /* returns to the next instruction */
  SS_FLOW_RETURN,
  SS_FLOW_STOP         /* trap, halt: nothing follows */
};

struct ss_insn {
  uint32_t size;    /* 0: not an instruction */
  enum ss_flow flow;
  int has_target;   /* direct branch or call */
  uint64_t target;
  char text[160];   /* "mnemonic operands", a direct target written as
                       the symbol ss_target */
  char mnemonic[24]; /* after word prefixes (lock, rep, notrack, ...) */
  uint16_t operands; /* offset of the operands in text */
};

/* Fill text, mnemonic and operands of `insn` from the disassembler's
 * "\tmnemonic\toperands" text (whitespace collapsed to single spaces). */
void ss_insn_set_text(struct ss_insn *insn, const char *raw);

/* Whether mnemonic `m` is `base` with at most an operand-size suffix
 * ("cmpq", "cmp" are "cmp"; "cmpxchg", "cmpsd" are not). */
int ss_mnemonic_is(const char *m, const char *base);

/* The 64-bit name of a general-purpose register ("eax", "%r9d" -> "rax",
 * "r9"); other names as they are, without the '%'. */
void ss_register_canonical(const char *name, char *out, size_t size);

/* The next register that AT&T operands name from `p` on: its name without
 * the '%' in `name`; returns where it is (at its '%'), or NULL. */
const char *ss_next_register(const char *p, char *name, size_t size);

struct ss_disasm;

/* A disassembler for ELF e_machine `machine`; NULL with `why` set when
 * LLVM has no disassembler for it. */
struct ss_disasm *ss_disasm_new(unsigned machine, char *why, size_t why_size);
void ss_disasm_free(struct ss_disasm *d);

/* The LLVM target triple of the disassembler ("x86_64-unknown-linux-gnu"). */
const char *ss_disasm_triple(const struct ss_disasm *d);

/* Decode the instruction at `address` from at most `size` bytes. */
void ss_disasm_one(struct ss_disasm *d, const uint8_t *bytes, size_t size,
                   uint64_t address, struct ss_insn *insn);

/*
 * insn_class.c -- what an x86-64 instruction does, read from its AT&T
 * text (disasm.c): memory reads and writes, control transfer,
 * integer multiply/divide, scalar or packed floating point, the
 * instruction-set extension of its encoding, the widest register it
 * touches and the registers it names.  For -archinfo (ideal.h).
 */

/* What an executed instruction is (an instruction may be several). */
enum ss_insn_class {
  SS_IC_LOAD,        /* reads memory (per the CPU model) */
  SS_IC_STORE,       /* writes memory (per the CPU model) */
  SS_IC_COND_BRANCH, /* conditional jump */
  SS_IC_JUMP,        /* unconditional or indirect jump */
  SS_IC_CALL,
  SS_IC_RETURN,
  SS_IC_INT_MUL,
  SS_IC_INT_DIV,
  SS_IC_FP,          /* scalar floating point (SSE/AVX scalar or x87) */
  SS_IC_FP_DIV,      /* floating-point divide or square root */
  SS_IC_VECTOR,      /* packed SIMD, integer or floating point */
  SS_IC_NOP,
  SS_IC_COUNT
};

/* Instruction-set extension of an instruction, by encoding. */
enum ss_isa_ext {
  SS_ISA_BASE,   /* general-purpose instructions */
  SS_ISA_X87,
  SS_ISA_SSE,    /* legacy-encoded SSE on xmm registers */
  SS_ISA_AVX,    /* VEX-encoded (AVX, AVX2, FMA) */
  SS_ISA_AVX512, /* EVEX-encoded: zmm, mask registers or masking */
  SS_ISA_COUNT
};

/* Widest register an instruction touches. */
enum ss_width {
  SS_WIDTH_GPR,   /* no vector register */
  SS_WIDTH_128,
  SS_WIDTH_256,
  SS_WIDTH_512,
  SS_WIDTH_COUNT
};

#define SS_INSN_MAX_REGS 8

struct ss_insn_facts {
  unsigned classes; /* bit (1u << ss_insn_class) per class */
  enum ss_isa_ext isa;
  enum ss_width width;
  char regs[SS_INSN_MAX_REGS][8]; /* GPRs by their 64-bit name */
  unsigned num_regs;
};

void ss_insn_classify(const struct ss_insn *insn, struct ss_insn_facts *f);

/*
 * A block marker of the pass: where one counted block's code landed in the
 * linked object (read from its .pseudo_probe table by pseudo_probes.c).
 */
struct ss_block_marker {
  uint64_t address; /* link-time address, or offset from the function's
                       start if from_start (ss_block_marker_address) */
  uint64_t guid;  /* ss_marker_guid(module hash, function) for the pass's */
  uint32_t block; /* the probe's index: the descriptor block, or number of
                     blocks + edge for a block made for an edge's counter */
  uint32_t seq;   /* position in the table: emission order */
  uint32_t from_start; /* LLVM 17+'s tables: address counts from the start
                          of the function (pseudo_probes.h) */
};

/* Where marker `m` of the function that starts at `function_start` is. */
static inline uint64_t ss_block_marker_address(const struct ss_block_marker *m,
                                               uint64_t function_start) {
  return m->from_start ? function_start + m->address : m->address;
}

/*
 * elf_code.c -- what ideal time reads from one linked object (executable or
 * shared library): its code bytes, the addresses of the pass's block
 * markers (its .pseudo_probe table, pass/MachineCodeMap.h) and its DWARF
 * line table.
 * Addresses are link-time addresses (run-time address minus load bias).
 */

/* The file name of the instrumentation's line-table rows: the pass gives
 * the instructions it adds this file, so they are never counted as the
 * program's. */
#define SS_INSTRUMENTATION_FILE "<ss-instrumentation>"

struct ss_line_row {
  uint64_t address;
  const char *file; /* full path; owned by the elf_code */
  uint32_t line;    /* 0: code without a source line */
  int end_sequence; /* first address after a sequence: no row covers it */
};

struct ss_elf_code;

/* Open the object at `path`; when `build_id_len` > 0 its build-id must be
 * `build_id`.  Returns NULL with a short reason in `why`. */
struct ss_elf_code *ss_elf_code_open(const char *path,
                                     const uint8_t *build_id,
                                     uint32_t build_id_len, char *why,
                                     size_t why_size);
void ss_elf_code_close(struct ss_elf_code *c);

/* e_machine of the object (EM_X86_64, ...). */
unsigned ss_elf_code_machine(const struct ss_elf_code *c);

/* The `size` bytes of code at `address`, or NULL if they are not all
 * inside one section of code. */
const uint8_t *ss_elf_code_bytes(const struct ss_elf_code *c,
                                 uint64_t address, uint64_t size);

/* The `size` bytes at `address` in any loaded section with contents
 * (code, read-only data: jump tables), or NULL. */
const uint8_t *ss_elf_code_data(const struct ss_elf_code *c, uint64_t address,
                                uint64_t size);

/* The markers with `guid` (ss_marker_guid: one function of one module),
 * sorted by address (ss_block_marker_address gives it), then in the order
 * the compiler emitted them. */
size_t ss_elf_code_markers(const struct ss_elf_code *c, uint64_t guid,
                           const struct ss_block_marker **markers);

/* The line-table row that covers `address`, or NULL.  The line table is
 * read on the first call. */
const struct ss_line_row *ss_elf_code_row(const struct ss_elf_code *c,
                                          uint64_t address);

/*
 * machine_blocks.c -- one instrumented function's machine code cut into
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

/*
 * mcode_serial.c -- a cut function (ss_mcode_cut, before its counts) to
 * bytes and back, so that ideal time can keep it between runs: what
 * depends only on the object's code need not be disassembled and
 * analysed again.  File names travel as indices into a table the caller
 * keeps.
 */

struct ss_bytes_out;
struct ss_bytes_in;

struct ss_mcode_files {
  uint32_t (*index)(void *self, const char *file);  /* when encoding */
  const char *(*name)(void *self, uint32_t index);  /* decoding: NULL for
                                                       an index it lacks */
  void *self;
};

void ss_mcode_encode(const struct ss_mcode_function *mf,
                     struct ss_bytes_out *o,
                     const struct ss_mcode_files *files);

/* Decode what ss_mcode_encode wrote; -1 (and in->failed) when the bytes
 * are cut short or describe no function ss_mcode_cut could have made
 * (every index and order checked), `mf` then empty. */
int ss_mcode_decode(struct ss_mcode_function *mf, struct ss_bytes_in *in,
                    const struct ss_mcode_files *files);

#endif
