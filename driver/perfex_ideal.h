/* perfex_ideal.h -- exact instruction-class counts for ssperfex: a
 * program built with `sscc -fss-ideal` writes its ideal experiment file
 * (<exe>.ideal.m<pid>) as it exits, and ssprof -json derives from it and
 * the machine code how many instructions of each class ran (ideal.mix,
 * docs/ssprof-json.md).  Those counts are exact -- for the code sscc
 * compiled; the C library and other uninstrumented code are not in them
 * -- and need no PMU. */
#ifndef SS_DRIVER_PERFEX_IDEAL_H
#define SS_DRIVER_PERFEX_IDEAL_H

#include <stdint.h>
#include <sys/types.h>

struct perfex_exact {
  char file[4096]; /* the ideal experiment file read */
  uint64_t instructions, loads, stores, branches, fp, vector;
};

/* The counts of process `pid`'s ideal file, if it wrote one (in
 * $_SPEEDSHOP_OUTPUT_DIRECTORY or the current directory), read with the
 * ssprof at `ssprof`.  0 when found and read; -1 when there is none (the
 * program was not built with -fss-ideal) or ssprof failed (`why`). */
int perfex_ideal_counts(const char *ssprof, pid_t pid, struct perfex_exact *x,
                        char *why, unsigned why_size);

#endif
