/*
 * signal_guard.h -- keeps the sampling signal the runtime's.
 *
 * libssrt.so defines sigaction() and signal() in front of the C library's.
 * For every signal but the sampling signal they pass straight through.  For
 * the sampling signal they keep what the program asks for aside, as the
 * program's own disposition, and leave the runtime's handler installed:
 * samples keep coming, and a program that resets every signal to SIG_DFL
 * (the default action of a real-time signal is to terminate) does not
 * die of the next timer expiry.  When that signal arrives from elsewhere
 * (kill, sigqueue: not one of the runtime's timers) the handler passes it
 * on to the disposition the program set.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SIGNAL_GUARD_H
#define SSRT_SIGNAL_GUARD_H

#include <signal.h>

/* Finds the C library's sigaction and signal (call at start-up). */
void ssrt_signal_guard_init(void);
/* The C library's sigaction, bypassing the guard. */
int ssrt_real_sigaction(int sig, const struct sigaction *act,
                        struct sigaction *old);
/* From now on `sig` is the runtime's. */
void ssrt_signal_guard_protect(int sig);
/* Delivers a foreign arrival of the protected signal the way the
 * program's disposition says (from the runtime's handler). */
void ssrt_signal_guard_forward(int sig, siginfo_t *info, void *context);

#endif
