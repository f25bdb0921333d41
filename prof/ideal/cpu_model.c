/* cpu_model.c -- run llvm-mca over the blocks, in batches; see
 * cpu_model.h. */
#define _GNU_SOURCE
#include "cpu_model.h"

#include "base.h"
#include "macro_fusion.h"
#include "move_elimination.h"

#include <errno.h>
#include <fcntl.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SS_LLVM_MCA
#define SS_LLVM_MCA "llvm-mca"
#endif

/* Each block is simulated twice, for ITERATIONS and 2 * ITERATIONS back to
 * back executions; the difference is the cost of ITERATIONS executions in
 * the steady state, without the time the pipeline takes to fill and
 * drain.  Both are regions of one llvm-mca run of ITERATIONS: the block
 * alone (b<i>), and the block written twice (d<i>), whose ITERATIONS
 * executions are the same instructions, in the same order, as 2 *
 * ITERATIONS of the block: llvm-mca models each region apart, and
 * numbers the instructions it feeds the pipeline in that order, so its
 * cycles are those of the longer run (on SQLite's 1,349 regions, every
 * one equal).  One process instead of two per batch: half the starts of
 * llvm-mca, each of which loads and relocates all of libLLVM. */
#define ITERATIONS 20
/* The front end is bounded apart, in fused micro-ops (core_bounds.h):
 * llvm-mca, which counts unfused ones, dispatches without limit. */
#define UNLIMITED_DISPATCH 64
/* Regions per llvm-mca process, at least.  llvm-mca 14 looks up the
 * region of each instruction among all regions (time quadratic in their
 * number: half of a run over SQLite's 8,600 regions), and each process
 * costs about 25 ms to start: batches are two per processor, of at least
 * this many regions (each in its input twice: alone and doubled). */
#define BATCH_REGIONS 256
/* llvm-mca processes at a time, at most. */
#define MAX_JOBS 32

extern char **environ;

char *ss_cpu_host_name(void) {
  char *name = LLVMGetHostCPUName();
  char *own = ss_xstrdup(name && name[0] ? name : "generic");
  LLVMDisposeMessage(name);
  return own;
}

const char *ss_cpu_model_tool(void) {
  const char *p = getenv("SSPROF_LLVM_MCA");
  return p && p[0] ? p : SS_LLVM_MCA;
}

/* Start llvm-mca; returns its pid, or -1 with `err` set. */
static pid_t start_mca(const char *cpu, const char *triple, const char *in,
                       int count, int dispatch, const char *out,
                       const char *errfile, struct ss_err *err) {
  char mcpu[256], mtriple[128], iterations[64], width[64];
  snprintf(mcpu, sizeof mcpu, "-mcpu=%s", cpu);
  snprintf(mtriple, sizeof mtriple, "-mtriple=%s", triple);
  snprintf(iterations, sizeof iterations, "-iterations=%d", count);
  snprintf(width, sizeof width, "-dispatch=%d", dispatch);
  char *argv[12] = {(char *)ss_cpu_model_tool(), mtriple, mcpu, iterations,
                    "-instruction-info=false", "-resource-pressure=false",
                    "-o", (char *)out, (char *)in};
  int argc = 9;
#if SS_LLVM_MCA_MAJOR >= 19
  /* llvm-mca 19 stops at a line it cannot parse, where 14 reports it and
   * goes on (the line is counted as rejected): keep 14's behaviour. */
  argv[argc++] = "--skip-unsupported-instructions=parse-failure";
#endif
  if (dispatch)
    argv[argc++] = width;
  argv[argc] = NULL;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, errfile,
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    ss_err_set(err, "cannot run %s (%s); install llvm-14 or set "
               "SSPROF_LLVM_MCA", argv[0], strerror(rc));
    return -1;
  }
  return pid;
}

/* An exit status (128 + signal if killed). */
static int exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status)
                                                        : 0);
}

