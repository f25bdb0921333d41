#!/usr/bin/env python3
"""The attribution tables of bench/sampling.sh: what the program measured
itself against what ssprof (and perf) attribute to each function.

    sampling_report.py attrib --tick HZ RUN...
    sampling_report.py blocked --tick HZ --totaltime RUN --usertime RUN

A RUN is a directory bench/sampling.sh filled for one run:
    meta          key=value lines: experiment, threads, label (the table's
                  title), command (as run), shared (1: the run shared its CPU
                  with busy loops on purpose)
    program.txt   the program's own report (bench/workloads/split_*.c)
    ssprof.json   ssprof -json of the run's experiment file
    perf.txt      (optional) perf report -F sample,sym -t '|' of perf record
                  -e cpu-clock -F 1000 on the same run

Percentages are of all samples (ssprof: the run's samples, every thread; perf:
every sample of the process, kernel ones included) and, for the program, of
the process's CPU time (CLOCK_PROCESS_CPUTIME_ID at the end) or of its
threads' summed wall time.  "other" is everything outside the listed
functions.  A difference over --limit points (default 3) is flagged, with
how many standard deviations of sampling error (below) it amounts to.

Statistical error: a share p estimated from N independent samples has a
standard deviation of sqrt(p (1 - p) / N).  The kernel checks CPU-time
timers only at its tick, so a timer shorter than the tick (fpcsamp's 1 ms at
HZ=250) expires several times between two checks and those samples share one
PC: N is then the number of ticks (samples x interval x HZ), not the number
of samples.  perf's cpu-clock and totaltime's CLOCK_MONOTONIC timers are
high-resolution timers: every sample counts.
"""
import argparse
import json
import math
import os
import sys

LIMIT = 3.0


def read_meta(run):
    meta = {}
    with open(os.path.join(run, "meta")) as f:
        for line in f:
            key, _, value = line.rstrip("\n").partition("=")
            meta[key] = value
    return meta


def read_program(run):
    """{(kind, name): percent} from the program's 'kind name percent' lines."""
    shares, head = {}, ""
    with open(os.path.join(run, "program.txt")) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 3 and fields[0] in ("share", "incl", "wall", "cpu"):
                shares[(fields[0], fields[1])] = float(fields[2])
            elif fields and fields[0].endswith(":"):
                head = line.strip()
    return shares, head


class Profile:
    """ssprof -json of a sampling experiment."""

    def __init__(self, run):
        path = os.path.join(run, "ssprof.json")
        with open(path) as f:
            doc = json.load(f)
        s = doc.get("sampling")
        if s is None:
            raise SystemExit(f"sampling_report: {path}: no 'sampling' member (not a sampling "
                             "experiment, or ssprof -json does not describe one yet)")
        self.samples = s["samples"]
        self.incomplete = s.get("incomplete", 0)
        self.lost = s.get("lost", 0)
        self.threads = s.get("threads")
        self.interval_ms = s["interval_ns"] / 1e6
        self.excl, self.incl, self.dso = {}, {}, {}
        for fn in doc.get("functions", []):
            name = fn["name"]
            # A name can come from two DSOs (a static function): add them up.
            self.excl[name] = self.excl.get(name, 0) + fn["exclusive_samples"]
            self.incl[name] = self.incl.get(name, 0) + fn["inclusive_samples"]
            self.dso.setdefault(name, fn.get("dso", "?"))
        self.edges = {}
        for e in doc.get("callgraph", []):
            key = (e["caller"], e["callee"])
            self.edges[key] = self.edges.get(key, 0) + e["samples"]
        self.warnings = doc.get("warnings", [])
        # Involuntary context switches (getrusage of the whole process): how
        # often its threads were time-sliced, which biases CPU-time timers.
        self.nivcsw = sum((f.get("usage") or {}).get("nivcsw", 0) for f in doc.get("files", []))

    def pct(self, samples):
        return 100.0 * samples / self.samples if self.samples else 0.0

    def excl_pct(self, name):
        return self.pct(self.excl.get(name, 0))

    def incl_pct(self, name):
        return self.pct(self.incl.get(name, 0))


class Perf:
    """perf report -F sample,sym -t '|': samples per symbol."""

    def __init__(self, run):
        self.by_sym, self.samples = {}, 0
        path = os.path.join(run, "perf.txt")
        if not os.path.exists(path):
            self.samples = None
            return
        with open(path) as f:
            for line in f:
                if line.startswith("#") or "|" not in line:
                    continue
                count, _, sym = line.partition("|")
                sym = sym.strip()
                # "[.] name" (user) or "[k] name" (kernel)
                if sym[:1] == "[" and "] " in sym:
                    sym = sym.split("] ", 1)[1]
                n = int(count)
                self.by_sym[sym] = self.by_sym.get(sym, 0) + n
                self.samples += n

    def pct(self, name):
        if not self.samples:
            return None
        return 100.0 * self.by_sym.get(name, 0) / self.samples


