/*
 * ldlatency_model.c -- the sampled loads of a merged ldlatency experiment,
 * binned and summed (the rules are in ldlatency.h).
 */
#include "ldlatency.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

int ss_is_ldlatency_file(const struct ss_expfile *f) {
  return f->has_trace && f->trace.kind == SS_TRACE_LDLATENCY;
}

static int check_files(struct ss_ldlat_model *m, const struct ss_profile *p,
                       const struct ss_calipers *calipers, struct ss_err *err,
                       const char **bad_file) {
  m->calipers_given = calipers->given;
  m->windows = ss_xcalloc(p->num_files, sizeof *m->windows);
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    *bad_file = f->name;
    if (!ss_is_ldlatency_file(f)) {
      ss_err_set(err, "not an ldlatency experiment like %s; merge only files "
                 "of one experiment", p->files[0]->name);
      return -1;
    }
    if (ss_caliper_window(calipers, f, &m->windows[i], err) != 0)
      return -1;
    m->recorded += f->trace.events;
    m->lost += f->trace.lost;
    m->threads += f->trace.num_threads;
  }
  m->how = p->files[0]->trace.how;
  *bad_file = NULL;
  return 0;
}

static void add_warning(struct ss_ldlat_model *m, char *line) {
  m->warnings = realloc(m->warnings, (m->num_warnings + 1) * sizeof *m->warnings);
  if (!m->warnings)
    abort();
  m->warnings[m->num_warnings++] = line;
}

/* The run's bins: the TRACE_NAMES of the first file that has them. */
static int run_bins(struct ss_ldlat_model *m, const struct ss_profile *p) {
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    size_t len = 1;
    for (uint32_t k = 0; k < f->num_names; k++)
      if (f->names[k].how == SS_NAME_LATENCY_BIN)
        len += strlen(f->names[k].name) + 1;
    if (len == 1)
      continue;
    char *text = ss_xcalloc(len, 1);
    for (uint32_t k = 0; k < f->num_names; k++)
      if (f->names[k].how == SS_NAME_LATENCY_BIN) {
        strcat(text, f->names[k].name);
        strcat(text, "\n");
      }
    char why[200];
    int ok = ss_latency_bins_parse(text, &m->bins, why, sizeof why);
    free(text);
    if (ok == 0)
      return 0;
    add_warning(m, ss_xasprintf("warning: %s: the run's latency bins are "
                                "damaged (%s); the seed's are used",
                                f->name, why));
    return -1;
  }
  return -1;
}

static void choose_bins(struct ss_ldlat_model *m, const struct ss_profile *p,
                        const struct ss_latency_bins *user_bins,
                        const char *user_bins_name) {
  if (user_bins) {
    m->bins = *user_bins;
    m->bins_from = user_bins_name;
  } else if (run_bins(m, p) == 0) {
    m->bins_from = "the run's (ssrun -bins)";
  } else {
    ss_latency_bins_default(&m->bins);
    m->bins_from = "the seed's example (Alpha 21164)";
  }
  for (unsigned k = 0; k < m->bins.num; k++) {
    const struct ss_latency_bin *b = &m->bins.bin[k];
    uint32_t g = 0;
    while (g < m->num_groups && strcmp(m->groups[g].name, b->name) != 0)
      g++;
    if (g == m->num_groups) {
      m->groups[g].name = b->name;
      m->groups[g].min = b->min;
      m->groups[g].max = b->max;
      m->num_groups++;
    }
    if (b->min < m->groups[g].min)
      m->groups[g].min = b->min;
    if (b->max > m->groups[g].max)
      m->groups[g].max = b->max;
    m->group_of_bin[k] = g;
  }
  m->num_weights = SS_LDLAT_W_GROUPS + m->num_groups + 1;
}

static void weigh(const struct ss_ldlat_model *m,
                  const struct ss_event_view *e, uint64_t *w) {
  memset(w, 0, m->num_weights * sizeof *w);
  uint64_t cycles = e->value[0] > 0 ? (uint64_t)e->value[0] : 0;
  w[SS_LDLAT_W_SAMPLES] = 1;
  w[SS_LDLAT_W_CYCLES] = cycles;
  w[ss_ldlat_w_level(e->kind)] = 1;
  w[ss_ldlat_w_level_cycles(e->kind)] = cycles;
  int bin = ss_latency_bin_of(&m->bins, cycles);
  w[bin < 0 ? ss_ldlat_w_unbinned(m)
            : ss_ldlat_w_group(m->group_of_bin[bin])] = 1;
}

int ss_ldlat_model_build(struct ss_ldlat_model *m, const struct ss_profile *p,
                         const struct ss_calipers *calipers,
                         struct ss_symbolizer *symbolizer,
                         const struct ss_latency_bins *user_bins,
                         const char *user_bins_name, struct ss_err *err,
                         const char **bad_file) {
  memset(m, 0, sizeof *m);
  m->profile = p;
  if (check_files(m, p, calipers, err, bad_file) != 0)
    return -1;
  choose_bins(m, p, user_bins, user_bins_name);
  m->totals = ss_xcalloc(m->num_weights, sizeof *m->totals);
  uint64_t *w = ss_xcalloc(m->num_weights, sizeof *w);
  struct ss_cs_builder *b =
      ss_callstacks_begin(p, symbolizer, m->num_weights,
                          SS_CS_LEAF_ONLY | SS_CS_LEAVES, "loads");
  for (uint32_t fi = 0; fi < p->num_files; fi++) {
    const struct ss_expfile *f = p->files[fi];
    for (size_t bi = 0; bi < f->num_event_blocks; bi++) {
      const struct ss_event_block *blk = &f->event_blocks[bi];
      const uint8_t *cur = blk->data;
      for (uint64_t k = 0; k < blk->num_events; k++) {
        struct ss_event_view e;
        ss_event_next(&cur, &e);
        if (!ss_caliper_selects(&m->windows[fi], e.caliper))
          continue;
        weigh(m, &e, w);
        /* The load's own PC (precise): depth 1, not a return address. */
        ss_callstacks_add(b, fi, e.addrs, 1, 0, w);
        for (uint32_t i = 0; i < m->num_weights; i++)
          m->totals[i] += w[i];
      }
    }
  }
  free(w);
  ss_callstacks_finish(b, &m->stacks, SS_LDLAT_W_SAMPLES);
  for (size_t i = 0; i < m->stacks.num_warnings; i++)
    add_warning(m, ss_xstrdup(m->stacks.warnings[i]));
  return 0;
}

void ss_ldlat_model_release(struct ss_ldlat_model *m) {
  for (size_t i = 0; i < m->num_warnings; i++)
    free(m->warnings[i]);
  free(m->warnings);
  free(m->totals);
  free(m->windows);
  ss_callstacks_release(&m->stacks);
  memset(m, 0, sizeof *m);
}
