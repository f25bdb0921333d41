#!/usr/bin/env python3
"""The verdict of bench/ideal.sh, from the summaries of its two parts.

    ideal_verdict.py --instructions PART1.json --time PART2.json

One line per target, "target met" or "NOT met" with the rows that missed
it, then the broken runs if there were any.  Exits 1 when a part reported a
broken run (a failed build or run, a wrong checksum, a missing experiment
file or ssprof figure), 0 otherwise: a missed target is a finding, not a
failure.
"""
import argparse
import json
import sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        return {"problems": [f"{path}: {e}"], "results": {}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--instructions", required=True)
    ap.add_argument("--time", required=True)
    opt = ap.parse_args()
    ins, tim = load(opt.instructions), load(opt.time)

    lines = []

    def verdict(title, checked, missed):
        if not checked:
            lines.append((title, "not measured (see the broken runs below)"))
        elif not missed:
            lines.append((title, f"target met ({len(checked)} of {len(checked)})"))
        else:
            lines.append((title, f"NOT met ({len(missed)} of {len(checked)}: "
                                 + ", ".join(missed) + ")"))

    res = ins.get("results", {})

    def diff(row, key):
        d = res[row].get(key)
        return "inf" if d == "inf" or d == float("inf") else f"{d:+.2f}%"
    checked = ins.get("checked", [])
    verdict("(a) ssprof = callgrind's program instructions, same run, within 0.1 %", checked,
            [f"{r} {diff(r, 'diff_same_run')}" for r in ins.get("fail_same_run", [])])
    verdict("(b) ssprof = callgrind's count of the plain build, within 2 %", checked,
            [f"{r} {diff(r, 'diff_plain')}" for r in ins.get("fail_plain", [])])
    below = tim.get("below", [])
    verdict("ideal time below measured, every example", [b[0] for b in below],
            [f"{r} {x:.2f}" for r, ok, x in below if not ok])
    kernels = tim.get("kernels", [])
    verdict("ideal within 25 % below measured, L1-resident kernels", [k[0] for k in kernels],
            [f"{r} {x:.2f}" for r, ok, x in kernels if not ok])

    print("Verdict")
    w = max(len(t) for t, _ in lines)
    for title, text in lines:
        print(f"  {title:<{w}}  {text}")
    missed = sum(1 for _, t in lines if t.startswith("NOT"))
    unmeasured = sum(1 for _, t in lines if t.startswith("not measured"))
    problems = ins.get("problems", []) + tim.get("problems", [])
    print(f"  {len(lines) - missed - unmeasured} of {len(lines)} targets met" +
          (f", {missed} NOT met" if missed else "") +
          (f", {unmeasured} not measured" if unmeasured else ""))
    if problems:
        print()
        print(f"Broken runs ({len(problems)}):")
        for p in problems:
            print(f"  {p}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
