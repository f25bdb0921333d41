/*
 * synth_gen_main.c -- prof-synth-gen: write one synthetic experiment file
 * (see synth_experiment.h for the program it describes).
 *
 *   prof-synth-gen [-scenario longjmp|normal|forked|inconsistent]
 *                  [-target work|elf|unmapped] [-base HEX] [-pid N]
 *                  [-twice] [-unknown-record] [-no-notes] [-rebuilt]
 *                  [-experiment NAME] [-target-path PATH] [-major N]
 *                  [-fault NAME] OUTPUT
 */
#include "synth_experiment.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fault_names[SYNTH_FAULT_COUNT] = {
    "none",         "edge-endpoint", "counter-index", "strtab-offset",
    "block-range",  "edge-range",    "loop-header",   "loop-parent",
    "call-block",   "indirect-site", "line-range",    "strtab-nul",
    "size",         "version",       "edge-kind"};

static int usage(const char *msg) {
  fprintf(stderr, "prof-synth-gen: %s\n", msg);
  return 2;
}

int main(int argc, char **argv) {
  struct synth_options o;
  const char *out = NULL;
  synth_default_options(&o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "-twice") == 0) {
      o.counts_twice = 1;
    } else if (strcmp(a, "-unknown-record") == 0) {
      o.unknown_record = 1;
    } else if (strcmp(a, "-no-notes") == 0) {
      o.no_notes = 1;
    } else if (strcmp(a, "-rebuilt") == 0) {
      o.rebuilt = 1;
    } else if (a[0] == '-' && a[1]) {
      if (!v)
        return usage("option needs an argument");
      i++;
      if (strcmp(a, "-scenario") == 0) {
        if (strcmp(v, "longjmp") == 0)
          o.scenario = SYNTH_LONGJMP;
        else if (strcmp(v, "normal") == 0)
          o.scenario = SYNTH_NORMAL;
        else if (strcmp(v, "forked") == 0)
          o.scenario = SYNTH_FORKED_CHILD;
        else if (strcmp(v, "inconsistent") == 0)
          o.scenario = SYNTH_INCONSISTENT;
        else
          return usage("unknown scenario");
      } else if (strcmp(a, "-target") == 0) {
        if (strcmp(v, "work") == 0)
          o.target = SYNTH_TARGET_WORK;
        else if (strcmp(v, "elf") == 0)
          o.target = SYNTH_TARGET_ELF_SYMBOL;
        else if (strcmp(v, "unmapped") == 0)
          o.target = SYNTH_TARGET_UNMAPPED;
        else
          return usage("unknown target");
      } else if (strcmp(a, "-base") == 0) {
        o.base = strtoull(v, NULL, 16);
      } else if (strcmp(a, "-pid") == 0) {
        o.pid = (uint32_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-experiment") == 0) {
        o.experiment = v;
      } else if (strcmp(a, "-target-path") == 0) {
        o.target_path = v;
      } else if (strcmp(a, "-major") == 0) {
        o.version_major = (uint16_t)strtoul(v, NULL, 10);
      } else if (strcmp(a, "-fault") == 0) {
        int found = 0;
        for (int k = 0; k < SYNTH_FAULT_COUNT; k++)
          if (strcmp(v, fault_names[k]) == 0) {
            o.fault = (enum synth_desc_fault)k;
            found = 1;
          }
        if (!found)
          return usage("unknown fault");
      } else {
        return usage("unknown option");
      }
    } else {
      out = a;
    }
  }
  if (!out)
    return usage("no output file");
  if (synth_write_file(out, &o) != 0) {
    perror(out);
    return 1;
  }
  return 0;
}
