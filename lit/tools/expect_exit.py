#!/usr/bin/env python3
"""expect_exit.py STATUS COMMAND [ARG...]

Run COMMAND and check that it exits with STATUS after printing exactly one
line on stderr and nothing on stdout (the ssprof error contract).  The
stderr line is echoed to stdout for FileCheck.  Exits 0 when all holds.
"""
import subprocess
import sys


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    want = int(argv[1])
    run = subprocess.run(argv[2:], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    err = run.stderr.decode("utf-8", "replace")
    sys.stdout.write(err)
    problems = []
    if run.returncode != want:
        problems.append("exit status %d, expected %d" % (run.returncode, want))
    if run.stdout:
        problems.append("%d bytes on stdout" % len(run.stdout))
    if err.count("\n") != 1 or not err.endswith("\n"):
        problems.append("stderr is not exactly one line")
    for p in problems:
        sys.stderr.write("expect_exit: %s\n" % p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
