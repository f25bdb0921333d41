#!/usr/bin/env python3
"""run_sanitized.py LIT SOURCE_UNIT BUILD_UNIT -- runs every prof-*.test of
lit/unit (but prof-sanitized.test itself, and prof-layers.test, which runs
no program) with lit's --param sanitized=1, which points %ssprof and
%testbin at the sanitized build (lit/lit.cfg.py).  Exits with lit's
status."""
import glob
import os
import subprocess
import sys

lit, source, build = sys.argv[1:4]
skip = ("prof-sanitized.test", "prof-layers.test")
tests = sorted(os.path.join(build, os.path.basename(t))
               for t in glob.glob(os.path.join(source, "prof-*.test"))
               if os.path.basename(t) not in skip)
run = subprocess.run([sys.executable, lit, "-sv", "--param", "sanitized=1"]
                     + tests)
print("run_sanitized: %d test files under ASan+UBSan, lit status %d"
      % (len(tests), run.returncode))
sys.exit(run.returncode)
