/*
 * lifecycle.h -- when the runtime starts, when the file is written, and
 * what fork, exit and exec do to it.
 *
 * Nothing happens until the first instrumented module registers: a program
 * that merely links libssrt pays one getenv at start-up and writes nothing.
 * At the first registration the runtime captures the process facts, hooks
 * exit (on_exit, for the status), fork (pthread_atfork) and the fatal
 * signals.  The file is written exactly once per process image: at exit,
 * after the program's own destructors; from a fatal-signal handler; or just
 * before an exec (and again at exit if the exec fails).
 */
#ifndef SSRT_LIFECYCLE_H
#define SSRT_LIFECYCLE_H

#include <stdint.h>

/* Idempotent, thread-safe start-up of the runtime's state. */
void ssrt_lifecycle_init(void);

/* True once the process is known to be exiting. */
int ssrt_process_exiting(void);
/* Called when something only exit can cause has happened (the executable's
 * own module unregistering). */
void ssrt_exit_has_begun(void);

/* From a fatal-signal handler: writes the file unless it is being or has
 * been written; if another thread is writing it, waits for that. */
void ssrt_write_for_signal(int sig, uint64_t fault_pc);

/* Before exec: writes the file (unless this is a vfork child sharing its
 * parent's memory).  Returns whether it did; pass that to
 * ssrt_after_failed_exec so the file can be written again at exit. */
int ssrt_write_before_exec(void);
void ssrt_after_failed_exec(int wrote);

#endif
