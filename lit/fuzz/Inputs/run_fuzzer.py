#!/usr/bin/env python3
"""run_fuzzer.py NAME HARNESS SECONDS FOUND SEEDS -- one bounded libFuzzer
run: HARNESS from the SEEDS corpus (what it adds goes to FOUND) for SECONDS,
inputs slower than 10 s, over 2 GB or leaking counted as findings, the
statistics at the end.  Prints one line,

  fuzz NAME: E executions in S s, N new inputs, F findings

and on a finding the end of libFuzzer's log and the input it wrote
(crash-*, leak-*, oom-*, timeout-*, in the current directory), then exits
1.  scripts/fuzz.sh runs the same harnesses longer, and replays a finding."""
import glob
import os
import re
import subprocess
import sys

name, harness, seconds, found, seeds = sys.argv[1:6]
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:exitcode=86")
run = subprocess.run([harness, "-max_total_time=" + seconds, "-timeout=10",
                      "-rss_limit_mb=2048", "-max_len=262144",
                      "-print_final_stats=1", found, seeds],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     env=env)
log = run.stdout.decode("utf-8", "replace")
stat = dict(re.findall(r"stat::(\w+):\s*(\d+)", log))
written = sorted(glob.glob("crash-*") + glob.glob("leak-*") +
                 glob.glob("oom-*") + glob.glob("timeout-*"))
findings = len(written) or (1 if run.returncode else 0)
print("fuzz %s: %s executions in %s s, %s new inputs, %d findings"
      % (name, stat.get("number_of_executed_units", "?"), seconds,
         stat.get("new_units_added", "?"), findings))
if findings:
    sys.stderr.write("\n".join(log.splitlines()[-80:]) + "\n")
    sys.stderr.write("run_fuzzer: status %d; inputs written: %s\n"
                     % (run.returncode, " ".join(written) or "none"))
    sys.exit(1)
