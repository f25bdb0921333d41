/* machine_blocks.c -- cut a function's machine code into blocks and count
 * them; see machine_blocks.h. */
#include "machine_blocks.h"

#include "ideal.h"
#include "jump_tables.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int is_instrumentation_row(const struct ss_line_row *row) {
  static const char name[] = SS_INSTRUMENTATION_FILE;
  size_t n = strlen(row->file), m = sizeof name - 1;
  return row->line != 0 && n >= m && strcmp(row->file + n - m, name) == 0 &&
         (n == m || row->file[n - m - 1] == '/');
}

static int by_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static int ends_block(enum ss_flow flow) {
  return flow != SS_FLOW_NEXT && flow != SS_FLOW_CALL;
}

static void disassemble(struct ss_mcode_function *mf, struct ss_disasm *d,
                        const struct ss_elf_code *code, const uint8_t *bytes,
                        uint64_t start, uint64_t end) {
  size_t cap = 0;
  for (uint64_t a = start; a < end;) {
    SS_GROW(mf->insns, cap, mf->num_insns);
    struct ss_mcode_insn *in = &mf->insns[mf->num_insns++];
    memset(in, 0, sizeof *in);
    in->address = a;
    ss_disasm_one(d, bytes + (a - start), end - a, a, &in->insn);
    if (in->insn.size == 0) { /* not code: a trap as far as flow goes */
      in->insn.size = 1;
      in->insn.flow = SS_FLOW_STOP;
      ss_insn_set_text(&in->insn, "(bad)");
    }
    const struct ss_line_row *row = ss_elf_code_row(code, a);
    if (row) {
      in->file = row->file;
      in->line = row->line;
      in->instrumentation = is_instrumentation_row(row);
    }
    a += in->insn.size;
  }
}

/* The instruction or block starting at `*key` (bsearch comparators: both
 * arrays are sorted by address and start with it). */
static int by_address_key(const void *key, const void *element) {
  uint64_t a = *(const uint64_t *)key, b = *(const uint64_t *)element;
  return a < b ? -1 : a > b;
}

/* Index of the instruction at `address`, or SIZE_MAX. */
static size_t insn_at(const struct ss_mcode_function *mf, uint64_t address) {
  const struct ss_mcode_insn *in = bsearch(&address, mf->insns, mf->num_insns,
                                           sizeof *in, by_address_key);
  return in ? (size_t)(in - mf->insns) : SIZE_MAX;
}

/* Index of the block that starts at `address`, or SS_MB_NONE. */
static uint32_t block_at(const struct ss_mcode_function *mf,
                         uint64_t address) {
  const struct ss_mcode_block *b = bsearch(
      &address, mf->blocks, mf->num_blocks, sizeof *b, by_address_key);
  return b ? (uint32_t)(b - mf->blocks) : SS_MB_NONE;
}

static void add_successor(struct ss_mcode_block *b, uint32_t s,
                          size_t *cap) {
  if (s == SS_MB_NONE)
    return;
  for (uint32_t i = 0; i < b->num_succ; i++)
    if (b->succ[i] == s)
      return;
  SS_GROW(b->succ, *cap, b->num_succ);
  b->succ[b->num_succ++] = s;
}

/* Jump-table targets of the function, per table jump instruction. */
struct tables {
  size_t *jump;       /* instruction index of each table jump */
  uint64_t **targets;
  size_t *num_targets;
  size_t num, cap;
};

static void find_tables(struct tables *t, const struct ss_mcode_function *mf,
                        const struct ss_elf_code *code, uint64_t start,
                        uint64_t end) {
  size_t cap_t = 0, cap_n = 0;
  for (size_t i = 0; i < mf->num_insns; i++) {
    if (mf->insns[i].insn.flow != SS_FLOW_INDIRECT)
      continue;
    uint64_t *targets;
    size_t n = ss_jump_table_targets(mf->insns, i, code, start, end,
                                     &targets);
    if (n == 0) {
      free(targets);
      continue;
    }
    SS_GROW(t->jump, t->cap, t->num);
    SS_GROW(t->targets, cap_t, t->num);
    SS_GROW(t->num_targets, cap_n, t->num);
    t->jump[t->num] = i;
    t->targets[t->num] = targets;
    t->num_targets[t->num++] = n;
  }
}

static void free_tables(struct tables *t) {
  for (size_t i = 0; i < t->num; i++)
    free(t->targets[i]);
  free(t->jump);
  free(t->targets);
  free(t->num_targets);
}

/* jumps_leave: an indirect jump not through a table known here is a tail
 * call (SS_FUNC_JUMPS_LEAVE), else it may go anywhere in the function. */
