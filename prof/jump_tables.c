/* jump_tables.c -- decode LLVM's x86-64 jump tables; see jump_tables.h. */
#include "jump_tables.h"

#include "le_bytes.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Entries read at most, when no bounds check says how many. */
#define MAX_ENTRIES 4096
/* Instructions searched back for the parts of the pattern. */
#define NEAR 8

/* Mnemonic (first word) and the rest of an instruction's text. */
static const char *split(const char *text, char *mnemonic, size_t size) {
  size_t len = strcspn(text, " ");
  if (strncmp(text, "notrack ", 8) == 0)
    return split(text + 8, mnemonic, size);
  snprintf(mnemonic, size, "%.*s", (int)len, text);
  text += len;
  while (*text == ' ')
    text++;
  return text;
}

/* The register number of a GPR name for comparison across widths. */
static int gpr(const char *name) {
  static const char *const names[][4] = {
      {"rax", "eax", "ax", "al"}, {"rcx", "ecx", "cx", "cl"},
      {"rdx", "edx", "dx", "dl"}, {"rbx", "ebx", "bx", "bl"},
      {"rsp", "esp", "sp", "spl"}, {"rbp", "ebp", "bp", "bpl"},
      {"rsi", "esi", "si", "sil"}, {"rdi", "edi", "di", "dil"}};
  if (*name == '%')
    name++;
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < 4; k++)
      if (strncmp(name, names[i][k], strlen(names[i][k])) == 0 &&
          !(name[strlen(names[i][k])] >= 'a' && name[strlen(names[i][k])] <= 'z'))
        return i;
  int n;
  if (name[0] == 'r' && sscanf(name + 1, "%d", &n) == 1 && n >= 8 && n <= 15)
    return n;
  return -1;
}

/* Entry count from "cmp{l,q} $N, %reg" on the index shortly before
 * instruction `at`; 0 if none. */
static size_t bound_before(const struct ss_mcode_insn *insns, size_t at,
                           int index) {
  for (size_t k = at, steps = 0; k-- > 0 && steps < NEAR; steps++) {
    char m[16];
    const char *ops = split(insns[k].insn.text, m, sizeof m);
    long long n;
    char reg[16];
    if (strncmp(m, "cmp", 3) == 0 &&
        sscanf(ops, "$%lli, %15s", &n, reg) == 2 && gpr(reg) == index &&
        n >= 0 && n < MAX_ENTRIES)
      return (size_t)n + 1;
  }
  return 0;
}

/* Relative tables hold 4-byte offsets from the table, absolute ones 8-byte
 * addresses. */
static size_t read_entries(const struct ss_elf_code *code, uint64_t table,
                           size_t count, int relative, uint64_t start,
                           uint64_t end, uint64_t **out) {
  size_t entry_size = relative ? 4 : 8;
  size_t n = 0, limit = count ? count : MAX_ENTRIES;
  uint64_t *targets = ss_xcalloc(limit, sizeof *targets);
  for (size_t i = 0; i < limit; i++) {
    const uint8_t *p = ss_elf_code_data(code, table + i * entry_size,
                                        entry_size);
    if (!p)
      break;
    uint64_t t = relative ? table + (uint64_t)(int64_t)(int32_t)ss_le32(p)
                          : ss_le64(p);
    if (t <= start || t >= end) {
      if (count) /* a bounded table must be all inside */
        continue;
      break;
    }
    targets[n++] = t;
  }
  *out = targets;
  return n;
}

size_t ss_jump_table_targets(const struct ss_mcode_insn *insns, size_t jump,
                             const struct ss_elf_code *code, uint64_t start,
                             uint64_t end, uint64_t **targets) {
  *targets = NULL;
  char m[16];
  const char *ops = split(insns[jump].insn.text, m, sizeof m);
  if (strncmp(m, "jmp", 3) != 0 || ops[0] != '*')
    return 0;
  long long disp;
  char reg[16];
  if (sscanf(ops, "*%lli(,%15[^,],8)", &disp, reg) == 2) /* absolute */
    return read_entries(code, (uint64_t)disp,
                        bound_before(insns, jump, gpr(reg)), 0, start, end,
                        targets);
  int index = gpr(ops + 1);
  if (index < 0)
    return 0;
  /* movslq (%rB,%rI,4), %rI just before */
  int base = -1;
  size_t load = 0;
  for (size_t k = jump, steps = 0; k-- > 0 && steps < NEAR; steps++) {
    const char *o = split(insns[k].insn.text, m, sizeof m);
    char b[16], i[16], d[16];
    if (strcmp(m, "movslq") == 0 &&
        sscanf(o, "(%15[^,],%15[^,],4), %15s", b, i, d) == 3 &&
        gpr(i) == index && gpr(d) == index) {
      base = gpr(b);
      load = k;
      break;
    }
  }
  if (base < 0)
    return 0;
  /* the table's address: leaq T(%rip), %rB, the closest one before */
  for (size_t k = load; k-- > 0;) {
    const char *o = split(insns[k].insn.text, m, sizeof m);
    char d[16];
    if (strcmp(m, "leaq") == 0 &&
        sscanf(o, "%lli(%%rip), %15s", &disp, d) == 2 && gpr(d) == base) {
      uint64_t table = insns[k].address + insns[k].insn.size + (uint64_t)disp;
      return read_entries(code, table, bound_before(insns, load, index), 1,
                          start, end, targets);
    }
  }
  return 0;
}
