/*
 * interp.c -- a small register-machine bytecode interpreter with switch
 * dispatch, running a loop-heavy program.
 *
 * The interpreted program computes, for every start value below a limit, the
 * length of its Collatz sequence (a loop whose branch depends on the data),
 * adds the lengths up and keeps a histogram of them in the VM's memory.  The
 * host's hot loop is the dispatch switch: an indirect jump and a few loads per
 * bytecode instruction, the shape of every bytecode interpreter.
 *
 *   usage: interp [limit]     (default 200000)
 */
#include "wl.h"

enum op {
  OP_LI,   /* r[a] = imm              */
  OP_MOV,  /* r[a] = r[b]             */
  OP_ADD,  /* r[a] = r[b] + r[c]      */
  OP_ADDI, /* r[a] = r[b] + imm       */
  OP_MULI, /* r[a] = r[b] * imm       */
  OP_ANDI, /* r[a] = r[b] & imm       */
  OP_SHRI, /* r[a] = r[b] >> imm      */
  OP_LD,   /* r[a] = mem[r[b]]        */
  OP_ST,   /* mem[r[b]] = r[a]        */
  OP_JMP,  /* pc = imm                */
  OP_JZ,   /* if r[a] == 0: pc = imm  */
  OP_JEQI, /* if r[a] == c: pc = imm  */
  OP_JLT,  /* if r[a] < r[b]: pc = imm */
  OP_HALT
};

struct insn {
  uint8_t op, a, b, c;
  int32_t imm;
};

#define MEM_WORDS 64

/* Runs code from pc 0 until HALT; returns r[0]. */
static uint64_t run(const struct insn *code, uint64_t *r, uint64_t *mem) {
  size_t pc = 0;
  for (;;) {
    const struct insn in = code[pc++];
    switch (in.op) {
    case OP_LI: r[in.a] = (uint64_t)(int64_t)in.imm; break;
    case OP_MOV: r[in.a] = r[in.b]; break;
    case OP_ADD: r[in.a] = r[in.b] + r[in.c]; break;
    case OP_ADDI: r[in.a] = r[in.b] + (uint64_t)(int64_t)in.imm; break;
    case OP_MULI: r[in.a] = r[in.b] * (uint64_t)(int64_t)in.imm; break;
    case OP_ANDI: r[in.a] = r[in.b] & (uint64_t)(int64_t)in.imm; break;
    case OP_SHRI: r[in.a] = r[in.b] >> (in.imm & 63); break;
    case OP_LD: r[in.a] = mem[r[in.b] % MEM_WORDS]; break;
    case OP_ST: mem[r[in.b] % MEM_WORDS] = r[in.a]; break;
    case OP_JMP: pc = (size_t)in.imm; break;
    case OP_JZ: if (r[in.a] == 0) pc = (size_t)in.imm; break;
    case OP_JEQI: if (r[in.a] == in.c) pc = (size_t)in.imm; break;
    case OP_JLT: if (r[in.a] < r[in.b]) pc = (size_t)in.imm; break;
    case OP_HALT: return r[0];
    default: fprintf(stderr, "interp: bad opcode %d at %zu\n", in.op, pc - 1); exit(1);
    }
  }
}

/* A tiny assembler: emit() appends, and a jump's target is patched once the
 * label's address is known. */
static struct insn prog[64];
static int nprog;

static int emit(enum op op, int a, int b, int c, int32_t imm) {
  prog[nprog] = (struct insn){(uint8_t)op, (uint8_t)a, (uint8_t)b, (uint8_t)c, imm};
  return nprog++;
}
static void patch(int at, int target) { prog[at].imm = target; }

/* r0 total steps, r1 start value, r2 limit, r3 x, r4 steps of x, r5/r6 temps. */
static void assemble(int32_t limit) {
  emit(OP_LI, 0, 0, 0, 0);
  emit(OP_LI, 1, 0, 0, 1);
  emit(OP_LI, 2, 0, 0, limit);
  int next_start = emit(OP_MOV, 3, 1, 0, 0);
  emit(OP_LI, 4, 0, 0, 0);
  int step = emit(OP_JEQI, 3, 0, 1, -1); /* x == 1: done */
  emit(OP_ANDI, 5, 3, 0, 1);
  int to_even = emit(OP_JZ, 5, 0, 0, -1);
  emit(OP_MULI, 3, 3, 0, 3); /* odd: x = 3x + 1 */
  emit(OP_ADDI, 3, 3, 0, 1);
  int to_count = emit(OP_JMP, 0, 0, 0, -1);
  patch(to_even, emit(OP_SHRI, 3, 3, 0, 1)); /* even: x = x / 2 */
  patch(to_count, emit(OP_ADDI, 4, 4, 0, 1));
  emit(OP_JMP, 0, 0, 0, step);
  int done = emit(OP_ADD, 0, 0, 4, 0);
  patch(step, done);
  emit(OP_ANDI, 5, 4, 0, MEM_WORDS - 1); /* histogram[steps % 64]++ */
  emit(OP_LD, 6, 5, 0, 0);
  emit(OP_ADDI, 6, 6, 0, 1);
  emit(OP_ST, 6, 5, 0, 0);
  emit(OP_ADDI, 1, 1, 0, 1);
  emit(OP_JLT, 1, 2, 0, next_start);
  emit(OP_HALT, 0, 0, 0, 0);
}

int main(int argc, char **argv) {
  long limit = wl_arg(argc, argv, 1, 200000);
  if (limit > 100000000) {
    fprintf(stderr, "interp: limit at most 100000000\n");
    return 2;
  }
  assemble((int32_t)limit);
  uint64_t r[8] = {0}, mem[MEM_WORDS] = {0};
  uint64_t total = run(prog, r, mem);
  uint64_t h = WL_FOLD_INIT;
  for (int i = 0; i < MEM_WORDS; i++)
    h = wl_fold(h, mem[i]);
  printf("interp: start values below %ld, %llu steps in all, checksum %016llx\n", limit,
         (unsigned long long)total, (unsigned long long)h);
  return 0;
}
