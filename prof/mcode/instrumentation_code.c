/* instrumentation_code.c -- which of a function's machine instructions
 * are the instrumentation's; see instrumentation_code.h.  What each
 * instruction does with its registers is read once (register_facts.h). */
#include "instrumentation_code.h"

#include "base.h"
#include "register_facts.h"

#include <stdlib.h>
#include <string.h>

/* A block whose instructions with a line are all the instrumentation's
 * and which calls into the runtime (an indirect call's slow path, the
 * first call of a thread) is there only for the instrumentation: the code
 * generator's reloads around the call and its jump back, which have no
 * line, are the instrumentation's too. */
static void claim_instrumentation_block(struct ss_mcode_function *mf,
                                        const struct ss_mcode_block *b) {
  int calls = 0;
  for (uint32_t i = 0; i < b->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[b->first_insn + i];
    if (in->line != 0 && !in->instrumentation)
      return;
    calls |= in->instrumentation && in->insn.flow == SS_FLOW_CALL;
  }
  for (uint32_t i = 0; calls && i < b->num_insns; i++)
    mf->insns[b->first_insn + i].instrumentation = 1;
}

/* Two kinds of code the register allocator and the instruction selector
 * add for the instrumentation carry the line of the code around them:
 *  - a reload whose register the instrumentation reads next: as the base
 *    of a counter's address, it reloads the pointer to the thread's
 *    counters that was spilled (the program never reads that pointer);
 *    else it reloads a value the instrumentation computed (a loop's trip
 *    count, spilled around the loop), when nothing but the
 *    instrumentation reads the register before it is set again;
 *  - a constant put in a register that the instrumentation reads next is
 *    the start value of a counter kept in a register (a loop's promoted
 *    counter).
 * All are the instrumentation's.  "Next": before any control transfer. */
static void claim_instrumentation_feeds(struct ss_mcode_function *mf,
                                        const struct ss_reg_facts *rf) {
  for (size_t i = 0; i < mf->num_insns; i++) {
    struct ss_mcode_insn *feed = &mf->insns[i];
    int reload = rf->insns[i].reload != SS_NO_REG;
    uint16_t reg = reload ? rf->insns[i].reload : rf->insns[i].constant;
    if (feed->instrumentation || reg == SS_NO_REG)
      continue;
    int read_by_instrumentation = 0;
    for (size_t k = i + 1; k < mf->num_insns; k++) {
      const struct ss_mcode_insn *use = &mf->insns[k];
      int named;
      unsigned flags = ss_reg_flags(rf, k, reg, &named);
      if (named) {
        if (!read_by_instrumentation) {
          if (!use->instrumentation)
            break;
          if ((flags & SS_REG_AS_BASE) || !reload) {
            feed->instrumentation = 1;
            break;
          }
          read_by_instrumentation = 1;
        } else if (!use->instrumentation) {
          feed->instrumentation = (flags & SS_REG_OVERWRITTEN) != 0;
          break;
        }
      }
      if (use->insn.flow != SS_FLOW_NEXT)
        break;
    }
  }
}

/* ---- the flow rule for what only the instrumentation reads ------------ */

/* How far the flow rule looks: instructions per value, rounds per function
 * (bench/lib/linetable.py uses the same). */
enum { MAX_WALK = 2000, MAX_ROUNDS = 4 };

/* Whether instruction k may read `reg`: it names it without setting it,
 * or reads registers it does not name. */
static int may_read_register(const struct ss_reg_facts *rf, size_t k,
                             uint16_t reg) {
  if (rf->insns[k].implicit)
    return 1;
  int named;
  unsigned flags = ss_reg_flags(rf, k, reg, &named);
  return named && !(flags & (SS_REG_OVERWRITTEN | SS_REG_POPPED));
}

/* Whether, on every path from instruction `from` through the function,
 * only the instrumentation reads `reg` before it is set again, and it
 * does.  Calls clobber the registers the ABI lets them and read the
 * argument registers; returns read the result registers; a jump out of
 * the function is a tail call; a jump through a register or memory may go
 * anywhere. */
