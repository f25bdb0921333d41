/*
 * ssperfex.c -- the seeds' perfex (002_: "perfex -a -x -y"): runs a
 * program and counts events for the whole of it, every thread and child
 * included, then prints the counts on stderr in the seeds' layout:
 *
 *   ssperfex [-e N|name]... [-a] [-x] [-y] [-mp] [-o file] program [args...]
 *   ssperfex -t
 *
 *   -e N|name  count the seeds' counter N (0-31, mapped to this CPU's
 *              event: docs/hwc.md) or any perf/libpfm4 event; repeatable
 *   -a         every seed counter this machine can count, and the software
 *              events (task-clock, page-faults, context-switches,
 *              cpu-migrations); the kernel multiplexes them and the counts
 *              are projected (enabled / running), with the seeds' warning
 *   -x         count kernel mode too ("exceptional level")
 *   -y         time estimates from the typical, minimum and maximum cost
 *              of each event on this CPU, and the seeds' statistics
 *   -t         the cost table (no program)
 *   -mp        counts per thread: one block per thread of each process,
 *              then their sum (the runtime counts each thread: below)
 *   -o file    the report to `file` instead of stderr
 *
 * The counters are perf_event_open'ed on the child before it execs the
 * program (inherited by its threads and children, enabled at the exec),
 * so only the program is counted.  With -mp the runtime (libssrt.so,
 * preloaded as ssrun does) opens the counters in every thread of every
 * process instead and leaves each process's counts in a private directory
 * ssperfex made (rt/hwc/thread_counts.c); the total is the sum of the
 * threads.  An event that cannot be counted here
 * (-e) is refused in one line, exit status 1, before the program starts;
 * otherwise ssperfex exits with the program's status (128 + signal when a
 * signal ended it, as the shell says).  Usage errors exit with 2.
 */
#define _GNU_SOURCE
#include "help_text.h"
#include "hwc_events.h"
#include "hwc_resolve.h"
#include "locate.h"
#include "perfex_ideal.h"
#include "perfex_costs.h"
#include "perfex_math.h"
#include "perfex_threads.h"
#include "preload.h"
#include "elf_probe.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_EVENTS SS_PERFEX_MAX_EVENTS

struct event {
  int seed;           /* 0-31, or -1 for a named event */
  const char *label;  /* the seeds' words, or the name given */
  struct ss_hwc_resolved r;
  int fd;
  uint64_t count, enabled, running, scaled;
  double t_typ, t_min, t_max; /* seconds; -1: no cost known */
};

static struct event events[MAX_EVENTS];
static int num_events;
/* Exact instruction-class counts of a program built with sscc -fss-ideal
 * (perfex_ideal.h), when it wrote its ideal file. */
static struct perfex_exact exact;
static int have_exact;

static void print_exact(FILE *out);

static const char *const software_events[] = {"task-clock", "page-faults",
                                              "context-switches",
                                              "cpu-migrations"};

static void usage(FILE *out) {
  fprintf(out,
          "usage: ssperfex [-e N|name]... [-a] [-x] [-y] [-mp] [-o file] program "
          "[args...]\n"
          "       ssperfex -t\n"
          "  -e N|name  the seeds' counter N (0-31) or any perf/libpfm4 event "
          "(repeatable)\n"
          "  -a         all the seed counters this machine has, and software "
          "events (multiplexed)\n"
          "  -x         count kernel mode too\n"
          "  -y         time estimates and statistics\n"
          "  -t         the table of costs of this CPU\n"
          "  -mp        counts per thread, then their total\n"
          "  -o file    write the report to file instead of stderr\n");
}

static struct event *add_event(int seed, const char *label) {
  if (num_events == MAX_EVENTS)
    die(2, "more than %d events; count fewer at a time", MAX_EVENTS);
  struct event *e = &events[num_events++];
  memset(e, 0, sizeof *e);
  e->seed = seed;
  e->label = label;
  e->fd = -1;
  return e;
}

