/*
 * cpu_model.h -- cycles of straight-line blocks of machine code from
 * LLVM's scheduling model of a CPU: llvm-mca analyses the blocks as code
 * regions, in batches run side by side on the machine's processors.  A
 * block's cycles are those of one execution in the steady state of
 * running it back to back (the difference of two runs of different
 * length, cpu_model.c): dependencies and resource conflicts inside the
 * block are modelled, memory latency is not (every load hits L1), and
 * the model dispatches without limit (the front end is bounded apart, in
 * fused micro-ops: core_bounds.h).  Vector moves the hardware eliminates
 * when it renames registers are given to the model as such
 * (move_elimination.h), a compare and the jump it fuses with as one
 * micro-op (macro_fusion.h).
 */
#ifndef SSPROF_CPU_MODEL_H
#define SSPROF_CPU_MODEL_H

#include "base.h"

#include <stddef.h>
#include <stdint.h>

struct ss_cpu_block {
  const char **insns; /* assembler text of each instruction, in order */
  size_t num_insns;
  double cycles;      /* out: of one execution; 0 if not modelled */
  int modelled;       /* out */
  uint32_t rejected;  /* out: instructions llvm-mca could not read (left
                         out of the block) */
};

/* The name of the CPU this process runs on, as LLVM calls it (owned). */
char *ss_cpu_host_name(void);

/* The llvm-mca ssprof runs (SSPROF_LLVM_MCA, else the one found at build
 * time). */
const char *ss_cpu_model_tool(void);

/* Model `n` blocks of code for `triple` on `cpu`; `progress` (may be
 * NULL) is told how many of the batches are done.  Returns 0; -1 with
 * `err` set when llvm-mca is missing or fails; -2 with `err` set when
 * `cpu` is not a CPU LLVM knows. */
int ss_cpu_model_run(const char *triple, const char *cpu,
                     struct ss_cpu_block *blocks, size_t n,
                     const struct ss_progress *progress, struct ss_err *err);

/* The dispatch width of llvm-mca's model of `cpu` (what it prints as
 * "Dispatch Width" for one nop), or 0 when it cannot be told. */
double ss_cpu_model_width(const char *triple, const char *cpu);

#endif
