"""usage: split_term.py SSCC WORKDIR

A compile sscc splits (driver/split_compile.h), killed with SIGTERM while
its first step runs: the signal reaches the compiler, sscc ends by the same
signal after it, and the temporary assembly file is gone.  The compiler is a
fake that records its pid and sleeps."""
import os
import signal
import subprocess
import sys
import time

sscc, work = sys.argv[1], sys.argv[2]
tmp = os.path.join(work, "tmp")
os.makedirs(tmp)
fake = os.path.join(work, "slowcc")
pid_file = os.path.join(work, "compiler.pid")
with open(fake, "w") as f:
    f.write('#!/bin/sh\necho $$ > "%s.new"\nmv "%s.new" "%s"\nexec sleep 600\n'
            % (pid_file, pid_file, pid_file))
os.chmod(fake, 0o755)
src = os.path.join(work, "x.c")
with open(src, "w") as f:
    f.write("int x;\n")

env = dict(os.environ, SSCC_CLANG=fake, SSCC_SPLIT_BYTES="0", TMPDIR=tmp)
p = subprocess.Popen([sscc, "-fss-ideal", "-c", src, "-o", os.path.join(work, "x.o")], env=env)
deadline = time.time() + 300
while not os.path.exists(pid_file):
    if p.poll() is not None or time.time() > deadline:
        sys.exit("split_term: the compile did not start (status %s)" % p.poll())
    time.sleep(0.05)
compiler = int(open(pid_file).read())
if len(os.listdir(tmp)) != 1:
    sys.exit("split_term: no temporary assembly while compiling: %s" % os.listdir(tmp))

p.send_signal(signal.SIGTERM)
status = p.wait(timeout=300)
if status != -signal.SIGTERM:
    sys.exit("split_term: sscc ended with %d, not by SIGTERM" % status)
if os.listdir(tmp):
    sys.exit("split_term: left %s" % os.listdir(tmp))
try:
    os.kill(compiler, 0)
    sys.exit("split_term: the compiler (pid %d) still runs" % compiler)
except ProcessLookupError:
    pass
print("split_term: ok")
