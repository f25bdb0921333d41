/*
 * sscc / sscc++ -- a drop-in clang / clang++ for any build system (CC=sscc).
 *
 * What it does, and nothing more:
 *   - picks the clang whose major version matches the LLVM the pass plugin
 *     was built against, and execv()s it (no fork: exit status and output
 *     are clang's own; a dynamic link, below, waits for it and exits as it
 *     did);
 *   - consumes its own flags (-fss-ideal, alias -fss-bbcounts, -fss-sampling,
 *     -fss-remarks and the -fno- forms; the last one of each wins) and
 *     passes every other argument through unchanged and in order;
 *   - with -fss-ideal, when the command compiles: appends
 *     -fpass-plugin=<lib>/libSSPass.so, -mllvm -use-unknown-locations=Enable
 *     (line-0 rows end the instrumentation's rows, see prof/ideal/ideal.h), and
 *     -gline-tables-only unless the command already chose a debug level
 *     (-g, -g0, -ggdb, -g3, -gdwarf-5, ...), then also
 *     -fdebug-default-version=4 (unless the command chose a default),
 *     -mllvm -experimental-debug-variable-locations=false and, unless
 *     columns are wanted (-gcolumn-info, remarks), -gno-column-info (see
 *     below);
 *   - with -fss-ideal, when the command compiles one large source to an
 *     object (-c, at least SSCC_SPLIT_BYTES, default 1 MiB): runs it as two
 *     children, clang -S to a temporary file, then clang's assembler on it,
 *     which keeps the compile's peak memory down (split_compile.h);
 *   - with -fss-remarks, when the command compiles: appends the plugin as
 *     for -fss-ideal (without -use-unknown-locations), and also as a clang
 *     plugin (-fplugin=<lib>/libSSPass.so: loaded before clang parses
 *     -mllvm, so the plugin's own options exist by then), then its options
 *     -ss-remarks and, without -fss-ideal, -ss-counts=false, each through
 *     -Xclang -mllvm -Xclang (the compiler proper only: the assembler of a
 *     .S file would reject them), and -gline-tables-only unless a debug
 *     level was chosen.  The plugin then prints the #<swps>/#<swpf> lines
 *     (pass/Remarks.h);
 *   - with -fss-callers and -fss-ideal, when the command compiles: the
 *     plugin as a clang plugin too, and its option -ss-callers (a copy of
 *     the callee for each direct call, pass/CallerCopies.h); without
 *     -fss-ideal it does nothing;
 *   - with -fss-sampling, when the command compiles: appends
 *     -gline-tables-only unless a debug level was chosen (so samples map to
 *     source lines), -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer (so that ssrun's
 *     call-stack experiments can walk every frame of the program's own
 *     code cheaply) and -I<dir of this executable>/../include, where
 *     <ss/caliper.h> is (the caliper API);
 *   - when the command links (whether or not -fss-ideal is given, since build
 *     systems often link without CFLAGS): appends the runtime so that it is
 *     recorded as needed only if some object references it:
 *       -L<lib>/link -Wl,-rpath,<lib> -Wl,--push-state,--as-needed -lssrt
 *       -Wl,--pop-state
 *     (<lib>/link/libssrt.so has only the runtime's entry points, so the
 *     C library functions the runtime stands in front of do not make it
 *     needed: rt/core/link_stub.c)
 *     or, with -static, the archive <lib>/libssrt.a (an archive member is
 *     only pulled in when referenced: the same effect), the --wrap options
 *     of <lib>/libssrt.wrap (the io experiment's wrappers of the C
 *     library's I/O and stdio functions, which forward unchanged unless
 *     ssrun -io runs the program) plus -ldl -lpthread.
 *     The run-time path cannot be made conditional that way: when the
 *     output (-o) turns out not to need libssrt, sscc, which then ran
 *     clang as a child, takes <lib> out of the output's path again
 *     (runpath.h), so that only what needs it names sscc's directory;
 *   <lib> is <dir of this executable>/../lib, in the build tree and in an
 *   installed tree alike.
 *
 * The mode: no link with -c, -S, -E, -M, -MM, -fsyntax-only, --version,
 * -print-*, -dumpversion, -dumpmachine, -### (which runs nothing), -r (a
 * partial link: the final one gets the runtime), or without any input file
 * but headers (clang -x c-header h.h -o h.pch makes a precompiled header).
 * -v is not a mode: with input files clang still compiles and links (CMake's
 * compiler-ABI probe links with -v, and must find the runtime that its
 * -fss-ideal objects need), without them it only prints.  Nothing but the
 * runtime is added to a command that compiles nothing: one whose inputs
 * are all the linker's (objects, libraries: input_kind.h) or plain
 * assembler (.s, -x assembler).  Clang would warn that -mllvm,
 * -fpass-plugin and the like are unused, and -Werror makes that an error.
 *
 * It prints nothing of its own unless it cannot run clang at all (configure
 * scripts read stderr).  Response files (@file) are read only to tell the
 * mode; they are passed through untouched unless they contain one of our own
 * flags, in which case that one argument is replaced by its expansion minus
 * our flags (clang would reject -fss-ideal).
 */
