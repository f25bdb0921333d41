/*
 * listing_ideal_summary.c -- the summary of ideal time, as the seeds' prof
 * prints it for an ideal experiment, with the CPU model and clock the
 * cycles and seconds come from; the real core whose limits bound the
 * cycles (ideal->core) and how many cycles they set; the calls into code
 * that was not instrumented, which has no ideal time; and, when the run
 * recorded its resource usage, ideal time's share of its user time.
 */
#include "listing.h"

#include "listing_ideal.h"

#include <inttypes.h>
#include <string.h>

/* The core's limits (core_bounds.c) and the cycles they set. */
static void print_core(FILE *out, const struct ss_ideal *ideal) {
  const struct ss_ideal_core *c = &ideal->core;
  char text[64];
  if (!(c->rename_width > 0))
    return;
  if (!c->name) {
    snprintf(text, sizeof text, "%.6g", c->rename_width);
    fprintf(out, "%16s: Dispatch width of llvm-mca's model, the front end's "
                 "bound (no core for %s in ssprof's table)\n",
            text, ideal->cpu ? ideal->cpu : "?");
  } else {
    fprintf(out, "%16s: Core whose limits bound the cycles "
                 "(prof/ideal/core_bounds.c)\n",
            c->name);
    snprintf(text, sizeof text, "%.6g / %.6g / %.6g / %.6g", c->rename_width,
             c->loads, c->stores, c->memory);
    fprintf(out, "%16s: Fused micro-ops renamed / loads / stores / memory "
                 "operations a cycle, at most\n",
            text);
  }
  double bound = 0;
  for (int b = SS_BOUND_RENAME; b < SS_BOUND_COUNT; b++)
    bound += ideal->bound_cycles[b];
  snprintf(text, sizeof text, "%.1f%%",
           ideal->total_cycles > 0 ? 100 * bound / ideal->total_cycles : 0);
  fprintf(out, "%16s: Cycles set by those limits (the rest: llvm-mca's "
               "model)\n",
          text);
  if (ideal->unsimulated_blocks)
    fprintf(out, "%16u: Least-run blocks bounded by them alone, not "
                 "simulated (%.2f%% of the instructions)\n",
            ideal->unsimulated_blocks,
            ideal->total_instructions
                ? 100.0 * (double)ideal->unsimulated_instructions /
                      (double)ideal->total_instructions
                : 0.0);
}

/* Calls from instrumented code into code that was not instrumented. */
static void print_outside_calls(FILE *out, const struct ss_model *m) {
  int64_t calls = 0;
  char top[128] = "";
  int64_t most = 0;
  for (size_t i = 0; i < m->num_arcs; i++) {
    const struct ss_model_arc *a = &m->arcs[i];
    if (a->callee != SS_MODEL_NONE || a->caller == SS_MODEL_NONE ||
        a->count <= 0)
      continue;
    if (__builtin_add_overflow(calls, a->count, &calls))
      calls = INT64_MAX; /* a damaged file's counts */
    if (a->count > most && a->callee_name) {
      most = a->count;
      snprintf(top, sizeof top, "%s", a->callee_name);
    }
  }
  if (calls > 0)
    fprintf(out, "%16" PRId64 ": Calls into code not instrumented, no ideal "
                 "time (most: %s, %" PRId64 ")\n",
            calls, top, most);
}

/* Ideal time's share of the user time the run recorded (all files). */
static void print_user_share(FILE *out, const struct ss_listing *l) {
  const struct ss_profile *p = l->model->profile;
  uint64_t user_ns = 0;
  for (size_t i = 0; p && i < p->num_files; i++) {
    if (!p->files[i]->has_usage)
      return; /* a file without: no share to tell */
    user_ns += p->files[i]->usage.user_ns;
  }
  if (!p || p->num_files == 0 || user_ns == 0)
    return;
  double ideal = ss_ideal_seconds(l->ideal, l->ideal->total_cycles);
  double share = 100 * ideal / ((double)user_ns / 1e9);
  char text[64];
  snprintf(text, sizeof text, "%.1f%%", share);
  fprintf(out, "%16s: Ideal time's share of the run's user time, %.3f s ",
          text, (double)user_ns / 1e9);
  /* Ideal time is a lower bound only at the clock the core really ran:
   * above the run's time, the core ran faster than the clock assumed
   * (boost), or the model is slower than the core. */
  if (share > 100)
    fprintf(out, "(over 100%%: the core ran faster than the %.0f MHz "
                 "assumed, or the model is slower than the core; -clock MHz "
                 "sets the clock)\n",
            l->ideal->clock_mhz);
  else
    fprintf(out, "(the rest: memory, mispredicted branches, code not "
                 "instrumented, the counting)\n");
}

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
  print_core(out, ideal);
  print_outside_calls(out, l->model);
  print_user_share(out, l);
}
