/*
 * ssrun.c -- runs a program under a SpeedShop experiment:
 *
 *   ssrun [-v] [-calsig SIG] -EXP program [args...]
 *
 * For the sampling experiments (usertime, totaltime, [f]pcsamp[x]) and the
 * traces (fpe, io; -fpe_inexact is fpe with inexact results trapped too)
 * it preloads libssrt.so (found in ../lib next to ssrun's own directory, as
 * sscc finds its plugin) into the program, puts the experiment's name in
 * $_SPEEDSHOP_EXPERIMENT_TYPE, and execs the program in its own place, so
 * the pid -- and the file's name, <exe>.<exp>.m<pid> -- is the program's.
 * Any dynamically linked program can be sampled, built with sscc or not;
 * everything it starts (fork, exec, system) inherits the experiment.  The
 * ideal experiment needs code compiled with sscc -fss-ideal, which counts
 * by itself: ssrun -ideal just runs the program.  A static program cannot
 * be preloaded into; one built by sscc carries libssrt.a, which runs the
 * experiments marked runs_static (io) by itself.
 *
 * Usage errors (unknown experiment or option, nothing to run) exit with 2,
 * a program that cannot be run with 1, each with one line on stderr.
 */
#define _GNU_SOURCE
#include "elf_probe.h"
#include "experiments.h"
#include "help_text.h"
#include "hwc_events.h"
#include "hwc_resolve.h"
#include "ldlatency_check.h"
#include "ldlatency_env.h"
#include "ss/format.h"
#include "locate.h"
#include "preload.h"
#include "raised_privileges.h"
#include "util.h"
#include "ss/format.h"

#include <linux/perf_event.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void list_experiments(FILE *out) {
  const struct ss_experiment *x;
  for (unsigned i = 0; (x = ss_experiment_at(i)) != NULL; i++)
    fprintf(out, "%s-%s", i ? " " : "", x->name);
}

static void usage(FILE *out) {
  fprintf(out, "usage: ssrun [-v] [-calsig SIG] -EXPERIMENT program [args...]\n"
               "experiments: ");
  list_experiments(out);
  fprintf(out,
          " -fpe_inexact (fpe, inexact results too)\n"
          "  hardware counters: -[f|s]{gi,cy,ic,isc,dc,dsc,tlb,gfp,fsc}_hwc "
          "-{gi,...}_hwctime -prof_hwc -prof_hwctime\n"
          "                (prof_*: $" SS_ENV_HWC_COUNTER_NUMBER " = 0-31 or an "
          "event name, $" SS_ENV_HWC_COUNTER_OVERFLOW ")\n"
          "  -ldlatency [-bins FILE]  DCPI's load-latency profiler (Intel PEBS "
          "load latency, AMD IBS op sampling), latencies binned by FILE\n"
          "                (a sample every $" SS_ENV_LDLATENCY_PERIOD " loads, "
          "default 1009)\n"
          "  -v            say what is run, with what\n"
          "  -calsig SIG   each arrival of signal SIG (name or number) records "
          "a caliper point\n"
          "  -interval MS  sample every MS milliseconds (usertime, totaltime, "
          "pcsamp family)\n"
          "Files: <program>.<experiment>.<code><pid> in $_SPEEDSHOP_OUTPUT_DIRECTORY "
          "or the current directory; report with ssprof.\n");
}

/* "SIGUSR2", "USR2", "12", "RTMIN+3" -> the signal number; 0 if none. */
static int parse_signal(const char *text) {
  char *end;
  long n = strtol(text, &end, 10);
  if (end != text)
    return *end == '\0' && n > 0 && n < NSIG ? (int)n : 0;
  const char *name = strncasecmp(text, "SIG", 3) == 0 ? text + 3 : text;
  for (int sig = 1; sig < SIGRTMIN; sig++) {
    const char *abbrev = sigabbrev_np(sig);
    if (abbrev && strcasecmp(abbrev, name) == 0)
      return sig;
  }
  if (strncasecmp(name, "RTMIN", 5) == 0 || strncasecmp(name, "RTMAX", 5) == 0) {
    int base = strncasecmp(name, "RTMIN", 5) == 0 ? SIGRTMIN : SIGRTMAX;
    if (name[5] == '\0')
      return base;
    n = strtol(name + 6, &end, 10);
    if ((name[5] != '+' && name[5] != '-') || *end != '\0' || end == name + 6)
      return 0;
    int sig = name[5] == '+' ? base + (int)n : base - (int)n;
    return sig >= SIGRTMIN && sig <= SIGRTMAX ? sig : 0;
  }
  return 0;
}