#define _GNU_SOURCE
#include "clang_options.h"
#include "help_text.h"
#include "input_kind.h"
#include "locate.h"
#include "response_file.h"
#include "run_child.h"
#include "runpath.h"
#include "split_compile.h"
#include "util.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* telling the mode                                                          */

/* Options that choose a debug-info level (so -gline-tables-only must not be
 * added).  Modifiers that do not by themselves turn debug info on or off
 * (-gz, -gsplit-dwarf, -gcolumn-info, -gno-*, -gdwarf64, -gcodeview, ...)
 * are not in this set. */
static bool is_debug_level_opt(const char *a) {
  static const char *const exact[] = {
      "-g", "-g0", "-g1", "-g2", "-g3", "-ggdb", "-ggdb0", "-ggdb1", "-ggdb2",
      "-ggdb3", "-glldb", "-gsce", "-gdbx", "-gline-tables-only",
      "-gline-directives-only", "-gdwarf", "-gdwarf-2", "-gdwarf-3", "-gdwarf-4",
      "-gdwarf-5", "-gfull", "-gused", "-gmlt", "--debug", NULL};
  if (in_list(a, exact))
    return true;
  /* GCC's older formats: -gstabs, -gstabs+, -gcoff2, -gxcoff+, -gvms1 ... */
  return starts_with(a, "-gstabs") || starts_with(a, "-gcoff") ||
         starts_with(a, "-gxcoff") || starts_with(a, "-gvms") ||
         starts_with(a, "--debug=");
}

/* Our own flags: which setting one is, and whether it turns it on. */
enum own_setting { NOT_OURS, SET_IDEAL, SET_SAMPLING, SET_REMARKS, SET_CALLERS };

static enum own_setting own_flag(const char *a, bool *on) {
  *on = !starts_with(a, "-fno-");
  if (strcmp(a, "-fss-ideal") == 0 || strcmp(a, "-fss-bbcounts") == 0 ||
      strcmp(a, "-fno-ss-ideal") == 0 || strcmp(a, "-fno-ss-bbcounts") == 0)
    return SET_IDEAL;
  if (strcmp(a, "-fss-sampling") == 0 || strcmp(a, "-fno-ss-sampling") == 0)
    return SET_SAMPLING;
  if (strcmp(a, "-fss-remarks") == 0 || strcmp(a, "-fno-ss-remarks") == 0)
    return SET_REMARKS;
  if (strcmp(a, "-fss-callers") == 0 || strcmp(a, "-fno-ss-callers") == 0)
    return SET_CALLERS;
  return NOT_OURS;
}

struct mode {
  bool ideal;          /* -fss-ideal in effect (last of -f/-fno- wins) */
  bool sampling;       /* -fss-sampling in effect (likewise) */
  bool remarks;        /* -fss-remarks in effect (likewise) */
  bool callers;        /* -fss-callers in effect (likewise; only with
                          -fss-ideal) */
  bool compile_only;   /* -c, -S: stops before linking */
  bool preprocess;     /* -E, -M, -MM: output must be clang's, byte for byte */
  bool no_codegen;     /* -fsyntax-only, --analyze, ...: nothing is generated */
  bool query;          /* --version, -print-*, -dump*, --help: no compilation */
  bool dry_run;        /* -###: commands are printed, not run */
  bool partial_link;   /* -r: a relocatable link, the final link comes later */
  bool is_static;      /* -static, -static-pie */
  bool has_debug;      /* a debug-info level was chosen */
  bool variable_locations_chosen; /* -mllvm -experimental-debug-variable-locations */
  bool dwarf_default_chosen; /* -fdebug-default-version=N */
  bool wants_columns;  /* -gcolumn-info, or remarks (-R...), which print them */
  const char *output;  /* -o FILE, --output FILE, --output=FILE (NULL: not given so) */
  size_t inputs;       /* input files (sources, objects, libraries by path, "-") */
  size_t compiled;     /* inputs clang compiles, plain assembler (.s) aside */
  size_t headers;      /* header inputs: compiled to a PCH, never linked */
};

