/*
 * listing_diff.c -- -diff: two listings of one program, before and after
 * a change (rebuilt or not), compared per function, source line and loop
 * (as dcpidiff and perf diff do).
 *
 * Rows are matched by what survives a rebuild, never by address:
 * functions by name and file (the file's name without its directory),
 * lines by file and line (sampling: by function, file and line), loops
 * by function, file and line.  A row's value is ideal cycles (counts
 * without machine code: block executions, line counts, loop iterations)
 * or samples; the change is after - before, and rows are listed by the
 * size of their change, largest first (-q as for the function list).
 * -json prints each row with "before" and "after" objects (null where
 * the row is missing on that side) that have the fields of a row of the
 * plain -json document, and the change.
 */
#include "report.h"

#include "base.h"
#include "json_writer.h"
#include "listing.h"
#include "listing_ideal.h"
#include "listing_json_parts.h"
#include "quit_limit.h"
#include "text_format.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum row_kind { ROW_FUNCTION, ROW_LINE, ROW_LOOP, ROW_KINDS };

struct row {
  const char *name, *file; /* file: as the "before" side (else "after") */
  uint32_t line;
  const char *dso;
  size_t side[2];          /* index in each side's model; SIZE_MAX: none */
  double value[2];
};

struct rows {
  struct ss_hash keys;
  struct row *v;
  size_t n, cap;
};

/* One side: the listing and what its rows need. */
struct side {
  const struct ss_listing *l;
  struct ss_ideal_view view; /* with ideal time */
  struct ss_loop_nest nest;  /* counting experiments */
  struct ss_loop_remarks remarks;
  double *line_cycles;       /* [model->num_lines]: ideal cycles per line */
};

/* `all` has one struct rows per kind. */
static void add(struct rows *all, enum row_kind kind, const char *name,
                const char *file, uint32_t line, const char *dso, int side,
                size_t index, double value) {
  struct rows *r = &all[kind];
  char *key = ss_xasprintf("%d\x1f%s\x1f%s\x1f%u", (int)kind, name ? name : "",
                           ss_basename(file ? file : ""),
                           kind == ROW_FUNCTION ? 0 : line);
  int inserted;
  uint32_t id = ss_hash_intern(&r->keys, key, strlen(key), &inserted);
  free(key);
  if (inserted) {
    SS_GROW(r->v, r->cap, id);
    r->v[id] = (struct row){name, file ? file : "", line, dso,
                            {SIZE_MAX, SIZE_MAX}, {0, 0}};
    r->n = id + 1;
  }
  if (r->v[id].side[side] == SIZE_MAX)
    r->v[id].side[side] = index;
  r->v[id].value[side] += value;
}

static int has_ideal(const struct side *s) { return ss_ideal_listing(s->l); }

/* Ideal cycles per line of the model's "lines" (by the file's name). */
static void line_cycles(struct side *s) {
  const struct ss_model *m = s->l->model;
  const struct ss_ideal *ideal = s->l->ideal;
  s->line_cycles = ss_xcalloc(m->num_lines + 1, sizeof *s->line_cycles);
  for (size_t i = 0; i < ideal->num_lines; i++) {
    const struct ss_ideal_line *il = &ideal->lines[i];
    if (!il->file || !il->line)
      continue;
    for (size_t k = 0; k < m->num_lines; k++)
      if (m->lines[k].line == il->line &&
          strcmp(ss_basename(m->lines[k].file), ss_basename(il->file)) == 0) {
        s->line_cycles[k] += il->cycles;
        break;
      }
  }
}

static void counting_rows(struct rows *r, struct side *s, int side) {
  const struct ss_model *m = s->l->model;
  int ideal = has_ideal(s);
  for (uint32_t f = 0; f < m->num_functions; f++) {
    const struct ss_model_function *fn = &m->functions[f];
    if (!ss_model_function_ran(fn))
      continue;
    add(r, ROW_FUNCTION, fn->name, fn->file, fn->line, fn->dso, side, f,
        ideal ? s->view.exclusive[f] : (double)fn->blocks);
  }
  for (size_t i = 0; i < m->num_lines; i++) {
    const struct ss_model_line *ln = &m->lines[i];
    if (!ln->known || ln->count == 0)
      continue;
    add(r, ROW_LINE, NULL, ln->file, ln->line, NULL, side, i,
        ideal ? s->line_cycles[i] : (double)ln->count);
  }
  for (size_t i = 0; i < m->num_loops; i++) {
    const struct ss_model_loop *lp = &m->loops[i];
    const struct ss_loop_facts *lf = &s->nest.loops[i];
    double c = ideal ? ss_listing_loop_cycles(s->l, &s->nest, (uint32_t)i)
                     : (double)lf->iterations;
    if (!lf->iterations_known || lf->iterations == 0)
      continue;
    add(r, ROW_LOOP, m->functions[lp->function].name, lp->file, lp->line,
        m->functions[lp->function].dso, side, i, c > 0 ? c : 0);
  }
}

