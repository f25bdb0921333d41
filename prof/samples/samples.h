/*
 * samples.h -- the sample-model layer of ssprof: the samples of a merged
 * sampling experiment (usertime, totaltime, [f]pcsamp[x]) selected by the
 * caliper window, symbolized (inlined frames included) and aggregated per
 * function, line and caller-callee edge by the call-stack layer, kept
 * whole (stacks, each thread's in order, sampled PCs), and the machine
 * code of a sampled function.  Depends on callstacks, profile, symbols,
 * mcode and the layers below them.
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
 *  - The whole stacks, each thread's sequence and the sampled PCs are the
 *    call-stack layer's (SS_CS_STACKS, SS_CS_LEAVES), in its order: stacks
 *    as first attributed, PCs by function id, module and address.
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

/* A distinct logical call stack of the selected samples: its frames
 * (function and the source line of each, innermost first) in
 * `stack_frames`, and its samples.  PC sampling: the innermost frame. */
struct ss_sframe {
  uint32_t function;
  uint32_t line; /* 0: unknown */
};

struct ss_sstack {
  uint32_t first_frame, depth; /* in stack_frames */
  uint64_t samples, ns;
};

/* One sampled thread (a SAMPLES record): its selected samples in the
 * order they were taken, as stack ids in `sequence`. */
struct ss_sthread {
  uint32_t file; /* profile file index */
  uint32_t tid;
  uint64_t interval_ns;
  size_t first, num; /* in sequence */
};

/* A sampled PC (the innermost frame's address, link-time in its module):
 * for machine-code annotation. */
struct ss_saddress {
  uint32_t function;
  const char *path; /* module path, "" outside every module */
  uint64_t vaddr;
  const char *file; /* source position, "" and 0 when unknown */
  uint32_t line;
  uint64_t samples, ns;
};

struct ss_sample_model {
  const struct ss_profile *profile;
  uint32_t kind;   /* SS_SAMPLING_* of the files */
  int callstacks;  /* usertime/totaltime/_hwctime: inclusive and edges */
  /* The hwc kinds: `interval_ns` is the overflow value and every `ns`
   * (sample weights) counts events, overflows x overflow value; `clock`
   * names the event. */
  int hwc;
  uint64_t interval_ns; /* of the first file */
  uint32_t bin_bytes;
  const char *clock;
  /* Files with exact counter totals (COUNTER_TOTALS; 0 when a file of
   * the merge has none): `counted_total` is what the weighed counter
   * counted, the whole run (every `ns` is a share of it);
   * `sampled_counter_total` the sampled counter's (they differ with a
   * profiled counter).  `profiled` names the counter profiled at the
   * overflows of `clock` (prof_hwc with a second counter), else NULL:
   * the weights, and so every `ns`, are its events. */
  int counted;
  uint64_t counted_total, sampled_counter_total;
  const char *profiled;
  /* selected samples (inside the caliper window) */
  uint64_t samples, ns, incomplete;
  /* as the runtime counted them, whole run, all files */
  uint64_t taken, lost;
  uint32_t threads;
  int calipers_given;
  struct ss_caliper_window *windows; /* [profile->num_files] */
  /* selected samples and their time per file (an MPI rank's rows) */
  uint64_t *file_samples, *file_ns; /* [profile->num_files] */
  struct ss_sfunction *functions;
  uint32_t num_functions;
  uint32_t *by_rank; /* function ids in [index] order */
  struct ss_sline *lines;
  size_t num_lines;
  struct ss_sedge *edges;
  size_t num_edges;
  struct ss_sstack *stacks; /* whole stacks (flame graphs, exports) */
  size_t num_stacks;
  struct ss_sframe *stack_frames;
  size_t num_stack_frames;
  struct ss_sthread *sampled_threads; /* in file, then record order */
  size_t num_sampled_threads;
  uint32_t *sequence; /* stack ids, each thread's in time order */
  uint64_t *sequence_ns; /* each one's sample's weight (`ns`) */
  size_t num_sequence;
  struct ss_saddress *addresses; /* sampled PCs, by function id, address */
  size_t num_addresses;
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

/*
 * sample_code.c -- the machine code of a sampled function, each
 * instruction with its samples (for -disasm): from the first sampled
 * instruction of the function to its last (at most 400 instructions),
 * decoded from the module the run mapped.
 */
struct ss_sample_insn {
  uint64_t address;  /* link-time */
  const char *text;  /* "mnemonic operands" */
  const char *file;  /* line-table row; NULL without one */
  uint32_t line;
  uint64_t samples, ns; /* with this PC innermost */
};

/* The instructions (malloc'd into *insns), or 0 with `why` set. */
size_t ss_sample_code(const struct ss_sample_model *m, uint32_t function,
                      struct ss_sample_insn **insns, char *why,
                      size_t why_size);
void ss_sample_code_release(struct ss_sample_insn *insns, size_t n);

/* Seconds of `ns` nanoseconds. */
static inline double ss_secs(uint64_t ns) { return (double)ns / 1e9; }

#endif
