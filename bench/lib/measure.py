#!/usr/bin/env python3
"""Time every workload of bench/workloads.txt in every configuration.

    measure.py --table bench/workloads.txt --configs CONFIGS --bin-dir DIR
               --samples OUT.tsv [--reps N] [--quick] [--skip PROGRAM]...
               [--keep-experiment DIR]

CONFIGS is the output of `make -f bench/Makefile configs` (name, kind,
command); the binary of a program in a configuration is DIR/<config>/<program>.

Runs are strictly one at a time.  Each workload first runs once untimed in
the base build (its output is what every other run must print), then each
repetition runs every configuration once, base first, so that a slow drift of
the machine affects all configurations alike.  Each run happens in an empty
scratch directory with every profiler's output pointed there; the directory
is emptied between runs, outside the timed part, so no profiler ever merges
into an earlier run's file.  The time is the wall time of the whole process
(start, run, writing the profile, exit) by time.perf_counter, a monotonic
clock.

A run's status, also reported on stderr when it is not "ok":
  failed     non-zero exit status, killed by a signal or by the time limit
  mismatch   the output, less lines mentioning "time", differs from base's
  noprofile  an instrumented build wrote no profile (for sscc: no
             <program>.ideal.m<pid>)
  nobuild    (one line per missing binary) the build failed
One line per run goes to the samples file: row, kind, config, rep, seconds,
status.  With --keep-experiment DIR the first sscc experiment file is copied
to DIR, for a look with ssprof.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time


def read_table(path, quick, skip):
    """The rows of workloads.txt as dicts, in file order."""
    rows = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            name, program, kind, full, small = fields
            if program in skip:
                continue
            args = small if quick else full
            rows.append({"row": name, "program": program, "kind": kind,
                         "args": [] if args == "-" else args.split(",")})
    return rows


def read_configs(path):
    """[(name, kind)] from `make configs`: kind is "all" or "threaded"."""
    with open(path) as f:
        return [tuple(line.split()[:2]) for line in f if line.strip()]


def checksum(stdout):
    """What must match base: the output less the lines reporting times."""
    return [l for l in stdout.splitlines() if "time" not in l.lower()]


def run_once(cmd, scratch, env, limit):
    """One timed run of the command list `cmd` in an empty scratch directory:
    (wall seconds, pid, status, stdout, stderr).  The CPU time is the
    caller's: communicate() reaps the child, whose rusage then adds to
    RUSAGE_CHILDREN."""
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=scratch, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return time.perf_counter() - start, proc.pid, "timeout", out, err
    return time.perf_counter() - start, proc.pid, proc.returncode, out, err


def run_problem(rc, out, err, expected, baseline):
    """("failed" | "mismatch", what to tell) when a run failed or printed
    other checksums than the baseline build's; None when it did neither."""
    if rc != 0:
        tail = (err.strip().splitlines() or [""])[-1]
        return "failed", f"exit status {rc}: {tail}"
    if checksum(out) != expected:
        return "mismatch", (f"output differs from {baseline}'s:\n  {baseline}: {' / '.join(expected)}\n"
                            f"  this: {' / '.join(checksum(out))}")
    return None


def judge(config, program, rc, out, err, pid, expected, scratch):
    """A run's status and, unless it is "ok", what to tell about it."""
    problem = run_problem(rc, out, err, expected, "base")
    if problem:
        return problem
    if config == "base" or config.startswith("base-"):
        return "ok", None  # plain builds (bench/layout.sh: base-1, base-2 ...) write nothing
    written = os.listdir(scratch)
    experiment = f"{program}.ideal.m{pid}"
    if config.startswith("sscc") and experiment not in written:
        return "noprofile", f"no {experiment} written (found: {' '.join(written) or 'nothing'})"
    if not written:
        return "noprofile", "no profile written"
    return "ok", None


