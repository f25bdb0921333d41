/* help_text.h -- what sscc and ssrun say of themselves: sscc's part of
 * --help (its -fss-* flags; clang's own help follows), "did you mean" for
 * a mistyped -fss-* flag, and the version line of ssrun. */
#ifndef SSCC_HELP_TEXT_H
#define SSCC_HELP_TEXT_H

#include <stdio.h>

/* sscc: for --help (or -help) print its own flags before clang's help;
 * for an -fss-* / -fno-ss-* argument it does not know, a one-line
 * warning with the closest flag (the argument still goes to clang, which
 * refuses it as before). */
void sscc_notes(int argc, char **argv, const char *prog);

/* ssrun: the option or "-experiment" closest to mistyped `typed`, or
 * NULL. */
const char *ssrun_nearest(const char *typed);

/* "<prog> (sscc) <version>\n" */
void ss_print_version(FILE *out, const char *prog);

#endif
