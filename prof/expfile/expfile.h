/*
 * expfile.h -- the reader layer of ssprof: one experiment file read,
 * checked and decoded into host structs (its container, its records and
 * the module descriptors they carry).  A corrupt, truncated or foreign file
 * gets a one-line error, never a crash.  Depends on base.
 */
#ifndef SSPROF_EXPFILE_H
#define SSPROF_EXPFILE_H

#include "base.h"
#include "ss/format.h"

#include <stddef.h>
#include <stdint.h>

/*
 * descriptor.c -- the module descriptor blob (layout in ss/format.h),
 * decoded into host structs after every offset, range and index in it has
 * been checked.  Once ss_descriptor_parse() succeeds, every index and string
 * offset in the decoded arrays can be used without further checks:
 *   - function block/edge/call/loop ranges lie inside the module arrays,
 *     and every function has at least one block (block 0 is its entry);
 *   - edge endpoints are blocks of their function, SS_NODE_ENTRY or
 *     SS_NODE_EXIT, and kinds are known;
 *   - counters are < num_counters or SS_NONE, indirect sites are
 *     < num_indirect_sites or SS_NONE;
 *   - call blocks, loop headers and loop parents are valid;
 *   - remark kinds are known (SS_REMARK_*);
 *   - entries name functions of the module and blocks of them (or SS_NONE
 *     with SS_ENTRY_LOST, and no other flag);
 *   - every string offset is < strtab_size and the strtab ends in a NUL.
 */

struct ss_descriptor {
  const uint8_t *blob; /* the descriptor's bytes (inflated when packed) */
  uint64_t size;
  uint8_t *unpacked;   /* owned: `blob` when the file's bytes were packed */
  struct ss_desc_header header;
  struct ss_desc_function *functions;
  struct ss_desc_block *blocks;
  struct ss_desc_edge *edges;
  struct ss_desc_call *calls;
  struct ss_desc_loop *loops;
  struct ss_desc_line *lines;
  struct ss_desc_remark *remarks; /* [header.num_remarks] */
  struct ss_desc_entry *entries;  /* [header.num_entries] (version 3) */
  const char *strtab; /* points into blob */
};

/* Decode and check `size` bytes at `blob`, a descriptor or a packed one
 * (SS_DESC_PACKED_MAGIC), which is inflated into a buffer `d` owns; the
 * blob must outlive `d`.  Returns 0 on success, -1 with `err` set. */
int ss_descriptor_parse(const uint8_t *blob, uint64_t size,
                        struct ss_descriptor *d, struct ss_err *err);

void ss_descriptor_release(struct ss_descriptor *d);

static inline const char *ss_desc_str(const struct ss_descriptor *d,
                                      uint32_t offset) {
  return d->strtab + offset;
}

/* Is `node` a block of a function with `num_blocks` blocks, ENTRY or EXIT? */
static inline int ss_desc_node_valid(uint32_t node, uint32_t num_blocks) {
  return node < num_blocks || node == SS_NODE_ENTRY || node == SS_NODE_EXIT;
}

/*
 * expfile_records.c, expfile_load.c -- one experiment file, read and
 * checked, its records decoded into host structs.  Strings point into the
 * file image, which the struct owns; every string is NUL-terminated and
 * free of embedded NULs.
 */

struct ss_process_info {
  uint32_t pid, ppid;
  char code[5]; /* "m", "f", "e", "fe", "s", "p" */
  uint32_t num_cpus;
  uint32_t clock_mhz;
  int32_t exit_status;
  int32_t term_signal;
  uint64_t start_ns, end_ns, fault_pc;
  const char *experiment;      /* "ideal" */
  const char *marching_orders; /* "it:cu" */
  const char *target;          /* path of the target program */
  const char *argv;            /* its arguments, joined by spaces */
  const char *cwd;
  const char *host;
  const char *cpu_model;
  const char *abi;
};

/* RANK: the process was rank `rank` of MPI job `job` ("" unknown). */
struct ss_rank_info {
  int32_t rank;
  uint32_t size; /* 0 if unknown */
  uint32_t how;  /* enum ss_rank_how */
  const char *job;
};

struct ss_map_entry {
  uint64_t base, text_start, text_end;
  uint8_t build_id[20];
  uint32_t build_id_len;
  uint32_t flags; /* SS_MAP_* */
  const char *path;
};

struct ss_counts {
  uint32_t record_index; /* position of its record in the file */
  uint32_t map_index;    /* module map entry, or SS_NONE */
  uint32_t flags;
  uint32_t num_counters, num_functions, num_indirect_sites;
  uint64_t *counters;       /* [num_counters] */
  uint64_t *function_addrs; /* [num_functions], descriptor order */
  struct ss_indirect_site *sites; /* [num_indirect_sites] */
  /* The INDIRECT_TARGETS record after it: targets beyond the sites' slots,
   * each with its calls (a pair may repeat); their sum is part of the
   * site's `other`. */
  struct ss_indirect_target_entry *extra_targets;
  uint32_t num_extra_targets;
  struct ss_descriptor desc;
};

struct ss_note_entry {
  uint32_t kind; /* SS_NOTE_* */
  uint64_t time_ns;
  const char *text;
};

