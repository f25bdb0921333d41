#!/usr/bin/env python3
"""ssprof_speed.py -- the timed part of bench/ssprof-speed.sh: ssprof's
listings of one counting and one sampling experiment, first (empty cache)
and again (warm cache), interleaved over rounds; medians of wall and CPU
time (the child's user + system, llvm-mca's included); the verdict against
issue 30's targets.

  ssprof_speed.py --ssprof PATH --ideal FILE --sampled FILE
                  --cache-root DIR [--rounds N]
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

AGAIN_TARGET = 0.5  # seconds, second and later listings
FIRST_TARGET = 2.0  # seconds, the first listing


def timed(argv, env):
    """(wall seconds, CPU seconds) of one run; its output is discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    run = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        sys.exit("ssprof_speed: %s failed: %s" %
                 (" ".join(argv), run.stderr.decode(errors="replace")))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                before.ru_stime)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ssprof", required=True)
    ap.add_argument("--ideal", required=True)
    ap.add_argument("--sampled", required=True)
    ap.add_argument("--cache-root", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()

    listings = [  # name, extra arguments, files
        ("ideal", [], [a.ideal]),
        ("-json", ["-json"], [a.ideal]),
        ("-cpi", ["-cpi"], [a.ideal, a.sampled]),
    ]
    times = {}
    base_env = dict(os.environ)
    base_env.pop("SSPROF_NO_CACHE", None)
    for r in range(a.rounds):
        for name, extra, files in listings:
            cache = os.path.join(a.cache_root, "%s-%d" % (name.strip("-"), r))
            shutil.rmtree(cache, ignore_errors=True)
            env = dict(base_env, SSPROF_CACHE_DIR=cache)
            argv = [a.ssprof] + extra + files
            times.setdefault(name + ", first", []).append(timed(argv, env))
            times.setdefault(name + ", again", []).append(timed(argv, env))
            shutil.rmtree(cache, ignore_errors=True)
        times.setdefault("ideal -nocache", []).append(
            timed([a.ssprof, "-nocache", a.ideal], base_env))
        times.setdefault("fpcsamp", []).append(
            timed([a.ssprof, a.sampled], base_env))

    load = os.getloadavg()
    print("bench/ssprof-speed.sh %s, %d CPUs, load average %.1f %.1f %.1f, "
          "%d rounds" % (time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
                         os.cpu_count(), load[0], load[1], load[2],
                         a.rounds))
    print("SQLite: %s joined with %s" % (os.path.basename(a.ideal),
                                         os.path.basename(a.sampled)))
    print()
    print("%-20s %10s %10s %12s" % ("listing", "wall s", "CPU s",
                                    "again/first"))
    med = {k: (statistics.median(w for w, _ in v),
               statistics.median(c for _, c in v)) for k, v in times.items()}
    for name, _, _ in listings:
        first, again = med[name + ", first"], med[name + ", again"]
        print("%-20s %10.3f %10.3f" % (name + ", first", first[0], first[1]))
        print("%-20s %10.3f %10.3f %12.3f" % (name + ", again", again[0],
                                              again[1],
                                              again[1] / first[1]))
    for name in ("ideal -nocache", "fpcsamp"):
        print("%-20s %10.3f %10.3f" % (name, med[name][0], med[name][1]))
    print()
    print("Verdict")
    firsts = [n for n, _, _ in listings]

    def verdict(what, key, target, column):
        over = ["%s %.2f s" % (n, med[n + key][column]) for n in firsts
                if med[n + key][column] >= target]
        state = ("target met (%d of %d)" % (len(firsts), len(firsts))
                 if not over else "NOT met (%d of %d: %s)" %
                 (len(over), len(firsts), ", ".join(over)))
        print("  %-46s %s" % (what, state))

    verdict("again under %.1f s, wall" % AGAIN_TARGET, ", again",
            AGAIN_TARGET, 0)
    verdict("again under %.1f s, CPU" % AGAIN_TARGET, ", again",
            AGAIN_TARGET, 1)
    verdict("first under %.1f s, wall" % FIRST_TARGET, ", first",
            FIRST_TARGET, 0)
    verdict("first under %.1f s, CPU" % FIRST_TARGET, ", first",
            FIRST_TARGET, 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
