/*
 * ss/format.h -- the layouts shared by the three programs that touch counts:
 *
 *   pass/   writes a module descriptor (a byte blob, SS_DESC_*) into every
 *           instrumented object, next to the module's counter array;
 *   rt/     copies descriptors and counters into the experiment file
 *           (records, SS_REC_*) when the process ends;
 *   prof/   reads and checks experiment files and descriptors.
 *
 * Everything is little-endian and fixed-width.  Structs here are the exact
 * on-disk images (no implicit padding: every member is naturally aligned and
 * every struct's size is a multiple of 8).  docs/experiment-file.md explains
 * the design; keep the two in step.
 */
#ifndef SS_FORMAT_H
#define SS_FORMAT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SS_NONE 0xFFFFFFFFu /* "no such index / no counter / unknown" */

/* ------------------------------------------------------------------ */
/* Module descriptor: what the pass knows statically about one module. */
/* ------------------------------------------------------------------ */

#define SS_DESC_MAGIC "SSDESC\0\1" /* 8 bytes */
/*
 * Version 2 added the loop remarks (num_remarks, remarks[]); version 3 the
 * source functions' entries (num_entries, entries[], struct ss_desc_entry)
 * and with them the 80-byte header; version 4 functions whose entry counter
 * counts down (SS_FUNC_ENTRY_COUNTS_DOWN), which a reader of version 3
 * would take for counts near 2^64.  A writer puts the oldest version that
 * can hold its descriptor: 1 when it has none of these (the bytes are then
 * exactly those of a version 1 writer), 2 with remarks only, 3 with
 * entries, 4 with a function counting down; readers accept
 * SS_DESC_VERSION_MIN..SS_DESC_VERSION.
 */
#define SS_DESC_VERSION 4u
#define SS_DESC_VERSION_MIN 1u

/*
 * A packed descriptor: the blob below compressed with zlib (RFC 1950), as
 * the pass emits it when that is smaller, which it is for all but tiny
 * modules (4 to 5 times).  The object, the runtime's copy into every
 * experiment file and the file on disk all carry the packed bytes; a reader
 * inflates them and reads the result as any descriptor.
 */
#define SS_DESC_PACKED_MAGIC "SSDESCZ\1" /* 8 bytes */
#define SS_DESC_PACKED_ZLIB 1u
/* Method 2, what the pass writes now: before compression, each array's
 * records are stored column by column (byte 0 of every record, then byte 1,
 * ...; header and string table as they are: common/desc_columns.h).  The
 * fields that repeat from record to record then stand together, and the
 * packed descriptor is 3 to 4 times smaller than method 1's. */
#define SS_DESC_PACKED_ZLIB_COLUMNS 2u
struct ss_desc_packed {
  char magic[8];
  uint32_t method;        /* SS_DESC_PACKED_ZLIB or _ZLIB_COLUMNS */
  uint32_t reserved;      /* 0 */
  uint64_t unpacked_size; /* bytes of the descriptor once inflated */
  /* then the zlib stream, to the end of the blob */
};

/*
 * Blob layout: header, then the arrays in this order, each immediately after
 * the previous one:
 *   functions[num_functions], blocks[num_blocks], edges[num_edges],
 *   calls[num_calls], loops[num_loops], lines[num_lines],
 *   remarks[num_remarks], entries[num_entries] (version 3),
 *   strtab[strtab_size]
 * All "strtab" members are byte offsets of NUL-terminated strings in strtab.
 * Offset 0 is always the empty string.
 */
struct ss_desc_header {
  char magic[8];
  uint32_t version;
  uint32_t header_size; /* sizeof(struct ss_desc_header) */
  uint64_t module_hash; /* FNV-1a of the descriptor with this field zeroed */
  uint32_t module_name; /* strtab: the translation unit's main source file */
  uint32_t comp_dir;    /* strtab: compilation directory */
  uint32_t num_counters;
  uint32_t num_functions;
  uint32_t num_blocks;
  uint32_t num_edges;
  uint32_t num_calls;
  uint32_t num_loops;
  uint32_t num_lines;
  uint32_t num_indirect_sites;
  uint32_t strtab_size;
  uint32_t num_remarks; /* version 2; 0 (then "reserved") in version 1 */
  /* Version 3 only (versions 1 and 2 end here, at 72 bytes): */
  uint32_t num_entries;
  uint32_t reserved;
}; /* 80 bytes; header_size says 72 in versions 1 and 2 */

/*
 * Block markers (pass/MachineCodeMap.h, prof/mcode/elf_code.c): the pseudo probe
 * the pass puts at the start of block b of descriptor function f carries
 * GUID ss_marker_guid(module_hash, f) and index b, so the .pseudo_probe
 * table of the linked object gives the addresses of each function's blocks.
 * A block the pass made for the counter of edge e of f (a split critical
 * edge, a landing pad split for one invoke), which runs exactly as often
 * as the edge, has a marker with index num_blocks + e.
 */
static inline uint64_t ss_marker_guid(uint64_t module_hash, uint32_t function) {
  return module_hash + function;
}

/* Per-function ranges index the module-wide arrays. */
struct ss_desc_function {
  uint32_t name;      /* strtab: symbol (linkage) name */
  uint32_t demangled; /* strtab: demangled name; same as name for C */
  uint32_t file;      /* strtab: source file of the definition */
  uint32_t line;      /* line of the definition, 0 if unknown */
  uint32_t first_block, num_blocks;
  uint32_t first_edge, num_edges;
  uint32_t first_call, num_calls;
  uint32_t first_loop, num_loops;
  uint32_t flags;     /* SS_FUNC_* */
  /* 1 + the counter of the function's restarts, else 0 (earlier passes
   * wrote 0 here): the first call of a thread into the module finds no
   * counters, asks the runtime for them and runs the function again from
   * its entry, so the entry's code runs once more than the calls say. */
  uint32_t restart_counter;
}; /* 56 bytes */

