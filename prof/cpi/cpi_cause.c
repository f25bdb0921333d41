/*
 * cpi_cause.c -- what a row's gap between measured and ideal time most
 * likely is, from what the data supports and no more.
 *
 * As DCPI does, every cause the data cannot rule out is a candidate:
 *  - the measured time must differ from ideal by more than the samples'
 *    noise (three standard errors, 3 / sqrt(samples)) and by more than
 *    the clock can (the clock a run recorded is nominal: a core in turbo
 *    or a virtual machine runs up to half as fast again): above ideal
 *    means measured/ideal is over ABOVE even at the low end of the noise,
 *    below means under BELOW at its high end; otherwise it runs at ideal
 *    speed, and the limit that gave most of its ideal cycles says what
 *    bounds it;
 *  - above ideal, memory is a candidate when the row loads or stores
 *    (ideal time takes every access as an L1 hit), mispredicted branches
 *    when a conditional branch of it goes its rarer way at least
 *    SS_CPI_UNSURE of the time (the counts say which way each went;
 *    whether the predictor foresaw it they do not).  A misprediction
 *    costs at most MISPREDICT_CYCLES, so mispredictions explain at most
 *    that many cycles per such branch execution: when that is under half
 *    the cycles lost, memory is named alone, with that share;
 *  - neither: the gap is not explained by the data (the front end, or a
 *    model that is wrong there).
 */
#include "cpi.h"

#include <math.h>
#include <stdio.h>

#define ABOVE 1.5
#define BELOW 0.5
/* More than any x86 core since Sandy Bridge loses to one misprediction
 * (Intel's and AMD's optimization manuals give 15 to 20 cycles). */
#define MISPREDICT_CYCLES 30.0

enum ss_cpi_cause ss_cpi_cause_of(const struct ss_cpi_row *r) {
  if (r->samples == 0)
    return r->executions_known && r->executions <= 0 &&
                   r->ideal_cycles <= 0
               ? SS_CAUSE_NOT_RUN
               : SS_CAUSE_NO_SAMPLES;
  if (r->samples < SS_CPI_MIN_SAMPLES)
    return SS_CAUSE_FEW_SAMPLES;
  if (!(r->ideal_cycles > 0))
    return SS_CAUSE_NO_IDEAL;
  double ratio = ss_cpi_ratio(r), noise = 3 / sqrt((double)r->samples);
  if (ratio * (1 + noise) < BELOW)
    return SS_CAUSE_BELOW_IDEAL;
  if (!(ratio * (1 - noise) > ABOVE))
    return SS_CAUSE_AT_IDEAL;
  int memory = r->loads + r->stores > 0, branches = r->unsure_branches > 0;
  if (memory && branches)
    return r->unsure_branches * MISPREDICT_CYCLES < 0.5 * ss_cpi_lost(r)
               ? SS_CAUSE_MEMORY
               : SS_CAUSE_MEMORY_OR_BRANCHES;
  if (memory)
    return SS_CAUSE_MEMORY;
  return branches ? SS_CAUSE_BRANCHES : SS_CAUSE_UNEXPLAINED;
}

const char *ss_cpi_bound_name(int bound) {
  switch (bound) {
  case SS_BOUND_RENAME:
    return "the rename width";
  case SS_BOUND_LOADS:
    return "the load ports";
  case SS_BOUND_STORES:
    return "the store ports";
  case SS_BOUND_MEMORY:
    return "address generation";
  default:
    return "dependencies and ports (llvm-mca)";
  }
}

const char *ss_cpi_cause_name(enum ss_cpi_cause cause) {
  static const char *const names[] = {
      "not run",  "no samples", "few samples", "no ideal time", "at ideal",
      "below ideal", "memory",  "branches",    "memory or branches",
      "unexplained", "not timed"};
  return (unsigned)cause < sizeof names / sizeof names[0] ? names[cause]
                                                          : "?";
}