struct walk {
  uint32_t *seen; /* per instruction: the stamp of the last walk there */
  uint32_t stamp;
  uint32_t *stack;
};

/* Pushes where the jump or conditional branch insns[k] may go inside the
 * function; returns 0 when its target is outside it (a tail call) or not
 * known. */
static int push_branch_successors(const struct ss_mcode_function *mf, size_t k,
                                  uint32_t *stack, size_t *top) {
  const struct ss_insn *in = &mf->insns[k].insn;
  uint64_t start = mf->insns[0].address,
           end = mf->insns[mf->num_insns - 1].address + 1;
  size_t t = in->has_target && in->target > start && in->target < end
                 ? ss_mcode_insn_at(mf, in->target)
                 : SIZE_MAX;
  if (t != SIZE_MAX)
    stack[(*top)++] = (uint32_t)t;
  if (in->flow == SS_FLOW_COND_BRANCH)
    stack[(*top)++] = (uint32_t)(k + 1);
  return t != SIZE_MAX;
}

static int only_instrumentation_reads(const struct ss_mcode_function *mf,
                                      const struct ss_reg_facts *rf,
                                      const uint8_t *ours, size_t from,
                                      uint16_t reg, struct walk *w) {
  const struct ss_reg_info *info = &rf->regs[reg];
  uint32_t *stack = w->stack;
  size_t top = 0, visited = 0;
  int read = 0;
  w->stamp++;
  stack[top++] = (uint32_t)(from + 1);
  while (top > 0) {
    uint32_t k = stack[--top];
    if (k < mf->num_insns && w->seen[k] == w->stamp)
      continue;
    if (k >= mf->num_insns || ++visited > MAX_WALK)
      return 0; /* off the function's end, or too far to tell */
    w->seen[k] = w->stamp;
    const struct ss_insn *in = &mf->insns[k].insn;
    if (may_read_register(rf, k, reg)) {
      if (!ours[k])
        return 0;
      read = 1;
    }
    if (ss_reg_sets(rf, k, reg))
      continue;
    switch (in->flow) {
    case SS_FLOW_CALL:
      if (!ours[k] && info->argument)
        return 0;
      if (ours[k] || !info->clobbered)
        stack[top++] = k + 1;
      break;
    case SS_FLOW_RETURN:
      if (info->result)
        return 0;
      break;
    case SS_FLOW_INDIRECT:
      return 0;
    case SS_FLOW_JUMP:
    case SS_FLOW_COND_BRANCH:
      if (!push_branch_successors(mf, k, stack, &top) && info->argument)
        return 0; /* a tail call */
      break;
    case SS_FLOW_STOP:
      break;
    default:
      if (!rf->insns[k].int3)
        stack[top++] = k + 1;
    }
  }
  return read;
}

/* Mark the general registers instruction k names in read_by_ours (indexed
 * by general_register(), register_facts.c). */
static void note_registers(const struct ss_reg_facts *rf, size_t k,
                           uint8_t *read_by_ours) {
  const struct ss_insn_regs *ir = &rf->insns[k];
  for (uint32_t i = 0; i < ir->num_named; i++)
    read_by_ours[rf->regs[rf->named[ir->first_named + i].reg].gpr] = 1;
}

/* A program instruction that sets a register without reading it, whose
 * value the instrumentation reads and, on every path from it through the
 * function, nothing else before the register is set again, is there only
 * for the instrumentation: a counter's start value or a trip count's
 * bound loaded before a branch, the counters' pointer copied back after a
 * loop that borrowed its register.  The straight-line rules above miss
 * them where a branch comes first. */