#define SS_FUNC_LOCAL 0x1u /* internal linkage (static) */
/* No switch and no indirectbr in the function's IR, so no jump of its
 * machine code goes through a table or a computed address inside it: an
 * indirect jump there is a tail call through a pointer, which leaves. */
#define SS_FUNC_JUMPS_LEAVE 0x2u
/* Its FUNC_ENTRY edge's counter counts down from 0 (it holds minus the
 * count, modulo 2^64; a reader negates it before anything else).  In an
 * executable, where the counters are in static TLS, the entry of a function
 * that tests whether the runtime knows the thread's counters subtracts 1:
 * a borrow says this is the function's first call in the thread, which is
 * when the test is needed (docs/counting.md, "Where the test is"). */
#define SS_FUNC_ENTRY_COUNTS_DOWN 0x4u

/*
 * A "block" is a straight-line piece of code that either runs to its end or
 * not at all: an LLVM basic block of the optimized code, split after every
 * call that may not return (exit, longjmp, an exception, a fork in the
 * child), as gcov splits them.  Blocks are numbered per function; block 0 is
 * the entry block.
 */
struct ss_desc_block {
  uint32_t file;      /* strtab: file of the first instruction with a line */
  uint32_t line;      /* its line, 0 if none */
  uint32_t ir_block;  /* index of the LLVM basic block it belongs to */
  uint32_t flags;     /* SS_BLOCK_* */
  uint32_t first_line, num_lines; /* distinct (file, line) of its code */
}; /* 24 bytes */

#define SS_BLOCK_ENTRY 0x1u        /* first block of the function */
#define SS_BLOCK_CALL_END 0x2u     /* ends with a call that may not return */
#define SS_BLOCK_RETURN 0x4u       /* ends with ret/resume */
#define SS_BLOCK_LANDING_PAD 0x8u  /* starts an exception handler */
#define SS_BLOCK_SETJMP_RECV 0x10u /* empty block where setjmp returns */

/*
 * Source functions entered (version 3).  Before the optimizer runs, the pass
 * puts a marker at the start of every function's entry block (a pseudo
 * probe, which the optimizer carries along through inlining, tail-recursion
 * elimination, duplication and merging of blocks); after it, each marker
 * left is one entry here, the counted block it ended up in, and is
 * removed.  The block's executions are entries into the source function:
 * its calls as the source makes them, whether the call was inlined, turned
 * into a loop (the entry block is then the loop's header) or made.  A
 * marker duplicated with its block has one entry per copy (their counts add
 * up); an inlined copy of a function whose code remains but whose marker
 * the optimizer dropped has an entry with block SS_NONE and SS_ENTRY_LOST:
 * its entries are unknown.
 */
struct ss_desc_entry {
  uint32_t function;  /* descriptor function whose code holds the marker */
  uint32_t block;     /* its function-relative block; SS_NONE if lost */
  uint32_t callee;    /* strtab: linkage name of the source function entered */
  uint32_t demangled; /* strtab: its demangled name */
  uint32_t file;      /* strtab: its definition's file */
  uint32_t line;      /* its definition's line, 0 if unknown */
  uint32_t caller;    /* strtab: linkage name of the function it was inlined
                         into (the innermost; itself perhaps inlined);
                         empty when not inlined */
  uint32_t call_file; /* strtab: where it was inlined (the call's line) */
  uint32_t call_line;
  uint32_t flags;     /* SS_ENTRY_* */
}; /* 40 bytes */

#define SS_ENTRY_INLINED 0x1u /* an inlined copy's entry */
#define SS_ENTRY_LOST 0x2u    /* code of an inlined copy without its marker */

/* Pseudo nodes of a function's flow graph (Knuth's closed graph). */
#define SS_NODE_ENTRY 0xFFFFFFFEu
#define SS_NODE_EXIT 0xFFFFFFFDu

/*
 * Every edge of the closed flow graph.  Edges whose counter is SS_NONE lie
 * on the spanning tree and are recovered by flow conservation at every node
 * (blocks, ENTRY and EXIT).  The fake edges (NORETURN, REENTRY) and CLOSE are
 * never counted; they absorb the flow of calls that did not return, of
 * setjmp returning again, and of the frames that were live when a forked
 * child started or the process ended.
 */
struct ss_desc_edge {
  uint32_t from, to; /* function-relative block, SS_NODE_ENTRY or SS_NODE_EXIT */
  uint32_t counter;  /* module counter index, or SS_NONE if derived */
  uint16_t kind;     /* SS_EDGE_* */
  uint16_t flags;    /* SS_EDGEF_* */
}; /* 16 bytes */

enum ss_edge_kind {
  SS_EDGE_BRANCH = 1,      /* CFG edge between two LLVM basic blocks */
  SS_EDGE_FALLTHROUGH = 2, /* block ending in a call -> next block: it returned */
  SS_EDGE_FUNC_ENTRY = 3,  /* ENTRY -> block 0: one per call of the function */
  SS_EDGE_RETURN = 4,      /* block -> EXIT: ret, or resume of unwinding */
  SS_EDGE_NORETURN = 5,    /* fake block -> EXIT: the call in it did not return */
  SS_EDGE_REENTRY = 6,     /* fake ENTRY -> setjmp receiver: setjmp returned again */
  SS_EDGE_CLOSE = 7        /* EXIT -> ENTRY */
};

