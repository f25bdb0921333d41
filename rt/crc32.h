/* crc32.h -- CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib's
 * crc32()), table-driven; async-signal-safe once ssrt_crc32_init has run. */
#ifndef SSRT_CRC32_H
#define SSRT_CRC32_H

#include <stddef.h>
#include <stdint.h>

void ssrt_crc32_init(void);
/* Start with crc = 0; feed pieces in order; the result needs no final step
 * (the pre- and post-inversion are done inside, as zlib does). */
uint32_t ssrt_crc32_update(uint32_t crc, const void *data, size_t size);

#endif
