/* register_facts.c -- the register facts of a function's instructions;
 * see register_facts.h.  The predicates here read one instruction's text
 * and say what it does with one register; ss_reg_facts_build asks them
 * once per instruction and register it names. */
#include "register_facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* What the predicates below ask of one instruction whatever the
 * register: read once per instruction, not once per register it names. */
struct insn_view {
  int constant;    /* constant_into */
  char constant_reg[8];
  int has_dest;    /* destination_register */
  char dest_reg[8];
};

static void view_insn(const struct ss_insn *insn, struct insn_view *v);

/* Whether `insn` sets `reg` (64-bit name) without reading it: a move or
 * address computation into its 64- or 32-bit name (which clears the rest)
 * whose sources do not name it, or a xor of it with itself. */
static int overwrites_register(const struct ss_insn *insn,
                               const struct insn_view *v, const char *reg) {
  if (v->constant)
    return strcmp(v->constant_reg, reg) == 0;
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
    if ((*s)[0] == m[0] && strncmp(m, *s, strlen(*s)) == 0)
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

/* The general register (not rsp) `insn` writes as its last operand, read
 * or not (`add $1, %edx`, `movl %eax, %ebx`), in `reg`; 0 if none. */
static int destination_register(const struct ss_insn *insn, char *reg,
                                 size_t size) {
  static const char *const no_destination[] = {
      "cmp", "test", "bt", "push", "call", "j", "ret", "nop", "ucomis",
      "comis", NULL};
  for (const char *const *m = no_destination; *m; m++)
    if ((*m)[0] == insn->mnemonic[0] &&
        strncmp(insn->mnemonic, *m, strlen(*m)) == 0)
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
static int uses_register(const struct ss_insn *insn,
                         const struct insn_view *v, const char *reg) {
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
  if (!named || !v->has_dest || strcmp(v->dest_reg, reg) != 0)
    return named > 0;
  int rmw = strncmp(m, "imul", 4) == 0 && strchr(ops, ',') &&
            !strchr(strchr(ops, ',') + 1, ','); /* two operands */
  for (const char *const *r = reads_destination; !rmw && *r; r++) {
    size_t n = strlen(*r); /* not shlxq, rorxl, andnq (BMI: three operands) */
    rmw = (*r)[0] == m[0] && strncmp(m, *r, n) == 0 && m[n] != 'x' &&
          strncmp(m, "andn", 4) != 0;
  }
  return named - !rmw > 0;
}

/* For a move from one general register into another (`movl %r9d, %edx`):
 * its source, by its 64-bit name (the destination is v->dest_reg); 0 for
 * anything else. */
static int register_copy(const struct ss_insn *insn, const struct insn_view *v,
                         char *src, size_t size) {
  const char *ops = insn->text + insn->operands;
  char name[8];
  if (!copies(insn) || strncmp(insn->mnemonic, "push", 4) == 0 ||
      ops[0] != '%' || strchr(ops, '(') || !ss_next_register(ops, name, sizeof name))
    return 0;
  ss_register_canonical(name, src, size);
  return general_register(src) && v->has_dest;
}

static void view_insn(const struct ss_insn *insn, struct insn_view *v) {
  v->constant = constant_into(insn, v->constant_reg, sizeof v->constant_reg);
  v->has_dest = destination_register(insn, v->dest_reg, sizeof v->dest_reg);
}

/* ---- the facts, built once per function -------------------------------- */

struct builder {
  struct ss_reg_facts *f;
  struct ss_hash numbers; /* canonical name -> register number */
  size_t regs_cap, named_cap;
};

static uint16_t reg_number(struct builder *b, const char *canon) {
  int inserted;
  uint32_t r = ss_hash_intern(&b->numbers, canon, strlen(canon), &inserted);
  if (inserted) {
    struct ss_reg_facts *f = b->f;
    SS_GROW(f->regs, b->regs_cap, r);
    f->regs[r] = (struct ss_reg_info){general_register(canon),
                                      (uint8_t)in_set(canon, ARGUMENTS),
                                      (uint8_t)in_set(canon, CALL_CLOBBERED),
                                      (uint8_t)in_set(canon, RESULTS)};
    f->num_regs = r + 1;
  }
  return r < SS_NO_REG ? (uint16_t)r : SS_NO_REG;
}

/* The registers instruction k names, each once, with whether one is a
 * memory operand's base. */
static void scan_names(struct builder *b, struct ss_insn_regs *ir,
                       const struct ss_insn *insn) {
  struct ss_reg_facts *f = b->f;
  const char *ops = insn->text + insn->operands;
  char name[8], canon[8];
  ir->first_named = (uint32_t)f->num_named;
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name)) {
    ss_register_canonical(name, canon, sizeof canon);
    uint16_t r = reg_number(b, canon);
    uint8_t base = p > ops && p[-1] == '(' ? SS_REG_AS_BASE : 0;
    uint32_t i = 0;
    while (i < ir->num_named && f->named[ir->first_named + i].reg != r)
      i++;
    if (i < ir->num_named) {
      f->named[ir->first_named + i].flags |= base;
      continue;
    }
    if (ir->num_named == UINT8_MAX)
      continue; /* no instruction names so many */
    SS_GROW(f->named, b->named_cap, f->num_named);
    f->named[f->num_named++] = (struct ss_named_reg){r, base};
    ir->num_named++;
  }
}