#define SS_EDGEF_BACKEDGE 0x1u /* source is inside the loop headed by `to` */
#define SS_EDGEF_EH 0x2u       /* unwind edge of an invoke */

struct ss_desc_call {
  uint32_t block;         /* function-relative block holding the call */
  uint32_t callee;        /* strtab: direct callee symbol; SS_NONE if indirect */
  uint32_t file;          /* strtab */
  uint32_t line;
  uint32_t indirect_site; /* module indirect-site index, or SS_NONE */
  /* strtab (version 3; 0 before): linkage name of the innermost function
   * the call's code was inlined from, the call's source caller; 0 (the
   * empty string) for the function's own code */
  uint32_t inlined_from;
}; /* 24 bytes */

struct ss_desc_loop {
  uint32_t header; /* function-relative block: first block of the header */
  uint32_t parent; /* function-relative loop index, or SS_NONE */
  uint32_t depth;  /* 1 for outermost */
  uint32_t file;   /* strtab */
  uint32_t line;
  uint32_t reserved;
}; /* 24 bytes */

struct ss_desc_line {
  uint32_t file; /* strtab */
  uint32_t line;
}; /* 8 bytes */

/*
 * One per source loop the optimizer reported on (sscc -fss-remarks): the
 * summary of the remarks of LLVM's loop passes, in the seeds' swps/swpf
 * style.  The compiler prints it as
 *   #<swps> Loop line <line> (<file>): <text>     (SS_REMARK_DONE)
 *   #<swpf> Loop line <line> (<file>) <text>      (SS_REMARK_FAILED)
 * `line` and `column` are the loop's start (its `for`, `while` or `do`), as
 * in ss_desc_loop; a loop the optimizer removed (completely unrolled,
 * deleted) keeps its remark but no ss_desc_loop names it.  Entries are in
 * source order.
 */
struct ss_desc_remark {
  uint32_t file;   /* strtab: source file of the loop, as ss_desc_loop.file */
  uint32_t line;   /* line of the loop's start */
  uint32_t column; /* its column, 0 if unknown */
  uint32_t kind;   /* SS_REMARK_* */
  uint32_t flags;  /* SS_REMARKF_*: what the optimizer did to the loop */
  uint32_t text;   /* strtab: the summary, after "Loop line N (file)" */
}; /* 24 bytes */

enum ss_remark_kind {
  SS_REMARK_DONE = 1,  /* #<swps>: transformed, and vectorized if the
                          vectorizer looked at it */
  SS_REMARK_FAILED = 2 /* #<swpf>: the vectorizer (or, when nothing was
                          done, another pass) failed, with its reasons */
};

#define SS_REMARKF_VECTORIZED 0x1u     /* loop-vectorize: vectorized */
#define SS_REMARKF_INTERLEAVED 0x2u    /* loop-vectorize: interleaved */
#define SS_REMARKF_UNROLLED 0x4u       /* loop-unroll, loop-unroll-and-jam */
#define SS_REMARKF_INTERCHANGED 0x8u   /* loop-interchange */
#define SS_REMARKF_DISTRIBUTED 0x10u   /* loop-distribute */
#define SS_REMARKF_FUSED 0x20u         /* loop-fusion */
#define SS_REMARKF_LICM 0x40u          /* licm hoisted, sank or promoted */
#define SS_REMARKF_SLP 0x80u           /* slp-vectorizer, in the loop's body */
#define SS_REMARKF_IDIOM 0x100u        /* loop-idiom: became memset/memcpy */
#define SS_REMARKF_DELETED 0x200u      /* loop-delete */
#define SS_REMARKF_FLATTENED 0x400u    /* loop-flatten */
#define SS_REMARKF_NOT_VECTORIZED 0x800u /* loop-vectorize said why not */

/* ------------------------------------------------------------------ */
/* Runtime ABI: what instrumented code hands to libssrt.              */
/* ------------------------------------------------------------------ */

#define SS_MODULE_ABI 4u
#define SS_INDIRECT_SLOTS 8

/* Targets seen at one indirect call site and how often each was called;
 * `other` counts calls to targets that found every slot taken.  This is
 * the site as the experiment file carries it (SS_REC_COUNTS). */
struct ss_indirect_site {
  uint64_t target[SS_INDIRECT_SLOTS];
  uint64_t count[SS_INDIRECT_SLOTS];
  uint64_t other;
}; /* 136 bytes */

/* In a running program a site is split: its targets, shared by all threads
 * (each slot claimed once, by compare-exchange), and its counts, kept with
 * the edge counters in each thread's set: SS_INDIRECT_COUNTS per site, one
 * per slot and then `other`. */
struct ss_indirect_targets {
  uint64_t target[SS_INDIRECT_SLOTS];
}; /* 64 bytes */
#define SS_INDIRECT_COUNTS (SS_INDIRECT_SLOTS + 1)

/* One per instrumented module (object file), emitted by the pass as a
 * writable global and registered from the module's constructor. */
struct ss_module {
  uint32_t abi_version; /* SS_MODULE_ABI */
  uint32_t num_counters; /* edge counters */
  /* [num_counters + num_indirect_sites * SS_INDIRECT_COUNTS]: the edge
   * counters, then the indirect-call counts of each site */
  uint64_t *counters;
  const uint8_t *descriptor;
  uint64_t descriptor_size;
  uint32_t num_functions;
  uint32_t num_indirect_sites;
  void *const *function_addrs; /* [num_functions], descriptor order */
  struct ss_indirect_targets *indirect_targets; /* [num_indirect_sites] */
  struct ss_module *next; /* owned by the runtime */
  uint64_t runtime_flags; /* owned by the runtime */
  void *counter_sets;     /* owned by the runtime: per-thread counters */
  /* CRC-32 of the descriptor, computed by the pass so the writer need not
   * read it again (large programs have megabytes of it); 0: not known. */
  uint64_t descriptor_crc;
};