/* `spec` (a seed counter number or an event name) resolved by libpfm4,
 * or the one-line refusal. */
static void resolve_event(const struct ss_experiment *exp, const char *spec,
                          struct ss_hwc_resolved *r) {
  char why[512];
  if (ss_hwc_resolve(spec, 0, r, why, sizeof why) != 0)
    die(1, "%s: cannot count %s: %s", exp->name, spec, why);
}

/* The event opened once (sampling every `overflow` events, or counting
 * when 0), or the one-line refusal. */
static void probe_event(const struct ss_experiment *exp,
                        const struct ss_hwc_resolved *r, uint64_t overflow) {
  char why[512];
  if (ss_hwc_probe(r, overflow, why, sizeof why) != 0)
    die(1, "%s: cannot count %s%s%s%s: %s", exp->name, r->name,
        r->seed_name ? " (" : "", r->seed_name ? r->seed_name : "",
        r->seed_name ? ")" : "", why);
}

/* The encoding the runtime reads (hwc_events.h). */
static void set_event(const char *variable, const struct ss_hwc_resolved *r,
                      uint64_t overflow) {
  char value[512];
  snprintf(value, sizeof value, "%u,%llu,%llu,%llu,%llu,%d,%s", r->type,
           (unsigned long long)r->config, (unsigned long long)r->config1,
           (unsigned long long)r->config2, (unsigned long long)overflow,
           r->exclude_kernel, r->name);
  setenv(variable, value, 1);
}

/* An hwc experiment's event and overflow (the seeds' variables for
 * prof_hwc[time], the experiment's own otherwise), resolved by libpfm4 and
 * opened once here, so that an event this machine cannot count is refused
 * in one line before the program starts; the encoding goes to the runtime
 * through $_SPEEDSHOP_HWC_EVENT. */
static void choose_hwc_event(const struct ss_experiment *exp, bool verbose) {
  char spec[32];
  const char *event = spec;
  uint64_t overflow = exp->interval_ns;
  bool overflow_given = false;
  if (exp->hwc_counter >= 0) {
    snprintf(spec, sizeof spec, "%d", exp->hwc_counter);
    if (getenv(SS_ENV_HWC_PROF_NUMBER))
      fprintf(stderr, "ssrun: warning: $%s is ignored: %s profiles the "
                      "counter it samples (prof_hwc and prof_hwctime take "
                      "a second counter)\n", SS_ENV_HWC_PROF_NUMBER,
              exp->name);
  } else {
    const char *n = getenv(SS_ENV_HWC_COUNTER_NUMBER);
    snprintf(spec, sizeof spec, "%d", exp->sampling_kind == SS_SAMPLING_HWC ? 9 : 0);
    if (n && *n)
      event = n;
    const char *o = getenv(SS_ENV_HWC_COUNTER_OVERFLOW);
    if (o && *o) {
      char *end;
      errno = 0;
      unsigned long long v = strtoull(o, &end, 10);
      if (*end || errno || v == 0 || o[0] == '-')
        die(2, "$%s=%s: the overflow value must be a whole number greater "
               "than 0", SS_ENV_HWC_COUNTER_OVERFLOW, o);
      overflow = v;
      overflow_given = true;
    }
  }
  struct ss_hwc_resolved r;
  resolve_event(exp, event, &r);
  /* A clock event counts nanoseconds: the seed's 2053 would interrupt
   * every 2 microseconds; a millisecond (the prime 1000003) instead. */
  if (!overflow_given && exp->hwc_counter < 0 && ss_hwc_is_clock_event(r.name))
    overflow = 1000003;
  probe_event(exp, &r, overflow);
  set_event(SS_ENV_HWC_EVENT, &r, overflow);
  if (verbose)
    fprintf(stderr, "ssrun: %s counts %s, a sample every %llu events\n",
            exp->name, r.name, (unsigned long long)overflow);
  /* The seeds' second counter (prof_hwc[time] only): profiled at the
   * overflows of the first, each sample weighing its count since the
   * thread's previous sample. */
  const char *prof = exp->hwc_counter < 0 ? getenv(SS_ENV_HWC_PROF_NUMBER)
                                          : NULL;
  if (!prof || !*prof) {
    unsetenv(SS_ENV_HWC_PROF_EVENT);
    return;
  }
  struct ss_hwc_resolved p;
  resolve_event(exp, prof, &p);
  probe_event(exp, &p, 0);
  set_event(SS_ENV_HWC_PROF_EVENT, &p, 0);
  if (verbose)
    fprintf(stderr, "ssrun: %s profiles %s at those overflows\n", exp->name,
            p.name);
}

