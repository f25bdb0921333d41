/* crc32.c -- table-driven CRC-32 with zlib's conventions. */
#include "crc32.h"

static uint32_t crc_table[256];

void ssrt_crc32_init(void) {
  if (crc_table[1])
    return;
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
}

uint32_t ssrt_crc32_update(uint32_t crc, const void *data, size_t size) {
  const uint8_t *p = data;
  crc = ~crc;
  while (size--)
    crc = crc_table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
  return ~crc;
}
