#!/usr/bin/env python3
"""Run a command once; print its wall time in seconds on stdout.

    walltime.py command [args...]

The command's own output goes to stderr, so that $(walltime.py ...) captures
only the time.  Exits with the command's status (and prints nothing) when it
fails.  The clock is time.perf_counter, which is monotonic.
"""
import subprocess
import sys
import time

if len(sys.argv) < 2:
    sys.exit("usage: walltime.py command [args...]")
start = time.perf_counter()
status = subprocess.run(sys.argv[1:], stdout=sys.stderr).returncode
elapsed = time.perf_counter() - start
if status != 0:
    sys.exit(status)
print(f"{elapsed:.4f}")
