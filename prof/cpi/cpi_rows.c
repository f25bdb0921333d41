/* cpi_rows.c -- the rows of the join, their ideal side and their
 * arithmetic; see cpi.h. */
#include "cpi.h"

#include "cpi_steps.h"

#include <math.h>
#include <string.h>

double ss_cpi_seconds(const struct ss_cpi *c, double cycles) {
  return c->clock_mhz > 0 ? cycles / (c->clock_mhz * 1e6) : 0;
}

double ss_cpi_ideal_cpi(const struct ss_cpi_row *r) {
  return r->instructions ? r->ideal_cycles / (double)r->instructions : 0;
}

double ss_cpi_sampled_cpi(const struct ss_cpi_row *r) {
  return r->instructions ? r->sampled_cycles / (double)r->instructions : 0;
}

double ss_cpi_ratio(const struct ss_cpi_row *r) {
  return r->ideal_cycles > 0 ? r->sampled_cycles / r->ideal_cycles : 0;
}

double ss_cpi_error(const struct ss_cpi_row *r) {
  return r->samples ? 1.96 / sqrt((double)r->samples) : 0;
}

double ss_cpi_events_per_execution(const struct ss_cpi_row *r) {
  return r->executions_known && r->executions > 0
             ? r->events / (double)r->executions
             : -1;
}

enum ss_cpi_event_unit ss_cpi_event_unit_of(const char *event) {
  static const char *const ns[] = {"TASK_CLOCK", "CPU_CLOCK", "task-clock",
                                   "cpu-clock"};
  /* the generic event, Intel's and AMD's own (docs/hwc.md), perf's */
  static const char *const cycles[] = {"CPU_CYCLES", "CPU_CLK_UNHALTED",
                                       "CYCLES_NOT_IN_HALT", "cpu-cycles",
                                       "perf::CYCLES"};
  if (!event || strstr(event, "REF_CPU_CYCLES")) /* at the TSC's rate */
    return SS_CPI_EVENT_OTHER;
  for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
    if (strstr(event, ns[i]))
      return SS_CPI_EVENT_NS;
  for (size_t i = 0; i < sizeof cycles / sizeof cycles[0]; i++)
    if (strstr(event, cycles[i]))
      return SS_CPI_EVENT_CYCLES;
  return SS_CPI_EVENT_OTHER;
}

const char *ss_cpi_event_short(const char *event) {
  static const char *const prefixes[] = {"perf::PERF_COUNT_SW_",
                                         "perf::PERF_COUNT_HW_CACHE_",
                                         "perf::PERF_COUNT_HW_", "perf::"};
  if (!event)
    return "events";
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
    size_t n = strlen(prefixes[i]);
    if (strncmp(event, prefixes[i], n) == 0 && event[n])
      return event + n;
  }
  return event;
}

double ss_cpi_lost(const struct ss_cpi_row *r) {
  return r->sampled_cycles - r->ideal_cycles;
}

void ss_cpi_row_add(struct ss_cpi_row *to, const struct ss_cpi_row *from) {
  to->instructions += from->instructions;
  to->ideal_cycles += from->ideal_cycles;
  to->samples += from->samples;
  to->sampled_cycles += from->sampled_cycles;
  to->events += from->events;
  to->loads += from->loads;
  to->stores += from->stores;
  to->branches += from->branches;
  to->unsure_branches += from->unsure_branches;
  if (from->unsure_minority > to->unsure_minority)
    to->unsure_minority = from->unsure_minority;
  for (int b = 0; b < SS_BOUND_COUNT; b++)
    to->bound_cycles[b] += from->bound_cycles[b];
}