/* SAMPLING: how the samples were taken. */
struct ss_sampling_info {
  uint32_t kind;  /* enum ss_sampling_kind */
  uint32_t flags; /* SS_SAMPLING_* */
  uint64_t interval_ns;
  uint64_t samples, lost, incomplete; /* as the runtime counted them */
  uint32_t num_threads;
  uint32_t bin_bytes;
  const char *clock;
};

/* One SAMPLES record: the samples of one thread, still encoded (they are
 * walked with ss_sample_next once the whole record has been checked). */
struct ss_sample_block {
  uint32_t record_index;
  uint32_t thread_index, tid;
  uint64_t num_samples;
  const uint8_t *data; /* the first sample, inside the file image */
  uint64_t size;       /* bytes of all its samples */
};

/* COUNTER_TOTALS: the exact counts of the counters sampled on, summed
 * over the file's threads. */
struct ss_counter_totals_info {
  uint32_t num_threads, num_counters;
  uint64_t total[2]; /* [0] the sampled counter, [1] the profiled one */
  uint64_t enabled_ns, running_ns;
  const char *name[2]; /* name[1] NULL with one counter */
};

/* One decoded sample; `addrs` points at `depth` little-endian u64s. */
struct ss_sample_view {
  uint16_t depth, flags;
  uint32_t caliper;
  int weighted;    /* SS_SAMPLE_WEIGHT: `weight` is its own */
  uint64_t weight;
  const uint8_t *addrs;
};

/* TRACE: what a trace experiment recorded (fpe, io). */
struct ss_trace_info {
  uint32_t kind;  /* enum ss_trace_kind */
  uint32_t flags; /* SS_TRACE_* */
  uint64_t events, lost, incomplete; /* as the runtime counted them */
  uint32_t num_threads;
  uint64_t start_ns;
  const char *how;
};

/* One EVENTS record: the events of one thread, still encoded (walked with
 * ss_event_next once the whole record has been checked). */
struct ss_event_block {
  uint32_t record_index;
  uint32_t thread_index, tid;
  uint64_t num_events;
  const uint8_t *data; /* the first event, inside the file image */
  uint64_t size;       /* bytes of all its events */
};

/* One decoded event; `addrs` points at `depth` little-endian u64s. */
struct ss_event_view {
  uint16_t depth, flags;
  uint32_t caliper, kind, object;
  uint64_t time_ns, duration_ns;
  int64_t value[3];
  const uint8_t *addrs;
};

/* A TRACE_NAMES entry. */
struct ss_trace_name_entry {
  uint32_t how; /* enum ss_name_how */
  const char *name;
};

struct ss_expfile {
  char *name; /* as given by the user */
  uint8_t *data;
  uint64_t size;
  uint16_t version_major, version_minor;
  uint32_t num_records; /* including END */
  uint32_t num_unknown_records;
  int has_process;
  struct ss_process_info process;
  int has_rank; /* it ran under MPI */
  struct ss_rank_info rank;
  int has_map;
  struct ss_map_entry *map;
  uint32_t num_map;
  struct ss_counts *counts;
  size_t num_counts;
  struct ss_note_entry *notes;
  size_t num_notes;
  int has_usage;
  struct ss_rec_usage usage;
  int has_sampling;
  struct ss_sampling_info sampling;
  struct ss_sample_block *sample_blocks;
  size_t num_sample_blocks;
  uint64_t num_samples;         /* samples in all SAMPLES records */
  int has_counter_totals;
  struct ss_counter_totals_info counter_totals;
  uint32_t num_caliper_points;  /* SS_NOTE_CALIPER notes */
  int has_trace;
  struct ss_trace_info trace;
  struct ss_event_block *event_blocks;
  size_t num_event_blocks;
  uint64_t num_events; /* events in all EVENTS records */
  int has_names;
  struct ss_trace_name_entry *names;
  uint32_t num_names;
};

/* Check and decode the file image `data` (`size` bytes, malloc'd; `f` takes
 * ownership even on failure).  `name` is used in messages by the caller.
 * Returns 0, or -1 with `err` set (without the file name). */
int ss_expfile_parse(struct ss_expfile *f, const char *name, uint8_t *data,
                     uint64_t size, struct ss_err *err);

/* Read the whole file at `path` and parse it.  Returns NULL with `err` set. */
struct ss_expfile *ss_expfile_load(const char *path, struct ss_err *err);

void ss_expfile_free(struct ss_expfile *f);

/* Whether two files hold the same experiment byte for byte: one file
 * given twice, or a copy.  Two runs never write identical files (pids and
 * start times differ), so merging such a pair would count one run twice. */
int ss_expfile_same(const struct ss_expfile *a, const struct ss_expfile *b);

/* Decode the sample at *p (inside a checked block) and advance *p. */
void ss_sample_next(const uint8_t **p, struct ss_sample_view *s);

/* What a decoded sample of `f` weighs: its own weight (SS_SAMPLE_WEIGHT:
 * what its counter counted since the thread's previous sample), else the
 * file's interval (older files, timers). */
uint64_t ss_sample_weight(const struct ss_sample_view *s,
                          const struct ss_expfile *f);

/* Address `i` of a decoded sample. */
uint64_t ss_sample_addr(const struct ss_sample_view *s, uint32_t i);

/* Decode the event at *p (inside a checked block) and advance *p.  Every
 * event of a checked file has a kind its trace knows and an object that is
 * SS_NONE or below num_names. */
void ss_event_next(const uint8_t **p, struct ss_event_view *e);

#endif
