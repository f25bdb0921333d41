#!/usr/bin/env python3
"""Compare ssprof's counts with a test program's own tallies.

usage: sscheck.py EXPECT_FILE EXPERIMENT_FILE...

EXPECT_FILE holds lines printed by the program itself (see
lit/Inputs/tally.h) or written by the test from arithmetic on loop bounds:
  SSCHECK site <callee> <file>:<line> <n>   calls of <callee> made from that line
  SSCHECK calls <function> <n>              calls of <function>
  SSCHECK pair <caller> <callee> <n>        calls from <caller> to <callee>
  SSCHECK indirect <caller> <target> <n>    indirect calls from <caller> that reached <target>
                                            (C++ names may leave out their parameter lists)
  SSCHECK line <file>:<line> <n>            execution count of a source line
Other lines are ignored.  Every count in the profile must also be known
(derived exactly) and no edge may be negative.  ssprof is taken from PATH
or $SSPROF.
"""
import json
import os
import subprocess
import sys
from collections import defaultdict


def load_profile(files):
    ssprof = os.environ.get("SSPROF", "ssprof")
    out = subprocess.run([ssprof, "-json"] + files, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    if out.returncode != 0:
        sys.exit("sscheck: ssprof failed: " + out.stderr.strip())
    return json.loads(out.stdout)


def base(path):
    return os.path.basename(path or "")


def known(n):
    """Unknown counts (null) are reported by exactness_errors; add them as 0."""
    return n if n is not None else 0


def unparametered(name):
    """A C++ name without its parameter list: "D1::f" for "D1::f() const"."""
    return name.split("(")[0]


def source_name(name):
    """What __func__ says in a template or a lambda: "twice" for "int
    twice<int>(int)", "operator()" for "main::$_0::operator()(int) const"."""
    if "operator()" in name:
        return "operator()"
    depth, out = 0, ""
    for ch in name.split("(")[0]:
        depth += (ch == "<") - (ch == ">")
        if depth == 0 and ch != ">":
            out += ch
    words = out.split()
    return words[-1].split("::")[-1] if words else name


def tabulate(profile):
    t = {"site": defaultdict(int), "calls": defaultdict(int),
         "pair": defaultdict(int), "indirect": defaultdict(int),
         "line": defaultdict(int)}
    for f in profile["functions"]:
        t["calls"][f["name"]] += known(f["calls"])
        # Also by symbol, and by the bare C++ name (what __func__ says:
        # "~Guard" for "Guard::~Guard()").
        bare = f["name"].split("(")[0].split("::")[-1]
        for alias in {f.get("symbol"), bare, source_name(f["name"])} - {None, f["name"]}:
            t["calls"][alias] += known(f["calls"])
    for c in profile["calls"]:
        if c.get("callee"):
            t["site"][(c["callee"], "%s:%d" % (base(c["file"]), c["line"]))] += known(c["count"])
        for tgt in c.get("targets", []):
            # Also by the names without their parameter lists ("D1::f"
            # for "D1::f() const"): a check line's words have no spaces.
            for key in {(c["caller"], tgt["name"]),
                        (unparametered(c["caller"]), unparametered(tgt["name"]))}:
                t["indirect"][key] += known(tgt["count"])
    for e in profile.get("callgraph", []):
        t["pair"][(e["caller"], e["callee"])] += known(e["count"])
    for l in profile["lines"]:
        t["line"]["%s:%d" % (base(l["file"]), l["line"])] = max(
            t["line"]["%s:%d" % (base(l["file"]), l["line"])], known(l["count"]))
    return t


def exactness_errors(profile):
    errors = []
    for kind in ("functions", "blocks", "edges", "calls"):
        for item in profile.get(kind, []):
            if item.get("count", item.get("calls")) is None:
                errors.append("%s entry with unknown count: %s" % (kind, item))
    for e in profile.get("edges", []):
        if e["count"] is not None and e["count"] < 0:
            errors.append("negative edge: %s" % e)
    return errors


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    expect_file, files = argv[1], argv[2:]
    profile = load_profile(files)
    t = tabulate(profile)
    errors = exactness_errors(profile)
    checks = 0
    for raw in open(expect_file):
        words = raw.split()
        if len(words) < 2 or words[0] != "SSCHECK":
            continue
        kind, args, want = words[1], words[2:-1], int(words[-1])
        if kind == "site":
            got = t["site"].get((args[0], args[1]), 0)
        elif kind in ("calls", "line"):
            got = t[kind].get(args[0], 0)
        elif kind in ("pair", "indirect"):
            got = t[kind].get((args[0], args[1]), 0)
        else:
            errors.append("unknown check: " + raw.strip())
            continue
        checks += 1
        if got != want:
            errors.append("%s %s: program says %d, ssprof says %d"
                          % (kind, " ".join(args), want, got))
    if checks == 0:
        errors.append("no SSCHECK lines in " + expect_file)
    for e in errors:
        print("sscheck: " + e)
    if errors:
        return 1
    print("sscheck: %d checks passed" % checks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
