/* crc32.c -- CRC-32 (IEEE polynomial 0xEDB88320, reflected), eight bytes
 * per step ("slicing by 8"): table[k][b] is the CRC of byte b followed by k
 * zero bytes, so eight table lookups fold in eight bytes at once.  A byte at
 * a time costs about eight instructions per byte, which made writing a
 * large program's experiment file a visible part of its run time. */
#include "crc32.h"


static uint32_t crc_table[8][256];

/* Built on first use.  Threads or a signal handler racing here all store
 * the same values, so no lock is needed; the last entry is written last and
 * is what tells the table is ready. */
static void build_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[0][n] = c;
  }
  for (uint32_t n = 0; n < 256; n++)
    for (int k = 1; k < 8; k++)
      crc_table[k][n] =
          crc_table[0][crc_table[k - 1][n] & 0xFF] ^ (crc_table[k - 1][n] >> 8);
  __atomic_store_n(&crc_table[7][255], crc_table[7][255], __ATOMIC_RELEASE);
}

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

uint32_t ss_crc32(uint32_t crc, const void *data, size_t len) {
  const uint8_t *p = data;
  if (!__atomic_load_n(&crc_table[7][255], __ATOMIC_ACQUIRE))
    build_table();
  crc = ~crc;
  for (; len >= 8; p += 8, len -= 8) {
    uint32_t lo = le32(p) ^ crc, hi = le32(p + 4);
    crc = crc_table[7][lo & 0xFF] ^ crc_table[6][(lo >> 8) & 0xFF] ^
          crc_table[5][(lo >> 16) & 0xFF] ^ crc_table[4][lo >> 24] ^
          crc_table[3][hi & 0xFF] ^ crc_table[2][(hi >> 8) & 0xFF] ^
          crc_table[1][(hi >> 16) & 0xFF] ^ crc_table[0][hi >> 24];
  }
  for (; len > 0; p++, len--)
    crc = crc_table[0][(crc ^ *p) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

/*
 * Combining.  The CRC register is linear over GF(2): running it over n zero
 * bytes applies a fixed linear map Z^n, and with zlib's pre- and
 * post-inversion the inversions cancel, leaving
 *     CRC(A || B) = Z^len(B) (CRC(A)) ^ CRC(B).
 * Z^n is built by squaring: a 32x32 bit matrix is 32 column words, column
 * k being the image of bit k.
 */
static uint32_t matrix_times(const uint32_t m[32], uint32_t v) {
  uint32_t r = 0;
  for (int k = 0; v; k++, v >>= 1)
    if (v & 1)
      r ^= m[k];
  return r;
}

static void matrix_square(uint32_t out[32], const uint32_t m[32]) {
  for (int k = 0; k < 32; k++)
    out[k] = matrix_times(m, m[k]);
}

uint32_t ss_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b) {
  if (len_b == 0)
    return crc_a;
  /* One zero bit: shift right, and fold the polynomial in when bit 0 was
   * set. */
  uint32_t even[32], odd[32];
  odd[0] = 0xEDB88320u;
  for (int k = 1; k < 32; k++)
    odd[k] = 1u << (k - 1);
  matrix_square(even, odd);  /* two zero bits */
  matrix_square(odd, even);  /* four */
  /* From here on: one zero byte, then 2, 4, ... bytes, applied for each set
   * bit of len_b. */
  uint32_t *step = even, *next = odd;
  matrix_square(step, next); /* eight bits: one byte */
  for (;;) {
    if (len_b & 1)
      crc_a = matrix_times(step, crc_a);
    len_b >>= 1;
    if (!len_b)
      break;
    matrix_square(next, step);
    uint32_t *t = step;
    step = next;
    next = t;
  }
  return crc_a ^ crc_b;
}
