#!/usr/bin/env python3
"""The tables of bench/corpus/cost.sh from its samples file.

usage: cost_report.py SAMPLES BASE CONFIG...

SAMPLES has lines `kind project config wall [cpu]` (kind: build or run;
seconds, "fail" for a failed run; cpu is user + system time).  Prints, per
project, base's median seconds and every configuration's median ratio to
base's run of the same round, the geometric mean over the projects, the
worst ratio, and whether sscc meets issue 32's targets: once for wall
time, and once for CPU time where the samples have it.
"""
import math
import statistics
import sys
from collections import defaultdict


def table(samples, kind, configs, clock):
    """Each configuration's ratio to base is the median of its per-round
    ratios, each run against base's run of the same round (the one just
    before it), so that a slow phase of the host spanning both cancels."""
    cells = defaultdict(list)  # in round order; None for a failed run
    for k, p, c, s in ((x[0], x[1], x[2], x[clock]) for x in samples):
        if k == kind:
            cells[(p, c)].append(None if s == "fail" else float(s))
    projects = sorted({x[1] for x in samples if x[0] == kind},
                      key=lambda p: [x[1] for x in samples].index(p))
    base = configs[0]
    title = ("run" if kind == "run" else "build") + (" time" if clock == WALL else " CPU time")
    print("%s (%s: median seconds; the others: median of the per-round ratios to %s's run)"
          % (title, base, base))
    print("%-9s %9s" % ("project", base) + "".join(" %12s" % c for c in configs[1:]))
    ratios = defaultdict(list)
    spreads = []
    for p in projects:
        b = cells.get((p, base))
        b_ok = b and None not in b
        row = "%-9s %9s" % (p, "%.3f" % statistics.median(b) if b_ok else "fail")
        for c in configs[1:]:
            v = cells.get((p, c))
            if not b_ok or not v or None in v or len(v) != len(b):
                row += " %12s" % "fail"
                continue
            per_round = [x / y for x, y in zip(v, b)]
            r = statistics.median(per_round)
            ratios[c].append(r)
            if c == "sscc" and len(per_round) > 1:
                spreads.append((max(per_round) - min(per_round)) / r)
            row += " %11.2fx" % r
        print(row)
    geo = {c: math.exp(statistics.mean(math.log(r) for r in ratios[c])) for c in ratios}
    print("%-9s %9s" % ("geomean", "") + "".join(
        " %11.2fx" % geo[c] if c in geo else " %12s" % "-" for c in configs[1:]))
    print("%-9s %9s" % ("worst", "") + "".join(
        " %11.2fx" % max(ratios[c]) if ratios[c] else " %12s" % "-" for c in configs[1:]))
    noise = [(max(v) - min(v)) / statistics.median(v) for (p, c), v in cells.items()
             if c == base and len(v) > 1 and None not in v]
    if noise:
        print("noise: base's (slowest - fastest) / median, median over projects: %.1f %%"
              % (100 * statistics.median(noise)))
    if spreads:
        print("       sscc's per-round ratios, (largest - smallest) / median, median over projects: %.1f %%"
              % (100 * statistics.median(spreads)))
    print()
    return geo, ratios


WALL, CPU = 3, 4


def report(samples, configs, clock):
    run_geo, run_ratios = table(samples, "run", configs, clock)
    build_geo, build_ratios = table(samples, "build", configs, clock)
    what = "wall" if clock == WALL else "CPU"
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
        for target, ok in checks:
            print("target (%s) %-58s %s" % (what, target + ":", "met" if ok else "NOT met"))
        print()


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    samples = [tuple(l.rstrip("\n").split("\t")) for l in open(argv[1]) if l.strip()]
    for n, x in enumerate(samples, 1):
        if len(x) <= WALL:
            sys.exit("cost_report: %s line %d: fewer than 4 fields" % (argv[1], n))
        for s in x[WALL:]:
            try:
                s == "fail" or float(s)
            except ValueError:
                sys.exit("cost_report: %s line %d: %r is neither seconds nor fail" % (argv[1], n, s))
    configs = argv[2:]
    report(samples, configs, WALL)
    with_cpu = [x for x in samples if len(x) > CPU]
    if with_cpu:
        report(with_cpu, configs, CPU)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