static int finish_mca(pid_t pid) {
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 127;
  return exit_code(status);
}

/* The text of a file llvm-mca wrote; "" if there is none. */
static char *slurp(const char *path) {
  uint64_t size;
  struct ss_err err;
  char *text = (char *)ss_read_file(path, &size, &err);
  return text ? text : ss_xstrdup("");
}

/* A temporary directory for llvm-mca's files, in `dir`. */
static int make_work_dir(char *dir, size_t size, struct ss_err *err) {
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !tmp[0])
    tmp = "/tmp";
  snprintf(dir, size, "%s/ssprof-mca.XXXXXX", tmp);
  if (!mkdtemp(dir)) {
    ss_err_set(err, "cannot make a temporary directory for llvm-mca in %s: "
               "%s", tmp, strerror(errno));
    return -1;
  }
  return 0;
}

double ss_cpu_model_width(const char *triple, const char *cpu) {
  char dir[4096], in[4200], out[4200], errfile[4200];
  struct ss_err err;
  if (make_work_dir(dir, sizeof dir, &err) != 0)
    return 0;
  snprintf(in, sizeof in, "%s/probe.s", dir);
  snprintf(out, sizeof out, "%s/probe.out", dir);
  snprintf(errfile, sizeof errfile, "%s/probe.err", dir);
  double width = 0;
  FILE *f = fopen(in, "w");
  if (f) {
    fputs("nop\n", f);
    fclose(f);
    pid_t pid = start_mca(cpu, triple, in, 1, 0, out, errfile, &err);
    if (pid >= 0 && finish_mca(pid) == 0) {
      char *text = slurp(out);
      const char *w = strstr(text, "Dispatch Width:");
      if (w)
        width = strtod(w + strlen("Dispatch Width:"), NULL);
      free(text);
    }
  }
  unlink(in);
  unlink(out);
  unlink(errfile);
  rmdir(dir);
  return width;
}

/* One llvm-mca input: regions [first, first + count), each alone and
 * doubled, and the line of the input where each lone region's
 * instructions start (llvm-mca names rejected instructions by line). */
struct batch {
  size_t *blocks;       /* [count]: indices into the blocks modelled */
  size_t count;
  uint32_t *first_line; /* [count + 1]: the last entry ends the last */
  char in[4200];
  char out[4200], err[4200];
  int rc;
  pid_t pid;
};

/* One region's instructions; returns how many lines they took. */
static uint32_t write_region(FILE *f, const struct ss_cpu_block *b) {
  uint32_t lines = 0;
  for (size_t k = 0; k < b->num_insns; k++) {
    const char *insn = b->insns[k];
    const char *next = k + 1 < b->num_insns ? b->insns[k + 1] : "";
    char folded[256];
    if (ss_fold_vector_move(insn, next, folded, sizeof folded)) {
      fprintf(f, "%s\n", folded);
      k++;
    } else {
      fprintf(f, "%s\n", insn);
      if (ss_macro_fuses(insn, next))
        k++;
    }
    lines++;
  }
  return lines;
}

/* Write one batch's regions: each alone (b<i>), then each doubled
 * (d<i>: see ITERATIONS).  A fused compare and jump is given to the
 * model as the compare alone: one micro-op with the compare's operands
 * (the model's compare may go to any integer port where the fused pair
 * goes to a branch port, which keeps the estimate a lower bound). */