def independent(samples, interval_ms, tick_hz, hrtimer):
    """How many independent samples `samples` timer samples are worth."""
    if hrtimer or not tick_hz:
        return samples
    tick_ms = 1000.0 / tick_hz
    return samples * min(1.0, interval_ms / tick_ms)


def sigma(p_pct, n):
    if not n or p_pct is None:
        return float("nan")
    p = p_pct / 100.0
    return 100.0 * math.sqrt(p * (1 - p) / n)


def fmt(v, signed=False):
    if v is None:
        return "-"
    v = round(v, 2) + 0.0  # no "-0.00"
    return f"{v:+.2f}" if signed else f"{v:.2f}"


def flag(*diffs):
    """The flag for a row: diffs are (difference, sigma) pairs, either of
    them None when unknown; sigma None for a difference that should be 0
    exactly.  The flag says how many sigmas the largest flagged one is."""
    over = [(d, sd) for d, sd in diffs if d is not None and abs(d) > LIMIT]
    if not over:
        return ""
    d, sd = max(over, key=lambda x: abs(x[0]))
    if sd is None or sd == 0 or math.isnan(sd):
        return f"  <-- over {LIMIT:g} points"
    return f"  <-- over {LIMIT:g} points ({abs(d) / sd:.1f} sigma)"


def check_names(prof, names, run):
    missing = [n for n in names if n not in prof.excl]
    if missing:
        print(f"  warning: ssprof attributes no sample to {', '.join(missing)} "
              f"({run}/ssprof.json)")


# ---- attrib ----

WORKERS = ["work_fp", "work_int", "work_mem", "work_branch", "work_div"]
PAIR = "pair_mem_branch"


def attrib(opt):
    flags = rows = shared_flags = 0
    incl_rows = []
    for run in opt.runs:
        meta = read_meta(run)
        shares, head = read_program(run)
        prof, perf = Profile(run), Perf(run)
        exp = meta["experiment"]
        shared = meta.get("shared") == "1"
        n_ss = independent(prof.samples, prof.interval_ms, opt.tick, False)
        big = max(shares.get(("share", w), 0) for w in WORKERS)
        print(f"{meta['label']}: {meta['command']}")
        print(f"  program: {head}; {prof.nivcsw} involuntary context switches")
        note = ""
        if n_ss < prof.samples * 0.99:
            note = f" (worth about {n_ss:.0f} independent ones: the {opt.tick:g} Hz tick)"
        print(f"  ssprof: {prof.samples} samples at {prof.interval_ms:g} ms{note}, "
              f"1 sigma {sigma(big, n_ss):.2f} points at {big:.0f}%"
              + (f"; {prof.incomplete} incomplete stacks" if prof.incomplete else "")
              + (f"; {prof.lost} lost" if prof.lost else ""))
        if perf.samples is not None:
            print(f"  perf:   {perf.samples} samples at 1 ms (same run), "
                  f"1 sigma {sigma(big, perf.samples):.2f} points at {big:.0f}%")
        check_names(prof, WORKERS, run)
        print(f"  {'function':<14} {'program%':>9} {'ssprof%':>8} {'diff':>7} {'perf%':>8} "
              f"{'diff':>7}")
        ss_known = perf_known = 0.0
        for name in WORKERS + ["other"]:
            own = shares.get(("share", name))
            if name == "other":
                ss = 100.0 - ss_known
                pf = None if not perf.samples else 100.0 - perf_known
            else:
                ss = prof.excl_pct(name)
                pf = perf.pct(name)
                ss_known += ss
                perf_known += pf or 0.0
            d_ss = ss - own
            d_pf = None if pf is None else pf - own
            f = flag((d_ss, sigma(own, n_ss)), (d_pf, sigma(own, perf.samples)))
            flags += bool(f)
            shared_flags += bool(f) and shared
            rows += 1
            print(f"  {name:<14} {fmt(own):>9} {fmt(ss):>8} {fmt(d_ss, True):>7} {fmt(pf):>8} "
                  f"{fmt(d_pf, True):>7}{f}")
        if prof.warnings:
            for w in prof.warnings:
                print(f"  ssprof warning: {w}")
        if exp == "usertime":
            incl_rows.append((meta, shares, prof, n_ss))
        print()

    for i, (meta, shares, prof, n_ss) in enumerate(incl_rows):
        if i == 0:
            print(f"usertime inclusive: {PAIR} does nothing but call work_mem and work_branch, "
                  "so its inclusive share is theirs")
            print(f"  {'run':<11} {'program%':>8} {'ssprof%':>8} {'diff':>7}   "
                  f"{'ssprof incl(work_mem)+incl(work_branch)':>40} {'incl(pair)-sum':>14}")
        own = shares.get(("incl", PAIR))
        ss = prof.incl_pct(PAIR)
        parts = prof.incl_pct("work_mem") + prof.incl_pct("work_branch")
        d_own, d_sum = ss - own, ss - parts
        f = flag((d_own, sigma(own, n_ss)), (d_sum, None))
        flags += bool(f)
        rows += 1
        threads = meta["threads"] + (" thread" if meta["threads"] == "1" else " threads")
        print(f"  {threads:<11} {fmt(own):>8} {fmt(ss):>8} "
              f"{fmt(d_own, True):>7}   {fmt(parts):>40} {fmt(d_sum, True):>14}{f}")
    if incl_rows:
        print()
    shared_note = (f" ({shared_flags} of them in the run sharing its CPU, where a bias is "
                   "expected)" if shared_flags else "")
    print(f"attribution: {flags} of {rows} rows differ by more than {LIMIT:g} points{shared_note}")


