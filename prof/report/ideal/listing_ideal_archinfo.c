/*
 * listing_ideal_archinfo.c -- -archinfo: the executed instruction mix of
 * the ideal experiment (ideal.h, every instruction weighted by its
 * executions): instructions by class (an instruction may be in several:
 * `imul (%rdi), %eax` is a load and an integer multiply; classes that did
 * not occur are shown with 0), by instruction-set extension and by the
 * widest register they touch, then the registers by the executed
 * instructions that name them.  Percentages are of all executed
 * instructions.
 */
#include "listing.h"

#include "listing_ideal.h"

#include <inttypes.h>

static const char *const class_names[SS_IC_COUNT] = {
    [SS_IC_LOAD] = "loads",
    [SS_IC_STORE] = "stores",
    [SS_IC_COND_BRANCH] = "conditional branches",
    [SS_IC_JUMP] = "jumps (unconditional and indirect)",
    [SS_IC_CALL] = "calls",
    [SS_IC_RETURN] = "returns",
    [SS_IC_INT_MUL] = "integer multiply",
    [SS_IC_INT_DIV] = "integer divide",
    [SS_IC_FP] = "scalar floating point",
    [SS_IC_FP_DIV] = "floating-point divide and square root",
    [SS_IC_VECTOR] = "vector (SIMD, integer or floating point)",
    [SS_IC_NOP] = "no-ops",
};

static const char *const isa_names[SS_ISA_COUNT] = {
    [SS_ISA_BASE] = "base (general-purpose)",
    [SS_ISA_X87] = "x87",
    [SS_ISA_SSE] = "SSE (legacy encoding)",
    [SS_ISA_AVX] = "AVX, AVX2, FMA (VEX encoding)",
    [SS_ISA_AVX512] = "AVX-512 (EVEX encoding)",
};

static const char *const width_names[SS_WIDTH_COUNT] = {
    [SS_WIDTH_GPR] = "no vector register",
    [SS_WIDTH_128] = "128-bit (xmm)",
    [SS_WIDTH_256] = "256-bit (ymm)",
    [SS_WIDTH_512] = "512-bit (zmm)",
};

static double of_all(const struct ss_ideal *ideal, uint64_t n) {
  return ideal->total_instructions
             ? 100.0 * (double)n / (double)ideal->total_instructions
             : 0.0;
}

static void print_table(FILE *out, const struct ss_ideal *ideal,
                        const char *title, const char *what,
                        const uint64_t *counts, const char *const *names,
                        int n) {
  ss_print_title(out, title);
  fprintf(out, "%16s %7s  %s\n", "instructions", "%", what);
  for (int i = 0; i < n; i++)
    fprintf(out, "%16" PRIu64 " %6.1f%%  %s\n", counts[i],
            of_all(ideal, counts[i]), names[i]);
}

void ss_list_ideal_archinfo(const struct ss_listing *l) {
  const struct ss_ideal *ideal = l->ideal;
  const struct ss_ideal_mix *mix = &ideal->mix;
  FILE *out = l->out;
  char title[160];
  snprintf(title, sizeof title,
           "Instruction mix, executed instructions by class (%s)",
           ideal->cpu && ideal->cpu[0] ? ideal->cpu : "unknown CPU");
  print_table(out, ideal, title, "class", mix->by_class, class_names,
              SS_IC_COUNT);
  fprintf(out, "%16" PRIu64 " %6.1f%%  %s\n", ideal->total_instructions,
          ideal->total_instructions ? 100.0 : 0.0,
          "all (an instruction may be in several classes)");
  print_table(out, ideal,
              "Executed instructions by instruction-set extension",
              "extension", mix->by_isa, isa_names, SS_ISA_COUNT);
  print_table(out, ideal, "Executed instructions by widest register",
              "width", mix->by_width, width_names, SS_WIDTH_COUNT);
  ss_print_title(out, "Register usage, in descending order by uses");
  fprintf(out, "%16s %7s  %s\n", "uses", "%", "register");
  for (size_t i = 0; i < mix->num_registers; i++)
    fprintf(out, "%16" PRIu64 " %6.1f%%  %s\n", mix->registers[i].uses,
            of_all(ideal, mix->registers[i].uses), mix->registers[i].name);
}
