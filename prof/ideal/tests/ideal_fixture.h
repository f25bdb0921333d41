/*
 * ideal_fixture.h -- a program model and its ideal time, built by hand
 * for the unit tests of inclusive time and of the ideal listings.
 *
 * Functions (model id: name, exclusive cycles, instructions, model rank):
 *   0 main    100e6  50e6  1     4 fact    50e6  25e6  5
 *   1 work    400e6 300e6  2     5 helper  80e6  75e6  6
 *   2 a        60e6  30e6  3     6 nocode  ran, its machine code not found
 *   3 b        40e6  20e6  4     7 unused  never ran
 * 730e6 cycles, 500e6 instructions in all; a 1000 MHz clock, so 1e6
 * cycles are 0.001 s.
 *
 * Call graph (calls):
 *   <spontaneous> -> main 1     a -> b 3      (a, b: cycle 1)
 *   main -> work 4              b -> a 1
 *   <spontaneous> -> work 1     fact -> b 1
 *   main -> a 2                 fact -> fact 4  (self recursion)
 *   main -> fact 1              work -> helper 6
 *   main -> nocode 1            a -> helper 2
 *   main -> puts 1 (not instrumented)
 *
 * Inclusive cycles (e6), callees first:
 *   helper  80                               (8 calls: work 6, a 2)
 *   work    400 + 80 * 6/8 = 460             (5 calls: main 4, spont. 1)
 *   cycle 1 (a, b): 60 + 40 + 80 * 2/8 = 120 (3 calls from outside:
 *           main -> a 2, fact -> b 1; a -> b and b -> a carry nothing)
 *   fact    50 + 120 * 1/3 = 90              (1 call from outside; the 4
 *           self calls carry nothing)
 *   nocode  0
 *   main    100 + 460 * 4/5 + 120 * 2/3 + 90 * 1/1 + 0
 *           = 100 + 368 + 80 + 90 = 638
 * and <spontaneous> gets main's 638 and work's 460 * 1/5 = 92: 730.
 *
 * [index] of the ideal listings (exclusive cycles descending, functions
 * without code after, functions that did not run last): work 1, main 2,
 * helper 3, a 4, fact 5, b 6, nocode 7, unused 8.
 */
#ifndef PROF_TEST_IDEAL_FIXTURE_H
#define PROF_TEST_IDEAL_FIXTURE_H

#include "ideal.h"
#include "counts.h"

#include <string.h>

#define FX_FUNCTIONS 8
#define FX_NONE SS_MODEL_NONE

struct ideal_fixture {
  struct ss_profile profile;
  struct ss_model model;
  struct ss_ideal ideal;
  struct ss_model_function functions[FX_FUNCTIONS];
  uint32_t by_rank[FX_FUNCTIONS];
  struct ss_model_arc arcs[16];
  struct ss_ideal_function ideal_functions[FX_FUNCTIONS];
  struct ss_ideal_block blocks[8];
  struct ss_ideal_line lines[16];
  struct ss_ideal_register_use registers[4];
};

static inline void fx_function(struct ideal_fixture *fx, uint32_t id,
                               const char *name, const char *file,
                               uint32_t line, int64_t calls, int64_t blocks,
                               int has_code, double cycles,
                               uint64_t instructions) {
  struct ss_model_function *f = &fx->functions[id];
  f->name = f->symbol = name;
  f->file = file;
  f->line = line;
  f->dso = "prog";
  f->calls_known = 1;
  f->calls = calls;
  f->blocks = blocks;
  f->rank = id + 1;
  fx->by_rank[id] = id;
  fx->ideal_functions[id].has_code = has_code;
  fx->ideal_functions[id].cycles = cycles;
  fx->ideal_functions[id].instructions = instructions;
}

static inline void fx_arc(struct ideal_fixture *fx, uint32_t caller,
                          uint32_t callee, const char *callee_name,
                          int64_t count) {
  struct ss_model_arc *a = &fx->arcs[fx->model.num_arcs++];
  a->caller = caller;
  a->callee = callee;
  a->callee_name = callee_name;
  a->count = count;
}

static inline void fx_block(struct ideal_fixture *fx, uint32_t function,
                            uint64_t address, double cycles, int64_t count,
                            int exact, const char *file, uint32_t line) {
  struct ss_ideal_block *b = &fx->blocks[fx->ideal.num_blocks++];
  b->function = function;
  b->model_block = exact ? 0 : SS_MODEL_NONE;
  b->address = address;
  b->size = 16;
  b->instructions = 4;
  b->cycles = cycles;
  b->count = count;
  b->exact = exact;
  b->file = file;
  b->line = line;
  b->simulated = 1;
  b->bound = SS_BOUND_MODEL;
  b->minority = -1;
}

static inline void fx_line(struct ideal_fixture *fx, uint32_t function,
                           const char *file, uint32_t line, double cycles,
                           uint64_t instructions) {
  struct ss_ideal_line *l = &fx->lines[fx->ideal.num_lines++];
  l->function = function;
  l->file = file;
  l->line = line;
  l->cycles = cycles;
  l->instructions = instructions;
}

