/*
 * listing_loops.c -- -loops: every loop of the descriptor with its entries,
 * iterations, average trip count and, when ideal time is available, its
 * share of the ideal cycles (the cycles of all executions of its blocks,
 * inner loops included); innermost loops first.  And the "loops" member of
 * the -json document.  The loops' blocks come from counts.h.
 */
#include "listing.h"

#include "base.h"
#include "counts.h"
#include "json_writer.h"
#include "listing_cpi.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

struct row {
  uint32_t loop;
  double cycles; /* -1 without ideal time or the function's machine code */
};

static const struct ss_model *sort_model;
static const struct ss_loop_nest *sort_nest;

static int entered(const struct ss_loop_facts *l) {
  return !l->iterations_known || l->iterations > 0 || !l->entries_known ||
         l->entries > 0;
}

/* Loops that ran (or may have) first; then deepest first; then by cycles,
 * iterations, function rank and line. */
static int by_depth_then_time(const void *x, const void *y) {
  const struct row *ra = x, *rb = y;
  const struct ss_model_loop *a = &sort_model->loops[ra->loop];
  const struct ss_model_loop *b = &sort_model->loops[rb->loop];
  const struct ss_loop_facts *fa = &sort_nest->loops[ra->loop];
  const struct ss_loop_facts *fb = &sort_nest->loops[rb->loop];
  int ea = entered(fa), eb = entered(fb);
  if (ea != eb)
    return ea ? -1 : 1;
  if (a->depth != b->depth)
    return a->depth > b->depth ? -1 : 1;
  if (ra->cycles != rb->cycles)
    return ra->cycles > rb->cycles ? -1 : 1;
  int64_t ia = fa->iterations_known ? fa->iterations : -1;
  int64_t ib = fb->iterations_known ? fb->iterations : -1;
  if (ia != ib)
    return ia > ib ? -1 : 1;
  uint32_t ka = sort_model->functions[a->function].rank;
  uint32_t kb = sort_model->functions[b->function].rank;
  if (ka != kb)
    return ka < kb ? -1 : 1;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  return ra->loop < rb->loop ? -1 : ra->loop > rb->loop;
}

static const struct ss_ideal *ideal_of(const struct ss_listing *l) {
  return l->ideal && l->ideal->available && l->ideal->block_cycles
             ? l->ideal
             : NULL;
}

/* The loop's cycles, or -1 when its function's machine code was not
 * found (or there is no ideal time). */
static double loop_cycles(const struct ss_loop_nest *n,
                          const struct ss_model *m,
                          const struct ss_ideal *ideal, uint32_t loop) {
  if (!ideal ||
      (ideal->functions && !ideal->functions[m->loops[loop].function].has_code))
    return -1;
  return ss_loop_sum(n, loop, ideal->block_cycles);
}

static void print_summary(FILE *out, const struct ss_loop_nest *n) {
  size_t ran = 0;
  for (size_t i = 0; i < n->num_loops; i++)
    ran += entered(&n->loops[i]) ? 1 : 0;
  char ratio[64];
  snprintf(ratio, sizeof ratio, "%zu / %zu", ran, n->num_loops);
  fprintf(out, "%16s: Loops entered / total\n", ratio);
  if (n->mismatches)
    fprintf(out, "%16u: Loops whose blocks do not match the descriptor's "
            "loop nest (marked *)\n", n->mismatches);
  if (n->unlisted_loops)
    fprintf(out, "%16u: Loops of the flow graph the descriptor does not "
            "list\n", n->unlisted_loops);
}

