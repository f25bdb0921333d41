/* register_facts.h -- what each instruction of a function does with the
 * registers it names, read from its AT&T text once per instruction.
 *
 * The rules that tell the instrumentation's code from the program's
 * (instrumentation_code.c) walk the function's paths and ask, of every
 * instruction they pass, a question about one register ("does it read
 * rcx?", "does it set it?").  Reading the answer from the text each time
 * cost SQLite's listing more than a second; here each instruction's text
 * is read once and the answers kept.  Registers are numbered per
 * function by their 64-bit name (ss_register_canonical); the answers are
 * those of the text predicates in register_facts.c, which say what each
 * one means. */
#ifndef SSPROF_REGISTER_FACTS_H
#define SSPROF_REGISTER_FACTS_H

#include "base.h"
#include "mcode.h"

#include <stddef.h>
#include <stdint.h>

#define SS_NO_REG 0xFFFFu

/* Of one register an instruction names. */
enum {
  SS_REG_AS_BASE = 1,     /* named as the base of a memory operand */
  SS_REG_OVERWRITTEN = 2, /* set without being read (overwrites_register) */
  SS_REG_POPPED = 4,      /* popped into */
  SS_REG_USED = 8         /* read as an operand (uses_register) */
};

struct ss_named_reg {
  uint16_t reg;
  uint8_t flags;
};

struct ss_insn_regs {
  uint32_t first_named; /* in ss_reg_facts.named */
  uint8_t num_named;    /* each register once, in order of first mention */
  uint8_t implicit;     /* reads registers it does not name */
  uint8_t copies;       /* a move or push: passes a value on */
  uint8_t pads;         /* padding: reads nothing it names */
  uint8_t int3;
  uint16_t dest;        /* the general register it writes last, or none */
  uint16_t copy_src, copy_dst; /* a move between general registers */
  uint16_t reload;      /* a reload from a stack slot into this register */
  uint16_t constant;    /* a constant put into this register */
};

struct ss_reg_info {
  int gpr;          /* 1 + index among the general registers, 0 if not one */
  uint8_t argument; /* read by a call (rax: a variadic call reads al) */
  uint8_t clobbered; /* clobbered by a call */
  uint8_t result;   /* read by a return */
};

struct ss_reg_facts {
  struct ss_insn_regs *insns; /* [mf->num_insns] */
  struct ss_named_reg *named;
  size_t num_named;
  struct ss_reg_info *regs; /* by register number */
  size_t num_regs;
};

void ss_reg_facts_build(struct ss_reg_facts *f,
                        const struct ss_mcode_function *mf);
void ss_reg_facts_release(struct ss_reg_facts *f);

/* The flags of `reg` in instruction k; 0 when it does not name it.
 * *named (may be NULL) says whether it names it. */
static inline unsigned ss_reg_flags(const struct ss_reg_facts *f, size_t k,
                                    uint16_t reg, int *named) {
  const struct ss_insn_regs *in = &f->insns[k];
  for (uint32_t i = 0; i < in->num_named; i++)
    if (f->named[in->first_named + i].reg == reg) {
      if (named)
        *named = 1;
      return f->named[in->first_named + i].flags;
    }
  if (named)
    *named = 0;
  return 0;
}

/* Whether instruction k sets `reg` without reading it, or pops into it. */
static inline int ss_reg_sets(const struct ss_reg_facts *f, size_t k,
                              uint16_t reg) {
  return (ss_reg_flags(f, k, reg, NULL) &
          (SS_REG_OVERWRITTEN | SS_REG_POPPED)) != 0;
}

/* The general register instruction k sets without reading it (its
 * destination, overwritten), or SS_NO_REG. */
static inline uint16_t ss_reg_set(const struct ss_reg_facts *f, size_t k) {
  uint16_t d = f->insns[k].dest;
  return d != SS_NO_REG &&
                 (ss_reg_flags(f, k, d, NULL) & SS_REG_OVERWRITTEN)
             ? d
             : SS_NO_REG;
}

#endif