static void link_blocks(struct ss_mcode_function *mf, uint64_t start,
                        uint64_t end, const struct tables *tables,
                        int jumps_leave) {
  for (size_t i = 0; i < mf->num_blocks; i++) {
    struct ss_mcode_block *b = &mf->blocks[i];
    size_t cap = 0;
    const struct ss_insn *last = &mf->insns[b->first_insn + b->num_insns - 1]
                                      .insn;
    uint32_t next = i + 1 < mf->num_blocks ? (uint32_t)(i + 1) : SS_MB_NONE;
    /* A branch to the function's own entry is the instrumentation's
     * restart after a thread's first call, or a tail call to itself: a
     * new call, not flow inside this one. */
    int inside = last->has_target && last->target > start &&
                 last->target < end;
    switch (last->flow) {
    case SS_FLOW_COND_BRANCH:
      if (inside)
        add_successor(b, block_at(mf, last->target), &cap);
      add_successor(b, next, &cap);
      break;
    case SS_FLOW_JUMP:
      if (inside)
        add_successor(b, block_at(mf, last->target), &cap);
      break;
    case SS_FLOW_INDIRECT: {
      size_t t = 0, jump = b->first_insn + b->num_insns - 1;
      while (t < tables->num && tables->jump[t] != jump)
        t++;
      b->indirect = t == tables->num && !jumps_leave;
      for (size_t k = 0; t < tables->num && k < tables->num_targets[t]; k++)
        add_successor(b, block_at(mf, tables->targets[t][k]), &cap);
      break;
    }
    case SS_FLOW_RETURN:
    case SS_FLOW_STOP:
      break;
    default:
      add_successor(b, next, &cap);
    }
  }
}

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

/* The general register (not rsp) `insn` sets without reading it, in
 * `reg`; 0 if none. */
static int set_register(const struct ss_insn *insn, char *reg, size_t size) {
  char name[8];
  int found = 0;
  for (const char *p = ss_next_register(insn->text + insn->operands, name,
                                        sizeof name);
       p; p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, reg, size);
    found = 1;
  }
  return found && general_register(reg) && overwrites_register(insn, reg);
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
                 ? insn_at(mf, in->target)
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
 * the destination in `dst`; 0 for anything else. */
static int register_copy(const struct ss_insn *insn, char *dst, size_t size) {
  const char *ops = insn->text + insn->operands;
  char name[8];
  if (!copies(insn) || strncmp(insn->mnemonic, "push", 4) == 0 ||
      ops[0] != '%' || strchr(ops, '(') || !ss_next_register(ops, name, sizeof name))
    return 0;
  ss_register_canonical(name, dst, size);
  if (!general_register(dst))
    return 0;
  return destination_register(insn, dst, size);
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
    int sets = sets_register(in, reg);
    if (!ours[k] && (!copies(in) || used[k]) && !pads(in) && !sets &&
        uses_register(in, reg))
      return 1;
    /* Any write ends the value: also one of part of the register (`movb
     * (%r12), %r11b`), and one by an instruction with registers it does not
     * name. */
    char written[8];
    if (sets || reads_implicitly(in) ||
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
      const struct ss_insn *in = &mf->insns[i].insn;
      char src[8], name[8];
      if (ours[i] || used[i] || !register_copy(in, reg, sizeof reg) ||
          !ss_next_register(in->text + in->operands, name, sizeof name))
        continue;
      ss_register_canonical(name, src, sizeof src);
      if (!reached[general_register(src)])
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
        block_at(mf, jump->address) == SS_MB_NONE)
      jump->instrumentation = 1;
  }
}

/* A probe that a jump follows in the middle of a straight-line run, with
 * no call before it in the run: what the code generator leaves of a block
 * whose code it merged with another block's identical tail (the branch
 * folder passes over probes when it compares tails).  The probe stays in
 * front of a jump to the shared tail, which other paths enter without
 * passing the probe, so the block's count says nothing about the jump
 * alone; the jump runs as often as the run it ends, whose block it stays
 * in. */
static int left_by_tail_merge(const struct ss_mcode_function *mf,
                              uint64_t run_start, uint64_t probe) {
  size_t at = insn_at(mf, probe), first = insn_at(mf, run_start);
  if (at == SIZE_MAX || first == SIZE_MAX ||
      mf->insns[at].insn.flow != SS_FLOW_JUMP)
    return 0;
  for (size_t i = first; i < at; i++)
    if (mf->insns[i].insn.flow == SS_FLOW_CALL)
      return 0;
  return 1;
}

