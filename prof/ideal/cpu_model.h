/*
 * cpu_model.h -- ideal cycles of straight-line blocks of machine code from
 * LLVM's scheduling model of a CPU: llvm-mca analyses all the blocks in one
 * invocation, one code region each.  A block's cycles are those of one
 * execution in the steady state of running it back to back (the
 * difference of two runs of different length, cpu_model.c): dependencies
 * and resource conflicts inside the block are modelled, memory latency is
 * not (every load hits L1).  Vector moves the hardware eliminates when it
 * renames registers are given to the model as such (move_elimination.h).
 */
#ifndef SSPROF_CPU_MODEL_H
#define SSPROF_CPU_MODEL_H

#include "base.h"

#include <stddef.h>

struct ss_cpu_block {
  const char **insns; /* assembler text of each instruction, in order */
  size_t num_insns;
  double cycles;      /* out: of one execution; 0 if not modelled */
  int modelled;       /* out */
};

/* The name of the CPU this process runs on, as LLVM calls it (owned). */
char *ss_cpu_host_name(void);

/* Model `n` blocks of x86-64 code (`triple`) on `cpu`.  Instructions
 * llvm-mca cannot read are left out of their block (*dropped counts
 * them).  Returns 0; -1 with `err` set when llvm-mca is missing or fails;
 * -2 with `err` set when `cpu` is not a CPU LLVM knows. */
int ss_cpu_model_run(const char *triple, const char *cpu,
                     struct ss_cpu_block *blocks, size_t n, size_t *dropped,
                     struct ss_err *err);

#endif