void ss_list_loops(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  const struct ss_ideal *ideal = ideal_of(l);
  FILE *out = l->out;
  struct ss_loop_nest nest;
  ss_loop_nest_build(&nest, m);
  struct row *v = ss_xcalloc(m->num_loops ? m->num_loops : 1, sizeof *v);
  for (size_t i = 0; i < m->num_loops; i++) {
    v[i].loop = (uint32_t)i;
    v[i].cycles = loop_cycles(&nest, m, ideal, (uint32_t)i);
  }
  sort_model = m;
  sort_nest = &nest;
  ss_sort(v, m->num_loops, sizeof *v, by_depth_then_time);
  sort_model = NULL;
  sort_nest = NULL;
  ss_print_title(out, ideal ? "Loop list, innermost first, then in "
                              "descending order by ideal time"
                            : "Loop list, innermost first, then in "
                              "descending order by iterations");
  print_summary(out, &nest);
  ss_print_rule(out);
  if (ideal)
    fprintf(out, "%5s %14s %14s %10s %8s  %s\n", "depth", "entries",
            "iterations", "avg.trip", "cycles%", "function (dso: file, line)");
  else
    fprintf(out, "%5s %14s %14s %10s  %s\n", "depth", "entries",
            "iterations", "avg.trip", "function (dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < m->num_loops && ss_quit_allow(&q); i++) {
    const struct ss_model_loop *ml = &m->loops[v[i].loop];
    const struct ss_loop_facts *lf = &nest.loops[v[i].loop];
    char entries[32], iterations[32], trip[32];
    ss_count_text(entries, sizeof entries, lf->entries_known, lf->entries);
    ss_count_text(iterations, sizeof iterations, lf->iterations_known,
                  lf->iterations);
    double t = ss_loop_average_trip(lf);
    if (t >= 0)
      snprintf(trip, sizeof trip, "%.1f", t);
    else
      snprintf(trip, sizeof trip, "%s",
               lf->entries_known && lf->iterations_known ? "-" : "?");
    double pct;
    fprintf(out, "%5u %14s %14s %10s", ml->depth, entries, iterations, trip);
    if (ideal && v[i].cycles < 0) {
      pct = 0.0;
      fprintf(out, " %8s", "?");
    } else if (ideal) {
      pct = ideal->total_cycles > 0
                ? 100.0 * v[i].cycles / ideal->total_cycles
                : 0.0;
      fprintf(out, " %7.1f%%", pct);
    } else {
      pct = lf->iterations_known
                ? ss_percent(lf->iterations, m->total_block_executions)
                : 0.0;
    }
    fputs("  ", out);
    ss_print_function_place(out, &m->functions[ml->function], ml->file,
                            ml->line);
    fputs(lf->matches_descriptor ? "\n" : " *\n", out);
    ss_quit_account(&q, pct);
  }
  free(v);
  ss_loop_nest_release(&nest);
}

void ss_json_write_loop_row(struct ss_json *j, const char *key,
                            const struct ss_listing *l,
                            const struct ss_loop_nest *nest,
                            const struct ss_loop_remarks *remarks,
                            uint32_t i) {
  const struct ss_model *m = l->model;
  const struct ss_ideal *ideal = ideal_of(l);
  const struct ss_model_loop *ml = &m->loops[i];
  const struct ss_loop_facts *lf = &nest->loops[i];
  ss_json_begin_object(j, key);
  ss_json_string(j, "function", m->functions[ml->function].name);
  ss_json_string(j, "file", ml->file);
  ss_json_uint(j, "line", ml->line);
  ss_json_uint(j, "depth", ml->depth);
  ss_json_uint(j, "header_block", ml->header_block);
  ss_json_uint(j, "function_index", m->functions[ml->function].rank);
  if (ml->parent != SS_MODEL_NONE)
    ss_json_uint(j, "parent", ml->parent);
  else
    ss_json_null(j, "parent");
  ss_json_begin_array(j, "blocks");
  for (uint32_t k = 0; k < lf->num_blocks; k++)
    ss_json_uint(j, NULL, lf->blocks[k]);
  ss_json_end_array(j);
  ss_json_count(j, "entries", lf->entries_known, lf->entries);
  ss_json_count(j, "iterations", lf->iterations_known, lf->iterations);
  double t = ss_loop_average_trip(lf);
  if (t >= 0)
    ss_json_double(j, "average_trip_count", t);
  else
    ss_json_null(j, "average_trip_count");
  double cycles = loop_cycles(nest, m, ideal, i);
  if (cycles >= 0) {
    ss_json_double(j, "cycles", cycles);
    ss_json_double(j, "cycles_share", ideal->total_cycles > 0
                                          ? cycles / ideal->total_cycles
                                          : 0.0);
  } else {
    ss_json_null(j, "cycles");
    ss_json_null(j, "cycles_share");
  }
  ss_json_bool(j, "matches_descriptor", lf->matches_descriptor);
  ss_json_write_loop_remarks(j, remarks, i);
  if (l->cpi)
    ss_json_write_cpi_row(j, l->cpi, &l->cpi->loops[i]);
  ss_json_end_object(j);
}

double ss_listing_loop_cycles(const struct ss_listing *l,
                              const struct ss_loop_nest *nest, uint32_t loop) {
  return loop_cycles(nest, l->model, ideal_of(l), loop);
}

void ss_json_write_loops(struct ss_json *j, const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  struct ss_loop_nest nest;
  ss_loop_nest_build(&nest, m);
  struct ss_loop_remarks remarks;
  ss_loop_remarks_build(&remarks, m, &nest);
  ss_json_begin_array(j, "loops");
  for (size_t i = 0; i < m->num_loops; i++)
    ss_json_write_loop_row(j, NULL, l, &nest, &remarks, (uint32_t)i);
  ss_json_end_array(j);
  ss_loop_remarks_release(&remarks);
  ss_loop_nest_release(&nest);
}
