/*
 * listing_blocks.c -- -basicblocks: the blocks that ran, most executed
 * first (blocks whose count could not be derived last, as "?"), with their
 * share of all block executions.
 */
#include "listing.h"

#include "base.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>

static const struct ss_model *sort_model;

static int by_count(const void *x, const void *y) {
  uint32_t ia = *(const uint32_t *)x, ib = *(const uint32_t *)y;
  const struct ss_model_block *a = &sort_model->blocks[ia];
  const struct ss_model_block *b = &sort_model->blocks[ib];
  if (a->known != b->known)
    return a->known ? -1 : 1;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  uint32_t ra = sort_model->functions[a->function].rank;
  uint32_t rb = sort_model->functions[b->function].rank;
  if (ra != rb)
    return ra < rb ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

void ss_list_basic_blocks(const struct ss_listing *l) {
  const struct ss_model *m = l->model;
  FILE *out = l->out;
  uint32_t *v = ss_xcalloc(m->num_blocks, sizeof *v);
  uint32_t n = 0;
  for (uint32_t i = 0; i < m->num_blocks; i++)
    if (!m->blocks[i].known || m->blocks[i].count > 0)
      v[n++] = i;
  sort_model = m;
  ss_sort(v, n, sizeof *v, by_count);
  sort_model = NULL;
  ss_print_title(out, "Basic block list, in descending order by execution "
                      "count");
  fprintf(out, "%6s %14s %7s  %s\n", "index", "counts", "%",
          "function (block; dso: file, line)");
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (uint32_t i = 0; i < n && ss_quit_allow(&q); i++) {
    const struct ss_model_block *b = &m->blocks[v[i]];
    const struct ss_model_function *f = &m->functions[b->function];
    double pct = ss_percent(b->count, m->total_block_executions);
    char count[32], percent[16];
    ss_count_text(count, sizeof count, b->known, b->count);
    if (b->known)
      snprintf(percent, sizeof percent, "%6.1f%%", pct);
    else
      snprintf(percent, sizeof percent, "?");
    fprintf(out, "%6u %14s %7s  %s (block %u; %s: ", i, count, percent,
            f->name, b->index, f->dso);
    ss_print_file_line(out, b->file, b->line);
    fputs(")\n", out);
    ss_quit_account(&q, b->known ? pct : 0.0);
  }
  free(v);
}
