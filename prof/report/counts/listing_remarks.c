/*
 * listing_remarks.c -- -remarks: the loops of the profile by their share
 * of the ideal time (block executions without it), each with what the
 * optimizer did to it or why it could not (the #<swps>/#<swpf> lines sscc
 * -fss-remarks printed and kept in the descriptor; counts.h has the
 * join), so the first loop listed is where the time goes.  And the
 * "remarks" members of the -json document.
 *
 * One line per source loop of a function: the copies of one loop in the
 * optimized code (the vector body and its scalar remainder; a loop
 * versioned or unswitched) are one line, their blocks taken together.
 * "self" is the time in blocks whose innermost loop is the loop itself,
 * "incl" includes its inner loops.  Sorted by self, then incl.
 */
#include "listing.h"

#include "base.h"
#include "counts.h"
#include "json_writer.h"
#include "quit_limit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct row {
  uint32_t first_loop; /* model loop ids of the row: loops[first..] */
  uint32_t num_loops;
  int known;           /* 0: the function's machine code was not found */
  double self, incl;   /* cycles (or block executions) */
};

static const struct ss_model *sort_model;

static const struct ss_ideal *ideal_of(const struct ss_listing *l) {
  return l->ideal && l->ideal->available && l->ideal->block_cycles
             ? l->ideal
             : NULL;
}

/* Loops grouped by (function, file, line): loop ids sorted that way. */
static int by_place(const void *x, const void *y) {
  const struct ss_model_loop *a = &sort_model->loops[*(const uint32_t *)x];
  const struct ss_model_loop *b = &sort_model->loops[*(const uint32_t *)y];
  if (a->function != b->function)
    return a->function < b->function ? -1 : 1;
  int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
  if (c)
    return c;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
  return ia < ib ? -1 : ia > ib;
}

static int same_place(const struct ss_model_loop *a,
                      const struct ss_model_loop *b) {
  return a->function == b->function && a->line == b->line &&
         strcmp(a->file ? a->file : "", b->file ? b->file : "") == 0;
}

static int by_time(const void *x, const void *y) {
  const struct row *a = x, *b = y;
  if (a->known != b->known)
    return a->known ? -1 : 1;
  if (a->self != b->self)
    return a->self > b->self ? -1 : 1;
  if (a->incl != b->incl)
    return a->incl > b->incl ? -1 : 1;
  return a->first_loop < b->first_loop ? -1 : a->first_loop > b->first_loop;
}

struct table {
  uint32_t *loops; /* model loop ids, grouped */
  struct row *rows;
  size_t num_rows;
  double total;
};

/* The value of block b: its cycles, or its executions. */
static double block_value(const struct ss_model *m,
                          const struct ss_ideal *ideal, uint32_t b) {
  if (ideal)
    return ideal->block_cycles[b];
  return m->blocks[b].known ? (double)m->blocks[b].count : 0.0;
}

