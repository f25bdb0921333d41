/*
 * blocking_calls.c -- calls that a signal handler would cut short.
 *
 * SA_RESTART makes most interrupted system calls resume as if nothing had
 * happened, but not the sleeps and waits below: interrupted by any handled
 * signal they return early with EINTR (or, for sleep and pause, simply
 * return), whatever the flags.  A program sampled with a wall-clock timer
 * (totaltime) would see that every 30 ms, and with CPU-time timers now and
 * then.  So libssrt.so defines them in front of the C library's and, while
 * sampling, keeps the sampling signal blocked for the duration of the call.
 * The timer keeps running: its expiries are counted by the kernel as
 * overruns and delivered as one signal when the call returns, and the
 * sample -- taken at this wrapper, the program's call stack below it -- is
 * recorded once per expiry (sampling.h), so the time spent waiting is
 * attributed to where the program waited.  Without sampling they forward
 * unchanged.
 *
 * Calls with their own signal mask (ppoll, pselect, epoll_pwait,
 * sigsuspend) get the sampling signal added to it.  Not covered: System V
 * IPC waits (msgrcv, msgsnd, semop, semtimedop), epoll_pwait2, and sockets
 * with SO_RCVTIMEO/SO_SNDTIMEO; those may still see EINTR under sampling.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "sampling.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

/* The C library's functions, looked up when the library is loaded: a
 * program may first call one of them (nanosleep, poll, ...: all
 * async-signal-safe) from a signal handler, where dlsym may not run. */
#define WRAPPED(X)                                                             \
  X(nanosleep) X(clock_nanosleep) X(usleep) X(sleep) X(pause) X(sigsuspend)   \
  X(poll) X(ppoll) X(select) X(pselect) X(epoll_wait) X(epoll_pwait)          \
  X(sem_wait) X(sem_timedwait) X(sem_clockwait) X(sigwaitinfo) X(sigtimedwait)

#define DECLARE(name) static void *next_##name;
WRAPPED(DECLARE)
#undef DECLARE

__attribute__((constructor)) static void resolve_wrapped(void) {
#define RESOLVE(name) next_##name = dlsym(RTLD_NEXT, #name);
  WRAPPED(RESOLVE)
#undef RESOLVE
}

