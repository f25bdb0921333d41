/*
 * ldlatency.h -- the load-latency layer of ssprof: the sampled loads of a
 * merged ldlatency experiment (DCPI's dcpildlatency, seed 004) selected
 * by the caliper window, their latencies binned (the seed's latency-bins
 * file) and counted by the memory level that served them, per load
 * instruction (with its source line) and summed per procedure.  Depends
 * on callstacks, profile, symbols and the layers below them.
 *
 * Rules (docs/ldlatency.md repeats them):
 *  - One event is one sampled load: it weighs 1 sample, its latency in
 *    cycles, 1 sample and its latency at its memory level (its event
 *    kind: common/mem_level.h), 1 sample in the bin its latency falls in
 *    (bins of one NAME summed, as the seed's M1 and M2), or unbinned.
 *  - The bins: ssprof -bins FILE, else the run's (ssrun -ldlatency -bins:
 *    the TRACE_NAMES of the first file that has them), else the seed's
 *    example file (latency_bins.h).
 *  - A load instruction is its module and link-time address; a procedure
 *    is the function of its innermost logical frame (callstacks.h).
 *    Procedures rank by samples, then total latency; the instructions of
 *    a procedure by address.
 *  - Samples are what the CPU chose to tag (every Nth load, or above the
 *    latency threshold): the counts are samples, not loads; the averages
 *    and the shares are the sample's.
 */
#ifndef SSPROF_LDLATENCY_H
#define SSPROF_LDLATENCY_H

#include "callstacks.h"
#include "latency_bins.h"
#include "profile.h"
#include "symbols.h"

#include <stddef.h>
#include <stdint.h>

/* The weights of a sample: samples, cycles, then per memory level
 * (ss/format.h's enum ss_mem_level, 1..SS_MEM_LEVEL_LAST) samples and
 * cycles, then samples per bin group, and last the unbinned ones. */
enum { SS_LDLAT_W_SAMPLES, SS_LDLAT_W_CYCLES, SS_LDLAT_W_LEVELS };
static inline uint32_t ss_ldlat_w_level(uint32_t level) {
  return SS_LDLAT_W_LEVELS + 2 * (level - 1);
}
static inline uint32_t ss_ldlat_w_level_cycles(uint32_t level) {
  return ss_ldlat_w_level(level) + 1;
}
#define SS_LDLAT_W_GROUPS (SS_LDLAT_W_LEVELS + 2 * SS_MEM_LEVEL_LAST)

/* Bins of one NAME, in the order their names first appear. */
struct ss_ldlat_group {
  const char *name;
  uint64_t min, max; /* the lowest MIN and highest MAX of its lines */
};

struct ss_ldlat_model {
  const struct ss_profile *profile;
  const char *how;       /* the TRACE record's string */
  struct ss_latency_bins bins;
  const char *bins_from; /* "-bins FILE", "the run's bins", "the seed's ..." */
  struct ss_ldlat_group groups[SS_LATENCY_BINS_MAX];
  uint32_t num_groups;
  uint32_t group_of_bin[SS_LATENCY_BINS_MAX];
  uint32_t num_weights;  /* SS_LDLAT_W_GROUPS + num_groups + 1 */
  uint64_t *totals;      /* [num_weights], selected samples */
  uint64_t recorded, lost; /* as the runtime counted them, all files */
  uint32_t threads;
  int calipers_given;
  struct ss_caliper_window *windows; /* [profile->num_files] */
  /* functions (procedures) and leaves (load instructions), weighed */
  struct ss_callstacks stacks;
  char **warnings; /* whole lines after "ssprof: " */
  size_t num_warnings;
};

/* The weight of group g's samples, and of the unbinned ones. */
static inline uint32_t ss_ldlat_w_group(uint32_t g) {
  return SS_LDLAT_W_GROUPS + g;
}
static inline uint32_t ss_ldlat_w_unbinned(const struct ss_ldlat_model *m) {
  return SS_LDLAT_W_GROUPS + m->num_groups;
}

/* Builds the model of profile `p` (every file an ldlatency experiment).
 * `user_bins` (ssprof -bins, NULL if not given) is named `user_bins_name`
 * in the listing.  Returns -1 with `err` and *bad_file set when a file
 * does not fit (release it either way). */
int ss_ldlat_model_build(struct ss_ldlat_model *m, const struct ss_profile *p,
                         const struct ss_calipers *calipers,
                         struct ss_symbolizer *symbolizer,
                         const struct ss_latency_bins *user_bins,
                         const char *user_bins_name, struct ss_err *err,
                         const char **bad_file);

void ss_ldlat_model_release(struct ss_ldlat_model *m);

/* Whether `f` holds an ldlatency experiment (a TRACE record of that
 * kind). */
int ss_is_ldlatency_file(const struct ss_expfile *f);

#endif
