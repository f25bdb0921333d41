/*
 * calipers.h -- which samples -calipers [n1,]n2 selects.
 *
 * A file's caliper points are its SS_NOTE_CALIPER notes in file order:
 * point 0 is "target begin", the last is the exit (or the fatal signal, or
 * the exec).  A sample's `caliper` field is the number of points recorded
 * before it, so a sample with caliper c was taken between point c-1 and
 * point c.  It lies between points n1 and n2 when n1 <= c-1 and c <= n2:
 *
 *     selected  <=>  n1 < c <= n2
 *
 * As in the seeds' prof: n1 >= n2 is an error (checked with the options);
 * n1 omitted is 0; n1 negative means the beginning of the experiment (no
 * lower bound); n2 beyond the last point recorded is that last point (per
 * file).  Without -calipers every sample counts.  A file without caliper
 * notes is taken to have points 0 and 1 (begin and end).
 */
#ifndef SSPROF_CALIPERS_H
#define SSPROF_CALIPERS_H

#include "error_message.h"
#include "expfile.h"
#include "options.h"

#include <stdint.h>

struct ss_caliper_window {
  int64_t after;   /* selected: after < caliper ... */
  int64_t through; /* ... && caliper <= through */
};

/* The window of -calipers in file `f` (everything without -calipers).
 * Returns -1 with `err` set when clamping n2 to the file's last point
 * leaves nothing between n1 and n2. */
int ss_caliper_window(const struct ss_calipers *c, const struct ss_expfile *f,
                      struct ss_caliper_window *w, struct ss_err *err);

static inline int ss_caliper_selects(const struct ss_caliper_window *w,
                                     uint32_t caliper) {
  return (int64_t)caliper > w->after && (int64_t)caliper <= w->through;
}

/* The text of caliper point `point` of `f` (its note), or NULL. */
const char *ss_caliper_label(const struct ss_expfile *f, uint32_t point);

#endif
