/* split_compile.c -- a large -fss-ideal compile in two processes
 * (split_compile.h). */
#define _GNU_SOURCE
#include "split_compile.h"
#include "clang_options.h"
#include "input_kind.h"
#include "run_child.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_SPLIT_BYTES (1024L * 1024L)

/* Options after which the one-step and the two-step compile differ: files
 * named after the output, bitcode instead of code, another assembler, an
 * output that is not an object, or options of the compiler proper that
 * sscc cannot read. */
static const char *const unsplittable[] = {
    "-S", "--assemble", "-E", "--preprocess", "-emit-llvm", "-###", "-fno-integrated-as",
    "-no-integrated-as", "-fstack-usage", "-gdwarf64", "--precompile", "-emit-ast", NULL};
static const char *const unsplittable_prefixes[] = {
    "-save-temps", "--save-temps", "-flto", "-fembed-bitcode", "-gsplit-dwarf",
    "-ftime-trace", "-fsave-optimization-record", "-foptimization-record-file",
    "-save-stats", "--save-stats", "-fproc-stat-report", "-masm=", "-fmodule-output",
    "-fdump-", NULL};

/* The byte count from which a source is compiled in two steps, or -1. */
static long split_bytes(void) {
  const char *v = getenv("SSCC_SPLIT_BYTES");
  if (!v || !*v)
    return DEFAULT_SPLIT_BYTES;
  if (strcmp(v, "off") == 0)
    return -1;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (errno || *end || n < 0)
    die(2, "SSCC_SPLIT_BYTES='%s' is neither a byte count nor 'off'", v);
  return n;
}

/* `path` with its file name's extension (from its last '.') replaced by
 * `ext`, the way clang names a dependency file after the object. */
static char *with_extension(const char *path, const char *ext) {
  const char *name = base_name(path);
  const char *dot = strrchr(name, '.');
  size_t keep = dot && strcmp(name, ".") != 0 && strcmp(name, "..") != 0
                    ? (size_t)(dot - path)
                    : strlen(path);
  char *s = xrealloc(NULL, keep + strlen(ext) + 1);
  memcpy(s, path, keep);
  strcpy(s + keep, ext);
  return s;
}

/* The DWARF version of the compile's line table, for the assembler that
 * builds it from the .loc directives: the last -gdwarf-N, else the last
 * -fdebug-default-version=N; 0 for clang's default. */
static int dwarf_version(char *const *cmd) {
  int chosen = -1, fallback = 0;
  for (size_t i = 1; cmd[i]; i++) {
    const char *a = cmd[i];
    if (strcmp(a, "-gdwarf") == 0)
      chosen = 0;
    else if (starts_with(a, "-gdwarf-") && a[8] >= '2' && a[8] <= '5' && !a[9])
      chosen = a[8] - '0';
    else if (starts_with(a, "-fdebug-default-version="))
      fallback = atoi(a + strlen("-fdebug-default-version="));
  }
  return chosen >= 0 ? chosen : fallback;
}

/* Whether a user's argument matters to the assembler too: the target,
 * the code model and features (-m...), the relocation model,
 * debug-section compression, the assembler's own options and the debug
 * paths it writes. */
static bool for_assembler(const char *a) {
  static const char *const exact[] = {
      "-fpic", "-fPIC", "-fpie", "-fPIE", "-fno-pic", "-fno-PIC", "-fno-pie",
      "-fno-PIE", "-target", "-Xassembler", "-v", NULL};
  static const char *const prefixes[] = {
      "-m", "--target=", "-gz", "-Wa,", "-fdebug-prefix-map=", "-ffile-prefix-map=",
      "-fdebug-compilation-dir=", "-fbinutils-version=", NULL};
  return in_list(a, exact) || prefix_in_list(a, prefixes);
}

/* What a command compiles, to where, and what decides how. */
struct shape {
  const char *input, *input_lang, *output; /* output: NULL when not given */
  const char *tune;                        /* -mtune's CPU */
  bool to_object, march, verbose;
  bool deps, dep_file, dep_target; /* writes a dependency file; names it; its target */
  size_t inputs;
};

