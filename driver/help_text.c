/* help_text.c -- see help_text.h. */
#include "help_text.h"

#include "nearest_name.h"

#include <string.h>

static const char *const own_flags[] = {
    "-fss-ideal",     "-fss-bbcounts",     "-fss-sampling",
    "-fss-remarks",   "-fno-ss-ideal",     "-fno-ss-bbcounts",
    "-fno-ss-sampling", "-fno-ss-remarks", "-fss-callers",
    "-fno-ss-callers", NULL};

static const char sscc_help[] =
    "sscc, sscc++: clang with SpeedShop-style performance experiments\n"
    "(sscc's own flags; everything else goes to clang unchanged, whose help\n"
    "follows)\n"
    "  -fss-ideal        count every basic block, edge and call exactly; the\n"
    "                    program writes <prog>.ideal.m<pid> at exit, which\n"
    "                    `ssprof` turns into ideal time (alias -fss-bbcounts)\n"
    "  -fss-sampling     keep frame pointers for cheap, complete call stacks\n"
    "                    under `ssrun -usertime` and the other sampling\n"
    "                    experiments; puts <ss/caliper.h> on the include path\n"
    "  -fss-remarks      print what the loop optimizers did to every loop\n"
    "                    (#<swps>/#<swpf> lines); with -fss-ideal, also keep\n"
    "                    them for `ssprof -remarks`\n"
    "  -fss-callers      with -fss-ideal: give each direct call of a defined\n"
    "                    function its own copy of the callee (within caps),\n"
    "                    so that `ssprof -b`/-gprof show the callee's exact\n"
    "                    inclusive time per caller\n"
    "  -fno-ss-...       turn one of them off again (the last one wins)\n"
    "Environment: SSCC_CLANG, SSCC_CLANGXX choose the clang to run.\n"
    "Manual: man sscc, man ssrun, man ssprof.\n"
    "\n";

static int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0 ||
         strcmp(a, "--help-hidden") == 0;
}

static int looks_ours(const char *a) {
  return strncmp(a, "-fss-", 5) == 0 || strncmp(a, "-fno-ss-", 8) == 0;
}

void sscc_notes(int argc, char **argv, const char *prog) {
  int help = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (is_help(a))
      help = 1;
    if (!looks_ours(a))
      continue;
    int known = 0;
    for (int k = 0; own_flags[k]; k++)
      known |= strcmp(a, own_flags[k]) == 0;
    if (known)
      continue;
    const char *near = ss_nearest_name(a, own_flags);
    if (near)
      fprintf(stderr, "%s: warning: unknown option '%s'; did you mean "
              "'%s'?\n", prog, a, near);
    else
      fprintf(stderr, "%s: warning: unknown option '%s' (sscc --help "
              "lists its -fss-* flags)\n", prog, a);
  }
  if (help) {
    fputs(sscc_help, stdout);
    fflush(stdout);
  }
}

void ss_print_version(FILE *out, const char *prog) {
  fprintf(out, "%s (sscc) %s\n", prog, SS_VERSION);
}

