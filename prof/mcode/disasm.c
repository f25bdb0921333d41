/* disasm.c -- LLVM's disassembler, through the LLVM-C API. */
#include "mcode.h"

#include "base.h"

#include <elf.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ss_disasm {
  LLVMDisasmContextRef ctx;
  const char *triple;
  /* set by the symbol callback while an instruction is decoded */
  int has_target;
  uint64_t target;
};

/* LLVM asks for a symbol for every branch target; answering with a fixed
 * name keeps the text free of addresses (llvm-mca cannot assemble a branch
 * to an absolute address) and tells us the target. */
static const char *symbol_lookup(void *info, uint64_t value,
                                 uint64_t *reference_type, uint64_t pc,
                                 const char **reference_name) {
  (void)pc;
  struct ss_disasm *d = info;
  *reference_name = NULL;
  if (*reference_type != LLVMDisassembler_ReferenceType_In_Branch) {
    *reference_type = LLVMDisassembler_ReferenceType_InOut_None;
    return NULL;
  }
  *reference_type = LLVMDisassembler_ReferenceType_InOut_None;
  d->has_target = 1;
  d->target = value;
  return "ss_target";
}

struct ss_disasm *ss_disasm_new(unsigned machine, char *why,
                                size_t why_size) {
  if (machine != EM_X86_64) {
    snprintf(why, why_size, "ideal time reads x86-64 code only (ELF machine "
             "%u)", machine);
    return NULL;
  }
  static int initialized;
  if (!initialized) {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86Disassembler();
    initialized = 1;
  }
  struct ss_disasm *d = ss_xcalloc(1, sizeof *d);
  d->triple = "x86_64-unknown-linux-gnu";
  d->ctx = LLVMCreateDisasm(d->triple, d, 0, NULL, symbol_lookup);
  if (!d->ctx) {
    snprintf(why, why_size, "LLVM has no disassembler for %s", d->triple);
    free(d);
    return NULL;
  }
  return d;
}

void ss_disasm_free(struct ss_disasm *d) {
  if (!d)
    return;
  LLVMDisasmDispose(d->ctx);
  free(d);
}

const char *ss_disasm_triple(const struct ss_disasm *d) { return d->triple; }

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static enum ss_flow flow_of(const char *mnemonic, const char *operands,
                            int has_target) {
  if (starts_with(mnemonic, "ret"))
    return SS_FLOW_RETURN;
  if (starts_with(mnemonic, "call"))
    return SS_FLOW_CALL;
  if (starts_with(mnemonic, "jmp"))
    return has_target && operands[0] != '*' ? SS_FLOW_JUMP : SS_FLOW_INDIRECT;
  if ((mnemonic[0] == 'j' || starts_with(mnemonic, "loop")) && has_target)
    return SS_FLOW_COND_BRANCH;
  if (strcmp(mnemonic, "ud2") == 0 || strcmp(mnemonic, "hlt") == 0 ||
      strcmp(mnemonic, "ud1l") == 0)
    return SS_FLOW_STOP;
  return SS_FLOW_NEXT;
}

void ss_insn_set_text(struct ss_insn *insn, const char *raw) {
  /* "\tmnemonic\toperands" (prefixes may add "\t" or ";" separated parts):
   * collapse the whitespace to single spaces. */
  size_t o = 0;
  int space = 1;
  for (const char *p = raw; *p && o + 1 < sizeof insn->text; p++) {
    int is_space = *p == '\t' || *p == ' ' || *p == '\n';
    if (is_space && !space)
      insn->text[o++] = ' ';
    else if (!is_space)
      insn->text[o++] = *p;
    space = is_space;
  }
  while (o > 0 && insn->text[o - 1] == ' ')
    o--;
  insn->text[o] = 0;
  const char *ops = insn->text;
  /* Skip prefixes that are words of their own ("lock", "rep", "notrack",
   * "data16"). */
  for (;;) {
    size_t len = strcspn(ops, " "), kept = len;
    if (kept >= sizeof insn->mnemonic)
      kept = sizeof insn->mnemonic - 1;
    memcpy(insn->mnemonic, ops, kept);
    insn->mnemonic[kept] = 0;
    ops += len;
    while (*ops == ' ')
      ops++;
    if (strcmp(insn->mnemonic, "lock") && strcmp(insn->mnemonic, "rep") &&
        strcmp(insn->mnemonic, "repne") && strcmp(insn->mnemonic, "notrack") &&
        strcmp(insn->mnemonic, "data16") && strcmp(insn->mnemonic, "bnd"))
      break;
  }
  insn->operands = (uint16_t)(ops - insn->text);
}