/* -e: refused in one line when it cannot be counted here. */
static void add_given(const char *spec, int kernel) {
  struct ss_hwc_resolved r;
  char why[512];
  if (ss_hwc_resolve(spec, kernel, &r, why, sizeof why) != 0)
    die(1, "cannot count %s: %s", spec, why);
  if (ss_hwc_probe(&r, 0, why, sizeof why) != 0)
    die(1, "cannot count %s (%s): %s", spec, r.name, why);
  char *end;
  long n = strtol(spec, &end, 10);
  int seed = end != spec && *end == '\0' ? (int)n : -1;
  struct event *e = add_event(seed, seed >= 0 ? r.seed_name : spec);
  e->r = r;
}

/* -a: what this machine can count, and one line for what it cannot:
 * counters it lacks (with the kernel's reason) and counters x86 has no
 * counterpart for. */
static void add_all(int kernel, FILE *report) {
  char lacked[256] = "", none[256] = "", first_why[512] = "";
  for (unsigned n = 0; n < SS_HWC_NUM_COUNTERS; n++) {
    char spec[8], why[512];
    snprintf(spec, sizeof spec, "%u", n);
    struct ss_hwc_resolved r;
    if (ss_hwc_resolve(spec, kernel, &r, why, sizeof why) == 0 &&
        ss_hwc_probe(&r, 0, why, sizeof why) == 0) {
      add_event((int)n, r.seed_name)->r = r;
      continue;
    }
    char *list = ss_hwc_counter(n)->why_none ? none : lacked;
    size_t used = strlen(list);
    snprintf(list + used, sizeof lacked - used, "%s%u", used ? " " : "", n);
    if (list == lacked && !first_why[0])
      snprintf(first_why, sizeof first_why, "%s", why);
  }
  for (size_t i = 0; i < sizeof software_events / sizeof *software_events; i++) {
    struct ss_hwc_resolved r;
    char why[512];
    if (ss_hwc_resolve(software_events[i], kernel, &r, why, sizeof why) == 0 &&
        ss_hwc_probe(&r, 0, why, sizeof why) == 0)
      add_event(-1, software_events[i])->r = r;
  }
  if (lacked[0])
    fprintf(report, "Not counted on this machine: counters %s: %s\n", lacked,
            first_why);
  if (none[0])
    fprintf(report, "No x86 counterpart (docs/hwc.md): counters %s\n", none);
}

