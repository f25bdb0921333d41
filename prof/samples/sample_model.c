/*
 * sample_model.c -- the samples of a merged sampling experiment, selected
 * by the caliper window, summed per function, line and edge and kept
 * whole (stacks, each thread's sequence, sampled PCs) by the call-stack
 * layer (callstacks.h; the rules are in samples.h).
 */
#include "samples.h"

#include "base.h"
#include "callstacks.h"
#include "profile.h"

#include <stdlib.h>
#include <string.h>

/* The weights of a sample: [SAMPLES] 1, [NS] its own weight (what its
 * counter counted: ss_sample_weight), else the file's interval. */
enum { SAMPLES, NS, NUM_WEIGHTS };

/* The selected samples, each stack with its weights. */
static void add_samples(struct ss_sample_model *m, struct ss_cs_builder *b,
                        size_t *ns_cap) {
  const struct ss_profile *p = m->profile;
  for (uint32_t fi = 0; fi < p->num_files; fi++) {
    const struct ss_expfile *f = p->files[fi];
    const struct ss_caliper_window *w = &m->windows[fi];
    uint64_t weights[NUM_WEIGHTS] = {1, 0};
    for (size_t bi = 0; bi < f->num_sample_blocks; bi++) {
      const struct ss_sample_block *blk = &f->sample_blocks[bi];
      const uint8_t *cur = blk->data;
      ss_callstacks_begin_group(b, fi, blk->tid);
      for (uint64_t k = 0; k < blk->num_samples; k++) {
        struct ss_sample_view s;
        ss_sample_next(&cur, &s);
        if (!ss_caliper_selects(w, s.caliper))
          continue;
        weights[NS] = ss_sample_weight(&s, f);
        ss_callstacks_add(b, fi, s.addrs, m->callstacks ? s.depth : 1, 0,
                          weights);
        /* The call-stack layer's sequence gains one entry per sample: its
         * weight, beside it (a thread's time line). */
        SS_GROW(m->sequence_ns, *ns_cap, m->samples);
        m->sequence_ns[m->samples] = weights[NS];
        m->samples++;
        m->ns += weights[NS];
        m->file_samples[fi]++;
        m->file_ns[fi] += weights[NS];
        if (s.flags & (SS_SAMPLE_INCOMPLETE | SS_SAMPLE_TRUNCATED))
          m->incomplete++;
      }
    }
  }
}

/* The whole stacks, each thread's sequence and the sampled PCs. */
static void take_kept(struct ss_sample_model *m, struct ss_callstacks *cs) {
  const struct ss_profile *p = m->profile;
  m->num_stacks = cs->num_stacks;
  m->stacks = ss_xcalloc(cs->num_stacks + 1, sizeof *m->stacks);
  for (size_t i = 0; i < cs->num_stacks; i++) {
    const struct ss_cs_stack *c = &cs->stacks[i];
    m->stacks[i] = (struct ss_sstack){c->first_frame, c->depth,
                                      c->w[SAMPLES], c->w[NS]};
  }
  m->num_stack_frames = cs->num_stack_frames;
  m->stack_frames = ss_xcalloc(cs->num_stack_frames + 1,
                               sizeof *m->stack_frames);
  for (size_t i = 0; i < cs->num_stack_frames; i++)
    m->stack_frames[i] = (struct ss_sframe){cs->stack_frames[i].function,
                                            cs->stack_frames[i].line};
  m->num_sampled_threads = cs->num_groups;
  m->sampled_threads = ss_xcalloc(cs->num_groups + 1,
                                  sizeof *m->sampled_threads);
  for (size_t i = 0; i < cs->num_groups; i++) {
    const struct ss_cs_group *g = &cs->groups[i];
    m->sampled_threads[i] = (struct ss_sthread){
        g->file, g->tag, p->files[g->file]->sampling.interval_ns, g->first,
        g->num};
  }
  m->sequence = cs->sequence;
  m->num_sequence = cs->num_sequence;
  cs->sequence = NULL;
  m->num_addresses = cs->num_leaves;
  m->addresses = ss_xcalloc(cs->num_leaves + 1, sizeof *m->addresses);
  for (size_t i = 0; i < cs->num_leaves; i++) {
    const struct ss_cs_leaf *c = &cs->leaves[i];
    m->addresses[i] = (struct ss_saddress){c->function, c->path, c->vaddr,
                                           c->file, c->line, c->w[SAMPLES],
                                           c->w[NS]};
  }
}

