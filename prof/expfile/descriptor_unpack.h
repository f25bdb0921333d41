/*
 * descriptor_unpack.h -- packed module descriptors (SS_DESC_PACKED_MAGIC in
 * ss/format.h), inflated for descriptor.c.  Private to the expfile layer.
 */
#ifndef SSPROF_DESCRIPTOR_UNPACK_H
#define SSPROF_DESCRIPTOR_UNPACK_H

#include "base.h"
#include "ss/format.h"

#include <stdint.h>

/* Does the blob start with the packed magic? */
int ss_descriptor_is_packed(const uint8_t *blob, uint64_t size);

/* The descriptor inside a packed blob, in a malloc'd buffer of
 * *unpacked_size bytes the caller frees; NULL with `err` set when the
 * header, the size it claims or the stream is wrong. */
uint8_t *ss_descriptor_unpack(const uint8_t *blob, uint64_t size,
                              uint64_t *unpacked_size, struct ss_err *err);

#endif
