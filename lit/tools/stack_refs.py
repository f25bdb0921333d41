#!/usr/bin/env python3
"""Compare a function's stack traffic in two builds.

usage: stack_refs.py PLAIN SSCC FUNCTION...

Disassembles FUNCTION in both binaries (llvm-objdump, from PATH or
$OBJDUMP) and counts the instructions that address memory relative to the
stack pointer: spills and reloads of the program's values.  The
runtime's cold path of a thread's first entry (`leaq -128(%rsp), %rsp` ...
`movq 8(%rsp), %rsp`, sscc's own) is left out.  Fails when the sscc build
has more than the plain one.
"""
import os
import re
import subprocess
import sys

OURS = (re.compile(r"leaq\s+-128\(%rsp\), %rsp"), re.compile(r"movq\s+8\(%rsp\), %rsp"))
STACK = re.compile(r"\(%rsp(,|\))")


def stack_refs(binary, function):
    objdump = os.environ.get("OBJDUMP", "llvm-objdump")
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    inside, count, seen = False, 0, False
    for line in out.splitlines():
        if line.endswith("<%s>:" % function):
            inside = seen = True
            continue
        if inside and not line.strip():
            break
        if inside and STACK.search(line) and not any(p.search(line) for p in OURS):
            count += 1
    if not seen:
        sys.exit("stack_refs: no function %s in %s" % (function, binary))
    return count


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    plain, sscc = argv[1], argv[2]
    failed = False
    for function in argv[3:]:
        a, b = stack_refs(plain, function), stack_refs(sscc, function)
        print("stack_refs: %s: plain %d, sscc %d" % (function, a, b))
        failed |= b > a
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
