#!/usr/bin/env python3
"""run_with_file_args.py -- run a command whose arguments "@PATH" are
replaced by the contents of the file PATH (stripped), for tests that pass
a figure the program measured (lit's shell has no $(...)).

  run_with_file_args.py COMMAND [ARG | @PATH ...]

Exits with the command's status; its output is the command's.
"""
import subprocess
import sys


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    args = []
    for a in argv[1:]:
        if a.startswith("@") and len(a) > 1:
            with open(a[1:]) as fp:
                args.append(fp.read().strip())
        else:
            args.append(a)
    return subprocess.call(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
