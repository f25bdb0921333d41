/*
 * quit_limit.h -- the -q n|n%|ncum% truncation of a listing part, as the
 * SpeedShop prof documents it: -q 15 stops after 15 lines, -q 15% after
 * the first line that represents less than 15 percent of the whole, and
 * -q 15cum% after the line that brought the cumulative percentage above
 * 15.  For the butterfly listing ncum% behaves like n%.
 */
#ifndef SSPROF_QUIT_LIMIT_H
#define SSPROF_QUIT_LIMIT_H

#include "report.h"

#include <stddef.h>

struct ss_quit_state {
  struct ss_quit quit;
  size_t shown;
  double cumulative;
  int done;
};

void ss_quit_begin(struct ss_quit_state *s, const struct ss_quit *q,
                   int butterfly);

/* May another line be printed? */
int ss_quit_allow(const struct ss_quit_state *s);

/* A line was printed that represents `percent` of the whole. */
void ss_quit_account(struct ss_quit_state *s, double percent);

#endif
