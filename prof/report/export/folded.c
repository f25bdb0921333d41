/*
 * folded.c -- FlameGraph's folded stacks ("stackcollapse" output): one
 * line per distinct stack, its functions from the root down separated by
 * ';', a space and its value: samples (sampling) or ideal cycles
 * (counting, the call tree of ideal.h).  Stacks that differ only in
 * source lines are one line; lines are sorted, as stackcollapse sorts.
 */
#include "export.h"

#include "base.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct folded_line {
  char *text;
  int64_t value;
};

static int by_text(const void *x, const void *y) {
  return strcmp(((const struct folded_line *)x)->text,
                ((const struct folded_line *)y)->text);
}

static char *stack_text(const struct ss_xprofile *x,
                        const struct ss_xstack *st) {
  size_t len = 0, cap = 256;
  char *s = ss_xmalloc(cap);
  char name[1024];
  for (uint32_t k = 0; k < st->depth; k++) {
    const char *n = ss_xframe_plain_name(
        x->frames[x->locs[st->first + k].frame].name, name, sizeof name);
    size_t nl = strlen(n);
    while (len + nl + 2 > cap)
      s = ss_xrealloc_array(s, cap *= 2, 1);
    if (k)
      s[len++] = ';';
    memcpy(s + len, n, nl);
    len += nl;
  }
  s[len] = 0;
  return s;
}

int ss_export_folded(FILE *out, const struct ss_xprofile *x) {
  /* Samples are counted as they are; cycles rounded so that they add
   * up to the rounded total. */
  int value = x->sampling ? 0 : 1;
  struct folded_line *lines = ss_xcalloc(x->num_stacks + 1, sizeof *lines);
  struct ss_xround r = {0, 0};
  size_t n = 0;
  for (size_t i = 0; i < x->num_stacks; i++) {
    const struct ss_xstack *st = &x->stacks[i];
    int64_t v = ss_xround_next(&r, st->value[value]);
    if (st->depth == 0)
      continue;
    lines[n++] = (struct folded_line){stack_text(x, st), v};
  }
  ss_sort(lines, n, sizeof *lines, by_text);
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    int64_t sum = lines[i].value;
    for (; j < n && strcmp(lines[j].text, lines[i].text) == 0; j++)
      sum += lines[j].value;
    if (sum > 0)
      fprintf(out, "%s %" PRId64 "\n", lines[i].text, sum);
    i = j;
  }
  for (size_t i = 0; i < n; i++)
    free(lines[i].text);
  free(lines);
  return 0;
}