# ---- blocked ----

FUNCS = ["compute", "nap", "wait_pipe"]


def callees(prof, caller):
    """'callee pct%' for the callees the samples found under caller."""
    found = sorted(((n, c) for (a, c), n in prof.edges.items() if a == caller), reverse=True)
    return ", ".join(f"{c} ({prof.dso.get(c, '?')}) {prof.pct(n):.1f}%" for n, c in found[:2])


def blocked(opt):
    t_meta, u_meta = read_meta(opt.totaltime), read_meta(opt.usertime)
    t_own, t_head = read_program(opt.totaltime)
    u_own, u_head = read_program(opt.usertime)
    tt, ut = Profile(opt.totaltime), Profile(opt.usertime)
    n_tt = independent(tt.samples, tt.interval_ms, opt.tick, True)
    n_ut = independent(ut.samples, ut.interval_ms, opt.tick, False)
    print(f"totaltime: {t_meta['command']}")
    print(f"  program: {t_head}; {tt.nivcsw} involuntary context switches")
    print(f"  ssprof: {tt.samples} samples at {tt.interval_ms:g} ms of wall-clock time, "
          f"1 sigma {sigma(40, n_tt):.2f} points at 40%")
    print(f"usertime: {u_meta['command']}")
    print(f"  program: {u_head}; {ut.nivcsw} involuntary context switches")
    print(f"  ssprof: {ut.samples} samples at {ut.interval_ms:g} ms of CPU time, "
          f"1 sigma {sigma(2, n_ut):.2f} points at 2%, {sigma(50, n_ut):.2f} at 50%")
    check_names(tt, FUNCS, opt.totaltime)
    check_names(ut, ["compute"], opt.usertime)
    print(f"  {'function':<10} {'wall%':>7} {'totaltime%':>10} {'diff':>7}   {'cpu%':>7} "
          f"{'usertime%':>9} {'diff':>7}   (program's, then ssprof's inclusive)")
    flags = 0
    t_known = u_known = 0.0
    for name in FUNCS + ["other"]:
        w_own, c_own = t_own.get(("wall", name)), u_own.get(("cpu", name))
        if name == "other":
            t, u = 100.0 - t_known, 100.0 - u_known
        else:
            t, u = tt.incl_pct(name), ut.incl_pct(name)
            t_known += t
            u_known += u
        d_t, d_u = t - w_own, u - c_own
        f = flag((d_t, sigma(w_own, n_tt)), (d_u, sigma(c_own, n_ut)))
        flags += bool(f)
        print(f"  {name:<10} {fmt(w_own):>7} {fmt(t):>10} {fmt(d_t, True):>7}   {fmt(c_own):>7} "
              f"{fmt(u):>9} {fmt(d_u, True):>7}{f}")
    print("  where totaltime's waiting samples end (callee of the program's function):")
    for name in ("nap", "wait_pipe"):
        print(f"    {name}: {callees(tt, name) or 'no callee in any sample'}")
    for w in tt.warnings + ut.warnings:
        print(f"  ssprof warning: {w}")
    print(f"blocked time: {flags} of {len(FUNCS) + 1} rows differ by more than {LIMIT:g} points")


def main():
    global LIMIT
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("attrib")
    a.add_argument("runs", nargs="+")
    b = sub.add_parser("blocked")
    b.add_argument("--totaltime", required=True)
    b.add_argument("--usertime", required=True)
    for p in (a, b):
        p.add_argument("--tick", type=float, default=0, help="the kernel's tick rate, Hz")
        p.add_argument("--limit", type=float, default=LIMIT)
    opt = ap.parse_args()
    LIMIT = opt.limit
    attrib(opt) if opt.cmd == "attrib" else blocked(opt)


if __name__ == "__main__":
    sys.exit(main())
