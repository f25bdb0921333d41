#!/usr/bin/env python3
"""Check ssprof -json (on stdin) for functions the optimizer inlined.

usage: inlinedcheck.py FUNCTION...

Each FUNCTION named must be listed with "inlined": true, with known calls,
with at least one call graph edge into it marked "inlined", and with
instructions of its own when the listing has ideal time (the code inlined
from it is attributed to it).  Call graph edges marked inlined must come
into functions marked inlined.
"""
import json
import sys


def main(argv):
    names = argv[1:]
    if not names:
        sys.exit(__doc__)
    profile = json.load(sys.stdin)
    functions = {f["name"]: f for f in profile["functions"]}
    errors = []
    inlined_edges = [e for e in profile.get("callgraph", []) if e.get("inlined")]
    for e in inlined_edges:
        callee = functions.get(e["callee"])
        if not callee or not callee.get("inlined"):
            errors.append("edge %s -> %s is inlined, its callee is not marked"
                          % (e["caller"], e["callee"]))
    for name in names:
        f = functions.get(name)
        if f is None:
            errors.append("%s is not listed" % name)
            continue
        if f.get("inlined") is not True:
            errors.append("%s is not marked inlined" % name)
        if f.get("calls") is None:
            errors.append("%s has unknown calls" % name)
        if not any(e["callee"] == name for e in inlined_edges):
            errors.append("no inlined call graph edge into %s" % name)
        if "instructions" in f and not f["instructions"]:
            errors.append("%s has no instructions of its own" % name)
    for e in errors:
        print("inlinedcheck: " + e)
    if errors:
        return 1
    print("inlinedcheck: %d functions checked" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
