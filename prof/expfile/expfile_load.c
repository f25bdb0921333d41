/* expfile_load.c -- read a whole experiment file into memory and parse it. */
#include "expfile.h"

#include "base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ss_expfile_same(const struct ss_expfile *a, const struct ss_expfile *b) {
  return a->size == b->size && memcmp(a->data, b->data, a->size) == 0;
}

struct ss_expfile *ss_expfile_load(const char *path, struct ss_err *err) {
  uint64_t size = 0;
  uint8_t *data = ss_read_file(path, &size, err);
  if (!data)
    return NULL;
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  if (ss_expfile_parse(f, path, data, size, err) != 0) {
    ss_expfile_free(f);
    return NULL;
  }
  return f;
}
