#!/usr/bin/env python3
"""cut_unfinished.py COMPLETE OUT -- what the runtime leaves when it is
killed while writing: the file header and the first two records of a
complete experiment file, then the third record's header as the writer
reserves it (16 zero bytes, filled in only when the record is complete)
and the first bytes of its payload.  The framing (a 24-byte file header,
records of a 16-byte header -- tag, CRC, length -- and a payload padded to
8 bytes) is docs/experiment-file.md's."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
off = 24
for _ in range(2):
    tag, crc, length = struct.unpack_from("<IIQ", data, off)
    off += 16 + length + (8 - length % 8) % 8
tag, crc, length = struct.unpack_from("<IIQ", data, off)
cut = data[:off] + bytes(16) + data[off + 16:off + 16 + min(length, 40)]
open(sys.argv[2], "wb").write(cut)
