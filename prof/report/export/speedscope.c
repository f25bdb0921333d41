/*
 * speedscope.c -- speedscope's file format (its file-format-schema.json):
 * the functions as shared frames, then "sampled" profiles whose samples
 * are stacks of frame indices from the root down, each with its weight.
 * Sampling: one profile per thread, its samples in the order they were
 * taken (speedscope's time-order view is then the thread's timeline),
 * weights in nanoseconds.  Ideal time: the call tree of ideal.h, one
 * profile of cycles and one of instructions (unit "none").
 */
#include "export.h"

#include "json_writer.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static void write_stack(struct ss_json *j, const struct ss_xprofile *x,
                        const struct ss_xstack *st) {
  ss_json_begin_array(j, NULL);
  for (uint32_t k = 0; k < st->depth; k++)
    ss_json_uint(j, NULL, x->locs[st->first + k].frame);
  ss_json_end_array(j);
}

static void begin_profile(struct ss_json *j, const char *name,
                          const char *unit, double end) {
  ss_json_begin_object(j, NULL);
  ss_json_string(j, "type", "sampled");
  ss_json_string(j, "name", name);
  ss_json_string(j, "unit", unit);
  ss_json_uint(j, "startValue", 0);
  ss_json_double(j, "endValue", end);
}

/* A thread's samples in order, runs of one stack joined. */
static void thread_profile(struct ss_json *j, const struct ss_xprofile *x,
                           const struct ss_xthread *t) {
  char name[64];
  snprintf(name, sizeof name, "pid %u, thread %u", t->pid, t->tid);
  uint64_t end = 0;
  for (size_t i = 0; i < t->num; i++)
    end += x->sequence_ns[t->first + i];
  begin_profile(j, name, "nanoseconds", (double)end);
  ss_json_begin_array(j, "samples");
  for (size_t i = 0; i < t->num; i++)
    if (i == 0 || x->sequence[t->first + i] != x->sequence[t->first + i - 1])
      write_stack(j, x, &x->stacks[x->sequence[t->first + i]]);
  ss_json_end_array(j);
  ss_json_begin_array(j, "weights");
  for (size_t i = 0; i < t->num;) {
    size_t k = i + 1;
    uint64_t ns = x->sequence_ns[t->first + i];
    while (k < t->num &&
           x->sequence[t->first + k] == x->sequence[t->first + i])
      ns += x->sequence_ns[t->first + k++];
    ss_json_uint(j, NULL, ns);
    i = k;
  }
  ss_json_end_array(j);
  ss_json_end_object(j);
}

static void tree_profile(struct ss_json *j, const struct ss_xprofile *x,
                         int value, const char *name) {
  begin_profile(j, name, "none", (double)llround(x->total[value]));
  ss_json_begin_array(j, "samples");
  for (size_t i = 0; i < x->num_stacks; i++)
    write_stack(j, x, &x->stacks[i]);
  ss_json_end_array(j);
  ss_json_begin_array(j, "weights");
  struct ss_xround r = {0, 0};
  for (size_t i = 0; i < x->num_stacks; i++)
    ss_json_int(j, NULL, ss_xround_next(&r, x->stacks[i].value[value]));
  ss_json_end_array(j);
  ss_json_end_object(j);
}

int ss_export_speedscope(FILE *out, const struct ss_xprofile *x) {
  struct ss_json j;
  ss_json_init(&j, out);
  ss_json_begin_object(&j, NULL);
  ss_json_string(&j, "$schema",
                 "https://www.speedscope.app/file-format-schema.json");
  ss_json_begin_object(&j, "shared");
  ss_json_begin_array(&j, "frames");
  for (size_t f = 0; f < x->num_frames; f++) {
    const struct ss_xframe *fr = &x->frames[f];
    ss_json_begin_object(&j, NULL);
    ss_json_string(&j, "name", fr->name);
    if (fr->file[0]) {
      ss_json_string(&j, "file", fr->file);
      ss_json_uint(&j, "line", fr->line);
    }
    ss_json_end_object(&j);
  }
  ss_json_end_array(&j);
  ss_json_end_object(&j);
  ss_json_begin_array(&j, "profiles");
  if (x->sampling) {
    for (size_t t = 0; t < x->num_threads; t++)
      thread_profile(&j, x, &x->threads[t]);
  } else {
    tree_profile(&j, x, 1, "ideal cycles");
    tree_profile(&j, x, 0, "instructions");
  }
  ss_json_end_array(&j);
  char name[512];
  snprintf(name, sizeof name, "%s (%s)", x->target, x->experiment);
  ss_json_string(&j, "name", name);
  ss_json_uint(&j, "activeProfileIndex", 0);
  ss_json_string(&j, "exporter", "ssprof (sscc)");
  ss_json_end_object(&j);
  fputc('\n', out);
  return 0;
}
