/*
 * sample_decoders.h -- the decoders of the sampling records
 * (expfile_samples.c) that expfile_records.c calls, and their cross-record
 * checks.  Private to the reader.
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

#endif
