#!/usr/bin/env python3
"""Check the inclusive time per caller of ssprof -json (callgraph edges'
inclusive_cycles and exact) against the program's own tallies.

usage: callerscheck.py (--exact | --proportional) CALLEE EXPECT_FILE
                       EXPERIMENT... [--same PLAIN_EXPERIMENT...]

EXPECT_FILE holds lines the program printed from its own counters:
  SSCHECK calls <caller> <n>        calls of CALLEE made by <caller>
  SSCHECK iterations <caller> <n>   iterations of CALLEE's loop that ran
                                    for <caller>'s calls
CALLEE's cost is linear in its iterations, so:
  --exact         every caller's edge into CALLEE is exact, the edges add
                  up to CALLEE's inclusive_cycles_exact, and the cycles per
                  iteration of every caller agree within 10% (a call's own
                  overhead is under 2% of its iterations' cycles here);
  --proportional  no edge is exact, and each carries CALLEE's inclusive
                  cycles times its share of the calls (gprof's figure).
With --same, the calls of every function and the count of every source
line that the plain build's experiment lists must be the same in this one
(the copies are counted as the original).  ssprof is taken from PATH or
$SSPROF.
"""
import json
import os
import subprocess
import sys


def profile(files):
    ssprof = os.environ.get("SSPROF", "ssprof")
    out = subprocess.run([ssprof, "-json"] + files, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit("callerscheck: ssprof failed: " + out.stderr.strip())
    return json.loads(out.stdout)


def main(argv):
    mode, callee, expect = argv[0], argv[1], argv[2]
    rest = argv[3:]
    same = []
    if "--same" in rest:
        same = rest[rest.index("--same") + 1:]
        rest = rest[:rest.index("--same")]
    calls, iterations = {}, {}
    for line in open(expect):
        w = line.split()
        if len(w) == 4 and w[0] == "SSCHECK":
            {"calls": calls, "iterations": iterations}[w[1]][w[2]] = int(w[3])
    doc = profile(rest)
    errors = []
    fn = {f["name"]: f for f in doc["functions"]}
    edges = {e["caller"]: e for e in doc["callgraph"]
             if e["callee"] == callee and e["caller"] in calls}
    if set(edges) != set(calls):
        errors.append("edges into %s from %s, expected %s"
                      % (callee, sorted(edges), sorted(calls)))
    for c, e in edges.items():
        if e["count"] != calls[c]:
            errors.append("%s -> %s: %d calls, the program made %d"
                          % (c, callee, e["count"], calls[c]))
    total = fn[callee]["inclusive_cycles_exact"]
    if mode == "--exact":
        for c, e in edges.items():
            if not e["exact"]:
                errors.append("%s -> %s: not exact" % (c, callee))
        if abs(sum(e["inclusive_cycles"] for e in edges.values()) - total) > len(edges):
            errors.append("edges %s do not add up to %s's %d"
                          % ({c: e["inclusive_cycles"] for c, e in edges.items()},
                             callee, total))
        per = {c: e["inclusive_cycles"] / iterations[c] for c, e in edges.items()}
        if max(per.values()) > 1.1 * min(per.values()):
            errors.append("cycles per iteration differ by caller: %s" % per)
        if not fn[callee]["inclusive_exact"]:
            errors.append("%s: inclusive not exact" % callee)
    else:
        all_calls = sum(calls.values())
        for c, e in edges.items():
            if e["exact"]:
                errors.append("%s -> %s: exact" % (c, callee))
            want = total * calls[c] / all_calls
            if abs(e["inclusive_cycles"] - want) > 1:
                errors.append("%s -> %s: %d cycles, calls' share %.0f"
                              % (c, callee, e["inclusive_cycles"], want))
    if same:
        plain = profile(same)
        mine = {f["name"]: f["calls"] for f in doc["functions"]}
        for f in plain["functions"]:
            if mine.get(f["name"]) != f["calls"]:
                errors.append("%s: %s calls, the plain build %s"
                              % (f["name"], mine.get(f["name"]), f["calls"]))
        key = lambda l: (os.path.basename(l["file"]), l["line"])
        lines = {key(l): l["count"] for l in doc["lines"]}
        for l in plain["lines"]:
            if lines.get(key(l)) != l["count"]:
                errors.append("line %s:%d: %s, the plain build %d"
                              % (key(l) + (lines.get(key(l)), l["count"])))
    for e in errors:
        print("callerscheck:", e)
    if errors:
        return 1
    print("callerscheck: %s ok (%s)" % (mode[2:], ", ".join(
        "%s %d" % (c, e["inclusive_cycles"]) for c, e in sorted(edges.items()))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
