/*
 * listing_cpi.c -- ssprof -cpi: measured against ideal time.  A summary
 * (how much of the sampled time ideal time explains, how much went to
 * code that was not instrumented), then functions, loops, source lines
 * and machine blocks, each by the cycles lost (measured less ideal),
 * each row with its exact executions, ideal and measured cycles per
 * execution and per instruction, its samples and their 95% interval, and
 * on a line of its own the likely cause (cpi.h); then the time in code
 * that was not instrumented, with the calls into it.  -q applies to each
 * list.
 */
#include "listing.h"

#include "listing_cpi.h"
#include "quit_limit.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct ss_cpi_row *sort_rows; /* qsort has no context */

/* A hwc join of an event that counts no time: by events descending. */
static int by_events(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  if (sort_rows[a].events != sort_rows[b].events)
    return sort_rows[a].events > sort_rows[b].events ? -1 : 1;
  if (sort_rows[a].ideal_cycles != sort_rows[b].ideal_cycles)
    return sort_rows[a].ideal_cycles > sort_rows[b].ideal_cycles ? -1 : 1;
  return a < b ? -1 : a > b;
}

/* Cycles lost descending, then measured, then ideal, then index. */
static int by_lost(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  double la = ss_cpi_lost(&sort_rows[a]), lb = ss_cpi_lost(&sort_rows[b]);
  if (la != lb)
    return la > lb ? -1 : 1;
  if (sort_rows[a].sampled_cycles != sort_rows[b].sampled_cycles)
    return sort_rows[a].sampled_cycles > sort_rows[b].sampled_cycles ? -1
                                                                      : 1;
  if (sort_rows[a].ideal_cycles != sort_rows[b].ideal_cycles)
    return sort_rows[a].ideal_cycles > sort_rows[b].ideal_cycles ? -1 : 1;
  return a < b ? -1 : a > b;
}

uint32_t *ss_cpi_rank(const struct ss_cpi_row *rows, size_t n, int timed,
                      size_t *shown) {
  uint32_t *order = ss_xcalloc(n + 1, sizeof *order);
  *shown = 0;
  for (size_t i = 0; i < n; i++)
    if (rows[i].samples > 0 || rows[i].ideal_cycles > 0)
      order[(*shown)++] = (uint32_t)i;
  sort_rows = rows;
  ss_sort(order, *shown, sizeof *order, timed ? by_lost : by_events);
  return order;
}

/* A hwc join's column of events per execution, named by the event. */
#define EVENT_COLUMN "%18s "

static void print_head(FILE *out, const struct ss_cpi *c, const char *what) {
  fprintf(out, "%9s %6s %8s %5s %10s %9s %9s %14s %12s %12s ", "lost.secs",
          "%", "samples", "+-%", "meas/ideal", "ideal.CPI", "meas.CPI",
          "executions", "ideal/exec", "meas/exec");
  if (c->hwc) {
    char head[64];
    snprintf(head, sizeof head, "%.13s/exec", ss_cpi_event_short(c->event));
    fprintf(out, EVENT_COLUMN, head);
  }
  fprintf(out, " %s\n", what);
}

/* Cycles per execution: one decimal while that says something. */
static void per_execution(char *buf, size_t size, double cycles, double n) {
  if (!(n > 0))
    snprintf(buf, size, "-");
  else if (cycles / n < 1e4)
    snprintf(buf, size, "%.1f", cycles / n);
  else
    snprintf(buf, size, "%.0f", cycles / n);
}

/* The share of the run's sampled cycles that `cycles` are. */
static double share(const struct ss_cpi *c, double cycles) {
  double all = c->hwc ? (double)c->samples * c->sample_cycles
                      : (double)c->samples * (double)c->interval_ns *
                            c->clock_mhz / 1000.0;
  return all > 0 ? 100 * cycles / all : 0;
}

/* The columns of a row, before its name. */
static void print_columns(FILE *out, const struct ss_cpi *c,
                          const struct ss_cpi_row *r) {
  char exec[32], ideal[32], meas[32], ratio[32], err[16];
  double n = r->executions_known && r->executions > 0 ? (double)r->executions
                                                      : 0;
  ss_count_text(exec, sizeof exec, r->executions_known, r->executions);
  per_execution(ideal, sizeof ideal, r->ideal_cycles, n);
  per_execution(meas, sizeof meas, r->sampled_cycles, n);
  if (r->ideal_cycles > 0)
    snprintf(ratio, sizeof ratio, "%.2f", ss_cpi_ratio(r));
  else
    strcpy(ratio, "-");
  if (r->samples)
    snprintf(err, sizeof err, "%.0f%%", 100 * ss_cpi_error(r));
  else
    strcpy(err, "-");
  double lost = ss_cpi_lost(r);
  if (!c->timed) {
    strcpy(ratio, "-");
    strcpy(meas, "-");
    fprintf(out, "%9s %6s %8" PRIu64 " %5s %10s %9.3f %9s %14s %12s %12s ",
            "-", "-", r->samples, err, ratio, ss_cpi_ideal_cpi(r), "-", exec,
            ideal, meas);
  } else {
    fprintf(out, "%9.3f %5.1f%% %8" PRIu64 " %5s %10s %9.3f %9.3f %14s %12s "
            "%12s ",
            ss_cpi_seconds(c, lost), share(c, lost), r->samples, err, ratio,
            ss_cpi_ideal_cpi(r), ss_cpi_sampled_cpi(r), exec, ideal, meas);
  }
  if (c->hwc) {
    char events[32];
    double per = ss_cpi_events_per_execution(r);
    if (per < 0)
      strcpy(events, "-");
    else
      per_execution(events, sizeof events, r->events, (double)r->executions);
    fprintf(out, EVENT_COLUMN, events);
  }
  fputc(' ', out);
}