static void claim_what_only_instrumentation_reads(
    struct ss_mcode_function *mf, const struct ss_reg_facts *rf) {
  size_t n = mf->num_insns;
  if (n == 0)
    return;
  uint8_t *ours = ss_xcalloc(n + 1, 1);
  /* at most two pushes per instruction visited, each visited once */
  struct walk w = {ss_xcalloc(n + 1, sizeof *w.seen), 0,
                   ss_xcalloc(2 * n + 2, sizeof *w.stack)};
  uint8_t read_by_ours[16] = {0}; /* by general_register() */
  for (size_t i = 0; i < n; i++) {
    ours[i] = mf->insns[i].instrumentation;
    if (ours[i])
      note_registers(rf, i, read_by_ours);
  }
  for (int round = 0, more = 1; more && round < MAX_ROUNDS; round++) {
    more = 0;
    for (size_t i = 0; i < n; i++) {
      uint16_t reg = ours[i] ? SS_NO_REG : ss_reg_set(rf, i);
      if (reg == SS_NO_REG || !read_by_ours[rf->regs[reg].gpr] ||
          !only_instrumentation_reads(mf, rf, ours, i, reg, &w))
        continue;
      ours[i] = more = 1;
      mf->insns[i].instrumentation = 1;
      note_registers(rf, i, read_by_ours);
    }
  }
  free(ours);
  free(w.seen);
  free(w.stack);
}

/* ---- the flow rule for what the program reads ------------------------ */

/* Whether, on some path from instruction `from` through the function, a
 * program instruction reads `reg` as an operand (and is no copy, or a copy
 * in `used`) before anything writes the register again.  Where unsure it
 * says no: calls and returns are not taken to read registers they do not
 * name, nor instructions that use registers implicitly (mul, div, string
 * ops); a path ends at any write of the register (of a part of it too), at
 * such an instruction (it may write it), a call that clobbers the
 * register, a return, a jump through a register or out of the function.
 * A copy (a move, a push) reads a value only when the program reads the
 * copy; padding reads nothing (register_facts.c). */
static int program_reads(const struct ss_mcode_function *mf,
                         const struct ss_reg_facts *rf, const uint8_t *ours,
                         const uint8_t *used, size_t from, uint16_t reg,
                         struct walk *w) {
  uint32_t *stack = w->stack;
  size_t top = 0, visited = 0;
  w->stamp++;
  stack[top++] = (uint32_t)(from + 1);
  while (top > 0) {
    uint32_t k = stack[--top];
    if (k >= mf->num_insns || w->seen[k] == w->stamp)
      continue; /* off the function's end: no read there */
    if (++visited > MAX_WALK)
      return 0; /* too far to tell */
    w->seen[k] = w->stamp;
    const struct ss_insn *in = &mf->insns[k].insn;
    const struct ss_insn_regs *ir = &rf->insns[k];
    unsigned flags = ss_reg_flags(rf, k, reg, NULL);
    if (!ours[k] && (!ir->copies || used[k]) && !ir->pads &&
        !(flags & (SS_REG_OVERWRITTEN | SS_REG_POPPED)) &&
        (flags & SS_REG_USED))
      return 1;
    /* Any write ends the value: also one of part of the register (`movb
     * (%r12), %r11b`), and one by an instruction with registers it does not
     * name. */
    if (ir->implicit || ir->dest == reg)
      continue;
    switch (in->flow) {
    case SS_FLOW_CALL:
      if (ours[k] || !rf->regs[reg].clobbered)
        stack[top++] = k + 1;
      break;
    case SS_FLOW_JUMP:
    case SS_FLOW_COND_BRANCH:
      push_branch_successors(mf, k, stack, &top);
      break;
    case SS_FLOW_RETURN:
    case SS_FLOW_INDIRECT:
    case SS_FLOW_STOP:
      break;
    default:
      if (!ir->int3)
        stack[top++] = k + 1;
    }
  }
  return 0;
}

/* The code generator puts code of its own for the program (loop strength
 * reduction's fixups of a value used after a loop, the copies of its
 * induction variables) before the instruction it inserts at, with that
 * instruction's line; before one of the instrumentation's, the program's
 * code gets the instrumentation's row.  And it may compute a value once
 * for both (a loop bound that is also a term of a trip count).  An
 * instruction on the instrumentation's row that writes a register the
 * program then uses, on some path before the register is set again,
 * directly or through copies into other registers, is the program's (of
 * no line): the instrumentation's own values go only to counters. */
