/* options.c -- command-line parsing for ssprof. */
#include "options.h"

#include "base.h"
#include "nearest_name.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char ss_usage_text[] =
    "usage: ssprof [options] experiment-file...\n"
    "  -b, -butterfly    callers and callees of each function\n"
    "  -h, -heavy        source lines, most executed first\n"
    "  -l, -lines        source lines grouped by function, in source order\n"
    "  -basicblocks      basic blocks, most executed first (ideal: by cycles)\n"
    "  -gprof            ideal: inclusive time, each function's cycles shared\n"
    "                    among its callers in proportion to their calls\n"
    "  -archinfo         ideal: the executed instruction mix, registers and\n"
    "                    instruction-set extensions\n"
    "  -branches         ideal: every conditional branch, taken/not taken\n"
    "  -loops            ideal: every loop, iterations, trip count, cycles\n"
    "  -remarks          ideal: the loops by their share of the time, each\n"
    "                    with what the optimizer did to it or why not\n"
    "                    (programs built with sscc -fss-remarks)\n"
    "  -clock MHz        ideal: clock for seconds (default: the recorded one)\n"
    "  -cpu name         ideal: the CPU model, an LLVM CPU name such as\n"
    "                    skylake or znver3 (default: the host's)\n"
    "  -nocache          ideal: keep nothing between runs (see SSPROF_CACHE_DIR)\n"
    "  -cpi              an ideal and a sampling experiment of one build:\n"
    "                    measured against ideal time per function, loop,\n"
    "                    line and block, by the cycles lost, with the likely\n"
    "                    cause (ssprof -cpi app.ideal.m1 app.fpcsamp.m2)\n"
    "  -calls            sort the function list by calls\n"
    "  -inlinesplit      a function inlined somewhere: one row per caller it\n"
    "                    was inlined into ('sq [inlined in main]') and one\n"
    "                    for its own code, in the function list and -json\n"
    "                    (default: one row, its copies summed)\n"
    "  -q, -quit n|n%|ncum%\n"
    "                    truncate each list after n lines, after the first\n"
    "                    line under n percent, or once the cumulative\n"
    "                    percentage passes n\n"
    "  -calipers [n1,]n2 sampling experiments: only the samples taken between\n"
    "                    caliper points n1 (default 0) and n2\n"
    "  -leaks            heap: the blocks never released, by the call stack\n"
    "                    that allocated them (instead of the listing)\n"
    "  -bins FILE        ldlatency: bin the latencies by DCPI's latency-bins\n"
    "                    file (MIN MAX REP NAME lines) instead of the run's\n"
    "  -rank n           MPI runs: only the files of rank n (without it the\n"
    "                    ranks of one job are merged)\n"
    "  -lib name         counting: one shared library's (or object's) counts\n"
    "                    summed over the files of every program that loads\n"
    "                    it (a library's test suite); name: its file name\n"
    "                    or its start up to a '.' (libz.so.1, libz)\n"
    "  -u, -usage        the resources the program used (ssusage)\n"
    "  -nh               no listing header\n"
    "  -dsolist          the program's DSOs and their text addresses\n"
    "  -json             one JSON document instead of the listing\n"
    "                    (schema: docs/ssprof-json.md)\n"
    "  -source           the source of the hottest functions, each line with\n"
    "                    its counts, cycles or samples and share\n"
    "  -disasm           the machine code of the hottest blocks (ideal) or\n"
    "                    functions (sampling), source lines interleaved\n"
    "  -srcdir dir       look for source files in dir (by their path below\n"
    "                    it, then by name) before their recorded path\n"
    "  -html file        one self-contained HTML report\n"
    "  -callgrind file   callgrind format (KCachegrind, callgrind_annotate)\n"
    "  -pprof file       profile.proto, gzipped (go tool pprof)\n"
    "  -folded file      folded stacks (FlameGraph's flamegraph.pl)\n"
    "  -speedscope file  speedscope's JSON file format\n"
    "  -chrome file      Chrome's trace event format (Perfetto, chrome://tracing)\n"
    "                    (a file '-' is stdout; with any of these six no\n"
    "                    listing is printed)\n"
    "  -diff before after, -diff before... -vs after...\n"
    "                    per function, line and loop: before, after, change\n"
    "  -version          ssprof's version\n"
    "Experiments: ideal (and bbcounts), usertime, totaltime, [f]pcsamp[x],\n"
    "fpe, io, mpi.\n"
    "Several files of one program and experiment are summed.\n"
    "SOURCE_DATE_EPOCH, if set, is the date the listing header shows.\n";