static void print_cause(FILE *out, const struct ss_cpi_row *r,
                        const char *per) {
  char text[512];
  ss_cpi_cause_text(r, per, text, sizeof text);
  fprintf(out, "        %s\n", text);
}

/* One list: `name` prints row i's name. */
static void print_list(const struct ss_listing *l, const char *title,
                       const char *what, const char *per,
                       const struct ss_cpi_row *rows, size_t n,
                       void (*name)(const struct ss_listing *l, uint32_t i)) {
  const struct ss_cpi *c = l->cpi;
  FILE *out = l->out;
  ss_print_title(out, title);
  print_head(out, c, what);
  size_t shown;
  uint32_t *order = ss_cpi_rank(rows, n, c->timed, &shown);
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  for (size_t k = 0; k < shown && ss_quit_allow(&q); k++) {
    const struct ss_cpi_row *r = &rows[order[k]];
    print_columns(out, c, r);
    name(l, order[k]);
    fputc('\n', out);
    print_cause(out, r, per);
    ss_quit_account(&q, c->timed ? share(c, ss_cpi_lost(r))
                                 : c->total.events > 0
                                     ? 100 * r->events / c->total.events
                                     : 0);
  }
  free(order);
}

static void function_name(const struct ss_listing *l, uint32_t i) {
  const struct ss_model_function *f = &l->model->functions[i];
  ss_print_function_place(l->out, f, f->file, f->line);
}

static void loop_name(const struct ss_listing *l, uint32_t i) {
  const struct ss_model_loop *lp = &l->model->loops[i];
  const struct ss_model_function *f = &l->model->functions[lp->function];
  fprintf(l->out, "loop at ");
  ss_print_file_line(l->out, lp->file, lp->line);
  fprintf(l->out, " (depth %u) in %s (%s)", lp->depth, f->name, f->dso);
}

static void line_name(const struct ss_listing *l, uint32_t i) {
  const struct ss_ideal_line *ln = &l->ideal->lines[i];
  ss_print_function_place(l->out, &l->model->functions[ln->function],
                          ln->file, ln->line);
}

static void block_name(const struct ss_listing *l, uint32_t i) {
  const struct ss_ideal_block *b = &l->ideal->blocks[i];
  const struct ss_model_function *f = &l->model->functions[b->function];
  fprintf(l->out, "%s (@0x%08" PRIx64 "; ", f->name, b->address);
  ss_print_dso_place(l->out, f->dso, b->file, b->line);
  fputs(b->exact ? ")" : ") (estimated)", l->out);
}

static void print_outside(const struct ss_listing *l) {
  const struct ss_cpi *c = l->cpi;
  FILE *out = l->out;
  ss_print_title(out, "Code that was not instrumented (no ideal time), by "
                      "samples, with the calls into it");
  fprintf(out, "%9s %6s %8s %14s  %s\n", "secs", "%", "samples", "calls",
          "function (dso: symbol sampled)");
  double per = c->sample_seconds;
  double all = (double)c->samples;
  struct ss_quit_state q;
  ss_quit_begin(&q, &l->options->quit, 0);
  uint64_t samples = 0;
  int64_t calls = 0;
  for (size_t i = 0; i < c->num_outside && ss_quit_allow(&q); i++) {
    const struct ss_cpi_outside *o = &c->outside[i];
    char n[32];
    double pct = all > 0 ? 100 * (double)o->samples / all : 0;
    fprintf(out, "%9.3f %5.1f%% %8" PRIu64 " %14s  %s", o->samples * per, pct,
            o->samples, ss_count_text(n, sizeof n, o->calls >= 0, o->calls),
            o->name);
    if (o->dso[0] || o->symbol)
      fprintf(out, " (%s%s%s)", o->dso, o->dso[0] && o->symbol ? ": " : "",
              o->symbol ? o->symbol : "");
    fputc('\n', out);
    ss_quit_account(&q, pct);
  }
  for (size_t i = 0; i < c->num_outside; i++) {
    samples += c->outside[i].samples;
    calls += c->outside[i].calls > 0 ? c->outside[i].calls : 0;
  }
  fprintf(out, "%9.3f %5.1f%% %8" PRIu64 " %14" PRId64 "  TOTAL\n",
          samples * per, all > 0 ? 100 * (double)samples / all : 0, samples,
          calls);
}

/* A hwc join's counter: its overflows and events, and the time they
 * measure, if any (cpi.h). */
