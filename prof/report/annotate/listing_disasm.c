/*
 * listing_disasm.c -- -disasm: machine code with its costs, source lines
 * interleaved where the line changes.
 *
 * Ideal time: the hottest machine blocks (by total cycles; -q as for the
 * function list, else ten), each with its executions, the cycles of one
 * execution from the CPU model and their cycles per instruction, then
 * its instructions, each executed as often as the block; the
 * instrumentation's own instructions are marked and not counted.
 * Sampling: the hottest functions (as -source), their code from the
 * first to the last sampled instruction with the samples at each.
 */
#include "annotate.h"

#include "base.h"
#include "listing_ideal.h"
#include "quit_limit.h"
#include "text_format.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BLOCKS 10

struct source_state {
  struct ss_sources *sources;
  const char *file;
  uint32_t line;
};

/* "        file:line  text" when the instruction's line differs. */
static void print_source(FILE *out, struct source_state *s, const char *file,
                         uint32_t line) {
  if (!file || !line || (s->file && strcmp(s->file, file) == 0 && s->line == line))
    return;
  s->file = file;
  s->line = line;
  if (strcmp(ss_basename(file), SS_INSTRUMENTATION_FILE) == 0)
    return;
  int len = 0;
  struct ss_source_file *src = ss_source_get(s->sources, file);
  const char *text = ss_source_line(src, line, &len);
  fprintf(out, "%28s%s:%u  %.*s\n", "", ss_basename(file), line,
          text ? len : 0, text ? text : "");
}

static void ideal_block(FILE *out, const struct ss_listing *l,
                        const struct ss_ideal_view *v,
                        const struct ss_ideal_block *b,
                        struct source_state *s) {
  const struct ss_model_function *f = &l->model->functions[b->function];
  double total = b->cycles * (double)b->count;
  fprintf(out, "[%u] %s (", v->rank[b->function], f->name);
  ss_print_dso_place(out, f->dso, b->file, b->line);
  fprintf(out, ") @0x%08" PRIx64 "%s\n", b->address,
          b->exact ? "" : " (estimated count)");
  fprintf(out, "    %" PRId64 " executions x %.2f cycles = %.0f cycles "
          "(%.1f%%), %u instructions, %.2f cycles/instruction\n", b->count,
          b->cycles, total, ss_ideal_percent(v, total), b->instructions,
          b->instructions ? b->cycles / b->instructions : 0.0);
  fprintf(out, "%12s %14s  %s\n", "address", "executions", "instruction");
  s->file = NULL;
  for (uint32_t i = 0; i < b->num_insns; i++) {
    const struct ss_ideal_insn *in = &l->ideal->insns[b->first_insn + i];
    print_source(out, s, in->file, in->line);
    if (in->instrumentation)
      fprintf(out, "  0x%08" PRIx64 " %14s  %s   [instrumentation]\n",
              in->address, "-", in->text);
    else
      fprintf(out, "  0x%08" PRIx64 " %14" PRId64 "  %s\n", in->address,
              b->count, in->text);
  }
}

static void ideal_blocks(const struct ss_listing *l, struct source_state *s) {
  FILE *out = l->out;
  struct ss_ideal_view v;
  ss_ideal_view_build(&v, l);
  struct ss_quit_state state;
  ss_annot_quit_begin(&state, l, DEFAULT_BLOCKS);
  ss_print_title(out, "Machine code of the hottest blocks, by ideal time");
  for (size_t i = 0; i < l->ideal->num_blocks && ss_quit_allow(&state);
       i++) {
    const struct ss_ideal_block *b = &l->ideal->blocks[i];
    double total = b->cycles * (double)b->count;
    if (!(total > 0))
      break;
    if (i)
      fputc('\n', out);
    ideal_block(out, l, &v, b, s);
    ss_quit_account(&state, ss_ideal_percent(&v, total));
  }
  ss_ideal_view_release(&v);
}

static void sampled_function(FILE *out, const struct ss_listing *l,
                             uint32_t f, struct source_state *s) {
  const struct ss_sample_model *m = l->samples;
  const struct ss_sfunction *fn = &m->functions[f];
  double total = (double)m->samples;
  fprintf(out, "[%u] %s (", fn->rank, fn->name);
  ss_print_dso_place(out, fn->dso, fn->file, fn->line);
  fprintf(out, "): %" PRIu64 " samples (%.1f%%)\n", fn->excl_samples,
          total > 0 ? 100.0 * (double)fn->excl_samples / total : 0);
  struct ss_sample_insn *insns = NULL;
  char why[256] = "";
  size_t n = ss_sample_code(m, f, &insns, why, sizeof why);
  if (n == 0) {
    fprintf(out, "    (no machine code: %s)\n", why);
    free(insns);
    return;
  }
  fprintf(out, "%12s %10s %7s  %s\n", "address", "samples", "%",
          "instruction");
  s->file = NULL;
  for (size_t i = 0; i < n; i++) {
    const struct ss_sample_insn *in = &insns[i];
    print_source(out, s, in->file, in->line);
    if (in->samples)
      fprintf(out, "  0x%08" PRIx64 " %10" PRIu64 " %6.1f%%  %s\n",
              in->address, in->samples,
              total > 0 ? 100.0 * (double)in->samples / total : 0, in->text);
    else
      fprintf(out, "  0x%08" PRIx64 " %10s %7s  %s\n", in->address, ".", ".",
              in->text);
  }
  ss_sample_code_release(insns, n);
}

void ss_list_disasm(const struct ss_listing *l) {
  struct ss_sources sources;
  ss_sources_init(&sources, l);
  struct source_state s = {&sources, NULL, 0};
  if (l->samples) {
    uint32_t top[1024];
    size_t n = ss_annotated_functions(l, top, 1024);
    ss_print_title(l->out, "Machine code of the hottest functions, by "
                           "exclusive time");
    for (size_t i = 0; i < n; i++) {
      if (i)
        fputc('\n', l->out);
      sampled_function(l->out, l, top[i], &s);
    }
  } else {
    ideal_blocks(l, &s);
  }
  ss_sources_release(&sources);
}
