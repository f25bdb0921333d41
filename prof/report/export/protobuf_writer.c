/* protobuf_writer.c -- protocol buffers' wire format; see
 * protobuf_writer.h. */
#include "protobuf_writer.h"

#include "base.h"

#include <stdlib.h>
#include <string.h>

static void put(struct ss_pb *b, const void *data, size_t n) {
  if (n == 0)
    return;
  SS_GROW(b->data, b->cap, b->len + n - 1);
  memcpy(b->data + b->len, data, n);
  b->len += n;
}

static void varint(struct ss_pb *b, uint64_t v) {
  uint8_t buf[10];
  size_t n = 0;
  do {
    buf[n] = (uint8_t)(v & 0x7f);
    v >>= 7;
    if (v)
      buf[n] |= 0x80;
    n++;
  } while (v);
  put(b, buf, n);
}

static void tag(struct ss_pb *b, uint32_t field, unsigned wire_type) {
  varint(b, (uint64_t)field << 3 | wire_type);
}

void ss_pb_release(struct ss_pb *b) {
  free(b->data);
  memset(b, 0, sizeof *b);
}

void ss_pb_uint(struct ss_pb *b, uint32_t field, uint64_t v) {
  tag(b, field, 0);
  varint(b, v);
}

void ss_pb_int(struct ss_pb *b, uint32_t field, int64_t v) {
  ss_pb_uint(b, field, (uint64_t)v);
}

void ss_pb_bytes(struct ss_pb *b, uint32_t field, const void *data,
                 size_t len) {
  tag(b, field, 2);
  varint(b, len);
  put(b, data, len);
}

void ss_pb_string(struct ss_pb *b, uint32_t field, const char *s) {
  ss_pb_bytes(b, field, s, strlen(s));
}

void ss_pb_message(struct ss_pb *b, uint32_t field, const struct ss_pb *sub) {
  ss_pb_bytes(b, field, sub->data, sub->len);
}

void ss_pb_packed(struct ss_pb *b, uint32_t field, const uint64_t *v,
                  size_t n) {
  struct ss_pb body = {NULL, 0, 0};
  for (size_t i = 0; i < n; i++)
    varint(&body, v[i]);
  ss_pb_message(b, field, &body);
  ss_pb_release(&body);
}