static void table_build(struct table *t, const struct ss_model *m,
                        const struct ss_loop_nest *n,
                        const struct ss_ideal *ideal) {
  size_t nl = m->num_loops;
  t->loops = ss_xcalloc(nl ? nl : 1, sizeof *t->loops);
  t->rows = ss_xcalloc(nl ? nl : 1, sizeof *t->rows);
  t->num_rows = 0;
  for (size_t i = 0; i < nl; i++)
    t->loops[i] = (uint32_t)i;
  sort_model = m;
  ss_sort(t->loops, nl, sizeof *t->loops, by_place);
  sort_model = NULL;
  /* in_row[b]: the row whose loops hold block b (rows of one function are
   * consecutive; the mark is reset per row) */
  uint8_t *in_row = ss_xcalloc(m->num_blocks ? m->num_blocks : 1, 1);
  uint8_t *is_member = ss_xcalloc(nl ? nl : 1, 1);
  for (size_t i = 0; i < nl;) {
    size_t j = i + 1;
    while (j < nl && same_place(&m->loops[t->loops[i]], &m->loops[t->loops[j]]))
      j++;
    struct row *r = &t->rows[t->num_rows++];
    r->first_loop = (uint32_t)i;
    r->num_loops = (uint32_t)(j - i);
    uint32_t fn = m->loops[t->loops[i]].function;
    r->known = !ideal || !ideal->functions || ideal->functions[fn].has_code;
    for (size_t k = i; k < j; k++)
      is_member[t->loops[k]] = 1;
    for (size_t k = i; k < j; k++) {
      const struct ss_loop_facts *lf = &n->loops[t->loops[k]];
      for (uint32_t q = 0; q < lf->num_blocks; q++) {
        uint32_t b = lf->blocks[q];
        if (in_row[b])
          continue;
        in_row[b] = 1;
        double v = block_value(m, ideal, b);
        r->incl += v;
        if (n->innermost[b] != SS_MODEL_NONE && is_member[n->innermost[b]])
          r->self += v;
      }
    }
    for (size_t k = i; k < j; k++) {
      const struct ss_loop_facts *lf = &n->loops[t->loops[k]];
      for (uint32_t q = 0; q < lf->num_blocks; q++)
        in_row[lf->blocks[q]] = 0;
      is_member[t->loops[k]] = 0;
    }
    i = j;
  }
  free(in_row);
  free(is_member);
  ss_sort(t->rows, t->num_rows, sizeof *t->rows, by_time);
  t->total = ideal ? ideal->total_cycles : (double)m->total_block_executions;
}

static void table_release(struct table *t) {
  free(t->loops);
  free(t->rows);
}

/* The remarks of a row, each once, exact joins first. */
static size_t row_remarks(const struct table *t, const struct row *r,
                          const struct ss_loop_remarks *lr, uint32_t *out) {
  size_t num = 0;
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t k = 0; k < r->num_loops; k++) {
      uint32_t loop = t->loops[r->first_loop + k];
      for (uint32_t q = lr->loop_start[loop]; q < lr->loop_start[loop + 1]; q++) {
        uint32_t ri = lr->loop_remark[q];
        if (lr->remarks[ri].by_range != pass)
          continue;
        size_t s = 0;
        while (s < num && out[s] != ri)
          s++;
        if (s == num)
          out[num++] = ri;
      }
    }
  return num;
}

