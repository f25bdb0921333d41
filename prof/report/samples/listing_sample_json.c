/*
 * listing_sample_json.c -- -json for sampling experiments: the samples
 * aggregated per function, per source line and per caller -> callee call
 * site, with the sampling summary.  The schema is in docs/ssprof-json.md;
 * keep the two in step.
 */
#include "listing.h"

#include "listing_json_parts.h"

#include <inttypes.h>

static const char *kind_name(uint32_t kind) {
  switch (kind) {
  case SS_SAMPLING_USERTIME:
    return "usertime";
  case SS_SAMPLING_TOTALTIME:
    return "totaltime";
  case SS_SAMPLING_HWC:
    return "hwc";
  case SS_SAMPLING_HWCTIME:
    return "hwctime";
  default:
    return "pcsamp";
  }
}

static void file_window(struct ss_json *j, size_t i, void *ctx) {
  const struct ss_sample_model *m = ctx;
  ss_json_caliper_window(j, m->calipers_given, &m->windows[i]);
  if (m->profile->files[i]->has_rank) {
    /* An MPI rank's row: its share of the selected samples. */
    ss_json_uint(j, "samples", m->file_samples[i]);
    ss_json_seconds(j, "seconds", m->file_ns[i]);
  }
}

static void write_sampling(struct ss_json *j, const struct ss_sample_model *m) {
  ss_json_begin_object(j, "sampling");
  ss_json_string(j, "kind", kind_name(m->kind));
  ss_json_bool(j, "callstacks", m->callstacks);
  ss_json_uint(j, "interval_ns", m->interval_ns);
  ss_json_uint(j, "bin_bytes", m->bin_bytes);
  ss_json_string(j, "clock", m->clock);
  ss_json_uint(j, "samples", m->samples);
  ss_json_seconds(j, "seconds", m->ns);
  ss_json_uint(j, "incomplete", m->incomplete);
  ss_json_uint(j, "taken", m->taken);
  ss_json_uint(j, "lost", m->lost);
  ss_json_uint(j, "threads", m->threads);
  if (m->hwc) {
    /* hwc: interval_ns is the overflow value, and "seconds" fields hold
     * the events / 1e9; these say it plainly. */
    ss_json_string(j, "event", m->clock);
    ss_json_uint(j, "overflow", m->interval_ns);
    ss_json_uint(j, "events", m->ns);
  }
  if (m->counted) {
    /* The counters' exact totals (COUNTER_TOTALS): the weighed counter's
     * (the profiled one's where there is one), and the sampled one's. */
    ss_json_uint(j, "counted_events", m->counted_total);
    ss_json_uint(j, "counted_sampled_events", m->sampled_counter_total);
    if (m->profiled)
      ss_json_string(j, "profiled_event", m->profiled);
  }
  ss_json_end_object(j);
}

void ss_json_write_sample_function_row(struct ss_json *j, const char *key,
                                       const struct ss_sample_model *m,
                                       uint32_t function) {
  const struct ss_sfunction *f = &m->functions[function];
  ss_json_begin_object(j, key);
  ss_json_function_place(j, f->rank, f->name, f->dso, f->path, f->file,
                         f->line, f->by_address);
  ss_json_uint(j, "exclusive_samples", f->excl_samples);
  ss_json_seconds(j, "exclusive_seconds", f->excl_ns);
  ss_json_uint(j, "inclusive_samples", f->incl_samples);
  ss_json_seconds(j, "inclusive_seconds", f->incl_ns);
  if (m->hwc) {
    ss_json_uint(j, "exclusive_events", f->excl_ns);
    ss_json_uint(j, "inclusive_events", f->incl_ns);
  }
  ss_json_end_object(j);
}

static void write_functions(struct ss_json *j,
                            const struct ss_sample_model *m) {
  ss_json_begin_array(j, "functions");
  for (uint32_t r = 0; r < m->num_functions; r++)
    ss_json_write_sample_function_row(j, NULL, m, m->by_rank[r]);
  ss_json_end_array(j);
}

void ss_json_write_sample_line_row(struct ss_json *j, const char *key,
                                   const struct ss_sample_model *m,
                                   size_t line) {
  const struct ss_sline *l = &m->lines[line];
  const struct ss_sfunction *f = &m->functions[l->function];
  ss_json_begin_object(j, key);
  ss_json_string(j, "function", f->name);
  ss_json_uint(j, "function_index", f->rank);
  ss_json_string(j, "file", l->file);
  ss_json_uint(j, "line", l->line);
  ss_json_uint(j, "samples", l->samples);
  ss_json_seconds(j, "seconds", l->ns);
  ss_json_end_object(j);
}

static void write_lines(struct ss_json *j, const struct ss_sample_model *m) {
  ss_json_begin_array(j, "lines");
  for (size_t i = 0; i < m->num_lines; i++)
    ss_json_write_sample_line_row(j, NULL, m, i);
  ss_json_end_array(j);
}

static void write_callgraph(struct ss_json *j,
                            const struct ss_sample_model *m) {
  ss_json_begin_array(j, "callgraph");
  for (size_t i = 0; i < m->num_edges; i++) {
    const struct ss_sedge *e = &m->edges[i];
    ss_json_begin_object(j, NULL);
    ss_json_call_site(j, m->functions[e->caller].name,
                      m->functions[e->caller].rank,
                      m->functions[e->callee].name,
                      m->functions[e->callee].rank, e->callsite, e->inlined,
                      e->file, e->line);
    ss_json_uint(j, "samples", e->samples);
    ss_json_seconds(j, "seconds", e->ns);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

/* Every distinct stack of the selected samples, frames innermost first. */
static void write_stacks(struct ss_json *j, const struct ss_sample_model *m) {
  ss_json_begin_array(j, "stacks");
  for (size_t i = 0; i < m->num_stacks; i++) {
    const struct ss_sstack *st = &m->stacks[i];
    ss_json_begin_object(j, NULL);
    ss_json_uint(j, "samples", st->samples);
    ss_json_seconds(j, "seconds", st->ns);
    ss_json_begin_array(j, "frames");
    for (uint32_t k = 0; k < st->depth; k++) {
      const struct ss_sframe *fr = &m->stack_frames[st->first_frame + k];
      ss_json_begin_object(j, NULL);
      ss_json_string(j, "name", m->functions[fr->function].name);
      ss_json_uint(j, "index", m->functions[fr->function].rank);
      ss_json_uint(j, "line", fr->line);
      ss_json_end_object(j);
    }
    ss_json_end_array(j);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_list_sample_json(const struct ss_listing *l) {
  const struct ss_sample_model *m = l->samples;
  const struct ss_profile *p = l->profile;
  struct ss_json j;
  ss_json_init(&j, l->out);
  ss_json_begin_document(&j, p, file_window, (void *)m);
  write_sampling(&j, m);
  write_functions(&j, m);
  write_lines(&j, m);
  write_callgraph(&j, m);
  write_stacks(&j, m);
  ss_json_end_document(&j, p, m->warnings, m->num_warnings);
}
