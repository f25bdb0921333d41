/*
 * crc_mutator.c -- libFuzzer's mutations, made to reach the decoders: an
 * experiment file whose records fail their CRC is refused before any
 * decoder sees it, so after every mutation the records' CRCs are computed
 * again (and their padding zeroed), and most mutations change the payload
 * of one record only, with its length and padding set to match.  Layout:
 * docs/experiment-file.md (24-byte file header, then records of a 16-byte
 * header -- tag, CRC-32 of the payload, payload length -- and a payload
 * padded to 8 bytes).  Linked into every harness of prof/fuzz.
 */
#include "crc32.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

enum { FILE_HEADER = 24, RECORD_HEADER = 16, MAX_RECORDS = 4096 };

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p) {
  return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t padding(uint64_t length) { return (8 - length % 8) % 8; }

/* The offsets of the records that lie whole inside the file, in order. */
static size_t find_records(const uint8_t *data, size_t size, size_t *offsets) {
  if (size < FILE_HEADER)
    return 0;
  uint64_t off = le32(data + 12);
  size_t n = 0;
  while (n < MAX_RECORDS && off >= FILE_HEADER && off + RECORD_HEADER <= size) {
    uint64_t length = le64(data + off + 8);
    if (length > size - off - RECORD_HEADER ||
        padding(length) > size - off - RECORD_HEADER - length)
      break;
    offsets[n++] = (size_t)off;
    off += RECORD_HEADER + length + padding(length);
  }
  return n;
}

/* Every whole record gets its padding zeroed and its CRC recomputed. */
static void fix_records(uint8_t *data, size_t size) {
  static size_t offsets[MAX_RECORDS];
  size_t n = find_records(data, size, offsets);
  for (size_t i = 0; i < n; i++) {
    uint8_t *h = data + offsets[i];
    uint64_t length = le64(h + 8);
    memset(h + RECORD_HEADER + length, 0, padding(length));
    put32(h + 4, ss_crc32(0, h + RECORD_HEADER, (size_t)length));
  }
}

/* Mutates the payload of record `k` alone; returns the new file size, or
 * 0 when it does not fit in max_size. */
static size_t mutate_record(uint8_t *data, size_t size, size_t max_size,
                            size_t off) {
  uint64_t length = le64(data + off + 8);
  size_t old_span = RECORD_HEADER + (size_t)(length + padding(length));
  size_t room = max_size - (size - old_span) - RECORD_HEADER;
  if (max_size < size || room < 8)
    return 0;
  uint8_t *payload = malloc(room);
  if (!payload)
    return 0;
  memcpy(payload, data + off + RECORD_HEADER, (size_t)length);
  size_t new_length = LLVMFuzzerMutate(payload, (size_t)length, room - 8);
  size_t new_span = RECORD_HEADER + new_length + (size_t)padding(new_length);
  if (size - old_span + new_span > max_size) {
    free(payload);
    return 0;
  }
  memmove(data + off + new_span, data + off + old_span,
          size - off - old_span);
  memcpy(data + off + RECORD_HEADER, payload, new_length);
  memset(data + off + RECORD_HEADER + new_length, 0, padding(new_length));
  put64(data + off + 8, new_length);
  free(payload);
  return size - old_span + new_span;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
                               unsigned int seed) {
  static size_t offsets[MAX_RECORDS];
  size_t n = find_records(data, size, offsets);
  /* Three times in four: one record's payload; else anywhere. */
  if (n > 0 && seed % 4 != 0) {
    size_t grown = mutate_record(data, size, max_size, offsets[(seed / 4) % n]);
    if (grown) {
      fix_records(data, grown);
      return grown;
    }
  }
  size = LLVMFuzzerMutate(data, size, max_size);
  fix_records(data, size);
  return size;
}
