#!/usr/bin/env python3
"""Check ssprof -inlinesplit -json against the program's own tallies.

usage: splitcheck.py EXPECT_FILE EXPERIMENT_FILE...

EXPECT_FILE holds lines the program printed from its own counters:
  SSCHECK split <function> <caller> <n>   calls of <function> in its copy
                                          inlined into <caller> ("-": its
                                          own, out-of-line code)
For each function named, the -inlinesplit rows must be exactly those
copies, with those calls; the copies' calls, instructions and cycles must
add up to the function's one row of plain -json; every other row of
plain -json must be in the split document unchanged.  ssprof is taken
from PATH or $SSPROF.
"""
import json
import os
import subprocess
import sys
from collections import defaultdict


def profile(args):
    ssprof = os.environ.get("SSPROF", "ssprof")
    out = subprocess.run([ssprof] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit("splitcheck: ssprof failed: " + out.stderr.strip())
    return json.loads(out.stdout)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    expected = defaultdict(dict)
    with open(argv[1]) as f:
        for line in f:
            w = line.split()
            if len(w) == 5 and w[:2] == ["SSCHECK", "split"]:
                expected[w[2]][None if w[3] == "-" else w[3]] = int(w[4])
    if not expected:
        sys.exit("splitcheck: no SSCHECK split lines in " + argv[1])
    merged = profile(["-json"] + argv[2:])["functions"]
    split = profile(["-inlinesplit", "-json"] + argv[2:])["functions"]
    errors = []
    for name, copies in expected.items():
        rows = [r for r in split if r["name"] == name]
        got = {r.get("inlined_in"): r for r in rows}
        if len(got) != len(rows) or set(got) != set(copies):
            errors.append("%s: copies %s, expected %s" % (
                name, sorted(map(str, got)), sorted(map(str, copies))))
            continue
        for caller, n in copies.items():
            r = got[caller]
            if r["calls"] != n:
                errors.append("%s in %s: %s calls, the program counted %d"
                              % (name, caller or "its own code", r["calls"], n))
            if r["inlined"] != (caller is not None):
                errors.append("%s in %s: inlined is %s"
                              % (name, caller, r["inlined"]))
        one = [r for r in merged if r["name"] == name]
        if len(one) != 1:
            errors.append("%s: %d rows without -inlinesplit" % (name, len(one)))
            continue
        one = one[0]
        if sum(r["calls"] for r in rows) != one["calls"]:
            errors.append("%s: the copies' calls do not add up to %s"
                          % (name, one["calls"]))
        if "instructions" in one:
            if sum(r["instructions"] or 0 for r in rows) != one["instructions"]:
                errors.append("%s: the copies' instructions %s do not add up "
                              "to %s" % (name, [r["instructions"] for r in rows],
                                         one["instructions"]))
            if abs(sum(r["cycles"] or 0 for r in rows) - one["cycles"]) > len(rows):
                errors.append("%s: the copies' cycles %s do not add up to %s"
                              % (name, [r["cycles"] for r in rows], one["cycles"]))
        for r in rows:
            extra = set(r) - set(one)
            if extra != {"inlined_in", "inlined_in_index"}:
                errors.append("%s: fields %s added" % (name, sorted(extra)))
            if set(one) - set(r):
                errors.append("%s: fields %s missing"
                              % (name, sorted(set(one) - set(r))))
    for r in merged:
        if r["name"] in expected or r in split:
            continue
        # Another function inlined somewhere (a libc inline such as atoi):
        # split too, its copies adding up to its row.
        rows = [s for s in split if s["name"] == r["name"] and "inlined_in" in s]
        if not r["inlined"] or not rows or \
                sum(s["calls"] for s in rows) != r["calls"]:
            errors.append("%s: its row changed under -inlinesplit" % r["name"])
    for e in errors:
        print("splitcheck: " + e)
    if errors:
        return 1
    print("splitcheck: %d functions split as the program counted"
          % len(expected))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
