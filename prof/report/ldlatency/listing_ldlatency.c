/*
 * listing_ldlatency.c -- the ldlatency experiment's listing (DCPI's
 * dcpildlatency, seed 004): the summary, the sampled loads by memory
 * level, the latency bins used, the procedures, and each procedure's load
 * instructions with their source line, latencies binned and by memory
 * level; -json the same as a document.  The model's rules: ldlatency.h.
 */
#include "listing.h"
#include "listing_json_parts.h"

#include "json_writer.h"
#include "mem_level.h"
#include "quit_limit.h"
#include "text_format.h"

#include <inttypes.h>
#include <stdlib.h>

static double average(uint64_t cycles, uint64_t samples) {
  return samples ? (double)cycles / (double)samples : 0.0;
}

static void print_summary(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  FILE *out = l->out;
  const uint64_t *t = m->totals;
  ss_print_rule(out);
  fprintf(out, "Summary of load latency sampling data (%s)--\n",
          l->profile->experiment);
  fprintf(out, "%16" PRIu64 ": Sampled loads\n", t[SS_LDLAT_W_SAMPLES]);
  fprintf(out, "%16" PRIu64 ": Accumulated latency (cycles)\n",
          t[SS_LDLAT_W_CYCLES]);
  fprintf(out, "%16.1f: Average latency (cycles)\n",
          average(t[SS_LDLAT_W_CYCLES], t[SS_LDLAT_W_SAMPLES]));
  fprintf(out, "%16s: Sampling event\n", m->how);
  if (m->lost)
    fprintf(out, "%16" PRIu64 ": Samples lost (buffer full)\n", m->lost);
  if (m->threads > 1)
    fprintf(out, "%16u: Threads sampled\n", m->threads);
  if (l->profile->num_files > 1)
    fprintf(out, "%16zu: Experiment files merged\n", l->profile->num_files);
  if (m->calipers_given)
    ss_print_caliper_window(out, &m->windows[0], "samples");
}

static void print_levels(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  FILE *out = l->out;
  const uint64_t *t = m->totals;
  ss_print_title(out, "Sampled loads by memory level (perf_mem_data_src)");
  fprintf(out, "%12s %7s %12s %10s  %s\n", "samples", "%", "cycles",
          "avg cycles", "level");
  for (uint32_t v = 1; v <= SS_MEM_LEVEL_LAST; v++) {
    uint64_t n = t[ss_ldlat_w_level(v)], c = t[ss_ldlat_w_level_cycles(v)];
    fprintf(out, "%12" PRIu64 " %6.1f%% %12" PRIu64 " %10.1f  %s\n", n,
            ss_percent((int64_t)n, (int64_t)t[SS_LDLAT_W_SAMPLES]), c,
            average(c, n), ss_mem_level_name(v));
  }
}

static void print_bins(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  FILE *out = l->out;
  const uint64_t *t = m->totals;
  char title[160];
  snprintf(title, sizeof title, "Latency bins (cycles), %s", m->bins_from);
  ss_print_title(out, title);
  fprintf(out, "%12s %7s %8s %8s %8s  %s\n", "samples", "%", "min", "max",
          "rep", "name");
  for (unsigned k = 0; k < m->bins.num; k++) {
    const struct ss_latency_bin *b = &m->bins.bin[k];
    /* Samples are counted per name: shown on the name's first line. */
    uint32_t g = m->group_of_bin[k];
    int first = 1;
    for (unsigned e = 0; e < k; e++)
      first &= m->group_of_bin[e] != g;
    if (first) {
      uint64_t n = t[ss_ldlat_w_group(g)];
      fprintf(out, "%12" PRIu64 " %6.1f%% ", n,
              ss_percent((int64_t)n, (int64_t)t[SS_LDLAT_W_SAMPLES]));
    } else {
      fprintf(out, "%12s %7s ", "", "");
    }
    fprintf(out, "%8" PRIu64 " %8" PRIu64 " %8" PRIu64 "  %s\n", b->min,
            b->max, b->rep, b->name);
  }
  uint64_t n = t[ss_ldlat_w_unbinned(m)];
  fprintf(out, "%12" PRIu64 " %6.1f%% %8s %8s %8s  %s\n", n,
          ss_percent((int64_t)n, (int64_t)t[SS_LDLAT_W_SAMPLES]), "", "", "",
          "(in no bin)");
}

