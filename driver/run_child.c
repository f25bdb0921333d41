/* run_child.c -- run a program as a child of sscc and wait for it. */
#define _GNU_SOURCE
#include "run_child.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile pid_t running_child;
static volatile sig_atomic_t arrived_after; /* a signal once the child had ended */

/* SIGTERM or SIGHUP: the child's to end; sscc ends after it, as it did. */
static void pass_on(int sig) {
  if (running_child > 0)
    kill(running_child, sig);
  else
    arrived_after = sig;
}

int run_child(const char *path, char *const *argv) {
  /* SIGTERM and SIGHUP wait, blocked, until the child's pid is known, so
   * that none is lost between fork and waitpid; one that sscc ignores
   * (nohup) stays ignored, in the child too. */
  static const int passed_on[] = {SIGTERM, SIGHUP};
  struct sigaction forward = {.sa_handler = pass_on}, old[2];
  sigset_t block, old_mask;
  sigemptyset(&forward.sa_mask);
  sigemptyset(&block);
  for (int i = 0; i < 2; i++)
    sigaddset(&block, passed_on[i]);
  sigprocmask(SIG_BLOCK, &block, &old_mask);
  for (int i = 0; i < 2; i++) {
    sigaction(passed_on[i], NULL, &old[i]);
    if (old[i].sa_handler != SIG_IGN)
      sigaction(passed_on[i], &forward, NULL);
  }

  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < 2; i++)
      sigaction(passed_on[i], &old[i], NULL);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    execv(path, argv);
    int err = errno;
    die(err == ENOENT || err == EACCES ? 2 : 1, "cannot execute %s: %s", path,
        strerror(err));
  }
  int status = -1;
  if (pid > 0) {
    running_child = pid;
    /* Like system(): ^C and ^\ are the child's to act on; we follow its end. */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, old_int, old_quit;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGINT, &ignore, &old_int);
    sigaction(SIGQUIT, &ignore, &old_quit);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    while (waitpid(pid, &status, 0) < 0)
      if (errno != EINTR)
        die(1, "cannot wait for %s: %s", path, strerror(errno));
    running_child = 0;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
  }
  sigprocmask(SIG_BLOCK, &block, NULL);
  for (int i = 0; i < 2; i++)
    sigaction(passed_on[i], &old[i], NULL);
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  if (arrived_after && status >= 0)
    status = arrived_after; /* as if the child had been killed by it */
  arrived_after = 0;
  return status;
}

void exit_as(int status) {
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    raise(WTERMSIG(status));
    exit(128 + WTERMSIG(status));
  }
  exit(WEXITSTATUS(status));
}

int run_child_reading_stderr(const char *path, char *const *argv, char **err) {
  *err = NULL;
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return -1;
  }
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDERR_FILENO);
    close(fds[1]);
    execv(path, argv);
    _exit(127);
  }
  close(fds[1]);
  size_t n = 0, cap = 4096;
  char *buf = xrealloc(NULL, cap);
  for (;;) {
    if (n + 1 >= cap)
      buf = xrealloc(buf, cap *= 2);
    ssize_t got = read(fds[0], buf + n, cap - n - 1);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      break;
    n += (size_t)got;
  }
  close(fds[0]);
  buf[n] = '\0';
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      free(buf);
      return -1;
    }
  *err = buf;
  return status;
}
