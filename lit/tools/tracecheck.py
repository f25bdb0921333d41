#!/usr/bin/env python3
"""Compare ssprof's figures for a trace experiment (fpe, io) with a test
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
  TRACECHECK thread-events <n>           events in the file's thread count
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
        functions = {k[1] for k in want if k[0] != "file"}
        for key, n in sorted(got.items()):
            if key[0] == "file" or key[1] not in functions or n == 0:
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
