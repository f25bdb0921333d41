#!/usr/bin/env python3
"""Compare ssprof's figures for a trace experiment (fpe, io, heap) with a test
program's own tallies.

usage: tracecheck.py [--exhaustive] EXPECT_FILE EXPERIMENT_FILE...

EXPECT_FILE holds lines the program printed itself (lit/trace/Inputs/
fpe_tally.h, io_tally.h) or the test wrote from arithmetic:
  TRACECHECK fpe <function> <type> <n>   exclusive exceptions of <type>
                                         (total, invalid, divide_by_zero,
                                         overflow, underflow, inexact)
  TRACECHECK io <function> <call> <calls> [<bytes>]
                                         exclusive calls (and bytes) of <call>
  TRACECHECK file <path> <call> <calls>  calls of <call> on the file named so
  TRACECHECK heap <function> <mallocs> <frees> <bytes>
                                         exclusive allocation calls, releases
                                         and bytes allocated
  TRACECHECK heap-leak <function> <blocks> <bytes>
                                         blocks live at exit that <function>
                                         allocated (the leaks' innermost frame)
  TRACECHECK heap-total <key> <n>        a figure of the document's "heap"
                                         (peak_bytes, live_bytes_at_exit, ...)
  TRACECHECK heap-sum <key> <n>          one of the trace's totals, "trace":
                                         {"heap"} (mallocs, short_lived, ...)
  TRACECHECK heap-error <type> <release> <allocation> <first-release>
                                         one error of <type> (double_free,
                                         unknown_block) whose stacks' innermost
                                         functions are these ("-": none)
Lines for the same key add up (a program may print several).  With
--exhaustive, every exclusive figure of a function that has a line in the
expectations must be expected: a count the program did not make fails.
ssprof is taken from PATH or $SSPROF.
"""
import json
import os
import subprocess
import sys
from collections import defaultdict


def load(files):
    ssprof = os.environ.get("SSPROF", "ssprof")
    out = subprocess.run([ssprof, "-json"] + files, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit("tracecheck: ssprof failed: " + out.stderr.strip())
    return json.loads(out.stdout)


def expectations(path):
    want = defaultdict(int)
    for line in open(path, errors="replace"):
        w = line.split()
        if len(w) < 2 or w[0] != "TRACECHECK":
            continue
        if w[1] == "fpe" and len(w) == 5:
            want[("fpe", w[2], w[3])] += int(w[4])
        elif w[1] == "io" and len(w) in (5, 6):
            want[("io.calls", w[2], w[3])] += int(w[4])
            if len(w) == 6:
                want[("io.bytes", w[2], w[3])] += int(w[5])
        elif w[1] == "heap" and len(w) == 6:
            for k, v in zip(("mallocs", "frees", "bytes"), w[3:6]):
                want[("heap." + k, w[2], "-")] += int(v)
        elif w[1] == "heap-leak" and len(w) == 5:
            want[("leak.blocks", w[2], "-")] += int(w[3])
            want[("leak.bytes", w[2], "-")] += int(w[4])
        elif w[1] == "heap-total" and len(w) == 4:
            want[("total", "heap", w[2])] += int(w[3])
        elif w[1] == "heap-sum" and len(w) == 4:
            want[("total", "trace", w[2])] += int(w[3])
        elif w[1] == "heap-error" and len(w) == 6:
            want[("error", w[2], " ".join(w[3:6]))] += 1
        elif w[1] == "file" and len(w) == 5:
            want[("file", w[2], w[3])] += int(w[4])
        else:
            sys.exit("tracecheck: bad line: " + line.strip())
    return want


def actual(doc):
    got = defaultdict(int)
    for f in doc["functions"]:
        name = f["name"]
        if "fpe" in f:
            for k, v in f["fpe"].items():
                got[("fpe", name, k)] += v
        if "io" in f:
            for k, v in f["io"]["calls"].items():
                got[("io.calls", name, k)] += v
            for k, v in f["io"]["bytes"].items():
                got[("io.bytes", name, k)] += v
        if "heap" in f:
            for k in ("mallocs", "frees", "bytes"):
                got[("heap." + k, name, "-")] += f["heap"][k]
    heap = doc.get("heap")
    if heap:
        for k, v in heap.items():
            if isinstance(v, int):
                got[("total", "heap", k)] += v
        for k, v in doc["trace"]["heap"].items():
            if isinstance(v, int):
                got[("total", "trace", k)] += v
        for leak in heap["leaks"]:
            got[("leak.blocks", leak["function"], "-")] += leak["blocks"]
            got[("leak.bytes", leak["function"], "-")] += leak["bytes"]

        def inner(stack):
            return stack[0]["function"] if stack else "-"
        for e in heap["errors"]:
            where = " ".join(inner(e[k]) for k in
                             ("stack", "allocated_at", "first_released_at"))
            got[("error", e["type"], where)] += 1
    for o in doc.get("io_files", []):
        for k, v in o["io"]["calls"].items():
            got[("file", o["name"], k)] += v
    return got


def main(argv):
    exhaustive = "--exhaustive" in argv
    args = [a for a in argv if a != "--exhaustive"]
    if len(args) < 2:
        sys.exit(__doc__)
    want = expectations(args[0])
    if not want:
        sys.exit("tracecheck: no TRACECHECK lines in " + args[0])
    got = actual(load(args[1:]))
    bad = []
    for key, n in sorted(want.items()):
        if got.get(key, 0) != n:
            bad.append("%s %s %s: expected %d, ssprof says %d" %
                       (key[0], key[1], key[2], n, got.get(key, 0)))
    if exhaustive:
        apart = ("file", "total", "error")
        functions = {k[1] for k in want if k[0] not in apart}
        for key, n in sorted(got.items()):
            if key[0] in apart or key[1] not in functions or n == 0:
                continue
            if key not in want:
                bad.append("%s %s %s: not expected, ssprof says %d" %
                           (key[0], key[1], key[2], n))
    for b in bad:
        print("tracecheck: " + b)
    if bad:
        return 1
    print("tracecheck: %d figures match" % len(want))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
