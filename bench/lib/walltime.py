#!/usr/bin/env python3
"""Run a command once; print its wall time in seconds on stdout.

    walltime.py [--cpu] command [args...]

With --cpu it prints two numbers: the wall time, and the CPU time (user +
system) of the command and every descendant it waited for (time the host
gives to other guests, and waiting for a core, are in the wall time only).

The command's own output goes to stderr, so that $(walltime.py ...) captures
only the time.  Exits with the command's status (and prints nothing) when it
fails.  The clock is time.perf_counter, which is monotonic.
"""
import resource
import subprocess
import sys
import time


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


args = sys.argv[1:]
cpu = bool(args) and args[0] == "--cpu"
if cpu:
    args = args[1:]
if not args:
    sys.exit("usage: walltime.py [--cpu] command [args...]")
cpu_start = children_cpu()
start = time.perf_counter()
status = subprocess.run(args, stdout=sys.stderr).returncode
elapsed = time.perf_counter() - start
if status != 0:
    sys.exit(status)
if cpu:
    print(f"{elapsed:.4f} {children_cpu() - cpu_start:.4f}")
else:
    print(f"{elapsed:.4f}")
