/*
 * step.h -- STEP() tallies its own line in a leaf function the optimizer
 * proves returns, so loops around it stay promotable (unlike tally.h's
 * HIT()); the asm after it differs per line so that no two STEP()s merge
 * into one call.  The test prints step_count[] as
 *   SSCHECK site step <file>:<line> <n>
 * lines for lit/tools/sscheck.py.
 */
#ifndef STEP_H
#define STEP_H

#define NOINLINE __attribute__((noinline))
#define STR2(x) #x
#define STR(x) STR2(x)
#define STEP()                                                                 \
  do {                                                                         \
    step(__LINE__);                                                            \
    __asm__ volatile("# step line " STR(__LINE__));                            \
  } while (0)

static unsigned long step_count[400];

NOINLINE static void step(int line) { step_count[line]++; }

#endif