static pid_t start_program(char **argv, int *go) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0)
    die(1, "cannot start %s: %s", argv[0], strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    die(1, "cannot start %s: %s", argv[0], strerror(errno));
  if (pid == 0) {
    close(fds[1]);
    char c;
    /* Wait until the counters are on this process. */
    if (read(fds[0], &c, 1) != 1)
      _exit(127);
    execvp(argv[0], argv);
    fprintf(stderr, "ssperfex: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(errno == ENOENT ? 127 : 126);
  }
  close(fds[0]);
  *go = fds[1];
  return pid;
}

/* The name column: "%2d Name......" padded with dots, as the seeds. */
static void print_name(FILE *out, const struct event *e, int width) {
  char num[16] = "";
  if (e->seed >= 0)
    snprintf(num, sizeof num, "%d", e->seed);
  int n = fprintf(out, "%2s %s", num, e->label);
  for (; n < width; n++)
    fputc('.', out);
}

static void rule(FILE *out, int n) {
  for (int i = 0; i < n; i++)
    fputc('=', out);
  fputc('\n', out);
}

static int by_time(const void *x, const void *y) {
  const struct event *a = x, *b = y;
  if (a->t_typ != b->t_typ)
    return a->t_typ > b->t_typ ? -1 : 1;
  if (a->t_max != b->t_max)
    return a->t_max > b->t_max ? -1 : 1;
  return (a->seed < 0 ? 99 : a->seed) - (b->seed < 0 ? 99 : b->seed);
}

static int is_clock(const struct event *e) {
  return e->seed < 0 && ss_hwc_is_clock_event(e->r.name);
}

static void cost_times(struct event *e, const struct perfex_host *h) {
  e->t_typ = e->t_min = e->t_max = -1;
  if (e->seed >= 0) {
    struct perfex_cost c = perfex_cost_of(h, (unsigned)e->seed);
    e->t_typ = perfex_seconds(e->scaled, c.typical, h->mhz);
    e->t_min = perfex_seconds(e->scaled, c.minimum, h->mhz);
    e->t_max = perfex_seconds(e->scaled, c.maximum, h->mhz);
  } else if (is_clock(e)) {
    e->t_typ = e->t_min = e->t_max = (double)e->scaled * 1e-9; /* ns */
  }
}

static void print_counts(FILE *out, const char *program) {
  fprintf(out, "Summary for execution of %s\n", program);
  fprintf(out, "%-72s %14s\n", "Event Counter Name", "Counter Value");
  rule(out, 87);
  for (int i = 0; i < num_events; i++) {
    print_name(out, &events[i], 72);
    fprintf(out, " %14llu\n", (unsigned long long)events[i].scaled);
  }
  if (have_exact)
    print_exact(out);
}

/* The statistics' inputs: a seed counter's count, the first of `ns`. */
static int seed_count(const int *ns, double *value) {
  for (; *ns >= 0; ns++)
    for (int i = 0; i < num_events; i++)
      if (events[i].seed == *ns) {
        *value = (double)events[i].scaled;
        return 1;
      }
  return 0;
}

static void print_statistics(FILE *out, const struct perfex_host *h) {
  struct perfex_counts c;
  memset(&c, 0, sizeof c);
  c.has_cycles = seed_count((const int[]){0, 16, -1}, &c.cycles);
  c.has_instructions = seed_count((const int[]){17, 15, 1, -1}, &c.instructions);
  c.has_loads = seed_count((const int[]){18, 2, -1}, &c.loads);
  c.has_stores = seed_count((const int[]){19, 3, -1}, &c.stores);
  c.has_fp = seed_count((const int[]){21, -1}, &c.fp);
  c.has_branches = seed_count((const int[]){6, -1}, &c.branches);
  c.has_mispredicts = seed_count((const int[]){24, -1}, &c.mispredicts);
  c.has_l1d_misses = seed_count((const int[]){25, -1}, &c.l1d_misses);
  c.has_l2d_misses = seed_count((const int[]){26, -1}, &c.l2d_misses);
  c.has_tlb_misses = seed_count((const int[]){23, -1}, &c.tlb_misses);
  if (have_exact) {
    /* The ideal experiment's counts are exact and stand in for counters
     * (sampled, multiplexed or missing) of the same classes. */
    c.instructions = (double)exact.instructions;
    c.loads = (double)exact.loads;
    c.stores = (double)exact.stores;
    c.fp = (double)exact.fp;
    c.branches = (double)exact.branches;
    c.has_instructions = c.has_loads = c.has_stores = c.has_fp = 1;
    c.has_branches = 1;
    c.exact = PERFEX_IN_INSTRUCTIONS | PERFEX_IN_LOADS | PERFEX_IN_STORES |
              PERFEX_IN_FP | PERFEX_IN_BRANCHES;
  }
  c.mhz = h->mhz;
  c.l1_line = c.l2_line = 64;
  c.cost_load = perfex_cost_of(h, 18).typical;
  c.cost_store = perfex_cost_of(h, 19).typical;
  c.cost_l1d = perfex_cost_of(h, 25).typical;
  c.cost_l2d = perfex_cost_of(h, 26).typical;
  c.cost_tlb = perfex_cost_of(h, 23).typical;
  /* Run time: cycles at the nominal clock, as the seeds; else the
   * task clock (CPU time of every thread). */
  if (c.has_cycles && h->mhz > 0)
    c.seconds = c.cycles / (h->mhz * 1e6);
  else
    for (int i = 0; i < num_events; i++)
      if (is_clock(&events[i]))
        c.seconds = (double)events[i].scaled * 1e-9;
  struct perfex_stat stats[PERFEX_MAX_STATS];
  char missing[1024];
  int n = perfex_statistics(&c, stats, missing, sizeof missing);
  fprintf(out, "Statistics\n");
  rule(out, 89);
  for (int i = 0; i < n; i++) {
    int len = fprintf(out, "%s", stats[i].name);
    for (; len < 76; len++)
      fputc('.', out);
    fprintf(out, " %f%s%s\n", stats[i].value,
            have_exact ? (stats[i].exact ? " (exact)" : " (counted/estimated)") : "",
            stats[i].terrible ? " This is terrible !!" : "");
  }
  if (missing[0])
    fprintf(out, "Not computed (their events were not counted): %s\n", missing);
}

static void print_times(FILE *out, const char *program, const struct perfex_host *h) {
  for (int i = 0; i < num_events; i++)
    cost_times(&events[i], h);
  qsort(events, (size_t)num_events, sizeof *events, by_time);
  fprintf(out, "Summary for execution of %s\n", program);
  fprintf(out, "Based on %.0f MHz %s\n", h->mhz, h->model);
  fprintf(out, "%-72s %14s %12s %12s %12s\n", "", "", "Typical", "Minimum",
          "Maximum");
  fprintf(out, "%-72s %14s %12s %12s %12s\n", "Event Counter Name",
          "Counter Value", "Time (sec)", "Time (sec)", "Time (sec)");
  rule(out, 125);
  for (int i = 0; i < num_events; i++) {
    const struct event *e = &events[i];
    print_name(out, e, 72);
    fprintf(out, " %14llu", (unsigned long long)e->scaled);
    if (e->t_typ >= 0)
      fprintf(out, " %12.6f %12.6f %12.6f\n", e->t_typ, e->t_min, e->t_max);
    else
      fprintf(out, " %12s %12s %12s\n", "-", "-", "-");
  }
  if (have_exact)
    print_exact(out);
  print_statistics(out, h);
}

/* The exact rows, after the counters: the seeds' names of the classes. */
static void print_exact(FILE *out) {
  fprintf(out, "Exact counts of the code built with sscc -fss-ideal (from %s; "
               "the C library and other uninstrumented code not included)\n",
          exact.file);
  fprintf(out, "%-72s %14s\n", "Event Counter Name", "Counter Value");
  rule(out, 87);
  const struct {
    int seed;
    const char *label;
    uint64_t value;
  } rows[] = {{17, "Graduated instructions", exact.instructions},
              {18, "Graduated loads", exact.loads},
              {19, "Graduated stores", exact.stores},
              {6, "Decoded branches", exact.branches},
              {21, "Graduated floating point instructions (scalar)", exact.fp},
              {-1, "Vector (SIMD) instructions", exact.vector}};
  for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
    struct event e = {.seed = rows[k].seed, .label = rows[k].label};
    print_name(out, &e, 72);
    fprintf(out, " %14llu (exact)\n", (unsigned long long)rows[k].value);
  }
}

