/*
 * expfile_container.h -- the framing of an experiment file: the file header
 * and the sequence of tagged, length-prefixed, CRC-checked records (layout
 * in ss/format.h).  Payloads are not interpreted here (expfile_records.c
 * does that), except the END record that closes a complete file.
 */
#ifndef SSPROF_EXPFILE_CONTAINER_H
#define SSPROF_EXPFILE_CONTAINER_H

#include "base.h"

#include <stdint.h>

struct ss_raw_record {
  uint32_t index;         /* position in the file, from 0 */
  uint32_t tag;           /* SS_REC_* or unknown */
  uint64_t offset;        /* file offset of the record header */
  const uint8_t *payload; /* points into the file image */
  uint64_t length;        /* payload bytes */
};

struct ss_container {
  uint16_t version_major, version_minor;
  uint32_t header_size;
  struct ss_raw_record *records; /* every record, the END record last */
  uint32_t num_records;
  /* Set when a scan fails on a record header the writer never filled in
   * (tag 0: the runtime reserves each header as zeros and writes it when
   * the record is complete), the mark of a write that never finished. */
  int unfinished;
};

/* Check the header and every record of a file image of `size` bytes:
 * magic, version (a newer major is refused), header size, each record's
 * length, padding and CRC against the file size, and a final END record
 * whose record count matches.  Returns 0, or -1 with `err` set (and
 * c->unfinished, see above). */
int ss_container_scan(const uint8_t *data, uint64_t size,
                      struct ss_container *c, struct ss_err *err);

void ss_container_release(struct ss_container *c);

/* "PROCESS", "COUNTS", ... or "unknown" */
const char *ss_record_tag_name(uint32_t tag);

#endif