static void release_what_the_program_reads(struct ss_mcode_function *mf,
                                           const struct ss_reg_facts *rf) {
  size_t n = mf->num_insns;
  if (n == 0)
    return;
  uint8_t *ours = ss_xcalloc(n + 1, 1), *used = ss_xcalloc(n + 1, 1);
  struct walk w = {ss_xcalloc(n + 1, sizeof *w.seen), 0,
                   ss_xcalloc(2 * n + 2, sizeof *w.stack)};
  uint8_t reached[16] = {0}; /* by general_register(): values to follow */
  for (size_t i = 0; i < n; i++) {
    ours[i] = (uint8_t)mf->insns[i].instrumentation;
    if (ours[i] && rf->insns[i].dest != SS_NO_REG)
      reached[rf->regs[rf->insns[i].dest].gpr] = 1;
  }
  /* The program's copies of those values into other registers that the
   * program uses, a chain of up to MAX_ROUNDS copies. */
  for (int round = 0, more = 1; more && round < MAX_ROUNDS; round++) {
    more = 0;
    for (size_t i = 0; i < n; i++) {
      const struct ss_insn_regs *ir = &rf->insns[i];
      if (ours[i] || used[i] || ir->copy_src == SS_NO_REG ||
          !reached[rf->regs[ir->copy_src].gpr])
        continue;
      uint16_t reg = ir->copy_dst;
      more |= !reached[rf->regs[reg].gpr];
      reached[rf->regs[reg].gpr] = 1; /* copies of copies */
      if (program_reads(mf, rf, ours, used, i, reg, &w))
        used[i] = more = 1;
    }
  }
  for (size_t i = 0; i < n; i++) {
    struct ss_mcode_insn *in = &mf->insns[i];
    if (!ours[i] || rf->insns[i].dest == SS_NO_REG ||
        !program_reads(mf, rf, ours, used, i, rf->insns[i].dest, &w))
      continue;
    in->instrumentation = 0;
    in->line = 0;
    in->file = NULL;
  }
  free(ours);
  free(used);
  free(w.seen);
  free(w.stack);
}

/* The conditional jump of one of the instrumentation's own tests (the
 * thread's counters not set up yet, or in static TLS the entry count's
 * borrow, `subq $1, %fs:OFF; jb`; an indirect call to a target other than
 * the first one seen) has no line: the pass leaves branches without
 * one, or the code generator would give the program's code it adds before
 * a branch (copies, loop increments) the instrumentation's line.  It is
 * told by the compare right before it, the instrumentation's, whose flags
 * it reads (when no block starts at the jump: no other path brings its
 * flags).  A jump with a line keeps it: a compare the code generator merged
 * with the program's own is read as the program's branch. */
static void claim_instrumentation_branches(struct ss_mcode_function *mf) {
  for (size_t i = 1; i < mf->num_insns; i++) {
    struct ss_mcode_insn *jump = &mf->insns[i];
    const struct ss_mcode_insn *test = &mf->insns[i - 1];
    if (jump->insn.flow == SS_FLOW_COND_BRANCH && jump->line == 0 &&
        test->instrumentation &&
        (ss_mnemonic_is(test->insn.mnemonic, "test") ||
         ss_mnemonic_is(test->insn.mnemonic, "cmp") ||
         ss_mnemonic_is(test->insn.mnemonic, "sub")) &&
        ss_mcode_block_at(mf, jump->address) == SS_MB_NONE)
      jump->instrumentation = 1;
  }
}

void ss_mcode_find_instrumentation(struct ss_mcode_function *mf) {
  struct ss_reg_facts rf;
  ss_reg_facts_build(&rf, mf);
  release_what_the_program_reads(mf, &rf);
  claim_instrumentation_feeds(mf, &rf);
  claim_what_only_instrumentation_reads(mf, &rf);
  ss_reg_facts_release(&rf);
  claim_instrumentation_branches(mf);
  for (size_t i = 0; i < mf->num_blocks; i++)
    claim_instrumentation_block(mf, &mf->blocks[i]);
}