def busy_cpus(seconds=1.0):
    """How many CPUs' worth of time something else is using right now (a
    short sample of /proc/stat; None where there is none)."""
    def sample():
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:9]]
        return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # busy, all (idle, iowait)
    try:
        busy0, all0 = sample()
        time.sleep(seconds)
        busy1, all1 = sample()
    except (OSError, ValueError):
        return None
    return (busy1 - busy0) / max(1, all1 - all0) * (os.cpu_count() or 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", required=True)
    ap.add_argument("--configs", required=True)
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--samples", required=True)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--skip", action="append", default=[])
    ap.add_argument("--keep-experiment")
    opt = ap.parse_args()

    rows = read_table(opt.table, opt.quick, set(opt.skip))
    configs = read_configs(opt.configs)
    if not configs or configs[0][0] != "base":
        sys.exit("measure: the first configuration must be base")
    scratch = os.path.join(opt.bin_dir, "scratch")
    # Every profiler writes into the scratch directory: clang's runtimes via
    # LLVM_PROFILE_FILE, gcov by prefixing the object's path (all of whose
    # directories are stripped), gprof and sscc into the working directory.
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(scratch, "%p.profraw"),
               GCOV_PREFIX=scratch, GCOV_PREFIX_STRIP="1000",
               _SPEEDSHOP_OUTPUT_DIRECTORY=scratch)
    kept = False
    problems = 0
    busy = busy_cpus()
    if busy is not None and busy > 0.15:
        print(f"measure: warning: other processes keep {busy:.1f} CPUs busy; the times will be "
              "noisier and threaded ones slower", file=sys.stderr)

    with open(opt.samples, "w") as samples:
        for row in rows:
            name = row["row"]
            wanted = [c for c, kind in configs if kind == "all" or row["kind"] == "threaded"]
            binaries = {c: os.path.join(opt.bin_dir, c, row["program"]) for c in wanted}
            missing = {c for c in wanted if not os.access(binaries[c], os.X_OK)}
            if "base" in missing:
                print(f"measure: {name}: no base build, row skipped", file=sys.stderr)
                problems += 1
                continue
            for c in sorted(missing):
                print(f"measure: {name}/{c}: not built", file=sys.stderr)
                samples.write(f"{name}\t{row['kind']}\t{c}\t0\t0\tnobuild\n")
            print(f"measure: {name} ({opt.reps} x {len(wanted) - len(missing)} runs)",
                  file=sys.stderr)

            # The untimed base run: the expected output, and a time limit
            # (generous, there only to get past a hung build).
            secs, _, rc, out, err = run_once([binaries["base"]] + row["args"], scratch, env, 600)
            if rc != 0:
                print(f"measure: {name}/base: exit status {rc}, row skipped", file=sys.stderr)
                problems += 1
                continue
            expected, limit = checksum(out), max(60, 40 * secs)

            for rep in range(opt.reps):
                for c in wanted:
                    if c in missing:
                        continue
                    secs, pid, rc, out, err = run_once([binaries[c]] + row["args"], scratch, env,
                                                       limit)
                    status, message = judge(c, row["program"], rc, out, err, pid, expected,
                                            scratch)
                    if message:
                        print(f"measure: {name}/{c}: {message}", file=sys.stderr)
                    if status == "ok" and c == "sscc" and opt.keep_experiment and not kept:
                        os.makedirs(opt.keep_experiment, exist_ok=True)
                        shutil.copy(os.path.join(scratch, f"{row['program']}.ideal.m{pid}"),
                                    opt.keep_experiment)
                        kept = True
                    problems += status != "ok"
                    samples.write(f"{name}\t{row['kind']}\t{c}\t{rep}\t{secs:.6f}\t{status}\n")
                    samples.flush()
    shutil.rmtree(scratch, ignore_errors=True)
    if problems:
        print(f"measure: {problems} problems (see above)", file=sys.stderr)


if __name__ == "__main__":
    main()