static int by_address_then_seq(const void *a, const void *b) {
  const struct ss_block_marker *x = a, *y = b;
  if (x->address != y->address)
    return x->address < y->address ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Where each marker starts a block, given the sorted control-flow leaders
 * (entry, targets, after transfers).  A probe marks its block's place but
 * not its first instruction: the code generator may schedule some of the
 * block's instructions (a counter update, an address computation) above
 * it.  So the first marker of a straight-line run takes the run from its
 * start; a later marker in the same run starts a block of its own, added
 * to the leaders, except on a lone jump (left_by_tail_merge).  Sorts
 * `placed` by address and sets each marker's address to where its block
 * starts (a marker left out keeps an address inside a block). */
static void place_markers(const struct ss_mcode_function *mf,
                          struct ss_block_marker *placed, size_t num_markers,
                          uint64_t **leaders, size_t *num_leaders,
                          size_t *cap) {
  qsort(placed, num_markers, sizeof *placed, by_address_then_seq);
  size_t num_cf = *num_leaders, run = SIZE_MAX;
  uint64_t last_address = 0;
  for (size_t i = 0; i < num_markers; i++) {
    uint64_t a = placed[i].address;
    size_t lo = 0, hi = num_cf; /* the last control-flow leader <= a */
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if ((*leaders)[mid] <= a)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo == 0)
      continue; /* before the entry: not this function's */
    if (lo - 1 != run) {
      run = lo - 1;
      last_address = a;
      placed[i].address = (*leaders)[run];
    } else if (a == last_address) {
      placed[i].address = placed[i - 1].address; /* same place, same block */
    } else if (left_by_tail_merge(mf, (*leaders)[run], a)) {
      continue;
    } else {
      last_address = a;
      SS_GROW(*leaders, *cap, *num_leaders);
      (*leaders)[(*num_leaders)++] = a;
    }
  }
  qsort(*leaders, *num_leaders, sizeof **leaders, by_u64);
}

/* Sort the leaders, keeping each once, and only those on instruction
 * boundaries. */
static void sort_leaders(const struct ss_mcode_function *mf,
                         uint64_t *leaders, size_t *num_leaders) {
  qsort(leaders, *num_leaders, sizeof *leaders, by_u64);
  size_t kept = 0;
  for (size_t l = 0; l < *num_leaders; l++)
    if ((kept == 0 || leaders[l] != leaders[kept - 1]) &&
        insn_at(mf, leaders[l]) != SIZE_MAX)
      leaders[kept++] = leaders[l];
  *num_leaders = kept;
}

static int marked(struct ss_marker_facts marks, uint32_t id, unsigned flag) {
  return marks.flags && id < marks.num_ids && (marks.flags[id] & flag);
}

static int is_leader(const uint64_t *leaders, size_t num_leaders,
                     uint64_t address) {
  return bsearch(&address, leaders, num_leaders, sizeof *leaders,
                 by_address_key) != NULL;
}

/* Index of the instruction right after the call that code at instruction
 * i follows in its straight-line run (i itself, or back over a few
 * instructions: the code generator may put some of the block's
 * instructions, the copy of the call's result say, above its marker), or
 * SIZE_MAX when no call comes before i in its run. */
static size_t after_call_before(const struct ss_mcode_function *mf, size_t i,
                                const uint64_t *leaders, size_t num_leaders) {
  for (;; i--) {
    if (i == 0)
      return SIZE_MAX;
    const struct ss_insn *before = &mf->insns[i - 1].insn;
    if (before->flow == SS_FLOW_CALL)
      return i;
    if (before->flow != SS_FLOW_NEXT ||
        is_leader(leaders, num_leaders, mf->insns[i].address))
      return SIZE_MAX;
  }
}

/* Index of the instruction after the n-th call (from 1) of the program's
 * in the straight-line run from instruction i on, or SIZE_MAX. */
static size_t after_nth_call(const struct ss_mcode_function *mf, size_t i,
                             uint32_t n, const uint64_t *leaders,
                             size_t num_leaders) {
  for (size_t k = i; k + 1 < mf->num_insns; k++) {
    const struct ss_mcode_insn *in = &mf->insns[k];
    if (k > i && is_leader(leaders, num_leaders, in->address))
      return SIZE_MAX;
    if (in->insn.flow == SS_FLOW_CALL && !in->instrumentation && --n == 0)
      return k + 1;
    if (in->insn.flow != SS_FLOW_NEXT && in->insn.flow != SS_FLOW_CALL)
      return SIZE_MAX;
  }
  return SIZE_MAX;
}

