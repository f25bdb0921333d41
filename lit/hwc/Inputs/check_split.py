#!/usr/bin/env python3
"""check_split.py DOC.json OWN.txt A B TOL -- function A's share of the
events of A and B in an ssprof -json document of an hwc experiment is
within TOL of the share the program measured itself (OWN.txt: "secsA
secsB").  Prints "check_split: A's share within TOL of the program's own"
or what differs, exit 1."""
import json
import sys

doc, own, a, b, tol = sys.argv[1:6]
d = json.load(open(doc))
ev = {x["name"]: x["exclusive_events"] for x in d["functions"]}
ta, tb = (float(v) for v in open(own).read().split())
want = ta / (ta + tb)
got = ev.get(a, 0) / max(1, ev.get(a, 0) + ev.get(b, 0))
if abs(got - want) > float(tol):
    sys.exit("check_split: %s's share %.4f, the program's own %.4f (events "
             "%s)" % (a, got, want, ev))
print("check_split: %s's share within %s of the program's own (%.4f vs %.4f)"
      % (a, tol, got, want))
