/* path_name.c -- path names (see base.h). */
#include "base.h"

#include <string.h>

const char *ss_basename(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}
