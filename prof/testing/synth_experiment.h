/*
 * synth_experiment.h -- writes valid synthetic experiment files in the
 * layout of include/ss/format.h, for the prof unit and lit tests (the pass
 * and the runtime that produce real ones are developed in parallel).
 *
 * The program is one module, synth.c, with two functions:
 *
 *   10 int work(int n) {          // called from main: work(4), work(5), work(7)
 *   11   int s = 0;
 *   12   for (int i = 0; i < n; i++) {
 *   13     if (i % 3 == 0)
 *   14       s += helper(i);      // helper: not instrumented; may not return
 *   15     else s -= 1;
 *   16   }
 *   17   return s;
 *   18 }
 *   20 int main(void) {
 *   21   if (setjmp(env))         // helper(6) longjmps here in SYNTH_LONGJMP
 *   22     return 0;
 *   23   work(4);
 *   24   op(5);                   // op == work, through a function pointer
 *   25   work(7);
 *   26   return 1;
 *   27 }
 *
 * work's blocks: 0 entry (lines 11,12), 1 loop header (12), 2 if (13),
 * 3 call helper (14), 4 after the call (14), 5 else (15), 6 latch (12),
 * 7 return (17).  Edges (function-relative index: from -> to, kind):
 *   0 ENTRY->0 FUNC_ENTRY [counter 0]   7 3->EXIT NORETURN
 *   1 0->1 BRANCH                       8 4->6 BRANCH
 *   2 1->2 BRANCH                       9 5->6 BRANCH
 *   3 1->7 BRANCH [counter 1]          10 6->1 BRANCH backedge [counter 3]
 *   4 2->3 BRANCH                      11 7->EXIT RETURN
 *   5 2->5 BRANCH [counter 2]          12 EXIT->ENTRY CLOSE
 *   6 3->4 FALLTHROUGH
 * main's blocks: 0 entry calls setjmp (21), 1 setjmp receiver (21),
 * 2 tests its result (21), 3 work(4) (23), 4 op(5) (24), 5 work(7) (25),
 * 6 return 1 (26), 7 return 0 (22).  Edges:
 *   0 ENTRY->0 FUNC_ENTRY [counter 4]   8 4->EXIT NORETURN
 *   1 0->1 FALLTHROUGH                  9 4->5 FALLTHROUGH [counter 8]
 *   2 ENTRY->1 REENTRY                 10 5->EXIT NORETURN
 *   3 1->2 FALLTHROUGH                 11 5->6 FALLTHROUGH [counter 9]
 *   4 2->3 BRANCH [counter 5]          12 6->EXIT RETURN
 *   5 2->7 BRANCH [counter 6]          13 7->EXIT RETURN
 *   6 3->EXIT NORETURN                 14 EXIT->ENTRY CLOSE
 *   7 3->4 FALLTHROUGH [counter 7]
 * The counters are E - V + 1 per function (4 and 6), off a spanning tree
 * that holds every uncountable edge, as the pass places them.  main's
 * call at block 4 is indirect site 0.
 *
 * The counter values of each scenario are what the program would count;
 * the tests derive the expected block and edge counts by hand (see
 * test_flow_solver.c), never from this generator.
 */
#ifndef SYNTH_EXPERIMENT_H
#define SYNTH_EXPERIMENT_H

#include <stddef.h>
#include <stdint.h>

enum synth_scenario {
  SYNTH_LONGJMP,       /* helper(6) in work(7) longjmps back to main */
  SYNTH_NORMAL,        /* everything returns */
  SYNTH_FORKED_CHILD,  /* the child of a fork inside helper(3) of work(5) */
  SYNTH_INCONSISTENT   /* counters no run could produce */
};

enum synth_indirect_target {
  SYNTH_TARGET_WORK,       /* op == work: an instrumented function */
  SYNTH_TARGET_ELF_SYMBOL, /* inside synth_marker_function of this binary */
  SYNTH_TARGET_UNMAPPED    /* an address in no module: 0x1000 */
};

