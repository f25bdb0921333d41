/*
 * test_record_writer.c -- the record framing of record_writer.c on its own:
 * records whose header falls at every offset around the writer's 64 KiB
 * buffer boundary (before it, across it, after it) must come back with the
 * tag, length and CRC-32 they were written with (computed here with
 * ss_crc32 over the bytes read back), and the payload bytes unchanged; so
 * must a record with a payload larger than the buffer, which the writer
 * writes from where it is, between small pieces that go through the buffer.
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

/* A scratch file for the writer (mkstemp's template: its Xs become a
 * unique name), and what it holds once written, the file removed. */
#define SCRATCH_TEMPLATE "/tmp/test_record_writer.XXXXXX"

static int scratch_file(char *path) {
  int fd = mkstemp(path);
  if (fd < 0) {
    perror("mkstemp");
    exit(1);
  }
  return fd;
}

static size_t read_back(const char *path, uint8_t *to, size_t room) {
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(to, 1, room, f) : 0;
  if (f)
    fclose(f);
  unlink(path);
  return n;
}

/* Raw bytes, then a record of 40 bytes whose header starts `shift` bytes
 * before the buffer boundary, then a second record, then END. */
static void one(size_t shift) {
  char path[] = SCRATCH_TEMPLATE;
  int fd = scratch_file(path);
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

  static uint8_t back[2 * BUFFER];
  size_t n = read_back(path, back, sizeof back);
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

/* `lead` raw bytes, then a record of 16 bytes, a large piece and 5 bytes,
 * then a small record, then the end. */
static void large(size_t lead, size_t piece) {
  char path[] = SCRATCH_TEMPLATE;
  int fd = scratch_file(path);
  static uint8_t filler[2 * BUFFER], small[16];
  uint8_t *big = malloc(piece);
  for (size_t i = 0; i < piece; i++)
    big[i] = (uint8_t)(i * 13 + lead);
  for (size_t i = 0; i < sizeof small; i++)
    small[i] = (uint8_t)(200 + i);
  struct ssrt_writer w;
  ssrt_writer_start(&w, fd);
  ssrt_writer_put_raw(&w, filler, lead);
  ssrt_record_begin(&w, 90);
  ssrt_record_put(&w, small, 16);
  ssrt_record_put(&w, big, piece);
  ssrt_record_put(&w, small, 5);
  ssrt_record_end(&w);
  ssrt_record_begin(&w, 91);
  ssrt_record_put(&w, small, 8);
  ssrt_record_end(&w);
  check(ssrt_writer_finish(&w) == 0, "large: write failed", lead);
  close(fd);

  size_t length = 16 + piece + 5, padded = (length + 7) / 8 * 8;
  size_t want = lead + 16 + padded + 16 + 8;
  uint8_t *back = malloc(want + 1);
  size_t n = read_back(path, back, want + 1);
  check(n == want, "large: file size", lead);
  if (n == want) {
    const uint8_t *at = back + lead;
    struct ss_record_header h;
    memcpy(&h, at, sizeof h);
    check(h.tag == 90 && h.length == length, "large: header", lead);
    check(h.crc == ss_crc32(0, at + 16, length), "large: CRC", lead);
    check(memcmp(at + 16, small, 16) == 0 &&
              memcmp(at + 32, big, piece) == 0 &&
              memcmp(at + 32 + piece, small, 5) == 0,
          "large: payload", lead);
    at += 16 + padded;
    memcpy(&h, at, sizeof h);
    check(h.tag == 91 && h.length == 8 && h.crc == ss_crc32(0, at + 16, 8),
          "large: the record after it", lead);
  }
  free(back);
  free(big);
}

int main(void) {
  for (size_t shift = 0; shift <= 64; shift++)
    one(shift);
  /* The large piece's record starting early in the buffer, near its end,
   * and across the boundary; pieces of exactly the buffer and far more. */
  size_t leads[] = {0, 100, BUFFER - 20, BUFFER - 8, BUFFER + 3};
  size_t pieces[] = {BUFFER, BUFFER + 1, 3 * BUFFER + 11};
  for (size_t i = 0; i < sizeof leads / sizeof leads[0]; i++)
    for (size_t j = 0; j < sizeof pieces / sizeof pieces[0]; j++)
      large(leads[i], pieces[j]);
  if (failures) {
    fprintf(stderr, "test_record_writer: %d of %d checks failed\n", failures,
            checks);
    return 1;
  }
  printf("test_record_writer: all %d checks passed\n", checks);
  return 0;
}
