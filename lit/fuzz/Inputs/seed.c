/* seed.c -- a program whose experiment files seed the fuzzers
 * (seed_corpus.sh): calls direct and indirect, loops, recursion, a thread,
 * a fork, an exec of itself, caliper points, I/O calls and floating-point
 * exceptions, so that every kind of record, sample and trace event the
 * runtime writes is in the corpus.  Each run spends
 * some 0.1 s of CPU so that the sampling experiments have samples. */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef WITH_CALIPERS
#include <ss/caliper.h>
#else
#define ss_caliper_point(label) ((void)0)
#endif

static volatile long sink;

__attribute__((noinline)) static long fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) static void spin(long n) {
  for (long i = 0; i < n; i++)
    sink += i % 7 ? i : -i;
}

static void (*volatile indirect)(long) = spin;

/* For io and fpe: a file written and read back, and a division by zero,
 * an invalid operation and an overflow. */
static volatile double zero = 0.0, huge = 1e300;

__attribute__((noinline)) static void io_and_fp(void) {
  int fd = open("/dev/null", O_WRONLY);
  if (fd >= 0) {
    for (int i = 0; i < 3; i++)
      sink += write(fd, "seed", 4);
    close(fd);
  }
  sink += (long)(1.0 / zero > 0) + (long)(zero / zero != 0) +
          (long)(huge * huge > 0);
}

static void *thread_main(void *arg) {
  (void)arg;
  spin(3000000);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "blocked") == 0) {
    /* Every signal blocked: no samples, though the CPU time is spent. */
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, NULL);
    spin(30000000);
    return 0;
  }
  ss_caliper_point("start");
  sink += fib(22);
  indirect(10000000);
  ss_caliper_point("after the loop");
  io_and_fp();
  pthread_t t;
  if (pthread_create(&t, NULL, thread_main, NULL) == 0)
    pthread_join(t, NULL);
  if (argc > 1 && strcmp(argv[1], "exec") == 0) {
    pid_t pid = fork();
    if (pid == 0) {
      spin(1000000);
      _exit(0);
    }
    waitpid(pid, NULL, 0);
    execl("/proc/self/exe", argv[0], "done", (char *)NULL);
    return 1;
  }
  return 0;
}