/* Code entered right after a call that may not return there (the block a
 * call returns to, a landing pad the unwinder enters after a throw) starts
 * a block right after that call.  `markers` is sorted by address, then
 * emission order; control-flow leaders are sorted on entry, new ones are
 * appended.
 *  - A marker found after the call, perhaps past a few of its block's
 *    instructions (after_call_before): the block starts after the call.
 *  - A marker found above the call: the instruction selector schedules a
 *    pseudo probe, which depends on nothing, ahead of the calls of its IR
 *    block, so the markers of the blocks after a block's calls may all
 *    land at its start.  In emission order, each such marker at one place
 *    belongs after the next of the program's calls from there on, and
 *    moves there: else its block would share the count of the block before
 *    the call, which is higher by the calls that never returned. */
static void add_after_call_leaders(const struct ss_mcode_function *mf,
                                   struct ss_block_marker *markers,
                                   size_t num_markers,
                                   struct ss_marker_facts marks,
                                   uint64_t **leaders, size_t *num_leaders,
                                   size_t *cap) {
  size_t sorted = *num_leaders;
  uint64_t place = 0;
  int seen_here = 0;   /* an after-call marker at `place` was handled */
  uint32_t passed = 0; /* calls from `place` on that markers moved past */
  for (size_t m = 0; m < num_markers; m++) {
    size_t i = marked(marks, markers[m].block, SS_MARK_AFTER_CALL)
                   ? insn_at(mf, markers[m].address)
                   : SIZE_MAX;
    if (i == SIZE_MAX)
      continue;
    size_t start = SIZE_MAX;
    if (!seen_here || markers[m].address != place) {
      place = markers[m].address;
      seen_here = 1;
      passed = 0;
      start = after_call_before(mf, i, *leaders, sorted);
    }
    if (start == SIZE_MAX) { /* above its call */
      start = after_nth_call(mf, i, ++passed, *leaders, sorted);
      if (start == SIZE_MAX)
        continue;
      markers[m].address = mf->insns[start].address;
    }
    SS_GROW(*leaders, *cap, *num_leaders);
    (*leaders)[(*num_leaders)++] = mf->insns[start].address;
  }
}

