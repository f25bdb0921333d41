/* fuzz_input.c -- see fuzz_input.h. */
#include "fuzz_input.h"

#include <stdlib.h>
#include <string.h>

struct ss_expfile *fuzz_read(const uint8_t *data, size_t size) {
  /* The reader owns a malloc'd image with a NUL after it, as
   * ss_read_file gives it. */
  uint8_t *image = ss_xmalloc(size + 1);
  memcpy(image, data, size);
  image[size] = 0;
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  struct ss_err err;
  if (ss_expfile_parse(f, "fuzz", image, size, &err) != 0) {
    ss_expfile_free(f);
    return NULL;
  }
  return f;
}