/* Entry points the pass calls; defined in libssrt. */
void __ssrt_register_module(struct ss_module *m);
void __ssrt_unregister_module(struct ss_module *m);
/* The slow path of an indirect call's count (the code itself checks slot
 * 0): `counts` is the site's SS_INDIRECT_COUNTS in the thread's set. */
void __ssrt_indirect_call(struct ss_indirect_targets *site, void *target,
                          uint64_t *counts);
/* The same with LLVM's preserve_all convention (every register kept but
 * r11), called through the GOT (nonlazybind); x86-64 only.  Not a C
 * function: the pass calls it from its thunk (rt/counting/
 * indirect_call_regs.c). */
void __ssrt_indirect_call_regs(struct ss_indirect_targets *site, void *target,
                               uint64_t *counts);
/* Instrumented code counts into a per-thread copy of `counters`, found
 * through the module's thread-local pointer `*slot`; while that is NULL it
 * calls this, which gives the thread a set of counters, stores it in *slot
 * and returns it.  The file reports the sum over all sets. */
uint64_t *__ssrt_thread_counters(struct ss_module *m, uint64_t **slot);
/* In an executable the counters are thread-local themselves (static TLS,
 * one copy per thread from its start): instrumented code counts into the
 * running thread's copy `counts` directly and calls this while *slot is
 * NULL, so that the file also reports that copy, and takes its counts in
 * when the thread ends.  Stores counts in *slot and returns it. */
uint64_t *__ssrt_thread_counters_tls(struct ss_module *m, uint64_t **slot,
                                     uint64_t *counts);

/* ------------------------------------------------------------------ */
/* Experiment file: header, then tagged length-prefixed records.      */
/* ------------------------------------------------------------------ */

#define SS_FILE_MAGIC "SSEXP\r\n\x1a" /* 8 bytes; catches text-mode damage */
#define SS_FILE_VERSION_MAJOR 1u
#define SS_FILE_VERSION_MINOR 0u

struct ss_file_header {
  char magic[8];
  uint16_t version_major; /* readers refuse a newer major */
  uint16_t version_minor; /* readers accept any minor */
  uint32_t header_size;   /* sizeof(struct ss_file_header) */
  uint64_t reserved;
}; /* 24 bytes */

/*
 * Each record: this header, then `length` payload bytes, then zero padding
 * up to a multiple of 8.  `crc` is CRC-32 (IEEE, as zlib) of the payload.
 * Unknown tags are skipped.  The last record of a complete file is SS_REC_END.
 */
struct ss_record_header {
  uint32_t tag;
  uint32_t crc;
  uint64_t length;
}; /* 16 bytes */

enum ss_record_tag {
  SS_REC_PROCESS = 1,    /* struct ss_rec_process + strings */
  SS_REC_MODULE_MAP = 2, /* struct ss_rec_module_map + entries + strings */
  SS_REC_COUNTS = 3,     /* struct ss_rec_counts + arrays + descriptor */
  SS_REC_NOTE = 4,       /* struct ss_rec_note + text */
  SS_REC_USAGE = 5,      /* struct ss_rec_usage */
  SS_REC_SAMPLING = 6,   /* struct ss_rec_sampling + string */
  SS_REC_SAMPLES = 7,    /* struct ss_rec_samples + samples */
  SS_REC_TRACE = 8,      /* struct ss_rec_trace + string */
  SS_REC_EVENTS = 9,     /* struct ss_rec_events + events */
  SS_REC_TRACE_NAMES = 10, /* struct ss_rec_trace_names + entries + strings */
  SS_REC_INDIRECT_TARGETS = 11, /* struct ss_rec_indirect_targets + entries */
  SS_REC_RANK = 12,      /* struct ss_rec_rank + string (under MPI only) */
  SS_REC_COUNTER_TOTALS = 13, /* struct ss_rec_counter_totals + entries +
                                 strings (sampling on a counter) */
  SS_REC_END = 0x7FFFFFFF /* struct ss_rec_end */
};

/* Strings inside records are (u32 length, bytes, NUL) runs, as noted. */

struct ss_rec_process {
  uint32_t pid;
  uint32_t ppid;
  char code[4];         /* "m", "f", "e", "fe", "s", "p": seed file-name code */
  uint32_t num_cpus;
  uint32_t clock_mhz;   /* nominal clock of the machine, 0 if unknown */
  int32_t exit_status;  /* exit(n) value, or -1 */
  int32_t term_signal;  /* fatal signal number, or 0 */
  uint32_t reserved;
  uint64_t start_ns;    /* CLOCK_REALTIME at start */
  uint64_t end_ns;      /* CLOCK_REALTIME when written */
  uint64_t fault_pc;    /* PC interrupted by the fatal signal, or 0 */
  /* then strings: experiment name ("ideal"), marching orders ("it:cu"),
   * target path, argv joined by spaces, cwd, host name, CPU model, ABI */
}; /* 56 bytes */

struct ss_rec_module_map {
  uint32_t num_entries;
  uint32_t reserved;
  /* then num_entries x struct ss_rec_module_entry, then one string (the
   * path) per entry, in entry order */
};

struct ss_rec_module_entry {
  uint64_t base;       /* load bias (dlpi_addr) */
  uint64_t text_start; /* lowest address of executable segments */
  uint64_t text_end;   /* end of the highest one */
  uint8_t build_id[20];
  uint32_t build_id_len;
  uint32_t flags;      /* SS_MAP_* */
  uint32_t reserved;
}; /* 56 bytes */