int ss_mcode_cut(struct ss_mcode_function *mf, struct ss_disasm *d,
                 const struct ss_elf_code *code, uint64_t start, uint64_t end,
                 const struct ss_block_marker *markers, size_t num_markers,
                 struct ss_marker_facts marks, unsigned function_flags,
                 char *why, size_t why_size) {
  memset(mf, 0, sizeof *mf);
  const uint8_t *bytes = end > start ? ss_elf_code_bytes(code, start,
                                                         end - start)
                                     : NULL;
  if (!bytes) {
    snprintf(why, why_size, "no code at 0x%llx..0x%llx",
             (unsigned long long)start, (unsigned long long)end);
    return -1;
  }
  disassemble(mf, d, code, bytes, start, end);

  /* Leaders: entry, branch targets, after control transfers; then the
   * markers (place_markers). */
  size_t num_leaders = 0, cap = 0;
  uint64_t *leaders = NULL;
  SS_GROW(leaders, cap, num_leaders);
  leaders[num_leaders++] = start;
  for (size_t i = 0; i < mf->num_insns; i++) {
    const struct ss_mcode_insn *in = &mf->insns[i];
    uint64_t t = in->insn.target;
    if (in->insn.has_target && t > start && t < end &&
        (in->insn.flow == SS_FLOW_COND_BRANCH ||
         in->insn.flow == SS_FLOW_JUMP)) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = t;
    }
    if (ends_block(in->insn.flow) && in->address + in->insn.size < end) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = in->address + in->insn.size;
    }
  }
  struct tables tables = {0};
  find_tables(&tables, mf, code, start, end);
  for (size_t t = 0; t < tables.num; t++)
    for (size_t k = 0; k < tables.num_targets[t]; k++) {
      SS_GROW(leaders, cap, num_leaders);
      leaders[num_leaders++] = tables.targets[t][k];
    }
  sort_leaders(mf, leaders, &num_leaders);
  /* The markers, sorted, then moved where their blocks start. */
  struct ss_block_marker *placed =
      ss_xcalloc(num_markers + 1, sizeof *placed);
  memcpy(placed, markers, num_markers * sizeof *placed);
  qsort(placed, num_markers, sizeof *placed, by_address_then_seq);
  add_after_call_leaders(mf, placed, num_markers, marks, &leaders,
                         &num_leaders, &cap);
  sort_leaders(mf, leaders, &num_leaders);
  place_markers(mf, placed, num_markers, &leaders, &num_leaders, &cap);

  size_t bcap = 0;
  for (size_t l = 0; l < num_leaders; l++) {
    size_t first = insn_at(mf, leaders[l]);
    if (first == SIZE_MAX || (l > 0 && leaders[l] == leaders[l - 1]))
      continue;
    SS_GROW(mf->blocks, bcap, mf->num_blocks);
    struct ss_mcode_block *b = &mf->blocks[mf->num_blocks++];
    memset(b, 0, sizeof *b);
    b->start = leaders[l];
    b->first_insn = (uint32_t)first;
    b->marker = b->entry_marker = b->owner = SS_MB_NONE;
  }
  free(leaders);
  for (size_t i = 0; i < mf->num_blocks; i++) {
    struct ss_mcode_block *b = &mf->blocks[i];
    size_t last = i + 1 < mf->num_blocks ? mf->blocks[i + 1].first_insn
                                         : mf->num_insns;
    b->num_insns = (uint32_t)(last - b->first_insn);
    b->end = i + 1 < mf->num_blocks ? mf->blocks[i + 1].start : end;
  }
  /* Several markers at one address: the code generator merged those
   * blocks (a block into its only predecessor, a return block into the
   * block before it); the block runs as often as the first is entered, and
   * ends as the last. */
  for (size_t i = 0; i < num_markers; i++) {
    uint32_t b = block_at(mf, placed[i].address);
    if (b == SS_MB_NONE)
      continue;
    if (mf->blocks[b].marker == SS_MB_NONE)
      mf->blocks[b].entry_marker = placed[i].block;
    mf->blocks[b].marker = placed[i].block;
  }
  free(placed);
  release_what_the_program_reads(mf);
  claim_instrumentation_feeds(mf);
  claim_what_only_instrumentation_reads(mf);
  claim_instrumentation_branches(mf);
  for (size_t i = 0; i < mf->num_blocks; i++)
    claim_instrumentation_block(mf, &mf->blocks[i]);
  uint32_t owner = SS_MB_NONE;
  for (size_t i = 0; i < mf->num_blocks; i++) {
    if (mf->blocks[i].marker != SS_MB_NONE)
      owner = mf->blocks[i].marker;
    mf->blocks[i].owner = owner;
  }
  link_blocks(mf, start, end, &tables, function_flags & SS_FUNC_JUMPS_LEAVE);
  free_tables(&tables);
  return 0;
}

/* ---- counting ---------------------------------------------------------- */

struct edge_state { /* per successor of a block */
  int64_t *value;
  int *known;
};

struct pred {
  uint32_t block, slot;
};

struct counting {
  struct ss_mcode_function *mf;
  const struct ss_counted_function *cf;
  uint32_t *copies;  /* per counted block: blocks entered at its marker */
  uint32_t **copy_blocks; /* per counted block: those blocks */
  struct edge_state *edges;
  struct pred **preds;
  uint32_t *num_preds;
  int *known;
  int has_indirect;
  /* per block: the counted blocks whose code may run in it (find_owners) */
  uint32_t **owners;
  uint32_t *num_owners;
};

static int marker_counts(const struct counting *c, uint32_t block) {
  uint32_t m = c->mf->blocks[block].entry_marker;
  return m != SS_MB_NONE && m < c->cf->marks.num_ids && c->copies[m] == 1 &&
         c->cf->known[m];
}

/* The counted blocks whose code may run in each block: a marked block's
 * own, and for an unmarked block every counted block whose marked block
 * reaches it without passing another marker (a split edge, the second
 * test of a condition the code generator split in two, a join inside one
 * counted block's code, or code several counted blocks share). */
static void find_owners(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  size_t nb = mf->num_blocks;
  uint32_t *stack = ss_xcalloc(nb + 1, sizeof *stack);
  uint32_t *seen = ss_xcalloc(nb + 1, sizeof *seen); /* visit stamp */
  size_t *cap = ss_xcalloc(nb + 1, sizeof *cap);
  for (uint32_t m = 0; m < nb; m++) {
    uint32_t owner = mf->blocks[m].marker;
    if (owner == SS_MB_NONE)
      continue;
    size_t top = 0;
    stack[top++] = m;
    seen[m] = m + 1;
    while (top > 0) {
      uint32_t b = stack[--top];
      SS_GROW(c->owners[b], cap[b], c->num_owners[b]);
      c->owners[b][c->num_owners[b]++] = owner;
      for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
        uint32_t s = mf->blocks[b].succ[k];
        if (seen[s] != m + 1 && mf->blocks[s].marker == SS_MB_NONE) {
          seen[s] = m + 1;
          stack[top++] = s;
        }
      }
    }
  }
  free(stack);
  free(seen);
  free(cap);
}

