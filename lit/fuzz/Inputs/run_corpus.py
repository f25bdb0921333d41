#!/usr/bin/env python3
"""run_corpus.py [--sample N] SSPROF DIR... -- every experiment file of the corpus
directories through ssprof (the sanitized one), alone and merged with the
files of its experiment, with every listing option: the text listing with
all its parts, -json, -calipers and -q with -calls.  Each run must end with
status 0 or 1 (a file refused with one line) and no sanitizer report
(lit sets every sanitizer's exitcode to 86).  Files the fuzzers found
(mutated, often unreadable) go through the same.  Prints the number of runs
and of files ssprof refused; exits 1 on the first finding.  --sample N
takes N of the files, evenly spread (a fuzzer's finds are many), with the
text listing and -json: the ideal listings this way meet mutated files,
which the listings harness leaves to ssprof (they need llvm-mca)."""
import os
import re
import subprocess
import sys

args = sys.argv[1:]
sample = None
if args[0] == "--sample":
    sample, args = int(args[1]), args[2:]
ssprof = args[0]
files = []
for d in args[1:]:
    files += sorted(os.path.join(d, f) for f in os.listdir(d))
if sample is not None and len(files) > sample:
    files = [files[i * len(files) // sample] for i in range(sample)]

ALL = ["-b", "-h", "-l", "-basicblocks", "-dsolist", "-u", "-branches",
       "-loops", "-remarks", "-gprof", "-archinfo"]
OPTION_SETS = [ALL, ["-json"], ["-calipers", "1,2", "-h"], ["-q", "3", "-calls", "-b"]]
report = re.compile(r"runtime error|ERROR: AddressSanitizer|ERROR: LeakSanitizer|"
                    r"SUMMARY: (Address|UndefinedBehavior)Sanitizer")

runs = refused = 0


def run(args):
    global runs, refused
    p = subprocess.run([ssprof] + args, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    runs += 1
    if p.returncode not in (0, 1) or report.search(err):
        sys.stderr.write("run_corpus: ssprof %s: status %d\n%s\n"
                         % (" ".join(args), p.returncode, err))
        sys.exit(1)
    refused += p.returncode == 1


by_experiment = {}
for f in files:
    m = re.search(r"\.(ideal|usertime|totaltime|f?pcsampx?|fpe|io)\.", os.path.basename(f))
    if m:
        by_experiment.setdefault(m.group(1), []).append(f)
    # The ideal listings run llvm-mca: two option sets for them.
    sets = OPTION_SETS[:2] if sample is not None or (m and m.group(1) == "ideal") \
        else OPTION_SETS
    for options in sets:
        run(options + [f])
for exp, group in sorted(by_experiment.items()):
    if sample is None:
        run(ALL + group)
print("run_corpus: %d files, %d ssprof runs, %d refused, 0 sanitizer reports"
      % (len(files), runs, refused))
