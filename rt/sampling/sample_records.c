/*
 * sample_records.c -- the SAMPLING record and the SAMPLES records of every
 * sampled thread (layouts in ss/format.h, docs/experiment-file.md).
 *
 * Runs with sampling paused (the writer pauses it), so every chunk is
 * complete.  A thread's samples go out in time order, in records of at
 * most RECORD_LIMIT payload bytes; a thread with none still gets one
 * (empty) record, so that every sampled thread is listed.
 *
 * The runtime's rules: rt/README.md.
 */
#define _GNU_SOURCE
#include "experiment.h"
#include "sample_buffer.h"
#include "sampling.h"
#include "ss/format.h"

#include <stddef.h>

_Static_assert(sizeof(struct ss_rec_sampling) == 48 &&
                   sizeof(struct ss_rec_samples) == 16 &&
                   sizeof(struct ss_sample) == 8,
               "sampling record layouts (docs/experiment-file.md)");
_Static_assert(sizeof(struct ss_rec_counter_totals) == 8 &&
                   sizeof(struct ss_counter_total) == 40,
               "counter totals layouts (docs/experiment-file.md)");

#define RECORD_LIMIT ((uint64_t)64 << 20)

static int written(const struct ssrt_sampler *s) {
  int state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
  return state == SSRT_SAMPLER_LIVE || state == SSRT_SAMPLER_ENDED;
}

static void write_sampling(struct ssrt_writer *w) {
  const struct ss_experiment *x = ssrt_experiment();
  struct ss_rec_sampling r = {0};
  r.kind = x->sampling_kind;
  r.flags = x->sampling_kind == SS_SAMPLING_PCSAMP ||
                    x->sampling_kind == SS_SAMPLING_HWC
                ? 0
                : SS_SAMPLING_CALLSTACKS;
  r.interval_ns = ssrt_sampling_interval();
  r.bin_bytes = x->bin_bytes;
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++) {
    const struct ssrt_sampler *s = ssrt_sampler_at(i);
    if (!written(s))
      continue;
    r.samples += s->taken;
    r.lost += s->lost;
    r.incomplete += s->incomplete;
    r.num_threads++;
  }
  ssrt_record_begin(w, SS_REC_SAMPLING);
  ssrt_record_put(w, &r, sizeof r);
  ssrt_record_put_string(w, ssrt_sampling_clock());
  ssrt_record_end(w);
}

static void write_thread(struct ssrt_writer *w, struct ssrt_sampler *s) {
  struct ss_rec_samples h = {s->index, (uint32_t)s->tid, 0};
  ssrt_chain_write_records(w, &s->samples, SS_REC_SAMPLES, &h, sizeof h,
                           offsetof(struct ss_rec_samples, num_samples),
                           ssrt_sample_size, RECORD_LIMIT);
}

/* The counters' exact totals per thread, when sampling was on counters. */
static void write_counter_totals(struct ssrt_writer *w) {
  const char *sampled, *profiled;
  if (!ssrt_sampling_on_counters(&sampled, &profiled))
    return;
  struct ss_rec_counter_totals r = {0, profiled ? 2 : 1};
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++)
    if (written(ssrt_sampler_at(i)))
      r.num_threads++;
  ssrt_record_begin(w, SS_REC_COUNTER_TOTALS);
  ssrt_record_put(w, &r, sizeof r);
  for (uint32_t i = 0; i < n; i++) {
    if (!written(ssrt_sampler_at(i)))
      continue;
    struct ss_counter_total t;
    ssrt_sampling_counter_total(ssrt_sampler_at(i), &t);
    ssrt_record_put(w, &t, sizeof t);
  }
  ssrt_record_put_string(w, sampled);
  if (profiled)
    ssrt_record_put_string(w, profiled);
  ssrt_record_end(w);
}

void ssrt_sampling_write_records(struct ssrt_writer *w,
                                 const struct ssrt_map_snapshot *map) {
  (void)map;
  /* Also when sampling could not start: the file then says so (no
   * threads, no samples) rather than looking like another experiment. */
  if (ssrt_experiment()->sampling_kind == 0)
    return;
  write_sampling(w);
  uint32_t n = ssrt_sampler_count();
  for (uint32_t i = 0; i < n; i++)
    if (written(ssrt_sampler_at(i)))
      write_thread(w, ssrt_sampler_at(i));
  write_counter_totals(w);
}