/* The model's own arrays, from the call stacks'. */
static void take_callstacks(struct ss_sample_model *m, struct ss_callstacks *cs) {
  m->num_functions = cs->num_functions;
  m->functions = ss_xcalloc(cs->num_functions ? cs->num_functions : 1,
                            sizeof *m->functions);
  for (uint32_t i = 0; i < cs->num_functions; i++) {
    const struct ss_cs_function *c = &cs->functions[i];
    struct ss_sfunction *f = &m->functions[i];
    f->name = c->name;
    f->dso = c->dso;
    f->path = c->path;
    f->file = c->file;
    f->line = c->line;
    f->by_address = c->by_address;
    f->excl_samples = c->excl[SAMPLES];
    f->incl_samples = c->incl[SAMPLES];
    f->excl_ns = c->excl[NS];
    f->incl_ns = c->incl[NS];
    f->rank = c->rank;
    f->depth = c->depth;
  }
  m->by_rank = cs->by_rank;
  cs->by_rank = NULL;
  m->num_lines = cs->num_lines;
  m->lines = ss_xcalloc(cs->num_lines ? cs->num_lines : 1, sizeof *m->lines);
  for (size_t i = 0; i < cs->num_lines; i++) {
    const struct ss_cs_line *c = &cs->lines[i];
    m->lines[i] = (struct ss_sline){c->function, c->file, c->line,
                                    c->w[SAMPLES], c->w[NS]};
  }
  m->num_edges = cs->num_edges;
  m->edges = ss_xcalloc(cs->num_edges ? cs->num_edges : 1, sizeof *m->edges);
  for (size_t i = 0; i < cs->num_edges; i++) {
    const struct ss_cs_edge *c = &cs->edges[i];
    m->edges[i] = (struct ss_sedge){c->caller,   c->callee, c->callsite,
                                    c->inlined,  c->file,   c->line,
                                    c->w[SAMPLES], c->w[NS]};
  }
  take_kept(m, cs);
  /* Warnings and names made up for addresses move to the model. */
  m->warnings = cs->warnings;
  m->num_warnings = cs->num_warnings;
  m->strings = cs->strings;
  m->num_strings = cs->num_strings;
  m->strings_cap = cs->strings_cap;
  cs->warnings = NULL;
  cs->num_warnings = 0;
  cs->strings = NULL;
  cs->num_strings = 0;
  ss_callstacks_release(cs);
}

/* ---- the whole build ---- */

static int same_name(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

static int check_files(struct ss_sample_model *m, const struct ss_profile *p,
                       const struct ss_calipers *calipers, struct ss_err *err,
                       const char **bad_file) {
  const struct ss_expfile *first = p->files[0];
  m->kind = first->sampling.kind;
  m->callstacks = m->kind != SS_SAMPLING_PCSAMP && m->kind != SS_SAMPLING_HWC;
  m->hwc = m->kind == SS_SAMPLING_HWC || m->kind == SS_SAMPLING_HWCTIME;
  m->interval_ns = first->sampling.interval_ns;
  m->bin_bytes = first->sampling.bin_bytes;
  m->clock = first->sampling.clock;
  m->calipers_given = calipers->given;
  m->windows = ss_xcalloc(p->num_files, sizeof *m->windows);
  m->file_samples = ss_xcalloc(p->num_files, sizeof *m->file_samples);
  m->file_ns = ss_xcalloc(p->num_files, sizeof *m->file_ns);
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    *bad_file = f->name;
    if (!f->has_sampling) {
      ss_err_set(err, "the file has no SAMPLING record: it is not a sampling "
                 "experiment like %s", first->name);
      return -1;
    }
    if (f->sampling.kind != m->kind ||
        (m->hwc && strcmp(f->sampling.clock, first->sampling.clock) != 0)) {
      if (f->sampling.kind == m->kind)
        ss_err_set(err, "it counted %s, %s counted %s; merge only files of "
                   "one event", f->sampling.clock, first->name,
                   first->sampling.clock);
      else
        ss_err_set(err, "sampling kind %u differs from %u in %s; merge only "
                   "files of one experiment", f->sampling.kind, m->kind,
                   first->name);
      return -1;
    }
    if (ss_caliper_window(calipers, f, &m->windows[i], err) != 0)
      return -1;
    const char *profiled = f->has_counter_totals ? f->counter_totals.name[1]
                                                 : NULL;
    if (i == 0) {
      m->counted = f->has_counter_totals;
      m->profiled = profiled;
    } else if (!same_name(profiled, m->profiled)) {
      ss_err_set(err, "it profiled %s, %s profiled %s; merge only files of "
                 "one event", profiled ? profiled : "no second counter",
                 first->name, m->profiled ? m->profiled : "no second counter");
      return -1;
    } else if (!f->has_counter_totals) {
      m->counted = 0; /* an older file: no exact totals for the merge */
    }
    if (f->has_counter_totals) {
      m->counted_total += f->counter_totals.total[profiled ? 1 : 0];
      m->sampled_counter_total += f->counter_totals.total[0];
    }
    m->taken += f->sampling.samples;
    m->lost += f->sampling.lost;
    m->threads += f->sampling.num_threads;
  }
  *bad_file = NULL;
  return 0;
}