void ss_reg_facts_build(struct ss_reg_facts *f,
                        const struct ss_mcode_function *mf) {
  memset(f, 0, sizeof *f);
  struct builder b = {f, {0}, 0, 0};
  ss_hash_init(&b.numbers);
  f->insns = ss_xcalloc(mf->num_insns + 1, sizeof *f->insns);
  for (size_t k = 0; k < mf->num_insns; k++) {
    const struct ss_insn *insn = &mf->insns[k].insn;
    struct ss_insn_regs *ir = &f->insns[k];
    scan_names(&b, ir, insn);
    struct insn_view v;
    view_insn(insn, &v);
    for (uint32_t i = 0; i < ir->num_named; i++) {
      struct ss_named_reg *nr = &f->named[ir->first_named + i];
      size_t len;
      char canon[8] = "";
      const void *key = ss_hash_key(&b.numbers, nr->reg, &len);
      memcpy(canon, key, len < sizeof canon ? len : sizeof canon - 1);
      if (overwrites_register(insn, &v, canon))
        nr->flags |= SS_REG_OVERWRITTEN;
      if (pops_into(insn, canon))
        nr->flags |= SS_REG_POPPED;
      if (uses_register(insn, &v, canon))
        nr->flags |= SS_REG_USED;
    }
    char reg[8], src[8];
    ir->dest = v.has_dest ? reg_number(&b, v.dest_reg) : SS_NO_REG;
    ir->copy_src = ir->copy_dst = SS_NO_REG;
    if (register_copy(insn, &v, src, sizeof src)) {
      ir->copy_src = reg_number(&b, src);
      ir->copy_dst = reg_number(&b, v.dest_reg);
    }
    ir->reload = stack_reload(insn, reg, sizeof reg) ? reg_number(&b, reg)
                                                      : SS_NO_REG;
    ir->constant = v.constant ? reg_number(&b, v.constant_reg) : SS_NO_REG;
    ir->implicit = (uint8_t)reads_implicitly(insn);
    ir->copies = (uint8_t)copies(insn);
    ir->pads = (uint8_t)pads(insn);
    ir->int3 = strcmp(insn->mnemonic, "int3") == 0;
  }
  ss_hash_release(&b.numbers);
}

void ss_reg_facts_release(struct ss_reg_facts *f) {
  free(f->insns);
  free(f->named);
  free(f->regs);
  memset(f, 0, sizeof *f);
}