static int owned_by(const struct counting *c, uint32_t b, uint32_t owner) {
  for (uint32_t i = 0; i < c->num_owners[b]; i++)
    if (c->owners[b][i] == owner)
      return 1;
  return 0;
}

/* In-edges from code owned by `a` into the machine blocks that start
 * counted block `b` (one, or the copies the code generator made), other
 * than edge `skip` of block `skip_block`. */
static uint32_t edges_from(const struct counting *c, uint32_t a, uint32_t b,
                           uint32_t skip_block, uint32_t skip) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < c->copies[b]; k++) {
    uint32_t d = c->copy_blocks[b][k];
    for (uint32_t i = 0; i < c->num_preds[d]; i++)
      n += !(d == skip_block && i == skip) &&
           owned_by(c, c->preds[d][i].block, a);
  }
  return n;
}

/* Of the edges into the machine blocks of counted block b (one, or the
 * copies the code generator made), the only one out of code that counted
 * block a may run in, when a is that code's only owner, carries the count
 * of the flow-graph edge a -> b. */
static void edges_from_flow_graph(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  if (c->has_indirect)
    return; /* edges we cannot see */
  for (uint32_t d = 0; d < mf->num_blocks; d++) {
    const struct ss_mcode_block *blk = &mf->blocks[d];
    if (blk->entry_marker >= c->cf->num_blocks)
      continue;
    for (uint32_t i = 0; i < c->num_preds[d]; i++) {
      struct pred p = c->preds[d][i];
      if (c->num_owners[p.block] != 1 || c->edges[p.block].known[p.slot])
        continue;
      uint32_t a = c->owners[p.block][0];
      int64_t count;
      if (edges_from(c, a, blk->entry_marker, d, i) == 0 &&
          c->cf->edge(c->cf->ctx, a, blk->entry_marker, &count)) {
        c->edges[p.block].value[p.slot] = count;
        c->edges[p.block].known[p.slot] = 1;
      }
    }
  }
}

static int set_edge(struct counting *c, uint32_t b, uint32_t k, int64_t v) {
  if (c->edges[b].known[k])
    return 0;
  c->edges[b].value[k] = v;
  c->edges[b].known[k] = 1;
  return 1;
}

/* The sum of the unknown edges into block b from code that only counted
 * block `a` runs in, when b is the one machine block of its counted block
 * and a's code reaches b by no other edge: together they carry the flow
 * graph's edge a -> b, less the known ones.  Several such edges come from
 * one test the code generator split in two (a floating-point compare's
 * `jne` and `jp` to one place): each alone stays unknown, their sum is
 * known.  Returns 0 where that does not hold. */
static int unknown_from(const struct counting *c, uint32_t b, uint32_t a,
                        int64_t *sum) {
  uint32_t counted = c->mf->blocks[b].entry_marker;
  if (c->has_indirect || counted >= c->cf->num_blocks ||
      c->copies[counted] != 1 ||
      !c->cf->edge(c->cf->ctx, a, counted, sum))
    return 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (!owned_by(c, p.block, a))
      continue;
    if (c->num_owners[p.block] != 1)
      return 0;
    if (c->edges[p.block].known[p.slot])
      *sum -= c->edges[p.block].value[p.slot];
  }
  return 1;
}

/* The one counted block whose code may run in `block`, or SS_MB_NONE. */
static uint32_t sole_owner(const struct counting *c, uint32_t block) {
  return c->num_owners[block] == 1 ? c->owners[block][0] : SS_MB_NONE;
}

/* The flow into block b: the sum of its known in-edges, and of the groups
 * of unknown ones unknown_from knows, in *in; returns how many stay
 * unknown, the last of them in *slot. */
static uint32_t flow_in(const struct counting *c, uint32_t b, int64_t *in,
                        uint32_t *slot) {
  uint32_t unknown = 0;
  *in = 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (c->edges[p.block].known[p.slot]) {
      *in += c->edges[p.block].value[p.slot];
      continue;
    }
    /* The unknown edges out of the code only counted block a runs in,
     * and how many of them come before this one. */
    uint32_t a = sole_owner(c, p.block), group = 0, earlier = 0;
    for (uint32_t j = 0; a != SS_MB_NONE && j < c->num_preds[b]; j++) {
      struct pred q = c->preds[b][j];
      if (!c->edges[q.block].known[q.slot] && sole_owner(c, q.block) == a) {
        group++;
        earlier += j < i;
      }
    }
    int64_t sum;
    if (group > 1 && unknown_from(c, b, a, &sum)) {
      if (earlier == 0) /* the group's sum, once */
        *in += sum;
    } else {
      unknown++, *slot = i;
    }
  }
  return unknown;
}