#define SS_MAP_MAIN 0x1u     /* the executable */
#define SS_MAP_UNLOADED 0x2u /* was dlclose'd before the file was written */

/* Counts of one instrumented module. */
struct ss_rec_counts {
  uint32_t map_index;     /* entry in the module map, or SS_NONE */
  uint32_t flags;         /* SS_MAP_UNLOADED if it was dlclose'd;
                             SS_COUNTS_SPARSE */
  uint32_t num_counters;
  uint32_t num_functions;
  uint32_t num_indirect_sites;
  uint32_t reserved;
  uint64_t descriptor_size;
  /* then: uint64 counters[num_counters];
   *       uint64 function_addrs[num_functions];
   *       struct ss_indirect_site sites[num_indirect_sites];
   *       descriptor blob (descriptor_size bytes) */
}; /* 32 bytes */

/* The words of counters[], function_addrs[] and sites[] (as u64s, in that
 * order) are stored in groups of 64 (the last one shorter): a u64 mask,
 * bit j set when word j of the group is not zero, then those words only.
 * Most of a large program's counters and call sites stay zero in a run:
 * the file is smaller and quicker to write (docs/experiment-file.md). */
#define SS_COUNTS_SPARSE 0x4u
#define SS_COUNTS_GROUP 64u

/* The targets of a module's indirect call sites that found every one of
 * the site's SS_INDIRECT_SLOTS slots taken, each with its calls: right
 * after the module's COUNTS record, when there are any.  The entries run
 * to the end of the payload; a (site, target) pair may appear more than
 * once (a reader adds them).  The site's `other` in the COUNTS record
 * still counts all these calls: what it has beyond the entries' sum went
 * unrecorded. */
struct ss_rec_indirect_targets {
  uint32_t num_indirect_sites; /* the module's, as its COUNTS record says */
  uint32_t reserved;
  /* then struct ss_indirect_target_entry entries[] */
}; /* 8 bytes */

struct ss_indirect_target_entry {
  uint32_t site;   /* the module's indirect-site index */
  uint32_t reserved;
  uint64_t target; /* run-time address */
  uint64_t count;
}; /* 24 bytes */

struct ss_rec_note {
  uint32_t kind; /* SS_NOTE_* */
  uint32_t reserved;
  uint64_t time_ns; /* CLOCK_REALTIME */
  /* then one string */
};

enum ss_note_kind { SS_NOTE_TEXT = 0, SS_NOTE_CALIPER = 1 };

struct ss_rec_usage { /* getrusage(RUSAGE_SELF) at write time */
  uint64_t real_ns, user_ns, sys_ns;
  uint64_t majflt, minflt, nswap, inblock, oublock, nvcsw, nivcsw, maxrss_kb;
}; /* 88 bytes */

/* How a sampling experiment sampled (usertime, totaltime, [f]pcsamp[x]);
 * one per file, before the SAMPLES records. */
struct ss_rec_sampling {
  uint32_t kind;        /* enum ss_sampling_kind */
  uint32_t flags;       /* SS_SAMPLING_* */
  uint64_t interval_ns; /* 30 ms usertime/totaltime, 10 ms pcsamp, 1 ms fpcsamp */
  uint64_t samples;     /* samples taken, all threads (kept + lost) */
  uint64_t lost;        /* samples dropped: a thread's buffer was full */
  uint64_t incomplete;  /* kept samples whose call stack stopped early */
  uint32_t num_threads; /* threads that were sampled */
  uint32_t bin_bytes;   /* pcsamp bin width shown in the listing: 2, or 4 (x) */
  /* then one string: the clock, e.g. "CLOCK_THREAD_CPUTIME_ID timer" or
   * "perf_event cpu-clock" */
}; /* 48 bytes */

enum ss_sampling_kind {
  SS_SAMPLING_USERTIME = 1,  /* thread CPU time, call stacks */
  SS_SAMPLING_TOTALTIME = 2, /* wall clock, call stacks, blocked time too */
  SS_SAMPLING_PCSAMP = 3,    /* thread CPU time, PC only */
  /* Overflows of a perf_event counter per thread (the _hwc, _hwctime and
   * prof_hwc[time] experiments): `interval_ns` is then the overflow value
   * in events (a sample weighs that many events), and the string names
   * the event as libpfm4 spells it ("perf::PERF_COUNT_SW_TASK_CLOCK"). */
  SS_SAMPLING_HWC = 4,       /* PC only */
  SS_SAMPLING_HWCTIME = 5    /* call stacks */
};

#define SS_SAMPLING_CALLSTACKS 0x1u /* samples carry call stacks */

/* The samples of one thread (a thread may have several such records).
 * Each sample is a struct ss_sample followed by `depth` uint64 addresses:
 * the interrupted PC first, then return addresses outward (a reader looks
 * up return address - 1 to find the call).  Samples are in time order. */
struct ss_rec_samples {
  uint32_t thread_index; /* 0 for the first thread sampled (main) */
  uint32_t tid;
  uint64_t num_samples;
  /* then the samples */
}; /* 16 bytes */

struct ss_sample {
  uint16_t depth;   /* addresses that follow, >= 1 */
  uint16_t flags;   /* SS_SAMPLE_* */
  uint32_t caliper; /* caliper points recorded before this sample */
}; /* 8 bytes */

#define SS_SAMPLE_INCOMPLETE 0x1u /* the stack walk stopped before the
                                     outermost frame */
