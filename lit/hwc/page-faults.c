// prof_hwc on page-faults with an overflow of 1: every fault is a sample.
// The program touches 3000 fresh pages of an anonymous mapping (huge
// pages off, so one first write is one fault) in `touch`, and counts the
// faults that took itself (getrusage's minor faults around the loop) into
// own.txt.  ssprof's events in `touch` must be those, exactly: the kernel
// counts a page fault and signals its overflow synchronously, on the
// faulting thread, as it returns to the program.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -g %s -o prog
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=page-faults _SPEEDSHOP_HWC_COUNTER_OVERFLOW=1 %ssrun -prof_hwc ./prog own.txt
// RUN: cd %t && %ssprof -json prog.prof_hwc.m* > p.json
// RUN: %python %S/../tools/json_expect.py %t/p.json %s "s['event'] == 'perf::PERF_COUNT_SW_PAGE_FAULTS'" "f('touch')['exclusive_events'] == int(open('%t/own.txt').read())" "f('touch')['exclusive_events'] >= 3000" | FileCheck %s
// CHECK: json_expect: 3 checks passed
//
// prof_hwctime: the same faults with their call stacks: main -> touch.
// RUN: cd %t && env _SPEEDSHOP_HWC_COUNTER_NUMBER=page-faults _SPEEDSHOP_HWC_COUNTER_OVERFLOW=1 %ssrun -prof_hwctime ./prog own2.txt
// RUN: cd %t && %ssprof -json prog.prof_hwctime.m* > t.json
// RUN: %python %S/../tools/json_expect.py %t/t.json %s "s['kind'] == 'hwctime' and s['callstacks']" "f('touch')['exclusive_events'] == int(open('%t/own2.txt').read())" "incl('main') >= excl('touch')" "len(edge('main', 'touch')) == 1" | FileCheck %s --check-prefix=STACKS
// STACKS: json_expect: 4 checks passed
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define PAGES 3000

__attribute__((noinline)) void touch(char *p, long page) {
  for (long i = 0; i < PAGES; i++)
    p[i * page] = 1;
}

static long faults(void) {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

int main(int argc, char **argv) {
  long page = 4096;
  char *p = mmap(NULL, (size_t)(PAGES * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return 1;
  madvise(p, (size_t)(PAGES * page), MADV_NOHUGEPAGE);
  long before = faults();
  touch(p, page);
  long after = faults();
  FILE *f = fopen(argv[1], "w");
  fprintf(f, "%ld\n", after - before);
  fclose(f);
  return 0;
}