/* One round of flow conservation; returns whether anything was learnt. */
static int propagate(struct counting *c) {
  struct ss_mcode_function *mf = c->mf;
  int changed = 0;
  for (uint32_t b = 0; b < mf->num_blocks; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    struct edge_state *e = &c->edges[b];
    /* Invisible predecessors: the caller (entry block) and, in a function
     * with a jump table, any block. */
    int all_preds_visible = b != 0 && !c->has_indirect;
    int64_t in, out = 0;
    uint32_t in_slot = 0, out_unknown = 0, out_slot = 0;
    uint32_t in_unknown = flow_in(c, b, &in, &in_slot);
    for (uint32_t k = 0; k < blk->num_succ; k++) {
      if (e->known[k])
        out += e->value[k];
      else
        out_unknown++, out_slot = k;
    }
    if (!c->known[b]) {
      if (all_preds_visible && in_unknown == 0) { /* 0 if unreachable */
        blk->count = in;
      } else if (!blk->indirect && blk->num_succ > 0 && out_unknown == 0) {
        blk->count = out;
      } else {
        continue;
      }
      c->known[b] = 1;
      changed = 1;
    }
    if (!blk->indirect && out_unknown == 1)
      changed |= set_edge(c, b, out_slot, blk->count - out);
    if (all_preds_visible && in_unknown == 1) {
      struct pred p = c->preds[b][in_slot];
      changed |= set_edge(c, p.block, p.slot, blk->count - in);
    }
  }
  return changed;
}

/* Every execution of a counted block passes the marker of exactly one of
 * its copies: when all copies but one are known, that one is the rest. */
static int complete_copies(struct counting *c) {
  int changed = 0;
  for (uint32_t m = 0; m < c->cf->marks.num_ids; m++) {
    if (c->copies[m] < 2 || !c->cf->known[m])
      continue;
    int64_t rest = c->cf->count[m];
    uint32_t unknown = 0, last = 0;
    for (uint32_t k = 0; k < c->copies[m]; k++) {
      uint32_t b = c->copy_blocks[m][k];
      if (c->known[b])
        rest -= c->mf->blocks[b].count;
      else
        unknown++, last = b;
    }
    if (unknown == 1) {
      c->mf->blocks[last].count = rest;
      c->known[last] = 1;
      changed = 1;
    }
  }
  return changed;
}

/* What flow says at least ran through a block whose count stays unknown:
 * the larger of its known incoming and outgoing edges (a lower bound, as
 * ideal time is), but no more than the counted block it belongs to (the
 * counts of calls that did not return make some derived edges wrong). */
static int64_t lower_bound(const struct counting *c, uint32_t b) {
  uint32_t owner = c->mf->blocks[b].owner;
  int64_t most = owner < c->cf->marks.num_ids && c->cf->known[owner]
                     ? c->cf->count[owner]
                     : 0;
  int64_t in = 0, out = 0;
  for (uint32_t i = 0; i < c->num_preds[b]; i++) {
    struct pred p = c->preds[b][i];
    if (c->edges[p.block].known[p.slot] && c->edges[p.block].value[p.slot] > 0)
      in += c->edges[p.block].value[p.slot];
  }
  for (uint32_t k = 0; k < c->mf->blocks[b].num_succ; k++)
    if (c->edges[b].known[k] && c->edges[b].value[k] > 0)
      out += c->edges[b].value[k];
  int64_t least = in > out ? in : out;
  return least < most ? least : most;
}

