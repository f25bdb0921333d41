/*
 * ideal.h -- ideal time: the exact counts of a counting experiment turned
 * into instructions and cycles of the machine code that really ran.
 *
 * The pass leaves a marker in every counted block: an entry of the
 * non-allocated section .ss_blockmap giving the address where the block's
 * code landed in the linked binary (a block duplicated by the code
 * generator has one entry per copy).  Instructions the pass added (counter
 * updates, the per-thread counter lookup) carry line-table rows of the file
 * SS_INSTRUMENTATION_FILE and are never counted as the program's.
 *
 * ss_ideal_build() disassembles every instrumented function, cuts it into
 * machine blocks (straight-line code: split at branch targets, after
 * branches and at markers), gives each machine block the count of the
 * counted block whose marker it holds (or, for code the code generator
 * added, a count derived from the flow around it), and asks LLVM's
 * scheduling model of a CPU (llvm-mca, all blocks in one invocation as code
 * regions) for the cycles of one execution of each machine block.  As
 * SpeedShop's ideal time: interlocks inside a block are modelled, memory
 * latency is not (every load hits L1), so ideal time is a lower bound.
 */
#ifndef SSPROF_IDEAL_H
#define SSPROF_IDEAL_H

#include "error_message.h"
#include "model.h"
#include "options.h"

#include <stddef.h>
#include <stdint.h>

/* The file name of the instrumentation's line-table rows. */
#define SS_INSTRUMENTATION_FILE "<ss-instrumentation>"

/* What an executed instruction is (an instruction may be several). */
enum ss_insn_class {
  SS_IC_LOAD,        /* reads memory (per the CPU model) */
  SS_IC_STORE,       /* writes memory (per the CPU model) */
  SS_IC_COND_BRANCH, /* conditional jump */
  SS_IC_JUMP,        /* unconditional or indirect jump */
  SS_IC_CALL,
  SS_IC_RETURN,
  SS_IC_INT_MUL,
  SS_IC_INT_DIV,
  SS_IC_FP,          /* scalar floating point (SSE/AVX scalar or x87) */
  SS_IC_FP_DIV,      /* floating-point divide or square root */
  SS_IC_VECTOR,      /* packed SIMD, integer or floating point */
  SS_IC_NOP,
  SS_IC_COUNT
};

/* Instruction-set extension of an instruction, by encoding. */
enum ss_isa_ext {
  SS_ISA_BASE,   /* general-purpose instructions */
  SS_ISA_X87,
  SS_ISA_SSE,    /* legacy-encoded SSE on xmm registers */
  SS_ISA_AVX,    /* VEX-encoded (AVX, AVX2, FMA) */
  SS_ISA_AVX512, /* EVEX-encoded: zmm, mask registers or masking */
  SS_ISA_COUNT
};

/* Widest register an instruction touches. */
enum ss_width {
  SS_WIDTH_GPR,   /* no vector register */
  SS_WIDTH_128,
  SS_WIDTH_256,
  SS_WIDTH_512,
  SS_WIDTH_COUNT
};

/* Executed-instruction mix: every count is weighted by executions. */
struct ss_ideal_register_use {
  const char *name;  /* "rax", "xmm0", ...: the 64-bit or full-width name */
  uint64_t uses;     /* executed instructions naming it */
};

struct ss_ideal_mix {
  uint64_t by_class[SS_IC_COUNT];
  uint64_t by_isa[SS_ISA_COUNT];
  uint64_t by_width[SS_WIDTH_COUNT];
  struct ss_ideal_register_use *registers; /* by uses, descending */
  size_t num_registers;
};

/* A machine basic block of the linked binary. */
struct ss_ideal_block {
  uint32_t function;     /* model function id */
  uint32_t model_block;  /* counted block it belongs to; SS_MODEL_NONE when
                            the code generator added it (split edge, ...) */
  uint64_t address;      /* link-time address in its DSO */
  uint32_t size;         /* bytes, instrumentation included */
  uint32_t instructions; /* the program's instructions */
  uint32_t instrumentation; /* instrumentation instructions in it */
  double cycles;         /* ideal cycles of one execution */
  int64_t count;         /* executions */
  int exact;             /* 0: the count is an estimate (see ideal.c) */
  const char *file;      /* line of its first program instruction */
  uint32_t line;
};

/* Per (function, file, line): a block's cycles are shared among the lines
 * of its program instructions in proportion to their instructions. */
struct ss_ideal_line {
  uint32_t function; /* model function id */
  const char *file;
  uint32_t line;
  double cycles;          /* all executions */
  uint64_t instructions;  /* executed */
};

struct ss_ideal_function {
  int has_code;           /* its machine code was found */
  uint64_t instructions;  /* executed, exclusive */
  double cycles;          /* exclusive */
};

struct ss_ideal {
  int available;       /* 0: no machine code; the listings show counts */
  const char *cpu;     /* the LLVM CPU name of the model */
  double clock_mhz;    /* for seconds */
  struct ss_ideal_function *functions; /* [model->num_functions] */
  double *block_cycles;                /* [model->num_blocks], all executions */
  uint64_t *block_instructions;        /* [model->num_blocks], executed */
  struct ss_ideal_block *blocks;       /* executed machine blocks and
                                          estimated ones, by total cycles
                                          descending, then address */
  size_t num_blocks;
  struct ss_ideal_line *lines; /* by function id, file, line */
  size_t num_lines;
  struct ss_ideal_mix mix;
  uint64_t total_instructions;
  double total_cycles;
  uint32_t estimated_blocks; /* machine blocks of the program's code whose
                                count is an estimate (listed in `blocks`
                                even when the estimate is 0) */
  char **warnings;
  size_t num_warnings;
  char **strings; /* owned */
  size_t num_strings;
};

/* Seconds of `cycles` at the experiment's clock. */
static inline double ss_ideal_seconds(const struct ss_ideal *ideal,
                                      double cycles) {
  return ideal->clock_mhz > 0 ? cycles / (ideal->clock_mhz * 1e6) : 0;
}

/* Build the ideal time of a counting model.  Never fails: when no machine
 * code can be read (binary missing or rebuilt, no .ss_blockmap, llvm-mca
 * missing or unknown -cpu), `available` is 0 and `warnings` says why; an
 * unknown -cpu is an error instead (returns -1 with `err` set). */
int ss_ideal_build(struct ss_ideal *ideal, const struct ss_model *m,
                   const struct ss_options *o, struct ss_err *err);
void ss_ideal_release(struct ss_ideal *ideal);

#endif
