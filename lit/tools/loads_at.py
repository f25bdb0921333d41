#!/usr/bin/env python3
"""loads_at.py -- write a synthetic ldlatency experiment whose sampled
loads sit on chosen load instructions of a real binary, the instructions
found independently of ssprof (llvm-objdump, llvm-symbolizer).

  loads_at.py --gen PROF_SYNTH_GEN --out FILE --exe EXE --source SRC
              [--bin "MIN MAX REP NAME" ...]
              --load "FUNC:@TAG COUNT LEVEL LATENCY" [--load ...]

FUNC:@TAG is the first load instruction (an instruction whose first,
source operand is in memory) that llvm-symbolizer places in FUNC at the
line of SRC ending in "// TAG".  LEVEL is a number of enum ss_mem_level.
For each instruction it prints the reference the test checks the listing
against:  "load FUNC LINE 0xADDR" (link-time address).
"""
import argparse
import re
import sys

from sample_at import disassembly, is_pie, run


def loads(path):
    """[(function, address)] of every load, in address order: an
    instruction whose first (source) operand is in memory, in AT&T syntax
    ("addq (%rdi,%rax,4), %rcx", "movl (%rax), %eax"), lea excepted."""
    return [(func, addr) for func, addr, text in disassembly(path)
            if re.match(r"^(\w+)\s+[^,(]*\([^)]*\),", text)
            and not text.startswith("lea")]


def line_of(addr, path):
    text = run(["llvm-symbolizer", "--obj=" + path], "0x%x\n" % addr)
    lines = text.splitlines()
    return lines[0], int(lines[1].rsplit(":", 2)[1])


def tagged_line(src, tag):
    with open(src) as f:
        for n, text in enumerate(f, 1):
            if text.rstrip().endswith("// " + tag):
                return n
    sys.exit("loads_at: no line of %s ends in // %s" % (src, tag))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--exe", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--bin", action="append", default=[])
    ap.add_argument("--load", action="append", required=True)
    a = ap.parse_args()
    base = 0x555555554000 if is_pie(a.exe) else 0
    code = loads(a.exe)
    args = [a.gen, "-ldlatency", "cpu/mem-loads,ldlat=3/pp (synthetic)",
            "-target-path", a.exe, "-main-elf", "%s@%x" % (a.exe, base)]
    for b in a.bin:
        args += ["-bin", b]
    found = {}
    for spec in a.load:
        where, count, level, latency = spec.split()
        func, tag = where.split(":@")
        if where not in found:
            want = tagged_line(a.source, tag)
            for f, addr in code:
                if f == func and line_of(addr, a.exe) == (func, want):
                    found[where] = addr
                    print("load %s %d 0x%x" % (func, want, addr))
                    break
            else:
                sys.exit("loads_at: no load of %s at line %d" % (func, want))
        args += ["-load", "x%s k%s w%s 0x%x" % (count, level, latency,
                                                base + found[where])]
    run(args + [a.out])


if __name__ == "__main__":
    main()
