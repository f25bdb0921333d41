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
