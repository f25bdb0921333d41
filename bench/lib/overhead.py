#!/usr/bin/env python3
"""How much slower programs run under ssrun's sampling experiments (and, for
reference, under perf record) than plain, all measured in this one run.

    overhead.py --bin-dir DIR --ssrun PATH --scratch DIR --samples OUT.tsv
                [--reps N] [--perf] WORKLOAD...

WORKLOAD is name[:arg,arg...]: the program DIR/name run with those arguments.

Runs are strictly one at a time.  Each workload first runs once plain,
untimed (its output, less lines mentioning "time", is what every other run
must print; it also warms the page cache).  Then each repetition runs every
workload in every configuration once, the configurations in an order rotated
by one each repetition, so that neither a slow drift of the machine nor a
fixed position in the sequence favours one of them.  A run happens in an
empty scratch directory ($_SPEEDSHOP_OUTPUT_DIRECTORY points there, and
perf writes its perf.data there); it is emptied between runs, outside the
timed part.  ssrun execs the program in its own place (same pid), so its
wall time is the program's plus the runtime's start-up, sampling and file
writing; perf's includes perf's own start-up and the writing of perf.data.

The times are the wall time of the process (time.perf_counter, monotonic)
and its CPU time (user + system of the process and everything it waited
for, from wait4).  The table gives each configuration's median wall time
over the plain median, as a slowdown in percent, their geometric mean over
the workloads (wall and CPU time), and the targets: pcsamp under 1%, fpcsamp
under 3%, usertime under 2%.

A run's status (samples file, and stderr when it is not "ok"): failed
(non-zero exit, a signal, the time limit), mismatch (output differs from
plain's), noprofile (ssrun wrote no <program>.<experiment>.m<pid>, perf no
perf.data).
"""
import argparse
import math
import os
import resource
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from measure import busy_cpus, checksum, run_once, run_problem  # noqa: E402

EXPERIMENTS = ["pcsamp", "fpcsamp", "usertime", "totaltime"]
TARGETS = {"pcsamp": 1.0, "fpcsamp": 3.0, "usertime": 2.0}
PERF = ["perf", "record", "-q", "-e", "cpu-clock", "-F", "1000", "-g", "-o", "perf.data", "--"]


def command(config, binary, args, ssrun):
    if config == "plain":
        return [binary] + args
    if config == "perf":
        return PERF + [binary] + args
    return [ssrun, "-" + config, binary] + args


