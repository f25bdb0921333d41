/* test_desc_columns.c -- ss_desc_columns on hand-made descriptors of every
 * header version: where each byte of each array lands in the columns
 * (byte b of record i of an n-record array at b * n + i, computed here
 * from the record sizes of ss/format.h), the header and string table left
 * as they are, the way back, and headers whose arrays do not fit. */
#include "desc_columns.h"
#include "ss/format.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

static void check(int ok, const char *what, unsigned version) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s (version %u)\n", what, version);
  }
}

static void put32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

enum { NUM_ARRAYS = 8, STRTAB_SIZE = 9 };
static const size_t record_size[NUM_ARRAYS] = {
    sizeof(struct ss_desc_function), sizeof(struct ss_desc_block),
    sizeof(struct ss_desc_edge),     sizeof(struct ss_desc_call),
    sizeof(struct ss_desc_loop),     sizeof(struct ss_desc_line),
    sizeof(struct ss_desc_remark),   sizeof(struct ss_desc_entry)};
/* Where each array's count sits in the header. */
static const size_t count_at[NUM_ARRAYS] = {
    offsetof(struct ss_desc_header, num_functions),
    offsetof(struct ss_desc_header, num_blocks),
    offsetof(struct ss_desc_header, num_edges),
    offsetof(struct ss_desc_header, num_calls),
    offsetof(struct ss_desc_header, num_loops),
    offsetof(struct ss_desc_header, num_lines),
    offsetof(struct ss_desc_header, num_remarks),
    offsetof(struct ss_desc_header, num_entries)};

/* A descriptor of the given version with counts[a] records in array a
 * (remarks only from version 2, entries from 3), every byte numbered. */
static uint8_t *make(unsigned version, const uint32_t counts[NUM_ARRAYS],
                     size_t *size, size_t *header_size) {
  *header_size = version >= 3 ? sizeof(struct ss_desc_header) : 72;
  size_t n = *header_size + STRTAB_SIZE;
  for (int a = 0; a < NUM_ARRAYS; a++)
    n += counts[a] * record_size[a];
  uint8_t *d = malloc(n);
  for (size_t i = 0; i < n; i++)
    d[i] = (uint8_t)(i * 131 + 7);
  memcpy(d, SS_DESC_MAGIC, 8);
  put32(d + offsetof(struct ss_desc_header, version), version);
  put32(d + offsetof(struct ss_desc_header, header_size),
        (uint32_t)*header_size);
  for (int a = 0; a < NUM_ARRAYS; a++)
    if (count_at[a] < *header_size)
      put32(d + count_at[a], counts[a]);
  *size = n;
  return d;
}

static void check_version(unsigned version) {
  uint32_t counts[NUM_ARRAYS] = {2, 5, 7, 3, 1, 4, 2, 6};
  if (version < 3)
    counts[7] = 0;
  if (version < 2)
    counts[6] = 0;
  size_t size, header_size;
  uint8_t *d = make(version, counts, &size, &header_size);
  uint8_t *columns = malloc(size), *back = malloc(size);

  check(ss_desc_columns(columns, d, size, 1) == 0, "to columns", version);
  check(memcmp(columns, d, header_size) == 0, "header unchanged", version);
  size_t at = header_size;
  int placed = 1;
  for (int a = 0; a < NUM_ARRAYS; a++) {
    for (size_t i = 0; i < counts[a]; i++)
      for (size_t b = 0; b < record_size[a]; b++)
        placed &=
            columns[at + b * counts[a] + i] == d[at + i * record_size[a] + b];
    at += counts[a] * record_size[a];
  }
  check(placed, "every byte in its column", version);
  check(at + STRTAB_SIZE == size &&
            memcmp(columns + at, d + at, STRTAB_SIZE) == 0,
        "string table unchanged", version);
  check(ss_desc_columns(back, columns, size, 0) == 0 &&
            memcmp(back, d, size) == 0,
        "back to records", version);

  /* The arrays end one byte past the descriptor: refused both ways. */
  size_t arrays_end = size - STRTAB_SIZE;
  check(ss_desc_columns(back, d, arrays_end - 1, 1) == -1,
        "arrays past the end", version);
  check(ss_desc_columns(back, columns, arrays_end - 1, 0) == -1,
        "arrays past the end, back", version);
  /* A count near 2^32 in a small descriptor. */
  put32(d + count_at[1], 0xFFFFFFFFu);
  check(ss_desc_columns(back, d, size, 1) == -1, "huge count", version);
  /* A header larger than the descriptor, or shorter than its version's. */
  put32(d + count_at[1], counts[1]);
  put32(d + offsetof(struct ss_desc_header, header_size), (uint32_t)size + 1);
  check(ss_desc_columns(back, d, size, 1) == -1, "header past the end",
        version);
  put32(d + offsetof(struct ss_desc_header, header_size), 64);
  check(ss_desc_columns(back, d, size, 1) == -1, "header too short", version);
  check(ss_desc_columns(back, d, 40, 1) == -1, "descriptor too short", version);
  free(d);
  free(columns);
  free(back);
}

int main(void) {
  for (unsigned version = 1; version <= SS_DESC_VERSION; version++)
    check_version(version);
  /* Version 3 with a 72-byte header: num_entries would lie past it. */
  uint32_t counts[NUM_ARRAYS] = {1, 1, 1, 1, 1, 1, 1, 1};
  size_t size, header_size;
  uint8_t *d = make(3, counts, &size, &header_size);
  uint8_t *out = malloc(size);
  put32(d + offsetof(struct ss_desc_header, header_size), 72);
  check(ss_desc_columns(out, d, size, 1) == -1, "version 3, short header", 3);
  free(d);
  free(out);
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
