/*
 * samples.h -- the sample-model layer of ssprof: the samples of a merged
 * sampling experiment (usertime, totaltime, [f]pcsamp[x]) selected by the
 * caliper window, symbolized (inlined frames included) and aggregated per
 * function, line and caller-callee edge.  Depends on profile, symbols and
 * the layers below them.
 */
#ifndef SSPROF_SAMPLES_H
#define SSPROF_SAMPLES_H

#include "profile.h"
#include "symbols.h"

#include <stddef.h>
#include <stdint.h>

/*
 * sample_model.c -- the samples of a merged sampling experiment (usertime,
 * totaltime, [f]pcsamp[x]), symbolized and summed for the listings by the
 * call-stack layer, whose rules they follow (callstacks.h; docs/ssprof.md
 * repeats them for users):
 *  - Only samples inside the -calipers window count (profile.h).
 *  - A sample's weights: 1 sample, and the interval of the file it came
 *    from in time.
 *  - Call-stack sampling (usertime, totaltime) gives exclusive and
 *    inclusive times and caller -> callee edges; PC sampling
 *    ([f]pcsamp[x]) the innermost frame only: exclusive time and lines.
 *  - [index] ranks: by inclusive time, then exclusive time, then callers
 *    before callees, then name (PC sampling: by time, then name).
 */

struct ss_sfunction {
  const char *name;
  const char *dso;  /* basename of the module path, "?" outside modules */
  const char *path; /* module path, "" outside modules */
  const char *file; /* definition file, "" if unknown */
  uint32_t line;    /* definition line, 0 if unknown */
  int by_address;   /* named by its address: nothing known about it */
  uint64_t excl_samples, incl_samples;
  uint64_t excl_ns, incl_ns;
  uint32_t rank; /* [index], from 1 */
  uint32_t depth; /* smallest distance from the outermost frame */
};

struct ss_sline {
  uint32_t function;
  const char *file;
  uint32_t line;
  uint64_t samples, ns;
};

struct ss_sedge {
  uint32_t caller, callee;
  uint64_t callsite; /* link-time address in the caller's module */
  int inlined;       /* an inlined instance, not a real call */
  const char *file;  /* position of the call in the caller */
  uint32_t line;
  uint64_t samples, ns;
};

struct ss_sample_model {
  const struct ss_profile *profile;
  uint32_t kind;   /* SS_SAMPLING_* of the files */
  int callstacks;  /* usertime/totaltime: inclusive times and edges */
  uint64_t interval_ns; /* of the first file */
  uint32_t bin_bytes;
  const char *clock;
  /* selected samples (inside the caliper window) */
  uint64_t samples, ns, incomplete;
  /* as the runtime counted them, whole run, all files */
  uint64_t taken, lost;
  uint32_t threads;
  int calipers_given;
  struct ss_caliper_window *windows; /* [profile->num_files] */
  struct ss_sfunction *functions;
  uint32_t num_functions;
  uint32_t *by_rank; /* function ids in [index] order */
  struct ss_sline *lines;
  size_t num_lines;
  struct ss_sedge *edges;
  size_t num_edges;
  char **warnings; /* whole lines after "ssprof: " */
  size_t num_warnings;
  char **strings; /* owned */
  size_t num_strings, strings_cap;
};

/* Is this file a sampling experiment (it has a SAMPLING record)? */
static inline int ss_is_sampling_file(const struct ss_expfile *f) {
  return f->has_sampling;
}

/* Build the model of a merged profile of sampling files; `symbolizer`
 * must outlive the model (its strings are used).  Returns -1 with `err`
 * set and *bad_file naming the file when the files cannot be used
 * together (another kind of sampling) or the caliper window is empty;
 * the model is then empty (releasing it is harmless). */
int ss_sample_model_build(struct ss_sample_model *m,
                          const struct ss_profile *p,
                          const struct ss_calipers *calipers,
                          struct ss_symbolizer *symbolizer,
                          struct ss_err *err, const char **bad_file);

void ss_sample_model_release(struct ss_sample_model *m);

/* Seconds of `ns` nanoseconds. */
static inline double ss_secs(uint64_t ns) { return (double)ns / 1e9; }

#endif