static int write_batch(struct batch *bt, const struct ss_cpu_block *blocks) {
  FILE *f = fopen(bt->in, "w");
  if (!f)
    return -1;
  uint32_t line = 1;
  bt->first_line = ss_xcalloc(bt->count + 1, sizeof *bt->first_line);
  for (size_t r = 0; r < bt->count; r++) {
    fprintf(f, "# LLVM-MCA-BEGIN b%zu\n", r);
    bt->first_line[r] = ++line;
    line += write_region(f, &blocks[bt->blocks[r]]);
    fprintf(f, "# LLVM-MCA-END\n");
    line++;
  }
  /* The doubled copies come after every lone region's last line: their
   * rejected instructions, the same as the lone ones', are not counted
   * again. */
  bt->first_line[bt->count] = line;
  for (size_t r = 0; r < bt->count; r++) {
    fprintf(f, "# LLVM-MCA-BEGIN d%zu\n", r);
    write_region(f, &blocks[bt->blocks[r]]);
    write_region(f, &blocks[bt->blocks[r]]);
    fprintf(f, "# LLVM-MCA-END\n");
  }
  int ok = fflush(f) == 0 && !ferror(f);
  return fclose(f) == 0 && ok ? 0 : -1;
}

/* llvm-mca reports an instruction it cannot read as "<in>:LINE:COL:
 * error: ..." and analyses its block without it: counted per block, once
 * per line (llvm-mca 19 reports each such line twice). */
static void count_rejected(const char *errors, const struct batch *bt,
                           struct ss_cpu_block *blocks) {
  size_t inlen = strlen(bt->in);
  unsigned long last_at = 0;
  for (const char *line = errors; *line;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    if (len > inlen && strncmp(line, bt->in, inlen) == 0 &&
        line[inlen] == ':' && memmem(line, len, ": error:", 8)) {
      unsigned long at = strtoul(line + inlen + 1, NULL, 10);
      for (size_t r = 0; r < bt->count && at != last_at; r++)
        if (at >= bt->first_line[r] && at < bt->first_line[r + 1]) {
          blocks[bt->blocks[r]].rejected++;
          last_at = at;
          break;
        }
    }
    line += len + (nl != NULL);
  }
}

/* "[r] Code Region - b<i>" (or d<i>) then "Total Cycles: C": C into
 * once[i] (twice[i]). */
static void read_totals(const char *out, const struct batch *bt,
                        double *once, double *twice) {
  static const char region[] = "Code Region - ";
  for (const char *p = out; (p = strstr(p, region)) != NULL; p++) {
    const char *name = p + strlen(region);
    char *end;
    size_t i = strtoul(name + 1, &end, 10);
    const char *tc = strstr(p, "Total Cycles:");
    if ((name[0] == 'b' || name[0] == 'd') && end != name + 1 &&
        i < bt->count && tc)
      (name[0] == 'b' ? once : twice)[i] =
          strtod(tc + strlen("Total Cycles:"), NULL);
  }
}

static void read_cycles(const struct batch *bt, struct ss_cpu_block *blocks) {
  double *t1 = ss_xcalloc(bt->count + 1, sizeof *t1);
  double *t2 = ss_xcalloc(bt->count + 1, sizeof *t2);
  char *text = slurp(bt->out);
  read_totals(text, bt, t1, t2);
  for (size_t r = 0; r < bt->count; r++) {
    if (!(t2[r] > 0))
      continue;
    double steady = (t2[r] - t1[r]) / ITERATIONS;
    /* A block whose cost still grows at the end has no steady state
     * yet: its average over the longer run. */
    blocks[bt->blocks[r]].cycles = steady > 0 ? steady
                                              : t2[r] / (2 * ITERATIONS);
    blocks[bt->blocks[r]].modelled = 1;
  }
  free(text);
  free(t1);
  free(t2);
}

static size_t job_limit(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  return cpus < 1 ? 1 : cpus > MAX_JOBS ? MAX_JOBS : (size_t)cpus;
}

/* Run every batch's llvm-mca process, `jobs` at a time.  Returns
 * 0, or -1 with `err` set when one could not be started (the others
 * are still waited for). */
