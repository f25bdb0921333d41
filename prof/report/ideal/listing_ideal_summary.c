/*
 * listing_ideal_summary.c -- the summary of ideal time, as the seeds' prof
 * prints it for an ideal experiment, with the CPU model and clock the
 * cycles and seconds come from.
 */
#include "listing.h"

#include "listing_ideal.h"

#include <inttypes.h>

void ss_list_ideal_summary(const struct ss_listing *l) {
  const struct ss_ideal *ideal = l->ideal;
  FILE *out = l->out;
  const char *experiment = l->model->profile && l->model->profile->experiment
                               ? l->model->profile->experiment
                               : "ideal";
  char text[64];
  ss_print_rule(out);
  fprintf(out, "Summary of ideal time data (%s)--\n", experiment);
  fprintf(out, "%16" PRIu64 ": Total number of instructions executed\n",
          ideal->total_instructions);
  fprintf(out, "%16.0f: Total computed cycles\n", ideal->total_cycles);
  fprintf(out, "%16.3f: Total computed execution time (secs.)\n",
          ss_ideal_seconds(ideal, ideal->total_cycles));
  fprintf(out, "%16.3f: Average cycles / instruction\n",
          ideal->total_instructions
              ? ideal->total_cycles / (double)ideal->total_instructions
              : 0.0);
  fprintf(out, "%16s: CPU model (llvm-mca)\n",
          ideal->cpu && ideal->cpu[0] ? ideal->cpu : "unknown");
  snprintf(text, sizeof text, "%.6g", ideal->clock_mhz);
  fprintf(out, "%16s: Clock frequency (MHz.)\n", text);
  if (ideal->estimated_blocks > 0)
    fprintf(out, "%16u: Machine blocks with estimated counts\n",
            ideal->estimated_blocks);
}