static double share(double part, double whole) {
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

void ss_list_remarks(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_ideal *ideal = ideal_of(l);
  FILE *out = l->out;
  struct ss_loop_nest nest;
  ss_loop_nest_build(&nest, m);
  struct ss_loop_remarks lr;
  ss_loop_remarks_build(&lr, m, &nest);
  struct table t;
  table_build(&t, m, &nest, ideal);
  uint32_t *ids = ss_xcalloc(lr.num_remarks ? lr.num_remarks : 1, sizeof *ids);

  ss_print_title(out, ideal ? "Loop remarks, in descending order by ideal "
                              "time in the loop itself"
                            : "Loop remarks, in descending order by block "
                              "executions in the loop itself");
  size_t with = 0;
  for (size_t i = 0; i < t.num_rows; i++)
    with += row_remarks(&t, &t.rows[i], &lr, ids) ? 1 : 0;
  char ratio[64];
  snprintf(ratio, sizeof ratio, "%zu / %zu", with, t.num_rows);
  fprintf(out, "%16s: Loops with remarks / loops (a source loop's copies "
          "are one)\n", ratio);
  if (!lr.num_remarks)
    fprintf(out, "%16d: Remarks (compile with sscc -fss-remarks to have "
            "them)\n", 0);
  if (lr.unjoined)
    fprintf(out, "%16zu: Remarks of loops that are not in the optimized "
            "code (listed last)\n", lr.unjoined);
  ss_print_rule(out);
  fprintf(out, "%7s %7s %16s  %s\n", "self%", "incl%",
          ideal ? "cycles" : "executions", "function (dso: file, line) of the loop");
  fprintf(out, "        what the optimizer did (sscc -fss-remarks)\n");

  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < t.num_rows && ss_quit_allow(&q); i++) {
    const struct row *r = &t.rows[i];
    const struct ss_model_loop *ml = &m->loops[t.loops[r->first_loop]];
    double pct = 0.0;
    if (!r->known) {
      fprintf(out, "%7s %7s %16s", "?", "?", "?");
    } else {
      pct = share(r->self, t.total);
      fprintf(out, "%6.1f%% %6.1f%% %16.0f", pct, share(r->incl, t.total),
              floor(r->self + 0.5));
    }
    fputs("  ", out);
    ss_print_function_place(out, &m->functions[ml->function], ml->file,
                            ml->line);
    fputc('\n', out);
    size_t num = row_remarks(&t, r, &lr, ids);
    if (!num)
      fprintf(out, "        no remark\n");
    for (size_t k = 0; k < num; k++) {
      fputs("        ", out);
      ss_print_remark(out, &lr.remarks[ids[k]]);
    }
    ss_quit_account(&q, pct);
  }
  if (lr.unjoined) {
    ss_print_title(out, "Remarks of loops that are not in the optimized code "
                        "(completely unrolled, deleted, replaced)");
    for (size_t i = 0; i < lr.num_remarks; i++)
      if (!lr.remarks[i].num_loops) {
        fputs("        ", out);
        ss_print_remark(out, &lr.remarks[i]);
      }
  }
  free(ids);
  table_release(&t);
  ss_loop_remarks_release(&lr);
  ss_loop_nest_release(&nest);
}

/* ---- -json ---- */

static void flag_name(const char *name, void *arg) {
  ss_json_string(arg, NULL, name);
}

/* The fields every remark object has; the column in the top-level list. */
static void write_remark_fields(struct ss_json *j, const struct ss_remark_ref *r,
                                int with_column) {
  ss_json_string(j, "kind", r->kind == SS_REMARK_FAILED ? "swpf" : "swps");
  ss_json_string(j, "file", r->file);
  ss_json_uint(j, "line", r->line);
  if (with_column)
    ss_json_uint(j, "column", r->column);
  ss_json_string(j, "text", r->text);
  ss_json_begin_array(j, "transformations");
  ss_remark_flag_names(r->flags, flag_name, j);
  ss_json_end_array(j);
}

static void write_remark(struct ss_json *j, const struct ss_remark_ref *r) {
  ss_json_begin_object(j, NULL);
  write_remark_fields(j, r, 0);
  ss_json_end_object(j);
}

void ss_json_write_loop_remarks(struct ss_json *j,
                                const struct ss_loop_remarks *lr,
                                uint32_t loop) {
  ss_json_begin_array(j, "remarks");
  for (uint32_t q = lr->loop_start[loop]; q < lr->loop_start[loop + 1]; q++)
    write_remark(j, &lr->remarks[lr->loop_remark[q]]);
  ss_json_end_array(j);
}

void ss_json_write_remarks(struct ss_json *j, const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  struct ss_loop_nest nest;
  ss_loop_nest_build(&nest, m);
  struct ss_loop_remarks lr;
  ss_loop_remarks_build(&lr, m, &nest);
  ss_json_begin_array(j, "remarks");
  for (size_t i = 0; i < lr.num_remarks; i++) {
    const struct ss_remark_ref *r = &lr.remarks[i];
    ss_json_begin_object(j, NULL);
    write_remark_fields(j, r, 1);
    ss_json_begin_array(j, "loops");
    for (uint32_t q = lr.remark_start[i]; q < lr.remark_start[i + 1]; q++)
      ss_json_uint(j, NULL, lr.remark_loop[q]);
    ss_json_end_array(j);
    ss_json_bool(j, "by_range", r->by_range);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  ss_loop_remarks_release(&lr);
  ss_loop_nest_release(&nest);
}
