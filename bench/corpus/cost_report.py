#!/usr/bin/env python3
"""The tables of bench/corpus/cost.sh from its samples file.

usage: cost_report.py SAMPLES BASE CONFIG...

SAMPLES has lines `kind project config seconds` (kind: build or run;
seconds "fail" for a failed run).  Prints, per project, base's median
seconds and every configuration's median as a ratio to base's, the
geometric mean over the projects, the worst ratio, and whether sscc meets
issue 32's targets.
"""
import math
import statistics
import sys
from collections import defaultdict


def table(samples, kind, configs):
    cells = defaultdict(list)
    failed = set()
    for k, p, c, s in samples:
        if k != kind:
            continue
        if s == "fail":
            failed.add((p, c))
        else:
            cells[(p, c)].append(float(s))
    projects = sorted({p for k, p, c, s in samples if k == kind},
                      key=lambda p: [x[1] for x in samples].index(p))
    base = configs[0]
    title = "run time" if kind == "run" else "build time"
    print("%s (medians; %s in seconds, the others as ratios to it)" % (title, base))
    print("%-9s %9s" % ("project", base) + "".join(" %12s" % c for c in configs[1:]))
    ratios = defaultdict(list)
    for p in projects:
        b = cells.get((p, base))
        row = "%-9s %9s" % (p, "%.3f" % statistics.median(b) if b else "fail")
        for c in configs[1:]:
            v = cells.get((p, c))
            if not b or not v or (p, c) in failed:
                row += " %12s" % "fail"
                continue
            r = statistics.median(v) / statistics.median(b)
            ratios[c].append(r)
            row += " %11.2fx" % r
        print(row)
    geo = {c: math.exp(statistics.mean(math.log(r) for r in ratios[c])) for c in ratios}
    print("%-9s %9s" % ("geomean", "") + "".join(
        " %11.2fx" % geo[c] if c in geo else " %12s" % "-" for c in configs[1:]))
    print("%-9s %9s" % ("worst", "") + "".join(
        " %11.2fx" % max(ratios[c]) if ratios[c] else " %12s" % "-" for c in configs[1:]))
    spread = [(max(v) - min(v)) / statistics.median(v) for (p, c), v in cells.items()
              if c == base and len(v) > 1]
    if spread:
        print("noise: base's (slowest - fastest) / median, median over projects: %.1f %%"
              % (100 * statistics.median(spread)))
    print()
    return geo, ratios


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    samples = [tuple(l.rstrip("\n").split("\t")) for l in open(argv[1]) if l.strip()]
    configs = argv[2:]
    run_geo, run_ratios = table(samples, "run", configs)
    build_geo, build_ratios = table(samples, "build", configs)
    if "sscc" in run_geo:
        clang = run_geo.get("clang-instr")
        checks = [
            ("run-time geomean <= 1.10x", run_geo["sscc"] <= 1.10),
            ("run-time geomean below clang -fprofile-instr-generate's",
             clang is not None and run_geo["sscc"] < clang),
            ("no workload above 1.30x", max(run_ratios["sscc"]) <= 1.30),
        ]
        if "sscc" in build_geo:
            checks.append(("build time <= 1.30x (geomean)", build_geo["sscc"] <= 1.30))
        for what, ok in checks:
            print("target %-58s %s" % (what + ":", "met" if ok else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
