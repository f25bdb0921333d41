/* record_cursor.c -- strings and trailing bytes inside record payloads. */
#include "record_cursor.h"

#include "base.h"
#include "ss/format.h"

#include <string.h>

int ss_cursor_string(struct ss_cursor *c, const char **out, const char *what,
                     struct ss_err *err) {
  if (!ss_cursor_left(c, 4)) {
    ss_err_set(err, "%s: string length runs past the end of the record", what);
    return -1;
  }
  uint32_t n = ss_le32(c->p + c->pos);
  c->pos += 4;
  if (!ss_cursor_left(c, (uint64_t)n + 1)) {
    ss_err_set(err, "%s: %u-byte string runs past the end of the record",
               what, n);
    return -1;
  }
  const uint8_t *s = c->p + c->pos;
  if (s[n] != 0 || memchr(s, 0, n) != NULL) {
    ss_err_set(err, "%s: string is not properly NUL-terminated", what);
    return -1;
  }
  *out = (const char *)s;
  c->pos += (uint64_t)n + 1;
  return 0;
}

int ss_cursor_trailing(const struct ss_cursor *c, uint16_t minor,
                       const char *what, struct ss_err *err) {
  if (c->pos == c->len || minor > SS_FILE_VERSION_MINOR)
    return 0;
  ss_err_set(err, "%s: %llu unexpected bytes at the end of the record", what,
             (unsigned long long)(c->len - c->pos));
  return -1;
}