static int parse_number(const char *s, size_t len, double *out) {
  char buf[64];
  if (len == 0 || len >= sizeof buf)
    return -1;
  memcpy(buf, s, len);
  buf[len] = 0;
  for (size_t i = 0; i < len; i++)
    if (!((buf[i] >= '0' && buf[i] <= '9') || buf[i] == '.'))
      return -1;
  char *end;
  *out = strtod(buf, &end);
  return *end == 0 ? 0 : -1;
}

static int parse_quit(const char *arg, struct ss_quit *q) {
  size_t len = strlen(arg);
  if (len > 4 && strcmp(arg + len - 4, "cum%") == 0) {
    q->kind = SS_QUIT_CUM_PERCENT;
    return parse_number(arg, len - 4, &q->value);
  }
  if (len > 1 && arg[len - 1] == '%') {
    q->kind = SS_QUIT_PERCENT;
    return parse_number(arg, len - 1, &q->value);
  }
  q->kind = SS_QUIT_LINES;
  if (parse_number(arg, len, &q->value) != 0 || strchr(arg, '.'))
    return -1;
  return 0;
}

/* An optionally signed decimal integer filling the whole of s[0..len). */
static int parse_integer(const char *s, size_t len, long long *out) {
  char buf[32];
  if (len == 0 || len >= sizeof buf)
    return -1;
  memcpy(buf, s, len);
  buf[len] = 0;
  size_t i = buf[0] == '-' || buf[0] == '+' ? 1 : 0;
  if (buf[i] == 0)
    return -1;
  for (; buf[i]; i++)
    if (buf[i] < '0' || buf[i] > '9')
      return -1;
  errno = 0;
  *out = strtoll(buf, NULL, 10);
  return errno ? -1 : 0;
}

/* "[n1,]n2"; n1 >= n2 is refused here, as the seeds' prof does. */
static int parse_calipers(const char *arg, struct ss_calipers *c, char *msg,
                          size_t msg_size) {
  const char *comma = strchr(arg, ',');
  c->given = 1;
  c->from = 0;
  if (comma ? parse_integer(arg, (size_t)(comma - arg), &c->from) != 0 ||
                  parse_integer(comma + 1, strlen(comma + 1), &c->to) != 0
            : parse_integer(arg, strlen(arg), &c->to) != 0) {
    snprintf(msg, msg_size, "option '-calipers': '%s' is not [n1,]n2 (e.g. "
             "-calipers 1,3 or -calipers 2)", arg);
    return -1;
  }
  if (c->from >= c->to) {
    snprintf(msg, msg_size, "option '-calipers %s': caliper point n1 (%lld) "
             "must come before n2 (%lld)", arg, c->from, c->to);
    return -1;
  }
  return 0;
}

/* Every option, for "did you mean". */
static const char *const option_names[] = {
    "-b", "-butterfly", "-h", "-heavy", "-l", "-lines", "-basicblocks",
    "-gprof", "-archinfo", "-branches", "-loops", "-remarks", "-clock",
    "-cpu", "-calls", "-inlinesplit", "-leaks", "-bins", "-u", "-usage", "-calipers",
    "-rank", "-lib", "-nh", "-dsolist",
    "-json", "-help", "-q", "-quit", "-source", "-disasm", "-srcdir",
    "-html", "-callgrind", "-pprof", "-folded", "-speedscope", "-chrome",
    "-diff", "-vs", "-version", NULL};

/* -html and the other exports, by option name. */
static const char *const export_options[SS_EXPORT_COUNT] = {
    "-html", "-callgrind", "-pprof", "-folded", "-speedscope", "-chrome"};

static int export_of(const char *a) {
  if (a[0] == '-' && a[1] == '-')
    a++; /* --html as -html */
  for (int k = 0; k < SS_EXPORT_COUNT; k++)
    if (strcmp(a, export_options[k]) == 0)
      return k;
  return -1;
}