/* DCPI's load-latency profiler (004_): the bins file is checked first
 * (a mistake in it is the user's to fix on any machine), then the CPU:
 * without PEBS load latency or IBS op sampling the machine cannot do it,
 * and says so before the program starts.  With one, the event (read from
 * the kernel's PMU list), the period and the bins go to the runtime
 * (common/ldlatency_env.h); the tests' stand-in event replaces the CPU's
 * (docs/ldlatency.md). */
static void choose_ldlatency_event(const char *bins, bool verbose) {
  char why[512];
  struct ss_latency_bins b;
  if (bins && ss_ldlat_check_bins(bins, &b, why, sizeof why) != 0)
    die(1, "%s: %s (a latency-bins file has lines of MIN MAX REP NAME)",
        bins, why);
  uint64_t period = SS_LDLATENCY_DEFAULT_PERIOD;
  const char *given = getenv(SS_ENV_LDLATENCY_PERIOD);
  if (given && *given) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(given, &end, 10);
    if (*end || errno || v == 0 || v > (1ull << 40) || *given == '-')
      die(2, "$%s=%s: give a number of loads, as in %s=1009",
          SS_ENV_LDLATENCY_PERIOD, given, SS_ENV_LDLATENCY_PERIOD);
    period = v;
  }
  struct ss_hwc_resolved r;
  unsigned precise = 0;
  const char *standin = getenv(SS_ENV_LDLATENCY_STANDIN);
  if (standin && *standin) {
    if (strcmp(standin, "page-faults") != 0)
      die(2, "$%s=%s: the only stand-in is page-faults (tests only)",
          SS_ENV_LDLATENCY_STANDIN, standin);
    memset(&r, 0, sizeof r);
    r.type = PERF_TYPE_SOFTWARE;
    r.config = PERF_COUNT_SW_PAGE_FAULTS;
    r.exclude_kernel = 1;
    snprintf(r.name, sizeof r.name,
             "page-faults, every one (the tests' stand-in for loads)");
    period = 1;
  } else {
    /* Internal, for tests: another tree in place of the kernel's PMU list. */
    const char *sysfs = getenv("_SSRUN_PMU_SYSFS");
    if (!sysfs)
      sysfs = "/sys/bus/event_source/devices";
    enum ss_ldlat_pmu pmu = ss_ldlat_pmu(sysfs, why, sizeof why);
    if (pmu == SS_LDLAT_NONE)
      die(1, "ldlatency: this machine cannot sample load latencies: %s", why);
    if (ss_ldlat_event(sysfs, pmu, period, &r, &precise, &period, why,
                       sizeof why) != 0)
      die(1, "ldlatency: this machine has %s, but its event cannot be read: "
             "%s",
          pmu == SS_LDLAT_PEBS ? "PEBS load-latency sampling"
                               : "IBS op sampling",
          why);
  }
  /* Opened once here with the runtime's fields (rt/trace/ldlatency_rings.c),
   * so that a kernel or CPU that refuses it is told before the program
   * runs. */
  if (ss_hwc_probe_sampling(&r, period, PERF_SAMPLE_IP | PERF_SAMPLE_TID |
                                            PERF_SAMPLE_ADDR |
                                            PERF_SAMPLE_WEIGHT |
                                            PERF_SAMPLE_DATA_SRC,
                            precise, why, sizeof why) != 0)
    die(1, "ldlatency: cannot sample %s: %s", r.name, why);
  set_event(SS_ENV_LDLATENCY_EVENT, &r, period);
  char number[16];
  snprintf(number, sizeof number, "%u", precise);
  setenv(SS_ENV_LDLATENCY_PRECISE, number, 1);
  if (bins) {
    char text[SS_LATENCY_BINS_MAX * 96] = "";
    size_t used = 0;
    for (unsigned k = 0; k < b.num; k++) {
      char line[96];
      ss_latency_bin_line(&b.bin[k], line, sizeof line);
      used += (size_t)snprintf(text + used, sizeof text - used, "%s\n", line);
    }
    setenv(SS_ENV_LDLATENCY_BINS, text, 1);
  } else {
    unsetenv(SS_ENV_LDLATENCY_BINS); /* not an outer ssrun's */
  }
  if (verbose)
    fprintf(stderr, "ssrun: ldlatency samples %s, every %llu%s\n", r.name,
            (unsigned long long)period, precise ? ", precise_ip 2" : "");
}

