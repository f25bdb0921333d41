/*
 * split_wall.c -- threads that spend known shares of their wall-clock time
 * computing and blocked, which the program measures itself, for
 * bench/sampling.sh to compare with totaltime (which samples wall-clock time,
 * waiting included) and usertime (CPU time only).
 *
 * Every thread (main included, so no thread sits idle in pthread_join) runs
 * rounds of three functions in a random order, each for a random length
 * around its share of a ~10 ms round:
 *   compute    arithmetic, never blocks                         40% of wall
 *   nap        nanosleep                                        35%
 *   wait_pipe  read() on a pipe that a helper process writes
 *              to after a delay (a plain restartable read, not
 *              one of the waiting calls libssrt wraps)          25%
 * Each thread has its own helper process, forked before any thread starts:
 * it reads a delay from one pipe, sleeps for it and answers on another.
 *
 * Every call is timed with CLOCK_MONOTONIC and CLOCK_THREAD_CPUTIME_ID. At
 * the end the program prints each function's share of the threads' summed
 * wall time (each thread from its start -- main's from the start of main --
 * to its end) and of the process's CPU time:
 *     wall <function> <percent>
 *     cpu <function> <percent>
 * with "other" for the rest of each.
 *
 *   usage: split_wall [threads] [wall-ms]    (defaults 2, 3000)
 */
#include "wl.h"
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

enum { F_COMPUTE, F_NAP, F_PIPE, NFUNC };
static const char *const func_name[NFUNC] = {"compute", "nap", "wait_pipe"};
static const double func_share[NFUNC] = {0.40, 0.35, 0.25};
#define ROUND_NS 10e6

static int64_t now_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

struct thread_state {
  int req, resp;                       /* pipes to and from the helper */
  int64_t wall[NFUNC], cpu[NFUNC];     /* time in each function */
  int64_t wall_total;                  /* the thread's whole life */
  int64_t start, budget_ns;
  double per_iter;                     /* compute: ns of CPU per iteration */
  uint64_t rng, sink;
};

NOINLINE uint64_t compute(long n, uint64_t h) {
  for (long i = 0; i < n; i++) {
    h ^= h >> 31;
    h *= 0x94d049bb133111ebULL;
    h += (uint64_t)i;
  }
  return h;
}

NOINLINE void nap(int64_t ns) {
  struct timespec ts = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

NOINLINE void wait_pipe(int req, int resp, int64_t ns) {
  char byte;
  if (write(req, &ns, sizeof ns) != sizeof ns || read(resp, &byte, 1) != 1) {
    perror("split_wall: helper pipe");
    exit(1);
  }
}

/* The helper process: answers each request after the delay it names. */
static void helper(int req, int resp) {
  int64_t ns;
  while (read(req, &ns, sizeof ns) == sizeof ns) {
    struct timespec ts = {(time_t)(ns / 1000000000), (long)(ns % 1000000000)};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
      ;
    if (write(resp, "x", 1) != 1)
      break;
  }
  _exit(0);
}

static void timed(struct thread_state *s, int f) {
  int64_t ns = (int64_t)(func_share[f] * ROUND_NS * (0.5 + wl_uniform(&s->rng)));
  /* The thread CPU clock is a system call, the monotonic one is not (vDSO),
   * and a thread that has to give up its core does so on the way out of a
   * system call: the CPU clock is read outside the wall-clock window, so a
   * wait for a core there is "other" for the program as for totaltime (which
   * finds it in clock_gettime), not the function's. */
  int64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), w0 = now_ns(CLOCK_MONOTONIC);
  switch (f) {
  case F_COMPUTE: {
    long n = (long)(ns / s->per_iter);
    s->sink = compute(n < 1 ? 1 : n, s->sink);
    break;
  }
  case F_NAP: nap(ns); break;
  case F_PIPE: wait_pipe(s->req, s->resp, ns); break;
  }
  int64_t w1 = now_ns(CLOCK_MONOTONIC), c1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
  s->wall[f] += w1 - w0;
  s->cpu[f] += c1 - c0;
}

