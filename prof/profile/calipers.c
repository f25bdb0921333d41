/* calipers.c -- the -calipers window of each file. */
#include "profile.h"

int ss_caliper_window(const struct ss_calipers *c, const struct ss_expfile *f,
                      struct ss_caliper_window *w, struct ss_err *err) {
  if (!c->given) {
    w->after = INT64_MIN;
    w->through = INT64_MAX;
    return 0;
  }
  int64_t last = f->num_caliper_points ? (int64_t)f->num_caliper_points - 1
                                       : 1;
  w->after = c->from < 0 ? -1 : c->from;
  w->through = c->to > last ? last : c->to;
  if (w->after >= w->through) {
    ss_err_set(err, "-calipers %lld,%lld: the file records caliper points 0 "
               "to %lld only", c->from, c->to, (long long)last);
    return -1;
  }
  return 0;
}

const char *ss_caliper_label(const struct ss_expfile *f, uint32_t point) {
  uint32_t k = 0;
  for (size_t i = 0; i < f->num_notes; i++) {
    if (f->notes[i].kind != SS_NOTE_CALIPER)
      continue;
    if (k++ == point)
      return f->notes[i].text;
  }
  return NULL;
}