static void print_counter(FILE *out, const struct ss_cpi *c) {
  fprintf(out, "%16" PRIu64 ": Total samples (counter overflows)\n",
          c->samples);
  fprintf(out, "%16" PRIu64 ": Total counts (the samples' counts)\n",
          c->events);
  fprintf(out, "%16" PRIu64 ": Counter overflow value\n", c->interval_ns);
  fprintf(out, "%16s: Counter\n", c->event);
  if (c->timed)
    fprintf(out, "%16.3f: Sampled time (secs.), from the counter's %s\n",
            (double)c->sampled_ns / 1e9,
            c->event_unit == SS_CPI_EVENT_NS ? "nanoseconds"
                                             : "cycles at the clock");
  else
    fprintf(out, "%16s: Sampled time: none, the counter counts no time "
                 "(rows by counts, no measured cycles)\n",
            "-");
}

static void print_summary(const struct ss_listing *l) {
  const struct ss_cpi *c = l->cpi;
  const struct ss_ideal *ideal = l->ideal;
  FILE *out = l->out;
  double per = c->sample_seconds;
  double sampled = (double)c->sampled_ns / 1e9;
  double ideal_secs = ss_cpi_seconds(c, ideal->total_cycles);
  char text[64];
  ss_print_rule(out);
  fprintf(out, "Summary of measured against ideal time (%s joined with "
               "%s)--\n",
          l->profile->experiment, c->experiment);
  fprintf(out, "%16" PRIu64 ": Instructions executed (exact)\n",
          ideal->total_instructions);
  fprintf(out, "%16.3f: Ideal time (secs.), %.0f cycles\n", ideal_secs,
          ideal->total_cycles);
  snprintf(text, sizeof text, "%.6g", c->clock_mhz);
  fprintf(out, "%16s: Clock frequency (MHz.) of ideal and measured "
               "cycles\n",
          text);
  if (c->hwc) {
    print_counter(out, c);
    if (!c->timed)
      return;
  } else {
    fprintf(out, "%16.3f: Sampled time (secs.), %" PRIu64 " samples every "
                 "%.3g ms\n",
            sampled, c->samples, (double)c->interval_ns / 1e6);
  }
  fprintf(out, "%16.3f: of it in instrumented code (secs.)\n",
          (double)c->instrumented_samples * per);
  if (c->counting_samples)
    fprintf(out, "%16.3f: of that on the counting's own instructions "
                 "(secs.)\n",
            (double)c->counting_samples * per);
  fprintf(out, "%16.3f: of it in code that was not instrumented (secs.)\n",
          (double)c->outside_samples * per);
  snprintf(text, sizeof text, "%.1f%%",
           sampled > 0 ? 100 * ideal_secs / sampled : 0);
  fprintf(out, "%16s: Ideal time's share of the sampled time (the rest: "
               "memory, mispredicted branches, code not instrumented)\n",
          text);
  snprintf(text, sizeof text, "%.2f +-%.0f%%", ss_cpi_ratio(&c->total),
           100 * ss_cpi_error(&c->total));
  fprintf(out, "%16s: Measured / ideal cycles of the instrumented code\n",
          text);
  /* Ideal cycles are a lower bound; measured ones are seconds at the
   * clock, so a measured figure below ideal beyond twice its error says
   * the core ran faster than the clock taken (turbo, or the clock a
   * virtual machine reports), not that the model is wrong. */
  double ratio = ss_cpi_ratio(&c->total);
  if (ratio > 0 && ratio * (1 + 2 * ss_cpi_error(&c->total)) < 1)
    fprintf(out, "%16s  measured is below ideal: the core ran faster than "
                 "%.6g MHz (turbo, or a virtual machine's reported clock); "
                 "give the clock it ran at with -clock MHz\n",
            "", c->clock_mhz);
}

void ss_list_cpi(const struct ss_listing *l) {
  const struct ss_cpi *c = l->cpi;
  const struct ss_model *m = l->model;
  const struct ss_ideal *ideal = l->ideal;
  print_summary(l);
  print_list(l, c->timed ? "Function list, in descending order by cycles "
                           "lost (measured - ideal)"
                         : "Function list, in descending order by counts",
             "function (dso: file, line)", " a call", c->functions,
             m->num_functions, function_name);
  print_list(l, c->timed ? "Loop list, in descending order by cycles lost "
                           "(executions: iterations)"
                         : "Loop list, in descending order by counts "
                           "(executions: iterations)",
             "loop (dso)", " an iteration", c->loops, m->num_loops,
             loop_name);
  print_list(l, c->timed ? "Source line list, in descending order by cycles "
                           "lost"
                         : "Source line list, in descending order by counts",
             "function (dso: file, line)", " an execution", c->lines,
             ideal->num_lines, line_name);
  print_list(l, c->timed ? "Machine block list, in descending order by "
                           "cycles lost"
                         : "Machine block list, in descending order by "
                           "counts",
             "function (address; dso: file, line)", " an execution",
             c->blocks, ideal->num_blocks, block_name);
  print_outside(l);
}
