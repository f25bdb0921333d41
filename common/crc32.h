/* crc32.h -- CRC-32 with zlib's conventions (IEEE polynomial, reflected),
 * as the experiment file's records carry it.  Shared by libssrt (writer)
 * and ssprof (reader).  Async-signal-safe: no allocation, no locks. */
#ifndef SS_COMMON_CRC32_H
#define SS_COMMON_CRC32_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Continue a CRC over more data; start with crc = 0. */
uint32_t ss_crc32(uint32_t crc, const void *data, size_t len);

/* The same by tables alone: what ss_crc32 does on a processor without
 * carry-less multiplication (and for short data); tests compare both. */
uint32_t ss_crc32_tables(uint32_t crc, const void *data, size_t len);

/* The CRC of A followed by B, from crc_a = CRC(A), crc_b = CRC(B) and the
 * length of B, in O(log len_b): a large block whose CRC is known ahead
 * (a module's descriptor, computed by the pass) need not be read again. */
uint32_t ss_crc32_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

#ifdef __cplusplus
}
#endif

#endif