static int run_batches(const char *triple, const char *cpu,
                       struct batch *batches, size_t num_batches,
                       const struct ss_progress *progress,
                       struct ss_err *err) {
  size_t tasks = num_batches, started = 0, done = 0, running = 0;
  size_t jobs = job_limit();
  int status = 0;
  ss_progress_show(progress, "llvm-mca runs", 0, tasks);
  while (done < tasks) {
    while (running < jobs && started < tasks && status == 0) {
      struct batch *bt = &batches[started];
      bt->pid = start_mca(cpu, triple, bt->in, ITERATIONS,
                          UNLIMITED_DISPATCH, bt->out, bt->err, err);
      started++;
      if (bt->pid < 0) {
        bt->rc = -1;
        status = -1;
        done++;
      } else {
        running++;
      }
    }
    if (running == 0) {
      done = tasks; /* nothing more will start */
      break;
    }
    int wstatus;
    pid_t pid = waitpid(-1, &wstatus, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    for (size_t b = 0; b < num_batches; b++)
      if (batches[b].pid == pid) {
        batches[b].rc = exit_code(wstatus);
        batches[b].pid = 0;
        running--;
        done++;
      }
    ss_progress_show(progress, "llvm-mca runs", done, tasks);
  }
  return status;
}

int ss_cpu_model_run(const char *triple, const char *cpu,
                     struct ss_cpu_block *blocks, size_t n,
                     const struct ss_progress *progress, struct ss_err *err) {
  for (size_t i = 0; i < n; i++) {
    blocks[i].cycles = 0;
    blocks[i].modelled = 0;
    blocks[i].rejected = 0;
  }
  char dir[4096];
  if (make_work_dir(dir, sizeof dir, err) != 0)
    return -1;
  /* Batches of consecutive blocks, two per processor. */
  size_t *order = ss_xcalloc(n + 1, sizeof *order), num_batches = 0;
  size_t per_batch = (n + 2 * job_limit() - 1) / (2 * job_limit());
  if (per_batch < BATCH_REGIONS)
    per_batch = BATCH_REGIONS;
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  struct batch *batches = ss_xcalloc(n / per_batch + 2, sizeof *batches);
  int status = 0;
  for (size_t k = 0; k < n; k += per_batch) {
    struct batch *bt = &batches[num_batches];
    bt->blocks = order + k;
    bt->count = n - k < per_batch ? n - k : per_batch;
    snprintf(bt->in, sizeof bt->in, "%s/blocks%zu.s", dir, num_batches);
    snprintf(bt->out, sizeof bt->out, "%s/mca%zu.out", dir, num_batches);
    snprintf(bt->err, sizeof bt->err, "%s/mca%zu.err", dir, num_batches);
    num_batches++;
    if (status == 0 && write_batch(bt, blocks) != 0) {
      ss_err_set(err, "cannot write the llvm-mca input %s: %s", bt->in,
                 strerror(errno ? errno : EIO));
      status = -1;
    }
  }
  if (status == 0)
    status = run_batches(triple, cpu, batches, num_batches, progress, err);
  for (size_t b = 0; b < num_batches && status == 0; b++) {
    struct batch *bt = &batches[b];
    char *errors = slurp(bt->err);
    if (strstr(errors, "is not a recognized processor")) {
      ss_err_set(err, "-cpu %s: not a CPU LLVM knows (llvm-mca -mcpu=help "
                 "lists them)", cpu);
      status = -2;
    } else if (bt->rc != 0) {
      char *nl = strchr(errors, '\n');
      if (nl)
        *nl = 0;
      ss_err_set(err, "llvm-mca failed (exit %d): %s", bt->rc,
                 errors[0] ? errors : "no message");
      status = -1;
    } else {
      read_cycles(bt, blocks);
      count_rejected(errors, bt, blocks);
    }
    free(errors);
  }
  for (size_t b = 0; b < num_batches; b++) {
    struct batch *bt = &batches[b];
    unlink(bt->in);
    unlink(bt->out);
    unlink(bt->err);
    free(bt->first_line);
  }
  free(batches);
  free(order);
  rmdir(dir);
  return status;
}
