/*
 * split_time.c -- CPU time split between five functions in known shares,
 * which the program measures itself, for bench/sampling.sh to compare with
 * what the samplers attribute to each function.
 *
 * Five workers do distinct work, so no two can be merged, and none is
 * inlined:
 *   work_fp      a dependent floating-point recurrence      35%
 *   work_int     an integer hash chain                      25%
 *   work_mem     pointer chasing through 4 MiB               20%  } called by
 *   work_branch  Collatz walks (unpredictable branches)      12%  } pair_mem_branch
 *   work_div     a chain of 64-bit divisions                  8%
 * pair_mem_branch does nothing but call work_mem and work_branch (and read
 * the clock around them), so its inclusive time is theirs.
 *
 * Each thread runs rounds until it has used its share of CPU time; a round
 * calls the four top-level functions in a random order, each for a random
 * length around its share of a ~8 ms round.  The random order and lengths
 * keep the schedule from beating with the sampling clock (the kernel checks
 * CPU-time timers at its tick), which would bias a sampler toward whatever
 * runs at a fixed phase.  The lengths are iteration counts from a running
 * estimate of each worker's speed, so the workers themselves never read the
 * clock.
 *
 * Every call of a worker is timed with CLOCK_THREAD_CPUTIME_ID; at the end
 * the program prints each function's share of the process's CPU time
 * (CLOCK_PROCESS_CPUTIME_ID, which includes start-up, a sampler's signal
 * handler and everything else) as
 *     share <function> <percent>
 * with "other" for the rest, and
 *     incl pair_mem_branch <percent>
 * for the caller's inclusive share (its own clock around the whole call).
 *
 *   usage: split_time [threads] [cpu-ms-per-thread]    (defaults 1, 2000)
 *          split_time tick     -- prints how often the kernel delivers a
 *                                 1 ms CPU-time timer's signal (its tick rate)
 */
#include "wl.h"
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))

enum { W_FP, W_INT, W_MEM, W_BRANCH, W_DIV, NWORK };
static const char *const work_name[NWORK] = {"work_fp", "work_int", "work_mem", "work_branch",
                                             "work_div"};
static const double work_share[NWORK] = {0.35, 0.25, 0.20, 0.12, 0.08};
#define ROUND_NS 8e6 /* a round's average length */

/* ---- the workers: distinct work, every result used ---- */

NOINLINE double work_fp(long n, double x) {
  for (long i = 0; i < n; i++)
    x = x * 0.999999 + 1e-7 * (double)(i & 1023);
  return x;
}

NOINLINE uint64_t work_int(long n, uint64_t h) {
  for (long i = 0; i < n; i++) {
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h += (uint64_t)i;
  }
  return h;
}

#define MEM_SLOTS (1u << 20) /* 4 MiB of uint32_t: a single random cycle */
static uint32_t *chase;

NOINLINE uint32_t work_mem(long n, uint32_t at) {
  for (long i = 0; i < n; i++)
    at = chase[at];
  return at;
}

NOINLINE uint64_t work_branch(long n, uint64_t seed) {
  uint64_t steps = 0;
  for (long i = 0; i < n; i++) {
    uint64_t x = (seed + (uint64_t)i * 2654435761u) % 100000 + 1;
    while (x != 1) {
      if (x & 1)
        x = 3 * x + 1;
      else
        x >>= 1;
      steps++;
    }
  }
  return steps;
}

NOINLINE uint64_t work_div(long n, uint64_t x) {
  uint64_t d = 0x12345;
  for (long i = 0; i < n; i++) {
    x = x / (d | 1) + 0x9e3779b97f4a7c15ULL;
    d = d * 3 + (x >> 60);
  }
  return x;
}

/* ---- timing ---- */

