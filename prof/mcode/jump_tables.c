/* jump_tables.c -- decode LLVM's x86-64 jump tables; see jump_tables.h. */
#include "jump_tables.h"

#include "base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Entries read at most, when no bounds check says how many. */
#define MAX_ENTRIES 4096
/* Instructions searched back for the parts of the pattern. */
#define NEAR 8

/* Whether two register names are one general-purpose register (across
 * widths: %eax and %rax). */
static int same_gpr(const char *a, const char *b) {
  char x[16], y[16];
  ss_register_canonical(a, x, sizeof x);
  ss_register_canonical(b, y, sizeof y);
  return strcmp(x, y) == 0;
}

static const char *operands(const struct ss_mcode_insn *in) {
  return in->insn.text + in->insn.operands;
}

/* Entry count from "cmp{l,q} $N, %reg" on the index shortly before
 * instruction `at`; 0 if none. */
static size_t bound_before(const struct ss_mcode_insn *insns, size_t at,
                           const char *index) {
  for (size_t k = at, steps = 0; k-- > 0 && steps < NEAR; steps++) {
    long long n;
    char reg[16];
    if (strncmp(insns[k].insn.mnemonic, "cmp", 3) == 0 &&
        sscanf(operands(&insns[k]), "$%lli, %15s", &n, reg) == 2 &&
        same_gpr(reg, index) && n >= 0 && n < MAX_ENTRIES)
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
  const char *ops = operands(&insns[jump]);
  if (strncmp(insns[jump].insn.mnemonic, "jmp", 3) != 0 || ops[0] != '*')
    return 0;
  long long disp;
  char reg[16];
  if (sscanf(ops, "*%lli(,%15[^,],8)", &disp, reg) == 2) /* absolute */
    return read_entries(code, (uint64_t)disp, bound_before(insns, jump, reg),
                        0, start, end, targets);
  const char *target = ops + 1; /* "%rax" */
  /* movslq (%rB,%rI,4), %rD just before, D the register jumped through
   * (often I itself) */
  char base[16] = "", index[16] = "";
  size_t load = 0;
  for (size_t k = jump, steps = 0; k-- > 0 && steps < NEAR; steps++) {
    char b[16], i[16], d[16];
    if (strcmp(insns[k].insn.mnemonic, "movslq") == 0 &&
        sscanf(operands(&insns[k]), "(%15[^,],%15[^,],4), %15s", b, i, d) == 3 &&
        same_gpr(d, target)) {
      snprintf(base, sizeof base, "%s", b);
      snprintf(index, sizeof index, "%s", i);
      load = k;
      break;
    }
  }
  if (!base[0])
    return 0;
  /* the table's address: leaq T(%rip), %rB, the closest one before */
  for (size_t k = load; k-- > 0;) {
    char d[16];
    if (strcmp(insns[k].insn.mnemonic, "leaq") == 0 &&
        sscanf(operands(&insns[k]), "%lli(%%rip), %15s", &disp, d) == 2 &&
        same_gpr(d, base)) {
      uint64_t table = insns[k].address + insns[k].insn.size + (uint64_t)disp;
      return read_entries(code, table, bound_before(insns, load, index), 1,
                          start, end, targets);
    }
  }
  return 0;
}
