#!/usr/bin/env python3
"""exit_is.py STATUS COMMAND [ARG...] -- run COMMAND (its output passes
through) and succeed only if it exits with STATUS."""
import subprocess
import sys

status = subprocess.call(sys.argv[2:])
if status != int(sys.argv[1]):
    sys.exit("exit_is: %s exited with %d, not %s" % (sys.argv[2], status, sys.argv[1]))
