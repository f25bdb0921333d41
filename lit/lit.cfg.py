# lit configuration for sscc: compile with sscc, run, report with ssprof,
# check exact counts.  Paths come from lit.site.cfg.py (written by CMake).
import os
import re
import shutil
import lit.formats

config.name = "sscc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "tools", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ss_obj_root, "lit")

bindir = os.path.join(config.ss_obj_root, "bin")
libdir = os.path.join(config.ss_obj_root, "lib")
tools = os.path.join(config.test_source_root, "tools")

config.substitutions.append(("%sscc", os.path.join(bindir, "sscc")))
config.substitutions.append(("%ssxx", os.path.join(bindir, "sscc++")))
config.substitutions.append(("%ssprof", os.path.join(bindir, "ssprof")))
config.substitutions.append(("%ssrun", os.path.join(bindir, "ssrun")))
config.substitutions.append(("%ssdump", os.path.join(config.ss_obj_root, "tests", "ssdump")))
config.substitutions.append(("%expect_exit", config.python_executable + " " + os.path.join(tools, "expect_exit.py")))
config.substitutions.append(("%clangxx", config.ss_clangxx))
config.substitutions.append(("%clang", config.ss_clang))
config.substitutions.append(("%builddir", config.ss_obj_root))
config.substitutions.append(("%bindir", bindir))
config.substitutions.append(("%libdir", libdir))
config.substitutions.append(("%testbin", os.path.join(config.ss_obj_root, "tests")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%sscheck", config.python_executable + " " + os.path.join(tools, "sscheck.py")))

# FileCheck, not, count: from the LLVM the project was built against.
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, bindir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ["HOME", "TMPDIR", "LANG", "LC_ALL"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]
# ssprof keeps what ideal time computed from a binary in the build tree,
# not in the home directory (a test of the cache sets its own).
config.environment["SSPROF_CACHE_DIR"] = os.path.join(config.ss_obj_root, "lit", "ssprof-cache")
config.environment.pop("SSPROF_NO_CACHE", None)
config.environment.pop("XDG_CACHE_HOME", None)
# Experiment files land in the test's working directory unless a test says otherwise.
config.environment.pop("_SPEEDSHOP_OUTPUT_DIRECTORY", None)
# No experiment is inherited from a shell that runs the suite under ssrun.
for var in ["_SPEEDSHOP_EXPERIMENT_TYPE", "_SPEEDSHOP_CALIPER_SIGNAL",
            "_SPEEDSHOP_TRACE_FORK_TO_EXEC", "LD_PRELOAD"]:
    config.environment.pop(var, None)

if shutil.which("gcc"):
    config.available_features.add("gcc")
if shutil.which("gcov"):
    config.available_features.add("gcov")
if shutil.which("valgrind"):
    config.available_features.add("valgrind")
if shutil.which("autoconf"):
    config.available_features.add("autoconf")

# Targets of the clang sscc runs (the software pipeliner's remarks need one
# that pipelines by default: Hexagon).
import subprocess
try:
    targets = subprocess.run([config.ss_clang, "--print-targets"],
                             capture_output=True, text=True).stdout
    for line in targets.splitlines():
        words = line.split()
        if words and words[0] in ("hexagon",):
            config.available_features.add("target-" + words[0])
except OSError:
    pass

# The pass mirrors the code generator's splitting of && / || branches for
# LLVM before 18 only (pass/SplitConditions.h).
try:
    version = subprocess.run([config.ss_clang, "--version"],
                             capture_output=True, text=True).stdout
    major = re.search(r"clang version (\d+)", version)
    if major and int(major.group(1)) < 18:
        config.available_features.add("split-conditions")
except OSError:
    pass
