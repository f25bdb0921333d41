/* instrumentation_code.c -- which of a function's machine instructions
 * are the instrumentation's; see instrumentation_code.h. */
#include "instrumentation_code.h"

#include "base.h"

#include <stdio.h>
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

/* The 64-bit register a reload from a stack slot (`movq N(%rsp), %reg`,
 * or N(%rbp) with a frame pointer) writes, in `reg`; 0 if `insn` is
 * something else. */
static int stack_reload(const struct ss_insn *insn, char *reg, size_t size) {
  if (strcmp(insn->mnemonic, "movq") != 0)
    return 0;
  const char *ops = insn->text + insn->operands;
  const char *dest = strstr(ops, "(%rsp), %");
  if (!dest)
    dest = strstr(ops, "(%rbp), %");
  if (!dest || strchr(dest + 9, ',') || strchr(dest + 9, '('))
    return 0;
  ss_register_canonical(dest + 9, reg, size);
  return strcmp(reg, dest + 9) == 0; /* a 64-bit register */
}

/* Whether `insn` names register `reg` (64-bit name) in any width, and
 * whether it uses it as the base of a memory operand. */
static int names_register(const struct ss_insn *insn, const char *reg,
                          int *as_base) {
  int named = 0;
  *as_base = 0;
  const char *ops = insn->text + insn->operands;
  char name[8], canon[8];
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, canon, sizeof canon);
    if (strcmp(canon, reg) == 0) {
      named = 1;
      *as_base |= p > ops && p[-1] == '(';
    }
  }
  return named;
}

/* The register a constant is put in (`movl $N, %reg`, `movq $N, %reg`,
 * `xorl %reg, %reg`), in `reg` by its 64-bit name; 0 if `insn` is
 * something else. */
static int constant_into(const struct ss_insn *insn, char *reg, size_t size) {
  const char *ops = insn->text + insn->operands;
  const char *m = insn->mnemonic;
  char first[8];
  const char *p = ss_next_register(ops, first, sizeof first);
  if (!p)
    return 0;
  if ((strcmp(m, "movl") == 0 || strcmp(m, "movq") == 0) && ops[0] == '$' &&
      !strchr(ops, '(')) {
    ss_register_canonical(first, reg, size);
    return 1;
  }
  char second[8];
  if ((strcmp(m, "xorl") == 0 || strcmp(m, "xorq") == 0) &&
      ss_next_register(p + 1, second, sizeof second) &&
      strcmp(first, second) == 0 && !strchr(ops, '(')) {
    ss_register_canonical(first, reg, size);
    return 1;
  }
  return 0;
}

/* Whether `insn` sets `reg` (64-bit name) without reading it: a move or
 * address computation into its 64- or 32-bit name (which clears the rest)
 * whose sources do not name it, or a xor of it with itself. */