static void *thread_main(void *arg) {
  struct thread_state *s = arg;
  if (!s->start)
    s->start = now_ns(CLOCK_MONOTONIC);
  /* compute's speed, from CPU time (a thread that waits for a core
   * computes for longer: that is waiting too, which totaltime sees). */
  int64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
  s->sink = compute(100000, s->sink);
  s->per_iter = (double)(now_ns(CLOCK_THREAD_CPUTIME_ID) - c0) / 100000;
  while (now_ns(CLOCK_MONOTONIC) - s->start < s->budget_ns) {
    int order[NFUNC] = {F_COMPUTE, F_NAP, F_PIPE};
    for (int i = NFUNC - 1; i > 0; i--) {
      int j = (int)(wl_rand(&s->rng) % (uint64_t)(i + 1)), t = order[i];
      order[i] = order[j], order[j] = t;
    }
    for (int i = 0; i < NFUNC; i++)
      timed(s, order[i]);
  }
  s->wall_total = now_ns(CLOCK_MONOTONIC) - s->start;
  return NULL;
}

int main(int argc, char **argv) {
  int64_t main_start = now_ns(CLOCK_MONOTONIC);
  int nthreads = (int)wl_arg(argc, argv, 1, 2);
  long wall_ms = wl_arg(argc, argv, 2, 3000);
  if (nthreads > 16) {
    fprintf(stderr, "split_wall: at most 16 threads\n");
    return 2;
  }
  static struct thread_state state[16];
  pid_t helpers[16];
  for (int t = 0; t < nthreads; t++) {
    int req[2], resp[2];
    if (pipe(req) != 0 || pipe(resp) != 0) {
      perror("split_wall: pipe");
      return 1;
    }
    fflush(NULL);
    helpers[t] = fork();
    if (helpers[t] < 0) {
      perror("split_wall: fork");
      return 1;
    }
    if (helpers[t] == 0) {
      close(req[1]);
      close(resp[0]);
      for (int u = 0; u < t; u++) /* the other helpers' ends: their EOF */
        close(state[u].req), close(state[u].resp);
      helper(req[0], resp[1]);
    }
    close(req[0]);
    close(resp[1]);
    state[t] = (struct thread_state){.req = req[1], .resp = resp[0], .budget_ns = wall_ms * 1000000,
                                     .rng = 77 + (uint64_t)t, .sink = (uint64_t)t};
  }
  state[0].start = main_start;
  pthread_t tid[16];
  for (int t = 1; t < nthreads; t++)
    if (pthread_create(&tid[t], NULL, thread_main, &state[t]) != 0) {
      fprintf(stderr, "split_wall: cannot create thread %d\n", t);
      return 1;
    }
  thread_main(&state[0]);
  for (int t = 1; t < nthreads; t++)
    pthread_join(tid[t], NULL);
  for (int t = 0; t < nthreads; t++) {
    close(state[t].req);
    waitpid(helpers[t], NULL, 0);
    close(state[t].resp);
  }
  /* main's life runs to here: the joins and the helpers' ends are its. */
  state[0].wall_total = now_ns(CLOCK_MONOTONIC) - main_start;

  int64_t cpu_total = now_ns(CLOCK_PROCESS_CPUTIME_ID), wall_total = 0;
  int64_t wall[NFUNC] = {0}, cpu[NFUNC] = {0}, wall_known = 0, cpu_known = 0;
  uint64_t check = 0;
  for (int t = 0; t < nthreads; t++) {
    wall_total += state[t].wall_total;
    for (int f = 0; f < NFUNC; f++)
      wall[f] += state[t].wall[f], cpu[f] += state[t].cpu[f];
    check ^= state[t].sink;
  }
  printf("split_wall: %d thread(s), wall %.3f s summed over threads, process cpu %.3f s, "
         "result %llx\n", nthreads, wall_total / 1e9, cpu_total / 1e9,
         (unsigned long long)(check & 0xffff));
  for (int f = 0; f < NFUNC; f++) {
    printf("wall %s %.3f\n", func_name[f], 100.0 * (double)wall[f] / (double)wall_total);
    wall_known += wall[f];
  }
  printf("wall other %.3f\n", 100.0 * (double)(wall_total - wall_known) / (double)wall_total);
  for (int f = 0; f < NFUNC; f++) {
    printf("cpu %s %.3f\n", func_name[f], 100.0 * (double)cpu[f] / (double)cpu_total);
    cpu_known += cpu[f];
  }
  printf("cpu other %.3f\n", 100.0 * (double)(cpu_total - cpu_known) / (double)cpu_total);
  return 0;
}
