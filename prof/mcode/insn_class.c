/* insn_class.c -- classify x86-64 instructions by their AT&T text. */
#include "mcode.h"

#include <stdio.h>
#include <string.h>

static int starts(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

static int ends(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Split "a, b(c, d), e" at the commas outside parentheses. */
static unsigned split_operands(const char *ops, const char *start[4],
                               size_t len[4]) {
  unsigned n = 0;
  int depth = 0;
  const char *s = ops;
  for (const char *p = ops;; p++) {
    if (*p == '(')
      depth++;
    else if (*p == ')')
      depth--;
    if ((*p == ',' && depth == 0) || *p == 0) {
      while (*s == ' ')
        s++;
      if (n < 4 && p > s) {
        start[n] = s;
        len[n++] = (size_t)(p - s);
      }
      s = p + 1;
      if (*p == 0)
        break;
    }
  }
  return n;
}

static int is_memory(const char *op, size_t len) {
  if (op[0] == '%' && !memchr(op, ':', len))
    return 0; /* a register */
  if (op[0] == '$')
    return 0; /* an immediate */
  return memchr(op, '(', len) != NULL || memchr(op, ':', len) != NULL ||
         (op[0] >= '0' && op[0] <= '9');
}

/* Instructions that write their memory operand without reading it. */
static int only_writes_destination(const char *m) {
  return starts(m, "mov") || starts(m, "vmov") || starts(m, "set") ||
         starts(m, "stos") || starts(m, "fst") || starts(m, "fist") ||
         starts(m, "vpmov") || starts(m, "vextract") || starts(m, "extract") ||
         starts(m, "vpextr") || starts(m, "pextr") || starts(m, "vcvtps2ph") ||
         starts(m, "vscatter") || starts(m, "vpscatter") ||
         starts(m, "vcompress") || starts(m, "vpcompress") ||
         starts(m, "fnst");
}

/* Instructions that only read their last (memory) operand. */
static int only_reads_destination(const char *m) {
  return starts(m, "cmp") || starts(m, "test") || starts(m, "bt") ||
         starts(m, "ucomi") || starts(m, "comi") || starts(m, "vucomi") ||
         starts(m, "vcomi") || starts(m, "ptest") || starts(m, "vptest") ||
         starts(m, "push") || starts(m, "call") || starts(m, "jmp");
}

static void note_memory(const char *m, unsigned num_ops, int mem_last,
                        int mem_other, struct ss_insn_facts *f) {
  if (starts(m, "lea") || starts(m, "nop") || starts(m, "prefetch") ||
      starts(m, "clflush") || starts(m, "clwb"))
    return;
  if (mem_other)
    f->classes |= 1u << SS_IC_LOAD;
  if (mem_last) {
    if (num_ops == 1 ? only_reads_destination(m) || starts(m, "div") ||
                           starts(m, "idiv") || starts(m, "mul") ||
                           starts(m, "imul") || starts(m, "fld") ||
                           starts(m, "fi") || starts(m, "fadd") ||
                           starts(m, "fsub") || starts(m, "fmul") ||
                           starts(m, "fdiv") || starts(m, "fcom")
                     : only_reads_destination(m))
      f->classes |= 1u << SS_IC_LOAD;
    else if (only_writes_destination(m) || starts(m, "pop"))
      f->classes |= 1u << SS_IC_STORE;
    else
      f->classes |= 1u << SS_IC_LOAD | 1u << SS_IC_STORE;
  }
  /* The stack: push and call write it, pop and ret read it. */
  if (starts(m, "push") || starts(m, "call"))
    f->classes |= 1u << SS_IC_STORE;
  if (starts(m, "pop") || starts(m, "ret"))
    f->classes |= 1u << SS_IC_LOAD;
}

static void note_register(const char *name, struct ss_insn_facts *f) {
  char canon[8];
  if (strcmp(name, "rip") == 0 || strcmp(name, "eip") == 0 ||
      (strlen(name) == 2 && name[1] == 's')) /* segment registers */
    return;
  ss_register_canonical(name, canon, sizeof canon);
  for (unsigned i = 0; i < f->num_regs; i++)
    if (strcmp(f->regs[i], canon) == 0)
      return;
  if (f->num_regs < SS_INSN_MAX_REGS)
    snprintf(f->regs[f->num_regs++], sizeof f->regs[0], "%s", canon);
  enum ss_width w = starts(canon, "zmm")   ? SS_WIDTH_512
                    : starts(canon, "ymm") ? SS_WIDTH_256
                    : starts(canon, "xmm") ? SS_WIDTH_128
                                           : SS_WIDTH_GPR;
  if (w > f->width)
    f->width = w;
}

static void scan_registers(const char *ops, struct ss_insn_facts *f) {
  char name[8];
  for (const char *p = ss_next_register(ops, name, sizeof name); p;
       p = ss_next_register(p + 1, name, sizeof name))
    note_register(name, f);
}

static int is_scalar_fp(const char *m) {
  if (starts(m, "mov") || starts(m, "vmov"))
    return 0; /* moves of scalars are data movement */
  return ends(m, "ss") || ends(m, "sd") || ends(m, "sh") ||
         strstr(m, "2sd") || strstr(m, "2ss");
}

static int uses(const struct ss_insn_facts *f, const char *prefix) {
  for (unsigned i = 0; i < f->num_regs; i++)
    if (starts(f->regs[i], prefix))
      return 1;
  return 0;
}

void ss_insn_classify(const struct ss_insn *insn, struct ss_insn_facts *f) {
  memset(f, 0, sizeof *f);
  const char *m = insn->mnemonic;
  const char *text = insn->text + insn->operands;
  const char *start[4];
  size_t len[4];
  unsigned n = split_operands(text, start, len);
  int mem_last = 0, mem_other = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!is_memory(start[i], len[i]))
      continue;
    if (i + 1 == n)
      mem_last = 1;
    else
      mem_other = 1;
  }
  note_memory(m, n, mem_last, mem_other, f);
  scan_registers(text, f);

  switch (insn->flow) {
  case SS_FLOW_COND_BRANCH:
    f->classes |= 1u << SS_IC_COND_BRANCH;
    break;
  case SS_FLOW_JUMP:
  case SS_FLOW_INDIRECT:
    f->classes |= 1u << SS_IC_JUMP;
    break;
  case SS_FLOW_CALL:
    f->classes |= 1u << SS_IC_CALL;
    break;
  case SS_FLOW_RETURN:
    f->classes |= 1u << SS_IC_RETURN;
    break;
  default:
    break;
  }
  if (starts(m, "nop"))
    f->classes |= 1u << SS_IC_NOP;

  int x87 = m[0] == 'f' && !starts(m, "fxsave") && !starts(m, "fxrstor");
  int vector_regs = f->width > SS_WIDTH_GPR;
  if (x87 || (vector_regs && is_scalar_fp(m)))
    f->classes |= 1u << SS_IC_FP;
  else if (vector_regs && !starts(m, "mov") && !starts(m, "vmov") &&
           !starts(m, "ucomi") && !starts(m, "comi") &&
           !starts(m, "vucomi") && !starts(m, "vcomi"))
    f->classes |= 1u << SS_IC_VECTOR;
  if ((f->classes & (1u << SS_IC_FP | 1u << SS_IC_VECTOR)) &&
      (strstr(m, "div") || strstr(m, "sqrt")) && !starts(m, "vpdiv"))
    f->classes |= 1u << SS_IC_FP_DIV;
  else if (!vector_regs && !x87 &&
           (starts(m, "imul") || starts(m, "mul")))
    f->classes |= 1u << SS_IC_INT_MUL;
  else if (!vector_regs && !x87 && (starts(m, "idiv") || starts(m, "div")))
    f->classes |= 1u << SS_IC_INT_DIV;

  if (x87)
    f->isa = SS_ISA_X87;
  else if (uses(f, "zmm") || uses(f, "k") || strchr(text, '{'))
    f->isa = SS_ISA_AVX512;
  else if (m[0] == 'v' && vector_regs)
    f->isa = SS_ISA_AVX;
  else if (vector_regs)
    f->isa = SS_ISA_SSE;
  else
    f->isa = SS_ISA_BASE;
}
