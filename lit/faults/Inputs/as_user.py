#!/usr/bin/env python3
"""as_user.py PROGRAM [ARG...] -- runs PROGRAM as nobody (65534) when
started as root, for whom permissions then mean something; as itself
otherwise.  Exits with PROGRAM's status."""
import os
import subprocess
import sys


def drop():
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)


sys.exit(subprocess.run(sys.argv[1:],
                        preexec_fn=drop if os.geteuid() == 0 else None).returncode)
