/* run_child.h -- run a program as a child of sscc and wait for it, the way
 * system() does, for the commands sscc has work to do after (a link whose
 * run-time path it tidies, a compile it assembles apart). */
#ifndef SSCC_RUN_CHILD_H
#define SSCC_RUN_CHILD_H

/* Runs `path` with `argv` (NULL-terminated) and returns its wait status,
 * or -1 when no child could be forked (nothing ran).  While it runs, ^C and
 * ^\ are the child's to act on (sscc ignores them), and a SIGTERM or SIGHUP
 * sent to sscc is passed on to the child, so that sscc always outlives it
 * and can clean up.  A child that cannot exec `path` exits 2 (missing) or
 * 1 after a one-line message. */
int run_child(const char *path, char *const *argv);

/* Runs `path` with `argv` as run_child does, with its standard error read
 * into *err (NUL-terminated, malloc'ed; standard output is sscc's own).
 * Returns its wait status, or -1 (and *err NULL) when it could not run. */
int run_child_reading_stderr(const char *path, char *const *argv, char **err);

/* Ends sscc the way a child with wait status `status` ended: the same exit
 * status, or killed by the same signal. */
__attribute__((noreturn)) void exit_as(int status);

#endif