void ss_disasm_one(struct ss_disasm *d, const uint8_t *bytes, size_t size,
                   uint64_t address, struct ss_insn *insn) {
  char raw[sizeof insn->text];
  d->has_target = 0;
  memset(insn, 0, sizeof *insn);
  size_t n = LLVMDisasmInstruction(d->ctx, (uint8_t *)bytes, size, address,
                                   raw, sizeof raw);
  if (n == 0)
    return;
  insn->size = (uint32_t)n;
  insn->has_target = d->has_target;
  insn->target = d->target;
  ss_insn_set_text(insn, raw);
  insn->flow = flow_of(insn->mnemonic, insn->text + insn->operands,
                       insn->has_target);
}

int ss_mnemonic_is(const char *m, const char *base) {
  size_t len = strlen(base);
  return strncmp(m, base, len) == 0 &&
         (m[len] == 0 || (strchr("bwlq", m[len]) && m[len + 1] == 0));
}

const char *ss_next_register(const char *p, char *name, size_t size) {
  for (p = strchr(p, '%'); p; p = strchr(p + 1, '%')) {
    size_t n = 0;
    for (const char *q = p + 1; n + 1 < size && ((*q >= 'a' && *q <= 'z') ||
                                                 (*q >= '0' && *q <= '9'));
         q++)
      name[n++] = *q;
    name[n] = 0;
    if (n)
      return p;
  }
  return NULL;
}

/* Copy `s` into out[size], truncated as snprintf truncates. */
static void copy_name(char *out, size_t size, const char *s, size_t len) {
  if (size == 0)
    return;
  if (len >= size)
    len = size - 1;
  memcpy(out, s, len);
  out[len] = 0;
}

void ss_register_canonical(const char *name, char *out, size_t size) {
  static const char *const legacy[][5] = {
      {"rax", "eax", "ax", "al", "ah"}, {"rbx", "ebx", "bx", "bl", "bh"},
      {"rcx", "ecx", "cx", "cl", "ch"}, {"rdx", "edx", "dx", "dl", "dh"},
      {"rsi", "esi", "si", "sil", ""},  {"rdi", "edi", "di", "dil", ""},
      {"rbp", "ebp", "bp", "bpl", ""},  {"rsp", "esp", "sp", "spl", ""}};
  if (*name == '%')
    name++;
  /* Called for every register of every instruction: the first letter
   * is compared before the whole name. */
  for (size_t i = 0; i < sizeof legacy / sizeof legacy[0]; i++)
    for (size_t k = 0; k < 5; k++)
      if (legacy[i][k][0] == name[0] && name[0] &&
          strcmp(name, legacy[i][k]) == 0) {
        copy_name(out, size, legacy[i][0], 3);
        return;
      }
  /* r8 .. r15 with a width suffix: r9d, r10w, r11b. */
  if (name[0] == 'r' && name[1] >= '0' && name[1] <= '9') {
    unsigned n = 0;
    const char *p = name + 1;
    while (*p >= '0' && *p <= '9' && n < 1000)
      n = n * 10 + (unsigned)(*p++ - '0');
    if (!(*p >= '0' && *p <= '9') && n >= 8 && n <= 15 &&
        (!*p || *p == 'd' || *p == 'w' || *p == 'b')) {
      char r[4] = {'r', n >= 10 ? '1' : (char)('0' + n),
                   n >= 10 ? (char)('0' + n - 10) : 0, 0};
      copy_name(out, size, r, strlen(r));
      return;
    }
  }
  copy_name(out, size, name, strlen(name));
}
