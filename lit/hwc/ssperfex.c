// ssperfex, the seeds' perfex, with the software events this machine
// counts.  The program touches 2000 fresh pages (huge pages off) and
// writes the page faults it took (getrusage, around its whole main) to
// own.txt, then exits with status 7.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 %s -o prog
//
// The program's exit status is ssperfex's; the report goes to stderr, and
// counts at least the faults the program saw itself (the dynamic loader's
// come before main).
// RUN: cd %t && %python %S/Inputs/exit_is.py 7 %ssperfex -e page-faults -o report.txt ./prog own.txt
// RUN: %python -c "import re, sys; n = int(re.search(r'page-faults\.+ +([0-9]+)', open('%t/report.txt').read()).group(1)); own = int(open('%t/own.txt').read()); sys.exit(0 if own >= 2000 and own <= n <= own + 200 else 'counted %%d, own %%d' %% (n, own))"
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.txt
// REPORT: Summary for execution of ./prog
// REPORT-NEXT: Event Counter Name Counter Value
// REPORT-NEXT: ===
// REPORT-NEXT: page-faults.....{{.*}} {{[0-9]+}}
//
// On stderr without -o; -y times task-clock exactly (a nanosecond each)
// and names the statistics it cannot compute.
// RUN: cd %t && %ssperfex -e task-clock -y ./prog own.txt 2> y.txt || true
// RUN: FileCheck %s --check-prefix=TIMES < %t/y.txt
// TIMES: Summary for execution of ./prog
// TIMES-NEXT: Based on {{[0-9]+}} MHz
// TIMES-NEXT: Typical Minimum Maximum
// TIMES-NEXT: Event Counter Name Counter Value Time (sec) Time (sec) Time (sec)
// TIMES-NEXT: ===
// TIMES-NEXT: task-clock......{{.*}} [[NS:[0-9]+]] {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}}
// TIMES-NEXT: Statistics
// TIMES: Not computed (their events were not counted): Graduated instructions/cycle,
//
// -a: the seeds' warning, software events, and one line for each kind of
// counter left out.
// RUN: cd %t && %ssperfex -a ./prog own.txt 2> a.txt || true
// RUN: FileCheck %s --check-prefix=ALL < %t/a.txt
// ALL: No x86 counterpart (docs/hwc.md): counters 5 7 8 11 12 13 14 22 27 28 29 30 31
// ALL-NEXT: WARNING: Multiplexing events to project totals--inaccuracy possible.
// ALL: task-clock....
// ALL-NEXT: page-faults....
// ALL-NEXT: context-switches....
// ALL-NEXT: cpu-migrations....
//
// -t: the cost table, every seed counter, no program needed.
// RUN: %ssperfex -t 2>&1 | FileCheck %s --check-prefix=TABLE
// TABLE: Costs for
// TABLE: 0 Cycles.......{{.*}} 1.00 clks 1.00 clks 1.00 clks
// TABLE: 31 Store/prefetch exclusive to shared block in secondary cache
//
// Errors: usage 2, an event that cannot be counted 1, before the program
// runs (it would leave started.txt... it writes own.txt: check it is not
// rewritten).
// RUN: cd %t && rm -f own.txt && %expect_exit 2 %ssperfex -q ./prog own.txt | FileCheck %s --check-prefix=USAGE
// USAGE: ssperfex: unknown option -q; ssperfex -h lists them
// RUN: cd %t && %expect_exit 1 %ssperfex -e 5 ./prog own.txt | FileCheck %s --check-prefix=FSC
// FSC: ssperfex: cannot count 5: counter 5 (Failed store conditionals) has no counterpart on this CPU
// RUN: cd %t && %expect_exit 1 %ssperfex -e bogus-event ./prog own.txt | FileCheck %s --check-prefix=BOGUS
// BOGUS: ssperfex: cannot count bogus-event: bogus-event: not an event libpfm4 knows
// RUN: test ! -e %t/own.txt
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>

int main(int argc, char **argv) {
  struct rusage u0, u1;
  getrusage(RUSAGE_SELF, &u0);
  long page = 4096, pages = 2000;
  char *p = mmap(NULL, (size_t)(pages * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(p, (size_t)(pages * page), MADV_NOHUGEPAGE);
  for (long i = 0; i < pages; i++)
    p[i * page] = 1;
  FILE *f = fopen(argv[1], "w");
  getrusage(RUSAGE_SELF, &u1);
  fprintf(f, "%ld\n", u1.ru_minflt - u0.ru_minflt);
  fclose(f);
  return 7;
}