/* The columns shared by procedure and instruction rows: samples, average
 * latency, samples per level, samples per bin name, unbinned. */
static void print_column_heads(const struct ss_ldlat_model *m, FILE *out) {
  fprintf(out, "%8s %7s", "samples", "avg");
  for (uint32_t v = 1; v <= SS_MEM_LEVEL_LAST; v++)
    fprintf(out, " %6s", ss_mem_level_name(v));
  fputs(" |", out);
  for (uint32_t g = 0; g < m->num_groups; g++)
    fprintf(out, " %6s", m->groups[g].name);
  fprintf(out, " %6s", "nobin");
}

static void print_columns(const struct ss_ldlat_model *m, FILE *out,
                          const uint64_t *w) {
  fprintf(out, "%8" PRIu64 " %7.1f", w[SS_LDLAT_W_SAMPLES],
          average(w[SS_LDLAT_W_CYCLES], w[SS_LDLAT_W_SAMPLES]));
  for (uint32_t v = 1; v <= SS_MEM_LEVEL_LAST; v++)
    fprintf(out, " %6" PRIu64, w[ss_ldlat_w_level(v)]);
  fputs(" |", out);
  for (uint32_t g = 0; g < m->num_groups; g++)
    fprintf(out, " %6" PRIu64, w[ss_ldlat_w_group(g)]);
  fprintf(out, " %6" PRIu64, w[ss_ldlat_w_unbinned(m)]);
}

static void print_procedures(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  const struct ss_callstacks *cs = &m->stacks;
  FILE *out = l->out;
  ss_print_title(out, "Procedures, in descending order by sampled loads "
                      "(avg: cycles per load)");
  fprintf(out, "%7s %6s ", "index", "%");
  print_column_heads(m, out);
  fputs("  procedure (dso: file, line)\n", out);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (uint32_t r = 0; r < cs->num_functions && ss_quit_allow(&q); r++) {
    const struct ss_cs_function *f = &cs->functions[cs->by_rank[r]];
    if (!f->excl[SS_LDLAT_W_SAMPLES])
      continue;
    double pct = ss_percent((int64_t)f->excl[SS_LDLAT_W_SAMPLES],
                            (int64_t)m->totals[SS_LDLAT_W_SAMPLES]);
    char index[16];
    snprintf(index, sizeof index, "[%u]", f->rank);
    fprintf(out, "%7s %5.1f%% ", index, pct);
    print_columns(m, out, f->excl);
    fprintf(out, "  %s (", f->name);
    ss_print_dso_place(out, f->dso, f->file, f->line);
    fputs(")\n", out);
    ss_quit_account(&q, pct);
  }
}

/* Each procedure's load instructions (leaves are sorted by function id,
 * so a procedure's are contiguous), procedures in rank order. */
static void print_instructions(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  const struct ss_callstacks *cs = &m->stacks;
  FILE *out = l->out;
  ss_print_title(out, "Load instructions by procedure: latencies by memory "
                      "level and binned");
  size_t *first = calloc(cs->num_functions + 1, sizeof *first);
  if (!first)
    abort();
  for (size_t i = cs->num_leaves; i-- > 0;)
    first[cs->leaves[i].function] = i + 1;
  for (uint32_t r = 0; r < cs->num_functions; r++) {
    uint32_t id = cs->by_rank[r];
    const struct ss_cs_function *f = &cs->functions[id];
    if (!first[id] || !f->excl[SS_LDLAT_W_SAMPLES])
      continue;
    fprintf(out, "%s (", f->name);
    ss_print_dso_place(out, f->dso, f->file, f->line);
    fputs("):\n", out);
    fprintf(out, "%18s %6s ", "address", "line");
    print_column_heads(m, out);
    fputc('\n', out);
    for (size_t i = first[id] - 1;
         i < cs->num_leaves && cs->leaves[i].function == id; i++) {
      const struct ss_cs_leaf *leaf = &cs->leaves[i];
      fprintf(out, "%#18" PRIx64 " %6u ", leaf->vaddr, leaf->line);
      print_columns(m, out, leaf->w);
      fputc('\n', out);
    }
    fprintf(out, "%18s %6s ", "procedure", "");
    print_columns(m, out, f->excl);
    fputc('\n', out);
  }
  free(first);
}

