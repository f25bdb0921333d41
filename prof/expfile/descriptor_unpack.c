/*
 * descriptor_unpack.c -- a packed module descriptor (struct ss_desc_packed:
 * a zlib stream, as pass/Descriptor.cpp emits it) inflated into a buffer of
 * its own, its arrays turned back from columns into records (method 2).  The
 * sizes come from the file: the declared size is checked against what zlib can
 * produce from the stream's length before anything is allocated, and the stream
 * must give exactly that many bytes.
 */
#include "descriptor_unpack.h"

#include "desc_columns.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { PACKED_HEADER_SIZE = 24 };
/* zlib's deflate expands nothing by more than 1032 to 1 (its "zlib
 * technical details"); a larger claim is not a stream zlib wrote. */
enum { MAX_INFLATE_RATIO = 1032 };

int ss_descriptor_is_packed(const uint8_t *blob, uint64_t size) {
  return size >= 8 && memcmp(blob, SS_DESC_PACKED_MAGIC, 8) == 0;
}

uint8_t *ss_descriptor_unpack(const uint8_t *blob, uint64_t size,
                              uint64_t *unpacked_size, struct ss_err *err) {
  if (size < PACKED_HEADER_SIZE) {
    ss_err_set(err,
               "packed module descriptor is %llu bytes, shorter than "
               "its %d-byte header",
               (unsigned long long)size, PACKED_HEADER_SIZE);
    return NULL;
  }
  uint32_t method = ss_le32(blob + 8);
  uint64_t want = ss_le64(blob + 16);
  uint64_t stream = size - PACKED_HEADER_SIZE;
  if (method != SS_DESC_PACKED_ZLIB && method != SS_DESC_PACKED_ZLIB_COLUMNS) {
    ss_err_set(err,
               "packed module descriptor uses method %u (this ssprof "
               "reads zlib, %u, and zlib of columns, %u)",
               method, SS_DESC_PACKED_ZLIB, SS_DESC_PACKED_ZLIB_COLUMNS);
    return NULL;
  }
  if (want == 0 || want / MAX_INFLATE_RATIO > stream) {
    ss_err_set(err,
               "packed module descriptor claims %llu bytes from a "
               "%llu-byte stream",
               (unsigned long long)want, (unsigned long long)stream);
    return NULL;
  }
  uint8_t *out = malloc((size_t)want);
  if (!out) {
    ss_err_set(err, "no memory for a %llu-byte module descriptor",
               (unsigned long long)want);
    return NULL;
  }
  uLongf got = (uLongf)want;
  uLong stream_length = (uLong)stream;
  int rc = uncompress2(out, &got, blob + PACKED_HEADER_SIZE, &stream_length);
  if (rc != Z_OK || got != want) {
    ss_err_set(err,
               "packed module descriptor does not inflate to its %llu "
               "bytes (%s)",
               (unsigned long long)want,
               rc != Z_OK ? zError(rc) : "size differs");
    free(out);
    return NULL;
  }
  if (method == SS_DESC_PACKED_ZLIB_COLUMNS) {
    uint8_t *records = malloc((size_t)want);
    if (!records) {
      ss_err_set(err, "no memory for a %llu-byte module descriptor",
                 (unsigned long long)want);
      free(out);
      return NULL;
    }
    if (ss_desc_columns(records, out, want, 0) != 0) {
      ss_err_set(err,
                 "packed module descriptor's arrays do not fit in its "
                 "%llu bytes",
                 (unsigned long long)want);
      free(records);
      free(out);
      return NULL;
    }
    free(out);
    out = records;
  }
  *unpacked_size = want;
  return out;
}