static void sampling_rows(struct rows *r, const struct ss_sample_model *m,
                          int side) {
  for (uint32_t f = 0; f < m->num_functions; f++) {
    const struct ss_sfunction *fn = &m->functions[f];
    add(r, ROW_FUNCTION, fn->name, fn->file, fn->line, fn->dso, side, f,
        (double)fn->excl_samples);
  }
  for (size_t i = 0; i < m->num_lines; i++) {
    const struct ss_sline *ln = &m->lines[i];
    add(r, ROW_LINE, m->functions[ln->function].name, ln->file, ln->line,
        m->functions[ln->function].dso, side, i, (double)ln->samples);
  }
}

static void side_open(struct side *s, const struct ss_listing *l) {
  memset(s, 0, sizeof *s);
  s->l = l;
  if (l->samples)
    return;
  ss_loop_nest_build(&s->nest, l->model);
  ss_loop_remarks_build(&s->remarks, l->model, &s->nest);
  if (has_ideal(s)) {
    ss_ideal_view_build(&s->view, l);
    line_cycles(s);
  }
}

static void side_close(struct side *s) {
  if (s->l->samples)
    return;
  if (has_ideal(s))
    ss_ideal_view_release(&s->view);
  free(s->line_cycles);
  ss_loop_remarks_release(&s->remarks);
  ss_loop_nest_release(&s->nest);
}

static int by_change(const void *x, const void *y) {
  const struct row *a = x, *b = y;
  double ca = fabs(a->value[1] - a->value[0]);
  double cb = fabs(b->value[1] - b->value[0]);
  if (ca != cb)
    return ca > cb ? -1 : 1;
  int c = strcmp(a->file, b->file);
  if (c)
    return c;
  return a->line < b->line ? -1 : a->line > b->line;
}

static const char *unit_of(const struct side *s) {
  if (s->l->samples)
    return "samples";
  return has_ideal(s) ? "cycles" : "count";
}

static double total_of(const struct side *s) {
  if (s->l->samples)
    return (double)s->l->samples->samples;
  return has_ideal(s) ? s->l->ideal->total_cycles
                      : (double)s->l->model->total_block_executions;
}

static const char *const titles[ROW_KINDS] = {
    "Function differences", "Line differences", "Loop differences"};

static void print_rows(FILE *out, const struct ss_options *o,
                       const struct side *sides, struct rows *r,
                       enum row_kind kind) {
  char title[160];
  snprintf(title, sizeof title, "%s, in descending order by the change of "
           "%s", titles[kind], unit_of(&sides[0]));
  ss_print_title(out, title);
  fprintf(out, "%15s %15s %15s %8s  %s\n", "before", "after", "change",
          "change%", kind == ROW_LINE && !sides[0].l->samples
                         ? "file, line"
                         : "function (dso: file, line)");
  double total = total_of(&sides[0]);
  struct ss_quit_state q;
  ss_quit_begin(&q, &o->quit, 0);
  for (size_t i = 0; i < r->n && ss_quit_allow(&q); i++) {
    const struct row *w = &r->v[i];
    double d = w->value[1] - w->value[0];
    fprintf(out, "%15.0f %15.0f %+15.0f ", w->value[0], w->value[1], d);
    if (w->value[0] > 0)
      fprintf(out, "%+7.1f%%  ", 100.0 * d / w->value[0]);
    else
      fprintf(out, "%8s  ", w->side[0] == SIZE_MAX ? "new" : "-");
    if (w->name) {
      fprintf(out, "%s (", w->name);
      ss_print_dso_place(out, w->dso, w->file, w->line);
      fputs(")", out);
    } else {
      ss_print_file_line(out, w->file, w->line);
    }
    fputs(w->side[1] == SIZE_MAX ? " (gone)\n" : "\n", out);
    ss_quit_account(&q, total > 0 ? 100.0 * fabs(d) / total : 0);
  }
}

