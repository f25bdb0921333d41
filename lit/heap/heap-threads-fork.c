// The heap trace in a thread and in a forked child, against the
// program's own account (Inputs/heap_tally.h).  The thread allocates and
// leaks while main waits for it; the child writes its own file (f<pid>),
// releases a block its parent allocated (not an error there: counted
// apart) and leaks one of its own.  Only the program's functions are
// checked: pthread_create and fork allocate for themselves.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// (-fno-optimize-sibling-calls: a call in tail position, which clang 19 makes at -O1,
// leaves no frame of its caller, so a release there would be charged to the caller's caller.)
// RUN: %clang -O1 -g -fno-optimize-sibling-calls -fno-builtin -pthread -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -heap ./prog > out && ls > files && cat out files | FileCheck %s --check-prefix=FILES
// FILES: child [[CPID:[0-9]+]]
// FILES-DAG: prog.heap.f[[CPID]]
// FILES-DAG: prog.heap.m{{[0-9]+}}
// RUN: cd %t && grep -e worker_allocates -e parent_allocates out > parent && grep child_ out > child
// RUN: cd %t && %tracecheck --exhaustive parent prog.heap.m* | FileCheck %s
// RUN: cd %t && %tracecheck --exhaustive child prog.heap.f* | FileCheck %s
// CHECK: tracecheck: {{[0-9]+}} figures match
// The child's file: its parent's block released (not an error), no error.
// RUN: cd %t && %ssprof prog.heap.f* | FileCheck %s --check-prefix=CHILD
// CHILD: 0: Errors (double free, release of a block never allocated)
// CHILD: 1: Releases of blocks the parent process allocated (forked child)
// The thread's stack in the listing: its start routine, then the library.
// RUN: cd %t && %ssprof -leaks prog.heap.m* | FileCheck %s --check-prefix=THREAD
// THREAD: 2000 bytes in 1 blocks live at exit
// THREAD-NEXT: worker_allocates (prog: heap-threads-fork.c,
// THREAD-NEXT: worker (prog: heap-threads-fork.c,
#include "heap_tally.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>

static struct heap_fn f_worker = {"worker_allocates"},
                      f_parent = {"parent_allocates"},
                      f_child = {"child_allocates"},
                      f_child_frees = {"child_frees"};
static void *kept;

NOINLINE static void worker_allocates(void) {
  void *p[3];
  for (int i = 0; i < 3; i++)
    H_ALLOC(f_worker, p[i], 2000, malloc(2000));
  H_FREE(f_worker, p[0], free(p[0]));
  H_FREE(f_worker, p[2], free(p[2]));
}

static void *worker(void *arg) {
  worker_allocates();
  return arg;
}

NOINLINE static void parent_allocates(void) {
  H_ALLOC(f_parent, kept, 777, malloc(777));
}

NOINLINE static void child_allocates(void) {
  void *a, *b;
  H_ALLOC(f_child, a, 64, malloc(64));
  H_ALLOC(f_child, b, 96, calloc(3, 32));
  H_FREE(f_child, a, free(a));
  (void)b;
}

NOINLINE static void child_frees(void) {
  H_FREE(f_child_frees, kept, free(kept));
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  parent_allocates();
  pid_t pid = fork();
  if (pid == 0) {
    child_allocates();
    child_frees();
    struct heap_fn *fns[] = {&f_child, &f_child_frees};
    heap_report(fns, 2);
    exit(0);
  }
  int status;
  waitpid(pid, &status, 0);
  char line[64];
  snprintf(line, sizeof line, "child %d\n", (int)pid);
  heap_say(line);
  struct heap_fn *fns[] = {&f_worker, &f_parent};
  heap_report(fns, 2);
  return 0;
}
