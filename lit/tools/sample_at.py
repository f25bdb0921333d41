#!/usr/bin/env python3
"""sample_at.py -- write a synthetic sampling experiment whose samples hit
chosen code of real binaries, the addresses found independently of ssprof.

  sample_at.py --gen PROF_SYNTH_GEN --out FILE --exe EXE [--lib LIB[@unloaded]]
               [--source SRC] [--sampling usertime] [--stale exe|lib]
               --sample "COUNT FRAME FRAME ..." [--sample ...]

A FRAME is
  pc:OBJ:FUNC:LINE       the first instruction of OBJ that llvm-symbolizer
                         places, innermost, in FUNC at LINE (FUNC may be
                         inlined); LINE is a number or @TEXT, the line of
                         SRC that ends in the comment "// TEXT"
  ret:OBJ:CALLER:CALLEE  the return address of the first call to CALLEE in
                         CALLER's disassembly (llvm-objdump)
where OBJ is "exe" or "lib".  EXE is loaded at 0x555555554000 when it is
position-independent (else 0), LIB at 0x7f0000000000.

For every frame it prints llvm-symbolizer's view, the reference the test
checks against the source:  "frame I: FUNC FILE:LINE <- FUNC FILE:LINE ..."
(innermost first; return addresses are looked up at address - 1).
"""
import argparse
import os
import re
import subprocess
import sys

LIB_BASE = 0x7f0000000000


def run(args, stdin=None):
    r = subprocess.run(args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        sys.exit("sample_at: %s failed: %s" % (args[0], r.stderr))
    return r.stdout


def is_pie(path):
    with open(path, "rb") as f:
        head = f.read(18)
    return head[16] == 3  # e_type ET_DYN


def disassembly(path):
    """[(function, address, text)] of every instruction."""
    out = []
    func = None
    for line in run(["llvm-objdump", "-d", "--no-show-raw-insn",
                     path]).splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            func = m.group(2)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if m and func:
            out.append((func, int(m.group(1), 16), m.group(2)))
    return out


def symbolize(path, addrs):
    """llvm-symbolizer --inlining: [[(func, file, line)...] per address]."""
    text = run(["llvm-symbolizer", "--inlining", "--obj=" + path],
               "".join("0x%x\n" % a for a in addrs))
    blocks = text.strip("\n").split("\n\n")
    result = []
    for b in blocks:
        lines = b.splitlines()
        frames = []
        for i in range(0, len(lines) - 1, 2):
            where = lines[i + 1].rsplit(":", 2)
            frames.append((lines[i], os.path.basename(where[0]),
                           int(where[1]) if where[1].isdigit() else 0))
        result.append(frames)
    return result


def source_line(src, spec):
    if not spec.startswith("@"):
        return int(spec)
    with open(src) as f:
        for n, text in enumerate(f, 1):
            if text.rstrip().endswith("// " + spec[1:]):
                return n
    sys.exit("sample_at: no line of %s ends in // %s" % (src, spec[1:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--exe", required=True)
    ap.add_argument("--lib")
    ap.add_argument("--source")
    ap.add_argument("--sampling", default="usertime")
    ap.add_argument("--stale", choices=["exe", "lib"])
    ap.add_argument("--sample", action="append", required=True)
    a = ap.parse_args()

    lib_path, lib_flag = None, None
    if a.lib:
        lib_path, _, lib_flag = a.lib.partition("@")
    objs = {"exe": (a.exe, 0x555555554000 if is_pie(a.exe) else 0)}
    if lib_path:
        objs["lib"] = (lib_path, LIB_BASE)
    insns = {k: disassembly(v[0]) for k, v in objs.items()}
    views = {}

    def resolve(frame):
        kind, obj, x, y = frame.split(":", 3)
        path, base = objs[obj]
        if kind == "ret":
            code = insns[obj]
            for i, (func, addr, text) in enumerate(code):
                if func == x and re.search(r"call.*<%s(@plt)?>" % re.escape(y),
                                           text):
                    return base + code[i + 1][1], path, code[i + 1][1] - 1
            sys.exit("sample_at: no call to %s in %s" % (y, x))
        line = source_line(a.source, y)
        addrs = [addr for _, addr, _ in insns[obj]]
        if obj not in views:
            views[obj] = dict(zip(addrs, symbolize(path, addrs)))
        for addr in addrs:
            frames = views[obj][addr]
            if frames and frames[0][0] == x and frames[0][2] == line:
                return base + addr, path, addr
        sys.exit("sample_at: no instruction of %s in %s at line %d"
                 % (obj, x, line))

    args = [a.gen, "-sampling", a.sampling, "-target-path", a.exe,
            "-main-elf", "%s@%x" % (a.exe, objs["exe"][1])
            + ("@stale" if a.stale == "exe" else "")]
    if lib_path:
        flag = lib_flag or ("stale" if a.stale == "lib" else "")
        args += ["-module-elf", "%s@%x" % (lib_path, LIB_BASE)
                 + ("@" + flag if flag else "")]
    n = 0
    for spec in a.sample:
        words = spec.split()
        addrs = []
        for frame in words[1:]:
            addr, path, lookup = resolve(frame)
            view = symbolize(path, [lookup])[0]
            print("frame %d: %s" % (n, " <- ".join(
                "%s %s:%d" % f for f in view)))
            n += 1
            addrs.append("0x%x" % addr)
        args += ["-sample", " ".join(["x" + words[0]] + addrs)]
    run(args + [a.out])


if __name__ == "__main__":
    main()
