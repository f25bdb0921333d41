#!/usr/bin/env python3
"""rewrite_records.py IN OUT CHANGE -- a real experiment file with one
change made the way a damaged (or hostile) file could carry it, every CRC
recomputed (zlib's CRC-32, as docs/experiment-file.md says) so that the
decoders, not the CRC check, meet it:

  huge-counts   every counter of every COUNTS record set to 0x6f00...00,
                so that sums of counts overflow 64 bits
  wide-function the first function of each module descriptor (the
                descriptor's layout: include/ss/format.h) made to take every
                block from its first to the module's last, so that its
                blocks overlap the other functions' (each range still
                inside the module)
  many-threads  the TRACE record made to count 2^32 - 1 threads (only a
                bound for the EVENTS records' thread indexes)
"""
import struct
import sys
import zlib

REC_COUNTS = 3
REC_TRACE = 8

data = bytearray(open(sys.argv[1], "rb").read())
change = sys.argv[3]
off = struct.unpack_from("<I", data, 12)[0]
while off + 16 <= len(data):
    tag, crc, length = struct.unpack_from("<IIQ", data, off)
    payload = off + 16
    if change == "huge-counts" and tag == REC_COUNTS:
        num_counters = struct.unpack_from("<I", data, payload + 8)[0]
        for i in range(num_counters):
            struct.pack_into("<Q", data, payload + 32 + 8 * i, 0x6f00000000000000)
    if change == "wide-function" and tag == REC_COUNTS:
        counters, functions, sites = struct.unpack_from("<III", data, payload + 8)
        blob = payload + 32 + 8 * counters + 8 * functions + 136 * sites
        header_size = struct.unpack_from("<I", data, blob + 12)[0]
        module_blocks = struct.unpack_from("<I", data, blob + 40)[0]
        function = blob + header_size
        first = struct.unpack_from("<I", data, function + 16)[0]
        struct.pack_into("<I", data, function + 20, module_blocks - first)
    if change == "many-threads" and tag == REC_TRACE:
        struct.pack_into("<I", data, payload + 32, 0xFFFFFFFF)
    struct.pack_into("<I", data, off + 4,
                     zlib.crc32(bytes(data[payload:payload + length])))
    off = payload + length + (8 - length % 8) % 8
open(sys.argv[2], "wb").write(data)
