#!/usr/bin/env python3
"""Part 1 of bench/ideal.sh: the instructions ssprof says a program executed
against valgrind's count of the same program's own instructions.

    ideal_instructions.py --bin-dir DIR --sources FILE --ssprof PATH --runs DIR
                          --summary OUT.json [--jobs N]
                          (--table bench/ideal-workloads.txt [--quick] [--skip PROGRAM]...
                           | ROW:PROGRAM[:ARGS]...)

DIR/plain/PROGRAM and DIR/sscc/PROGRAM are the two builds (bench/ideal.mk);
FILE is `make -f bench/ideal.mk sources` (program, then its C sources).
The workloads are the rows of the table (its valgrind or, with --quick,
vg-quick column) or given as ROW:PROGRAM:ARGS, ARGS comma-separated.

For each workload, three runs, all checked against each other's output
(less lines mentioning "time", as bench/lib/measure.py does):
  - the plain build natively: the reference output;
  - the sscc build under valgrind --tool=callgrind --dump-instr=yes: the
    program writes its <program>.ideal.m<pid> in that same run, so
    callgrind and ssprof -json see one execution;
  - the plain build under callgrind.
The valgrind runs go --jobs at a time (they are independent).

Counting the program's own instructions without ssprof: bench/lib/callgrind.py
reads how often each instruction address of the binary ran, and
bench/lib/linetable.py classifies each address by the binary's DWARF line
table (program / <ss-instrumentation> / not covered by the program's units).

  (a) ssprof's ideal.instructions against callgrind's program instructions
      of the sscc build, same run: target within 0.1 %.
  (b) the same ssprof figure against callgrind's program instructions of
      the plain build: within 2 %, i.e. instrumenting hardly changed the
      program's code.
  Per function (sscc build, same run): callgrind's program instructions of
  each function symbol against ssprof's functions[].instructions (merged by
  symbol: static functions of the same name in two units are added up on
  both sides).

Also checked on every callgrind file: the parser's per-function totals equal
callgrind_annotate's (--inclusive=no), so the parse of the compressed format
is right.  The summary JSON holds every figure for bench/lib/ideal_verdict.py.
"""
import argparse
import bisect
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind  # noqa: E402
import linetable  # noqa: E402
from measure import checksum  # noqa: E402

TARGET_SAME_RUN = 0.1  # percent
TARGET_PLAIN = 2.0     # percent
VALGRIND = ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--skip-plt=no", "--quiet"]


def read_table(path, quick=False, part="valgrind", skip=()):
    """The rows of bench/ideal-workloads.txt that run in one part
    ("valgrind" or "timed"): [{row, program, args (list), l1, note}]."""
    col = {"valgrind": 2, "timed": 4}[part] + (1 if quick else 0)
    rows = []
    with open(path) as f:
        for line in f:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split(None, 7)
            if len(fields) < 7:
                sys.exit(f"{path}: short line: {line.strip()}")
            args = fields[col]
            if args == "skip" or fields[1] in skip:
                continue
            rows.append({"row": fields[0], "program": fields[1],
                         "args": [] if args == "-" else args.split(","),
                         "l1": fields[6], "note": fields[7].strip() if len(fields) > 7 else ""})
    return rows


def read_sources(path):
    out = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if fields:
                out[fields[0]] = fields[1:]
    return out


def run(cmd, cwd, env, timeout=1800):
    """(exit status or "timeout", stdout, stderr)."""
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or "", e.stderr or ""
    return p.returncode, p.stdout, p.stderr


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def valgrind_run(binary, args, run_dir):
    """One callgrind run in an empty directory; (status, stdout, stderr)."""
    fresh_dir(run_dir)
    env = dict(os.environ, _SPEEDSHOP_OUTPUT_DIRECTORY=run_dir, TMPDIR=run_dir)
    cmd = VALGRIND + [f"--callgrind-out-file={run_dir}/callgrind.out.%p", "--", binary] + args
    rc, out, err = run(cmd, run_dir, env)
    with open(os.path.join(run_dir, "program.txt"), "w") as f:
        f.write(out)
    with open(os.path.join(run_dir, "stderr.txt"), "w") as f:
        f.write(err)
    return rc, out, err


def only_file(run_dir, prefix):
    files = sorted(f for f in os.listdir(run_dir) if f.startswith(prefix))
    return os.path.join(run_dir, files[0]) if len(files) == 1 else None, files


