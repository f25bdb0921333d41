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

#define RECORD_LIMIT ((uint64_t)64 << 20)

static int written(const struct ssrt_sampler *s) {
  int state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
  return state == SSRT_SAMPLER_LIVE || state == SSRT_SAMPLER_ENDED;
}

static void write_sampling(struct ssrt_writer *w) {
  const struct ss_experiment *x = ssrt_experiment();
  struct ss_rec_sampling r = {0};
  r.kind = x->sampling_kind;
  r.flags = x->sampling_kind == SS_SAMPLING_PCSAMP ? 0 : SS_SAMPLING_CALLSTACKS;
  r.interval_ns = x->interval_ns;
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

static struct ssrt_chunk *next_chunk(const struct ssrt_chunk *c) {
  return __atomic_load_n(&c->next, __ATOMIC_ACQUIRE);
}

/* Samples in a chunk's first `bytes` bytes.  Counted from the bytes rather
 * than kept alongside them: a handler the writer gave up waiting for may
 * still be appending, and then only what `used` covered is written. */
static uint64_t samples_in(const struct ssrt_chunk *c, uint64_t bytes) {
  uint64_t n = 0;
  const uint8_t *p = (const uint8_t *)c->data;
  for (uint64_t at = 0; at + sizeof(struct ss_sample) <= bytes; n++) {
    const struct ss_sample *s = (const struct ss_sample *)(p + at);
    at += sizeof *s + (uint64_t)s->depth * sizeof(uint64_t);
  }
  return n;
}

/* Chunks [from, to) as one SAMPLES record. */
static void write_group(struct ssrt_writer *w, const struct ssrt_sampler *s,
                        struct ssrt_chunk *from, const struct ssrt_chunk *to) {
  struct ss_rec_samples h = {s->index, (uint32_t)s->tid, 0};
  for (struct ssrt_chunk *c = from; c != to; c = next_chunk(c)) {
    c->written = __atomic_load_n(&c->used, __ATOMIC_ACQUIRE);
    h.num_samples += samples_in(c, c->written);
  }
  ssrt_record_begin(w, SS_REC_SAMPLES);
  ssrt_record_put(w, &h, sizeof h);
  for (const struct ssrt_chunk *c = from; c != to; c = next_chunk(c))
    ssrt_record_put(w, c->data, (size_t)c->written);
  ssrt_record_end(w);
}

static void write_thread(struct ssrt_writer *w, const struct ssrt_sampler *s) {
  struct ssrt_chunk *from = __atomic_load_n(&s->first, __ATOMIC_ACQUIRE);
  if (!from) {
    write_group(w, s, NULL, NULL);
    return;
  }
  while (from) {
    uint64_t bytes = 0;
    struct ssrt_chunk *to = from;
    do {
      bytes += __atomic_load_n(&to->used, __ATOMIC_ACQUIRE);
      to = next_chunk(to);
    } while (to && bytes + to->used <= RECORD_LIMIT);
    write_group(w, s, from, to);
    from = to;
  }
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
}
