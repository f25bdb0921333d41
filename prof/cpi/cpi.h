/*
 * cpi.h -- the join layer of ssprof (ssprof -cpi): the exact counts and
 * ideal time of a counting experiment joined with the samples of a
 * sampling experiment of the same binary.  Each row -- function, loop,
 * source line, machine block -- gets how often it ran (exact), its ideal
 * cycles, the cycles the samples measured there, both per execution and
 * per instruction (CPI), the cycles lost (measured less ideal), the
 * samples' statistical error and the likely cause of the gap, read from
 * what the data supports; time in code that was not instrumented is
 * named.  DCPI estimated each instruction's frequency from samples to
 * find its stalls; here the frequencies are exact.  Depends on ideal
 * (and counts, mcode, symbols below it) and samples (profile).
 */
#ifndef SSPROF_CPI_H
#define SSPROF_CPI_H

#include "ideal.h"
#include "samples.h"

#include <stddef.h>
#include <stdint.h>

/*
 * cpi_build.c -- the join.
 *
 * Rules (docs/ssprof.md repeats them for users):
 *  - The counting and the sampling experiment must be of one build: the
 *    objects of the counting run are matched to the sampling run's by
 *    build-id (by path when an object has none); ssprof checks the
 *    program's before the join (ssprof/family_cpi.c).
 *  - A sample counts where its PC is (the innermost frame of call-stack
 *    samples): in the machine block of ideal time that holds the address,
 *    at the source line of the instruction there (the instrumentation's
 *    instructions count for their block and its first line), in that
 *    block's function and in every loop that holds the block's counted
 *    block.  A sample in an instrumented function but in none of its
 *    listed blocks (code only the instrumentation runs) counts for the
 *    function alone.  Any other sample is in code that was not
 *    instrumented, grouped by the ELF symbol that holds it.
 *  - Measured cycles = samples x the sampling interval x the clock (the
 *    ideal time's: -clock, else the one the counting run recorded).  The
 *    ratio measured/ideal is the ratio of the seconds, whatever the
 *    clock.
 *  - A hwc experiment (_hwc, _hwctime, prof_hwc[time]) joins as well:
 *    a sample is one overflow of its counter and weighs the events the
 *    counter counted since the thread's previous sample (the overflow
 *    value in older files), so every row also has events (the sum of its
 *    samples' weights), per execution in the listings; with a profiled
 *    counter (prof_hwc's second counter) the events are that counter's.  Measured cycles then come
 *    from the events where they are time or cycles: task-clock and
 *    cpu-clock count nanoseconds (x the clock), a cycles event counts
 *    them; any other event (cache misses) measures no time, and the rows
 *    have events but no measured cycles (ss_cpi.timed is 0).
 *  - Every sample of the run counts (the counts cover the whole run:
 *    -calipers does not apply).
 */

/* What the data supports as a row's likely cause (cpi_cause.c). */
enum ss_cpi_cause {
  SS_CAUSE_NOT_RUN,        /* no executions */
  SS_CAUSE_NO_SAMPLES,     /* ran, no sample landed there */
  SS_CAUSE_FEW_SAMPLES,    /* too few samples to tell */
  SS_CAUSE_NO_IDEAL,       /* samples, but no ideal cycles to compare */
  SS_CAUSE_AT_IDEAL,       /* measured within noise of ideal */
  SS_CAUSE_BELOW_IDEAL,    /* measured well below ideal */
  SS_CAUSE_MEMORY,         /* above ideal; loads or stores, branches sure */
  SS_CAUSE_BRANCHES,       /* above ideal; unsure branches, no memory */
  SS_CAUSE_MEMORY_OR_BRANCHES,
  SS_CAUSE_UNEXPLAINED,    /* above ideal; neither memory nor branches */
  SS_CAUSE_NOT_TIMED       /* a hwc event that counts no time: events,
                              no measured cycles to compare */
};

struct ss_cpi_row {
  int executions_known;
  int64_t executions;     /* calls, iterations, line or block executions */
  uint64_t instructions;  /* program instructions executed, all executions */
  double ideal_cycles;    /* all executions */
  uint64_t samples;
  double sampled_cycles;  /* samples x interval x clock; of a hwc join,
                             from the events when they are time or cycles
                             (ss_cpi.timed), else 0 */
  double events;          /* hwc join: the sum of its samples' weights
                             (what the counter counted: ss_sample_weight;
                             overflows x overflow value in older files) */
  /* what the cause is read from, over all executions */
  double loads, stores;   /* executed program loads and stores */
  double branches;        /* executed conditional branches */
  double unsure_branches; /* of them, branches whose rarer way is taken
                             at least SS_CPI_UNSURE of the time */
  double unsure_minority; /* the largest such share among them */
  double bound_cycles[SS_BOUND_COUNT]; /* its ideal cycles by the limit
                                          that gave them */
  int bound;              /* SS_BOUND_* that gave most of them */
  enum ss_cpi_cause cause;
};

/* A branch that goes its rarer way this often may be mispredicted. */
#define SS_CPI_UNSURE 0.05
/* Fewer samples than this tell nothing (a 95% interval of +-62%). */
#define SS_CPI_MIN_SAMPLES 10