static int overwrites_register(const struct ss_insn *insn, const char *reg) {
  char zeroed[8];
  if (constant_into(insn, zeroed, sizeof zeroed))
    return strcmp(zeroed, reg) == 0;
  const char *m = insn->mnemonic;
  if (strncmp(m, "mov", 3) != 0 && strncmp(m, "lea", 3) != 0)
    return 0;
  const char *ops = insn->text + insn->operands;
  char name[8], canon[8], dest[8] = "";
  int named_before = 0; /* in an operand before the last */
  const char *last = NULL;
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name)) {
    named_before |= last && strcmp(canon, reg) == 0;
    ss_register_canonical(name, canon, sizeof canon);
    snprintf(dest, sizeof dest, "%s", name);
    last = p;
  }
  if (!last || named_before || strcmp(canon, reg) != 0 ||
      last[1 + strlen(dest)] != '\0' || (last > ops && last[-1] == '('))
    return 0;
  size_t n = strlen(dest); /* 64 or 32 bits: rcx, r9, ecx, r9d */
  return dest[0] == 'e' || (dest[0] == 'r' && dest[n - 1] != 'w' &&
                            dest[n - 1] != 'b');
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
static void claim_instrumentation_feeds(struct ss_mcode_function *mf) {
  for (size_t i = 0; i < mf->num_insns; i++) {
    struct ss_mcode_insn *feed = &mf->insns[i];
    char reg[8];
    int reload = 0;
    if (feed->instrumentation ||
        !((reload = stack_reload(&feed->insn, reg, sizeof reg)) ||
          constant_into(&feed->insn, reg, sizeof reg)))
      continue;
    int read_by_instrumentation = 0;
    for (size_t k = i + 1; k < mf->num_insns; k++) {
      const struct ss_mcode_insn *use = &mf->insns[k];
      int as_base;
      if (names_register(&use->insn, reg, &as_base)) {
        if (!read_by_instrumentation) {
          if (!use->instrumentation)
            break;
          if (as_base || !reload) {
            feed->instrumentation = 1;
            break;
          }
          read_by_instrumentation = 1;
        } else if (!use->instrumentation) {
          feed->instrumentation = overwrites_register(&use->insn, reg);
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

static int general_register(const char *reg) {
  static const char *const names[] = {"rax", "rbx", "rcx", "rdx", "rsi",
                                      "rdi", "rbp", "r8",  "r9",  "r10",
                                      "r11", "r12", "r13", "r14", "r15"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strcmp(reg, names[i]) == 0)
      return (int)i + 1;
  return 0;
}

static int in_set(const char *reg, const char *const *set) {
  for (; *set; set++)
    if (strcmp(reg, *set) == 0)
      return 1;
  return 0;
}

/* rax among the arguments: a variadic call reads al. */
static const char *const ARGUMENTS[] = {"rdi", "rsi", "rdx", "rcx",
                                        "r8",  "r9",  "rax", NULL};
static const char *const CALL_CLOBBERED[] = {"rax", "rcx", "rdx", "rsi", "rdi",
                                             "r8",  "r9",  "r10", "r11", NULL};
static const char *const RESULTS[] = {"rax", "rdx", NULL};

/* Whether `insn` reads general registers it does not name (or carries a
 * prefix word, which ss_insn_set_text keeps out of the mnemonic): taken to
 * read every one. */
static int reads_implicitly(const struct ss_insn *insn) {
  static const char *const starts[] = {
      "div",   "idiv",   "mulx",  "syscall", "sysenter", "leave", "enter",
      "cpuid", "xgetbv", "rdpmc", "rdmsr",   "wrmsr",    "cmpxchg", "loop",
      "jrcxz", "jecxz",  "xlat",  "out",     "ins",      "stos",  "lods",
      "scas",  "cmps",   "cltq",  "cqto",    "cltd",     "cwtl",  "cbtw",
      "cwtd",  NULL};
  const char *m = insn->mnemonic;
  for (const char *const *s = starts; *s; s++)
    if (strncmp(m, *s, strlen(*s)) == 0)
      return 1;
  if (strncmp(insn->text, "lock ", 5) == 0 ||
      strncmp(insn->text, "rep", 3) == 0 ||
      strncmp(insn->text, "notrack ", 8) == 0)
    return 1;
  if (ss_mnemonic_is(m, "mul") || ss_mnemonic_is(m, "movs") ||
      strcmp(m, "int") == 0 || strcmp(m, "in") == 0 ||
      (strlen(m) == 3 && strncmp(m, "in", 2) == 0 && strchr("bwl", m[2])))
    return 1;
  return strncmp(m, "imul", 4) == 0 &&
         !strchr(insn->text + insn->operands, ',');
}

static int pops_into(const struct ss_insn *insn, const char *reg) {
  char name[8], canon[8];
  if (strncmp(insn->mnemonic, "pop", 3) != 0 ||
      !ss_next_register(insn->text + insn->operands, name, sizeof name))
    return 0;
  ss_register_canonical(name, canon, sizeof canon);
  return strcmp(canon, reg) == 0;
}

static int sets_register(const struct ss_insn *insn, const char *reg) {
  return overwrites_register(insn, reg) || pops_into(insn, reg);
}

static int may_read_register(const struct ss_insn *insn, const char *reg) {
  int as_base;
  if (reads_implicitly(insn))
    return 1;
  return !sets_register(insn, reg) && names_register(insn, reg, &as_base);
}

/* The general register (not rsp) `insn` writes as its last operand, read
 * or not (`add $1, %edx`, `movl %eax, %ebx`), in `reg`; 0 if none. */
static int destination_register(const struct ss_insn *insn, char *reg,
                                 size_t size) {
  static const char *const no_destination[] = {
      "cmp", "test", "bt", "push", "call", "j", "ret", "nop", "ucomis",
      "comis", NULL};
  for (const char *const *m = no_destination; *m; m++)
    if (strncmp(insn->mnemonic, *m, strlen(*m)) == 0)
      return 0;
  const char *ops = insn->text + insn->operands, *last = NULL;
  char name[8];
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, reg, size);
    last = p;
  }
  return last && (last == ops || last[-1] != '(') &&
         last[1 + strlen(name)] == '\0' && general_register(reg);
}

/* The general register (not rsp) `insn` sets without reading it, in
 * `reg`; 0 if none. */
static int set_register(const struct ss_insn *insn, char *reg, size_t size) {
  return destination_register(insn, reg, size) && overwrites_register(insn, reg);
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
                                      const uint8_t *ours, size_t from,
                                      const char *reg, struct walk *w) {
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
    if (may_read_register(in, reg)) {
      if (!ours[k])
        return 0;
      read = 1;
    }
    if (sets_register(in, reg))
      continue;
    switch (in->flow) {
    case SS_FLOW_CALL:
      if (!ours[k] && in_set(reg, ARGUMENTS))
        return 0;
      if (ours[k] || !in_set(reg, CALL_CLOBBERED))
        stack[top++] = k + 1;
      break;
    case SS_FLOW_RETURN:
      if (in_set(reg, RESULTS))
        return 0;
      break;
    case SS_FLOW_INDIRECT:
      return 0;
    case SS_FLOW_JUMP:
    case SS_FLOW_COND_BRANCH:
      if (!push_branch_successors(mf, k, stack, &top) &&
          in_set(reg, ARGUMENTS))
        return 0; /* a tail call */
      break;
    case SS_FLOW_STOP:
      break;
    default:
      if (strcmp(in->mnemonic, "int3") != 0)
        stack[top++] = k + 1;
    }
  }
  return read;
}

/* Mark the general registers `insn` names in read_by_ours (indexed by
 * general_register()). */
static void note_registers(const struct ss_insn *insn, uint8_t *read_by_ours) {
  char name[8], canon[8];
  for (const char *p = ss_next_register(insn->text + insn->operands, name,
                                        sizeof name);
       p; p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, canon, sizeof canon);
    read_by_ours[general_register(canon)] = 1;
  }
}

/* A program instruction that sets a register without reading it, whose
 * value the instrumentation reads and, on every path from it through the
 * function, nothing else before the register is set again, is there only
 * for the instrumentation: a counter's start value or a trip count's
 * bound loaded before a branch, the counters' pointer copied back after a
 * loop that borrowed its register.  The straight-line rules above miss
 * them where a branch comes first. */
static void claim_what_only_instrumentation_reads(
    struct ss_mcode_function *mf) {
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
      note_registers(&mf->insns[i].insn, read_by_ours);
  }
  for (int round = 0, more = 1; more && round < MAX_ROUNDS; round++) {
    more = 0;
    for (size_t i = 0; i < n; i++) {
      char reg[8];
      const struct ss_insn *in = &mf->insns[i].insn;
      if (ours[i] || !set_register(in, reg, sizeof reg) ||
          !read_by_ours[general_register(reg)] ||
          !only_instrumentation_reads(mf, ours, i, reg, &w))
        continue;
      ours[i] = more = 1;
      mf->insns[i].instrumentation = 1;
      note_registers(in, read_by_ours);
    }
  }
  free(ours);
  free(w.seen);
  free(w.stack);
}

