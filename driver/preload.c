/* preload.c -- the runtime ssrun and ssperfex -mp preload (preload.h). */
#define _GNU_SOURCE
#include "preload.h"

#include "locate.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The program's path as execvp would find it, or NULL. */
char *ss_find_program(const char *name) {
  if (strchr(name, '/'))
    return xstrdup(name);
  const char *path = getenv("PATH");
  if (!path)
    path = "/bin:/usr/bin";
  char *first_found = NULL;
  while (*path) {
    const char *colon = strchr(path, ':');
    size_t len = colon ? (size_t)(colon - path) : strlen(path);
    char *dir = xrealloc(NULL, len + 1);
    memcpy(dir, path, len);
    dir[len] = '\0';
    char *cand = concat(len ? dir : ".", "/", name);
    free(dir);
    if (is_executable_file(cand)) {
      free(first_found);
      return cand;
    }
    if (!first_found && access(cand, F_OK) == 0)
      first_found = cand; /* exists but cannot be run: report that one */
    else
      free(cand);
    if (!colon)
      break;
    path = colon + 1;
  }
  return first_found;
}

/* libssrt.so in ../lib relative to this executable's directory. */
char *ss_find_runtime(const char *argv0) {
  char *self = self_path(argv0);
  if (!self)
    die(1, "cannot find where %s is installed (no /proc/self/exe); run it "
           "by its full path", prog);
  char *bindir = dir_name(self);
  char *lib = concat(bindir, "/../lib/", "libssrt.so");
  char resolved[PATH_MAX];
  if (!realpath(lib, resolved) || access(resolved, R_OK) != 0)
    die(1, "cannot find the runtime %s; reinstall sscc (%s looks in the "
           "lib directory next to its own bin directory)", lib, prog);
  free(self);
  free(bindir);
  free(lib);
  return xstrdup(resolved);
}

/* LD_PRELOAD with the runtime added after what is already there (unless it
 * already is, under ssrun inside ssrun). */
void ss_preload(const char *lib) {
  if (strpbrk(lib, ": "))
    die(1, "cannot preload %s: LD_PRELOAD cannot hold a path with ':' or a "
           "space; install sscc elsewhere", lib);
  const char *old = getenv("LD_PRELOAD");
  if (old && *old) {
    const char *p = strstr(old, lib);
    size_t n = strlen(lib);
    if (p && (p == old || p[-1] == ':' || p[-1] == ' ') &&
        (p[n] == '\0' || p[n] == ':' || p[n] == ' '))
      return;
    char *both = concat(old, ":", lib);
    setenv("LD_PRELOAD", both, 1);
    free(both);
  } else {
    setenv("LD_PRELOAD", lib, 1);
  }
}

