/* real_exec.c -- what the exec and system wrappers forward to (see
 * real_exec.h; rules: rt/README.md). */
#define _GNU_SOURCE
#include "real_exec.h"

#include "safe_string.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SSRT_STATIC
#include <dlfcn.h>
#endif

extern char **environ;

/* -- the runtime's own implementations ------------------------------------ */

static int own_execve(const char *path, char *const argv[], char *const envp[]) {
  return (int)syscall(SYS_execve, path, argv, envp);
}

/* A file that is not an executable format runs as a shell script, as
 * execvp has always done. */
static void run_as_script(const char *path, char *const argv[],
                          char *const envp[]) {
  size_t argc = 0;
  while (argv[argc])
    argc++;
  char *script_argv[argc + 2 > 2 ? argc + 2 : 3];
  script_argv[0] = (char *)"/bin/sh";
  script_argv[1] = (char *)path;
  for (size_t i = 1; i <= argc; i++) /* argv[1..] and the NULL */
    script_argv[i + 1] = argv[i];
  if (argc == 0)
    script_argv[2] = NULL;
  own_execve("/bin/sh", script_argv, envp);
}

static int own_execvpe(const char *file, char *const argv[], char *const envp[]) {
  if (!*file) {
    errno = ENOENT;
    return -1;
  }
  for (const char *p = file; *p; p++)
    if (*p == '/') {
      own_execve(file, argv, envp);
      if (errno == ENOEXEC)
        run_as_script(file, argv, envp);
      return -1;
    }
  const char *path = getenv("PATH");
  if (!path)
    path = "/bin:/usr/bin";
  int saw_eacces = 0;
  for (const char *dir = path;; ) {
    const char *end = dir;
    while (*end && *end != ':')
      end++;
    char candidate[PATH_MAX];
    struct ssrt_str s;
    ssrt_str_init(&s, candidate, sizeof candidate);
    if (end > dir) { /* an empty element means the current directory */
      ssrt_str_add_n(&s, dir, (size_t)(end - dir));
      ssrt_str_add(&s, "/");
    }
    ssrt_str_add(&s, file);
    if (!s.truncated) {
      own_execve(candidate, argv, envp);
      switch (errno) {
      case ENOEXEC:
        run_as_script(candidate, argv, envp);
        return -1;
      case EACCES:
        saw_eacces = 1;
        break;
      case ENOENT:
      case ENOTDIR:
      case ESTALE:
      case ENODEV:
      case ETIMEDOUT:
        break;
      default:
        return -1;
      }
    }
    if (!*end)
      break;
    dir = end + 1;
  }
  errno = saw_eacces ? EACCES : ENOENT;
  return -1;
}

static int own_fexecve(int fd, char *const argv[], char *const envp[]) {
#ifdef SYS_execveat
  syscall(SYS_execveat, fd, "", argv, envp, AT_EMPTY_PATH);
  if (errno != ENOSYS)
    return -1;
#endif
  char path[64];
  struct ssrt_str s;
  ssrt_str_init(&s, path, sizeof path);
  ssrt_str_add(&s, "/proc/self/fd/");
  ssrt_str_add_u64(&s, (uint64_t)fd);
  return own_execve(path, argv, envp);
}

/* system() as POSIX specifies it: SIGINT and SIGQUIT ignored and SIGCHLD
 * blocked in the caller while the shell runs. */
static int own_system(const char *command) {
  if (!command)
    return access("/bin/sh", X_OK) == 0;
  struct sigaction ignore, old_int, old_quit;
  ignore.sa_handler = SIG_IGN;
  ignore.sa_flags = 0;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old_int);
  sigaction(SIGQUIT, &ignore, &old_quit);
  sigset_t chld, old_mask;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &old_mask);

  sigset_t defaults;
  sigemptyset(&defaults);
  if (old_int.sa_handler != SIG_IGN)
    sigaddset(&defaults, SIGINT);
  if (old_quit.sa_handler != SIG_IGN)
    sigaddset(&defaults, SIGQUIT);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &old_mask);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  char *argv[] = {(char *)"sh", (char *)"-c", (char *)command, NULL};
  pid_t pid;
  int status = -1;
  int err = posix_spawn(&pid, "/bin/sh", NULL, &attr, argv, environ);
  posix_spawnattr_destroy(&attr);
  if (err == 0) {
    while (waitpid(pid, &status, 0) < 0) {
      if (errno != EINTR) {
        status = -1;
        break;
      }
    }
  } else {
    status = 127 << 8; /* as if the shell had exited with 127 */
  }

  int saved_errno = errno;
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGQUIT, &old_quit, NULL);
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  errno = saved_errno;
  return status;
}

/* -- the C library's, when there is one to find ---------------------------- */

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);
typedef int (*system_fn)(const char *);

static execve_fn libc_execve, libc_execvpe;
static fexecve_fn libc_fexecve;
static system_fn libc_system;
static int resolved;

void ssrt_resolve_real_exec(void) {
  if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE))
    return;
#ifndef SSRT_STATIC
  /* ISO C has no conversion from void * to a function pointer; assigning
   * through a void ** is the idiom POSIX gives for dlsym results. */
  *(void **)&libc_execve = dlsym(RTLD_NEXT, "execve");
  *(void **)&libc_execvpe = dlsym(RTLD_NEXT, "execvpe");
  *(void **)&libc_fexecve = dlsym(RTLD_NEXT, "fexecve");
  *(void **)&libc_system = dlsym(RTLD_NEXT, "system");
#endif
  if (!libc_execve)
    libc_execve = own_execve;
  if (!libc_execvpe)
    libc_execvpe = own_execvpe;
  if (!libc_fexecve)
    libc_fexecve = own_fexecve;
  if (!libc_system)
    libc_system = own_system;
  __atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
}

int ssrt_real_execve(const char *path, char *const argv[], char *const envp[]) {
  ssrt_resolve_real_exec();
  return libc_execve(path, argv, envp);
}

int ssrt_real_execvpe(const char *file, char *const argv[], char *const envp[]) {
  ssrt_resolve_real_exec();
  return libc_execvpe(file, argv, envp);
}

int ssrt_real_fexecve(int fd, char *const argv[], char *const envp[]) {
  ssrt_resolve_real_exec();
  return libc_fexecve(fd, argv, envp);
}

int ssrt_real_system(const char *command) {
  ssrt_resolve_real_exec();
  return libc_system(command);
}