/* The ideal side of machine block k, all its executions, into `r`. */
static void add_block(struct ss_cpi_row *r, const struct ss_ideal *ideal,
                      uint32_t k) {
  const struct ss_ideal_block *b = &ideal->blocks[k];
  double count = b->count > 0 ? (double)b->count : 0;
  struct ss_cpi_row one;
  memset(&one, 0, sizeof one);
  one.instructions = (uint64_t)b->instructions * (uint64_t)(b->count > 0
                                                                ? b->count
                                                                : 0);
  one.ideal_cycles = b->cycles * count;
  one.loads = b->loads * count;
  one.stores = b->stores * count;
  for (uint32_t i = 0; i < b->num_insns; i++)
    if (ideal->insns[b->first_insn + i].flags & SS_IDEAL_INSN_BRANCH)
      one.branches += count;
  if (b->minority >= SS_CPI_UNSURE) {
    one.unsure_branches = count;
    one.unsure_minority = b->minority;
  }
  one.bound_cycles[b->bound] = one.ideal_cycles;
  ss_cpi_row_add(r, &one);
}

/* A line's ideal side: its cycles and instructions as ideal time shared
 * them, its executions the most any of its instructions ran (as the
 * counting model counts a line: the most any of its blocks ran). */
static void add_lines(struct ss_cpi *c) {
  const struct ss_ideal *ideal = c->ideal;
  for (size_t i = 0; i < ideal->num_lines; i++) {
    c->lines[i].ideal_cycles = ideal->lines[i].cycles;
    c->lines[i].instructions = ideal->lines[i].instructions;
  }
  for (size_t i = 0; i < ideal->num_insns; i++) {
    const struct ss_ideal_insn *in = &ideal->insns[i];
    if (in->line_index == UINT32_MAX || (in->flags & SS_IDEAL_INSN_COUNTING))
      continue;
    const struct ss_ideal_block *b = &ideal->blocks[in->block];
    struct ss_cpi_row *r = &c->lines[in->line_index];
    double count = b->count > 0 ? (double)b->count : 0;
    r->executions_known = 1;
    if (b->count > r->executions)
      r->executions = b->count;
    r->loads += in->flags & SS_IDEAL_INSN_LOAD ? count : 0;
    r->stores += in->flags & SS_IDEAL_INSN_STORE ? count : 0;
    if (in->flags & SS_IDEAL_INSN_BRANCH) {
      r->branches += count;
      /* the branch that ends its block: the one the counts tell */
      if (b->minority >= SS_CPI_UNSURE &&
          in == &ideal->insns[b->first_insn + b->num_insns - 1]) {
        r->unsure_branches += count;
        if (b->minority > r->unsure_minority)
          r->unsure_minority = b->minority;
      }
    }
    if (b->instructions)
      r->bound_cycles[b->bound] += b->cycles * count / b->instructions;
  }
}

void ss_cpi_ideal_rows(struct ss_cpi *c) {
  const struct ss_model *m = c->model;
  const struct ss_ideal *ideal = c->ideal;
  for (uint32_t f = 0; f < m->num_functions; f++) {
    c->functions[f].executions_known = m->functions[f].calls_known;
    c->functions[f].executions = m->functions[f].calls;
  }
  for (size_t l = 0; l < m->num_loops; l++) {
    c->loops[l].executions_known = c->nest.loops[l].iterations_known;
    c->loops[l].executions = c->nest.loops[l].iterations;
  }
  for (uint32_t b = 0; b < m->num_blocks; b++) {
    c->model_blocks[b].executions_known = m->blocks[b].known;
    c->model_blocks[b].executions = m->blocks[b].count;
  }
  for (uint32_t k = 0; k < ideal->num_blocks; k++) {
    const struct ss_ideal_block *b = &ideal->blocks[k];
    c->blocks[k].executions_known = b->exact;
    c->blocks[k].executions = b->count;
    add_block(&c->blocks[k], ideal, k);
    add_block(&c->functions[b->function], ideal, k);
    if (b->model_block == SS_MODEL_NONE)
      continue;
    add_block(&c->model_blocks[b->model_block], ideal, k);
    for (uint32_t l = c->nest.innermost[b->model_block]; l != SS_MODEL_NONE;
         l = m->loops[l].parent)
      if (ss_loop_contains(&c->nest, l, b->model_block))
        add_block(&c->loops[l], ideal, k);
  }
  add_lines(c);
}
