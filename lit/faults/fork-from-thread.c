// fork() from a thread other than main: the child (that one thread) writes
// its own `f` file with only what it did after the fork (3 calls of work),
// the parent keeps its own (2 before, 1 in the thread before forking, 4
// after): by arithmetic.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %sscc -O2 -fss-ideal -pthread %s -o prog && ./prog
// RUN: printf 'SSCHECK calls work 3\n' > child && %sscheck child prog.ideal.f*
// RUN: printf 'SSCHECK calls work 7\n' > parent && %sscheck parent prog.ideal.m*
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void work(void) { sink++; }

static void *thread_main(void *arg) {
  (void)arg;
  work();
  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < 3; i++)
      work();
    exit(0);
  }
  waitpid(pid, 0, 0);
  return 0;
}

int main(void) {
  work();
  work();
  pthread_t t;
  pthread_create(&t, 0, thread_main, 0);
  pthread_join(t, 0);
  for (int i = 0; i < 4; i++)
    work();
  return 0;
}