static void scan(tokvec *t, struct mode *m) {
  const char *lang = NULL; /* current -x language; NULL or "none": by suffix */
  for (size_t i = 0; i < t->n; i++) {
    const char *a = t->v[i].s;

    if (a[0] != '-' || a[1] == '\0') { /* an input, "-" (stdin) included */
      m->inputs++;
      enum input_kind kind = input_kind(a, lang);
      if (kind == INPUT_SOURCE || kind == INPUT_HEADER)
        m->compiled++;
      if (kind == INPUT_HEADER)
        m->headers++;
      continue;
    }

    bool on;
    enum own_setting own = own_flag(a, &on);
    if (own != NOT_OURS) {
      if (own == SET_IDEAL)
        m->ideal = on;
      else if (own == SET_SAMPLING)
        m->sampling = on;
      else if (own == SET_REMARKS)
        m->remarks = on;
      else
        m->callers = on;
      t->v[i].own = true;
      continue;
    }

    if (takes_separate_value(a)) {
      if (i + 1 < t->n) {
        if (strcmp(a, "-x") == 0)
          lang = t->v[i + 1].s;
        if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0)
          m->output = t->v[i + 1].s;
        if (strcmp(a, "-mllvm") == 0 &&
            strstr(t->v[i + 1].s, "experimental-debug-variable-locations"))
          m->variable_locations_chosen = true;
        i++; /* the value is not an argument in its own right */
      }
      continue;
    }
    if (starts_with(a, "--output=")) {
      m->output = a + strlen("--output=");
      continue;
    }
    if (starts_with(a, "-x")) { /* joined: -xc, -xassembler */
      lang = a + 2;
      continue;
    }

    if (strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "--precompile") == 0 ||
        strcmp(a, "-emit-ast") == 0 || strcmp(a, "--compile") == 0 ||
        strcmp(a, "--assemble") == 0)
      m->compile_only = true;
    else if (strcmp(a, "-E") == 0 || strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0 ||
             strcmp(a, "--preprocess") == 0 || strcmp(a, "--dependencies") == 0 ||
             strcmp(a, "--user-dependencies") == 0)
      m->preprocess = true;
    else if (strcmp(a, "-fsyntax-only") == 0 || strcmp(a, "--analyze") == 0)
      m->no_codegen = true;
    else if (strcmp(a, "--version") == 0 || strcmp(a, "-dumpversion") == 0 ||
             strcmp(a, "-dumpmachine") == 0 || strcmp(a, "--help") == 0 ||
             strcmp(a, "-help") == 0 || strcmp(a, "--help-hidden") == 0 ||
             starts_with(a, "-print-") || starts_with(a, "--print-"))
      m->query = true;
    else if (strcmp(a, "-###") == 0)
      m->dry_run = true;
    else if (strcmp(a, "-r") == 0)
      m->partial_link = true;
    else if (strcmp(a, "-static") == 0 || strcmp(a, "--static") == 0 ||
             strcmp(a, "-static-pie") == 0)
      m->is_static = true;
    else if (is_debug_level_opt(a))
      m->has_debug = true;
    else if (starts_with(a, "-fdebug-default-version="))
      m->dwarf_default_chosen = true;
    else if (strcmp(a, "-gcolumn-info") == 0 || (a[1] == 'R' && a[2] != '\0'))
      m->wants_columns = true;
  }
}

/* ------------------------------------------------------------------------ */

/* A link that adds the runtime's directory to the run-time search path
 * runs clang as a child: once it has linked, the directory comes out of
 * the path again if the output does not need libssrt after all
 * (runpath.h).  Exits as clang did; returns only where it cannot fork
 * (the caller then execs clang, the path stays). */