/* The mpi experiment's interposer beside the runtime for the MPI family
 * the program links (elf_probe.h): libssmpi.so serves the family sscc
 * was built with (SS_MPI_FAMILY), libssmpi-mpich.so MPICH's beside Open
 * MPI's.  A one-line failure when there is none for it. */
static char *find_mpi_interposer(const char *runtime, const char *program,
                                 const char *family) {
  char *dir = dir_name(runtime);
  char *lib = concat(dir, "/", "libssmpi.so");
  if (*family && strcmp(family, SS_MPI_FAMILY) != 0) {
    char *name = concat("libssmpi-", family, ".so");
    char *other = concat(dir, "/", name);
    free(name);
    if (access(other, R_OK) != 0)
      die(1, "cannot run the mpi experiment on %s: it links %s, and sscc's "
             "interposer serves %s (%s); install %s's development files "
             "(Debian: %s) and rebuild sscc",
          program, strcmp(family, "mpich") == 0 ? "MPICH" : "Open MPI",
          *SS_MPI_FAMILY ? SS_MPI_FAMILY : "no MPI", lib,
          strcmp(family, "mpich") == 0 ? "MPICH" : "Open MPI",
          strcmp(family, "mpich") == 0 ? "libmpich-dev" : "libopenmpi-dev");
    free(lib);
    lib = other;
  }
  free(dir);
  if (access(lib, R_OK) != 0)
    die(1, "cannot run the mpi experiment: %s is missing (sscc was built "
           "without an MPI library; install Open MPI, e.g. scripts/deps.sh, "
           "and rebuild)", lib);
  return lib;
}