static void print_cost_table(FILE *out, const struct perfex_host *h) {
  fprintf(out, "Costs for %s, %.0f MHz (docs/ssperfex.md: where each comes "
               "from)\n", h->model, h->mhz);
  fprintf(out, "%-72s %12s %12s %12s\n", "", "Typical", "Minimum", "Maximum");
  fprintf(out, "%-72s %12s %12s %12s\n", "Event Counter Name", "Cost", "Cost",
          "Cost");
  rule(out, 111);
  for (unsigned n = 0; n < SS_HWC_NUM_COUNTERS; n++) {
    struct event e = {.seed = (int)n, .label = ss_hwc_counter(n)->seed_name};
    struct perfex_cost c = perfex_cost_of(h, n);
    print_name(out, &e, 72);
    fprintf(out, " %7.2f clks %7.2f clks %7.2f clks\n", c.typical, c.minimum,
            c.maximum);
  }
}

/* -mp: the runtime preloaded into the program (as ssrun does) counts each
 * thread of each process on counters of its own and leaves the counts in
 * a private directory (rt/hwc/thread_counts.c).  Refused in one line for
 * a program the runtime cannot be loaded into.  Returns the directory. */
static char *saved_preload;
static int had_preload;

static char *per_thread_setup(const char *program, const char *argv0) {
  char *path = ss_find_program(program);
  if (!path)
    die(1, "cannot run %s: not found in PATH", program);
  struct elf_probe elf = probe_elf(path);
  if (elf.kind == ELF_STATIC || elf.kind == ELF_OTHER_MACHINE)
    die(1, "cannot count %s per thread (-mp): it is not a dynamically linked "
           "program for this machine, and -mp loads sscc's runtime into it; "
           "count it without -mp, or rebuild it without -static", program);
  free(path);
  char *lib = ss_find_runtime(argv0);
  const char *tmp = getenv("TMPDIR");
  char *dir = concat(tmp && *tmp ? tmp : "/tmp", "/", "ssperfex-mp.XXXXXX");
  if (!mkdtemp(dir))
    die(1, "cannot make a directory for the per-thread counts (%s): %s", dir,
        strerror(errno));
  char events_env[MAX_EVENTS * 100] = "";
  size_t used = 0;
  for (int k = 0; k < num_events; k++) {
    const struct ss_hwc_resolved *r = &events[k].r;
    used += (size_t)snprintf(events_env + used, sizeof events_env - used,
                             "%s%u,%llu,%llu,%llu,%d", k ? ";" : "", r->type,
                             (unsigned long long)r->config,
                             (unsigned long long)r->config1,
                             (unsigned long long)r->config2, r->exclude_kernel);
  }
  const char *old = getenv("LD_PRELOAD");
  had_preload = old != NULL;
  saved_preload = old ? xstrdup(old) : NULL;
  setenv(SS_ENV_PERFEX_MP_DIR, dir, 1);
  setenv(SS_ENV_PERFEX_MP_EVENTS, events_env, 1);
  ss_preload(lib);
  free(lib);
  return dir;
}

