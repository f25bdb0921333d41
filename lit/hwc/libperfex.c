// <ss/perfex.h>, the seeds' libperfex, around a section that touches 1500
// fresh pages: page-faults (a code from ss_perfex_event) counted for the
// calling thread equal the thread's own tally (getrusage RUSAGE_THREAD)
// over the same section, and the seeds' print_counters/print_costs layout
// goes to stderr.  The seeds' counter numbers need a hardware PMU: where
// there is none, start_counters refuses in one line and returns -1.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -I%S/../../include %s -o prog -L%libdir -lssperfex -Wl,-rpath,%libdir
// RUN: cd %t && ./prog > own.txt 2> report.txt
// RUN: FileCheck %s < %t/report.txt
// CHECK: Event Counter Name Counter Value
// CHECK-NEXT: ===
// CHECK-NEXT: page-faults.....{{.*}} [[N:[0-9]+]]
// CHECK-NEXT: task-clock......{{.*}} {{[0-9]+}}
// CHECK-NEXT: Based on {{[0-9]+}} MHz
// CHECK: Event Counter Name Counter Value Time (sec) Time (sec) Time (sec)
// CHECK-NEXT: ===
// CHECK-NEXT: page-faults.....{{.*}} [[N]] - - -
// CHECK-NEXT: task-clock......{{.*}} {{[0-9]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}
// RUN: FileCheck %s --check-prefix=OWN < %t/own.txt
// OWN: counted == own: 1
#include <ss/perfex.h>

#include <stdio.h>
#define _GNU_SOURCE 1
#include <sys/mman.h>
#include <sys/resource.h>

#ifndef RUSAGE_THREAD
#define RUSAGE_THREAD 1
#endif

int main(void) {
  long page = 4096, pages = 1500;
  char *p = mmap(NULL, (size_t)(pages * page), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(p, (size_t)(pages * page), MADV_NOHUGEPAGE);
  int e0 = ss_perfex_event("page-faults"), e1 = ss_perfex_event("task-clock");
  struct rusage u0, u1;
  getrusage(RUSAGE_THREAD, &u0);
  if (start_counters(e0, e1) != 0)
    return 1;
  for (long i = 0; i < pages; i++)
    p[i * page] = 1;
  long long c0, c1;
  if (read_counters(e0, &c0, e1, &c1) != 0)
    return 1;
  getrusage(RUSAGE_THREAD, &u1);
  long own = u1.ru_minflt - u0.ru_minflt;
  print_counters(e0, c0, e1, c1);
  print_costs(e0, c0, e1, c1);
  printf("counted == own: %d (%lld, %ld)\n", c0 == own && own >= 1500, c0, own);
  return 0;
}