void ss_mcode_count(struct ss_mcode_function *mf,
                    const struct ss_counted_function *cf) {
  size_t nb = mf->num_blocks;
  if (nb == 0)
    return;
  struct counting c = {.mf = mf, .cf = cf};
  c.copies = ss_xcalloc(cf->marks.num_ids + 1, sizeof *c.copies);
  c.edges = ss_xcalloc(nb, sizeof *c.edges);
  c.preds = ss_xcalloc(nb, sizeof *c.preds);
  c.num_preds = ss_xcalloc(nb, sizeof *c.num_preds);
  c.known = ss_xcalloc(nb, sizeof *c.known);
  c.owners = ss_xcalloc(nb, sizeof *c.owners);
  c.num_owners = ss_xcalloc(nb, sizeof *c.num_owners);
  for (size_t b = 0; b < nb; b++) {
    const struct ss_mcode_block *blk = &mf->blocks[b];
    if (blk->entry_marker < cf->marks.num_ids)
      c.copies[blk->entry_marker]++;
    c.has_indirect |= blk->indirect;
    c.edges[b].value = ss_xcalloc(blk->num_succ + 1, sizeof(int64_t));
    c.edges[b].known = ss_xcalloc(blk->num_succ + 1, sizeof(int));
    for (uint32_t k = 0; k < blk->num_succ; k++)
      c.num_preds[blk->succ[k]]++;
  }
  for (size_t b = 0; b < nb; b++)
    c.preds[b] = ss_xcalloc(c.num_preds[b] + 1, sizeof **c.preds);
  c.copy_blocks = ss_xcalloc(cf->marks.num_ids + 1, sizeof *c.copy_blocks);
  for (uint32_t k = 0; k < cf->marks.num_ids; k++)
    c.copy_blocks[k] = ss_xcalloc(c.copies[k] + 1, sizeof **c.copy_blocks);
  uint32_t *filled = ss_xcalloc(cf->marks.num_ids + 1, sizeof *filled);
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t m = mf->blocks[b].entry_marker;
    if (m < cf->marks.num_ids)
      c.copy_blocks[m][filled[m]++] = b;
  }
  free(filled);
  memset(c.num_preds, 0, nb * sizeof *c.num_preds);
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t k = 0; k < mf->blocks[b].num_succ; k++) {
      uint32_t s = mf->blocks[b].succ[k];
      c.preds[s][c.num_preds[s]++] = (struct pred){b, k};
    }

  uint32_t *deferred = ss_xcalloc(nb + 1, sizeof *deferred);
  uint32_t num_deferred = 0;
  for (uint32_t b = 0; b < nb; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    if (marker_counts(&c, b)) {
      if (b != 0 && marked(cf->marks, blk->entry_marker, SS_MARK_RETURN)) {
        deferred[num_deferred++] = b; /* see below */
        continue;
      }
      blk->count = cf->count[blk->entry_marker];
      c.known[b] = 1;
    } else if (b == 0 && blk->marker == SS_MB_NONE) {
      blk->count = cf->calls; /* entered once per call */
      c.known[b] = 1;
    }
  }
  if (c.known[0]) /* and once per restart */
    mf->blocks[0].count += cf->restarts;
  find_owners(&c);
  edges_from_flow_graph(&c);
  /* A return block's marker counts the executions of the copies of its
   * return the code generator made without the marker too: flow decides
   * first, and what it leaves open takes the marker's count. */
  for (int more = 1; more;) {
    while (propagate(&c) | complete_copies(&c))
      ;
    more = 0;
    for (uint32_t i = 0; i < num_deferred; i++) {
      uint32_t b = deferred[i];
      if (c.known[b])
        continue;
      mf->blocks[b].count = cf->count[mf->blocks[b].entry_marker];
      c.known[b] = 1;
      more = 1;
    }
  }
  free(deferred);
  for (uint32_t b = 0; b < nb; b++) {
    struct ss_mcode_block *blk = &mf->blocks[b];
    blk->exact = c.known[b] && blk->count >= 0;
    if (!blk->exact)
      blk->count = lower_bound(&c, b);
    blk->succ_count = ss_xcalloc(blk->num_succ + 1, sizeof *blk->succ_count);
    for (uint32_t k = 0; k < blk->num_succ; k++)
      blk->succ_count[k] = c.edges[b].known[k] && c.edges[b].value[k] >= 0
                               ? c.edges[b].value[k]
                               : -1;
  }
  /* Only now: lower_bound reads the edges of a block's predecessors. */
  for (uint32_t b = 0; b < nb; b++) {
    free(c.preds[b]);
    free(c.owners[b]);
    free(c.edges[b].value);
    free(c.edges[b].known);
  }
  free(c.preds);
  free(c.owners);
  free(c.num_owners);
  free(c.num_preds);
  free(c.known);
  free(c.edges);
  for (uint32_t k = 0; k < cf->marks.num_ids; k++)
    free(c.copy_blocks[k]);
  free(c.copy_blocks);
  free(c.copies);
}

void ss_mcode_release(struct ss_mcode_function *mf) {
  for (size_t b = 0; b < mf->num_blocks; b++) {
    free(mf->blocks[b].succ);
    free(mf->blocks[b].succ_count);
  }
  free(mf->insns);
  free(mf->blocks);
  memset(mf, 0, sizeof *mf);
}
