#!/usr/bin/env python3
"""Writes bench/corpus's workload inputs into DIR, the same bytes every time:
  text          about 8 MB of C source (the cached projects' .c and .h
                files, in sorted order, repeated as needed)
  records.json  an array of 60,000 records (numbers, strings, arrays)
  bidi.txt      80,000 lines of Latin and Hebrew text for FriBidi

usage: make_inputs.py DIR SOURCE_DIR...
"""
import json
import os
import random
import sys


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    out, sources = argv[1], argv[2:]
    os.makedirs(out, exist_ok=True)
    files = sorted(os.path.join(d, f) for s in sources for d, _, fs in os.walk(s)
                   for f in fs if f.endswith((".c", ".h")))
    text = b"".join(open(p, "rb").read() for p in files)
    if not text:
        sys.exit("make_inputs: no C sources under " + " ".join(sources))
    with open(os.path.join(out, "text"), "wb") as f:
        size = 8 << 20
        f.write((text * (size // len(text) + 1))[:size])
    rng = random.Random(32)
    words = ["alpha", "beta", "gamma", "delta", "sscc", "speedshop", "prof", "ideal"]
    records = [{"id": i, "name": "%s-%d" % (rng.choice(words), rng.randrange(10**6)),
                "score": round(rng.random() * 1000, 3),
                "tags": [rng.choice(words) for _ in range(rng.randrange(5))],
                "nested": {"a": rng.randrange(100), "b": [rng.randrange(9) for _ in range(3)]}}
               for i in range(60000)]
    with open(os.path.join(out, "records.json"), "w") as f:
        json.dump(records, f)
    hebrew = "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd"
    with open(os.path.join(out, "bidi.txt"), "w", encoding="utf-8") as f:
        for i in range(80000):
            f.write("line %d: %s %s (%d) %s.\n" % (i, rng.choice(words), hebrew,
                                                 rng.randrange(1000), rng.choice(words)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
