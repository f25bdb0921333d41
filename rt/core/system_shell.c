/* system_shell.c -- the shell of system() under an experiment the
 * environment selected (see system_shell.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "system_shell.h"

#include "experiment.h"
#include "part.h"
#include "safe_string.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

/* Set by the system() wrapper to the caller's pid. */
#define SYSTEM_SHELL_MARKER "_SSRT_SYSTEM_SHELL"

void ssrt_mark_system_shell(int on) {
  if (!ssrt_experiment_from_env_runs())
    return;
  if (on) {
    char pid[24];
    struct ssrt_str s;
    ssrt_str_init(&s, pid, sizeof pid);
    ssrt_str_add_u64(&s, (uint64_t)getpid());
    setenv(SYSTEM_SHELL_MARKER, pid, 1);
  } else {
    unsetenv(SYSTEM_SHELL_MARKER);
  }
}

/* Whether this process runs the shell system() starts (/bin/sh, wherever
 * its links lead). */
static int running_system_shell(void) {
  char self[PATH_MAX], shell[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0 || !realpath("/bin/sh", shell))
    return 0;
  self[n] = '\0';
  return ssrt_streq(self, shell);
}

int ssrt_is_system_shell(void) {
  /* Only a runtime that can run such an experiment looks. */
  if (!ssrt_parts_start_experiments())
    return 0;
  const char *marker = getenv(SYSTEM_SHELL_MARKER);
  if (!marker)
    return 0;
  const char *p = marker;
  uint64_t pid;
  int mine = ssrt_parse_u64(&p, &pid) && *p == '\0' &&
             pid == (uint64_t)getppid() && running_system_shell();
  /* The command the shell runs must not take itself for the shell. */
  unsetenv(SYSTEM_SHELL_MARKER);
  return mine;
}