#define SS_SAMPLE_TRUNCATED 0x2u  /* stopped at the depth limit */
/* A uint64 weight follows the header, before the addresses: what the
 * sample stands for, in the sampling's unit (nanoseconds or events) --
 * for samples taken on a perf_event counter, what the counter (or the
 * profiled counter, SS_REC_COUNTER_TOTALS) counted on the thread since
 * its previous sample.  Without it a sample weighs `interval_ns`. */
#define SS_SAMPLE_WEIGHT 0x4u

/* The exact totals of the counters a sampling experiment sampled on (the
 * hwc experiments; usertime and pcsamp on the task clock): one record per
 * file, after the SAMPLES records, one entry per sampled thread, read
 * when the thread ended or when the file was written.  The counters'
 * names follow the entries, sampled counter first. */
struct ss_rec_counter_totals {
  uint32_t num_threads;
  uint32_t num_counters; /* 1; 2 when a second counter was profiled at the
                            first one's overflows (prof_hwc with
                            $_SPEEDSHOP_HWC_COUNTER_PROF_NUMBER) */
  /* then num_threads x struct ss_counter_total, then num_counters
   * strings */
}; /* 8 bytes */

struct ss_counter_total {
  uint32_t thread_index;
  uint32_t tid;
  uint64_t count[2];  /* [0] the sampled counter, [1] the profiled one */
  uint64_t enabled_ns, running_ns; /* the sampled counter's (multiplexing) */
}; /* 40 bytes */

/*
 * Trace experiments (fpe, io, heap; mpi to come): every event of a kind
 * recorded exactly, with its call stack.  One TRACE record per file says
 * what was traced and how; each traced thread's events follow in EVENTS
 * records (in time order); TRACE_NAMES names the things events refer to
 * (io: the files).  The layout of an event is the same for every trace;
 * what its `kind`, `object` and `value` fields mean is the trace's.
 */
struct ss_rec_trace {
  uint32_t kind;        /* enum ss_trace_kind */
  uint32_t flags;       /* SS_TRACE_*: what the trace recorded */
  uint64_t events;      /* events recorded, all threads (kept + lost) */
  uint64_t lost;        /* events dropped: a thread's buffer was full */
  uint64_t incomplete;  /* kept events whose call stack stopped early */
  uint32_t num_threads; /* threads with an EVENTS record */
  uint32_t reserved;
  uint64_t start_ns;    /* CLOCK_MONOTONIC when the trace started; event
                           times count from it */
  /* then one string: how the events were caught, e.g. "SSE traps,
   * single-stepped" */
}; /* 48 bytes */

enum ss_trace_kind {
  SS_TRACE_FPE = 1, /* floating-point exceptions */
  SS_TRACE_IO = 2,  /* I/O system calls */
  SS_TRACE_HEAP = 3, /* allocations and releases */
  SS_TRACE_MPI = 4,  /* MPI calls (PMPI interposition, libssmpi.so) */
  /* Sampled loads with their latency (ssrun -ldlatency: Intel PEBS load
   * latency, AMD IBS op sampling; docs/ldlatency.md).  Not exact: each
   * event is one sampled load.  Its event: depth 1, the load's own PC
   * (the CPU's precise address, not an interrupted PC); kind the memory
   * level that served it (enum ss_mem_level, from value[2]); object
   * SS_NONE; value[0] the latency in core cycles, value[1] the data
   * address, value[2] the kernel's perf_mem_data_src (0: none given).
   * TRACE_NAMES, when present, holds the latency bins of the run
   * (SS_NAME_LATENCY_BIN: "MIN MAX REP NAME", a line of the seeds'
   * latency-bins file), in file order. */
  SS_TRACE_LDLATENCY = 5
};

/* ldlatency: where a sampled load was served from, decoded from
 * perf_mem_data_src (common/mem_level.h). */
enum ss_mem_level {
  SS_MEM_L1 = 1,     /* L1 data cache hit */
  SS_MEM_LFB = 2,    /* line fill buffer: a miss already under way */
  SS_MEM_L2 = 3,
  SS_MEM_L3 = 4,     /* the last-level cache (L3, L4, "any cache") */
  SS_MEM_DRAM = 5,   /* local memory */
  SS_MEM_REMOTE = 6, /* another socket's cache or memory */
  SS_MEM_OTHER = 7,  /* I/O, uncached, PMEM, a miss with no level, none */
  SS_MEM_LEVEL_LAST = SS_MEM_OTHER
};

/* fpe: the exceptions trapped (inexact only when asked). */
#define SS_TRACE_FPE_INEXACT 0x1u
/* io: the C library's own calls (stdio) were traced too. */
#define SS_TRACE_IO_STDIO 0x1u
/* heap: the file is a forked child's (it releases blocks its parent
 * allocated); the executable defines malloc itself (its calls to the
 * malloc family were not seen). */
#define SS_TRACE_HEAP_FORKED 0x1u
#define SS_TRACE_HEAP_OWN_MALLOC 0x2u

/* The events of one thread (a thread may have several such records). */
struct ss_rec_events {
  uint32_t thread_index; /* 0 for the first thread traced (main) */
  uint32_t tid;
  uint64_t num_events;
  /* then the events: each a struct ss_event and `depth` uint64 addresses,
   * innermost first */
}; /* 16 bytes */