/* After the fork: the child has its environment; ssperfex's own (the ssprof
 * it runs for -fss-ideal counts) goes back to what it was. */
static void per_thread_setup_undone(void) {
  unsetenv(SS_ENV_PERFEX_MP_DIR);
  unsetenv(SS_ENV_PERFEX_MP_EVENTS);
  if (had_preload)
    setenv("LD_PRELOAD", saved_preload, 1);
  else
    unsetenv("LD_PRELOAD");
}

/* Each thread's counts projected by its own enabled/running times; each
 * event's total the sum of the threads' (so the total block adds up).
 * Returns whether any was multiplexed. */
static int per_thread_totals(const char *dir, struct perfex_threads *t,
                             FILE *out) {
  char why[1024];
  if (perfex_threads_read(dir, num_events, t, why, sizeof why) != 0)
    fprintf(out, "Per-thread counts incomplete: %s\n", why);
  int multiplexed = 0;
  for (int k = 0; k < num_events; k++)
    events[k].scaled = 0;
  for (size_t n = 0; n < t->num_threads; n++) {
    struct perfex_thread *th = &t->threads[n];
    for (int k = 0; k < num_events; k++) {
      th->count[k] = perfex_scaled(th->count[k], th->enabled[k], th->running[k]);
      events[k].scaled += th->count[k];
      multiplexed |= perfex_multiplexed(th->enabled[k], th->running[k]);
    }
  }
  if (t->lost)
    fprintf(out, "%lu threads were not counted (the runtime keeps 4096 per "
                 "process)\n", t->lost);
  return multiplexed;
}

/* -mp: one block per thread, as the seeds' perfex -mp, before the total
 * (print_counts or print_times, whose counts are the threads' sum). */
static void print_threads(FILE *out, const char *program,
                          const struct perfex_threads *t) {
  for (size_t n = 0; n < t->num_threads; n++) {
    const struct perfex_thread *th = &t->threads[n];
    fprintf(out, "Summary for thread %ld of process %ld", th->tid, th->pid);
    if (th->ppid != (long)getpid()) /* not the process ssperfex started */
      fprintf(out, " (child of %ld)", th->ppid);
    fprintf(out, " of %s\n", program);
    fprintf(out, "%-72s %14s\n", "Event Counter Name", "Counter Value");
    rule(out, 87);
    for (int k = 0; k < num_events; k++) {
      print_name(out, &events[k], 72);
      fprintf(out, " %14llu\n", (unsigned long long)th->count[k]);
    }
  }
  fprintf(out, "Total of %zu thread%s in %u process%s (the sum of the threads "
               "above)\n", t->num_threads, t->num_threads == 1 ? "" : "s",
          t->processes, t->processes == 1 ? "" : "es");
}

