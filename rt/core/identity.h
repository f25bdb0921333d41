/*
 * identity.h -- who this process is, for the experiment file's name and
 * its PROCESS record: pid, parent, the SpeedShop process code and when the
 * measured part of its life began.
 *
 * The code ("m", "f", "e", "fe", "s") says how the process came to be:
 *   m   started normally;
 *   f   a forked child (set by the fork handler);
 *   e   the new image of an exec, in the same pid as the caller;
 *   fe  the same, when the caller was itself a forked child;
 *   s   started by system() from an instrumented process.
 * exec and system cannot tell the new image anything except through the
 * environment, so the runtime's exec and system wrappers leave a marker
 * there, and the new image's runtime reads and removes it before the
 * program's own code runs.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_IDENTITY_H
#define SSRT_IDENTITY_H

#include "safe_string.h"

#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* "<pid>:<code>" of the process that called exec. */
#define SSRT_EXEC_MARKER "_SSRT_EXEC"
/* "<pid>" of the process that called system(). */
#define SSRT_SYSTEM_MARKER "_SSRT_SYSTEM"

struct ssrt_identity {
  pid_t pid;
  pid_t ppid;
  char code[4];
  uint64_t start_realtime_ns;
  uint64_t start_monotonic_ns;
};

extern struct ssrt_identity ssrt_id;

/* Reads and unsets the markers (once; later calls do nothing). */
void ssrt_consume_markers(void);
/* Sets pid, parent, code and start time; consumes the markers if needed. */
void ssrt_identity_init(void);
/* In a forked child: new pid, code "f", start time now. */
void ssrt_identity_forked(void);
/* True in a child that shares the parent's memory without the fork
 * handlers having run (vfork, or clone): it must not touch runtime state. */
int ssrt_in_unannounced_child(void);
/* Appends "_SSRT_EXEC=<pid>:<code>" describing the calling process. */
void ssrt_format_exec_marker(struct ssrt_str *s);

uint64_t ssrt_clock_ns(clockid_t clock);

#endif
