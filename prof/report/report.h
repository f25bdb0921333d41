/*
 * report.h -- the report layer of ssprof: SpeedShop-style text listings and
 * the -json document, for each family of experiment.  The listing of a
 * counting experiment (with ideal time when its machine code was found,
 * else counts), of a sampling experiment and of a trace experiment, each
 * printed in the order of parts the seeds' prof prints (report.c).
 * Depends on every model layer (counts, ideal, samples, traces) and the
 * layers below them.
 */
#ifndef SSPROF_REPORT_H
#define SSPROF_REPORT_H

#include "counts.h"
#include "cpi.h"
#include "ideal.h"
#include "ldlatency.h"
#include "samples.h"
#include "traces.h"

#include <stddef.h>
#include <stdio.h>

/* -q n|n%|ncum% (quit_limit.c has the rules). */
enum ss_quit_kind {
  SS_QUIT_NONE,
  SS_QUIT_LINES,      /* -q n */
  SS_QUIT_PERCENT,    /* -q n% */
  SS_QUIT_CUM_PERCENT /* -q ncum% */
};

struct ss_quit {
  enum ss_quit_kind kind;
  double value;
};

/* The files ssprof writes besides (or instead of) the listing, each named
 * by its option; "-" is stdout. */
enum ss_export_kind {
  SS_EXPORT_HTML,       /* -html: one self-contained page */
  SS_EXPORT_CALLGRIND,  /* -callgrind: KCachegrind, callgrind_annotate */
  SS_EXPORT_PPROF,      /* -pprof: profile.proto, gzipped */
  SS_EXPORT_FOLDED,     /* -folded: FlameGraph's folded stacks */
  SS_EXPORT_SPEEDSCOPE, /* -speedscope: speedscope's file format */
  SS_EXPORT_CHROME,     /* -chrome: Chrome's trace event format */
  SS_EXPORT_COUNT
};

/* What the command line asks of the report (ssprof/options.c parses it). */
struct ss_options {
  int butterfly, heavy, lines, basicblocks, by_calls, no_header, dsolist;
  int json, help, usage;
  int leaks; /* heap: the leak report instead of the listing */
  const char *bins; /* ldlatency: -bins FILE, DCPI's latency-bins file */
  int inline_split; /* -inlinesplit: a row per inlined copy's caller */
  /* ideal experiments */
  int gprof, archinfo, branches, loops, remarks;
  double clock_mhz; /* -clock; 0: the clock recorded in the file */
  const char *cpu;  /* -cpu: an LLVM CPU name; NULL: the host's */
  int no_cache;     /* -nocache: nothing kept between runs */
  int cpi;          /* -cpi: a counting and a sampling experiment joined */
  struct ss_quit quit;
  struct ss_calipers calipers;
  /* annotation: -source, -disasm, and where source files are (-srcdir) */
  int source, disasm;
  const char *srcdir;
  const char *exports[SS_EXPORT_COUNT]; /* NULL: not asked for */
  int version;
  /* -rank N: only the files of MPI rank N */
  int rank_given;
  long rank;
  /* -lib name: one library's counts summed over programs (NULL: none) */
  const char *library;
  /* -diff: files[0, num_before) are before, the rest after */
  int diff;
  size_t num_before;
  const char **files;
  size_t num_files;
  char *command_line; /* "ssprof <args>", for the listing header */
};

/* What a listing is made of: the merged profile and the model of its kind
 * of experiment, counting (`model`, `ideal`), sampling (`samples`) or a
 * trace (`traces`). */
struct ss_listing {
  const struct ss_profile *profile;
  const struct ss_model *model;          /* counting experiments, else NULL */
  const struct ss_sample_model *samples; /* sampling experiments, else NULL */
  const struct ss_ideal *ideal; /* counting: cycles; NULL or !available: none */
  const struct ss_options *options;
  FILE *out;
  const struct ss_trace_model *traces; /* trace experiments, else NULL */
  /* ssprof -cpi: the join, and the sampling experiment's profile (the
   * counting one is `profile`); else NULL */
  const struct ss_cpi *cpi;
  const struct ss_profile *sampling;
  /* the ldlatency experiment, else NULL */
  const struct ss_ldlat_model *ldlatency;
};

/* The listing (or -json document) of a counting experiment: ideal time
 * when l->ideal is available, else counts. */
void ss_report_counting(const struct ss_listing *l);

/* The listing (or -json document) of a sampling experiment. */
void ss_report_sampling(const struct ss_listing *l);

/* The listing (or -json document) of a trace experiment (fpe, io). */
void ss_report_trace(const struct ss_listing *l);

/* The listing (or -json document) of an ldlatency experiment: header,
 * summary, loads by memory level, the bins, procedures, load instructions
 * (report/ldlatency/listing_ldlatency.c). */
void ss_report_ldlatency(const struct ss_listing *l);

/* Does the command line ask for files (-html, -callgrind, ...)?  They are
 * then written instead of the listing (export/exports.c): returns the
 * exit status, 1 after a one-line message. */
int ss_report_wants_exports(const struct ss_options *o);
int ss_report_exports(const struct ss_listing *l);

/* -diff: the listing (or -json document) of two listings of one program,
 * before and after a change, both of the same family (diff/). */
void ss_report_diff(const struct ss_listing *before,
                    const struct ss_listing *after);
/* ssprof -cpi: measured against ideal time, by function, loop, line and
 * machine block, ranked by the cycles lost (or -json: the counting
 * document with the join's members). */
void ss_report_cpi(const struct ss_listing *l);

#endif
