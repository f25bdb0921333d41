/*
 * listing_branches.c -- -branches: every conditional branch (counts.h)
 * with its executions and how they split among its successors, most
 * executed first, as `gcov -b` reports them per line; and the "branches"
 * member of the -json document.
 *
 * The descriptor does not say which successor of a two-way branch is the
 * "taken" one (the code generator may invert the condition anyway), so
 * successors are named by the first source line of their block.
 */
#include "listing.h"

#include "base.h"
#include "counts.h"
#include "json_writer.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_model *sort_model;

/* Executed branches by executions descending, then those whose count is
 * unknown, then those never executed; ties by function rank and block. */
static int group(const struct ss_branch *b) {
  if (!b->known)
    return 1;
  return b->executions > 0 ? 0 : 2;
}

static int by_executions(const void *x, const void *y) {
  const struct ss_branch *a = *(const struct ss_branch *const *)x;
  const struct ss_branch *b = *(const struct ss_branch *const *)y;
  int ga = group(a), gb = group(b);
  if (ga != gb)
    return ga < gb ? -1 : 1;
  if (a->executions != b->executions)
    return a->executions > b->executions ? -1 : 1;
  const struct ss_model_block *ba = &sort_model->blocks[a->block];
  const struct ss_model_block *bb = &sort_model->blocks[b->block];
  uint32_t ra = sort_model->functions[ba->function].rank;
  uint32_t rb = sort_model->functions[bb->function].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  return a->block < b->block ? -1 : a->block > b->block;
}

static int same_file(const char *a, const char *b) {
  return a && b && strcmp(a, b) == 0;
}

/* "-> line 14 (block 3)", "-> other.h, 7 (block 3)" or "-> block 3". */
static void print_successor(FILE *out, const struct ss_model_block *from,
                            const struct ss_model_block *to) {
  fputs("-> ", out);
  if (to->line == 0) {
    fprintf(out, "block %u", to->index);
    return;
  }
  if (same_file(from->file, to->file))
    fprintf(out, "line %u", to->line);
  else
    ss_print_file_line(out, to->file, to->line);
  fprintf(out, " (block %u)", to->index);
}

static void percent_text(char *buf, size_t size, int known, double pct) {
  if (known)
    snprintf(buf, size, "%6.1f%%", pct);
  else
    snprintf(buf, size, "%s", "?");
}

static void print_summary(FILE *out, const struct ss_branches *br) {
  char ratio[64];
  snprintf(ratio, sizeof ratio, "%u / %zu", br->executed, br->n);
  fprintf(out, "%16s: Branches executed / total\n", ratio);
  snprintf(ratio, sizeof ratio, "%u / %u", br->biased, br->executed);
  fprintf(out, "%16s: Executed branches more than %.0f%% biased\n", ratio,
          100.0 * SS_BRANCH_BIASED);
  fprintf(out, "%16" PRId64 ": Branch executions\n", br->total_executions);
  if (br->unknown)
    fprintf(out, "%16u: Branches whose counts could not be derived\n",
            br->unknown);
}

static void print_branch(FILE *out, const struct ss_model *m,
                         const struct ss_branch *b, double pct) {
  const struct ss_model_block *blk = &m->blocks[b->block];
  const struct ss_model_function *f = &m->functions[blk->function];
  char count[32], share[16], bias[16];
  ss_count_text(count, sizeof count, b->known, b->executions);
  percent_text(share, sizeof share, b->known, pct);
  double bv = ss_branch_bias(b);
  percent_text(bias, sizeof bias, bv >= 0, 100.0 * bv);
  if (bv < 0 && b->known && b->executions == 0)
    snprintf(bias, sizeof bias, "-");
  fprintf(out, "%14s %7s %7s  ", count, share, bias);
  ss_print_function_place(out, f, blk->file, blk->line);
  if (b->known && b->executions == 0) {
    fputs(", never executed\n", out);
    return;
  }
  fputc('\n', out);
  /* A switch's cases never taken are one line; a two-way branch shows
   * both ways. */
  uint32_t never = 0;
  for (uint32_t i = 0; i < b->num_edges; i++) {
    const struct ss_model_edge *e = &m->edges[b->edges[i]];
    if (b->num_edges > 2 && e->known && e->count == 0) {
      never++;
      continue;
    }
    ss_count_text(count, sizeof count, e->known, e->count);
    percent_text(share, sizeof share,
                 e->known && b->known && b->executions > 0,
                 ss_percent(e->count, b->executions));
    fprintf(out, "%14s %7s %7s    ", count, "", share);
    print_successor(out, blk, &m->blocks[e->to]);
    fputc('\n', out);
  }
  if (never)
    fprintf(out, "%14s %7s %6.1f%%    -> %u other successor%s, never taken\n",
            "0", "", 0.0, never, never == 1 ? "" : "s");
}

void ss_list_branches(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  struct ss_branches br;
  ss_branches_build(&br, m);
  const struct ss_branch **v = ss_xcalloc(br.n ? br.n : 1, sizeof *v);
  for (size_t i = 0; i < br.n; i++)
    v[i] = &br.v[i];
  sort_model = m;
  ss_sort(v, br.n, sizeof *v, by_executions);
  sort_model = NULL;
  ss_print_title(out, "Conditional branch list, in descending order by "
                      "executions");
  print_summary(out, &br);
  ss_print_rule(out);
  fprintf(out, "%14s %7s %7s  %s\n", "executions", "exec.%", "bias",
          "function (dso: file, line) of the branch");
  fprintf(out, "%14s %7s %7s  %s\n", "taken", "", "share",
          "  -> successor: its first line (block)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t i = 0; i < br.n && ss_quit_allow(&q); i++) {
    double pct = ss_percent(v[i]->executions, br.total_executions);
    print_branch(out, m, v[i], pct);
    ss_quit_account(&q, v[i]->known ? pct : 0.0);
  }
  free(v);
  ss_branches_release(&br);
}

void ss_json_write_branches(struct ss_json *j, const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  struct ss_branches br;
  ss_branches_build(&br, m);
  ss_json_begin_array(j, "branches");
  for (size_t i = 0; i < br.n; i++) {
    const struct ss_branch *b = &br.v[i];
    const struct ss_model_block *blk = &m->blocks[b->block];
    const struct ss_model_function *f = &m->functions[blk->function];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_uint(j, "function_index", f->rank);
    ss_json_string(j, "file", blk->file);
    ss_json_uint(j, "line", blk->line);
    ss_json_uint(j, "block", b->block);
    ss_json_count(j, "executions", b->known, b->executions);
    double bias = ss_branch_bias(b);
    if (bias >= 0)
      ss_json_double(j, "bias", bias);
    else
      ss_json_null(j, "bias");
    ss_json_begin_array(j, "successors");
    for (uint32_t k = 0; k < b->num_edges; k++) {
      const struct ss_model_edge *e = &m->edges[b->edges[k]];
      const struct ss_model_block *to = &m->blocks[e->to];
      ss_json_begin_object(j, NULL);
      ss_json_uint(j, "block", e->to);
      ss_json_string(j, "file", to->file);
      ss_json_uint(j, "line", to->line);
      ss_json_count(j, "count", e->known, e->count);
      ss_json_end_object(j);
    }
    ss_json_end_array(j);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
  ss_branches_release(&br);
}
