#!/usr/bin/env python3
"""Read a callgrind.out file written with --dump-instr=yes: the instructions
executed at every instruction address, by object and function.

    callgrind.py FILE [--object PATH]      (a summary, for a look by hand)

The format (valgrind's docs/callgrind-format, and callgrind's dump.c that
writes it):

- Header lines "key: value"; "positions: instr line" says each cost line
  starts with an instruction address and a source line, "events: Ir" that
  one number follows (a missing number is 0).
- "ob=", "fl=", "fi=", "fe=", "fn=" set the current object, file, inlined
  file and function; "cob=", "cfi=", "cfl=", "cfn=" name the callee of the
  next "calls=" line.  Names are compressed: "(id) name" defines an id,
  "(id)" alone refers to it, one id space per kind (ob/cob share one, the
  file kinds one, fn/cfn one).
- A cost line is "<instr> <line> <Ir>".  A position is absolute (a hex
  "0x..." or a decimal number), relative to the same column of the last
  cost line ("+n", "-n") or the same ("*").  Only cost lines update that
  last position; the positions on a "calls=" line (the callee) and on the
  cost line after it (the call site) are written relative to it but do not
  change it.
- "calls=<count> <target position>": the next cost line is the inclusive
  cost of that call, which is the callee's, not the caller's: it is read
  for its position and skipped.  "jump=" and "jcnd=" lines (only with
  --collect-jumps=yes) are followed by a line of positions without cost,
  skipped alike.

So the self cost of every instruction is the sum of the cost lines at its
address -- provided callgrind ran with --skip-plt=no.  By default it
"skips" PLT stubs: the stub's jmp is charged to the caller, as one more cost
line at the call instruction's address (after the call's lines), so every
call through the PLT would count one instruction too many there.  With
--skip-plt=no a call through the PLT is a call to the stub (code of the
calling object that no line table covers).  Callgrind names functions by
ELF symbol, with "'N" appended for a recursion depth (--separate-recs),
which function_name() strips.
"""
import argparse
import re
import sys
from collections import defaultdict

_NAME = re.compile(r"^\((\d+)\)(?: (.*))?$")
_KIND = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl",
         "fn": "fn", "cfn": "fn"}


class Profile:
    """What one callgrind.out file says.

    costs[obj][fn][addr] = instructions executed at addr (self cost),
    totals: the file's "totals:"/"summary:" figure, cmd, pid."""

    def __init__(self):
        self.costs = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
        self.summary = None
        self.cmd = ""
        self.pid = None

    def object_total(self, obj):
        return sum(sum(a.values()) for a in self.costs.get(obj, {}).values())

    def total(self):
        return sum(self.object_total(o) for o in self.costs)

    def by_address(self, obj):
        """{addr: instructions} of one object, all functions together."""
        out = defaultdict(int)
        for addrs in self.costs.get(obj, {}).values():
            for a, n in addrs.items():
                out[a] += n
        return out


def function_name(fn):
    """callgrind's function name less its recursion suffix ("main'2" -> main)."""
    return re.sub(r"'\d+$", "", fn)


def _position(text, last):
    if text == "*":
        return last
    if text[0] in "+-":
        return last + int(text, 0)
    return int(text, 0)


def parse(path):
    prof = Profile()
    names = {"ob": {}, "fl": {}, "fn": {}}
    positions = ["line"]
    ob = fn = "???"
    last = [0, 0]
    skip_next_cost = False
    with open(path, errors="replace") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line or line[0] == "#":
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                fields = line.split()
                npos = len(positions)
                pos = []
                for i in range(npos):
                    pos.append(_position(fields[i], last[i]) if i < len(fields) else last[i])
                if skip_next_cost:
                    # The inclusive cost of a call (or a jump's source
                    # position): not this function's, and not a new "last".
                    skip_next_cost = False
                    continue
                ir = int(fields[npos]) if len(fields) > npos else 0
                last = pos
                if ir:
                    prof.costs[ob][fn][pos[0]] += ir
                continue
            key, sep, value = line.partition("=")
            if sep and key in _KIND:
                m = _NAME.match(value)
                table = names[_KIND[key]]
                if m:
                    if m.group(2) is not None:
                        table[m.group(1)] = m.group(2)
                    name = table.get(m.group(1), f"({m.group(1)})")
                else:
                    name = value
                if key == "ob":
                    ob = name
                elif key == "fn":
                    fn = name
                continue
            if sep and key == "calls":
                # calls=<count> <target position>: the next cost line is inclusive.
                skip_next_cost = True
                continue
            if sep and key in ("jump", "jcnd"):
                skip_next_cost = True
                continue
            key, sep, value = line.partition(":")
            if sep:
                value = value.strip()
                if key == "positions":
                    positions = value.split()
                    if "instr" not in positions or positions[0] != "instr":
                        sys.exit(f"{path}: positions are '{value}': run callgrind with "
                                 "--dump-instr=yes")
                    last = [0] * len(positions)
                elif key == "events":
                    if value.split()[0] != "Ir":
                        sys.exit(f"{path}: first event is not Ir: {value}")
                elif key in ("summary", "totals"):
                    prof.summary = int(value.split()[0])
                elif key == "cmd":
                    prof.cmd = value
                elif key == "pid":
                    prof.pid = int(value)
                continue
            sys.exit(f"{path}:{lineno}: cannot read line: {line[:80]}")
    return prof


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--object", help="list this object's functions")
    opt = ap.parse_args()
    prof = parse(opt.file)
    print(f"summary line: {prof.summary}; parsed total: {prof.total()}")
    for obj in sorted(prof.costs, key=prof.object_total, reverse=True):
        print(f"{prof.object_total(obj):>14,}  {obj}")
    if opt.object:
        fns = defaultdict(int)
        for fn, addrs in prof.costs.get(opt.object, {}).items():
            fns[function_name(fn)] += sum(addrs.values())
        for fn, n in sorted(fns.items(), key=lambda x: -x[1]):
            print(f"{n:>14,}  {fn}")


if __name__ == "__main__":
    main()
