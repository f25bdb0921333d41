#!/usr/bin/env python3
"""diff_check.py DIFF.json BEFORE.json AFTER.json -- the rows of `ssprof
-json -diff` against the plain -json documents of each side: every
"before" and "after" object is the plain document's row of the same
function (or line, or loop), field for field, and the kernel body's
executions are REPS * N of each build (Inputs/ideal_work.c)."""
import json
import sys

diff, before, after = (json.load(open(p)) for p in sys.argv[1:4])


def fail(msg):
    print("diff_check: " + msg)
    sys.exit(1)


for member in ("functions", "lines", "loops"):
    for row in diff[member]:
        for side, doc in (("before", before), ("after", after)):
            r = row[side]
            if r is None:
                continue
            if r not in doc[member]:
                fail("%s row %s is not a row of the %s document"
                     % (member, r, side))
names = [r["before"]["name"] for r in diff["functions"] if r["before"]]
if len(names) != 5:  # kernel, sq (inlined into it), fib, outer, main
    fail("functions %s" % names)
body = [r for r in diff["lines"] if r["before"] and r["before"]["line"] == 24
        and r["before"]["file"].endswith("ideal_work.c")]
if not body:
    fail("no row of kernel's body line")
b, a = body[0]["before"]["count"], body[0]["after"]["count"]
if (b, a) != (20 * 1000, 20 * 3000):
    fail("kernel's body ran %s -> %s times" % (b, a))
print("diff_check: ok (%d functions, kernel's body %d -> %d)"
      % (len(names), b, a))
