/*
 * listing_ideal_blocks.c -- -basicblocks for ideal time, as the seeds'
 * prof: the machine blocks that ran, by total cycles (ideal.h sorts
 * them), with the cycles of one execution, the executions, the total and
 * its share of all cycles.  The address is the block's link-time address
 * in its DSO (what objdump -d shows); a block whose count was derived
 * rather than counted (code the code generator added) is marked
 * "(estimated)".
 */
#include "listing.h"

#include "listing_ideal.h"
#include "quit_limit.h"

#include <inttypes.h>

void ss_list_ideal_basic_blocks(const struct ss_listing *l) {
  const struct ss_ideal *ideal = l->ideal;
  FILE *out = l->out;
  ss_print_title(out, "Basic block list, in descending order by total "
                      "cycles");
  fprintf(out, "%6s %10s %14s %16s %7s  %s\n", "index", "cyc./cnt.",
          "counts", "total cycles", "%",
          "function (address; dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  size_t shown = 0;
  for (size_t i = 0; i < ideal->num_blocks && ss_quit_allow(&q); i++) {
    const struct ss_ideal_block *b = &ideal->blocks[i];
    if (b->count <= 0)
      continue;
    const struct ss_model_function *f = &l->model->functions[b->function];
    double total = b->cycles * (double)b->count;
    double pct = ideal->total_cycles > 0
                     ? 100.0 * total / ideal->total_cycles
                     : 0.0;
    fprintf(out, "%6zu %10.2f %14" PRId64 " %16.0f %6.1f%%  %s (@0x%08" PRIx64
            "; ", shown++, b->cycles, b->count, total, pct, f->name,
            b->address);
    ss_print_dso_place(out, f->dso, b->file, b->line);
    fputs(b->exact ? ")\n" : ") (estimated)\n", out);
    ss_quit_account(&q, pct);
  }
}
