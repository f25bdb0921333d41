#!/usr/bin/env python3
"""Part 2 of bench/ideal.sh: ssprof's ideal time against the time the plain
build really takes, at this machine's measured clock.

    ideal_time.py --bin-dir DIR --ssprof PATH --runs DIR --summary OUT.json
                  --table bench/ideal-workloads.txt [--quick] [--reps N]

DIR/plain/PROGRAM and DIR/sscc/PROGRAM are the two builds (bench/ideal.mk).

1. The clock.  The machine has no hardware counters and its nominal clock
   (/proc/cpuinfo) is not what it runs at under turbo, so calibrate (a chain
   of dependent adds, one cycle each; bench/workloads/calibrate.c) runs REPS
   times before and REPS times after the timed runs, and reports its own
   adds per CPU second: the median of all those runs is the clock passed to
   ssprof -clock.  Before and after are printed apart, as a check that the
   clock held still.
2. The measured time: the user time (wait4's ru_utime) of the plain build,
   median of REPS runs; each repetition runs every row once, in table order,
   so that a drift of the machine touches every row alike.  A row with much
   system time (5 % or more) runs 5 * REPS times, measured by the mean:
   the kernel splits CPU time into user and system at its tick, at random
   but without bias, so the mean of many runs converges where the median of
   a few is a tick off.
3. The ideal time: one run of the sscc build at the same arguments writes
   <program>.ideal.m<pid>; `ssprof -clock MHz -json` gives ideal.seconds.

Every run's output, less lines mentioning "time", must equal the first
plain run's (a checksum); a failed run, a different output or a missing
experiment file is a broken run.  Targets (bench/ideal-workloads.txt says
which rows are L1-resident kernels): ideal below measured for every
example, and within 25 % of it (ideal/measured >= 0.75) for L1-resident
compute kernels.  Nothing here asserts: the table says "met" or "NOT met".
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ideal_instructions import read_table  # noqa: E402
from measure import busy_cpus, checksum  # noqa: E402

KERNEL_WITHIN = 0.25
# A row whose system time is at least this share of its CPU time is timed
# SPLIT_RUNS times as often, and measured by the mean of its user times.
SPLIT_SHARE = 0.05
SPLIT_RUNS = 5


def run_timed(cmd, run_dir):
    """Run in an emptied directory: (status, (user, system seconds), stdout,
    stderr)."""
    shutil.rmtree(run_dir, ignore_errors=True)
    os.makedirs(run_dir)
    env = dict(os.environ, _SPEEDSHOP_OUTPUT_DIRECTORY=run_dir, TMPDIR=run_dir)
    out_path, err_path = os.path.join(run_dir, "program.txt"), os.path.join(run_dir, "stderr.txt")
    with open(out_path, "w") as out, open(err_path, "w") as err:
        proc = subprocess.Popen(cmd, cwd=run_dir, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    with open(out_path) as f:
        stdout = f.read()
    with open(err_path) as f:
        stderr = f.read()
    return proc.returncode, (usage.ru_utime, usage.ru_stime), stdout, stderr


def last_line(text):
    return (text.strip().splitlines() or [""])[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--ssprof", required=True)
    ap.add_argument("--runs", required=True)
    ap.add_argument("--summary", required=True)
    ap.add_argument("--table", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--reps", type=int, default=5)
    opt = ap.parse_args()
    bin_dir, runs = os.path.abspath(opt.bin_dir), os.path.abspath(opt.runs)
    ssprof = os.path.abspath(opt.ssprof)

    rows = read_table(opt.table, opt.quick, "timed")
    calib = [r for r in rows if r["l1"] == "self"]
    if not calib:
        sys.exit("ideal_time: the table has no calibration row (l1 = self)")
    cal = calib[0]
    problems = []
    for r in rows:
        for config in ("plain", "sscc"):
            if not os.access(os.path.join(bin_dir, config, r["program"]), os.X_OK):
                problems.append(f"{r['row']}: no {config} build of {r['program']}")
    if problems:
        for p in problems:
            print(f"ideal: {p}", file=sys.stderr)
        with open(opt.summary, "w") as f:
            json.dump({"problems": problems, "results": {}}, f)
        return 1
    busy = busy_cpus()
    if busy is not None and busy > 0.15:
        print(f"ideal: warning: other processes keep {busy:.1f} CPUs busy; the times will be "
              "noisier", file=sys.stderr)

    def plain(r, tag):
        return run_timed([os.path.join(bin_dir, "plain", r["program"])] + r["args"],
                         os.path.join(runs, r["row"], tag))

    # ---- the clock, before ----
    def calibrate(tag):
        mhz = []
        for i in range(opt.reps):
            rc, _, out, err = plain(cal, f"{tag}{i}")
            m = re.search(r"clock ([\d.]+) MHz", out)
            if rc != 0 or not m:
                problems.append(f"calibrate failed (exit status {rc}): {last_line(err or out)}")
                return mhz
            mhz.append(float(m.group(1)))
        return mhz

    print(f"ideal: calibrating the clock ({opt.reps} runs)", file=sys.stderr, flush=True)
    before = calibrate("calibrate-before-")

    # ---- the measured times ----
    expected, user, system = {}, {r["row"]: [] for r in rows}, {r["row"]: [] for r in rows}
    print(f"ideal: timing {len(rows)} plain builds, {opt.reps} runs each", file=sys.stderr,
          flush=True)

    def time_once(r, first):
        if r["row"] in expected and expected[r["row"]] is None:
            return  # already broken
        rc, secs, out, err = plain(r, "plain")
        if rc != 0:
            problems.append(f"{r['row']}/plain: exit status {rc}: {last_line(err)}")
            expected[r["row"]] = None
            return
        if first:
            expected[r["row"]] = checksum(out)
            return
        if checksum(out) != expected[r["row"]]:
            problems.append(f"{r['row']}/plain: output differs from its first run's")
            expected[r["row"]] = None
            return
        user[r["row"]].append(secs[0])
        system[r["row"]].append(secs[1])

    for rep in range(opt.reps + 1):  # run 0: untimed, the expected output and a warm cache
        for r in rows:
            time_once(r, rep == 0)

    # ---- rows whose time the tick splits: more runs, and their mean ----
    # The kernel splits a process's CPU time into user and system time at its
    # tick (4 ms at 250 Hz): a run of a few ticks with much system time gets a
    # tick of user time more or less at random, without bias.  The median of
    # a few such runs is a tick or so off (io: 0.035 to 0.047 s from one
    # bench run to the next); the mean of many is steadier.
    # (The system time is split at random too: the choice goes by the mean.)
    split = [r for r in rows if user[r["row"]] and
             statistics.fmean(system[r["row"]]) >=
             SPLIT_SHARE * (statistics.fmean(user[r["row"]]) +
                            statistics.fmean(system[r["row"]]))]
    if split:
        print(f"ideal: {', '.join(r['row'] for r in split)}: much system time, "
              f"{(SPLIT_RUNS - 1) * opt.reps} more runs", file=sys.stderr, flush=True)
    for _ in range((SPLIT_RUNS - 1) * opt.reps):
        for r in split:
            time_once(r, False)

    # ---- the clock, after ----
    after = calibrate("calibrate-after-")
    clock = statistics.median(before + after) if before + after else None

    # ---- ideal time: one sscc run each, then ssprof at the measured clock ----
    results = {}
    for r in rows:
        row = r["row"]
        res = {"row": row, "program": r["program"], "args": ",".join(r["args"]) or "-",
               "l1": r["l1"], "note": r["note"], "user": user[row], "system": system[row]}
        results[row] = res
        if expected.get(row) is None or clock is None:
            continue
        run_dir = os.path.join(runs, row, "sscc")
        rc, _, out, err = run_timed([os.path.join(bin_dir, "sscc", r["program"])] + r["args"],
                                    run_dir)
        if rc != 0:
            problems.append(f"{row}/sscc: exit status {rc}: {last_line(err)}")
            continue
        if checksum(out) != expected[row]:
            problems.append(f"{row}/sscc: output differs from the plain build's: "
                            f"{' / '.join(checksum(out))}")
            continue
        files = [f for f in os.listdir(run_dir) if f.startswith(f"{r['program']}.ideal.m")]
        if len(files) != 1:
            problems.append(f"{row}/sscc: expected one {r['program']}.ideal.m<pid>, found "
                            f"{' '.join(files) or 'none'}")
            continue
        # IDEAL_CPU: the LLVM name of the host's core, where LLVM's own
        # guess is wrong (docs/bench-ideal.md)
        cpu = ["-cpu", os.environ["IDEAL_CPU"]] if os.environ.get("IDEAL_CPU") else []
        p = subprocess.run([ssprof] + cpu + ["-clock", f"{clock:.1f}", "-json",
                            os.path.join(run_dir, files[0])], capture_output=True, text=True)
        with open(os.path.join(run_dir, "ssprof.json"), "w") as f:
            f.write(p.stdout)
        if p.returncode != 0:
            problems.append(f"{row}: ssprof -json failed (exit status {p.returncode}): "
                            f"{last_line(p.stderr)}")
            continue
        ideal = json.loads(p.stdout).get("ideal")
        if not ideal:
            problems.append(f"{row}: ssprof -json has no \"ideal\" member")
            continue
        res["ideal"] = ideal

    # ---- the table ----
    name_w = max([len("workload")] + [len(r["row"]) for r in rows])
    args_w = max([len("args")] + [len(",".join(r["args"]) or "-") for r in rows])
    print(f"2. Ideal time against measured time: user time of the plain build (median of "
          f"{opt.reps} runs; *: mean of {SPLIT_RUNS * opt.reps}) against ssprof's ideal.seconds")
    if before and after:
        print(f"   clock {clock:.0f} MHz, measured by calibrate (median of {len(before + after)} "
              f"runs; {statistics.median(before):.0f} MHz before the timed runs, "
              f"{statistics.median(after):.0f} MHz after; /proc/cpuinfo says "
              f"{nominal_mhz() or '?'} MHz)")
    print(f"  {'workload':<{name_w}} {'args':<{args_w}} {'L1':>4} {'measured s':>10} "
          f"{'spread':>7} {'sys s':>6} {'ideal s':>9} {'ideal/meas.':>11} {'CPI':>5} {'est.':>5}  "
          f"target")
    below, kernels = [], []
    for r in rows:
        res = results[r["row"]]
        times = res["user"]
        by_mean = r in split
        meas = (statistics.fmean(times) if by_mean else statistics.median(times)) \
            if times else None
        res["measured_by"] = "mean" if by_mean else "median"
        ideal = res.get("ideal")
        secs = ideal.get("seconds") if ideal else None
        ratio = secs / meas if secs is not None and meas else None
        res["measured"], res["ideal_seconds"], res["ratio"] = meas, secs, ratio
        l1 = {"kernel": "yes", "l1": "yes", "self": "yes", "no": "no"}.get(r["l1"], "?")
        if r["l1"] == "self":
            target = "self-check: expect about 1.00"
            res["target"] = None
        elif ratio is None:
            target = "-"
            res["target"] = None
        else:
            ok = ratio < 1.0
            want = "ideal < measured"
            if r["l1"] == "kernel":
                ok = ok and ratio >= 1.0 - KERNEL_WITHIN
                want = "ideal < measured, within 25 %"
            target = f"{want}: {'met' if ok else 'NOT met'}"
            res["target"] = ok
            below.append((r["row"], ratio < 1.0, ratio))
            if r["l1"] == "kernel":
                kernels.append((r["row"], ok, ratio))
        spread = (f"{100 * (max(times) - min(times)) / meas:.1f}%" if times and meas else "-")
        sys_text = f"{statistics.median(res['system']):.3f}" if res["system"] else "-"
        cpi = ideal.get("cycles_per_instruction") if ideal else None
        est = ideal.get("estimated_blocks") if ideal else None
        print(f"  {r['row']:<{name_w}} {res['args']:<{args_w}} {l1:>4} "
              f"{'-' if meas is None else f'{meas:.3f}' + ('*' if by_mean else ''):>10} "
              f"{spread:>7} "
              f"{sys_text:>6} "
              f"{'-' if secs is None else f'{secs:.3f}':>9} "
              f"{'-' if ratio is None else f'{ratio:.2f}':>11} "
              f"{'-' if cpi is None else f'{cpi:.2f}':>5} {'-' if est is None else est:>5}  {target}")
    print("  L1: the working set at these arguments fits in the 48 KiB L1D; working sets:")
    for r in rows:
        kind = {"kernel": "L1-resident compute kernel", "l1": "L1-resident, not a compute kernel",
                "self": "the clock calibration", "no": "beyond L1"}.get(r["l1"], r["l1"])
        print(f"    {r['row']}: {kind}: {r['note']}")
    print("  measured: user time of the whole process (start-up, libc and libm included; the kernel "
          "splits CPU time into user and")
    print("    system at its tick, so a run with much system time (sys s) has a few ticks of noise); "
          f"*: system time {100 * SPLIT_SHARE:.0f} % or more")
    print(f"    of the CPU time: the mean of {SPLIT_RUNS * opt.reps} runs; "
          "ideal: the program's own code only,")
    print("    every load an L1 hit (a lower bound); CPI: ssprof's ideal cycles per instruction; "
          "est.: ssprof's estimated_blocks")

    summary = {"results": results, "problems": problems, "clock_mhz": clock,
               "clock_before": before, "clock_after": after, "below": below,
               "kernels": kernels}
    with open(opt.summary, "w") as f:
        json.dump(summary, f, indent=1)
    for p in problems:
        print(f"ideal: {p}", file=sys.stderr)
    return 1 if problems else 0


def nominal_mhz():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return f"{float(line.split(':')[1]):.0f}"
    except (OSError, ValueError):
        pass
    return None


if __name__ == "__main__":
    sys.exit(main())
