#!/usr/bin/env python3
"""Time and peak memory of compiling each file with each compiler
configuration, in interleaved rounds; print medians and ratios to clang's.

    compile_cost.py --reps N --opt=-O2 [--opt=-O3] --config NAME=CMD ...
                    --out-dir DIR [--samples OUT.tsv] [--min-secs S] FILE...

Each --config is a name and a command (split at spaces) to which
"<opt> -c FILE -o DIR/<name>.o" is appended; the first one is the base
the ratios refer to.  Every round compiles every (file, level) with every
configuration once, base first, one compile at a time, so that a drift of
the machine's load affects all alike.  For each compile the wall time
(time.perf_counter), the CPU time (user + system) and the peak resident
set size come from os.wait4 on the compiler's process, which covers its
waited-for children (clang runs its compiler proper in-process).  A
compile shorter than --min-secs (default 2 s) is repeated within its turn
until that much time has passed, and counts as the mean of its runs.  CPU
time is the steadier figure on a shared machine; the ratios are of
medians.  A compile that fails prints its stderr and makes the script
exit 1 after the table.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def compile_once(cmd):
    """(wall s, cpu s, peak KiB, ok) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.stderr.write(f"compile-cost: failed ({proc.returncode}): "
                         f"{' '.join(cmd)}\n{err.decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, \
        proc.returncode == 0


def measure(cmd, min_secs):
    """compile_once, repeated until min_secs of wall time have passed: the
    mean wall and CPU time per compile, the largest peak, whether all
    succeeded.  A small file's compile is mostly start-up, which varies by
    more than a single run could tell apart."""
    runs = []
    while not runs or sum(r[0] for r in runs) < min_secs:
        runs.append(compile_once(cmd))
        if not runs[-1][3]:
            break
    n = len(runs)
    return (sum(r[0] for r in runs) / n, sum(r[1] for r in runs) / n,
            max(r[2] for r in runs), all(r[3] for r in runs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--opt", action="append", required=True)
    ap.add_argument("--config", action="append", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--samples")
    ap.add_argument("--min-secs", type=float, default=2.0)
    ap.add_argument("files", nargs="+")
    o = ap.parse_args()
    configs = []
    for c in o.config:
        name, _, cmd = c.partition("=")
        configs.append((name, cmd.split()))
    os.makedirs(o.out_dir, exist_ok=True)
    samples = {}  # (file, opt, config) -> [(wall, cpu, kib)]
    failed = False
    log = open(o.samples, "w") if o.samples else None
    for rep in range(o.reps):
        for f in o.files:
            for opt in o.opt:
                for name, cmd in configs:
                    obj = os.path.join(o.out_dir, name + ".o")
                    wall, cpu, kib, ok = measure(
                        cmd + [opt, "-c", f, "-o", obj], o.min_secs)
                    failed |= not ok
                    if ok:
                        samples.setdefault((f, opt, name), []).append(
                            (wall, cpu, kib))
                    if log:
                        print(os.path.basename(f), opt, name, rep,
                              f"{wall:.3f}", f"{cpu:.3f}", kib,
                              "ok" if ok else "failed", sep="\t", file=log)
                    print(f"compile-cost: round {rep + 1}/{o.reps} "
                          f"{os.path.basename(f)} {opt} {name}: "
                          f"{wall:.2f} s wall, {cpu:.2f} s cpu, "
                          f"{kib / 1024:.0f} MiB", file=sys.stderr)
    base = configs[0][0]
    print(f"Compile cost: medians of {o.reps} interleaved rounds; ratios to "
          f"{base}'s (wall, CPU = user + system, peak RSS)")
    head = f"{'file':<14} {'opt':<4} {'config':<14} {'wall s':>8} {'cpu s':>8}" \
           f" {'peak MiB':>9} {'wall x':>7} {'cpu x':>7} {'mem x':>7}"
    print(head)
    print("-" * len(head))
    for f in o.files:
        for opt in o.opt:
            med = {}
            for name, _ in configs:
                s = samples.get((f, opt, name))
                if s:
                    med[name] = tuple(statistics.median(x[i] for x in s)
                                      for i in range(3))
            for name, _ in configs:
                if name not in med:
                    print(f"{os.path.basename(f):<14} {opt:<4} {name:<14} failed")
                    continue
                w, c, k = med[name]
                line = (f"{os.path.basename(f):<14} {opt:<4} {name:<14} "
                        f"{w:8.2f} {c:8.2f} {k / 1024:9.0f}")
                if base in med:
                    bw, bc, bk = med[base]
                    line += f" {w / bw:7.3f} {c / bc:7.3f} {k / bk:7.3f}"
                print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