def annotate_check(path, prof):
    """None when callgrind_annotate's per-function self costs equal the
    parser's, else what differs."""
    out = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100",
                          "--auto=no", "--show-percs=no", path],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return f"callgrind_annotate failed: {out.stderr.strip()[-200:]}"
    theirs = defaultdict(int)
    total = None
    in_table = False
    for line in out.stdout.splitlines():
        m = re.match(r"^\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?(.*)$", line)
        if not m:
            continue
        count, rest = int(m.group(1).replace(",", "")), m.group(2)
        if rest.startswith("PROGRAM TOTALS"):
            total = count
            in_table = True
            continue
        if not in_table:
            continue
        # "file:function [object]"; the file may hold colons, the function not.
        rest = re.sub(r" \[[^\]]*\]$", "", rest)
        theirs[rest.rsplit(":", 1)[-1]] += count
    ours = defaultdict(int)
    for obj, fns in prof.costs.items():
        for fn, addrs in fns.items():
            ours[fn] += sum(addrs.values())
    if total != prof.total():
        return f"total {prof.total()} vs callgrind_annotate's {total}"
    bad = [fn for fn in set(ours) | set(theirs) if ours.get(fn, 0) != theirs.get(fn, 0)]
    if bad:
        fn = bad[0]
        return (f"{len(bad)} functions differ, e.g. {fn}: {ours.get(fn, 0)} vs "
                f"callgrind_annotate's {theirs.get(fn, 0)}")
    return None


def object_of(prof, binary):
    real = os.path.realpath(binary)
    for obj in prof.costs:
        if obj != "???" and os.path.exists(obj) and os.path.realpath(obj) == real:
            return obj
    return None


def classify_profile(prof, binary, sources):
    """{program, instrumentation, uncovered, functions: {symbol: program
    instructions}} of the binary's own object in a callgrind profile."""
    cls = linetable.Classifier(binary, sources)
    cls.claim_instrumentation_code(binary)
    obj = object_of(prof, binary)
    out = {"program": 0, "instrumentation": 0, "uncovered": 0, "line0": 0,
           "pointer_reloads": 0, "value_reloads": 0, "counter_starts": 0,
           "released": 0,
           "functions": defaultdict(int), "uncovered_functions": defaultdict(int),
           "addresses": defaultdict(int), "lines": defaultdict(int)}
    if obj is None:
        return out
    for fn, addrs in prof.costs[obj].items():
        name = callgrind.function_name(fn)
        for addr, n in addrs.items():
            kind = cls.classify_detail(addr)
            if kind in ("program", "program-line0"):
                out["program"] += n
                if kind == "program-line0":
                    out["line0"] += n
                out["functions"][name] += n
                out["addresses"][addr] += n
                if addr in cls.released:
                    out["released"] += n
                f, ln = cls.position(addr)
                out["lines"][f"{f}:{ln}" if ln else "line 0"] += n
            elif kind == "instrumentation":
                out["instrumentation"] += n
                if addr in cls.reloads:
                    out["pointer_reloads"] += n
                if addr in cls.value_reloads:
                    out["value_reloads"] += n
                if addr in cls.constants:
                    out["counter_starts"] += n
            else:
                out["uncovered"] += n
                out["uncovered_functions"][name] += n
    return out


def block_differences(addresses, blocks):
    """Where ssprof's machine blocks (ideal.blocks: address, size,
    instructions, count) and callgrind's program instructions disagree:
    [(address, function, ssprof's executed instructions, callgrind's in
    [address, address + size))] largest difference first, and callgrind's
    program instructions outside every listed block."""
    spans = []
    for b in blocks:
        try:
            spans.append((int(b["address"], 16), int(b["size"]), b.get("function", "?"),
                          int(b["instructions"]) * int(b["count"] or 0)))
        except (KeyError, TypeError, ValueError):
            continue
    spans.sort()
    starts = [s[0] for s in spans]
    seen = defaultdict(int)
    outside = 0
    for addr, n in addresses.items():
        i = bisect.bisect_right(starts, addr) - 1
        if i >= 0 and addr < spans[i][0] + spans[i][1]:
            seen[i] += n
        else:
            outside += n
    rows = [(f"{a:#x}", fn, ss, seen.get(i, 0)) for i, (a, _, fn, ss) in enumerate(spans)
            if ss != seen.get(i, 0)]
    rows.sort(key=lambda r: -abs(r[2] - r[3]))
    return rows, outside


def ssprof_ideal(ssprof, experiment, json_path):
    """(ideal member or None, {symbol: instructions}, error or None)."""
    p = subprocess.run([ssprof, "-json", experiment], capture_output=True, text=True)
    with open(json_path, "w") as f:
        f.write(p.stdout)
    if p.returncode != 0:
        return None, {}, (f"ssprof -json failed (exit status {p.returncode}): "
                          f"{(p.stderr.strip().splitlines() or [''])[-1]}")
    doc = json.loads(p.stdout)
    funcs = defaultdict(int)
    for fn in doc.get("functions", []):
        if "instructions" in fn and fn["instructions"] is not None:
            funcs[fn.get("symbol") or fn["name"]] += fn["instructions"]
    return doc.get("ideal"), funcs, None


