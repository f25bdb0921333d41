/*
 * callgrind.c -- the callgrind format (valgrind's "Callgrind Format
 * Specification"), which KCachegrind, QCachegrind and callgrind_annotate
 * read: per function (ob= module, fl= file, fn= name) the costs of its
 * source lines (fi= for lines of another file: code inlined there), then
 * its calls (cfi=/cfn=, calls=count line, the callee's inclusive costs
 * spent through the call).
 *
 * Events: ideal time "Ir" (instructions, as callgrind names them) and
 * "Cycles"; sampling "Samples" and "TimeNs".  Costs are integers: cycles
 * are rounded so that each function's lines add up to its rounded
 * cycles, and `summary:` is the sum of what is written.
 */
#include "export.h"

#include "base.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_xprofile *sort_x; /* qsort has no context */

static int line_order(const void *a, const void *b) {
  const struct ss_xline *x = &sort_x->lines[*(const size_t *)a];
  const struct ss_xline *y = &sort_x->lines[*(const size_t *)b];
  if (x->frame != y->frame)
    return x->frame < y->frame ? -1 : 1;
  int c = strcmp(x->file, y->file);
  if (c)
    return c;
  return x->line < y->line ? -1 : x->line > y->line;
}

static int call_order(const void *a, const void *b) {
  const struct ss_xcall *x = &sort_x->calls[*(const size_t *)a];
  const struct ss_xcall *y = &sort_x->calls[*(const size_t *)b];
  if (x->caller != y->caller)
    return x->caller < y->caller ? -1 : 1;
  int c = strcmp(x->file, y->file);
  if (c)
    return c;
  return x->line < y->line ? -1 : x->line > y->line;
}

static size_t *sorted(size_t n, int (*order)(const void *, const void *)) {
  size_t *idx = ss_xcalloc(n + 1, sizeof *idx);
  for (size_t i = 0; i < n; i++)
    idx[i] = i;
  ss_sort(idx, n, sizeof *idx, order);
  return idx;
}

static const char *names(const struct ss_xprofile *x, int k) {
  if (x->sampling)
    return k == 0 ? "Samples" : "TimeNs";
  return k == 0 ? "Ir" : "Cycles";
}

/* The integer costs of every line, rounded per function. */
static int64_t *line_costs(const struct ss_xprofile *x, const size_t *order,
                           int64_t *total) {
  int64_t *cost = ss_xcalloc(2 * x->num_lines + 1, sizeof *cost);
  struct ss_xround r[SS_XVALUES];
  uint32_t frame = UINT32_MAX;
  for (size_t i = 0; i < x->num_lines; i++) {
    const struct ss_xline *ln = &x->lines[order[i]];
    if (ln->frame != frame) {
      memset(r, 0, sizeof r);
      frame = ln->frame;
    }
    for (int k = 0; k < SS_XVALUES; k++) {
      cost[2 * i + k] = ss_xround_next(&r[k], ln->value[k]);
      total[k] += cost[2 * i + k];
    }
  }
  return cost;
}

static void begin_function(FILE *out, const struct ss_xprofile *x,
                           uint32_t f) {
  const struct ss_xframe *fr = &x->frames[f];
  fprintf(out, "\nob=%s\nfl=%s\nfn=%s\n", fr->path[0] ? fr->path : fr->dso,
          fr->file[0] ? fr->file : "???", fr->name);
}

/* Switch the position's file to `file` within the function (fi=/fe=). */
static void set_file(FILE *out, const struct ss_xprofile *x, uint32_t f,
                     const char **current, const char *file) {
  const char *own = x->frames[f].file[0] ? x->frames[f].file : "???";
  const char *want = file[0] ? file : own;
  if (strcmp(*current, want) == 0)
    return;
  fprintf(out, "%s=%s\n", strcmp(want, own) == 0 ? "fe" : "fi", want);
  *current = want;
}

static void write_calls(FILE *out, const struct ss_xprofile *x, uint32_t f,
                        const size_t *calls, size_t *ci, const char **current) {
  for (; *ci < x->num_calls && x->calls[calls[*ci]].caller == f; (*ci)++) {
    const struct ss_xcall *c = &x->calls[calls[*ci]];
    const struct ss_xframe *callee = &x->frames[c->callee];
    set_file(out, x, f, current, c->file);
    fprintf(out, "cob=%s\ncfi=%s\ncfn=%s\ncalls=%" PRIu64 " %u\n%u",
            callee->path[0] ? callee->path : callee->dso,
            callee->file[0] ? callee->file : "???", callee->name, c->calls,
            callee->line, c->line);
    for (int k = 0; k < SS_XVALUES; k++)
      fprintf(out, " %.0f", c->value[k]);
    fputc('\n', out);
  }
}

int ss_export_callgrind(FILE *out, const struct ss_xprofile *x) {
  sort_x = x;
  size_t *lines = sorted(x->num_lines, line_order);
  size_t *calls = sorted(x->num_calls, call_order);
  sort_x = NULL;
  int64_t total[SS_XVALUES] = {0, 0};
  int64_t *cost = line_costs(x, lines, total);
  fprintf(out, "# callgrind format\nversion: 1\ncreator: ssprof " 
          "(sscc)\ncmd: %s\npositions: line\nevents: %s %s\n"
          "summary: %" PRId64 " %" PRId64 "\n",
          x->target, names(x, 0), names(x, 1), total[0], total[1]);
  size_t li = 0, ci = 0;
  for (uint32_t f = 0; f < x->num_frames; f++) {
    int has_lines = li < x->num_lines && x->lines[lines[li]].frame == f;
    int has_calls = ci < x->num_calls && x->calls[calls[ci]].caller == f;
    if (!has_lines && !has_calls)
      continue;
    begin_function(out, x, f);
    const char *current = x->frames[f].file[0] ? x->frames[f].file : "???";
    for (; li < x->num_lines && x->lines[lines[li]].frame == f; li++) {
      const struct ss_xline *ln = &x->lines[lines[li]];
      set_file(out, x, f, &current, ln->file);
      fprintf(out, "%u %" PRId64 " %" PRId64 "\n", ln->line, cost[2 * li],
              cost[2 * li + 1]);
    }
    write_calls(out, x, f, calls, &ci, &current);
  }
  fprintf(out, "\ntotals: %" PRId64 " %" PRId64 "\n", total[0], total[1]);
  free(cost);
  free(lines);
  free(calls);
  return 0;
}
