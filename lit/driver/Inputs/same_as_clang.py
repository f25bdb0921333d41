"""usage: same_as_clang.py SETUP CLANG SSCC -- ARGS...

Runs `CLANG ARGS` and `SSCC <flags> ARGS` for each of sscc's flags (and all
of them at once), each in a fresh copy of the directory SETUP, and fails
unless every sscc command exits as clang's did and prints no diagnostic
clang's does not: sscc adds nothing clang could complain about in the
command's mode, which -Werror would make an error."""
import os
import shutil
import subprocess
import sys
import tempfile

FLAG_SETS = [[], ["-fss-ideal"], ["-fss-remarks"], ["-fss-sampling"],
             ["-fss-ideal", "-fss-remarks", "-fss-sampling"]]


def run(setup, command):
    work = tempfile.mkdtemp(prefix="same_as_clang.")
    try:
        shutil.copytree(setup, work, dirs_exist_ok=True)
        out = subprocess.run(command, cwd=work, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        return out.returncode, sorted(out.stderr.replace(work, "<dir>").splitlines())
    finally:
        shutil.rmtree(work)


def main(argv):
    if len(argv) < 5 or argv[4] != "--":
        sys.exit(__doc__)
    setup, clang, sscc, args = argv[1], argv[2], argv[3], argv[5:]
    want = run(setup, [clang] + args)
    failed = False
    for flags in FLAG_SETS:
        got = run(setup, [sscc] + flags + args)
        if got != want:
            failed = True
            print("same_as_clang: sscc %s: exit %d, stderr %s; clang %s: exit %d, stderr %s"
                  % (" ".join(flags + args), got[0], got[1], " ".join(args),
                     want[0], want[1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
