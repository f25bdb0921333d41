/*
 * jump_tables.h -- the targets of a switch's table jump in x86-64 code as
 * LLVM emits it, so that machine flow reaches every case:
 *   position-independent:  leaq T(%rip), %rB            (anywhere before)
 *                          movslq (%rB,%rI,4), %rD      (D often I)
 *                          addq %rB, %rD
 *                          jmpq *%rD                      target = T + entry
 *   absolute:              jmpq *T(,%rI,8)               target = entry
 * The entry count comes from the bounds check before it (cmp $N-1, index)
 * when there is one; otherwise entries are read while they point into the
 * function.
 */
#ifndef SSPROF_JUMP_TABLES_H
#define SSPROF_JUMP_TABLES_H

#include "mcode.h"

#include <stddef.h>
#include <stdint.h>

/* Targets (inside (start, end)) of the indirect jump insns[jump], in a
 * malloc'ed array; 0 when it is not a recognised table jump. */
size_t ss_jump_table_targets(const struct ss_mcode_insn *insns, size_t jump,
                             const struct ss_elf_code *code, uint64_t start,
                             uint64_t end, uint64_t **targets);

#endif