static inline void ideal_fixture_init(struct ideal_fixture *fx) {
  memset(fx, 0, sizeof *fx);
  fx->profile.experiment = "ideal";
  fx->profile.target = "/synth/prog";
  struct ss_model *m = &fx->model;
  m->profile = &fx->profile;
  m->functions = fx->functions;
  m->num_functions = FX_FUNCTIONS;
  m->by_rank = fx->by_rank;
  m->arcs = fx->arcs;
  m->total_calls = 27;
  fx_function(fx, 0, "main", "m.c", 4, 1, 30, 1, 100e6, 50000000);
  fx_function(fx, 1, "work", "w.c", 20, 5, 90, 1, 400e6, 300000000);
  fx_function(fx, 2, "a", "a.c", 40, 3, 20, 1, 60e6, 30000000);
  fx_function(fx, 3, "b", "a.c", 50, 4, 20, 1, 40e6, 20000000);
  fx_function(fx, 4, "fact", "f.c", 60, 5, 15, 1, 50e6, 25000000);
  fx_function(fx, 5, "helper", "h.c", 30, 8, 10, 1, 80e6, 75000000);
  fx_function(fx, 6, "nocode", "n.c", 70, 1, 5, 0, 0, 0);
  fx_function(fx, 7, "unused", "u.c", 80, 0, 0, 1, 0, 0);
  /* As the model sorts them: by callee, then caller (none last). */
  fx_arc(fx, FX_NONE, 0, "main", 1);
  fx_arc(fx, 0, 1, "work", 4);
  fx_arc(fx, FX_NONE, 1, "work", 1);
  fx_arc(fx, 0, 2, "a", 2);
  fx_arc(fx, 3, 2, "a", 1);
  fx_arc(fx, 2, 3, "b", 3);
  fx_arc(fx, 4, 3, "b", 1);
  fx_arc(fx, 0, 4, "fact", 1);
  fx_arc(fx, 4, 4, "fact", 4);
  fx_arc(fx, 1, 5, "helper", 6);
  fx_arc(fx, 2, 5, "helper", 2);
  fx_arc(fx, 0, 6, "nocode", 1);
  fx_arc(fx, 0, FX_NONE, "puts", 1);

  struct ss_ideal *ideal = &fx->ideal;
  ideal->available = 1;
  ideal->cpu = "skylake";
  ideal->clock_mhz = 1000;
  ideal->functions = fx->ideal_functions;
  ideal->blocks = fx->blocks;
  ideal->lines = fx->lines;
  ideal->total_instructions = 500000000;
  ideal->total_cycles = 730e6;
  ideal->estimated_blocks = 1;
  /* A core with the limits of Skylake's, and the cycles they set: the
   * estimated block's 100e6 (2.5 cycles, 40e6 times) by the rename
   * width, the rest by llvm-mca. */
  ideal->core = (struct ss_ideal_core){"Skylake", "skylake", 4, 2, 1, 3,
                                       "the manual"};
  ideal->bound_cycles[SS_BOUND_MODEL] = 630e6;
  ideal->bound_cycles[SS_BOUND_RENAME] = 100e6;
  /* Machine blocks by total cycles, then address. */
  fx_block(fx, 1, 0x401200, 4.0, 75000000, 1, "w.c", 22);
  fx_block(fx, 0, 0x401100, 12.5, 8000000, 1, "m.c", 5);
  fx_block(fx, 1, 0x401240, 2.5, 40000000, 0, "w.c", 23);
  fx->blocks[2].bound = SS_BOUND_RENAME;
  fx_block(fx, 5, 0x401300, 10.0, 8000000, 1, "h.c", 31);
  fx_block(fx, 7, 0x401400, 3.0, 0, 1, "u.c", 81);
  /* Lines by function id, file, line. */
  fx_line(fx, 0, "m.c", 5, 60e6, 30000000);
  fx_line(fx, 0, "m.c", 6, 40e6, 20000000);
  fx_line(fx, 0, "m.c", 7, 0, 0);
  fx_line(fx, 1, SS_INSTRUMENTATION_FILE, 0, 5e6, 5000000);
  fx_line(fx, 1, "w.c", 22, 300e6, 225000000);
  fx_line(fx, 1, "w.c", 23, 100e6, 75000000);
  fx_line(fx, 2, "a.c", 41, 60e6, 30000000);
  fx_line(fx, 3, "a.c", 51, 40e6, 20000000);
  fx_line(fx, 4, "f.c", 61, 50e6, 25000000);
  fx_line(fx, 5, "h.c", 31, 80e6, 75000000);
  /* The instruction mix (of 500e6 instructions). */
  struct ss_ideal_mix *mix = &ideal->mix;
  const uint64_t by_class[SS_IC_COUNT] = {
      [SS_IC_LOAD] = 150000000,  [SS_IC_STORE] = 50000000,
      [SS_IC_COND_BRANCH] = 60000000, [SS_IC_JUMP] = 10000000,
      [SS_IC_CALL] = 27000000,   [SS_IC_RETURN] = 27000000,
      [SS_IC_INT_MUL] = 5000000, [SS_IC_INT_DIV] = 1000000,
      [SS_IC_FP] = 20000000,     [SS_IC_FP_DIV] = 2000000,
      [SS_IC_VECTOR] = 40000000, [SS_IC_NOP] = 3000000};
  memcpy(mix->by_class, by_class, sizeof by_class);
  mix->by_isa[SS_ISA_BASE] = 430000000;
  mix->by_isa[SS_ISA_SSE] = 50000000;
  mix->by_isa[SS_ISA_AVX] = 20000000;
  mix->by_width[SS_WIDTH_GPR] = 440000000;
  mix->by_width[SS_WIDTH_128] = 50000000;
  mix->by_width[SS_WIDTH_256] = 10000000;
  fx->registers[0] = (struct ss_ideal_register_use){"rax", 200000000};
  fx->registers[1] = (struct ss_ideal_register_use){"rdi", 120000000};
  fx->registers[2] = (struct ss_ideal_register_use){"xmm0", 45000000};
  mix->registers = fx->registers;
  mix->num_registers = 3;
}

#endif
