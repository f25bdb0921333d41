#!/usr/bin/env python3
"""The table of bench/layout.sh, from the samples measure.py wrote.

    layout_report.py --samples SAMPLES.tsv --layouts LAYOUTS.tsv

LAYOUTS.tsv has lines "index<TAB>name<TAB>options": layout 0 is built as
configurations base and sscc, layout i > 0 as base-i and sscc-i.  For each
workload, one line per layout: base's and sscc's median wall time and their
ratio; then a line across the layouts: how far base's own medians spread
(slowest / fastest: what moving the same code does) and the ratio of sscc's
median of medians to base's (the counters' cost with the layout luck
averaged out).  A layout whose runs went wrong (see measure.py) shows the
word instead of a time and is left out of the summary line.
"""
import argparse
import statistics

from report import read_samples  # bench/lib/report.py: compare.sh's table


def read_layouts(path):
    """[(index, name)] in file order."""
    with open(path) as f:
        return [tuple(line.rstrip("\n").split("\t")[:2]) for line in f if line.strip()]


def config_name(kind, index):
    return kind if index == "0" else f"{kind}-{index}"


def median_or_word(runs):
    """(median seconds, None), or (None, what went wrong)."""
    if not runs:
        return None, "missing"
    statuses = {s for _, s in runs}
    for bad in ("nobuild", "failed", "mismatch", "noprofile"):
        if bad in statuses:
            return None, bad
    return statistics.median(t for t, _ in runs), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", required=True)
    ap.add_argument("--layouts", required=True)
    opt = ap.parse_args()
    runs, order, _kinds = read_samples(opt.samples)
    layouts = read_layouts(opt.layouts)
    reps = max((len(v) for v in runs.values()), default=0)
    print(f"Slowdown of sscc -O3 -fss-ideal against clang -O3 under {len(layouts)} code layouts "
          f"(median wall time of {reps} runs each)\n")
    width = max(len(name) for _, name in layouts)
    print(f"{'workload':<12} {'layout':<{width}}   base s   sscc s   sscc/base")
    for row in order:
        base_medians, sscc_medians = [], []
        for index, name in layouts:
            base, base_bad = median_or_word(runs.get((row, config_name("base", index)), []))
            sscc, sscc_bad = median_or_word(runs.get((row, config_name("sscc", index)), []))
            cells = [f"{base:8.3f}" if base else f"{base_bad:>8}",
                     f"{sscc:8.3f}" if sscc else f"{sscc_bad:>8}"]
            ratio = f"{sscc / base:10.2f}x" if base and sscc else f"{'-':>11}"
            print(f"{row:<12} {name:<{width}} {cells[0]} {cells[1]} {ratio}")
            if base and sscc:
                base_medians.append(base)
                sscc_medians.append(sscc)
        if base_medians:
            spread = max(base_medians) / min(base_medians)
            ratio = statistics.median(sscc_medians) / statistics.median(base_medians)
            print(f"{row:<12} across {len(base_medians)} layouts: base's own time spreads "
                  f"{spread:.2f}x (slowest/fastest); median of medians: sscc/base {ratio:.2f}x, "
                  f"sscc's per-layout ratios {min(s / b for s, b in zip(sscc_medians, base_medians)):.2f}x"
                  f" to {max(s / b for s, b in zip(sscc_medians, base_medians)):.2f}x")
        print()


if __name__ == "__main__":
    main()
