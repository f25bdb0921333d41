/*
 * lifecycle.h -- when the runtime starts, when the file is written, and
 * what fork, exit and exec do to it.
 *
 * Nothing happens until the runtime is activated, by the first instrumented
 * module that registers or by an experiment the environment selected.
 * Activation captures the process facts, hooks exit (on_exit, for the
 * status), fork (pthread_atfork) and the fatal signals.  The file is
 * written exactly once per process image: at exit, after the program's own
 * destructors; from a fatal-signal handler; or just before an exec (and
 * again at exit if the exec fails).  The parts of the runtime (part.h) are
 * told of each step.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_LIFECYCLE_H
#define SSRT_LIFECYCLE_H

#include <stdint.h>

/* Idempotent, thread-safe start-up of the runtime's state. */
void ssrt_lifecycle_init(void);

/* The runtime lock: registrations, module-map refreshes and activation take
 * turns under it, and fork holds it (the child's one thread releases it).
 * Never taken in a signal handler. */
void ssrt_runtime_lock(void);
void ssrt_runtime_unlock(void);

/* Whether the runtime is active (read without the lock: acquire). */
int ssrt_active(void);
/* With the runtime lock held: activates the runtime, once. */
void ssrt_activate_locked(void);
/* Activates the runtime without a module (an experiment the environment
 * selected): start-up, activation and a module map. */
void ssrt_activate(void);
/* Refreshes the module map under the runtime lock. */
void ssrt_refresh_map(void);

/* A yes/no environment variable, as the seeds read theirs: "false",
 * "no", "off", "0", "f", "n" (any case) are no; unset or empty is `dflt`;
 * anything else is yes. */
int ssrt_env_flag(const char *name, int dflt);

/* True once the process is known to be exiting. */
int ssrt_process_exiting(void);
/* Called when something only exit can cause has happened (the executable's
 * own module unregistering). */
void ssrt_exit_has_begun(void);

/* From _exit or _Exit (libssrt.so's wrappers), which skip every exit
 * handler: writes the file with the status, unless this is a vfork child
 * or an untraced one.  May run in a signal handler, so the module map is
 * the last one taken. */
void ssrt_write_before_immediate_exit(int status);

/* From a fatal-signal handler: writes the file unless it is being or has
 * been written; if another thread is writing it, waits for that. */
void ssrt_write_for_signal(int sig, uint64_t fault_pc);

/* Before exec: writes the file (unless this is a vfork child sharing its
 * parent's memory).  Returns whether it did; pass that to
 * ssrt_after_failed_exec so the file can be written again at exit. */
int ssrt_write_before_exec(void);
void ssrt_after_failed_exec(int wrote);

#endif
