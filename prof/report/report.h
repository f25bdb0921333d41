/*
 * report.h -- the report layer of ssprof: SpeedShop-style text listings and
 * the -json document, for each family of experiment.  The listing of a
 * counting experiment (with ideal time when its machine code was found,
 * else counts) and of a sampling experiment, each printed in the order of
 * parts the seeds' prof prints (report.c).  Depends on every model layer
 * (counts, ideal, samples) and the layers below them.
 */
#ifndef SSPROF_REPORT_H
#define SSPROF_REPORT_H

#include "counts.h"
#include "cpi.h"
#include "ideal.h"
#include "samples.h"

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

/* What the command line asks of the report (ssprof/options.c parses it). */
struct ss_options {
  int butterfly, heavy, lines, basicblocks, by_calls, no_header, dsolist;
  int json, help, usage;
  /* ideal experiments */
  int gprof, archinfo, branches, loops, remarks;
  double clock_mhz; /* -clock; 0: the clock recorded in the file */
  const char *cpu;  /* -cpu: an LLVM CPU name; NULL: the host's */
  int no_cache;     /* -nocache: nothing kept between runs */
  int cpi;          /* -cpi: a counting and a sampling experiment joined */
  struct ss_quit quit;
  struct ss_calipers calipers;
  const char **files;
  size_t num_files;
  char *command_line; /* "ssprof <args>", for the listing header */
};

/* What a listing is made of: the merged profile and the model of its kind
 * of experiment, counting (`model`, `ideal`) or sampling (`samples`). */
struct ss_listing {
  const struct ss_profile *profile;
  const struct ss_model *model;          /* counting experiments, else NULL */
  const struct ss_sample_model *samples; /* sampling experiments, else NULL */
  const struct ss_ideal *ideal; /* counting: cycles; NULL or !available: none */
  const struct ss_options *options;
  FILE *out;
  /* ssprof -cpi: the join, and the sampling experiment's profile (the
   * counting one is `profile`); else NULL */
  const struct ss_cpi *cpi;
  const struct ss_profile *sampling;
};

/* The listing (or -json document) of a counting experiment: ideal time
 * when l->ideal is available, else counts. */
void ss_report_counting(const struct ss_listing *l);

/* The listing (or -json document) of a sampling experiment. */
void ss_report_sampling(const struct ss_listing *l);

/* ssprof -cpi: measured against ideal time, by function, loop, line and
 * machine block, ranked by the cycles lost (or -json: the counting
 * document with the join's members). */
void ss_report_cpi(const struct ss_listing *l);

#endif
