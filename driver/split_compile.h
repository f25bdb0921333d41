/* split_compile.h -- a large -fss-ideal compile in two processes: clang -S,
 * then clang's own assembler on the assembly that wrote.
 *
 * In one process the module's IR (the instrumentation's included) and the
 * assembler's fragments of the whole object are alive together when the
 * object is written: the assembler cannot lay out the line table and the
 * block markers' table until every function is in, and the IR goes only
 * when the process ends (docs/compile-cost.md).  Apart, each process holds
 * one of the two.  The price is a second process start (about 50 ms) and
 * the assembly written and read again (about 5 % of a large compile), so
 * only a source of at least SSCC_SPLIT_BYTES bytes (default 1 MiB; 0:
 * every compile; "off": none) is compiled so.  The object is the one clang
 * would write in one step, but for where the line table's last sequence
 * ends (after the last function instead of after the last one with a
 * line).  Its padding too: LLVM 19's assembler pads with the longest nops
 * the CPU tuned for decodes fast, and clang tunes the compiler proper for
 * "generic" (15-byte nops) unless -march or -mtune names a CPU, but gives
 * its assembler only -march's CPU (x86-64 by default: 10-byte nops).  So
 * there sscc runs the assembler's job itself, as `clang -###` prints it,
 * with the feature added; a -mtune of its own stays one compile.
 */
#ifndef SSCC_SPLIT_COMPILE_H
#define SSCC_SPLIT_COMPILE_H

#include "util.h"

#include <stdbool.h>
#include <stddef.h>

struct split_compile {
  strvec compile;  /* clang ... -S ... -o <assembly> */
  strvec assemble; /* clang <target and assembler flags> -c -x assembler <assembly> -o <object> */
  char *assembly;  /* the temporary file between them (created, empty) */
  const char *padding; /* a target feature the assembler needs to pad as the
                          compile's tuning would (LLVM 19: below), or NULL */
  bool verbose;     /* -v: print the assembler's command as clang would */
};

/* Whether clang's command `cmd` (cmd[0] is clang; the arguments before
 * cmd[user_end] are the user's, the rest sscc's) is a compile sscc splits:
 * -c of one C-family source at least SSCC_SPLIT_BYTES long, with nothing
 * that writes a file named after the output (-save-temps, -ftime-trace,
 * -gsplit-dwarf, ...), no bitcode (-flto, -emit-llvm), no other assembler
 * (-fno-integrated-as) and no response file (its contents unread here).
 * If so, fills *plan and creates its temporary file.  A dependency file
 * (-MD, -MMD) names the object, as clang's own would. */
bool plan_split_compile(char *const *cmd, size_t user_end, struct split_compile *plan);

/* Runs the two commands; exits as the first that fails did, or 0, and
 * leaves no temporary file.  Returns (the file removed) only when nothing
 * could run: no child process could be forked. */
void run_split_compile(const char *clang, struct split_compile *plan);

#endif
