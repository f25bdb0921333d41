/*
 * crc32.h -- CRC-32 with the IEEE 802.3 polynomial, as zlib computes it
 * (reflected, initial value and final xor 0xFFFFFFFF).  The experiment file
 * stores one of these per record payload.
 */
#ifndef SSPROF_CRC32_H
#define SSPROF_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* CRC of `len` bytes at `data`, continuing from `crc` (0 to start). */
uint32_t ss_crc32(uint32_t crc, const void *data, size_t len);

#endif
