/*
 * test_support.h -- parse a synthetic experiment image the way ssprof
 * parses a file.
 */
#ifndef PROF_TEST_SUPPORT_H
#define PROF_TEST_SUPPORT_H

#include "expfile.h"
#include "base.h"
#include "synth_experiment.h"

#include <stdio.h>
#include <stdlib.h>

/* The parsed file, or NULL (and the reason on stderr). */
static inline struct ss_expfile *parse_synth(const struct synth_options *o,
                                             const char *name) {
  size_t size;
  uint8_t *image = synth_build(o, &size);
  struct ss_expfile *f = ss_xcalloc(1, sizeof *f);
  struct ss_err err;
  if (ss_expfile_parse(f, name, image, size, &err) != 0) {
    fprintf(stderr, "%s: %s\n", name, err.msg);
    ss_expfile_free(f);
    return NULL;
  }
  return f;
}

#endif
