/* macro_fusion.c -- compare-and-branch pairs that fuse; see macro_fusion.h. */
#include "macro_fusion.h"

#include "mcode.h"

#include <string.h>

enum first_kind { NOT_FUSIBLE, TEST_AND, CMP_ADD_SUB, INC_DEC };

/* The mnemonic of `text` ("cmpq" of "cmpq %rax, %rcx") into `out`. */
static void mnemonic_of(const char *text, char *out, size_t size) {
  size_t len = strcspn(text, " \t");
  if (len >= size)
    len = 0;
  memcpy(out, text, len);
  out[len] = 0;
}

static enum first_kind kind_of(const char *insn) {
  char m[32];
  mnemonic_of(insn, m, sizeof m);
  if (ss_mnemonic_is(m, "test") || ss_mnemonic_is(m, "and"))
    return TEST_AND;
  if (ss_mnemonic_is(m, "cmp") || ss_mnemonic_is(m, "add") ||
      ss_mnemonic_is(m, "sub"))
    return CMP_ADD_SUB;
  if (ss_mnemonic_is(m, "inc") || ss_mnemonic_is(m, "dec"))
    return INC_DEC;
  return NOT_FUSIBLE;
}

/* The operand forms that keep a fusible instruction from fusing. */
static int operands_allow(const char *insn, enum first_kind kind) {
  const char *ops = insn + strcspn(insn, " \t");
  if (!strchr(ops, '('))
    return 1; /* registers and an immediate */
  if (kind == INC_DEC || strstr(ops, "(%rip)") || strchr(ops, '$'))
    return 0;
  /* A compare or a test writes nothing; an add, sub or and may read
   * memory but not write it (AT&T: the last operand). */
  int writes_nothing = strncmp(insn, "cmp", 3) == 0 ||
                       strncmp(insn, "test", 4) == 0;
  const char *last = strrchr(ops, ',');
  return writes_nothing || (last && !strchr(last, '('));
}

/* The condition of a conditional jump ("ne" of "jne"), or NULL. */
static const char *condition_of(const char *next, char *m, size_t size) {
  mnemonic_of(next, m, size);
  if (m[0] != 'j' || strcmp(m, "jmp") == 0 || strcmp(m, "jmpq") == 0 ||
      strstr(m, "cxz"))
    return NULL;
  return m + 1;
}

static int one_of(const char *cc, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(cc, list[i]) == 0)
      return 1;
  return 0;
}

int ss_macro_fuses(const char *insn, const char *next) {
  static const char *const sign_parity_overflow[] = {"s", "ns", "p", "np",
                                                     "o", "no"};
  static const char *const carry[] = {"b", "ae", "be", "a"};
  enum first_kind kind = kind_of(insn);
  char m[32];
  const char *cc = condition_of(next, m, sizeof m);
  if (kind == NOT_FUSIBLE || !cc || !operands_allow(insn, kind))
    return 0;
  if (kind == TEST_AND)
    return 1;
  if (one_of(cc, sign_parity_overflow, sizeof sign_parity_overflow /
                                           sizeof *sign_parity_overflow))
    return 0;
  return kind == CMP_ADD_SUB || !one_of(cc, carry, sizeof carry / sizeof *carry);
}
