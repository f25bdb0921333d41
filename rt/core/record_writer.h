/*
 * record_writer.h -- framing of experiment-file records, async-signal-safe.
 *
 * Bytes go through one static buffer to write(2).  A record's header (tag,
 * CRC-32 of the payload, payload length) is reserved when the record begins
 * and filled in when it ends -- in the buffer if it is still there, else
 * with pwrite(2) -- so payloads are streamed once, never staged: counters
 * that other threads are still incrementing are read exactly once, and the
 * CRC is of exactly the bytes that reached the file.
 *
 * One writer at a time (the caller guarantees it).  Errors are sticky: after
 * the first failed write everything else is skipped and `error` holds the
 * errno.
 *
 * The runtime's rules: rt/README.md.
 */
#ifndef SSRT_RECORD_WRITER_H
#define SSRT_RECORD_WRITER_H

#include <stddef.h>
#include <stdint.h>

struct ssrt_writer {
  int fd;
  int error;
  uint64_t flushed; /* file offset of the buffer's first byte */
  size_t used;      /* bytes in the buffer */
  uint64_t record_start;
  uint64_t record_length;
  uint32_t record_tag;
  uint32_t record_crc;
  uint32_t records; /* records completed */
};

void ssrt_writer_start(struct ssrt_writer *w, int fd);
/* Bytes outside any record (the file header). */
void ssrt_writer_put_raw(struct ssrt_writer *w, const void *data, size_t n);

void ssrt_record_begin(struct ssrt_writer *w, uint32_t tag);
void ssrt_record_put(struct ssrt_writer *w, const void *data, size_t n);
/* The same for data whose CRC-32 is known (`crc`, as ss_crc32 gives it). */
void ssrt_record_put_with_crc(struct ssrt_writer *w, const void *data,
                              size_t n, uint32_t crc);
/* A string: u32 length, the bytes, a NUL. */
void ssrt_record_put_string(struct ssrt_writer *w, const char *s);
void ssrt_record_put_string_n(struct ssrt_writer *w, const char *s, size_t n);
/* Pads the payload to a multiple of 8 and fills in the header. */
void ssrt_record_end(struct ssrt_writer *w);

/* Flushes the buffer; returns 0 or the errno of the first failure. */
int ssrt_writer_finish(struct ssrt_writer *w);

#endif
