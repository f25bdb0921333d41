#!/usr/bin/env python3
"""Check ssprof's ideal-time instruction counts against callgrind's.

usage: ideal_callgrind.py BINARY CALLGRIND_OUT EXPERIMENT SOURCE...
                          [--estimated N --tolerance PCT] [--pointer-reloads]
                          [--value-reloads] [--counter-starts] [--released]
                          [--patterns-optional]
                          [--unchanged FUNC,... --plain BINARY CALLGRIND_OUT]

CALLGRIND_OUT is `valgrind --tool=callgrind --dump-instr=yes --skip-plt=no`
of the run that wrote EXPERIMENT.  The program's own instructions are told
apart from the instrumentation's by the binary's line table alone
(bench/lib/linetable.py, the same reading bench/ideal.sh uses), with no
help from ssprof.  Checks, per function and in total, that ssprof's
executed instructions equal callgrind's exactly (the prologue that a
thread's first call into a module runs a second time included: the pass
counts those restarts).

Where the code generator made flow the counts cannot decide (one condition
tested by two branches, a sparse switch lowered to a tree of compares),
ssprof marks machine blocks as estimated: --estimated N allows at most N
of them (default 0), and then the functions that have them may differ by
PCT percent of callgrind's count (--tolerance), the others still exactly.
--pointer-reloads also requires that some executed instructions are
reloads of the counters' pointer, --value-reloads that some reload a
value the instrumentation computed (a loop's trip count spilled around
the loop), --counter-starts that some are start
values of counters kept in registers (the line-table reading's rules for
code that feeds the instrumentation), --released that some are on the
instrumentation's rows but the program's (the rule for values the
program reads), so a test of those rules cannot pass without exercising
them.  --patterns-optional makes those four only notes: another LLVM's
code generator than the one a test was written against (lit's
%llvm14_patterns) may not make the pattern at all; the counts are checked
all the same.
--unchanged names functions whose program instructions must equal, run for
run, callgrind's count of all instructions of the same function in the
plain clang build BINARY (run under callgrind as CALLGRIND_OUT with the
same input): code the instrumentation must not have changed at all.
ssprof is $SSPROF or on PATH.
"""
import argparse
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "bench", "lib"))
import callgrind  # noqa: E402
from ideal_instructions import classify_profile  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("callgrind_out")
    ap.add_argument("experiment")
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--estimated", type=int, default=0)
    ap.add_argument("--tolerance", type=float, default=0.0)
    ap.add_argument("--pointer-reloads", action="store_true")
    ap.add_argument("--value-reloads", action="store_true")
    ap.add_argument("--counter-starts", action="store_true")
    ap.add_argument("--released", action="store_true")
    ap.add_argument("--patterns-optional", action="store_true")
    ap.add_argument("--unchanged", default="")
    ap.add_argument("--plain", nargs=2, metavar=("BINARY", "CALLGRIND_OUT"))
    opt = ap.parse_args()
    if opt.unchanged and not opt.plain:
        ap.error("--unchanged needs --plain")

    theirs = classify_profile(callgrind.parse(opt.callgrind_out), opt.binary,
                              opt.sources)
    ssprof = os.environ.get("SSPROF", "ssprof")
    p = subprocess.run([ssprof, "-json", opt.experiment], capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit("ideal_callgrind: ssprof failed: " + p.stderr.strip())
    doc = json.loads(p.stdout)
    ideal = doc.get("ideal")
    if ideal is None:
        sys.exit("ideal_callgrind: no ideal time: " + p.stderr.strip())
    ours = {}
    for fn in doc["functions"]:
        if fn.get("instructions") is not None:
            ours[fn.get("symbol") or fn["name"]] = fn["instructions"]
    estimated = {b["function"] for b in ideal.get("blocks", []) if not b["exact"]}

    def allowed(count, estimated_here):
        return count * opt.tolerance / 100 if estimated_here else 0

    # ssprof gives the code inlined from g to g (its DWARF inline chain);
    # callgrind to the function it was inlined into.  The functions inlined
    # and those they were inlined into are compared as one group.
    key = {fn["name"]: fn.get("symbol") or fn["name"] for fn in doc["functions"]}
    group = {key[fn["name"]] for fn in doc["functions"] if fn.get("inlined")}
    group |= {key.get(e["caller"], e["caller"]) for e in doc.get("callgraph", [])
              if e.get("inlined")}
    errors = []
    for name in sorted((set(ours) | set(theirs["functions"])) - group):
        a, b = ours.get(name, 0), theirs["functions"].get(name, 0)
        if abs(a - b) > allowed(b, name in estimated):
            errors.append(f"{name}: ssprof {a}, callgrind {b}")
    if group:
        a = sum(ours.get(n, 0) for n in group)
        b = sum(theirs["functions"].get(n, 0) for n in group)
        if abs(a - b) > allowed(b, bool(group & estimated)):
            errors.append(f"{' + '.join(sorted(group))}: ssprof {a}, "
                          f"callgrind {b}")
    total, cg = ideal["instructions"], theirs["program"]
    if abs(total - cg) > allowed(cg, bool(estimated)):
        errors.append(f"total: ssprof {total}, callgrind {cg}")
    if ideal["estimated_blocks"] > opt.estimated:
        errors.append(f"{ideal['estimated_blocks']} executed machine blocks "
                      f"have estimated counts (at most {opt.estimated})")
    missing = []
    if opt.pointer_reloads and theirs["pointer_reloads"] == 0:
        missing.append("no reload of the counters' pointer was executed")
    if opt.value_reloads and theirs["value_reloads"] == 0:
        missing.append("no reload of a trip count was executed")
    if opt.counter_starts and theirs["counter_starts"] == 0:
        missing.append("no start value of a counter in a register was executed")
    if opt.released and theirs["released"] == 0:
        missing.append("no program instruction on an instrumentation row was executed")
    if opt.patterns_optional:
        for m in missing:
            print(f"ideal_callgrind: note: {m} (optional with this LLVM)")
    else:
        errors += missing
    if cg == 0:
        errors.append("callgrind counted no instruction of the program")
    if opt.unchanged:
        plain = classify_profile(callgrind.parse(opt.plain[1]), opt.plain[0],
                                 opt.sources)
        for name in opt.unchanged.split(","):
            a, b = theirs["functions"].get(name, 0), plain["functions"].get(name, 0)
            if a != b or b == 0:
                errors.append(f"{name}: sscc build {a} program instructions, "
                              f"plain build {b}")
    for e in errors:
        print("ideal_callgrind: " + e)
    print(f"ideal_callgrind: {'FAIL' if errors else 'OK'}: ssprof {total}, "
          f"callgrind {cg} program instructions")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
