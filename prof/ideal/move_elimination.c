/* move_elimination.c -- fold a vector move into the SSE operation after
 * it; see move_elimination.h. */
#include "move_elimination.h"

#include <regex.h>
#include <stdio.h>
#include <string.h>

/* Register-to-register moves of a whole vector register. */
static const char MOVE[] =
    "^(movaps|movapd|movdqa|movups|movupd|movdqu) (%xmm[0-9]+), (%xmm[0-9]+)$";

/* Destructive SSE operations (dst = dst op src) whose VEX form is
 * "vop [$imm,] src, src1, dst". */
static const char OPERATION[] =
    "^((add|sub|mul|div|min|max|and|andn|or|xor)(ps|pd)"
    "|p(add|sub)(b|w|d|q|sb|sw|usb|usw)"
    "|pmul(ld|lw|hw|huw|udq|dq)|pmaddwd"
    "|p(and|andn|or|xor)"
    "|pcmp(eq|gt)(b|w|d|q)"
    "|p(max|min)(sb|sw|sd|ub|uw|ud)"
    "|pavg(b|w)|psadbw"
    "|punpck(l|h)(bw|wd|dq|qdq)|unpck(l|h)(ps|pd)"
    "|pack(sswb|ssdw|uswb|usdw)"
    "|shuf(ps|pd))$";

/* Its operands: an optional immediate, the source, the destination. */
static const char OPERANDS[] = "^(\\$[^,]+, )?([^,]+), (%xmm[0-9]+)$";

static int span(const regmatch_t *g) { return (int)(g->rm_eo - g->rm_so); }

int ss_fold_vector_move(const char *move, const char *next, char *out,
                        size_t size) {
  static regex_t move_re, op_re, operands_re;
  static int compiled;
  if (!compiled) {
    if (regcomp(&move_re, MOVE, REG_EXTENDED) != 0 ||
        regcomp(&op_re, OPERATION, REG_EXTENDED | REG_NOSUB) != 0 ||
        regcomp(&operands_re, OPERANDS, REG_EXTENDED) != 0)
      return 0;
    compiled = 1;
  }
  char mnemonic[32];
  size_t len = strcspn(next, " ");
  if (len >= sizeof mnemonic || next[len] != ' ')
    return 0;
  memcpy(mnemonic, next, len);
  mnemonic[len] = 0;
  const char *ops = next + len + 1;
  regmatch_t m[4], o[4];
  if (regexec(&move_re, move, 4, m, 0) != 0 ||
      regexec(&op_re, mnemonic, 0, NULL, 0) != 0 ||
      regexec(&operands_re, ops, 4, o, 0) != 0)
    return 0;
  const char *to = move + m[3].rm_so;
  if (span(&o[3]) != span(&m[3]) || strncmp(ops + o[3].rm_so, to, span(&m[3])))
    return 0; /* it does not write the moved-to register */
  /* The source must not be the moved-to register read before the move
   * (it is the move's result: the fused form would read the old one). */
  if (strstr(ops + o[2].rm_so, to) &&
      (size_t)(strstr(ops + o[2].rm_so, to) - ops) < (size_t)o[2].rm_eo)
    return 0;
  int imm = o[1].rm_so < 0 ? 0 : span(&o[1]);
  int n = snprintf(out, size, "v%s %.*s%.*s, %.*s, %.*s", mnemonic, imm,
                   imm ? ops + o[1].rm_so : "", span(&o[2]), ops + o[2].rm_so,
                   span(&m[2]), move + m[2].rm_so, span(&m[3]), to);
  return n > 0 && (size_t)n < size;
}