static void json_row(struct ss_json *j, const struct side *sides,
                     const struct row *w, enum row_kind kind) {
  ss_json_begin_object(j, NULL);
  static const char *const keys[2] = {"before", "after"};
  for (int s = 0; s < 2; s++) {
    const struct ss_listing *l = sides[s].l;
    size_t k = w->side[s];
    if (k == SIZE_MAX)
      ss_json_null(j, keys[s]);
    else if (l->samples && kind == ROW_FUNCTION)
      ss_json_write_sample_function_row(j, keys[s], l->samples, (uint32_t)k);
    else if (l->samples)
      ss_json_write_sample_line_row(j, keys[s], l->samples, k);
    else if (kind == ROW_FUNCTION)
      ss_json_write_function_row(j, keys[s], l->model,
                                 has_ideal(&sides[s]) ? &sides[s].view : NULL,
                                 NULL, (uint32_t)k);
    else if (kind == ROW_LINE)
      ss_json_write_line_row(j, keys[s], l->model, k);
    else
      ss_json_write_loop_row(j, keys[s], l, &sides[s].nest,
                             &sides[s].remarks, (uint32_t)k);
  }
  ss_json_begin_object(j, "change");
  ss_json_string(j, "unit", unit_of(&sides[0]));
  ss_json_double(j, "before", w->value[0]);
  ss_json_double(j, "after", w->value[1]);
  ss_json_double(j, "change", w->value[1] - w->value[0]);
  ss_json_end_object(j);
  ss_json_end_object(j);
}

static void file_names(struct ss_json *j, const char *key,
                       const struct ss_profile *p) {
  ss_json_begin_array(j, key);
  for (size_t i = 0; i < p->num_files; i++)
    ss_json_string(j, NULL, p->files[i]->name);
  ss_json_end_array(j);
}

static void print_json(FILE *out, const struct side *sides,
                       struct rows *r) {
  static const char *const members[ROW_KINDS] = {"functions", "lines",
                                                 "loops"};
  struct ss_json j;
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  ss_json_string(&j, "target", sides[1].l->profile->target);
  ss_json_string(&j, "experiment", sides[1].l->profile->experiment);
  file_names(&j, "before_files", sides[0].l->profile);
  file_names(&j, "after_files", sides[1].l->profile);
  ss_json_begin_object(&j, "summary");
  ss_json_string(&j, "unit", unit_of(&sides[0]));
  ss_json_double(&j, "before", total_of(&sides[0]));
  ss_json_double(&j, "after", total_of(&sides[1]));
  ss_json_double(&j, "change", total_of(&sides[1]) - total_of(&sides[0]));
  ss_json_end_object(&j);
  for (int k = 0; k < ROW_KINDS; k++) {
    if (k == ROW_LOOP && sides[0].l->samples)
      continue;
    ss_json_begin_array(&j, members[k]);
    for (size_t i = 0; i < r[k].n; i++)
      json_row(&j, sides, &r[k].v[i], (enum row_kind)k);
    ss_json_end_array(&j);
  }
  ss_json_end_object(&j);
  fputc('\n', out);
}

void ss_report_diff(const struct ss_listing *before,
                    const struct ss_listing *after) {
  struct side sides[2];
  side_open(&sides[0], before);
  side_open(&sides[1], after);
  struct rows r[ROW_KINDS];
  memset(r, 0, sizeof r);
  for (int k = 0; k < ROW_KINDS; k++)
    ss_hash_init(&r[k].keys);
  for (int s = 0; s < 2; s++) {
    if (sides[s].l->samples)
      sampling_rows(r, sides[s].l->samples, s);
    else
      counting_rows(r, &sides[s], s);
  }
  for (int k = 0; k < ROW_KINDS; k++)
    ss_sort(r[k].v, r[k].n, sizeof *r[k].v, by_change);
  const struct ss_options *o = after->options;
  FILE *out = after->out;
  if (o->json) {
    print_json(out, sides, r);
  } else {
    double b = total_of(&sides[0]), a = total_of(&sides[1]);
    ss_print_title(out, "Summary of the differences (-diff)--");
    fprintf(out, "%16.0f: Before, %s (%s, %zu file(s))\n", b,
            unit_of(&sides[0]), before->profile->files[0]->name,
            before->profile->num_files);
    fprintf(out, "%16.0f: After, %s (%s, %zu file(s))\n", a,
            unit_of(&sides[1]), after->profile->files[0]->name,
            after->profile->num_files);
    fprintf(out, "%+16.0f: Change", a - b);
    if (b > 0)
      fprintf(out, " (%+.1f%%)", 100.0 * (a - b) / b);
    fputc('\n', out);
    for (int k = 0; k < ROW_KINDS; k++)
      if (k != ROW_LOOP || !sides[0].l->samples)
        print_rows(out, o, sides, &r[k], (enum row_kind)k);
  }
  for (int k = 0; k < ROW_KINDS; k++) {
    ss_hash_release(&r[k].keys);
    free(r[k].v);
  }
  side_close(&sides[1]);
  side_close(&sides[0]);
}
