#!/usr/bin/env python3
"""The table of bench/compare.sh, from the samples measure.py wrote.

    report.py --samples SAMPLES.tsv --configs CONFIGS [--compile COMPILE.tsv]

One row per workload: the median wall time of the base build, then for each
other configuration the ratio of its median to base's (1.07x: 7 % slower).
A geometric mean row closes the single-threaded rows and another the
threaded ones.  A cell holds a word instead of a ratio when a run of it went
wrong (see measure.py): nobuild, failed, mismatch; a ratio marked "!" is from
runs that wrote no profile.  COMPILE.tsv holds lines "config<TAB>seconds" of
the timed compiles of sqlite3.c.
"""
import argparse
import math
import statistics
from collections import defaultdict


def read_samples(path):
    """{(row, config): [(seconds, status)]}, the rows in order, and each row's kind."""
    runs, order, kinds = defaultdict(list), [], {}
    with open(path) as f:
        for line in f:
            row, kind, config, _rep, secs, status = line.rstrip("\n").split("\t")
            if row not in kinds:
                order.append(row)
                kinds[row] = kind
            runs[row, config].append((float(secs), status))
    return runs, order, kinds


def cell(runs, base_median):
    """(text, ratio or None) for one configuration of one row."""
    statuses = {s for _, s in runs}
    for bad in ("nobuild", "failed", "mismatch"):
        if bad in statuses:
            return bad, None
    ratio = statistics.median(t for t, _ in runs) / base_median
    return f"{ratio:.2f}x" + ("!" if "noprofile" in statuses else ""), ratio


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", required=True)
    ap.add_argument("--configs", required=True)
    ap.add_argument("--compile")
    opt = ap.parse_args()

    with open(opt.configs) as f:
        configs = [line.split() for line in f if line.strip()]
    command = {c[0]: " ".join(c[2:]) for c in configs}
    others = [c[0] for c in configs if c[0] != "base"]
    threaded_only = {c[0] for c in configs if c[1] == "threaded"}
    runs, order, kinds = read_samples(opt.samples)
    reps = max((len(v) for v in runs.values()), default=0)

    width = {c: max(len(c), 7) for c in others}
    name_width = max([len(r) for r in order] + [26])
    print(f"Slowdown against {command['base']}, built and run in the same session: "
          f"median wall time of {reps} runs each, as a ratio to base's median.\n")

    def line(name, base, texts):
        cells = "  ".join(f"{t:>{width[c]}}" for c, t in zip(others, texts))
        print(f"{name:<{name_width}} {base:>7}  {cells}".rstrip())

    line("workload", "base s", others)
    footnotes = set()
    spreads = []

    def table_part(kind, title):
        rows = [r for r in order if kinds[r] == kind]
        if not rows:
            return
        ratios = defaultdict(list)
        for r in rows:
            base = [t for t, s in runs[r, "base"] if s == "ok"]
            if not base:
                line(r, "failed", [])
                continue
            base_median = statistics.median(base)
            spreads.append(((max(base) - min(base)) / base_median, r))
            texts = []
            for c in others:
                if c in threaded_only and kind != "threaded":
                    texts.append("")
                    continue
                text, ratio = cell(runs.get((r, c), [(0, "nobuild")]), base_median)
                if ratio is not None:
                    ratios[c].append(ratio)
                footnotes.update(ch for ch in text if ch == "!")
                texts.append(text)
            line(r, f"{base_median:.3f}", texts)
        texts = []
        for c in others:
            if c in threaded_only and kind != "threaded":
                texts.append("")
            elif not ratios[c]:
                texts.append("-")
            else:
                partial = len(ratios[c]) < len(rows)
                texts.append(f"{geomean(ratios[c]):.2f}x" + ("*" if partial else ""))
                if partial:
                    footnotes.add("*")
        line(f"geomean, {title}", "", texts)

    table_part("single", f"{sum(kinds[r] == 'single' for r in order)} single-threaded")
    print()
    table_part("threaded", f"{sum(kinds[r] == 'threaded' for r in order)} threaded")

    print()
    if "*" in footnotes:
        print("* over the rows that have a ratio in that column")
    if "!" in footnotes:
        print("! the build ran but wrote no profile file")
    for c in ["base"] + others:
        print(f"  {c:<{max(width.values())}}  {command[c]}" +
              ("  (threaded workloads only)" if c in threaded_only else ""))
    instrumented = [s for (_, c), v in runs.items() if c != "base" for _, s in v
                    if s in ("ok", "noprofile")]
    sscc_runs = sum(len(v) for (_, c), v in runs.items() if c == "sscc")
    if instrumented and "noprofile" not in instrumented:
        print(f"Every instrumented run wrote its profile, each of the {sscc_runs} sscc runs "
              "its <program>.ideal.m<pid>.")
    if spreads:
        spreads.sort()
        print(f"Noise: base's (slowest - fastest) / median is {100 * spreads[len(spreads) // 2][0]:.1f} % "
              f"for the median workload, {100 * spreads[-1][0]:.1f} % at worst ({spreads[-1][1]}).")

    if opt.compile:
        times = defaultdict(list)
        with open(opt.compile) as f:
            for line in f:
                config, secs = line.split()
                times[config].append(secs)
        print()
        if not times["base"] or "fail" in times["base"] + times["sscc"] or not times["sscc"]:
            print("Compile time of sqlite3.c: a timed compile failed, no ratio.")
        else:
            b = statistics.median(float(t) for t in times["base"])
            s = statistics.median(float(t) for t in times["sscc"])
            print(f"Compile time of sqlite3.c (-c, median of {len(times['base'])}): "
                  f"{command['base']} {b:.1f} s, {command['sscc']} {s:.1f} s: {s / b:.2f}x")


if __name__ == "__main__":
    main()
