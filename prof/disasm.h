/*
 * disasm.h -- one machine instruction at a time, through LLVM's
 * disassembler (the LLVM-C API): its length, its text in the assembler
 * syntax llvm-mca reads back, and how it transfers control.
 */
#ifndef SSPROF_DISASM_H
#define SSPROF_DISASM_H

#include <stddef.h>
#include <stdint.h>

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

#endif
