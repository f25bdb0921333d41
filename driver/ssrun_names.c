/* ssrun_names.c -- "did you mean" for ssrun's options and experiments
 * (help_text.h). */
#include "help_text.h"

#include "experiments.h"
#include "nearest_name.h"

#include <stdio.h>

const char *ssrun_nearest(const char *typed) {
  static char names[64][40];
  static const char *list[70];
  size_t n = 0;
  static const char *const options[] = {"-v", "-calsig", "-help",
                                        "-version", "-fpe_inexact", NULL};
  for (size_t i = 0; options[i]; i++)
    list[n++] = options[i];
  const struct ss_experiment *x;
  for (unsigned i = 0; n < 68 && i < 64 && (x = ss_experiment_at(i)); i++) {
    snprintf(names[i], sizeof names[i], "-%s", x->name);
    list[n++] = names[i];
  }
  list[n] = NULL;
  return ss_nearest_name(typed, list);
}
