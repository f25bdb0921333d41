/*
 * options.h -- ssprof's command line, in prof's spelling:
 *   ssprof [-b[utterfly]] [-gprof] [-h[eavy]] [-l[ines]] [-basicblocks]
 *          [-archinfo] [-branches] [-loops] [-remarks] [-calls] [-clock MHz]
 *          [-cpu name] [-q[uit] n|n%|ncum%] [-calipers [n1,]n2] [-u[sage]]
 *          [-nh] [-dsolist] [-json] [-help] file...
 */
#ifndef SSPROF_OPTIONS_H
#define SSPROF_OPTIONS_H

#include <stddef.h>

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

/* -calipers [n1,]n2: only samples taken between caliper points n1 and n2
 * (calipers.h has the rules). */
struct ss_calipers {
  int given;
  long long from; /* n1: 0 when omitted; negative: the beginning */
  long long to;   /* n2 */
};

struct ss_options {
  int butterfly, heavy, lines, basicblocks, by_calls, no_header, dsolist;
  int json, help, usage;
  /* ideal experiments */
  int gprof, archinfo, branches, loops, remarks;
  double clock_mhz; /* -clock; 0: the clock recorded in the file */
  const char *cpu;  /* -cpu: an LLVM CPU name; NULL: the host's */
  struct ss_quit quit;
  struct ss_calipers calipers;
  const char **files;
  size_t num_files;
  char *command_line; /* "ssprof <args>", for the listing header */
};

/* Returns 0, or -1 with a one-line usage message in `msg`. */
int ss_options_parse(int argc, char **argv, struct ss_options *o, char *msg,
                     size_t msg_size);

void ss_options_release(struct ss_options *o);

extern const char ss_usage_text[];

#endif
