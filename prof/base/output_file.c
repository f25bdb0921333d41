/* output_file.c -- a file written safely, or stdout for "-"; see base.h. */
#include "base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ss_output_open(struct ss_output *o, const char *path, struct ss_err *err) {
  memset(o, 0, sizeof *o);
  o->path = path;
  if (strcmp(path, "-") == 0) {
    o->f = stdout;
    return 0;
  }
  /* The temporary file sits beside the target, so rename() is atomic. */
  o->tmp = ss_xasprintf("%s.tmp.XXXXXX", path);
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    ss_err_set(err, "cannot create: %s", strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  /* mkstemp makes 0600; a report is as readable as any file the user
   * writes. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  o->f = fdopen(fd, "wb");
  if (!o->f) {
    ss_err_set(err, "cannot write: %s", strerror(errno));
    close(fd);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  return 0;
}

int ss_output_commit(struct ss_output *o, struct ss_err *err) {
  if (!o->tmp) {
    if (fflush(o->f) != 0 || ferror(o->f)) {
      ss_err_set(err, "cannot write: %s", strerror(errno ? errno : EIO));
      return -1;
    }
    return 0;
  }
  int failed = fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0;
  int saved = errno;
  if (fclose(o->f) != 0 && !failed) {
    failed = 1;
    saved = errno;
  }
  o->f = NULL;
  if (!failed && rename(o->tmp, o->path) != 0) {
    failed = 1;
    saved = errno;
  }
  if (failed) {
    ss_err_set(err, "cannot write: %s", strerror(saved ? saved : EIO));
    unlink(o->tmp);
  }
  free(o->tmp);
  o->tmp = NULL;
  return failed ? -1 : 0;
}

void ss_output_discard(struct ss_output *o) {
  if (o->tmp) {
    if (o->f)
      fclose(o->f);
    unlink(o->tmp);
    free(o->tmp);
  }
  memset(o, 0, sizeof *o);
}
