/*
 * exec_wrappers.c -- execve, execv, execvp, execvpe, execl, execlp, execle,
 * fexecve and system, defined by libssrt in front of the C library's.
 *
 * exec replaces the process image without running exit handlers or
 * destructors, so the counts made so far are written first (the file of an
 * exec'ing `m` process says "Caliper point 1 at exec").  The new image is
 * told it was exec'd, and by whom, through a marker in the environment it
 * receives (identity.h); the caller's own environment is never modified,
 * so a vfork child cannot disturb its parent's.  If exec fails, nothing
 * has changed and the file is simply written again at exit.
 *
 * While no instrumented module has registered, every wrapper forwards
 * unchanged.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "identity.h"
#include "lifecycle.h"
#include "pages.h"
#include "real_exec.h"
#include "safe_string.h"
#include "system_shell.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#define SSRT_EXPORT __attribute__((visibility("default")))

extern char **environ;

/* A pointer array on the stack when small, in pages when large (an
 * environment or an execl argument list can be long). */
#define SMALL_ARRAY 256
struct ptr_array {
  char **items;
  size_t mapped_size;
  char *small[SMALL_ARRAY];
};

static char **ptr_array_get(struct ptr_array *a, size_t count) {
  a->mapped_size = 0;
  if (count <= SMALL_ARRAY)
    return a->items = a->small;
  a->items = ssrt_pages_alloc(count * sizeof(char *));
  if (!a->items) {
    errno = ENOMEM;
    return NULL;
  }
  a->mapped_size = count * sizeof(char *);
  return a->items;
}

static void ptr_array_put(struct ptr_array *a) {
  if (a->mapped_size) {
    int saved_errno = errno;
    ssrt_pages_free(a->items, a->mapped_size);
    errno = saved_errno;
  }
}

enum exec_kind { EXEC_PATH, EXEC_SEARCH, EXEC_FD };

struct exec_target {
  enum exec_kind kind;
  const char *name;
  int fd;
};

static int forward(const struct exec_target *t, char *const argv[],
                   char *const envp[]) {
  switch (t->kind) {
  case EXEC_PATH:
    return ssrt_real_execve(t->name, argv, envp);
  case EXEC_SEARCH:
    return ssrt_real_execvpe(t->name, argv, envp);
  case EXEC_FD:
    return ssrt_real_fexecve(t->fd, argv, envp);
  }
  errno = EINVAL;
  return -1;
}

/* envp without any old exec marker, plus the marker for the new image. */
static char **marked_environment(struct ptr_array *a, char *const envp[],
                                 const char *marker) {
  size_t n = 0;
  while (envp && envp[n])
    n++;
  char **env = ptr_array_get(a, n + 2);
  if (!env)
    return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (!ssrt_starts_with(envp[i], SSRT_EXEC_MARKER "="))
      env[k++] = envp[i];
  env[k++] = (char *)marker;
  env[k] = NULL;
  return env;
}

static int exec_and_mark(const struct exec_target *t, char *const argv[],
                         char *const envp[]) {
  if (!ssrt_active())
    return forward(t, argv, envp);
  char marker[64];
  struct ssrt_str s;
  ssrt_str_init(&s, marker, sizeof marker);
  ssrt_format_exec_marker(&s);
  struct ptr_array env_array;
  char **env = marked_environment(&env_array, envp, marker);
  if (!env)
    return -1;
  int wrote = ssrt_write_before_exec();
  int rc = forward(t, argv, env);
  int saved_errno = errno;
  ssrt_after_failed_exec(wrote);
  ptr_array_put(&env_array);
  errno = saved_errno;
  return rc;
}

SSRT_EXPORT int execve(const char *path, char *const argv[], char *const envp[]) {
  struct exec_target t = {EXEC_PATH, path, -1};
  return exec_and_mark(&t, argv, envp);
}

SSRT_EXPORT int execv(const char *path, char *const argv[]) {
  struct exec_target t = {EXEC_PATH, path, -1};
  return exec_and_mark(&t, argv, environ);
}

SSRT_EXPORT int execvpe(const char *file, char *const argv[], char *const envp[]) {
  struct exec_target t = {EXEC_SEARCH, file, -1};
  return exec_and_mark(&t, argv, envp);
}

SSRT_EXPORT int execvp(const char *file, char *const argv[]) {
  struct exec_target t = {EXEC_SEARCH, file, -1};
  return exec_and_mark(&t, argv, environ);
}

SSRT_EXPORT int fexecve(int fd, char *const argv[], char *const envp[]) {
  struct exec_target t = {EXEC_FD, NULL, fd};
  return exec_and_mark(&t, argv, envp);
}

/* The execl forms: the variable arguments up to the NULL become argv;
 * execle's environment follows the NULL. */
static int exec_list(const struct exec_target *t, const char *arg0, va_list ap,
                     int has_envp) {
  va_list count_ap;
  va_copy(count_ap, ap);
  size_t argc = 0;
  if (arg0) {
    argc = 1;
    while (va_arg(count_ap, char *))
      argc++;
  }
  va_end(count_ap);

  struct ptr_array arg_array;
  char **argv = ptr_array_get(&arg_array, argc + 1);
  if (!argv)
    return -1;
  argv[0] = (char *)arg0;
  for (size_t i = 1; i <= argc; i++) /* argv[1..argc-1] and the NULL */
    argv[i] = va_arg(ap, char *);
  if (argc == 0)
    argv[0] = NULL;
  char *const *envp = has_envp ? va_arg(ap, char *const *) : environ;
  int rc = exec_and_mark(t, argv, envp);
  ptr_array_put(&arg_array);
  return rc;
}

SSRT_EXPORT int execl(const char *path, const char *arg, ...) {
  struct exec_target t = {EXEC_PATH, path, -1};
  va_list ap;
  va_start(ap, arg);
  int rc = exec_list(&t, arg, ap, 0);
  va_end(ap);
  return rc;
}

SSRT_EXPORT int execlp(const char *file, const char *arg, ...) {
  struct exec_target t = {EXEC_SEARCH, file, -1};
  va_list ap;
  va_start(ap, arg);
  int rc = exec_list(&t, arg, ap, 0);
  va_end(ap);
  return rc;
}

SSRT_EXPORT int execle(const char *path, const char *arg, ...) {
  struct exec_target t = {EXEC_PATH, path, -1};
  va_list ap;
  va_start(ap, arg);
  int rc = exec_list(&t, arg, ap, 1);
  va_end(ap);
  return rc;
}

/* An instrumented program started by the shell of system() writes an `s`
 * file.  The marker lives in this process's environment only while
 * system() runs. */
SSRT_EXPORT int system(const char *command) {
  if (!command || !ssrt_active())
    return ssrt_real_system(command);
  char pid[24];
  struct ssrt_str s;
  ssrt_str_init(&s, pid, sizeof pid);
  ssrt_str_add_u64(&s, (uint64_t)getpid());
  setenv(SSRT_SYSTEM_MARKER, pid, 1);
  ssrt_mark_system_shell(1);
  int rc = ssrt_real_system(command);
  int saved_errno = errno;
  ssrt_mark_system_shell(0);
  unsetenv(SSRT_SYSTEM_MARKER);
  errno = saved_errno;
  return rc;
}
