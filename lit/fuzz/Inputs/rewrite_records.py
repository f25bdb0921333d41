#!/usr/bin/env python3
"""rewrite_records.py IN OUT CHANGE -- a real experiment file with one
change made the way a damaged (or hostile) file could carry it, every CRC
recomputed (zlib's CRC-32, as docs/experiment-file.md says) so that the
decoders, not the CRC check, meet it (a COUNTS record it changes is
written with its words in full, which ssprof reads as well):

  huge-counts   every counter of every COUNTS record set to 0x6f00...00,
                so that sums of counts overflow 64 bits
  wide-function the first function of each module descriptor (the
                descriptor's layout: include/ss/format.h) made to take every
                block from its first to the module's last, so that its
                blocks overlap the other functions' (each range still
                inside the module); a packed descriptor is inflated
                (method 2: its arrays turned back from columns) and
                written back raw, which ssprof reads as well
  many-threads  the TRACE record made to count 2^32 - 1 threads (only a
                bound for the EVENTS records' thread indexes)
"""
import struct
import sys
import zlib

REC_COUNTS = 3
REC_TRACE = 8

PACKED_MAGIC = b"SSDESCZ\x01"


# Record sizes of the descriptor's arrays (include/ss/format.h), in order,
# with the header offset of each one's count: functions, blocks, edges,
# calls, loops, lines, remarks (version 2), entries (version 3).
ARRAYS = [(56, 36), (24, 40), (16, 44), (24, 48), (24, 52), (8, 56),
          (24, 68), (40, 72)]


def records_from_columns(desc):
    """A method-2 descriptor's arrays back from columns into records."""
    version, header_size = struct.unpack_from("<II", desc, 8)
    out = bytearray(desc)
    at = header_size
    for index, (size, count_at) in enumerate(ARRAYS):
        if index + 1 > version + 5:  # remarks from 2, entries from 3
            continue
        n = struct.unpack_from("<I", desc, count_at)[0]
        for b in range(size):
            out[at + b:at + n * size:size] = desc[at + b * n:at + (b + 1) * n]
        at += n * size
    return out


COUNTS_SPARSE = 4


def spell_out_counts(payload):
    """A COUNTS payload with sparse words (SS_COUNTS_SPARSE: groups of 64,
    a mask, then the words that are not zero) written out in full, the
    flag cleared: the layout the changes below edit."""
    flags, counters, functions, sites = struct.unpack_from("<IIII", payload, 4)
    if not flags & COUNTS_SPARSE:
        return payload
    desc_size = struct.unpack_from("<Q", payload, 24)[0]
    words = counters + functions + 17 * sites
    out = bytearray(payload[:32])
    struct.pack_into("<I", out, 4, flags & ~COUNTS_SPARSE)
    at = 32
    for first in range(0, words, 64):
        mask = struct.unpack_from("<Q", payload, at)[0]
        at += 8
        for j in range(min(64, words - first)):
            if mask >> j & 1:
                out += payload[at:at + 8]
                at += 8
            else:
                out += bytes(8)
    assert at == len(payload) - desc_size
    return out + payload[at:]


def widen_first_function(payload):
    """The COUNTS payload with its descriptor's first function widened."""
    counters, functions, sites = struct.unpack_from("<III", payload, 8)
    at = 32 + 8 * counters + 8 * functions + 136 * sites
    desc = bytearray(payload[at:])
    if desc[:8] == PACKED_MAGIC:
        method = struct.unpack_from("<I", desc, 8)[0]
        desc = bytearray(zlib.decompress(bytes(desc[24:])))
        if method == 2:
            desc = records_from_columns(desc)
    header_size = struct.unpack_from("<I", desc, 12)[0]
    module_blocks = struct.unpack_from("<I", desc, 40)[0]
    first = struct.unpack_from("<I", desc, header_size + 16)[0]
    struct.pack_into("<I", desc, header_size + 20, module_blocks - first)
    out = bytearray(payload[:at]) + desc
    struct.pack_into("<Q", out, 24, len(desc))
    return out


data = bytes(open(sys.argv[1], "rb").read())
change = sys.argv[3]
first_record = struct.unpack_from("<I", data, 12)[0]
out = bytearray(data[:first_record])
off = first_record
while off + 16 <= len(data):
    tag, crc, length = struct.unpack_from("<IIQ", data, off)
    payload = bytearray(data[off + 16:off + 16 + length])
    if change in ("huge-counts", "wide-function") and tag == REC_COUNTS:
        payload = spell_out_counts(payload)
    if change == "huge-counts" and tag == REC_COUNTS:
        num_counters = struct.unpack_from("<I", payload, 8)[0]
        for i in range(num_counters):
            struct.pack_into("<Q", payload, 32 + 8 * i, 0x6f00000000000000)
    if change == "wide-function" and tag == REC_COUNTS:
        payload = widen_first_function(payload)
    if change == "many-threads" and tag == REC_TRACE:
        struct.pack_into("<I", payload, 32, 0xFFFFFFFF)
    out += struct.pack("<IIQ", tag, zlib.crc32(bytes(payload)), len(payload))
    out += payload + bytes((8 - len(payload) % 8) % 8)
    off += 16 + length + (8 - length % 8) % 8
open(sys.argv[2], "wb").write(out)