static void unknown_option(const char *a, char *msg, size_t msg_size) {
  const char *typed = a[0] == '-' && a[1] == '-' ? a + 1 : a;
  const char *near = ss_nearest_name(typed, option_names);
  if (near)
    snprintf(msg, msg_size, "unknown option '%s'; did you mean '%s'? "
             "(ssprof -help lists the options)", a, near);
  else
    snprintf(msg, msg_size, "unknown option '%s' (ssprof -help lists the "
             "options)", a);
}

static int is(const char *arg, const char *short_form, const char *long_form) {
  return strcmp(arg, short_form) == 0 ||
         (long_form && strcmp(arg, long_form) == 0);
}

static char *join_command_line(int argc, char **argv) {
  size_t len = strlen("ssprof") + 1;
  for (int i = 1; i < argc; i++)
    len += strlen(argv[i]) + 1;
  char *s = ss_xmalloc(len);
  strcpy(s, "ssprof");
  for (int i = 1; i < argc; i++) {
    strcat(s, " ");
    strcat(s, argv[i]);
  }
  return s;
}

int ss_options_parse(int argc, char **argv, struct ss_options *o, char *msg,
                     size_t msg_size) {
  int options_done = 0;
  memset(o, 0, sizeof *o);
  o->files = ss_xcalloc((size_t)argc + 1, sizeof *o->files);
  o->command_line = join_command_line(argc, argv);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (options_done || a[0] != '-' || a[1] == 0) {
      o->files[o->num_files++] = a;
    } else if (strcmp(a, "--") == 0) {
      options_done = 1;
    } else if (is(a, "-b", "-butterfly")) {
      o->butterfly = 1;
    } else if (is(a, "-h", "-heavy")) {
      o->heavy = 1;
    } else if (is(a, "-l", "-lines")) {
      o->lines = 1;
    } else if (is(a, "-basicblocks", NULL)) {
      o->basicblocks = 1;
    } else if (is(a, "-gprof", NULL)) {
      o->gprof = 1;
    } else if (is(a, "-archinfo", NULL)) {
      o->archinfo = 1;
    } else if (is(a, "-branches", NULL)) {
      o->branches = 1;
    } else if (is(a, "-loops", NULL)) {
      o->loops = 1;
    } else if (is(a, "-remarks", NULL)) {
      o->remarks = 1;
    } else if (is(a, "-clock", NULL)) {
      if (i + 1 >= argc) {
        snprintf(msg, msg_size, "option '-clock' needs an argument: MHz");
        return -1;
      }
      const char *v = argv[++i];
      if (parse_number(v, strlen(v), &o->clock_mhz) != 0 ||
          !(o->clock_mhz > 0)) {
        snprintf(msg, msg_size, "option '-clock': '%s' is not a clock in MHz "
                 "(e.g. -clock 2600)", v);
        return -1;
      }
    } else if (is(a, "-cpu", NULL)) {
      if (i + 1 >= argc || argv[i + 1][0] == 0 || argv[i + 1][0] == '-') {
        snprintf(msg, msg_size, "option '-cpu' needs an argument: an LLVM CPU "
                 "name (e.g. -cpu skylake)");
        return -1;
      }
      o->cpu = argv[++i];
    } else if (is(a, "-cpi", NULL)) {
      o->cpi = 1;
    } else if (is(a, "-nocache", NULL)) {
      o->no_cache = 1;
    } else if (is(a, "-calls", NULL)) {
      o->by_calls = 1;
    } else if (is(a, "-inlinesplit", NULL)) {
      o->inline_split = 1;
    } else if (is(a, "-leaks", NULL)) {
      o->leaks = 1;
    } else if (is(a, "-bins", NULL)) {
      if (i + 1 >= argc || argv[i + 1][0] == 0) {
        snprintf(msg, msg_size, "option '-bins' needs a latency-bins file "
                 "(lines of MIN MAX REP NAME)");
        return -1;
      }
      o->bins = argv[++i];
    } else if (is(a, "-u", "-usage")) {
      o->usage = 1;
    } else if (is(a, "-calipers", NULL)) {
      if (i + 1 >= argc) {
        snprintf(msg, msg_size, "option '-calipers' needs an argument: "
                 "[n1,]n2");
        return -1;
      }
      if (parse_calipers(argv[++i], &o->calipers, msg, msg_size) != 0)
        return -1;
    } else if (is(a, "-rank", NULL)) {
      const char *v = i + 1 < argc ? argv[i + 1] : "";
      char *end = NULL;
      long r = *v >= '0' && *v <= '9' ? strtol(v, &end, 10) : -1;
      if (r < 0 || !end || *end || r > 100000000) {
        snprintf(msg, msg_size, "option '-rank' needs an MPI rank: a number "
                 "from 0 (e.g. -rank 2)%s%s%s", *v ? "; not '" : "", v,
                 *v ? "'" : "");
        return -1;
      }
      i++;
      o->rank_given = 1;
      o->rank = r;
    } else if (is(a, "-lib", NULL)) {
      if (i + 1 >= argc || argv[i + 1][0] == 0 || argv[i + 1][0] == '-') {
        snprintf(msg, msg_size, "option '-lib' needs an argument: the "
                 "library's file name (e.g. -lib libz.so.1)");
        return -1;
      }
      o->library = argv[++i];
    } else if (is(a, "-nh", NULL)) {
      o->no_header = 1;
    } else if (is(a, "-dsolist", NULL)) {
      o->dsolist = 1;
    } else if (is(a, "-json", "--json")) {
      o->json = 1;
    } else if (is(a, "-help", "--help")) {
      o->help = 1;
    } else if (is(a, "-version", "--version")) {
      o->version = 1;
    } else if (is(a, "-source", NULL)) {
      o->source = 1;
    } else if (is(a, "-disasm", NULL)) {
      o->disasm = 1;
    } else if (is(a, "-srcdir", NULL)) {
      if (i + 1 >= argc || argv[i + 1][0] == 0) {
        snprintf(msg, msg_size, "option '-srcdir' needs an argument: the "
                 "directory of the sources");
        return -1;
      }
      o->srcdir = argv[++i];
    } else if (export_of(a) >= 0) {
      int k = export_of(a);
      if (i + 1 >= argc || argv[i + 1][0] == 0) {
        snprintf(msg, msg_size, "option '%s' needs an argument: the file to "
                 "write ('-' for stdout)", a);
        return -1;
      }
      o->exports[k] = argv[++i];
    } else if (is(a, "-diff", NULL)) {
      o->diff = 1;
    } else if (is(a, "-vs", NULL)) {
      if (o->num_before) {
        snprintf(msg, msg_size, "option '-vs' given twice; -diff compares "
                 "two sets: before... -vs after...");
        return -1;
      }
      o->num_before = o->num_files;
      if (o->num_before == 0) {
        snprintf(msg, msg_size, "option '-vs': no file before it (usage: "
                 "ssprof -diff before... -vs after...)");
        return -1;
      }
    } else if (is(a, "-q", "-quit")) {
      if (i + 1 >= argc) {
        snprintf(msg, msg_size, "option '%s' needs an argument: n, n%% or "
                 "ncum%%", a);
        return -1;
      }
      if (parse_quit(argv[++i], &o->quit) != 0) {
        snprintf(msg, msg_size, "option '%s': '%s' is not n, n%% or ncum%% "
                 "(e.g. -q 15, -q 15%%, -q 15cum%%)", a, argv[i]);
        return -1;
      }
    } else {
      unknown_option(a, msg, msg_size);
      return -1;
    }
  }
  if (o->help || o->version)
    return 0;
  if (o->num_before && !o->diff) {
    snprintf(msg, msg_size, "option '-vs' needs -diff (ssprof -diff "
             "before... -vs after...)");
    return -1;
  }
  if (o->diff) {
    if (!o->num_before && o->num_files == 2)
      o->num_before = 1;
    if (!o->num_before || o->num_before >= o->num_files) {
      snprintf(msg, msg_size, "-diff compares two experiments: ssprof -diff "
               "before after, or ssprof -diff before... -vs after...");
      return -1;
    }
  }
  if (o->library && o->cpi) {
    snprintf(msg, msg_size, "-lib sums a library's counts; -cpi joins one "
             "program's runs (give the program's files without -lib)");
    return -1;
  }
  if (o->num_files == 0) {
    snprintf(msg, msg_size, "no experiment file given (usage: ssprof "
             "[options] file...)");
    return -1;
  }
  return 0;
}

void ss_options_release(struct ss_options *o) {
  free(o->files);
  free(o->command_line);
  memset(o, 0, sizeof *o);
}
