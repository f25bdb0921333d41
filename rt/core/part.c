/* part.c -- the parts the linker gathered, in their order (see part.h;
 * rules: rt/README.md). */
#include "part.h"

#include <stddef.h>

/* Defined by the linker around the section; weak, for a link without any
 * part (a static program that only records caliper points). */
extern const struct ssrt_part __start_ssrt_parts[]
    __attribute__((weak, visibility("hidden")));
extern const struct ssrt_part __stop_ssrt_parts[]
    __attribute__((weak, visibility("hidden")));

/* Whether a comes after b (NULL: before every part).  Equal orders go by
 * address, so that each part is visited once. */
static int comes_after(const struct ssrt_part *a, const struct ssrt_part *b) {
  return !b || a->order > b->order || (a->order == b->order && a > b);
}

const struct ssrt_part *ssrt_part_next(const struct ssrt_part *after) {
  const struct ssrt_part *next = NULL;
  for (const struct ssrt_part *p = __start_ssrt_parts; p < __stop_ssrt_parts; p++)
    if (comes_after(p, after) && (!next || comes_after(next, p)))
      next = p;
  return next;
}

int ssrt_parts_start_experiments(void) {
  ssrt_for_each_part(p) {
    if (p->start)
      return 1;
  }
  return 0;
}
