/*
 * record_cursor.h -- a bounds-checked reader over one record's payload,
 * shared by the record decoders (expfile_records.c, expfile_samples.c).
 */
#ifndef SSPROF_RECORD_CURSOR_H
#define SSPROF_RECORD_CURSOR_H

#include "base.h"

#include <stdint.h>

struct ss_cursor {
  const uint8_t *p;
  uint64_t len, pos;
};

/* Are at least `n` bytes left? */
static inline int ss_cursor_left(const struct ss_cursor *c, uint64_t n) {
  return c->len - c->pos >= n;
}

/* A (u32 length, bytes, NUL) string; `what` names it in the message. */
int ss_cursor_string(struct ss_cursor *c, const char **out, const char *what,
                     struct ss_err *err);

/* Bytes left over after the known contents: allowed only from a newer
 * minor version of the format (`minor` > ours), which may append fields. */
int ss_cursor_trailing(const struct ss_cursor *c, uint16_t minor,
                       const char *what, struct ss_err *err);

#endif