/* "2 loads and 1 store an iteration", or, where an execution makes many
 * (a function called once), "21% of its instructions load, 9% store". */
static void accesses(const struct ss_cpi_row *r, const char *per, char *out,
                     size_t size) {
  double n = r->executions_known && r->executions > 0 ? (double)r->executions
                                                      : 0;
  if (n > 0 && (r->loads + r->stores) / n <= 100) {
    char l[48] = "", s[48] = "";
    if (r->loads > 0)
      snprintf(l, sizeof l, "%.3g load%s", r->loads / n,
               r->loads == n ? "" : "s");
    if (r->stores > 0)
      snprintf(s, sizeof s, "%.3g store%s", r->stores / n,
               r->stores == n ? "" : "s");
    snprintf(out, size, "%s%s%s%s", l, l[0] && s[0] ? " and " : "", s, per);
    return;
  }
  double insns = r->instructions ? (double)r->instructions : 1;
  if (r->loads > 0 && r->stores > 0)
    snprintf(out, size, "%.0f%% of its instructions load, %.0f%% store",
             100 * r->loads / insns, 100 * r->stores / insns);
  else
    snprintf(out, size, "%.0f%% of its instructions %s",
             100 * (r->loads + r->stores) / insns,
             r->loads > 0 ? "load" : "store");
}

void ss_cpi_cause_text(const struct ss_cpi_row *r, const char *per,
                       char *out, size_t size) {
  char acc[128];
  int bound = r->bound;
  double lost = ss_cpi_lost(r);
  switch (r->cause) {
  case SS_CAUSE_NOT_RUN:
    snprintf(out, size, "did not run");
    break;
  case SS_CAUSE_NO_SAMPLES:
    snprintf(out, size, "no samples landed here");
    break;
  case SS_CAUSE_FEW_SAMPLES:
    snprintf(out, size, "%llu sample%s: too few to tell (+-%.0f%%)",
             (unsigned long long)r->samples, r->samples == 1 ? "" : "s",
             100 * ss_cpi_error(r));
    break;
  case SS_CAUSE_NO_IDEAL:
    snprintf(out, size, "samples where ideal time has no cycles (code the "
             "instrumentation runs)");
    break;
  case SS_CAUSE_AT_IDEAL:
    snprintf(out, size, "at ideal speed, within the noise: bound by %s",
             ss_cpi_bound_name(bound));
    break;
  case SS_CAUSE_BELOW_IDEAL:
    snprintf(out, size, "faster than ideal: the model is too slow here, or "
             "its samples land in the code after it (skid)");
    break;
  case SS_CAUSE_MEMORY:
    accesses(r, per, acc, sizeof acc);
    if (r->unsure_branches > 0 &&
        r->unsure_branches * MISPREDICT_CYCLES >= 0.01 * lost)
      snprintf(out, size, "memory: %s, each taken as a cache hit; "
               "mispredicted branches explain at most %.0f%% of the loss",
               acc, 100 * r->unsure_branches * MISPREDICT_CYCLES / lost);
    else
      snprintf(out, size, "memory: %s, each taken as a cache hit (cache or "
               "TLB misses)", acc);
    break;
  case SS_CAUSE_BRANCHES:
    snprintf(out, size, "mispredicted branches: a branch goes its rarer way "
             "%.0f%% of the time; no memory access",
             100 * r->unsure_minority);
    break;
  case SS_CAUSE_MEMORY_OR_BRANCHES:
    accesses(r, per, acc, sizeof acc);
    snprintf(out, size, "memory (%s) or mispredicted branches (one goes its "
             "rarer way %.0f%% of the time)",
             acc, 100 * r->unsure_minority);
    break;
  case SS_CAUSE_NOT_TIMED:
    snprintf(out, size, "the event counts no time: events, no measured "
             "cycles");
    break;
  case SS_CAUSE_UNEXPLAINED:
    snprintf(out, size, "not memory, no uncertain branch: the front end, or "
             "the model");
    break;
  }
}