static void link_then_tidy(const char *clang, char **argv, const char *output,
                           const char *lib) {
  int status = run_child(clang, argv);
  if (status < 0)
    return;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    drop_unneeded_runpath(output, lib);
  exit_as(status);
}

/* An option of the plugin itself, for the compiler proper only. */
static void push_plugin_option(strvec *out, const char *option) {
  sv_push(out, "-Xclang");
  sv_push(out, "-mllvm");
  sv_push(out, "-Xclang");
  sv_push(out, (char *)option);
}

int main(int argc, char **argv) {
  const char *argv0 = argc > 0 && argv[0] ? argv[0] : "sscc";
  bool cxx = strstr(base_name(argv0), "++") != NULL;
  prog = cxx ? "sscc++" : "sscc";
  sscc_notes(argc, argv, prog);

  char *self = self_path(argv0);
  char *clang = find_clang(cxx, self);

  /* Expand response files (for scanning) and tell the mode. */
  tokvec toks = {0};
  bool *expanded = xrealloc(NULL, (size_t)(argc > 0 ? argc : 1) * sizeof *expanded);
  for (int i = 1; i < argc; i++)
    expand_arg(argv[i], (size_t)i, NULL, 0, &toks, &expanded[i]);
  struct mode m = {0};
  scan(&toks, &m);

  /* Which top-level arguments carry our flags (only @files need asking: a
   * plain argument is our flag or not). */
  bool *rewrite = xrealloc(NULL, (size_t)(argc > 0 ? argc : 1) * sizeof *rewrite);
  bool *drop = xrealloc(NULL, (size_t)(argc > 0 ? argc : 1) * sizeof *drop);
  for (int i = 0; i < argc; i++)
    rewrite[i] = drop[i] = false;
  for (size_t k = 0; k < toks.n; k++)
    if (toks.v[k].own) {
      if (expanded[toks.v[k].top])
        rewrite[toks.v[k].top] = true;
      else
        drop[toks.v[k].top] = true;
    }

  /* The command: clang, the user's arguments in order minus ours, then ours. */
  strvec out = {0};
  sv_push(&out, clang);
  size_t k = 0;
  for (int i = 1; i < argc; i++) {
    if (rewrite[i]) {
      for (; k < toks.n && toks.v[k].top < (size_t)i; k++)
        ;
      for (; k < toks.n && toks.v[k].top == (size_t)i; k++)
        if (!toks.v[k].own)
          sv_push(&out, toks.v[k].s);
    } else if (!drop[i]) {
      sv_push(&out, argv[i]);
    }
  }

  size_t user_end = out.n; /* the user's arguments end here, ours follow */

  bool early_stop = m.query || m.preprocess || m.no_codegen || m.inputs == 0;
  /* Compile options only where something is compiled: clang warns of an
   * unused argument (-mllvm on a link, say), and -Werror makes that an
   * error (CMake's and autoconf's flag checks then fail silently). */
  bool compiles = !early_stop && m.compiled > 0;
  bool want_plugin = (m.ideal || m.remarks) && compiles;
  bool want_frames = m.sampling && compiles;
  bool want_link = !early_stop && !m.compile_only && !m.dry_run && !m.partial_link &&
                   m.inputs > m.headers;

  char *lib = NULL; /* <prefix>/lib: plugin and runtime */
  if (want_plugin || want_frames || want_link) {
    if (!self)
      die(1, "cannot locate its own executable (/proc/self/exe, argv[0] '%s'); "
             "run it by its full path", argv0);
    char *bindir = dir_name(self);
    char *prefix = dir_name(bindir);
    lib = concat(strcmp(prefix, "/") == 0 ? "" : prefix, "/lib", "");
    if (want_plugin) {
      sv_push(&out, concat("-fpass-plugin=", lib, "/libSSPass.so"));
    }
    if (want_plugin && m.ideal) {
      /* The pass gives its own instructions line-table rows of the file
       * <ss-instrumentation>; this ends such a row at the next program
       * instruction even when that one has no line (a line-0 row), so
       * ssprof can leave exactly the instrumentation out of ideal time. */
      sv_push(&out, "-mllvm");
      sv_push(&out, "-use-unknown-locations=Enable");
    }
    /* The plugin's own options: -fplugin loads it before clang parses
     * -mllvm (-fpass-plugin loads it only when the optimizer starts),
     * and -Xclang keeps them from the assembler of a .S file, which
     * would not know them. */
    bool callers = want_plugin && m.ideal && m.callers;
    if (want_plugin && (m.remarks || callers))
      sv_push(&out, concat("-fplugin=", lib, "/libSSPass.so"));
    if (want_plugin && m.remarks) {
      push_plugin_option(&out, "-ss-remarks");
      if (!m.ideal)
        push_plugin_option(&out, "-ss-counts=false");
    }
    if (callers)
      push_plugin_option(&out, "-ss-callers");
    if ((want_plugin || want_frames) && !m.has_debug) {
      sv_push(&out, "-gline-tables-only"); /* counts and samples get lines */
      /* In DWARF 4 unless the user chose a default: clang's is 5, which
       * tools a user runs on the program read badly or not at all
       * (valgrind 3.19, Debian 12's: "Serious error when reading debug
       * info").  A version the user gives (-gdwarf-5) is a debug level
       * and comes with the user's own -g choice, left alone. */
      if (!m.dwarf_default_chosen)
        sv_push(&out, "-fdebug-default-version=4");
      /* Line tables have no variables, so the code generator's default
       * variable-location tracking (instruction referencing) would only
       * cost time: a tenth of what -fss-ideal adds to a large file.  Code
       * and line table are the same without it. */
      if (!m.variable_locations_chosen) {
        sv_push(&out, "-mllvm");
        sv_push(&out, "-experimental-debug-variable-locations=false");
      }
      /* ssprof reads lines, not columns; without columns the line table
       * has fewer rows and the file compiles about 4 % faster.  Remarks
       * (ours, -R...) print and match columns, so they keep them. */
      if (!m.remarks && !m.wants_columns)
        sv_push(&out, "-gno-column-info");
    }
    if (want_frames) {
      sv_push(&out, "-fno-omit-frame-pointer");
      sv_push(&out, "-mno-omit-leaf-frame-pointer");
      sv_push(&out, concat("-I", strcmp(prefix, "/") == 0 ? "" : prefix, "/include"));
    }
    if (want_link) {
      if (m.is_static) {
        /* A path is an input file: a user's "-x c" would apply to it. */
        sv_push(&out, "-x");
        sv_push(&out, "none");
        /* The io experiment's wrappers (rt/trace/io.h): the linker reads
         * one --wrap per function from this file.  The C library's own
         * members call wrapped functions too (printf's __overflow), and an
         * archive is searched only for what is undefined when the linker
         * reaches it, so libssrt.a and libc.a form a group: a wrapper the
         * program itself does not call is still found for libc's calls. */
        sv_push(&out, "-Wl,--start-group");
        sv_push(&out, concat(lib, "/libssrt.a", ""));
        sv_push(&out, "-lc");
        sv_push(&out, "-Wl,--end-group");
        sv_push(&out, concat("-Wl,@", lib, "/libssrt.wrap"));
        sv_push(&out, "-ldl");
        sv_push(&out, "-lpthread");
      } else {
        /* Linked against lib/link's libssrt.so, which has only the
         * runtime's entry points (rt/core/link_stub.c); the program runs with
         * lib/libssrt.so (rpath). */
        sv_push(&out, concat("-L", lib, "/link"));
        if (strchr(lib, ',')) { /* -Wl, would split the path at the comma */
          sv_push(&out, "-Xlinker");
          sv_push(&out, "-rpath");
          sv_push(&out, "-Xlinker");
          sv_push(&out, lib);
        } else {
          sv_push(&out, concat("-Wl,-rpath,", lib, ""));
        }
        sv_push(&out, "-Wl,--push-state,--as-needed");
        sv_push(&out, "-lssrt");
        sv_push(&out, "-Wl,--pop-state");
      }
    }
  }

  struct split_compile split;
  if (want_plugin && m.ideal && plan_split_compile(out.v, user_end, &split))
    run_split_compile(clang, &split);
  if (want_link && !m.is_static && m.output && lib)
    link_then_tidy(clang, out.v, m.output, lib);
  execv(clang, out.v);
  int err = errno;
  die(err == ENOENT || err == EACCES ? 2 : 1, "cannot execute %s: %s", clang, strerror(err));
}
