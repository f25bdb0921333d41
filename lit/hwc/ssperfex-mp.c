// ssperfex -mp: counts per thread, then their total.  Every thread of
// this program touches its own number of fresh pages (huge pages off, so
// one first write is one fault): main 4000, three threads 1000, 2000 and
// 3000, and a forked child 2500 that ends by _exit.  Each records its
// thread id and the minor faults the kernel charged to it (getrusage
// RUSAGE_THREAD) in own.txt (the child in own-child.txt), the program's own arithmetic that
// the per-thread page-faults are checked against: at least the pages the
// thread touched (the runtime counts each thread from its start, before
// the touches), at most what the kernel charged it plus a little (the
// faults of its exit, after it recorded; Inputs/check_per_thread.py).
// task-clock is above 0 in every thread, and each event's total is the
// sum of the threads' values.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O1 -pthread %s -o prog
// RUN: cd %t && %python %S/Inputs/exit_is.py 3 ./prog > plain.out
//
// The exit status and stdout are the program's.
// RUN: cd %t && %python %S/Inputs/exit_is.py 3 %ssperfex -mp -e page-faults -e task-clock -o report.txt ./prog > mp.out
// RUN: cmp %t/plain.out %t/mp.out
// RUN: %python %S/Inputs/check_per_thread.py %t/report.txt %t/own.txt %t/own-child.txt | FileCheck %s
// CHECK: check_per_thread: 5 threads in 2 processes; page-faults within bounds; task-clock > 0; totals are the sums
//
// The layout: one block per thread (the forked child's says whose child it
// is), then the total.
// RUN: FileCheck %s --check-prefix=LAYOUT < %t/report.txt
// LAYOUT: Summary for thread [[MAIN:[0-9]+]] of process [[MAIN]] of ./prog
// LAYOUT-NEXT: Event Counter Name Counter Value
// LAYOUT-NEXT: ===
// LAYOUT-NEXT: page-faults....{{.*}} {{[0-9]+}}
// LAYOUT-NEXT: task-clock....{{.*}} {{[0-9]+}}
// LAYOUT: Summary for thread {{[0-9]+}} of process [[MAIN]] of ./prog
// LAYOUT: Summary for thread [[CHILD:[0-9]+]] of process [[CHILD]] (child of [[MAIN]]) of ./prog
// LAYOUT: Total of 5 threads in 2 processes (the sum of the threads above)
// LAYOUT-NEXT: Summary for execution of ./prog
//
// -y as well: the per-thread blocks, then the total with its times.
// RUN: cd %t && %python %S/Inputs/exit_is.py 3 %ssperfex -mp -y -e task-clock ./prog > /dev/null 2> y.txt
// RUN: FileCheck %s --check-prefix=TIMES < %t/y.txt
// TIMES: Total of 5 threads in 2 processes (the sum of the threads above)
// TIMES-NEXT: Summary for execution of ./prog
// TIMES-NEXT: Based on
//
// A static program cannot have the runtime loaded into it: one line,
// exit status 1, before it runs (it would write own.txt).
// RUN: cd %t && rm -f own.txt && %clang -O1 -static -pthread %s -o static-prog
// RUN: cd %t && %expect_exit 1 %ssperfex -mp -e task-clock ./static-prog | FileCheck %s --check-prefix=STATIC
// STATIC: ssperfex: cannot count ./static-prog per thread (-mp): it is not a dynamically linked program for this machine, and -mp loads sscc's runtime into it; count it without -mp, or rebuild it without -static
// RUN: test ! -e %t/own.txt
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096L

struct own {
  long pages, tid, faults;
};

static void touch(long pages) {
  char *p = mmap(NULL, (size_t)(pages * PAGE), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    exit(1);
  madvise(p, (size_t)(pages * PAGE), MADV_NOHUGEPAGE);
  for (long i = 0; i < pages; i++)
    p[i * PAGE] = 1;
}

/* The thread's own: its id and the faults the kernel charged to it. */
static void record(struct own *o) {
  struct rusage u;
  getrusage(RUSAGE_THREAD, &u);
  o->tid = (long)syscall(SYS_gettid);
  o->faults = u.ru_minflt;
}

static void *worker(void *arg) {
  struct own *o = arg;
  touch(o->pages);
  record(o);
  return NULL;
}

int main(void) {
  struct own own[4] = {{4000, 0, 0}, {1000, 0, 0}, {2000, 0, 0}, {3000, 0, 0}};
  pthread_t t[3];
  for (int i = 1; i < 4; i++)
    pthread_create(&t[i - 1], NULL, worker, &own[i]);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], NULL);
  pid_t child = fork();
  if (child == 0) {
    struct own c = {2500, 0, 0};
    touch(c.pages);
    record(&c);
    FILE *f = fopen("own-child.txt", "w");
    fprintf(f, "%ld %ld %ld\n", c.pages, c.tid, c.faults);
    fclose(f);
    _exit(0); /* no destructors: the runtime writes its counts all the same */
  }
  waitpid(child, NULL, 0);
  touch(own[0].pages);
  record(&own[0]);
  FILE *f = fopen("own.txt", "w");
  for (int i = 0; i < 4; i++)
    fprintf(f, "%ld %ld %ld\n", own[i].pages, own[i].tid, own[i].faults);
  fclose(f);
  printf("touched %ld pages in 4 threads and a child\n", 4000L + 1000 + 2000 + 3000 + 2500);
  return 3;
}
