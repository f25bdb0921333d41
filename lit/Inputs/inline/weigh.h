/* weigh.h -- a helper defined in a header, inlined where it is called
 * (lit/counts/inline-header-lines.c). */
#ifndef WEIGH_H
#define WEIGH_H

long note(long w); /* the program's: counts its own calls */

static inline long weigh(long v) {
  long w = v * 3 + 1;
  if (w % 7 == 0)
    w += note(w);
  return w;
}

#endif