/* How the COUNTS records carry the descriptor (ss/format.h). */
enum synth_packing {
  SYNTH_RAW,             /* as it is */
  SYNTH_PACKED,          /* packed with zlib (method 1, as sscc emitted it) */
  SYNTH_PACKED_COLUMNS,  /* zlib of the arrays' columns (method 2, as sscc
                            emits it now) */
  SYNTH_PACKED_METHOD,   /* packed, but the header names method 3 */
  SYNTH_PACKED_CLAIM,    /* packed, claiming 2000 times the stream's size */
  SYNTH_PACKED_LONGER,   /* packed, claiming one byte more than it holds */
  SYNTH_PACKED_DAMAGED   /* packed, a byte in the middle of the stream flipped */
};

/* How the COUNTS records carry their counters, addresses and sites. */
enum synth_words {
  SYNTH_WORDS_FULL,          /* every word */
  SYNTH_WORDS_SPARSE,        /* SS_COUNTS_SPARSE, as libssrt writes them */
  SYNTH_WORDS_SPARSE_SHORT,  /* sparse, the last word missing */
  SYNTH_WORDS_SPARSE_PAST,   /* sparse, the mask marking a word past the end */
  SYNTH_WORDS_SPARSE_EXTRA   /* sparse, eight bytes more than the words */
};

enum synth_desc_fault {
  SYNTH_FAULT_NONE,
  SYNTH_FAULT_EDGE_ENDPOINT,  /* work edge 1 goes to block 99 */
  SYNTH_FAULT_COUNTER_INDEX,  /* work edge 0 uses counter 10 of 10 */
  SYNTH_FAULT_STRTAB_OFFSET,  /* work's name is past the string table */
  SYNTH_FAULT_BLOCK_RANGE,    /* main's blocks start at 14 (of 16) */
  SYNTH_FAULT_EDGE_RANGE,     /* main's edges run past the edge array */
  SYNTH_FAULT_LOOP_HEADER,    /* the loop's header is block 50 */
  SYNTH_FAULT_LOOP_PARENT,    /* the loop's parent is loop 5 */
  SYNTH_FAULT_CALL_BLOCK,     /* work's call is in block 40 */
  SYNTH_FAULT_INDIRECT_SITE,  /* main's indirect call uses site 3 of 1 */
  SYNTH_FAULT_LINE_RANGE,     /* a block's lines start at entry 1000 */
  SYNTH_FAULT_STRTAB_NUL,     /* the string table does not end in NUL */
  SYNTH_FAULT_SIZE,           /* the header claims one line too many */
  SYNTH_FAULT_VERSION,        /* descriptor version 5, newer than any reader */
  SYNTH_FAULT_EDGE_KIND,      /* an edge of kind 9 */
  SYNTH_FAULT_REMARK_STRING,  /* (with remarks) remark 1's text is past the
                                 string table */
  SYNTH_FAULT_REMARK_KIND,    /* (with remarks) remark 0 has kind 7 */
  SYNTH_FAULT_REMARK_VERSION, /* (with remarks) in a version 1 descriptor */
  SYNTH_FAULT_COUNT
};

/* Sampling files (synth_options.sampling_kind != 0) have no COUNTS; their
 * samples are given one by one, each `count` times. */
#define SYNTH_MAX_DEPTH 64

struct synth_sample {
  uint32_t count;   /* identical samples, >= 1 */
  uint32_t caliper; /* caliper points recorded before it */
  uint32_t thread;  /* thread index */
  uint16_t flags;   /* SS_SAMPLE_* */
  uint16_t depth;
  uint64_t addrs[SYNTH_MAX_DEPTH]; /* PC, then return addresses */
};

/* Trace files (synth_options.trace_kind != 0) have no COUNTS; their
 * events are given one by one. */
struct synth_event {
  uint32_t thread;  /* thread index */
  uint32_t caliper; /* caliper points recorded before it */
  uint32_t kind;    /* SS_FPE_* bits or enum ss_io_call */
  uint32_t object;  /* TRACE_NAMES index or SS_NONE */
  uint16_t flags;   /* SS_SAMPLE_*, SS_EVENT_* */
  uint16_t depth;
  uint64_t duration_ns;
  int64_t value[3];
  uint64_t addrs[SYNTH_MAX_DEPTH];
};

/* A module map entry besides the program's (build_id_len 0: none). */
struct synth_module {
  const char *path;
  uint64_t base, start, end;
  uint8_t build_id[20];
  uint32_t build_id_len;
  uint32_t flags; /* SS_MAP_* */
};

