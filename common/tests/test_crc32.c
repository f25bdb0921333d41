/* test_crc32.c -- ss_crc32 (folding and tables) against CRC-32 values
 * computed independently: the standard check value of "123456789", and a
 * bitwise (one bit per step, no tables) CRC over every length to 300 bytes
 * at every alignment and a long buffer, also when split into arbitrary
 * pieces. */
#include "crc32.h"

#include <stdio.h>
#include <string.h>

static int failures, checks;

static void check(int ok, const char *what, size_t len, size_t offset) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "FAIL: %s (length %zu, offset %zu)\n", what, len, offset);
  }
}

static uint32_t bitwise_crc32(const uint8_t *p, size_t len) {
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i < len; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++)
      crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
  }
  return ~crc;
}

int main(void) {
  check(ss_crc32(0, "123456789", 9) == 0xCBF43926u, "check value", 9, 0);
  check(ss_crc32(0, "", 0) == 0, "empty", 0, 0);

  static uint8_t buf[70000];
  uint32_t x = 12345;
  for (size_t i = 0; i < sizeof buf; i++) {
    x = x * 1103515245u + 12345u;
    buf[i] = (uint8_t)(x >> 16);
  }
  /* Both ways (folding takes 64 bytes or more, where the processor has
   * PCLMULQDQ; the tables the rest): every length to past four folding
   * steps, every alignment of a 16-byte load, a start that is not 0. */
  for (size_t offset = 0; offset < 16; offset++)
    for (size_t len = 0; len <= 300; len++) {
      uint32_t want = bitwise_crc32(buf + offset, len);
      check(ss_crc32(0, buf + offset, len) == want, "buffer", len, offset);
      check(ss_crc32_tables(0, buf + offset, len) == want, "buffer, tables",
            len, offset);
      if (len > 5)
        check(ss_crc32(ss_crc32(0, buf + offset, 5), buf + offset + 5,
                       len - 5) == want,
              "after 5 bytes", len, offset);
    }
  uint32_t whole = bitwise_crc32(buf, sizeof buf);
  check(ss_crc32(0, buf, sizeof buf) == whole, "long buffer", sizeof buf, 0);
  check(ss_crc32_tables(0, buf, sizeof buf) == whole, "long buffer, tables",
        sizeof buf, 0);
  static uint8_t zeros[4096], ones[4096];
  memset(ones, 0xFF, sizeof ones);
  check(ss_crc32(0, zeros, sizeof zeros) == bitwise_crc32(zeros, sizeof zeros),
        "zeros", sizeof zeros, 0);
  check(ss_crc32(0, ones, sizeof ones) == bitwise_crc32(ones, sizeof ones),
        "ones", sizeof ones, 0);
  for (size_t cut = 1; cut < 40; cut += 3) {
    uint32_t crc = 0;
    for (size_t at = 0; at < sizeof buf; at += cut * 97)
      crc = ss_crc32(crc, buf + at,
                     at + cut * 97 <= sizeof buf ? cut * 97 : sizeof buf - at);
    check(crc == whole, "in pieces", sizeof buf, cut);
  }
  /* Combining: every split of the short buffers, and long ones. */
  for (size_t len = 0; len <= 64; len++)
    for (size_t cut = 0; cut <= len; cut++) {
      uint32_t a = bitwise_crc32(buf, cut),
               b = bitwise_crc32(buf + cut, len - cut);
      check(ss_crc32_combine(a, b, len - cut) == bitwise_crc32(buf, len),
            "combine", len, cut);
    }
  for (size_t cut = 0; cut < sizeof buf; cut += 6997) {
    uint32_t a = ss_crc32(0, buf, cut);
    uint32_t b = ss_crc32(0, buf + cut, sizeof buf - cut);
    check(ss_crc32_combine(a, b, sizeof buf - cut) == whole, "combine long",
          sizeof buf, cut);
  }
  /* Lengths no buffer here can have: appending n1 then n2 zero-CRC bytes
   * must equal appending n1 + n2, which ties each power of x the combine
   * uses for the high bits of a length to the ones tested above. */
  for (int shift = 0; shift < 62; shift++) {
    uint64_t n1 = (uint64_t)1 << shift, n2 = n1 + 12345;
    uint32_t stepwise = ss_crc32_combine(ss_crc32_combine(whole, 0, n1), 0, n2);
    check(ss_crc32_combine(whole, 0, n1 + n2) == stepwise, "combine huge",
          (size_t)shift, 0);
  }
  printf("%d checks, %d failed\n", checks, failures);
  return failures != 0;
}
