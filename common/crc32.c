/* crc32.c -- table-driven CRC-32 (IEEE polynomial 0xEDB88320, reflected). */
#include "crc32.h"

static uint32_t crc_table[256];

/* Built on first use.  Threads or a signal handler racing here all store
 * the same values, so no lock is needed. */
static void build_table(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
}

uint32_t ss_crc32(uint32_t crc, const void *data, size_t len) {
  const uint8_t *p = data;
  if (!crc_table[255])
    build_table();
  crc = ~crc;
  for (size_t i = 0; i < len; i++)
    crc = crc_table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}
