/* read_file.c -- a whole file into memory; see base.h. */
#include "base.h"


#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint8_t *ss_read_file(const char *path, uint64_t *size, struct ss_err *err) {
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
  if (len == cap)
    buf = ss_xrealloc_array(buf, cap + 1, 1);
  buf[len] = 0; /* so that text can be read as a string */
  *size = len;
  return buf;
}
