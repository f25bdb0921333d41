#!/usr/bin/env python3
"""check_per_thread.py REPORT OWN OWN_CHILD -- ssperfex -mp's per-thread
page-faults and task-clock against the program's own records.

OWN and OWN_CHILD have a line per thread: pages touched, thread id, minor
faults the kernel charged to the thread (getrusage RUSAGE_THREAD) when it
recorded.  Each thread's counted page-faults must be at least the pages it
touched (its counters open when it starts, before its touches) and at most
its own faults plus SLACK (the faults of what it still did after recording:
its exit, and for the main thread writing the file and the runtime's
destructors).  Every thread has task-clock > 0; each event's total is the
sum of the threads'."""
import re
import sys

SLACK = 200

report = open(sys.argv[1]).read()
own = {}
for path in sys.argv[2:4]:
    for line in open(path):
        pages, tid, faults = map(int, line.split())
        own[tid] = (pages, faults)

blocks = re.findall(r"Summary for thread (\d+) of process (\d+)[^\n]*\n"
                    r"Event Counter Name[^\n]*\n=+\n((?:[^\n]*\.\.\.[^\n]*\n)+)",
                    report)
counted = {}
processes = set()
for tid, pid, rows in blocks:
    values = dict((name, int(v)) for name, v in
                  re.findall(r"^ *([a-z-]+)\.+ +(\d+)$", rows, re.M))
    counted[int(tid)] = values
    processes.add(int(pid))

if set(counted) != set(own):
    sys.exit("check_per_thread: threads %s, the program's own %s" %
             (sorted(counted), sorted(own)))
for tid, (pages, faults) in own.items():
    n = counted[tid]["page-faults"]
    if not pages <= n <= faults + SLACK:
        sys.exit("check_per_thread: thread %d counted %d page faults; it "
                 "touched %d pages and the kernel charged it %d" %
                 (tid, n, pages, faults))
    if counted[tid]["task-clock"] <= 0:
        sys.exit("check_per_thread: thread %d has no task-clock" % tid)

total = re.search(r"Total of[^\n]*\nSummary for execution[^\n]*\n[^\n]*\n=+\n"
                  r"((?:[^\n]*\.\.\.[^\n]*\n)+)", report)
if not total:
    sys.exit("check_per_thread: no total block")
totals = dict((name, int(v)) for name, v in
              re.findall(r"^ *([a-z-]+)\.+ +(\d+)$", total.group(1), re.M))
for name, value in totals.items():
    s = sum(c[name] for c in counted.values())
    if value != s:
        sys.exit("check_per_thread: %s total %d, the threads' sum %d" %
                 (name, value, s))
print("check_per_thread: %d threads in %d processes; page-faults within "
      "bounds; task-clock > 0; totals are the sums" % (len(counted), len(processes)))