/* Reads cmd into *sh; false where something in it rules the split out. */
static bool read_shape(char *const *cmd, size_t user_end, struct shape *sh) {
  const char *lang = NULL;
  *sh = (struct shape){0};
  for (size_t i = 1; cmd[i]; i++) {
    const char *a = cmd[i];
    if (a[0] == '@')
      return false;
    if (a[0] != '-' || a[1] == '\0') {
      sh->inputs++;
      sh->input = a;
      sh->input_lang = lang;
      continue;
    }
    if (takes_separate_value(a)) {
      const char *v = cmd[i + 1];
      if (!v)
        return false;
      if (strcmp(a, "-x") == 0)
        lang = v;
      else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0)
        sh->output = v;
      else if (strcmp(a, "-MF") == 0)
        sh->dep_file = true;
      else if (strcmp(a, "-MT") == 0 || strcmp(a, "-MQ") == 0)
        sh->dep_target = true;
      else if (strcmp(a, "-MJ") == 0 || (i < user_end && strcmp(a, "-Xclang") == 0))
        return false;
      i++;
      continue;
    }
    if (starts_with(a, "--output="))
      sh->output = a + strlen("--output=");
    else if (a[1] == 'o') /* -ofile, or an option that only starts so */
      return false;
    else if (starts_with(a, "-x"))
      lang = a + 2;
    else if (strcmp(a, "-c") == 0 || strcmp(a, "--compile") == 0)
      sh->to_object = true;
    else if (strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0 ||
             strcmp(a, "--write-dependencies") == 0 ||
             strcmp(a, "--write-user-dependencies") == 0)
      sh->deps = true;
    else if (starts_with(a, "-Wp,-MD,") || starts_with(a, "-Wp,-MMD,"))
      sh->deps = sh->dep_file = true;
    else if (starts_with(a, "-MF") || starts_with(a, "-MJ"))
      return false; /* joined forms: rare enough to leave to clang */
    else if (starts_with(a, "-MT") || starts_with(a, "-MQ"))
      sh->dep_target = true;
    else if (in_list(a, unsplittable) || prefix_in_list(a, unsplittable_prefixes))
      return false;
    else if (starts_with(a, "-mtune="))
      sh->tune = a + strlen("-mtune=");
    else if (starts_with(a, "-march="))
      sh->march = true;
    else if (strcmp(a, "-v") == 0)
      sh->verbose = true;
  }
  /* A tuning of the user's own: the assembler could not be told it
   * (split_compile.h), but generic, clang's default. */
  if (sh->tune && (sh->march || strcmp(sh->tune, "generic") != 0))
    return false;
  return sh->to_object && sh->inputs == 1 &&
         is_c_family_source(sh->input, sh->input_lang) &&
         !(sh->output && strcmp(sh->output, "-") == 0);
}

/* The compile: cmd to assembly in `assembly`, every option but the
 * assembler's, the dependency file named as for the object. */
static void compile_command(char *const *cmd, const struct shape *sh, const char *object,
                            const char *stem, char *assembly, strvec *c) {
  *c = (strvec){0};
  sv_push(c, cmd[0]);
  for (size_t i = 1; cmd[i]; i++) {
    char *a = cmd[i];
    char *v = a[0] == '-' && takes_separate_value(a) ? cmd[i + 1] : NULL;
    if (v)
      i++;
    if (strcmp(a, "-c") == 0 || strcmp(a, "--compile") == 0) {
      sv_push(c, "-S");
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0 ||
               starts_with(a, "--output=")) {
      sv_push(c, "-o");
      sv_push(c, assembly);
    } else if (!starts_with(a, "-Wa,") && strcmp(a, "-Xassembler") != 0) {
      sv_push(c, a);
      if (v)
        sv_push(c, v);
    }
  }
  if (!sh->output) {
    sv_push(c, "-o");
    sv_push(c, assembly);
  }
  /* Nothing but the assembler reads comments: the file is half as long. */
  sv_push(c, "-fno-verbose-asm");
  if (sh->deps && !sh->dep_target) { /* clang's target would be the assembly */
    sv_push(c, "-MQ");
    sv_push(c, (char *)object);
  }
  if (sh->deps && !sh->dep_file) { /* clang's file would be named after it */
    sv_push(c, "-MF");
    sv_push(c, sh->output ? with_extension(sh->output, ".d") : concat(stem, ".d", ""));
  }
}

/* The assembly: clang's assembler on `assembly`, with the user's options
 * that concern it and the compile's DWARF version, to `object`. */
static void assemble_command(char *const *cmd, size_t user_end, const char *object,
                             char *assembly, strvec *s) {
  *s = (strvec){0};
  sv_push(s, cmd[0]);
  for (size_t i = 1; cmd[i] && i < user_end; i++) {
    char *a = cmd[i];
    char *v = a[0] == '-' && takes_separate_value(a) ? cmd[i + 1] : NULL;
    if (for_assembler(a)) {
      sv_push(s, a);
      if (v)
        sv_push(s, v);
    }
    if (v)
      i++;
  }
  int version = dwarf_version(cmd);
  if (version > 0) {
    char flag[40];
    snprintf(flag, sizeof flag, "-fdebug-default-version=%d", version);
    sv_push(s, xstrdup(flag));
  }
  sv_push(s, "-Qunused-arguments"); /* -m and -f options meant for the compile */
  sv_push(s, "-c");
  sv_push(s, "-x");
  sv_push(s, "assembler");
  sv_push(s, assembly);
  sv_push(s, "-o");
  sv_push(s, (char *)object);
}