int main(int argc, char **argv) {
  prog = "ssperfex";
  int all = 0, kernel = 0, times = 0, table = 0, per_thread = 0;
  const char *outfile = NULL;
  const char *given[MAX_EVENTS];
  int num_given = 0;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    }
    if (strcmp(a, "--version") == 0 || strcmp(a, "-version") == 0) {
      ss_print_version(stdout, "ssperfex");
      return 0;
    }
    if (strcmp(a, "-a") == 0)
      all = 1;
    else if (strcmp(a, "-x") == 0)
      kernel = 1;
    else if (strcmp(a, "-y") == 0)
      times = 1;
    else if (strcmp(a, "-t") == 0)
      table = 1;
    else if (strcmp(a, "-e") == 0 || strcmp(a, "-o") == 0) {
      if (i + 1 >= argc)
        die(2, "%s needs an argument (ssperfex -h)", a);
      if (a[1] == 'o')
        outfile = argv[++i];
      else if (num_given == MAX_EVENTS)
        die(2, "more than %d events; count fewer at a time", MAX_EVENTS);
      else
        given[num_given++] = argv[++i];
    } else if (strcmp(a, "-mp") == 0) {
      per_thread = 1;
    } else {
      die(2, "unknown option %s; ssperfex -h lists them", a);
    }
  }
  FILE *out = stderr;
  if (outfile && !(out = fopen(outfile, "w")))
    die(1, "cannot write %s: %s", outfile, strerror(errno));
  struct perfex_host host;
  perfex_host(&host);
  if (table) {
    print_cost_table(out, &host);
    if (i >= argc)
      return 0;
  }
  if (i >= argc)
    die(2, "no program given; use ssperfex [-a] [-y] program [args]");
  for (int k = 0; k < num_given; k++)
    add_given(given[k], kernel);
  if (all)
    add_all(kernel, out);
  if (num_events == 0) {
    /* The seeds' default is counters 0 and 16 (cycles twice, one per
     * R10000 register); ours cycles and instructions where the machine
     * counts them, the task clock where it does not. */
    char why[512];
    struct ss_hwc_resolved r;
    if (ss_hwc_resolve("0", kernel, &r, why, sizeof why) == 0 &&
        ss_hwc_probe(&r, 0, why, sizeof why) == 0) {
      add_given("0", kernel);
      add_given("17", kernel);
    } else {
      fprintf(out, "No cycles counter here (%s); counting task-clock\n", why);
      add_given("task-clock", kernel);
    }
  }
  char *mp_dir = per_thread ? per_thread_setup(argv[i], argv[0]) : NULL;
  int go;
  pid_t pid = start_program(argv + i, &go);
  if (mp_dir)
    per_thread_setup_undone();
  for (int k = 0; k < num_events && !mp_dir; k++) {
    events[k].fd = ss_hwc_open_counting(&events[k].r, pid, -1, 1, 1);
    if (events[k].fd < 0) {
      kill(pid, SIGKILL);
      waitpid(pid, NULL, 0);
      die(1, "cannot count %s on %s: %s", events[k].r.name, argv[i],
          strerror(errno));
    }
  }
  if (write(go, "g", 1) != 1)
    die(1, "cannot start %s: %s", argv[i], strerror(errno));
  close(go);
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  int multiplexed = 0;
  struct perfex_threads threads = {0};
  if (mp_dir)
    multiplexed = per_thread_totals(mp_dir, &threads, out);
  for (int k = 0; k < num_events && !mp_dir; k++) {
    struct event *e = &events[k];
    uint64_t v[3] = {0, 0, 0};
    if (read(e->fd, v, sizeof v) != (ssize_t)sizeof v)
      v[0] = v[1] = v[2] = 0;
    close(e->fd);
    e->count = v[0];
    e->enabled = v[1];
    e->running = v[2];
    e->scaled = perfex_scaled(e->count, e->enabled, e->running);
    multiplexed |= perfex_multiplexed(e->enabled, e->running);
  }
  if (all || multiplexed)
    fprintf(out, "WARNING: Multiplexing events to project totals--inaccuracy "
                 "possible.\n");
  char *self = self_path(argv[0]);
  if (self) {
    char *ssprof = concat(dir_name(self), "/", "ssprof");
    char why[512];
    have_exact = perfex_ideal_counts(ssprof, pid, &exact, why, sizeof why) == 0;
    if (!have_exact && why[0])
      fprintf(out, "No exact counts: %s\n", why);
    free(ssprof);
    free(self);
  }
  if (mp_dir)
    print_threads(out, argv[i], &threads);
  if (times)
    print_times(out, argv[i], &host);
  else
    print_counts(out, argv[i]);
  if (out != stderr)
    fclose(out);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
