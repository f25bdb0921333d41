/* instrumentation_code.h -- which of a function's machine instructions are
 * the instrumentation's (docs/ideal-time.md, section 2).
 *
 * The line table names the instructions the pass added (the rows of
 * <ss-instrumentation>, ss_mcode_insn.instrumentation as disassembly
 * found them).  The rules here mend what the code generator did to those
 * rows: the program's code it put on them goes back to the program, and
 * what it added for the instrumentation on the program's rows (reloads of
 * the counters' pointer, counters' start values, the jumps of the
 * instrumentation's own tests, the code around its calls into the
 * runtime) goes to the instrumentation.  bench/lib/linetable.py applies
 * the same rules on its own, from llvm-objdump and the line table. */
#ifndef SSPROF_INSTRUMENTATION_CODE_H
#define SSPROF_INSTRUMENTATION_CODE_H

#include "mcode.h"

/* Decide ss_mcode_insn.instrumentation for every instruction of `mf`, once
 * its blocks are cut (ss_mcode_cut calls it). */
void ss_mcode_find_instrumentation(struct ss_mcode_function *mf);

#endif
