/*
 * insn_class.h -- what an x86-64 instruction does, read from its AT&T
 * text (prof/disasm.h): memory reads and writes, control transfer,
 * integer multiply/divide, scalar or packed floating point, the
 * instruction-set extension of its encoding, the widest register it
 * touches and the registers it names.  For -archinfo (prof/ideal.h).
 */
#ifndef SSPROF_INSN_CLASS_H
#define SSPROF_INSN_CLASS_H

#include "disasm.h"
#include "ideal.h"

#define SS_INSN_MAX_REGS 8

struct ss_insn_facts {
  unsigned classes; /* bit (1u << ss_insn_class) per class */
  enum ss_isa_ext isa;
  enum ss_width width;
  char regs[SS_INSN_MAX_REGS][8]; /* GPRs by their 64-bit name */
  unsigned num_regs;
};

void ss_insn_classify(const struct ss_insn *insn, struct ss_insn_facts *f);

#endif
