/*
 * sample_decoders.h -- the decoders of the sampling records
 * (expfile_samples.c) and of the trace records (expfile_traces.c) that
 * expfile_records.c calls, and their cross-record checks.  Private to the
 * reader.
 */
#ifndef SSPROF_SAMPLE_DECODERS_H
#define SSPROF_SAMPLE_DECODERS_H

#include "expfile.h"

struct ss_raw_record;
int ss_parse_sampling(struct ss_expfile *f, const struct ss_raw_record *r,
                      struct ss_err *err);
int ss_parse_samples(struct ss_expfile *f, const struct ss_raw_record *r,
                     struct ss_err *err);
int ss_check_samples(const struct ss_expfile *f, struct ss_err *err);
int ss_parse_counter_totals(struct ss_expfile *f,
                            const struct ss_raw_record *r, struct ss_err *err);

int ss_parse_trace(struct ss_expfile *f, const struct ss_raw_record *r,
                   struct ss_err *err);
int ss_parse_events(struct ss_expfile *f, const struct ss_raw_record *r,
                    struct ss_err *err);
int ss_parse_trace_names(struct ss_expfile *f, const struct ss_raw_record *r,
                         struct ss_err *err);
int ss_check_events(const struct ss_expfile *f, struct ss_err *err);

/* `count` entries at `data` (at most `room` bytes), each a `header`-byte
 * header whose first u16 is its depth (>= 1) and second its flags, then
 * (when the flags have `weight_flag`, nonzero) a u64 weight, then depth
 * addresses: sets
 * *size to their bytes, or returns -1 with `err` naming the record
 * (`what`) and the entry (`noun` and its number). */
int ss_check_stack_entries(const uint8_t *data, uint64_t room, uint64_t count,
                           uint64_t header, uint16_t weight_flag,
                           const char *noun,
                           const char *what, uint64_t *size,
                           struct ss_err *err);

#endif
