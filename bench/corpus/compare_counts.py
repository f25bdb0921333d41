#!/usr/bin/env python3
"""compare_counts.py -- per-function execution counts of one project's test
suite, sscc's against clang's source-based profile of the same workload.

  compare_counts.py [--list N] PROJECT SSCC_PROFILES_DIR CLANG_PROFDATA LLVM_PROFDATA

SSCC_PROFILES_DIR holds bench/corpus/run.sh's merged `ssprof -json` of
each program (functions[].calls: calls as the source makes them, static
and inlined functions included); CLANG_PROFDATA is the merged profile of
the clang -fprofile-instr-generate -fcoverage-mapping build's runs,
read with `llvm-profdata show -all-functions -counts` (each function's
entry count: also source level, counted before inlining).  Both sum every
run of every program, by linkage name: static functions of one name in
several translation units are summed on both sides (clang names them
"<translation unit>:<name>", ssprof by the file that defines them, which
differs where a test #includes the library's source, as cJSON's do).

Prints one line per project: functions compared (seen by both and run
at least once by one), equal, differing; then apart those whose calls
ssprof says are unknown (the optimizer removed an inlined copy's entry
marker: ssprof prints '?' and warns, docs/counting.md), those never run
in either, and those only one tool has (code only one compiler made);
each difference and unknown below it (up to --list).  Exit status 1
when any differs.
"""
import glob
import json
import os
import re
import subprocess
import sys


def clang_counts(profdata, tool):
    out = subprocess.run([tool, "show", "-all-functions", "-counts", profdata],
                         check=True, capture_output=True, text=True).stdout
    counts, name = {}, None
    for line in out.splitlines():
        # "  <name>:" opens a function (LLVM 14; older ones: "Function:")
        m = re.match(r"  (?:Function: )?(\S.*):$", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"\s+Function count: (\d+)", line)
        if m and name is not None:
            key = name.rpartition(":")[2]  # a static one: "<TU path>:<name>"
            counts[key] = counts.get(key, 0) + int(m.group(1))
            name = None
    return counts


def sscc_counts(profiles):
    """Calls per key; None where ssprof says a function's calls are unknown
    in some program (its entry marker lost to the optimizer: ssprof warns
    and prints '?')."""
    counts = {}
    for path in sorted(glob.glob(os.path.join(profiles, "*.json"))):
        doc = json.load(open(path))
        for f in doc["functions"]:
            key = f.get("symbol") or f["name"]
            if f["calls"] is None or counts.get(key, 0) is None:
                counts[key] = None
            else:
                counts[key] = counts.get(key, 0) + f["calls"]
    return counts


def main(argv):
    limit = 20
    if len(argv) > 1 and argv[1] == "--list":
        limit = int(argv[2])
        argv = argv[:1] + argv[3:]
    if len(argv) != 5:
        sys.exit(__doc__)
    project, profiles, profdata, tool = argv[1:]
    clang = clang_counts(profdata, tool)
    sscc = sscc_counts(profiles)
    unknown = sorted(k for k in sscc if sscc[k] is None)
    both = set(clang) & set(k for k in sscc if sscc[k] is not None)
    ran = sorted(k for k in both if clang[k] or sscc[k])
    differ = [k for k in ran if clang[k] != sscc[k]]
    never = len(both) - len(ran)
    only_sscc = sorted(k for k in set(sscc) - set(clang) - set(unknown))
    only_clang = sorted(k for k in set(clang) - set(sscc))
    print("%-8s compared %5d  equal %5d  differing %3d  | sscc unknown %d  "
          "never ran %4d  only sscc %3d (ran: %d)  only clang %3d (ran: %d)" % (
              project, len(ran), len(ran) - len(differ), len(differ),
              len(unknown), never,
              len(only_sscc), sum(1 for k in only_sscc if sscc[k]),
              len(only_clang), sum(1 for k in only_clang if clang[k])))
    for k in differ[:limit]:
        print("  differs: %-40s sscc %12d  clang %12d" % (k, sscc[k], clang[k]))
    for k in unknown[:limit]:
        print("  sscc unknown: %-34s %12s  clang %12s" % (k, "?", clang.get(k, "-")))
    for k in [k for k in only_sscc if sscc[k]][:limit]:
        print("  only sscc, ran: %-32s %12d" % (k, sscc[k]))
    for k in [k for k in only_clang if clang[k]][:limit]:
        print("  only clang, ran: %-31s %12d" % (k, clang[k]))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
