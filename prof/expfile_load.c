/* expfile_load.c -- read a whole experiment file into memory and parse it. */
#include "expfile.h"

#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint8_t *read_whole_file(const char *path, uint64_t *size,
                                struct ss_err *err) {
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    ss_err_set(err, "cannot open: %s", strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(fp);
    ss_err_set(err, "cannot read: %s", strerror(EISDIR));
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  uint8_t *buf = ss_xmalloc(cap);
  for (;;) {
    if (len == cap)
      buf = ss_xrealloc_array(buf, cap *= 2, 1);
    size_t n = fread(buf + len, 1, cap - len, fp);
    len += n;
    if (n == 0)
      break;
  }
  if (ferror(fp)) {
    int e = errno;
    fclose(fp);
    free(buf);
    ss_err_set(err, "cannot read: %s", strerror(e ? e : EIO));
    return NULL;
  }
  fclose(fp);
  *size = len;
  return buf;
}

struct ss_expfile *ss_expfile_load(const char *path, struct ss_err *err) {
  uint64_t size = 0;
  uint8_t *data = read_whole_file(path, &size, err);
  if (!data)
    return NULL;
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  if (ss_expfile_parse(f, path, data, size, err) != 0) {
    ss_expfile_free(f);
    return NULL;
  }
  return f;
}