struct synth_options {
  enum synth_scenario scenario;
  enum synth_indirect_target target;
  enum synth_desc_fault fault;
  enum synth_packing packing;
  enum synth_words words;
  uint64_t base;           /* load bias of the program */
  uint32_t pid;
  int counts_twice;        /* the module loaded twice: two COUNTS records */
  int unknown_record;      /* add a record with an unknown tag (99) */
  int no_notes;            /* no NOTE records */
  int rebuilt;             /* a different build: one line number differs */
  /* the indirect site also reached this many targets beyond its slots:
   * an INDIRECT_TARGETS record after each COUNTS, target k at program
   * offset 0x1300 + 0x10 k with k + 1 calls, all of them in `other` too */
  uint32_t extra_targets;
  /* loop remarks (sscc -fss-remarks; a version 2 descriptor):
   *   synth.c:12 #<swpf> "wasn't vectorized because: call instruction
   *              cannot be vectorized; also: unrolled 2"  (work's loop)
   *   synth.c:13 #<swps> "completely unrolled (3 iterations)"  (inside
   *              work's loop, which starts at 12: joins it by its span)
   *   synth.c:5  #<swps> "replaced by a call to memset"  (no loop) */
  int remarks;
  uint16_t version_major;
  uint16_t version_minor;
  const char *experiment;
  const char *marching_orders;
  const char *target_path;
  const char *elf_path;    /* for SYNTH_TARGET_ELF_SYMBOL: this binary */
  /* sampling */
  uint32_t sampling_kind;  /* SS_SAMPLING_*; 0: a counting file */
  uint64_t interval_ns;
  uint32_t bin_bytes;
  const char *clock;
  uint32_t num_threads;
  uint64_t lost;
  uint32_t extra_calipers; /* caliper points between begin and exit */
  const struct synth_sample *samples;
  size_t num_samples;
  /* weights[i] follows each copy of samples[i] whose flags have
   * SS_SAMPLE_WEIGHT; NULL: none has */
  const uint64_t *weights;
  /* trace */
  uint32_t trace_kind;     /* SS_TRACE_*; 0: not a trace */
  uint32_t trace_flags;
  const char *trace_how;   /* the TRACE record's string; NULL: "synthetic trace" */
  const struct synth_event *events;
  size_t num_events;
  const char *const *names; /* TRACE_NAMES, each learnt as SS_NAME_OPENED */
  size_t num_names;
  uint32_t names_how;       /* enum ss_name_how of every name; 0: OPENED */
  /* the module map: the program's entry (replaced by main_module if
   * set), then `modules` */
  const struct synth_module *main_module;
  const struct synth_module *modules;
  size_t num_modules;
  /* MPI: a RANK record after PROCESS when mpi_job is set */
  const char *mpi_job;
  int32_t mpi_rank;
  uint32_t mpi_size;
  const uint64_t *usage;   /* 11 USAGE values, NULL: 1000, 2000, ... */
  int no_usage;
};

void synth_default_options(struct synth_options *o);

/* The file image (malloc'd), its size in *size. */
uint8_t *synth_build(const struct synth_options *o, size_t *size);

/* Write the image to `path`; 0 on success. */
int synth_write_file(const char *path, const struct synth_options *o);

/* Replace the CRC of every record with the CRC of its payload, after a
 * test changed bytes on purpose. */
void synth_fix_crcs(uint8_t *image, size_t size);

/* Offsets of each record header in a valid image; returns the count. */
size_t synth_record_offsets(const uint8_t *image, size_t size,
                            size_t *offsets, size_t max);

/* Fill `m` from the ELF file at `path` loaded at bias `base`: its
 * executable segments and its GNU build-id, read with this file's own ELF
 * parsing (not ssprof's).  Returns 0, or -1 if it is not a readable
 * 64-bit ELF file. */
int synth_module_from_elf(struct synth_module *m, const char *path,
                          uint64_t base);

/* Set the sampling kind, interval and bin width of an experiment name
 * (usertime, totaltime, pcsamp, fpcsamp, pcsampx, fpcsampx); the name
 * becomes the experiment.  Returns -1 for another name. */
int synth_set_sampling(struct synth_options *o, const char *experiment);

/* A function of this binary whose address the ELF test points into. */
int synth_marker_function(int x);

/* The load bias of this program (the first object dl_iterate_phdr
 * reports): its run-time address of a link-time address. */
uint64_t synth_load_bias(void);

#endif