static void warn(struct ss_sample_model *m, char *line) {
  m->warnings = ss_xrealloc_array(m->warnings, m->num_warnings + 1,
                                  sizeof *m->warnings);
  m->warnings[m->num_warnings++] = line;
}

/* A file with far fewer samples than its time called for (a tenth, out of
 * at least ten expected): the samples were not taken, and the listing
 * would mislead without a word.  The time is the process's CPU time (user
 * and system, from its USAGE record) for the CPU-time experiments, its
 * run time for totaltime. */
static void warn_missing_samples(struct ss_sample_model *m,
                                 const struct ss_profile *p) {
  for (size_t i = 0; i < p->num_files; i++) {
    const struct ss_expfile *f = p->files[i];
    uint64_t interval = f->sampling.interval_ns;
    if (!f->has_usage || interval == 0)
      continue;
    int wall = f->sampling.kind == SS_SAMPLING_TOTALTIME;
    uint64_t ns = wall ? f->usage.real_ns
                       : f->usage.user_ns / 2 + f->usage.sys_ns / 2;
    uint64_t expected = ns / interval * 2;
    if (expected < 10 || f->sampling.samples >= expected / 10)
      continue;
    warn(m, ss_xasprintf(
                "warning: %s: %llu samples for %.2f s of %s (%llu expected, "
                "one per %.0f ms): the program most likely blocked the "
                "sampling signal (sigprocmask or pthread_sigmask of all "
                "signals), or ran its work in threads the runtime did not "
                "see (started before it, or by a raw clone); its listing "
                "shows only what was sampled",
                f->name, (unsigned long long)f->sampling.samples, ns / 1e9,
                wall ? "run time" : "CPU time", (unsigned long long)expected,
                interval / 1e6));
  }
}

int ss_sample_model_build(struct ss_sample_model *m,
                          const struct ss_profile *p,
                          const struct ss_calipers *calipers,
                          struct ss_symbolizer *symbolizer,
                          struct ss_err *err, const char **bad_file) {
  memset(m, 0, sizeof *m);
  m->profile = p;
  if (check_files(m, p, calipers, err, bad_file) != 0) {
    ss_sample_model_release(m);
    return -1;
  }
  uint32_t flags = SS_CS_STACKS | SS_CS_LEAVES |
                   (m->callstacks ? 0 : SS_CS_LEAF_ONLY);
  struct ss_cs_builder *b = ss_callstacks_begin(p, symbolizer, NUM_WEIGHTS,
                                                flags, "samples");
  size_t ns_cap = 0;
  add_samples(m, b, &ns_cap);
  struct ss_callstacks cs;
  ss_callstacks_finish(b, &cs, NS);
  take_callstacks(m, &cs);
  warn_missing_samples(m, p);
  return 0;
}

void ss_sample_model_release(struct ss_sample_model *m) {
  for (size_t i = 0; i < m->num_warnings; i++)
    free(m->warnings[i]);
  free(m->warnings);
  for (size_t i = 0; i < m->num_strings; i++)
    free(m->strings[i]);
  free(m->strings);
  free(m->windows);
  free(m->file_samples);
  free(m->file_ns);
  free(m->functions);
  free(m->by_rank);
  free(m->lines);
  free(m->edges);
  free(m->stacks);
  free(m->stack_frames);
  free(m->sampled_threads);
  free(m->sequence);
  free(m->sequence_ns);
  free(m->addresses);
  memset(m, 0, sizeof *m);
}