def children_cpu():
    """User + system time of all reaped children so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def judge(config, program, rc, out, err, pid, expected, scratch):
    problem = run_problem(rc, out, err, expected, "plain")
    if problem:
        return problem
    written = os.listdir(scratch)
    if config == "perf" and "perf.data" not in written:
        return "noprofile", "no perf.data written"
    if config in EXPERIMENTS and f"{program}.{config}.m{pid}" not in written:
        return "noprofile", (f"no {program}.{config}.m{pid} written "
                             f"(found: {' '.join(written) or 'nothing'})")
    return "ok", None


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def pct(ratio):
    return "-" if ratio is None else f"{(ratio - 1) * 100:+.1f}%"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--ssrun", required=True)
    ap.add_argument("--scratch", required=True)
    ap.add_argument("--samples", required=True)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--perf", action="store_true", help="also time perf record -g")
    ap.add_argument("workloads", nargs="+")
    opt = ap.parse_args()

    configs = ["plain"] + EXPERIMENTS + (["perf"] if opt.perf else [])
    workloads = []
    for spec in opt.workloads:
        name, _, args = spec.partition(":")
        workloads.append((name, args.split(",") if args else []))
    env = dict(os.environ, _SPEEDSHOP_OUTPUT_DIRECTORY=opt.scratch)
    busy = busy_cpus()
    if busy is not None and busy > 0.15:
        print(f"overhead: warning: other processes keep {busy:.1f} CPUs busy; the times will be "
              "noisier", file=sys.stderr)

    times = {}  # (workload, config) -> [(wall, cpu)]
    expected, limit, usable = {}, {}, []
    problems = 0
    for name, args in workloads:
        binary = os.path.join(opt.bin_dir, name)
        wall, _, rc, out, err = run_once([binary] + args, opt.scratch, env, 600)
        if rc != 0:
            print(f"overhead: {name}: plain run failed (exit status {rc}), left out",
                  file=sys.stderr)
            problems += 1
            continue
        expected[name], limit[name] = checksum(out), max(60, 40 * wall)
        usable.append((name, args))
    print(f"overhead: {len(usable)} workloads x {len(configs)} configurations x {opt.reps} runs",
          file=sys.stderr)

    # What each configuration costs a program that does nothing: start-up
    # and writing the file (perf: its own start and finish).
    fixed = {}
    true = shutil.which("true")
    if true:
        for c in configs:
            walls = []
            for _ in range(5):
                wall, _, rc, _, _ = run_once(command(c, true, [], opt.ssrun), opt.scratch, env, 60)
                if rc == 0:
                    walls.append(wall)
            if walls:
                fixed[c] = statistics.median(walls)

    with open(opt.samples, "w") as samples:
        for rep in range(opt.reps):
            order = configs[rep % len(configs):] + configs[:rep % len(configs)]
            for name, args in usable:
                binary = os.path.join(opt.bin_dir, name)
                for c in order:
                    cpu0 = children_cpu()
                    wall, pid, rc, out, err = run_once(command(c, binary, args, opt.ssrun),
                                                          opt.scratch, env, limit[name])
                    cpu = children_cpu() - cpu0
                    status, message = judge(c, name, rc, out, err, pid, expected[name],
                                            opt.scratch)
                    if message:
                        print(f"overhead: {name}/{c}: {message}", file=sys.stderr)
                        problems += 1
                    samples.write(f"{name}\t{c}\t{rep}\t{wall:.6f}\t{cpu:.6f}\t{status}\n")
                    samples.flush()
                    if status == "ok":
                        times.setdefault((name, c), []).append((wall, cpu))
    shutil.rmtree(opt.scratch, ignore_errors=True)

    # ---- the table ----
    heads = {"plain": "plain", "perf": "perf -g"}
    cols = configs[1:]
    print(f"Overhead: median wall time of {opt.reps} interleaved runs under each experiment "
          "over plain's (slowdown)")
    name_w = max([len("geomean (CPU time)")] + [len(f"{n} {' '.join(a)}") for n, a in usable])
    line = f"  {'workload':<{name_w}} {'plain':>8} {'spread':>7}"
    for c in cols:
        line += f" {heads.get(c, c):>9}"
    print(line)
    ratios = {c: [] for c in cols}
    cpu_ratios = {c: [] for c in cols}
    for name, args in usable:
        base = times.get((name, "plain"), [])
        if not base:
            continue
        base_wall = statistics.median(w for w, _ in base)
        base_cpu = statistics.median(c for _, c in base)
        # The spread of plain's own runs, (max - min) / median: how far apart
        # two runs of the same thing land on this machine right now.
        spread = (max(w for w, _ in base) - min(w for w, _ in base)) / base_wall
        line = f"  {name + ' ' + ' '.join(args):<{name_w}} {base_wall:>7.3f}s {spread * 100:>6.1f}%"
        for c in cols:
            runs = times.get((name, c), [])
            if not runs:
                line += f" {'failed':>9}"
                continue
            r = statistics.median(w for w, _ in runs) / base_wall
            ratios[c].append(r)
            if base_cpu > 0:
                cpu_ratios[c].append(statistics.median(x for _, x in runs) / base_cpu)
            line += f" {pct(r):>9}"
        print(line)
    complete = {c: len(ratios[c]) == len(usable) for c in cols}
    line = f"  {'geomean (wall time)':<{name_w}} {'':>8} {'':>7}"
    for c in cols:
        line += f" {pct(geomean(ratios[c])) + ('' if complete[c] else '?'):>9}"
    print(line)
    line = f"  {'geomean (CPU time)':<{name_w}} {'':>8} {'':>7}"
    for c in cols:
        line += f" {pct(geomean(cpu_ratios[c])):>9}"
    print(line)
    line = f"  {'target (wall)':<{name_w}} {'':>8} {'':>7}"
    for c in cols:
        line += f" {('< ' + format(TARGETS[c], 'g') + '%') if c in TARGETS else '-':>9}"
    print(line)
    line = f"  {'verdict':<{name_w}} {'':>8} {'':>7}"
    verdicts = []
    for c in cols:
        g = geomean(ratios[c])
        if c not in TARGETS:
            v = "-"
        elif g is None or not complete[c]:
            v = "no data"
        else:
            v = "PASS" if (g - 1) * 100 < TARGETS[c] else "over"
        if c in TARGETS:
            verdicts.append(f"{c} {v}")
        line += f" {v:>9}"
    print(line)
    print("  (spread: plain's own (max - min) / median; '?' marks a geomean missing a workload)")
    if fixed:
        print("  fixed cost, median wall time of 5 runs of an empty program (true): "
              + ", ".join(f"{heads.get(c, c)} {fixed[c] * 1000:.1f} ms" for c in configs if c in fixed))
    print("overhead verdicts: " + ", ".join(verdicts))
    if problems:
        print(f"overhead: {problems} problems (see stderr)", file=sys.stderr)


if __name__ == "__main__":
    main()
