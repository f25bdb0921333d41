/* byte_buffer.c -- little-endian serialization; see base.h. */
#include "base.h"

#include <stdlib.h>
#include <string.h>

void ss_out_bytes(struct ss_bytes_out *o, const void *p, size_t n) {
  if (o->len + n > o->cap) {
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + n)
      cap *= 2;
    o->data = ss_xrealloc_array(o->data, cap, 1);
    o->cap = cap;
  }
  if (n)
    memcpy(o->data + o->len, p, n);
  o->len += n;
}

void ss_out_u8(struct ss_bytes_out *o, uint8_t v) { ss_out_bytes(o, &v, 1); }

void ss_out_u32(struct ss_bytes_out *o, uint32_t v) {
  uint8_t b[4];
  ss_put_le32(b, v);
  ss_out_bytes(o, b, sizeof b);
}

void ss_out_u64(struct ss_bytes_out *o, uint64_t v) {
  uint8_t b[8];
  ss_put_le64(b, v);
  ss_out_bytes(o, b, sizeof b);
}

void ss_out_f64(struct ss_bytes_out *o, double v) {
  uint64_t bits;
  memcpy(&bits, &v, sizeof bits);
  ss_out_u64(o, bits);
}

void ss_out_str(struct ss_bytes_out *o, const char *s) {
  size_t n = strlen(s);
  ss_out_u32(o, (uint32_t)n);
  ss_out_bytes(o, s, n);
}

const uint8_t *ss_in_bytes(struct ss_bytes_in *in, size_t n) {
  if (in->failed || in->len - in->pos < n) {
    in->failed = 1;
    return NULL;
  }
  const uint8_t *p = in->p + in->pos;
  in->pos += n;
  return p;
}

uint8_t ss_in_u8(struct ss_bytes_in *in) {
  const uint8_t *p = ss_in_bytes(in, 1);
  return p ? p[0] : 0;
}

uint32_t ss_in_u32(struct ss_bytes_in *in) {
  const uint8_t *p = ss_in_bytes(in, 4);
  return p ? ss_le32(p) : 0;
}

uint64_t ss_in_u64(struct ss_bytes_in *in) {
  const uint8_t *p = ss_in_bytes(in, 8);
  return p ? ss_le64(p) : 0;
}

double ss_in_f64(struct ss_bytes_in *in) {
  uint64_t bits = ss_in_u64(in);
  double v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

char *ss_in_str(struct ss_bytes_in *in) {
  uint32_t n = ss_in_u32(in);
  const uint8_t *p = ss_in_bytes(in, n);
  if (!p || memchr(p, 0, n)) {
    in->failed = 1;
    return NULL;
  }
  char *s = ss_xmalloc((size_t)n + 1);
  memcpy(s, p, n);
  s[n] = 0;
  return s;
}

uint32_t ss_in_count(struct ss_bytes_in *in, size_t min_size) {
  uint32_t n = ss_in_u32(in);
  if (in->failed || (min_size && n > (in->len - in->pos) / min_size)) {
    in->failed = 1;
    return 0;
  }
  return n;
}
