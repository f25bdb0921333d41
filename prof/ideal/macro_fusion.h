/*
 * macro_fusion.h -- which compare-and-branch pairs an x86-64 core decodes
 * as one micro-op.
 *
 * Intel cores since Sandy Bridge (and AMD's since Zen) fuse a compare or
 * a simple arithmetic instruction with the conditional jump right after
 * it: the pair takes one slot in the front end and one execution port.
 * llvm-mca models the two as separate instructions, so a short block of
 * integer code (a loop's increment, compare and jump) looks one port-cycle
 * dearer than it is.  The rules are those of Intel's optimization manual
 * (section "Macro-Fusion"):
 *   - TEST and AND fuse with every conditional jump;
 *   - CMP, ADD and SUB with all but the sign, parity and overflow jumps;
 *   - INC and DEC only with the jumps that do not read the carry flag;
 *   - not when the first instruction has both a memory operand and an
 *     immediate, writes memory, or addresses memory relative to %rip.
 */
#ifndef SSPROF_MACRO_FUSION_H
#define SSPROF_MACRO_FUSION_H

/* 1 if `insn` and `next` (AT&T text, as the disassembler prints them)
 * fuse into one micro-op, else 0. */
int ss_macro_fuses(const char *insn, const char *next);

#endif