static int64_t cpu_ns(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
#define thread_ns() cpu_ns(CLOCK_THREAD_CPUTIME_ID)

struct thread_state {
  int64_t ns[NWORK], pair_ns; /* CPU time in each function */
  double per_iter[NWORK];     /* running estimate, ns per iteration */
  uint64_t rng, sink;
  uint32_t at;
  double x;
  int64_t budget_ns;
};

/* Runs worker w for n iterations, timed; updates its speed estimate. */
static void run(struct thread_state *s, int w, long n) {
  int64_t t0 = thread_ns();
  switch (w) {
  case W_FP: s->x = work_fp(n, s->x); break;
  case W_INT: s->sink ^= work_int(n, s->sink); break;
  case W_MEM: s->at = work_mem(n, s->at); break;
  case W_BRANCH: s->sink += work_branch(n, s->sink); break;
  case W_DIV: s->sink ^= work_div(n, s->sink + 1); break;
  }
  int64_t dt = thread_ns() - t0;
  s->ns[w] += dt;
  double est = (double)dt / (double)n;
  s->per_iter[w] = s->per_iter[w] * 0.8 + est * 0.2;
}

/* Iterations for a random length around worker w's share of a round. */
static long iterations(struct thread_state *s, int w) {
  double ns = work_share[w] * ROUND_NS * (0.5 + wl_uniform(&s->rng));
  long n = (long)(ns / s->per_iter[w]);
  return n < 1 ? 1 : n;
}

NOINLINE void pair_mem_branch(struct thread_state *s, long n_mem, long n_branch) {
  run(s, W_MEM, n_mem);
  run(s, W_BRANCH, n_branch);
}

static void *thread_main(void *arg) {
  struct thread_state *s = arg;
  /* A first estimate of every worker's speed (these calls count too). */
  for (int w = 0; w < NWORK; w++) {
    s->per_iter[w] = 0;
    run(s, w, 2000);
    s->per_iter[w] = (double)s->ns[w] / 2000;
  }
  int64_t start = thread_ns();
  while (thread_ns() - start < s->budget_ns) {
    int order[4] = {W_FP, W_INT, W_MEM, W_DIV}; /* W_MEM stands for the pair */
    for (int i = 3; i > 0; i--) {
      int j = (int)(wl_rand(&s->rng) % (uint64_t)(i + 1)), t = order[i];
      order[i] = order[j], order[j] = t;
    }
    for (int i = 0; i < 4; i++) {
      if (order[i] != W_MEM) {
        run(s, order[i], iterations(s, order[i]));
        continue;
      }
      long n_mem = iterations(s, W_MEM), n_branch = iterations(s, W_BRANCH);
      int64_t t0 = thread_ns();
      pair_mem_branch(s, n_mem, n_branch);
      s->pair_ns += thread_ns() - t0;
    }
  }
  return NULL;
}

/* ---- the tick probe ---- */

static volatile sig_atomic_t signals;
static void on_tick(int sig) {
  (void)sig;
  signals++;
}

/* Signals per second of CPU time from a 1 ms CPU-time timer: the kernel
 * checks such timers at its tick, so this is the tick rate (HZ) whenever HZ
 * is below 1000. */
static int tick_probe(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_tick;
  sigaction(SIGRTMIN, &sa, NULL);
  struct sigevent ev;
  memset(&ev, 0, sizeof ev);
  ev.sigev_notify = SIGEV_SIGNAL;
  ev.sigev_signo = SIGRTMIN;
  timer_t timer;
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0) {
    perror("split_time: timer_create");
    return 1;
  }
  struct itimerspec it = {{0, 1000000}, {0, 1000000}};
  timer_settime(timer, 0, &it, NULL);
  int64_t start = thread_ns();
  uint64_t h = 1;
  while (thread_ns() - start < 400000000)
    h = work_int(1000, h);
  timer_delete(timer);
  printf("tick %.0f Hz (%llx)\n", signals / 0.4, (unsigned long long)(h & 0xf));
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "tick") == 0)
    return tick_probe();
  int nthreads = (int)wl_arg(argc, argv, 1, 1);
  long cpu_ms = wl_arg(argc, argv, 2, 2000);
  if (nthreads > 64) {
    fprintf(stderr, "split_time: at most 64 threads\n");
    return 2;
  }
  /* One random cycle through all slots (Sattolo's shuffle). */
  chase = malloc(MEM_SLOTS * sizeof *chase);
  if (!chase) {
    fprintf(stderr, "split_time: out of memory\n");
    return 1;
  }
  uint64_t seed = 42;
  for (uint32_t i = 0; i < MEM_SLOTS; i++)
    chase[i] = i;
  for (uint32_t i = MEM_SLOTS - 1; i > 0; i--) {
    uint32_t j = (uint32_t)(wl_rand(&seed) % i), t = chase[i];
    chase[i] = chase[j], chase[j] = t;
  }

  static struct thread_state state[64];
  pthread_t tid[64];
  for (int t = 0; t < nthreads; t++) {
    state[t] = (struct thread_state){.rng = 1000 + (uint64_t)t, .sink = (uint64_t)t + 1,
                                     .at = (uint32_t)t * 4099, .x = 1.0,
                                     .budget_ns = cpu_ms * 1000000};
  }
  if (nthreads == 1) {
    thread_main(&state[0]);
  } else {
    for (int t = 0; t < nthreads; t++)
      if (pthread_create(&tid[t], NULL, thread_main, &state[t]) != 0) {
        fprintf(stderr, "split_time: cannot create thread %d\n", t);
        return 1;
      }
    for (int t = 0; t < nthreads; t++)
      pthread_join(tid[t], NULL);
  }

  int64_t total = cpu_ns(CLOCK_PROCESS_CPUTIME_ID);
  int64_t ns[NWORK] = {0}, pair = 0, known = 0;
  uint64_t check = 0;
  for (int t = 0; t < nthreads; t++) {
    for (int w = 0; w < NWORK; w++)
      ns[w] += state[t].ns[w];
    pair += state[t].pair_ns;
    check ^= state[t].sink ^ state[t].at ^ (uint64_t)state[t].x;
  }
  printf("split_time: %d thread(s), process cpu %.3f s, result %llx\n", nthreads, total / 1e9,
         (unsigned long long)(check & 0xffff));
  for (int w = 0; w < NWORK; w++) {
    printf("share %s %.3f\n", work_name[w], 100.0 * (double)ns[w] / (double)total);
    known += ns[w];
  }
  printf("share other %.3f\n", 100.0 * (double)(total - known) / (double)total);
  printf("incl pair_mem_branch %.3f\n", 100.0 * (double)pair / (double)total);
  free(chase);
  return 0;
}