/* -- json ------------------------------------------------------------------- */

static void file_window(struct ss_json *j, size_t i, void *ctx) {
  const struct ss_ldlat_model *m = ctx;
  ss_json_caliper_window(j, m->calipers_given, &m->windows[i]);
}

static void write_weights(struct ss_json *j, const struct ss_ldlat_model *m,
                          const uint64_t *w) {
  ss_json_uint(j, "samples", w[SS_LDLAT_W_SAMPLES]);
  ss_json_uint(j, "cycles", w[SS_LDLAT_W_CYCLES]);
  ss_json_begin_object(j, "levels");
  for (uint32_t v = 1; v <= SS_MEM_LEVEL_LAST; v++) {
    ss_json_begin_object(j, ss_mem_level_name(v));
    ss_json_uint(j, "samples", w[ss_ldlat_w_level(v)]);
    ss_json_uint(j, "cycles", w[ss_ldlat_w_level_cycles(v)]);
    ss_json_end_object(j);
  }
  ss_json_end_object(j);
  ss_json_begin_object(j, "bins");
  for (uint32_t g = 0; g < m->num_groups; g++)
    ss_json_uint(j, m->groups[g].name, w[ss_ldlat_w_group(g)]);
  ss_json_end_object(j);
  ss_json_uint(j, "unbinned", w[ss_ldlat_w_unbinned(m)]);
}

static void write_json(const struct ss_listing *l) {
  const struct ss_ldlat_model *m = l->ldlatency;
  const struct ss_callstacks *cs = &m->stacks;
  struct ss_json j;
  ss_json_init(&j, l->out);
  ss_json_begin_document(&j, l->profile, file_window, (void *)m);
  ss_json_begin_object(&j, "ldlatency");
  ss_json_string(&j, "event", m->how);
  ss_json_uint(&j, "recorded", m->recorded);
  ss_json_uint(&j, "lost", m->lost);
  ss_json_string(&j, "bins_from", m->bins_from);
  ss_json_begin_array(&j, "bin_lines");
  for (unsigned k = 0; k < m->bins.num; k++) {
    const struct ss_latency_bin *b = &m->bins.bin[k];
    ss_json_begin_object(&j, NULL);
    ss_json_uint(&j, "min", b->min);
    ss_json_uint(&j, "max", b->max);
    ss_json_uint(&j, "rep", b->rep);
    ss_json_string(&j, "name", b->name);
    ss_json_end_object(&j);
  }
  ss_json_end_array(&j);
  write_weights(&j, m, m->totals);
  ss_json_end_object(&j);
  ss_json_begin_array(&j, "procedures");
  for (uint32_t r = 0; r < cs->num_functions; r++) {
    uint32_t id = cs->by_rank[r];
    const struct ss_cs_function *f = &cs->functions[id];
    if (!f->excl[SS_LDLAT_W_SAMPLES])
      continue;
    ss_json_begin_object(&j, NULL);
    ss_json_string(&j, "name", f->name);
    ss_json_string(&j, "dso", f->dso);
    ss_json_string(&j, "file", f->file);
    ss_json_uint(&j, "line", f->line);
    write_weights(&j, m, f->excl);
    ss_json_begin_array(&j, "loads");
    for (size_t i = 0; i < cs->num_leaves; i++) {
      const struct ss_cs_leaf *leaf = &cs->leaves[i];
      if (leaf->function != id)
        continue;
      ss_json_begin_object(&j, NULL);
      ss_json_uint(&j, "address", leaf->vaddr);
      ss_json_string(&j, "file", leaf->file);
      ss_json_uint(&j, "line", leaf->line);
      write_weights(&j, m, leaf->w);
      ss_json_end_object(&j);
    }
    ss_json_end_array(&j);
    ss_json_end_object(&j);
  }
  ss_json_end_array(&j);
  ss_json_end_document(&j, l->profile, m->warnings, m->num_warnings);
}

void ss_list_ldlatency(const struct ss_listing *l) {
  if (l->options->json) {
    write_json(l);
    return;
  }
  print_summary(l);
  print_levels(l);
  print_bins(l);
  print_procedures(l);
  print_instructions(l);
}
