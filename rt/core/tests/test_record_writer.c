/*
 * test_record_writer.c -- the record framing of record_writer.c on its own:
 * records whose header falls at every offset around the writer's 64 KiB
 * buffer boundary (before it, across it, after it) must come back with the
 * tag, length and CRC-32 they were written with (computed here with
 * ss_crc32 over the bytes read back), and the payload bytes unchanged.
 */
#include "crc32.h"
#include "record_writer.h"
#include "ss/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures, checks;

static void check(int ok, const char *what, size_t shift) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "test_record_writer: shift %zu: %s\n", shift, what);
  }
}

#define BUFFER (64 * 1024)

/* Raw bytes, then a record of 40 bytes whose header starts `shift` bytes
 * before the buffer boundary, then a second record, then END. */
static void one(size_t shift) {
  char path[] = "/tmp/test_record_writer.XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    perror("mkstemp");
    exit(1);
  }
  static uint8_t filler[BUFFER];
  static uint8_t payload[40];
  for (size_t i = 0; i < sizeof payload; i++)
    payload[i] = (uint8_t)(i * 7 + shift);
  struct ssrt_writer w;
  ssrt_writer_start(&w, fd);
  size_t lead = BUFFER - shift;
  ssrt_writer_put_raw(&w, filler, lead);
  ssrt_record_begin(&w, 77);
  ssrt_record_put(&w, payload, sizeof payload);
  ssrt_record_end(&w);
  ssrt_record_begin(&w, 78);
  ssrt_record_put(&w, payload, 3);
  ssrt_record_end(&w);
  check(ssrt_writer_finish(&w) == 0, "write failed", shift);
  close(fd);

  FILE *f = fopen(path, "rb");
  static uint8_t back[2 * BUFFER];
  size_t n = fread(back, 1, sizeof back, f);
  fclose(f);
  unlink(path);
  check(n == lead + 16 + 40 + 16 + 8, "file size", shift);
  const uint8_t *at = back + lead;
  struct ss_record_header h;
  memcpy(&h, at, sizeof h);
  check(h.tag == 77, "first tag", shift);
  check(h.length == 40, "first length", shift);
  check(h.crc == ss_crc32(0, at + 16, 40), "first CRC", shift);
  check(memcmp(at + 16, payload, 40) == 0, "first payload", shift);
  at += 16 + 40;
  memcpy(&h, at, sizeof h);
  check(h.tag == 78 && h.length == 3, "second header", shift);
  check(h.crc == ss_crc32(0, at + 16, 3), "second CRC", shift);
}

int main(void) {
  for (size_t shift = 0; shift <= 64; shift++)
    one(shift);
  if (failures) {
    fprintf(stderr, "test_record_writer: %d of %d checks failed\n", failures,
            checks);
    return 1;
  }
  printf("test_record_writer: all %d checks passed\n", checks);
  return 0;
}
