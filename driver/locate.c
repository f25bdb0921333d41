/* locate.c -- where sscc is, and which clang it runs. */
#define _GNU_SOURCE
#include "locate.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SS_STR2(x) #x
#define SS_STR(x) SS_STR2(x)
#define MAJOR SS_STR(SS_CLANG_MAJOR)

/* True when path names this very executable (so we never exec ourselves). */
static bool is_self(const char *path, const char *self) {
  if (!self)
    return false;
  char *r = realpath(path, NULL);
  bool same = r && strcmp(r, self) == 0;
  free(r);
  return same;
}

/* Search PATH for an executable called name that is not ourselves (self may
 * be NULL: then any will do). */
static char *search_path(const char *name, const char *self) {
  const char *path = getenv("PATH");
  while (path && *path) {
    const char *colon = strchr(path, ':');
    size_t len = colon ? (size_t)(colon - path) : strlen(path);
    char *dir = xrealloc(NULL, len + 1);
    memcpy(dir, path, len);
    dir[len] = '\0';
    char *cand = concat(len ? dir : ".", "/", name); /* an empty entry is "." */
    free(dir);
    if (is_executable_file(cand) && !is_self(cand, self))
      return cand;
    free(cand);
    path = colon ? colon + 1 : NULL;
  }
  return NULL;
}

/* Canonical path of this executable: /proc/self/exe, else argv[0] resolved
 * by hand (directly, or through PATH when it has no slash). */
char *self_path(const char *argv0) {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n > 0) {
    buf[n] = '\0';
    return xstrdup(buf);
  }
  char *found = strchr(argv0, '/') ? xstrdup(argv0) : search_path(argv0, NULL);
  char *r = found ? realpath(found, NULL) : NULL;
  free(found);
  return r;
}

/* The clang to exec: $SSCC_CLANG / $SSCC_CLANGXX, else clang[++]-<major> on
 * PATH, else /usr/lib/llvm-<major>/bin/clang[++], else the path found when
 * sscc was configured. */
char *find_clang(bool cxx, const char *self) {
  const char *envname = cxx ? "SSCC_CLANGXX" : "SSCC_CLANG";
  const char *want = cxx ? "clang++-" MAJOR : "clang-" MAJOR;
  const char *env = getenv(envname);
  if (env && *env) {
    char *found = NULL;
    if (strchr(env, '/')) {
      if (is_executable_file(env))
        found = xstrdup(env);
    } else {
      found = search_path(env, self);
    }
    if (!found)
      die(2, "%s=%s is not an executable file; set it to the path of %s", envname, env,
          want);
    if (is_self(found, self))
      die(2, "%s=%s names sscc itself; set it to the path of a real clang", envname, env);
    return found;
  }
  char *found = search_path(want, self);
  if (found)
    return found;
  const char *llvm_bin = cxx ? "/usr/lib/llvm-" MAJOR "/bin/clang++"
                             : "/usr/lib/llvm-" MAJOR "/bin/clang";
  if (is_executable_file(llvm_bin) && !is_self(llvm_bin, self))
    return xstrdup(llvm_bin);
  const char *fallback = cxx ? SS_CLANGXX_FALLBACK : SS_CLANG_FALLBACK;
  if (*fallback && is_executable_file(fallback) && !is_self(fallback, self))
    return xstrdup(fallback);
  die(2, "cannot find %s; set %s", want, envname);
}
