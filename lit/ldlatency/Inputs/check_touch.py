"""Reads ssprof -json of a touch_pages run (collect.test) and prints "ok"
when touch() has between MIN and MAX sampled loads, all of level "other",
and nothing was lost; else what differs."""
import json
import sys

lo, hi = int(sys.argv[1]), int(sys.argv[2])
d = json.load(sys.stdin)
touch = [p for p in d["procedures"] if p["name"] == "touch"]
problems = []
if len(touch) != 1:
    problems.append("touch listed %d times" % len(touch))
else:
    t = touch[0]
    if not lo <= t["samples"] <= hi:
        problems.append("touch has %d samples, not %d-%d" % (t["samples"], lo, hi))
    if t["levels"]["other"]["samples"] != t["samples"]:
        problems.append("touch's samples are not all of level other")
if d["ldlatency"]["lost"] != 0:
    problems.append("%d lost" % d["ldlatency"]["lost"])
print("; ".join(problems) if problems else "ok")