bool plan_split_compile(char *const *cmd, size_t user_end, struct split_compile *plan) {
  struct shape sh;
  if (!read_shape(cmd, user_end, &sh))
    return false;
  long threshold = split_bytes();
  struct stat st;
  if (threshold < 0 || stat(sh.input, &st) != 0 || !S_ISREG(st.st_mode) ||
      st.st_size < threshold)
    return false;

  /* clang's names when no -o is given: the input's stem, in the current
   * directory. */
  char *stem = with_extension(base_name(sh.input), "");
  const char *object = sh.output ? sh.output : concat(stem, ".o", "");
  const char *tmpdir = getenv("TMPDIR");
  if (!tmpdir || !*tmpdir)
    tmpdir = "/tmp";
  plan->assembly = concat(tmpdir, "/", concat(stem, "-XXXXXX.s", ""));
  int fd = mkstemps(plan->assembly, 2);
  if (fd < 0)
    return false; /* no temporary file: compile in one step */
  close(fd);

  compile_command(cmd, &sh, object, stem, plan->assembly, &plan->compile);
  assemble_command(cmd, user_end, object, plan->assembly, &plan->assemble);
  /* With clang's default tuning (generic), generic's nops (split_compile.h);
   * with -march alone, the assembler tunes for that CPU too. */
  plan->padding = SS_CLANG_MAJOR >= 19 && !sh.march ? "+fast-15bytenop" : NULL;
  plan->verbose = sh.verbose;
  return true;
}

#if SS_CLANG_MAJOR >= 19
/* The arguments of clang's assembler job, `clang -###` having printed it
 * (each argument in double quotes, '"', '\\' and '$' escaped by '\\'), or
 * NULL. */
static strvec *assembler_job(const char *printed) {
  const char *line = strstr(printed, "\" \"-cc1as\" ");
  if (!line)
    return NULL;
  while (line > printed && line[-1] != '\n')
    line--;
  strvec *job = xrealloc(NULL, sizeof *job);
  *job = (strvec){0};
  const char *p = line;
  for (;;) {
    while (*p == ' ')
      p++;
    if (*p == '\n' || *p == '\0')
      break;
    if (*p != '"')
      return NULL;
    size_t cap = strlen(p) + 1, n = 0;
    char *arg = xrealloc(NULL, cap);
    for (p++; *p && *p != '"'; p++) {
      if (*p == '\\' && p[1])
        p++;
      arg[n++] = *p;
    }
    if (*p != '"')
      return NULL;
    p++;
    arg[n] = '\0';
    sv_push(job, arg);
  }
  return job->n >= 2 ? job : NULL;
}
#endif

/* Assembles, the way split_compile.h says; returns the wait status. */
static int assemble(const char *clang, struct split_compile *plan) {
#if SS_CLANG_MAJOR >= 19
  if (plan->padding) {
    strvec ask = {0};
    for (size_t i = 0; i < plan->assemble.n; i++)
      sv_push(&ask, plan->assemble.v[i]);
    sv_push(&ask, "-###");
    char *printed;
    int status = run_child_reading_stderr(clang, ask.v, &printed);
    strvec *job = status == 0 ? assembler_job(printed) : NULL;
    bool x86 = false;
    for (size_t i = 0; job && i + 1 < job->n; i++)
      if (strcmp(job->v[i], "-triple") == 0)
        x86 = starts_with(job->v[i + 1], "x86_64") || starts_with(job->v[i + 1], "i386") ||
              starts_with(job->v[i + 1], "i486") || starts_with(job->v[i + 1], "i586") ||
              starts_with(job->v[i + 1], "i686");
    if (job && x86) {
      sv_push(job, "-target-feature");
      sv_push(job, (char *)plan->padding);
      if (plan->verbose) /* what -v prints of the job clang would run */
        fputs(printed, stderr);
      return run_child(job->v[0], job->v);
    }
    /* Not as expected: clang's own job, the padding its own. */
  }
#endif
  return run_child(clang, plan->assemble.v);
}

void run_split_compile(const char *clang, struct split_compile *plan) {
  int status = run_child(clang, plan->compile.v);
  if (status < 0) {
    unlink(plan->assembly);
    return;
  }
  if (status == 0)
    status = assemble(clang, plan);
  unlink(plan->assembly);
  if (status < 0)
    die(1, "cannot start clang's assembler: %s", strerror(errno));
  exit_as(status);
}
