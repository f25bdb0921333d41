/* crc32.h -- CRC-32 with zlib's conventions (IEEE polynomial, reflected),
 * as the experiment file's records carry it.  Shared by libssrt (writer)
 * and ssprof (reader).  Async-signal-safe: no allocation, no locks. */
#ifndef SS_COMMON_CRC32_H
#define SS_COMMON_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continue a CRC over more data; start with crc = 0. */
uint32_t ss_crc32(uint32_t crc, const void *data, size_t len);

#endif