int main(int argc, char **argv) {
  prog = "ssrun";
  const struct ss_experiment *exp = NULL;
  const char *calsig = NULL;
  const char *interval = NULL;
  bool fpe_inexact = false;
  bool ldlatency = false;
  const char *bins = NULL;
  bool verbose = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) {
      i++;
      break;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "-help") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    }
    if (strcmp(a, "-version") == 0 || strcmp(a, "--version") == 0) {
      ss_print_version(stdout, "ssrun");
      return 0;
    }
    if (strcmp(a, "-v") == 0) {
      verbose = true;
      continue;
    }
    if (strcmp(a, "-interval") == 0) {
      if (i + 1 >= argc)
        die(2, "-interval needs milliseconds, as in -interval 5 or -interval 0.5");
      interval = argv[++i];
      continue;
    }
    if (strcmp(a, "-calsig") == 0) {
      if (i + 1 >= argc)
        die(2, "-calsig needs a signal, as in -calsig SIGUSR2");
      calsig = argv[++i];
      continue;
    }
    if (strcmp(a, "-ldlatency") == 0) {
      ldlatency = true;
      continue;
    }
    const struct ss_experiment *x = ss_experiment_find(a + 1);
    if (!x && strcmp(a, "-fpe_inexact") == 0) {
      x = ss_experiment_find("fpe");
      fpe_inexact = true;
    }
    if (x) {
      if (exp && exp != x)
        die(2, "two experiments, -%s and -%s; choose one", exp->name, x->name);
      exp = x;
      continue;
    }
    if (strcmp(a, "-bins") == 0) {
      if (i + 1 >= argc)
        die(2, "-bins needs a latency-bins file (lines of MIN MAX REP NAME), "
               "as in -ldlatency -bins bins.txt");
      bins = argv[++i];
      continue;
    }
    if (ss_experiment_is_planned(a + 1))
      die(2, "the %s experiment is not available yet; ssrun -h lists those that are",
          a + 1);
    const char *near = ssrun_nearest(a);
    if (near)
      die(2, "unknown experiment or option %s; did you mean %s? (ssrun -h "
             "lists them)", a, near);
    fprintf(stderr, "ssrun: unknown experiment or option %s; experiments: ", a);
    list_experiments(stderr);
    fputc('\n', stderr);
    return 2;
  }
  if (bins && !ldlatency)
    die(2, "-bins applies to the ldlatency experiment (ssrun -ldlatency -bins "
           "FILE program)");
  if (ldlatency && exp)
    die(2, "two experiments, -%s and -ldlatency; choose one", exp->name);
  if (ldlatency && i >= argc)
    die(2, "no program given after -ldlatency; use ssrun -ldlatency program "
           "[args]");
  if (ldlatency) {
    choose_ldlatency_event(bins, verbose);
    exp = ss_experiment_find("ldlatency");
  }
  if (!exp)
    die(2, "no experiment given; use ssrun -usertime program [args] (ssrun -h "
           "lists them)");
  if (i >= argc)
    die(2, "no program given after -%s; use ssrun -%s program [args]", exp->name,
        exp->name);

  if (interval) {
    char *end;
    errno = 0;
    double ms = strtod(interval, &end);
    if (*end || end == interval || errno || !(ms >= 0.001 && ms <= 3600000.0))
      die(2, "-interval %s: give milliseconds from 0.001 to 3600000, as in "
             "-interval 5", interval);
    if (exp->sampling_kind == 0 || exp->sampling_kind == SS_SAMPLING_HWC ||
        exp->sampling_kind == SS_SAMPLING_HWCTIME)
      die(2, "-interval applies to usertime, totaltime and the pcsamp family%s",
          exp->sampling_kind ? "; the hwc experiments take "
                               "$_SPEEDSHOP_HWC_COUNTER_OVERFLOW (prof_hwc)"
                             : "");
    char ns[32];
    snprintf(ns, sizeof ns, "%.0f", ms * 1e6);
    setenv(SS_ENV_SAMPLING_INTERVAL, ns, 1);
  } else {
    unsetenv(SS_ENV_SAMPLING_INTERVAL); /* not an outer ssrun's */
  }

  int sig = 0;
  if (calsig) {
    sig = parse_signal(calsig);
    if (sig == 0 || sig == SIGKILL || sig == SIGSTOP)
      die(2, "-calsig %s: not a signal that can be caught; give a name such "
             "as SIGUSR2, or a number", calsig);
  }

  const char *name = argv[i];
  char *path = ss_find_program(name);
  if (!path)
    die(1, "cannot run %s: not found in PATH", name);
  if (access(path, X_OK) != 0)
    die(1, "cannot run %s: %s", name, strerror(errno));

  struct elf_probe elf = probe_elf(path);
  if (elf.kind == ELF_STATIC && !elf_runs_statically(&elf, exp->name))
    die(1, "cannot run %s under ssrun%s: it is statically linked, and ssrun "
           "needs a dynamically linked program to load its runtime into; "
           "rebuild it without -static%s", name,
        exp->runs_static ? " without sscc's runtime" : "",
        exp->runs_static ? ", or link it with sscc" : "");
  if (elf.kind == ELF_OTHER_MACHINE)
    die(1, "cannot run %s under ssrun: it is not a 64-bit program for this "
           "machine, and the runtime is; rebuild it for this machine", name);

  if (elf.kind == ELF_STATIC) {
    /* sscc linked libssrt.a in, with the experiment's part. */
    setenv(SS_ENV_EXPERIMENT, exp->name, 1);
    if (verbose)
      fprintf(stderr, "ssrun: %s experiment (%s) of %s, its own runtime "
                      "(static)\n", exp->name, exp->marching_orders, path);
  } else if (exp->sampling_kind == 0 && exp->trace_kind == 0) {
    /* ideal: the instrumented code counts by itself. */
    if (elf.kind == ELF_DYNAMIC && !elf.needs_ssrt)
      fprintf(stderr, "ssrun: warning: %s has no code compiled with sscc "
                      "-fss-ideal; the ideal experiment will record nothing\n",
              name);
  } else {
    /* The runtime would take directions (the experiment, where its file
     * goes) from the caller's environment into a program running with
     * privileges the caller lacks: never (docs/ssrun.md). */
    char why[128];
    if (raises_privileges(path, why, sizeof why))
      die(1, "cannot run %s under -%s: it is %s, so it would run with "
             "privileges you do not have, and ssrun preloads its runtime into "
             "no such program; measure a copy without them, or run ssrun as "
             "the user the program runs as", name, exp->name, why);
    if (exp->sampling_kind == SS_SAMPLING_HWC ||
        exp->sampling_kind == SS_SAMPLING_HWCTIME)
      choose_hwc_event(exp, verbose);
    char *lib = ss_find_runtime(argv[0]);
    ss_preload(lib);
    if (exp->trace_kind == SS_TRACE_MPI) {
      /* The PMPI wrappers, after libssrt.so (which they call). */
      char *mpi = find_mpi_interposer(lib, path, elf.mpi_family);
      ss_preload(mpi);
      if (verbose)
        fprintf(stderr, "ssrun: MPI interposer %s (%s)\n", mpi,
                *elf.mpi_family ? elf.mpi_family : "the default");
      free(mpi);
    }
    setenv(SS_ENV_EXPERIMENT, exp->name, 1);
    if (verbose)
      fprintf(stderr, "ssrun: %s experiment (%s) of %s, runtime %s\n", exp->name,
              exp->marching_orders, path, lib);
    free(lib);
  }
  if (fpe_inexact)
    setenv(SS_ENV_FPE_INEXACT, "1", 1);
  else if (strcmp(exp->name, "fpe") == 0)
    unsetenv(SS_ENV_FPE_INEXACT); /* ssrun -fpe inside ssrun -fpe_inexact */
  if (sig) {
    char number[16];
    snprintf(number, sizeof number, "%d", sig);
    setenv(SS_ENV_CALIPER_SIGNAL, number, 1);
  }
  fflush(stderr);

  execv(path, argv + i);
  if (errno == ENOEXEC) {
    /* Not an executable format: a script without "#!", run by the shell
     * as execvp does. */
    int n = argc - i;
    char **sh_argv = xrealloc(NULL, (size_t)(n + 2) * sizeof *sh_argv);
    sh_argv[0] = (char *)"/bin/sh";
    sh_argv[1] = path;
    for (int k = 1; k <= n; k++)
      sh_argv[k + 1] = argv[i + k];
    execv("/bin/sh", sh_argv);
  }
  die(1, "cannot run %s: %s", name, strerror(errno));
}
