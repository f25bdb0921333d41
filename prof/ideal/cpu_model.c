/* cpu_model.c -- run llvm-mca over all blocks; see cpu_model.h. */
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
 * back executions, by two llvm-mca processes running side by side; the
 * difference is the cost of ITERATIONS executions in the steady state,
 * without the time the pipeline takes to fill and drain. */
#define ITERATIONS 20
/* Dispatch width given to the model when the front end is accounted for
 * apart (ss_cpu_model_run). */
#define UNLIMITED_DISPATCH 64

extern char **environ;

char *ss_cpu_host_name(void) {
  char *name = LLVMGetHostCPUName();
  char *own = ss_xstrdup(name && name[0] ? name : "generic");
  LLVMDisposeMessage(name);
  return own;
}

static const char *mca_path(void) {
  const char *p = getenv("SSPROF_LLVM_MCA");
  return p && p[0] ? p : SS_LLVM_MCA;
}

/* Write the regions; `fused[i]` gets region i's instructions as the core
 * allocates them (after move elimination and macro-fusion).  A fused
 * compare and jump is given to the model as the compare alone: one
 * micro-op with the compare's operands (the model's compare may go to any
 * integer port where the fused pair goes to a branch port, which keeps the
 * estimate a lower bound). */
static int write_input(FILE *f, const struct ss_cpu_block *blocks, size_t n,
                       double *fused) {
  for (size_t i = 0; i < n; i++) {
    fused[i] = 0;
    if (blocks[i].num_insns == 0)
      continue;
    fprintf(f, "# LLVM-MCA-BEGIN b%zu\n", i);
    for (size_t k = 0; k < blocks[i].num_insns; k++) {
      const char *insn = blocks[i].insns[k];
      const char *next = k + 1 < blocks[i].num_insns ? blocks[i].insns[k + 1]
                                                     : "";
      char folded[256];
      if (ss_fold_vector_move(insn, next, folded, sizeof folded)) {
        fprintf(f, "%s\n", folded);
        k++;
      } else {
        fprintf(f, "%s\n", insn);
        if (ss_macro_fuses(insn, next))
          k++;
      }
      fused[i] += 1;
    }
    fprintf(f, "# LLVM-MCA-END\n");
  }
  return fflush(f) == 0 && !ferror(f) ? 0 : -1;
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
  char *argv[] = {(char *)mca_path(), mtriple, mcpu, iterations,
                  "-instruction-info=false", "-resource-pressure=false", "-o",
                  (char *)out, (char *)in,
                  dispatch ? width : NULL, NULL};
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

/* Its exit status (128 + signal if killed). */
static int finish_mca(pid_t pid) {
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 127;
  return WIFEXITED(status) ? WEXITSTATUS(status)
                           : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* The text of a file llvm-mca wrote; "" if there is none. */
static char *slurp(const char *path) {
  uint64_t size;
  struct ss_err err;
  char *text = (char *)ss_read_file(path, &size, &err);
  return text ? text : ss_xstrdup("");
}

/* llvm-mca reports an instruction it cannot read as "<in>:LINE:COL:
 * error: ..." and analyses its block without it. */
static size_t count_rejected(const char *errors, const char *in) {
  size_t rejected = 0, inlen = strlen(in);
  for (const char *line = errors; *line;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    if (len > inlen && strncmp(line, in, inlen) == 0 && line[inlen] == ':' &&
        memmem(line, len, ": error:", 8))
      rejected++;
    line += len + (nl != NULL);
  }
  return rejected;
}

/* "[r] Code Region - b<i>" then "Total Cycles: C": C into total[i]. */
static void read_totals(const char *out, double *total, size_t n) {
  const char *p = out;
  while ((p = strstr(p, "Code Region - b")) != NULL) {
    size_t i = strtoul(p + strlen("Code Region - b"), NULL, 10);
    const char *tc = strstr(p, "Total Cycles:");
    p += 1;
    if (i < n && tc)
      total[i] = strtod(tc + strlen("Total Cycles:"), NULL);
  }
}

static void read_cycles(const char *once, const char *twice,
                        const double *fused, double width,
                        struct ss_cpu_block *blocks, size_t n) {
  double *t1 = ss_xcalloc(n + 1, sizeof *t1), *t2 = ss_xcalloc(n + 1, sizeof *t2);
  read_totals(once, t1, n);
  read_totals(twice, t2, n);
  for (size_t i = 0; i < n; i++) {
    if (!(t2[i] > 0))
      continue;
    double steady = (t2[i] - t1[i]) / ITERATIONS;
    /* A block whose cost still grows at the end has no steady state
     * yet: its average over the longer run. */
    double cycles = steady > 0 ? steady : t2[i] / (2 * ITERATIONS);
    /* The front end, in fused micro-ops (see ss_cpu_model_run). */
    if (width > 0 && fused[i] / width > cycles)
      cycles = fused[i] / width;
    blocks[i].cycles = cycles;
    blocks[i].modelled = 1;
  }
  free(t1);
  free(t2);
}

/* The dispatch width of the model of `cpu` ("Dispatch Width:" of a run on
 * one nop); 0 if it cannot be told. */
static double model_width(const char *triple, const char *cpu,
                          const char *dir, struct ss_err *err) {
  char in[4200], out[4200], errfile[4200];
  snprintf(in, sizeof in, "%s/probe.s", dir);
  snprintf(out, sizeof out, "%s/probe.out", dir);
  snprintf(errfile, sizeof errfile, "%s/probe.err", dir);
  FILE *f = fopen(in, "w");
  if (!f)
    return 0;
  fputs("nop\n", f);
  fclose(f);
  double width = 0;
  pid_t pid = start_mca(cpu, triple, in, 1, 0, out, errfile, err);
  if (pid >= 0 && finish_mca(pid) == 0) {
    char *text = slurp(out);
    const char *w = strstr(text, "Dispatch Width:");
    if (w)
      width = strtod(w + strlen("Dispatch Width:"), NULL);
    free(text);
  }
  unlink(in);
  unlink(out);
  unlink(errfile);
  return width;
}

int ss_cpu_model_run(const char *triple, const char *cpu,
                     struct ss_cpu_block *blocks, size_t n, size_t *dropped,
                     struct ss_err *err) {
  *dropped = 0;
  const char *tmp = getenv("TMPDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/ssprof-mca.XXXXXX", tmp && tmp[0] ? tmp
                                                                  : "/tmp");
  if (!mkdtemp(dir)) {
    ss_err_set(err, "cannot make a temporary directory for llvm-mca in %s: "
               "%s", tmp && tmp[0] ? tmp : "/tmp", strerror(errno));
    return -1;
  }
  char in[4200], out[2][4200], errfile[2][4200];
  snprintf(in, sizeof in, "%s/blocks.s", dir);
  for (int r = 0; r < 2; r++) {
    snprintf(out[r], sizeof out[r], "%s/mca%d.out", dir, r);
    snprintf(errfile[r], sizeof errfile[r], "%s/mca%d.err", dir, r);
  }
  for (size_t i = 0; i < n; i++) {
    blocks[i].cycles = 0;
    blocks[i].modelled = 0;
  }
  int status = -1;
  /* llvm-mca dispatches unfused micro-ops (a store or a load-and-operate
   * instruction counts two), but cores allocate fused ones, one per
   * instruction (and one per compare and conditional jump).  So the model
   * dispatches without limit, and a block costs at least its fused
   * micro-ops over the model's dispatch width. */
  double *fused = ss_xcalloc(n + 1, sizeof *fused);
  double width = model_width(triple, cpu, dir, err);
  FILE *f = fopen(in, "w");
  if (!f || write_input(f, blocks, n, fused) != 0) {
    ss_err_set(err, "cannot write the llvm-mca input %s: %s", in,
               strerror(errno ? errno : EIO));
  } else {
    fclose(f);
    f = NULL;
    pid_t pid[2];
    int rc[2];
    for (int r = 0; r < 2; r++)
      pid[r] = start_mca(cpu, triple, in, ITERATIONS * (r + 1),
                         width > 0 ? UNLIMITED_DISPATCH : 0, out[r],
                         errfile[r], err);
    for (int r = 0; r < 2; r++)
      rc[r] = pid[r] < 0 ? -1 : finish_mca(pid[r]);
    char *errors = slurp(errfile[1]);
    if (rc[0] < 0 || rc[1] < 0) {
      /* err is set */
    } else if (strstr(errors, "is not a recognized processor")) {
      ss_err_set(err, "-cpu %s: not a CPU LLVM knows (llvm-mca -mcpu=help "
                 "lists them)", cpu);
      status = -2;
    } else if (rc[0] != 0 || rc[1] != 0) {
      char *nl = strchr(errors, '\n');
      if (nl)
        *nl = 0;
      ss_err_set(err, "llvm-mca failed (exit %d): %s", rc[0] ? rc[0] : rc[1],
                 errors[0] ? errors : "no message");
    } else {
      char *once = slurp(out[0]), *twice = slurp(out[1]);
      read_cycles(once, twice, fused, width, blocks, n);
      free(once);
      free(twice);
      *dropped = count_rejected(errors, in);
      status = 0;
    }
    free(errors);
  }
  if (f)
    fclose(f);
  free(fused);
  unlink(in);
  for (int r = 0; r < 2; r++) {
    unlink(out[r]);
    unlink(errfile[r]);
  }
  rmdir(dir);
  return status;
}