struct ss_event {
  uint16_t depth;   /* addresses that follow, >= 1 */
  uint16_t flags;   /* SS_SAMPLE_INCOMPLETE, SS_SAMPLE_TRUNCATED,
                       SS_EVENT_* */
  uint32_t caliper; /* caliper points recorded before this event */
  uint32_t kind;    /* fpe: SS_FPE_* bits; io: enum ss_io_call; heap:
                       enum ss_heap_call */
  uint32_t object;  /* io: TRACE_NAMES index of the file, SS_NONE if not
                       known; fpe: enum ss_fpe_how; heap: the alignment
                       asked for, 0 if none */
  uint64_t time_ns;     /* since ss_rec_trace.start_ns */
  uint64_t duration_ns; /* io, heap: the call's elapsed time (heap: 0 for
                           a release); fpe: 0 */
  int64_t value[3];     /* io, heap: see enum ss_io_call, ss_heap_call;
                           fpe: 0 */
}; /* 56 bytes */

/* The first address is a return address (the call into the traced
 * function), not the address of the instruction the event happened at:
 * a reader looks it up at address - 1 like the others. */
#define SS_EVENT_LEAF_IS_CALL 0x4u
/* heap: the block released (value[1]) was allocated before the trace
 * started (another library's constructor): not an error. */
#define SS_EVENT_HEAP_UNTRACED 0x8u

/* fpe event kinds: the IEEE exceptions one instruction raised (an
 * instruction may raise several: overflow is also inexact). */
#define SS_FPE_INVALID 0x1u
#define SS_FPE_DIVBYZERO 0x2u
#define SS_FPE_OVERFLOW 0x4u
#define SS_FPE_UNDERFLOW 0x8u
#define SS_FPE_INEXACT 0x10u

enum ss_fpe_how {
  SS_FPE_TRAPPED = 0,   /* trapped, counted and stepped over (SSE) */
  SS_FPE_DELIVERED = 1, /* enabled by the program: its SIGFPE followed */
  SS_FPE_RAISED = 2     /* raised by feraiseexcept (no instruction) */
};

/* io event kinds.  value[0] is the call's result (bytes moved, the new
 * descriptor, the new offset; -errno when it failed); value[1] the
 * descriptor it worked on (-1 if none); value[2] the bytes asked for
 * (read, write and their relatives), the second descriptor (dup2, dup3:
 * the one asked for; pipe: the write end; sendfile: the input), else 0. */
enum ss_io_call {
  SS_IO_READ = 1,
  SS_IO_READV = 2,
  SS_IO_PREAD = 3,
  SS_IO_PREADV = 4,
  SS_IO_WRITE = 5,
  SS_IO_WRITEV = 6,
  SS_IO_PWRITE = 7,
  SS_IO_PWRITEV = 8,
  SS_IO_OPEN = 9,
  SS_IO_OPENAT = 10,
  SS_IO_CREAT = 11,
  SS_IO_CLOSE = 12,
  SS_IO_DUP = 13,
  SS_IO_DUP2 = 14,
  SS_IO_DUP3 = 15,
  SS_IO_PIPE = 16,
  SS_IO_PIPE2 = 17,
  SS_IO_LSEEK = 18,
  SS_IO_FSYNC = 19,
  SS_IO_FDATASYNC = 20,
  SS_IO_SENDFILE = 21,
  SS_IO_CALL_LAST = SS_IO_SENDFILE
};

/* heap event kinds.  value[0] is the block returned (0: none, the call
 * failed or released only), value[1] the block released (free, delete,
 * realloc's old block; 0 if none), value[2] the bytes asked for (calloc,
 * reallocarray: the product, INT64_MAX when it overflows).  An allocation's
 * time_ns is when the call returned, a release's when it was made.
 * realloc and reallocarray release value[1] when they return a block, or
 * when they were asked for 0 bytes and returned none (glibc frees). */
enum ss_heap_call {
  SS_HEAP_MALLOC = 1,
  SS_HEAP_CALLOC = 2,
  SS_HEAP_REALLOC = 3,
  SS_HEAP_REALLOCARRAY = 4,
  SS_HEAP_POSIX_MEMALIGN = 5,
  SS_HEAP_ALIGNED_ALLOC = 6,
  SS_HEAP_MEMALIGN = 7,
  SS_HEAP_VALLOC = 8,
  SS_HEAP_PVALLOC = 9,
  SS_HEAP_FREE = 10,
  SS_HEAP_NEW = 11,          /* operator new, every form but the arrays */
  SS_HEAP_NEW_ARRAY = 12,    /* operator new[] */
  SS_HEAP_DELETE = 13,       /* operator delete, every form but [] */
  SS_HEAP_DELETE_ARRAY = 14, /* operator delete[] */
  SS_HEAP_CALL_LAST = SS_HEAP_DELETE_ARRAY
};

/* What io events' `object` indexes: one entry per distinct name. */
struct ss_rec_trace_names {
  uint32_t num_names;
  uint32_t reserved;
  /* then num_names x struct ss_trace_name, then one string per name */
}; /* 8 bytes */

struct ss_trace_name {
  uint32_t how; /* enum ss_name_how */
  uint32_t reserved;
}; /* 8 bytes */

enum ss_name_how {
  SS_NAME_OPENED = 1,   /* the path given to open, openat or creat */
  SS_NAME_PIPE = 2,     /* made by pipe: "pipe (read end)", ... */
  SS_NAME_INHERITED = 3, /* a descriptor the program did not open here:
                            what /proc/self/fd said ("/dev/pts/0",
                            "pipe:[1234]") */
  SS_NAME_LATENCY_BIN = 4 /* ldlatency: a latency bin, "MIN MAX REP NAME" */
};

/*
 * mpi event kinds: the MPI routine called (C or Fortran binding).
 * value[0] is the peer (point-to-point: the destination of a send, the
 * source a receive matched, from its status) or the root (rooted
 * collectives) as a rank of MPI_COMM_WORLD, -1 when there is none (or
 * MPI_PROC_NULL, or a wait that completed nothing); value[1] the bytes
 * (count x MPI_Type_size: a send's or a collective's send buffer, a
 * receive's received data, a Sendrecv's send, an Alltoall's whole send
 * buffer); value[2] the communicator's size (0 when the routine has
 * none).  An event's duration is the call's elapsed time.
 */