/* ---- the flow rule for what the program reads ------------------------ */

/* A copy moves a value on without using it: a move or a push.  A spill
 * of the instrumentation's register is no use of its value by the
 * program; a copy into another register is one when the program uses the
 * copy (`used` below). */
static int copies(const struct ss_insn *insn) {
  static const char *const moves[] = {"mov", "movq", "movl", "movw", "movb",
                                      "movabsq", "push", "pushq", NULL};
  return in_set(insn->mnemonic, moves);
}

/* Padding: `nopw %cs:(%rax,%rax)` names a register it does not read,
 * `xchg %ax, %ax` one it leaves as it was. */
static int pads(const struct ss_insn *insn) {
  const char *ops = insn->text + insn->operands;
  const char *comma = strchr(ops, ',');
  if (strncmp(insn->mnemonic, "nop", 3) == 0)
    return 1;
  return strncmp(insn->mnemonic, "xchg", 4) == 0 && comma &&
         strncmp(ops, comma + 2, (size_t)(comma - ops)) == 0 &&
         comma[2 + (comma - ops)] == '\0';
}

/* Whether `insn` reads `reg` as an operand: it names it as a source, or
 * as a destination it also reads (`addl $1, %edx`, not `cvttsd2si %xmm0,
 * %rax`).  Destinations count only for the arithmetic known to read them:
 * unsure is no. */
static int uses_register(const struct ss_insn *insn, const char *reg) {
  static const char *const reads_destination[] = {
      "add", "sub", "adc", "sbb", "and", "or",  "xor", "inc", "dec",
      "neg", "not", "shl", "shr", "sar", "sal", "rol", "ror", "rcl",
      "rcr", "cmov", "xadd", "xchg", "bts", "btr", "btc", "bswap", "crc32",
      NULL};
  const char *ops = insn->text + insn->operands, *m = insn->mnemonic;
  char name[8], canon[8];
  int named = 0;
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, canon, sizeof canon);
    named += strcmp(canon, reg) == 0;
  }
  if (!named || !destination_register(insn, canon, sizeof canon) ||
      strcmp(canon, reg) != 0)
    return named > 0;
  int rmw = strncmp(m, "imul", 4) == 0 && strchr(ops, ',') &&
            !strchr(strchr(ops, ',') + 1, ','); /* two operands */
  for (const char *const *r = reads_destination; !rmw && *r; r++) {
    size_t n = strlen(*r); /* not shlxq, rorxl, andnq (BMI: three operands) */
    rmw = strncmp(m, *r, n) == 0 && m[n] != 'x' && strncmp(m, "andn", 4) != 0;
  }
  return named - !rmw > 0;
}

