// totaltime samples a thread while it waits, yet the program's sleeps and
// waits run their full time and never fail with EINTR: the sampling signal
// is held off while they block (rt/sampling/blocking_calls.c), and the
// waiting time is sampled where the program waited.
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang -O1 -pthread -I%S/Inputs %s -o prog
// RUN: cd %t && %ssrun -totaltime ./prog | FileCheck %s
// CHECK: usleep ok
// CHECK: nanosleep ok
// CHECK: sleep ok
// CHECK: poll ok
// CHECK: select ok
// CHECK: sem_timedwait ok
// RUN: cd %t && %ssdump --frames-in main --min-samples 10 prog.totaltime.m* | FileCheck %s --check-prefix=SAMPLES
// SAMPLES: SAMPLING kind=totaltime
// SAMPLES: frames in main: ok
// SAMPLES: samples: ok
#include <errno.h>
#include <poll.h>
#include <semaphore.h>
#include <stdio.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void report(const char *what, int ok, double start, double want) {
  double took = now() - start;
  printf("%s %s\n", what, ok && took >= want * 0.99 ? "ok" : "cut short");
}

int main(void) {
  double t = now();
  int rc = usleep(150000);
  report("usleep", rc == 0, t, 0.15);

  t = now();
  struct timespec req = {0, 150000000}, rem;
  rc = nanosleep(&req, &rem);
  report("nanosleep", rc == 0, t, 0.15);

  t = now();
  unsigned left = sleep(1);
  report("sleep", left == 0, t, 1.0);

  t = now();
  rc = poll(NULL, 0, 150);
  report("poll", rc == 0, t, 0.15);

  t = now();
  struct timeval tv = {0, 150000};
  rc = select(0, NULL, NULL, NULL, &tv);
  report("select", rc == 0, t, 0.15);

  sem_t sem;
  sem_init(&sem, 0, 0);
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_nsec += 150000000;
  if (deadline.tv_nsec >= 1000000000) {
    deadline.tv_sec++;
    deadline.tv_nsec -= 1000000000;
  }
  t = now();
  rc = sem_timedwait(&sem, &deadline);
  report("sem_timedwait", rc == -1 && errno == ETIMEDOUT, t, 0.14);
  return 0;
}
