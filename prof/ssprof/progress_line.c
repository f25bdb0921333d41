/*
 * progress_line.c -- one line on the terminal while ssprof works long
 * ("ssprof: llvm-mca: 12 of 70 runs"), rewritten in place and erased when
 * the work is done; nothing when stderr is not a terminal, so logs and
 * tests see no trace of it.
 */
#include "families.h"

#include <stdio.h>
#include <unistd.h>

struct line_state {
  int shown;
  const char *last_what;
  size_t last_percent;
};

static struct line_state state;

static void show(void *self, const char *what, size_t done, size_t total) {
  struct line_state *s = self;
  size_t percent = total ? 100 * done / total : 100;
  if (s->shown && what == s->last_what && percent == s->last_percent &&
      done < total)
    return;
  s->last_what = what;
  s->last_percent = percent;
  s->shown = 1;
  fprintf(stderr, "\rssprof: %s: %zu of %zu done (%zu%%)\033[K", what, done,
          total, percent);
  fflush(stderr);
}

struct ss_progress ssprof_progress_line(void) {
  struct ss_progress p = {NULL, NULL};
  if (isatty(2)) {
    p.show = show;
    p.self = &state;
  }
  return p;
}

void ssprof_progress_done(void) {
  if (state.shown) {
    fputs("\r\033[K", stderr);
    fflush(stderr);
    state.shown = 0;
  }
}