/* For a move from one general register into another (`movl %r9d, %edx`):
 * its source and destination, by their 64-bit names; 0 for anything else. */
static int register_copy(const struct ss_insn *insn, char *src, char *dst,
                         size_t size) {
  const char *ops = insn->text + insn->operands;
  char name[8];
  if (!copies(insn) || strncmp(insn->mnemonic, "push", 4) == 0 ||
      ops[0] != '%' || strchr(ops, '(') || !ss_next_register(ops, name, sizeof name))
    return 0;
  ss_register_canonical(name, src, size);
  return general_register(src) && destination_register(insn, dst, size);
}

/* Whether, on some path from instruction `from` through the function, a
 * program instruction reads `reg` as an operand (and is no copy, or a copy
 * in `used`) before anything writes the register again.  Where unsure it
 * says no: calls and returns are not taken to read registers they do not
 * name, nor instructions that use registers implicitly (mul, div, string
 * ops); a path ends at any write of the register (of a part of it too), at
 * such an instruction (it may write it), a call that clobbers the
 * register, a return, a jump through a register or out of the function. */
static int program_reads(const struct ss_mcode_function *mf,
                         const uint8_t *ours, const uint8_t *used, size_t from,
                         const char *reg, struct walk *w) {
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
    if (!ours[k] && (!copies(in) || used[k]) && !pads(in) &&
        !sets_register(in, reg) && uses_register(in, reg))
      return 1;
    /* Any write ends the value: also one of part of the register (`movb
     * (%r12), %r11b`), and one by an instruction with registers it does not
     * name. */
    char written[8];
    if (reads_implicitly(in) ||
        (destination_register(in, written, sizeof written) &&
         strcmp(written, reg) == 0))
      continue;
    switch (in->flow) {
    case SS_FLOW_CALL:
      if (ours[k] || !in_set(reg, CALL_CLOBBERED))
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
      if (strcmp(in->mnemonic, "int3") != 0)
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
static void release_what_the_program_reads(struct ss_mcode_function *mf) {
  size_t n = mf->num_insns;
  if (n == 0)
    return;
  uint8_t *ours = ss_xcalloc(n + 1, 1), *used = ss_xcalloc(n + 1, 1);
  struct walk w = {ss_xcalloc(n + 1, sizeof *w.seen), 0,
                   ss_xcalloc(2 * n + 2, sizeof *w.stack)};
  uint8_t reached[16] = {0}; /* by general_register(): values to follow */
  char reg[8];
  for (size_t i = 0; i < n; i++) {
    ours[i] = (uint8_t)mf->insns[i].instrumentation;
    if (ours[i] && destination_register(&mf->insns[i].insn, reg, sizeof reg))
      reached[general_register(reg)] = 1;
  }
  /* The program's copies of those values into other registers that the
   * program uses, a chain of up to MAX_ROUNDS copies. */
  for (int round = 0, more = 1; more && round < MAX_ROUNDS; round++) {
    more = 0;
    for (size_t i = 0; i < n; i++) {
      char src[8];
      if (ours[i] || used[i] ||
          !register_copy(&mf->insns[i].insn, src, reg, sizeof reg) ||
          !reached[general_register(src)])
        continue;
      more |= !reached[general_register(reg)];
      reached[general_register(reg)] = 1; /* copies of copies */
      if (program_reads(mf, ours, used, i, reg, &w))
        used[i] = more = 1;
    }
  }
  for (size_t i = 0; i < n; i++) {
    struct ss_mcode_insn *in = &mf->insns[i];
    if (!ours[i] || !destination_register(&in->insn, reg, sizeof reg) ||
        !program_reads(mf, ours, used, i, reg, &w))
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
 * thread's counters not set up yet, an indirect call to a target other
 * than the first one seen) has no line: the pass leaves branches without
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
         ss_mnemonic_is(test->insn.mnemonic, "cmp")) &&
        ss_mcode_block_at(mf, jump->address) == SS_MB_NONE)
      jump->instrumentation = 1;
  }
}

void ss_mcode_find_instrumentation(struct ss_mcode_function *mf) {
  release_what_the_program_reads(mf);
  claim_instrumentation_feeds(mf);
  claim_what_only_instrumentation_reads(mf);
  claim_instrumentation_branches(mf);
  for (size_t i = 0; i < mf->num_blocks; i++)
    claim_instrumentation_block(mf, &mf->blocks[i]);
}
