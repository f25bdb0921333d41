#!/usr/bin/env python3
"""gcov_branches.py -- compare ssprof's branches with `gcov -b -c`.

  gcov_branches.py SOURCE.gcov DOC.json

SOURCE.gcov is what `gcov -b -c` wrote for a program built with
`gcc --coverage -O0`; DOC.json is `ssprof -json` of the same program built
with `sscc -O0 -fss-ideal` and run with the same input.  For every source
line of that file, the counts of gcov's "branch N taken C" entries ("never
executed": 0) and the successor counts of ssprof's branches whose line it is
must be the same multiset; the percentages `gcov -b` prints without -c are
these counts over the line's branch executions, so they agree too.  A line
with branches on one side only is a disagreement: the test program must use
constructs that both compilers branch on at -O0 (clang turns `c ? 1 : 2`
into a select, gcc branches).

Prints "gcov_branches: N lines agree (B branch edges)" or each
disagreement, and exits 1 on any.
"""
import json
import os
import re
import sys
from collections import defaultdict


def gcov_counts(path):
    counts = defaultdict(list)
    source = None
    line = None
    with open(path) as fp:
        for text in fp:
            m = re.match(r"\s*[^:]+:\s*(\d+):(.*)$", text)
            if m and not text.startswith(("branch", "call", "function")):
                line = int(m.group(1))
                if line == 0 and m.group(2).startswith("Source:"):
                    source = m.group(2)[len("Source:"):].strip()
                continue
            m = re.match(r"branch\s+\d+\s+(?:taken\s+(\d+)|never executed)", text)
            if m and line:
                counts[line].append(int(m.group(1) or 0))
    return source, counts


def ssprof_counts(doc, base):
    counts = defaultdict(list)
    for b in doc["branches"]:
        if os.path.basename(b["file"] or "") != base:
            continue
        for s in b["successors"]:
            if s["count"] is None:
                sys.exit("gcov_branches: unknown count at line %d" % b["line"])
            counts[b["line"]].append(s["count"])
    return counts


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    source, gcov = gcov_counts(argv[1])
    with open(argv[2]) as fp:
        doc = json.load(fp)
    ours = ssprof_counts(doc, os.path.basename(source or ""))
    bad = 0
    for line in sorted(set(gcov) | set(ours)):
        g, o = sorted(gcov.get(line, [])), sorted(ours.get(line, []))
        if g != o:
            print("line %d: gcov %s, ssprof %s" % (line, g, o))
            bad += 1
    if bad or not gcov:
        print("gcov_branches: %d lines disagree (of %d)" % (bad, len(gcov)))
        sys.exit(1)
    print("gcov_branches: %d lines agree (%d branch edges)" %
          (len(gcov), sum(len(v) for v in gcov.values())))


if __name__ == "__main__":
    main(sys.argv)
