"""usage: status.py N COMMAND ARGS...

Runs COMMAND and succeeds only when it exits with status N (lit's `not`
cannot tell 1 from 2)."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("status.py: %s exited with %d, expected %d\n" % (sys.argv[2], got, want))
    sys.exit(1)
