/*
 * experiment_file.h -- writes <dir>/<exe>.<experiment>.<code><pid>: the
 * PROCESS, MODULE_MAP and NOTE records, then the records of each part of
 * the runtime (part.h: COUNTS, SAMPLING, SAMPLES), then USAGE and END
 * (docs/experiment-file.md).
 *
 * It runs from a fatal-signal handler as well as at exit and before exec,
 * so it keeps to the async-signal-safe rules (rt/README.md): open, write(2)
 * and friends only.  The file is written under an unpredictable temporary
 * name and renamed into place without replacing anything (output_file.h),
 * so a crash during the write never leaves a half file under the final
 * name, and no planted link or earlier file is ever written through or
 * lost.
 */
#ifndef SSRT_EXPERIMENT_FILE_H
#define SSRT_EXPERIMENT_FILE_H

#include <stdint.h>

enum ssrt_ending_kind {
  SSRT_ENDING_EXIT,   /* exit(status) (status -1 if unknown) */
  SSRT_ENDING__EXIT,  /* _exit(status) or _Exit(status) (libssrt.so) */
  SSRT_ENDING_SIGNAL, /* a fatal signal */
  SSRT_ENDING_EXEC    /* the image is about to be replaced */
};

struct ssrt_ending {
  enum ssrt_ending_kind kind;
  int exit_status;
  int signal;
  uint64_t fault_pc;
};

/* Writes the file; on failure prints "ssrt: cannot write <path>: <reason>"
 * on stderr and removes the temporary file.  Returns 0 on success.  The
 * caller makes sure only one thread writes at a time.  Preserves errno. */
int ssrt_write_experiment_file(const struct ssrt_ending *ending);

/* Removes the temporary file of a write that was interrupted by a crash. */
void ssrt_remove_partial_file(void);

#endif
