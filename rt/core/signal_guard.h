/*
 * signal_guard.h -- keeps the signals the runtime handles for itself its
 * own, invisibly to the program.
 *
 * libssrt.so defines sigaction() and signal() in front of the C library's.
 * For every signal but a protected one they pass straight through.  For a
 * protected signal (sampling's real-time signal; SIGFPE and SIGTRAP of the
 * fpe trace; SIGSYS of the io trace) they keep what the program asks for
 * aside, as the program's own disposition, and leave the runtime's handler
 * installed: a program that resets every signal to SIG_DFL does not take
 * the runtime's signal away.  When the signal is not the runtime's own
 * (kill, sigqueue, a fault the runtime did not cause) the runtime's
 * handler passes it on to the disposition the program set.
 *
 * A protected synchronous signal -- one the CPU or the kernel raises in
 * the thread that caused it -- kills the process if it arrives blocked,
 * whatever its handler.  So it is never blocked: sigprocmask,
 * pthread_sigmask and the masks of the program's own handlers (sa_mask)
 * leave it out, while the program still reads back the masks it set.
 *
 * In libssrt.a (SSRT_STATIC) nothing stands in front of the C library: the
 * same calls work on the runtime's own tables, and a program that changes
 * a protected signal's disposition itself takes it over.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_SIGNAL_GUARD_H
#define SSRT_SIGNAL_GUARD_H

#include <signal.h>

/* Finds the C library's sigaction, signal and masks (call at start-up). */
void ssrt_signal_guard_init(void);
/* The C library's sigaction and pthread_sigmask, bypassing the guard. */
int ssrt_real_sigaction(int sig, const struct sigaction *act,
                        struct sigaction *old);
int ssrt_real_sigmask(int how, const sigset_t *set, sigset_t *old);

/* A real-time signal the program neither handles nor blocks (the
 * highest free one but SIGRTMAX), for the runtime's own use; 0 if none. */
int ssrt_signal_guard_free_rt(void);

/* Installs `handler` for `sig` (one of ssrt_signal_guard_free_rt's) and
 * protects it: the runtime's own asynchronous signal (sampling's timers
 * and counters, ldlatency's rings).  0, or -1. */
int ssrt_signal_guard_take_async(int sig,
                                 void (*handler)(int, siginfo_t *, void *));

/* The disposition the program has given `sig` so far: what is installed,
 * unless that is SIG_DFL's stand-in, the runtime's fatal-signal handler
 * (signals.h).  Call before protecting it. */
void ssrt_signal_guard_current(int sig, struct sigaction *program);

/* From now on `sig` is the runtime's; its handler is installed by the
 * caller (ssrt_real_sigaction).  `program` is the program's disposition to
 * begin with (NULL: SIG_DFL).  `synchronous`: never blocked (see above),
 * and when the program's disposition is SIG_DFL the runtime's fatal path
 * runs (the file is written, then the process dies of it). */
void ssrt_signal_guard_protect(int sig, const struct sigaction *program,
                               int synchronous);
/* Delivers an arrival of the protected signal that is not the runtime's
 * own the way the program's disposition says (from the runtime's
 * handler, with the handler's arguments).  Returns only if the program's
 * handler returns, or the signal is ignored. */
void ssrt_signal_guard_forward(int sig, siginfo_t *info, void *context);
/* The program's disposition of a protected signal. */
void ssrt_signal_guard_program_action(int sig, struct sigaction *out);

#endif
