#!/usr/bin/env python3
"""plt_samples.py -- write a synthetic fpcsamp experiment with samples in
each PLT stub of a real binary, the stubs found by GNU objdump (which names
them NAME@plt in .plt, .plt.sec and .plt.got), independently of ssprof.

  plt_samples.py --gen PROF_SYNTH_GEN --out FILE --exe EXE

The k-th stub (in address order, from 0) gets k + 2 samples, at its
address + 4 (inside it).  Prints "stub NAME@plt COUNT" per stub, the
reference the test checks the listing against.
"""
import argparse
import re

from sample_at import is_pie, run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--exe", required=True)
    a = ap.parse_args()
    base = 0x555555554000 if is_pie(a.exe) else 0
    stubs = []
    for line in run(["objdump", "-d", a.exe]).splitlines():
        m = re.match(r"^([0-9a-f]+) <([^>]+@plt)>:$", line)
        if m:
            stubs.append((int(m.group(1), 16), m.group(2)))
    args = [a.gen, "-sampling", "fpcsamp", "-target-path", a.exe,
            "-main-elf", "%s@%x" % (a.exe, base)]
    for k, (addr, name) in enumerate(sorted(stubs)):
        print("stub %s %d" % (name, k + 2))
        args += ["-sample", "x%d 0x%x" % (k + 2, base + addr + 4)]
    run(args + [a.out])


if __name__ == "__main__":
    main()
