/*
 * protobuf_writer.h -- private to the exports: protocol buffers' wire
 * format, written by hand (varints, length-delimited fields, packed
 * repeated integers): enough for profile.proto (pprof.c).
 */
#ifndef SSPROF_PROTOBUF_WRITER_H
#define SSPROF_PROTOBUF_WRITER_H

#include <stddef.h>
#include <stdint.h>

struct ss_pb {
  uint8_t *data;
  size_t len, cap;
};

void ss_pb_release(struct ss_pb *b);
/* An integer field (wire type 0); zero is written too. */
void ss_pb_uint(struct ss_pb *b, uint32_t field, uint64_t v);
/* An int64 field: negative values as ten-byte two's complement. */
void ss_pb_int(struct ss_pb *b, uint32_t field, int64_t v);
/* A length-delimited field: bytes, a string, or an embedded message. */
void ss_pb_bytes(struct ss_pb *b, uint32_t field, const void *data,
                 size_t len);
void ss_pb_string(struct ss_pb *b, uint32_t field, const char *s);
void ss_pb_message(struct ss_pb *b, uint32_t field, const struct ss_pb *sub);
/* A packed repeated integer field. */
void ss_pb_packed(struct ss_pb *b, uint32_t field, const uint64_t *v,
                  size_t n);

#endif
