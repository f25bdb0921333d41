#!/usr/bin/env python3
"""Check how many counter updates one function's loop ran per iteration.

usage: counter_updates.py BINARY CALLGRIND_OUT FUNCTION TALLIES SOURCE...
                          [--per-call N]

CALLGRIND_OUT is `valgrind --tool=callgrind --dump-instr=yes --skip-plt=no`
of a run of BINARY (an sscc build); TALLIES is that run's output, in which
the program printed its own tallies of FUNCTION's loop as a line
`loop FUNCTION iterations I calls C`.  A counter update is an add to
memory or to a register on a row of the instrumentation
(<ss-instrumentation>, read from the binary's DWARF line table by
bench/lib/linetable.py, as lit/tools/ideal_callgrind.py does, with no help
from ssprof): `addq $1, %fs:X` for a counter in static TLS, `addq $1, %r13`
or `addq $1, 8(%rsp)` for one kept in a register (or its stack slot), and
the adds of such registers to memory at the loop's exits.  The other
instructions on such rows (the test of the thread's counters at entry, the
padding that follows the instrumentation) are not updates.

Every iteration of a loop passes at least one counted edge (the uncounted
edges form a tree, which has no cycle), and a loop around a switch needs
no more than one (docs/counting.md, "Which edges get counters"); the
counter of a back edge that an induction variable counts at the loop's
exits runs no update inside it, so iterations that take only that edge
pass none: checks 0 < updates <= I + N * C, N (default 20) covering what
each call runs outside the loop (its entry count, its exit, the adds at
the loop's exits).
"""
import argparse
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "bench", "lib"))
import callgrind  # noqa: E402
import linetable  # noqa: E402

UPDATE = re.compile(r"^(add|inc)[bwlq]?$")


def disassembly(binary, function):
    """{address: mnemonic} of the instructions of FUNCTION."""
    insns = {addr: mnemonic
             for name, body in linetable.named_functions(binary) if name == function
             for addr, mnemonic, _ in body}
    if not insns:
        sys.exit(f"counter_updates: no function {function} in {binary}")
    return insns


def tallies(path, function):
    with open(path) as f:
        for line in f:
            m = re.match(r"loop (\S+) iterations (\d+) calls (\d+)$", line.strip())
            if m and m.group(1) == function:
                return int(m.group(2)), int(m.group(3))
    sys.exit(f"counter_updates: {path}: no line 'loop {function} iterations I calls C'")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("callgrind_out")
    ap.add_argument("function")
    ap.add_argument("tallies")
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--per-call", type=int, default=20)
    opt = ap.parse_args()

    iterations, calls = tallies(opt.tallies, opt.function)
    insns = disassembly(opt.binary, opt.function)
    cls = linetable.Classifier(opt.binary, opt.sources)
    cls.claim_instrumentation_code(opt.binary)
    real = os.path.realpath(opt.binary)
    prof = callgrind.parse(opt.callgrind_out)
    objects = [o for o in prof.costs if o != "???" and os.path.exists(o)
               and os.path.realpath(o) == real]
    if not objects:
        sys.exit(f"counter_updates: {opt.binary} not in {opt.callgrind_out}")
    updates = 0
    for fn, addrs in prof.costs[objects[0]].items():
        for addr, n in addrs.items():
            if (addr in insns and UPDATE.match(insns[addr])
                    and cls.classify(addr) == "instrumentation"):
                updates += n
    most = iterations + opt.per_call * calls
    print(f"counter_updates: {opt.function}: {updates} counter updates, "
          f"{iterations} iterations in {calls} calls")
    if not 0 < updates <= most:
        sys.exit(f"counter_updates: FAIL: expected 1 to {most} "
                 f"(at most one per iteration and {opt.per_call} per call)")


if __name__ == "__main__":
    main()
