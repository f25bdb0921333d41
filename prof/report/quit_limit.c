/* quit_limit.c -- -q truncation state. */
#include "quit_limit.h"

void ss_quit_begin(struct ss_quit_state *s, const struct ss_quit *q,
                   int butterfly) {
  s->quit = *q;
  if (butterfly && s->quit.kind == SS_QUIT_CUM_PERCENT)
    s->quit.kind = SS_QUIT_PERCENT;
  s->shown = 0;
  s->cumulative = 0;
  s->done = s->quit.kind == SS_QUIT_LINES && s->quit.value < 1;
}

int ss_quit_allow(const struct ss_quit_state *s) { return !s->done; }

void ss_quit_account(struct ss_quit_state *s, double percent) {
  s->shown++;
  s->cumulative += percent;
  switch (s->quit.kind) {
  case SS_QUIT_NONE:
    break;
  case SS_QUIT_LINES:
    if ((double)s->shown >= s->quit.value)
      s->done = 1;
    break;
  case SS_QUIT_PERCENT:
    if (percent < s->quit.value)
      s->done = 1;
    break;
  case SS_QUIT_CUM_PERCENT:
    if (s->cumulative > s->quit.value)
      s->done = 1;
    break;
  }
}