/* Code that was not instrumented: calls into it from instrumented code
 * (the counts) and the samples that landed in it, per name. */
struct ss_cpi_outside {
  const char *name;    /* the callee's, else the ELF symbol's; "?" */
  const char *symbol;  /* the ELF symbol the samples were in, when it is
                          not the name (an implementation behind it) */
  const char *dso;     /* basename of its object; "" when not known */
  int64_t calls;       /* from instrumented code; -1 when not known */
  uint64_t samples;
};

/* What the events of a hwc experiment count (ss_cpi_event_unit_of). */
enum ss_cpi_event_unit {
  SS_CPI_EVENT_NS,     /* task-clock, cpu-clock: nanoseconds */
  SS_CPI_EVENT_CYCLES, /* core cycles */
  SS_CPI_EVENT_OTHER   /* anything else: no time */
};
enum ss_cpi_event_unit ss_cpi_event_unit_of(const char *event);
/* The event's short name for a column head: "TASK_CLOCK" of
 * "perf::PERF_COUNT_SW_TASK_CLOCK", "L2_RQSTS:CODE_RD_MISS" as it is. */
const char *ss_cpi_event_short(const char *event);

struct ss_cpi {
  const struct ss_model *model;
  const struct ss_ideal *ideal;
  struct ss_loop_nest nest;
  double clock_mhz;
  uint64_t interval_ns;   /* of the first sampling file; of a hwc
                             experiment, the overflow value in events */
  int hwc;                /* a hwc experiment: rows have events */
  const char *event;      /* hwc: libpfm4's name of the event; else NULL */
  enum ss_cpi_event_unit event_unit; /* hwc: what its events count */
  int timed;              /* the samples measure time: 0 for a hwc event
                             other than time or cycles */
  double sample_seconds;  /* the time one sample weighs (0: not timed) */
  double sample_cycles;   /* the same in cycles at the clock */
  uint32_t sampling_kind; /* SS_SAMPLING_* */
  const char *experiment; /* of the sampling files: "fpcsamp", ... */
  uint64_t samples;       /* all samples of the run */
  uint64_t sampled_ns;    /* their time */
  uint64_t events;        /* hwc: their weights' sum, the counter's events */
  uint64_t instrumented_samples; /* in instrumented functions */
  uint64_t counting_samples;     /* of those, on the instrumentation's own
                                    instructions */
  uint64_t outside_samples;      /* in code not instrumented */
  struct ss_cpi_row total;       /* the program's instrumented code */
  struct ss_cpi_row *functions;  /* [model->num_functions] */
  struct ss_cpi_row *loops;      /* [model->num_loops] */
  struct ss_cpi_row *lines;      /* [ideal->num_lines] */
  struct ss_cpi_row *blocks;     /* [ideal->num_blocks] */
  struct ss_cpi_row *model_blocks; /* [model->num_blocks] */
  struct ss_cpi_outside *outside; /* by samples, then calls, descending */
  size_t num_outside;
  char **warnings;
  size_t num_warnings;
  char **strings;
  size_t num_strings, strings_cap;
};

/* Join `sampling` (a merged profile of sampling files) to the counts and
 * ideal time of `m` (which must be available); `symbols` names code that
 * was not instrumented.  Returns 0, or -1 with `err` set when no sample
 * could be read. */
int ss_cpi_build(struct ss_cpi *c, const struct ss_model *m,
                 const struct ss_ideal *ideal,
                 const struct ss_profile *sampling,
                 struct ss_elf_cache *symbols, struct ss_err *err);
void ss_cpi_release(struct ss_cpi *c);

/* Per-row arithmetic (cpi_rows.c).  Seconds of cycles at the clock. */
double ss_cpi_seconds(const struct ss_cpi *c, double cycles);
/* Cycles per instruction, ideal and measured; 0 without instructions. */
double ss_cpi_ideal_cpi(const struct ss_cpi_row *r);
double ss_cpi_sampled_cpi(const struct ss_cpi_row *r);
/* Measured over ideal cycles; 0 without ideal cycles. */
double ss_cpi_ratio(const struct ss_cpi_row *r);
/* The relative half-width of a 95% interval of the measured time
 * (1.96 / sqrt(samples), Poisson); 0 without samples. */
double ss_cpi_error(const struct ss_cpi_row *r);
/* A hwc join's events per execution; -1 when executions are not known or
 * none.  Its 95% interval is ss_cpi_error's (events are samples x the
 * overflow value). */
double ss_cpi_events_per_execution(const struct ss_cpi_row *r);
/* Measured less ideal cycles, all executions (negative when measured is
 * less). */
double ss_cpi_lost(const struct ss_cpi_row *r);

/* The row's cause, from its samples, ratio, memory accesses and branches
 * (cpi_cause.c), and the one line that says it, into `out`. */
enum ss_cpi_cause ss_cpi_cause_of(const struct ss_cpi_row *r);
void ss_cpi_cause_text(const struct ss_cpi_row *r, const char *per,
                       char *out, size_t size);
const char *ss_cpi_cause_name(enum ss_cpi_cause cause); /* for -json */
const char *ss_cpi_bound_name(int bound);

#endif
