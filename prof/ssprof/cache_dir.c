/*
 * cache_dir.c -- where ssprof keeps what ideal time computed from a
 * binary's code (prof/ideal/ideal_cache.h): SSPROF_CACHE_DIR if set, else
 * $XDG_CACHE_HOME/sscc, else ~/.cache/sscc; nowhere with -nocache or
 * SSPROF_NO_CACHE set to anything but "" or "0" (docs/ssprof.md).
 */
#include "families.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ssprof_cache_dir(const struct ss_options *o) {
  static char dir[4096];
  const char *off = getenv("SSPROF_NO_CACHE");
  if (o->no_cache || (off && off[0] && strcmp(off, "0") != 0))
    return NULL;
  const char *set = getenv("SSPROF_CACHE_DIR");
  if (set && set[0])
    return set;
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (xdg && xdg[0] == '/') /* the XDG rule: a relative path is ignored */
    snprintf(dir, sizeof dir, "%s/sscc", xdg);
  else if (home && home[0])
    snprintf(dir, sizeof dir, "%s/.cache/sscc", home);
  else
    return NULL;
  return dir;
}
