/*
 * listing_cpi_json.c -- ssprof -cpi -json: the counting document (the
 * same members, byte for byte), with, in every object of functions[],
 * loops[], blocks[] and ideal.blocks[], the row's ideal and sampled
 * seconds and CPI and what they come from, and a member "cpi" of its own
 * (docs/ssprof-json.md).
 */
#include "listing.h"

#include "listing_cpi.h"
#include "listing_json_parts.h"

#include <math.h>
#include <stdlib.h>

void ss_json_write_cpi_row(struct ss_json *j, const struct ss_cpi *c,
                           const struct ss_cpi_row *r) {
  char cause[512];
  ss_cpi_cause_text(r, "", cause, sizeof cause);
  /* a hwc event that counts no time measures no cycles: null */
  double none = c->timed ? 0 : NAN;
  ss_json_double(j, "ideal_seconds", ss_cpi_seconds(c, r->ideal_cycles));
  ss_json_double(j, "sampled_seconds",
                 ss_cpi_seconds(c, r->sampled_cycles) + none);
  ss_json_double(j, "ideal_cpi", ss_cpi_ideal_cpi(r));
  ss_json_double(j, "sampled_cpi", ss_cpi_sampled_cpi(r) + none);
  ss_json_uint(j, "samples", r->samples);
  ss_json_double(j, "sampled_cycles", r->sampled_cycles + none);
  ss_json_double(j, "cycles_lost", ss_cpi_lost(r) + none);
  if (r->ideal_cycles > 0 && c->timed)
    ss_json_double(j, "measured_over_ideal", ss_cpi_ratio(r));
  else
    ss_json_null(j, "measured_over_ideal");
  ss_json_double(j, "sampled_error", ss_cpi_error(r));
  ss_json_string(j, "cause", ss_cpi_cause_name(r->cause));
  ss_json_string(j, "cause_text", cause);
  if (c->hwc) {
    double per = ss_cpi_events_per_execution(r);
    ss_json_double(j, "events", r->events);
    ss_json_double(j, "events_per_execution", per < 0 ? NAN : per);
    ss_json_double(j, "events_error", ss_cpi_error(r));
  }
}

static void write_lines(struct ss_json *j, const struct ss_listing *l) {
  const struct ss_cpi *c = l->cpi;
  ss_json_begin_array(j, "lines");
  for (size_t i = 0; i < l->ideal->num_lines; i++) {
    const struct ss_ideal_line *ln = &l->ideal->lines[i];
    const struct ss_model_function *f = &l->model->functions[ln->function];
    const struct ss_cpi_row *r = &c->lines[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "function", f->name);
    ss_json_uint(j, "function_index", f->rank);
    ss_json_string(j, "file", ln->file ? ln->file : "");
    ss_json_uint(j, "line", ln->line);
    ss_json_count(j, "executions", r->executions_known, r->executions);
    ss_json_uint(j, "instructions", r->instructions);
    ss_json_write_cpi_row(j, c, r);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

static void write_outside(struct ss_json *j, const struct ss_cpi *c) {
  ss_json_begin_array(j, "not_instrumented");
  for (size_t i = 0; i < c->num_outside; i++) {
    const struct ss_cpi_outside *o = &c->outside[i];
    ss_json_begin_object(j, NULL);
    ss_json_string(j, "name", o->name);
    if (o->symbol)
      ss_json_string(j, "symbol", o->symbol);
    else
      ss_json_null(j, "symbol");
    ss_json_string(j, "dso", o->dso);
    ss_json_count(j, "calls", o->calls >= 0, o->calls);
    ss_json_uint(j, "samples", o->samples);
    ss_json_double(j, "sampled_seconds",
                   (double)o->samples * c->sample_seconds);
    ss_json_end_object(j);
  }
  ss_json_end_array(j);
}

void ss_json_write_cpi(struct ss_json *j, const struct ss_listing *l) {
  const struct ss_cpi *c = l->cpi;
  double per = c->sample_seconds;
  double sampled = (double)c->sampled_ns / 1e9;
  double ideal = ss_cpi_seconds(c, l->ideal->total_cycles);
  ss_json_begin_object(j, "cpi");
  ss_json_string(j, "sampling_experiment", c->experiment);
  ss_json_begin_array(j, "sampling_files");
  for (size_t i = 0; i < l->sampling->num_files; i++)
    ss_json_string(j, NULL, l->sampling->files[i]->name);
  ss_json_end_array(j);
  ss_json_uint(j, "interval_ns", c->interval_ns);
  if (c->hwc) {
    ss_json_string(j, "event", c->event);
    ss_json_uint(j, "overflow", c->interval_ns);
    ss_json_double(j, "events", (double)c->events);
    ss_json_bool(j, "timed", c->timed);
  }
  ss_json_double(j, "clock_mhz", c->clock_mhz);
  ss_json_uint(j, "samples", c->samples);
  ss_json_double(j, "sampled_seconds", sampled);
  ss_json_double(j, "instrumented_seconds",
                 (double)c->instrumented_samples * per);
  ss_json_double(j, "counting_seconds", (double)c->counting_samples * per);
  ss_json_double(j, "not_instrumented_seconds",
                 (double)c->outside_samples * per);
  ss_json_double(j, "ideal_seconds", ideal);
  ss_json_double(j, "ideal_share", sampled > 0 ? ideal / sampled : 0);
  ss_json_begin_object(j, "instrumented");
  ss_json_write_cpi_row(j, c, &c->total);
  ss_json_end_object(j);
  write_lines(j, l);
  write_outside(j, c);
  ss_json_end_object(j);
}