def pct(a, b):
    """a against b in percent (b the reference)."""
    if b == 0:
        return 0.0 if a == 0 else float("inf")
    return (a - b) / b * 100.0


def fmt_pct(x):
    if x is None:
        return "-"
    if x == float("inf"):
        return "inf"
    return f"{x:+.3f}%"


def per_function(cg, ss):
    """Agreement of per-function counts: (compared, over 0.1 %, over 1 %,
    rows sorted by |difference| descending: (symbol, callgrind, ssprof, %))."""
    rows = []
    for sym in set(cg) | set(ss):
        c, s = cg.get(sym, 0), ss.get(sym, 0)
        if c == 0 and s == 0:
            continue
        rows.append((sym, c, s, pct(s, c)))
    rows.sort(key=lambda r: (-abs(r[2] - r[1]), r[0]))
    over01 = sum(1 for r in rows if abs(r[3]) > 0.1)
    over1 = sum(1 for r in rows if abs(r[3]) > 1.0)
    return len(rows), over01, over1, rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--sources", required=True)
    ap.add_argument("--ssprof", required=True)
    ap.add_argument("--runs", required=True)
    ap.add_argument("--summary", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--table")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--skip", action="append", default=[])
    ap.add_argument("workloads", nargs="*")
    opt = ap.parse_args()
    opt.bin_dir, opt.runs = os.path.abspath(opt.bin_dir), os.path.abspath(opt.runs)
    opt.ssprof = os.path.abspath(opt.ssprof)

    sources = read_sources(opt.sources)
    workloads = []
    if opt.table:
        for r in read_table(opt.table, opt.quick, "valgrind", set(opt.skip)):
            workloads.append((r["row"], r["program"], r["args"]))
    for spec in opt.workloads:
        row, program, args = (spec.split(":", 2) + [""])[:3]
        workloads.append((row, program, args.split(",") if args else []))

    problems = []
    results = {}
    # The reference outputs, natively (also: does every binary exist?).
    expected = {}
    for row, program, args in workloads:
        for config in ("plain", "sscc"):
            binary = os.path.join(opt.bin_dir, config, program)
            if not os.access(binary, os.X_OK):
                problems.append(f"{row}: no {config} build of {program}")
        if any(p.startswith(f"{row}: no ") for p in problems):
            continue
        d = fresh_dir(os.path.join(opt.runs, row, "native"))
        env = dict(os.environ, _SPEEDSHOP_OUTPUT_DIRECTORY=d, TMPDIR=d)
        rc, out, err = run([os.path.join(opt.bin_dir, "plain", program)] + args, d, env)
        if rc != 0:
            problems.append(f"{row}: plain build failed natively (exit status {rc}): "
                            f"{(err.strip().splitlines() or [''])[-1]}")
            continue
        expected[row] = checksum(out)

    todo = [(row, program, args, config) for row, program, args in workloads if row in expected
            for config in ("sscc", "plain")]
    print(f"ideal: {len(todo)} callgrind runs, {opt.jobs} at a time", file=sys.stderr, flush=True)
    outcome = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=opt.jobs) as pool:
        futures = {pool.submit(valgrind_run, os.path.join(opt.bin_dir, config, program), args,
                               os.path.join(opt.runs, row, config)): (row, config)
                   for row, program, args, config in todo}
        for fut in concurrent.futures.as_completed(futures):
            outcome[futures[fut]] = fut.result()

    for row, program, args in workloads:
        if row not in expected:
            continue
        r = {"row": row, "program": program, "args": ",".join(args) or "-"}
        results[row] = r
        srcs = sources.get(program)
        if not srcs:
            problems.append(f"{row}: no sources listed for {program}")
            continue
        broken = False
        for config in ("sscc", "plain"):
            rc, out, err = outcome[row, config]
            run_dir = os.path.join(opt.runs, row, config)
            if rc != 0:
                problems.append(f"{row}/{config} under callgrind: exit status {rc}: "
                                f"{(err.strip().splitlines() or [''])[-1]}")
                broken = True
                continue
            if checksum(out) != expected[row]:
                problems.append(f"{row}/{config} under callgrind: output differs from the native "
                                f"plain run's: {' / '.join(checksum(out))}")
                broken = True
                continue
            cg_file, found = only_file(run_dir, "callgrind.out.")
            if not cg_file:
                problems.append(f"{row}/{config}: expected one callgrind.out file, found "
                                f"{' '.join(found) or 'none'}")
                broken = True
                continue
            prof = callgrind.parse(cg_file)
            bad = annotate_check(cg_file, prof)
            r.setdefault("annotate", []).append(bad)
            if bad:
                problems.append(f"{row}/{config}: callgrind parser disagrees with "
                                f"callgrind_annotate: {bad}")
            binary = os.path.join(opt.bin_dir, config, program)
            c = classify_profile(prof, binary, srcs)
            r[config] = {"program": c["program"], "instrumentation": c["instrumentation"],
                         "uncovered": c["uncovered"], "line0": c["line0"],
                         "total": prof.total(),
                         "functions": dict(c["functions"]),
                         "uncovered_functions": dict(c["uncovered_functions"]),
                         "lines": dict(c["lines"])}
            if config == "sscc":
                exp_file, found = only_file(run_dir, f"{program}.ideal.m")
                if not exp_file:
                    problems.append(f"{row}/sscc under callgrind: expected one "
                                    f"{program}.ideal.m<pid>, found {' '.join(found) or 'none'}")
                    broken = True
                    continue
                ideal, funcs, err = ssprof_ideal(opt.ssprof, exp_file,
                                                 os.path.join(run_dir, "ssprof.json"))
                if err:
                    problems.append(f"{row}: {err}")
                    broken = True
                    continue
                if ideal is None:
                    problems.append(f"{row}: ssprof -json has no \"ideal\" member")
                    broken = True
                    continue
                r["ssprof"] = {"instructions": ideal.get("instructions"),
                               "cycles": ideal.get("cycles"),
                               "estimated_blocks": ideal.get("estimated_blocks"),
                               "functions": dict(funcs)}
                if isinstance(ideal.get("blocks"), list):
                    rows, outside = block_differences(c["addresses"], ideal["blocks"])
                    r["blocks"] = {"differ": len(rows), "listed": len(ideal["blocks"]),
                                   "callgrind_outside": outside, "rows": rows[:100]}
        r["broken"] = broken

    # ---- the tables ----
    name_w = max([len("workload")] + [len(r) for r in results])
    args_w = max([len("args")] + [len(r["args"]) for r in results.values()])

    def num(x):
        return "-" if x is None else f"{x:,}"

    print("1. Instructions executed: ssprof's count against callgrind's count of the program's own "
          "instructions")
    print("   (a) the sscc build, same run (target: within 0.1 %); (b) the plain clang build, same "
          "arguments (target: within 2 %)")
    print(f"  {'workload':<{name_w}} {'args':<{args_w}} {'callgrind sscc':>15} {'ssprof':>15} "
          f"{'(a) diff':>10} {'':>4} {'callgrind plain':>15} {'(b) diff':>10} {'':>4} "
          f"{'added':>6} {'line 0':>6} {'est.':>5}")
    a_fail, b_fail, checked = [], [], []
    for row, r in results.items():
        ss = r.get("ssprof") or {}
        n = ss.get("instructions")
        cs, cp = r.get("sscc", {}).get("program"), r.get("plain", {}).get("program")
        da = pct(n, cs) if n is not None and cs is not None else None
        db = pct(n, cp) if n is not None and cp is not None else None
        r["diff_same_run"], r["diff_plain"] = da, db
        ok_a = "" if da is None else ("ok" if abs(da) <= TARGET_SAME_RUN else "OVER")
        ok_b = "" if db is None else ("ok" if abs(db) <= TARGET_PLAIN else "OVER")
        if da is not None and db is not None:
            checked.append(row)
            if ok_a != "ok":
                a_fail.append(row)
            if ok_b != "ok":
                b_fail.append(row)
        added = line0 = "-"
        if cs:
            added = f"{100.0 * r['sscc']['instrumentation'] / cs:.1f}%"
            line0 = f"{100.0 * r['sscc']['line0'] / cs:.1f}%"
        est = ss.get("estimated_blocks")
        print(f"  {row:<{name_w}} {r['args']:<{args_w}} {num(cs):>15} {num(n):>15} "
              f"{fmt_pct(da):>10} {ok_a:>4} {num(cp):>15} {fmt_pct(db):>10} {ok_b:>4} "
              f"{added:>6} {line0:>6} {'-' if est is None else est:>5}")
    print("  callgrind sscc, plain: instructions executed at addresses that a line-table row of the "
          "program's own units covers,")
    print("    less those of rows naming <ss-instrumentation> with a line (bench/lib/linetable.py); "
          "ssprof: ideal.instructions")
    print("  added: callgrind's <ss-instrumentation> instructions (sscc build) over the program's; "
          "line 0: the program's")
    print("    instructions under line-0 rows that carry the <ss-instrumentation> file name (counted "
          "as the program's);")
    print("  est.: ssprof's ideal.estimated_blocks (executed machine blocks whose count is an "
          "estimate)")

    print()
    print("   Per function (sscc build, same run): callgrind's program instructions of each "
          "function symbol against ssprof's")
    print(f"  {'workload':<{name_w}} {'functions':>9} {'>0.1%':>6} {'>1%':>5}  "
          f"largest difference")
    details = []
    for row, r in results.items():
        if "ssprof" not in r or "sscc" not in r:
            print(f"  {row:<{name_w}} {'-':>9}")
            continue
        n, o01, o1, rows = per_function(r["sscc"]["functions"], r["ssprof"]["functions"])
        r["per_function"] = {"compared": n, "over_0.1": o01, "over_1": o1,
                             "rows": [list(x) for x in rows if abs(x[3]) > 0.1]}
        if not rows or rows[0][1] == rows[0][2]:
            worst = "none: every function's count is equal"
        else:
            worst = (f"{rows[0][0]}: callgrind {rows[0][1]:,}, ssprof {rows[0][2]:,} "
                     f"({fmt_pct(rows[0][3])}, {rows[0][2] - rows[0][1]:+,})")
        print(f"  {row:<{name_w}} {n:>9} {o01:>6} {o1:>5}  {worst}")
        if o01:
            details.append((row, [x for x in rows if abs(x[3]) > 0.1]))
    if details:
        print()
        print("   Functions over 0.1 %, at most 5 a workload, largest difference first "
              "(all of them: build/bench-ideal/instructions.json):")
        for row, rows in details:
            for sym, c, s, d in rows[:5]:
                print(f"    {row}: {sym}: callgrind {c:,}, ssprof {s:,} ({fmt_pct(d)}, "
                      f"{s - c:+,})")
            if len(rows) > 5:
                print(f"    {row}: ... and {len(rows) - 5} more")
    worst_blocks = [(row, r["blocks"]) for row, r in results.items()
                    if r.get("blocks") and (r["blocks"]["rows"] or r["blocks"]["callgrind_outside"])]
    if worst_blocks:
        print()
        print("   Machine blocks where ssprof's executed instructions (ideal.blocks: instructions x "
              "count) differ from callgrind's")
        print("   program instructions in the block's bytes, at most 3 a workload:")
        for row, b in worst_blocks:
            for addr, fn, ss, cg in b["rows"][:3]:
                print(f"    {row}: {fn} block {addr}: callgrind {cg:,}, ssprof {ss:,} ({ss - cg:+,})")
            more = b["differ"] - min(3, len(b["rows"]))
            tail = []
            if more > 0:
                tail.append(f"{more} more blocks differ")
            if b["callgrind_outside"]:
                tail.append(f"callgrind counts {b['callgrind_outside']:,} program instructions "
                            f"outside every block ssprof lists")
            if tail:
                print(f"    {row}: " + "; ".join(tail))
    changed = [(row, r) for row, r in results.items() if row in b_fail and "plain" in r]
    if changed:
        print()
        print("   Where the sscc build runs more or fewer program instructions than the plain build "
              "(b), by source line,")
        print("   at most 3 a workload (line 0: code without a line; a line's code may have moved "
              "to another):")
        for row, r in changed:
            ls, lp = r["sscc"]["lines"], r["plain"]["lines"]
            diffs = sorted(((k, ls.get(k, 0), lp.get(k, 0)) for k in set(ls) | set(lp)),
                           key=lambda x: (-abs(x[1] - x[2]), x[0]))
            for k, a, b in diffs[:3]:
                if a != b:
                    print(f"    {row}: {k}: sscc {a:,}, plain {b:,} ({a - b:+,})")
    ann = sum(1 for r in results.values() for a in r.get("annotate", []) if a is None)
    ann_all = sum(len(r.get("annotate", [])) for r in results.values())
    print()
    print(f"  callgrind.out parser: per-function totals equal callgrind_annotate's in {ann} of "
          f"{ann_all} files")

    summary = {"results": results, "problems": problems, "checked": checked,
               "fail_same_run": a_fail, "fail_plain": b_fail,
               "target_same_run": TARGET_SAME_RUN, "target_plain": TARGET_PLAIN}
    with open(opt.summary, "w") as f:
        json.dump(summary, f, indent=1, default=str)
    for p in problems:
        print(f"ideal: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