enum ss_mpi_call {
  SS_MPI_INIT = 1,
  SS_MPI_INIT_THREAD = 2,
  SS_MPI_FINALIZE = 3,
  SS_MPI_SEND = 4,
  SS_MPI_SSEND = 5,
  SS_MPI_BSEND = 6,
  SS_MPI_RSEND = 7,
  SS_MPI_ISEND = 8,
  SS_MPI_ISSEND = 9,
  SS_MPI_RECV = 10,
  SS_MPI_IRECV = 11,
  SS_MPI_SENDRECV = 12,
  SS_MPI_PROBE = 13,
  SS_MPI_IPROBE = 14,
  SS_MPI_WAIT = 15,
  SS_MPI_WAITALL = 16,
  SS_MPI_WAITANY = 17,
  SS_MPI_WAITSOME = 18,
  SS_MPI_TEST = 19,
  SS_MPI_TESTALL = 20,
  SS_MPI_TESTANY = 21,
  SS_MPI_BARRIER = 22,
  SS_MPI_BCAST = 23,
  SS_MPI_REDUCE = 24,
  SS_MPI_ALLREDUCE = 25,
  SS_MPI_GATHER = 26,
  SS_MPI_GATHERV = 27,
  SS_MPI_SCATTER = 28,
  SS_MPI_SCATTERV = 29,
  SS_MPI_ALLGATHER = 30,
  SS_MPI_ALLGATHERV = 31,
  SS_MPI_ALLTOALL = 32,
  SS_MPI_ALLTOALLV = 33,
  SS_MPI_REDUCE_SCATTER = 34,
  SS_MPI_SCAN = 35,
  SS_MPI_COMM_SPLIT = 36,
  SS_MPI_COMM_DUP = 37,
  SS_MPI_COMM_CREATE = 38,
  SS_MPI_COMM_FREE = 39,
  SS_MPI_TESTSOME = 40,
  SS_MPI_REQUEST_FREE = 41,
  SS_MPI_CANCEL = 42,
  SS_MPI_SENDRECV_REPLACE = 43,
  SS_MPI_SEND_INIT = 44,
  SS_MPI_RECV_INIT = 45,
  SS_MPI_START = 46,
  SS_MPI_STARTALL = 47,
  SS_MPI_IBARRIER = 48,
  SS_MPI_IBCAST = 49,
  SS_MPI_IREDUCE = 50,
  SS_MPI_IALLREDUCE = 51,
  SS_MPI_IGATHER = 52,
  SS_MPI_ISCATTER = 53,
  SS_MPI_IALLGATHER = 54,
  SS_MPI_IALLTOALL = 55,
  SS_MPI_EXSCAN = 56,
  SS_MPI_COMM_SPLIT_TYPE = 57,
  SS_MPI_WIN_CREATE = 58,
  SS_MPI_WIN_ALLOCATE = 59,
  SS_MPI_WIN_FREE = 60,
  SS_MPI_WIN_FENCE = 61,
  SS_MPI_PUT = 62,
  SS_MPI_GET = 63,
  SS_MPI_ACCUMULATE = 64,
  SS_MPI_WIN_LOCK = 65,
  SS_MPI_WIN_UNLOCK = 66,
  SS_MPI_WIN_LOCK_ALL = 67,
  SS_MPI_WIN_UNLOCK_ALL = 68,
  SS_MPI_WIN_FLUSH = 69,
  SS_MPI_FILE_OPEN = 70,
  SS_MPI_FILE_CLOSE = 71,
  SS_MPI_FILE_READ = 72,
  SS_MPI_FILE_WRITE = 73,
  SS_MPI_FILE_READ_AT = 74,
  SS_MPI_FILE_WRITE_AT = 75,
  SS_MPI_FILE_READ_ALL = 76,
  SS_MPI_FILE_WRITE_ALL = 77,
  SS_MPI_FILE_READ_AT_ALL = 78,
  SS_MPI_FILE_WRITE_AT_ALL = 79,
  SS_MPI_FILE_SET_VIEW = 80,
  SS_MPI_FILE_SYNC = 81,
  SS_MPI_CALL_LAST = SS_MPI_FILE_SYNC
};

/*
 * The rank of a process of an MPI job, in every experiment's file when
 * the process ran under MPI (the launcher's environment said so, or the
 * mpi experiment's MPI_Init did), right after PROCESS.  ssprof merges the
 * ranks of one job and refuses to mix jobs.
 */
struct ss_rec_rank {
  int32_t rank;  /* in MPI_COMM_WORLD */
  uint32_t size; /* ranks in MPI_COMM_WORLD, 0 if unknown */
  uint32_t how;  /* enum ss_rank_how */
  uint32_t reserved;
  /* then one string: the job ("" when unknown): the launcher's job id
   * (Open MPI / PMIx namespace, Slurm job.step, ...) or, from the mpi
   * experiment's MPI_Init, the one rank 0 sent every rank */
}; /* 16 bytes */

enum ss_rank_how {
  SS_RANK_FROM_ENV = 1, /* the launcher's environment variables */
  SS_RANK_FROM_MPI = 2  /* MPI_Comm_rank, job agreed through MPI_Bcast */
};

struct ss_rec_end {
  uint32_t num_records; /* records before this one */
  uint32_t reserved;
};

#ifdef __cplusplus
}
#endif

#endif /* SS_FORMAT_H */