/* real_<name>, the C library's <name>; fails with ENOSYS if it has none. */
#define REAL(type, name, ...)                                                  \
  type (*real_##name)(__VA_ARGS__);                                            \
  if (!next_##name)                                                            \
    resolve_wrapped(); /* called before this library's constructor ran */     \
  *(void **)&real_##name = next_##name;                                        \
  if (!real_##name) {                                                          \
    errno = ENOSYS;                                                            \
    return (type)-1;                                                           \
  }

/* Blocks the sampling signal while the thread waits in `fn`
 * (ssrt_sampling_block_begin); shield_end unblocks it, which delivers the
 * pending sample, if any, right there. */
#define shield_begin(fn) ssrt_sampling_block_begin(*(void **)&(fn))
#define shield_end(token) ssrt_sampling_block_end(token)

/* A copy of a caller's mask with the sampling signal added, for calls that
 * install a mask of their own while they wait. */
static const sigset_t *with_sampling_blocked(const sigset_t *mask, sigset_t *copy) {
  int sig = ssrt_sampling_signal();
  if (!mask || !sig)
    return mask;
  *copy = *mask;
  sigaddset(copy, sig);
  return copy;
}

SSRT_EXPORT int nanosleep(const struct timespec *req, struct timespec *rem) {
  REAL(int, nanosleep, const struct timespec *, struct timespec *)
  int shield = shield_begin(real_nanosleep);
  int rc = real_nanosleep(req, rem);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int clock_nanosleep(clockid_t clock, int flags,
                                const struct timespec *req, struct timespec *rem) {
  if (!next_clock_nanosleep)
    resolve_wrapped();
  int (*real)(clockid_t, int, const struct timespec *, struct timespec *);
  *(void **)&real = next_clock_nanosleep;
  if (!real)
    return ENOSYS; /* clock_nanosleep returns the error */
  int shield = shield_begin(real);
  int rc = real(clock, flags, req, rem);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int usleep(useconds_t usec) {
  REAL(int, usleep, useconds_t)
  int shield = shield_begin(real_usleep);
  int rc = real_usleep(usec);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT unsigned int sleep(unsigned int seconds) {
  if (!next_sleep)
    resolve_wrapped();
  unsigned int (*real)(unsigned int);
  *(void **)&real = next_sleep;
  if (!real)
    return seconds;
  int shield = shield_begin(real);
  unsigned int rc = real(seconds);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int pause(void) {
  REAL(int, pause, void)
  int shield = shield_begin(real_pause);
  int rc = real_pause();
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sigsuspend(const sigset_t *mask) {
  REAL(int, sigsuspend, const sigset_t *)
  sigset_t copy;
  return real_sigsuspend(with_sampling_blocked(mask, &copy));
}

SSRT_EXPORT int poll(struct pollfd *fds, nfds_t n, int timeout) {
  REAL(int, poll, struct pollfd *, nfds_t, int)
  int shield = shield_begin(real_poll);
  int rc = real_poll(fds, n, timeout);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *timeout,
                      const sigset_t *mask) {
  REAL(int, ppoll, struct pollfd *, nfds_t, const struct timespec *,
       const sigset_t *)
  sigset_t copy;
  int shield = shield_begin(real_ppoll);
  int rc = real_ppoll(fds, n, timeout, with_sampling_blocked(mask, &copy));
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int select(int n, fd_set *r, fd_set *w, fd_set *e,
                       struct timeval *timeout) {
  REAL(int, select, int, fd_set *, fd_set *, fd_set *, struct timeval *)
  int shield = shield_begin(real_select);
  int rc = real_select(n, r, w, e, timeout);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int pselect(int n, fd_set *r, fd_set *w, fd_set *e,
                        const struct timespec *timeout, const sigset_t *mask) {
  REAL(int, pselect, int, fd_set *, fd_set *, fd_set *, const struct timespec *,
       const sigset_t *)
  sigset_t copy;
  int shield = shield_begin(real_pselect);
  int rc = real_pselect(n, r, w, e, timeout, with_sampling_blocked(mask, &copy));
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int epoll_wait(int fd, struct epoll_event *events, int max,
                           int timeout) {
  REAL(int, epoll_wait, int, struct epoll_event *, int, int)
  int shield = shield_begin(real_epoll_wait);
  int rc = real_epoll_wait(fd, events, max, timeout);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int epoll_pwait(int fd, struct epoll_event *events, int max,
                            int timeout, const sigset_t *mask) {
  REAL(int, epoll_pwait, int, struct epoll_event *, int, int, const sigset_t *)
  sigset_t copy;
  int shield = shield_begin(real_epoll_pwait);
  int rc = real_epoll_pwait(fd, events, max, timeout,
                            with_sampling_blocked(mask, &copy));
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sem_wait(sem_t *sem) {
  REAL(int, sem_wait, sem_t *)
  int shield = shield_begin(real_sem_wait);
  int rc = real_sem_wait(sem);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sem_timedwait(sem_t *sem, const struct timespec *abstime) {
  REAL(int, sem_timedwait, sem_t *, const struct timespec *)
  int shield = shield_begin(real_sem_timedwait);
  int rc = real_sem_timedwait(sem, abstime);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sem_clockwait(sem_t *sem, clockid_t clock,
                              const struct timespec *abstime) {
  REAL(int, sem_clockwait, sem_t *, clockid_t, const struct timespec *)
  int shield = shield_begin(real_sem_clockwait);
  int rc = real_sem_clockwait(sem, clock, abstime);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sigwaitinfo(const sigset_t *set, siginfo_t *info) {
  REAL(int, sigwaitinfo, const sigset_t *, siginfo_t *)
  int shield = shield_begin(real_sigwaitinfo);
  int rc = real_sigwaitinfo(set, info);
  shield_end(shield);
  return rc;
}

SSRT_EXPORT int sigtimedwait(const sigset_t *set, siginfo_t *info,
                             const struct timespec *timeout) {
  REAL(int, sigtimedwait, const sigset_t *, siginfo_t *, const struct timespec *)
  int shield = shield_begin(real_sigtimedwait);
  int rc = real_sigtimedwait(set, info, timeout);
  shield_end(shield);
  return rc;
}
