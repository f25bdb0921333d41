#!/usr/bin/env python3
"""ideal_reports.py -- the branches and loops of an `ssprof -json` document
of a counting experiment, at the lines of a test's source that carry a
marker comment, one fact per line for FileCheck.

  ideal_reports.py SOURCE DOC.json

A marker is a comment that ends a line: `for (...) {  // outer`.  Prints,
sorted by marker:

  loop <marker> depth=<d> entries=<n> iterations=<n> trip=<x.x> match=<yes|no>
      cycles=<none|ok|bad>
      (cycles: none without ideal time; ok when its share is in [0, 1]
      and its cycles are at most its parent loop's, which holds its blocks)
  branch <marker> executions=<n> counts=<c1>,<c2>,... bias=<x.x>%
      (the successors' counts, largest first; one line per branch at that
      line, branches ordered by executions, then counts)
  to <marker> <successor-marker> <count>
      (per successor of each branch at <marker> whose first line carries a
      marker, in the same order)

then `loops <n> mismatches=<n>` and `branches <n> executed=<n>` over the
whole document (every file).  Unknown counts print as `?`.
"""
import json
import os
import re
import sys


def markers(source):
    found = {}
    with open(source) as fp:
        for number, text in enumerate(fp, 1):
            m = re.search(r"//\s*([A-Za-z0-9_.-]+)\s*$", text)
            if m:
                found[number] = m.group(1)
    return found


def count(n):
    return "?" if n is None else str(n)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    source, doc = argv[1], argv[2]
    marks = markers(source)
    base = os.path.basename(source)
    with open(doc) as fp:
        d = json.load(fp)

    def marker_of(file, line):
        if os.path.basename(file or "") != base:
            return None
        return marks.get(line)

    out = []
    for l in d["loops"]:
        name = marker_of(l["file"], l["line"])
        if name is None:
            continue
        trip = l["average_trip_count"]
        cycles = "none"
        if l["cycles"] is not None:
            parent = d["loops"][l["parent"]] if l["parent"] is not None else None
            ok = 0 <= l["cycles_share"] <= 1 and (
                parent is None or l["cycles"] <= parent["cycles"] * (1 + 1e-12))
            cycles = "ok" if ok else "bad"
        out.append((name, 0, -l["depth"],
                    "loop %s depth=%d entries=%s iterations=%s trip=%s "
                    "match=%s cycles=%s" % (
                        name, l["depth"], count(l["entries"]),
                        count(l["iterations"]),
                        "-" if trip is None else "%.1f" % trip,
                        "yes" if l["matches_descriptor"] else "no", cycles)))
    for b in d["branches"]:
        name = marker_of(b["file"], b["line"])
        if name is None:
            continue
        counts = sorted((s["count"] for s in b["successors"]),
                        key=lambda c: -1 if c is None else c, reverse=True)
        bias = "-" if b["bias"] is None else "%.1f%%" % (100.0 * b["bias"])
        key = (-(b["executions"] or 0), [-1 if c is None else c for c in counts])
        text = ["branch %s executions=%s counts=%s bias=%s" % (
            name, count(b["executions"]), ",".join(count(c) for c in counts),
            bias)]
        for s in b["successors"]:
            to = marker_of(s["file"], s["line"])
            if to is not None:
                text.append("to %s %s %s" % (name, to, count(s["count"])))
        out.append((name, 1, key, "\n".join(text)))
    out.sort(key=lambda t: (t[0], t[1], t[2]))
    for item in out:
        print(item[3])
    mismatches = sum(1 for l in d["loops"] if not l["matches_descriptor"])
    print("loops %d mismatches=%d" % (len(d["loops"]), mismatches))
    executed = sum(1 for b in d["branches"] if (b["executions"] or 0) > 0)
    print("branches %d executed=%d" % (len(d["branches"]), executed))


if __name__ == "__main__":
    main(sys.argv)
