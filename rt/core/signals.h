/*
 * signals.h -- fatal signals: write the file, then die of the same signal.
 *
 * Handlers go only on signals whose default action ends the process and
 * whose disposition is still SIG_DFL when the runtime starts, so a handler
 * the program installed wins, and one it installs later replaces ours.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SIGNALS_H
#define SSRT_SIGNALS_H

#include <signal.h>

void ssrt_install_signal_handlers(void);

/* What the runtime's fatal-signal handler does, for a part that owns a
 * signal whose program's disposition is SIG_DFL (signal_guard.h): writes
 * the file, then lets the signal end the process as it would have. */
void ssrt_fatal_signal(int sig, siginfo_t *info, void *context);
/* Whether `handler` is that handler (installed where the program left
 * SIG_DFL). */
int ssrt_is_fatal_signal_handler(void (*handler)(int, siginfo_t *, void *));

#endif
